"""The ``companion`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from companion.cli_words import HEADINGS, HELP, os_reason, usage_error
from companion.rules.common import Lang, Msg, Refusal

EXIT_BAD_INPUT = 2


class _JaFormatter(argparse.HelpFormatter):
    """argparse's help headings are English only: say "usage" in Japanese too."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, HEADINGS["usage: "] if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse in the player's language, whose usage errors are one line, not a usage block."""

    lang: Lang = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        lang = self.lang
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        if lang == "ja":  # the formatter, and the two groups argparse makes itself under Japanese titles
            self.formatter_class = _JaFormatter
            self._positionals.title = HEADINGS["positional arguments"]
            self._optionals.title = HEADINGS["options"]
        self.add_argument("-h", "--help", action="help", help=HELP["help"].text(lang))

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, usage_error(self.prog, message, self.lang) + "\n")


class _JaParser(_Parser):
    lang: Lang = "ja"


def parser_class(lang: Lang) -> type[_Parser]:
    return _JaParser if lang == "ja" else _Parser


def default_lang() -> Lang:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


COMMANDS = ("settle", "replay", "print")


def message_lang(argv: Sequence[str]) -> Lang:
    """The language to speak in, known before parsing so that even a usage error is in it:
    ``--lang`` before the command, else the environment's."""
    for i, token in enumerate(argv):
        if token in COMMANDS:
            break
        if token == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif token.startswith("--lang="):
            value = token.removeprefix("--lang=")
        else:
            continue
        if value in ("en", "ja"):
            return "ja" if value == "ja" else "en"
    return default_lang()


def build_parser(lang: Lang = "en") -> argparse.ArgumentParser:
    def say(key: str) -> str:
        return HELP[key].text(lang)

    parser = parser_class(lang)(prog="companion", description=say("description"))
    parser.add_argument("--lang", choices=("en", "ja"), default=None, help=say("lang"))
    commands = parser.add_subparsers(dest="command", parser_class=parser_class(lang),
                                     title=say("commands"), metavar="{" + ",".join(COMMANDS) + "}")
    settle = commands.add_parser("settle", help=say("settle"), description=say("settle"))
    settle.add_argument("file", help=say("settle.file"))
    settle.add_argument("--explain", action="store_true", help=say("settle.explain"))
    settle.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    replay = commands.add_parser("replay", help=say("replay"), description=say("replay"))
    replay.add_argument("file", help=say("replay.file"))
    replay.add_argument("--json", action="store_true", help=say("replay.json"))
    replay.add_argument("--explain", action="store_true", help=say("settle.explain"))
    _add_print(commands, lang, say)
    return parser


def _add_print(commands: Any, lang: Lang, say: Callable[[str], str]) -> None:
    from companion.decks import GAMES
    from printables.options import DUPLEX_NAMES, PAPER_NAMES, SIZE_NAMES

    printing = commands.add_parser("print", help=say("print"), description=say("print"))
    kinds = printing.add_subparsers(dest="what", parser_class=parser_class(lang), required=True,
                                    title=say("kinds"), metavar="{deck,summary,sheet,kit,png,calibrate}")
    deck = kinds.add_parser("deck", help=say("print.deck"), description=say("print.deck"))
    deck.add_argument("game", choices=GAMES, help=say("game"))
    deck.add_argument("--players", type=int, help=say("players.deck"))
    deck.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    deck.add_argument("--size", choices=SIZE_NAMES, default="poker", help=say("size"))
    deck.add_argument("--bleed", type=float, default=0.0, metavar="MM", help=say("bleed"))
    deck.add_argument("--duplex", choices=DUPLEX_NAMES, default="long", help=say("duplex"))
    deck.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    deck.add_argument("--back-offset", default="0,0", metavar="X,Y", help=say("back_offset"))
    deck.add_argument("--layout", choices=("sheet", "single"), default="sheet", help=say("layout"))
    deck.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    summary = kinds.add_parser("summary", help=say("print.summary"), description=say("print.summary"))
    summary.add_argument("game", choices=GAMES, help=say("game"))
    summary.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None, help=say("doc_lang"))
    summary.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    summary.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    sheet = kinds.add_parser("sheet", help=say("print.sheet"), description=say("print.sheet"))
    sheet.add_argument("game", choices=GAMES, help=say("game"))
    sheet.add_argument("--players", type=int, required=True, help=say("players"))
    sheet.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None, help=say("doc_lang"))
    sheet.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    kit = kinds.add_parser("kit", help=say("print.kit"), description=say("print.kit"))
    kit.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    kit.add_argument("-o", "--output", required=True, metavar="DIR", help=say("output.dir"))
    png = kinds.add_parser("png", help=say("print.png"), description=say("print.png"))
    png.add_argument("game", choices=GAMES, help=say("game"))
    png.add_argument("--players", type=int, help=say("players.deck"))
    png.add_argument("--size", choices=SIZE_NAMES, default="poker", help=say("size"))
    png.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    png.add_argument("-o", "--output", required=True, metavar="DIR", help=say("output.dir"))
    calibrate = kinds.add_parser("calibrate", help=say("print.calibrate"), description=say("print.calibrate"))
    calibrate.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    calibrate.add_argument("--duplex", choices=DUPLEX_NAMES[:2], default="long", help=say("duplex.calibrate"))
    calibrate.add_argument("--back-offset", default="0,0", metavar="X,Y", help=say("back_offset"))
    calibrate.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))


def run_print(args: argparse.Namespace, lang: Lang) -> int:
    from printables import kit

    doc_lang: Lang = getattr(args, "doc_lang", None) or lang
    try:
        message = kit.run(args.what, args, doc_lang)
    except Refusal as error:  # LayoutError included
        return _fail(error.msg.text(lang))
    except OSError as error:
        reason = os_reason(error, lang)
        out = args.output
        return _fail(Msg(f"cannot write {out}: {reason}", f"{out} に書き込めません：{reason}").text(lang))
    print(message.text(lang))
    return 0


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_BAD_INPUT


def read_input(path: str, lang: Lang) -> str:
    """The text of ``path`` (``-``: standard input); what cannot be read is refused in one sentence."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        reason = os_reason(error, lang)
        raise Refusal(Msg(f"cannot read {path}: {reason}", f"{path} を読めません：{reason}")) from None
    except UnicodeDecodeError:
        raise Refusal(Msg(f"cannot read {path}: it is not UTF-8 text",
                          f"{path} を読めません：UTF-8 のテキストではありません")) from None


def run_replay(path: str, json_only: bool, explain: bool, lang: Lang) -> int:
    from companion.replay import replay_text

    try:
        print(replay_text(read_input(path, lang), lang, json_only, explain))
    except Refusal as refusal:
        return _fail(refusal.msg.text(lang))
    return 0


def run_settle(path: str, explain: bool, lang: Lang, deck: str | None = None) -> int:
    from companion.settle import settle

    try:
        text = read_input(path, lang)
    except Refusal as refusal:
        return _fail(refusal.msg.text(lang))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(f"{path} is not valid JSON: {error}" if lang == "en"
                     else f"{path} は正しい JSON ではありません：{error}")
    if deck is not None and isinstance(data, dict):
        data["deck"] = deck
    try:
        answer = settle(data, explain, lang)
    except Refusal as refusal:
        return _fail(refusal.msg.text(lang))
    print(format_json(answer))
    return 0


def format_json(value: dict[str, Any]) -> str:
    """One top-level key a line; a list of objects one object a line (as the examples read)."""

    def dump(item: Any) -> str:
        return json.dumps(item, ensure_ascii=False)

    lines = []
    for key, item in value.items():
        if isinstance(item, list) and item and all(isinstance(x, dict) for x in item):
            pad = " " * (len(dump(key)) + 4)
            text = "[" + (",\n" + pad).join(dump(x) for x in item) + "]"
        else:
            text = dump(item)
        lines.append(f"{dump(key)}: {text}")
    return "{" + ",\n ".join(lines) + "}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; whatever happens, the user sees sentences, never a traceback."""
    tokens = list(sys.argv[1:] if argv is None else argv)
    lang = message_lang(tokens)
    try:
        return _main(tokens, lang)
    except KeyboardInterrupt:
        print(Msg("interrupted", "中断しました").text(lang), file=sys.stderr)
        return 130
    except Exception as error:  # a bug: say so in one line
        what = f"{type(error).__name__}: {error}"
        return _fail(Msg(f"companion: unexpected error ({what}); nothing was changed",
                         f"companion: 予期しないエラーです（{what}）。何も変更していません").text(lang))


def _main(argv: list[str], lang: Lang) -> int:
    parser = build_parser(lang)
    args = parser.parse_args(argv)
    lang = args.lang or lang  # as message_lang read it, unless argparse took an abbreviation (--la ja)
    if args.command == "settle":
        return run_settle(args.file, args.explain, lang, args.deck)
    if args.command == "replay":
        return run_replay(args.file, args.json, args.explain, lang)
    if args.command == "print":
        return run_print(args, lang)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The ``companion`` command line."""

from __future__ import annotations

import argparse
import functools
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from companion.cli_live import LIVE_COMMANDS, add_live_commands, run_live
from companion.cli_words import HEADINGS, HELP, os_reason, usage_error
from companion.decks import PATH_SHOWN
from companion.rules.common import Lang, Msg, Refusal, refuse
from companion.rules.deck_rules import label, shown

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


COMMANDS = ("settle", "replay", "print", *LIVE_COMMANDS, "serve")


def message_lang(argv: Sequence[str]) -> Lang:
    """The language to speak in, known before parsing so that even a usage error is in it:
    ``--lang`` before the command or after any command but ``print`` (after ``print summary`` it is the document's),
    else the environment's."""
    for i, token in enumerate(argv):
        if token == "print":
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


@functools.cache  # built once per language: a parser is not changed by parsing, and building one costs milliseconds
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
    settle.add_argument("--text", action="store_true", help=say("settle.text"))
    settle.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    settle.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))
    replay = commands.add_parser("replay", help=say("replay"), description=say("replay"))
    replay.add_argument("file", help=say("replay.file"))
    replay.add_argument("--json", action="store_true", help=say("replay.json"))
    replay.add_argument("--explain", action="store_true", help=say("settle.explain"))
    replay.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))
    _add_print(commands, lang, say)
    add_live_commands(commands, lang)
    from companion.serve import add_serve_command

    add_serve_command(commands, lang, say("lang"))
    return parser


def _add_print(commands: Any, lang: Lang, say: Callable[[str], str]) -> None:
    from companion.cli_result import add_result_parser
    from companion.decks import GAMES
    from printables.options import DUPLEX_NAMES, PAPER_NAMES, SIZE_NAMES

    printing = commands.add_parser("print", help=say("print"), description=say("print"))
    kinds = printing.add_subparsers(dest="what", parser_class=parser_class(lang), required=True,
                                    title=say("kinds"), metavar="{deck,summary,sheet,kit,png,calibrate,result}")
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
    png.add_argument("--force", action="store_true", help=say("force"))
    calibrate = kinds.add_parser("calibrate", help=say("print.calibrate"), description=say("print.calibrate"))
    calibrate.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    calibrate.add_argument("--duplex", choices=DUPLEX_NAMES[:2], default="long", help=say("duplex.calibrate"))
    calibrate.add_argument("--back-offset", default="0,0", metavar="X,Y", help=say("back_offset"))
    calibrate.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    add_result_parser(kinds, lang, say)


def run_print(args: argparse.Namespace, lang: Lang) -> int:
    from printables import kit

    if args.what == "result":  # from the store: companion.cli_result
        from companion.cli_result import run_print_result

        return run_print_result(args, lang)

    doc_lang: Lang = getattr(args, "doc_lang", None) or lang
    try:
        message = kit.run(args.what, args, doc_lang)
    except Refusal as error:  # LayoutError included
        return _fail(error.msg.text(lang))
    except BrokenPipeError:
        raise  # the reader of standard output has gone: main says nothing
    except OSError as error:
        reason = os_reason(error, lang)
        out = label(args.output, PATH_SHOWN)
        return _fail(Msg(f"cannot write {out}: {reason}", f"{out} に書き込めません：{reason}").text(lang))
    print(message.text(lang), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_BAD_INPUT


MAX_INPUT_BYTES = 1_000_000  # a settle document is a few kilobytes; /dev/zero must not be read until memory runs out
MAX_DIGITS = 30  # a number longer than this is no count of cards


class _Unreadable(Refusal):
    """JSON that parses but that no command takes: a repeated key, a number too long, NaN."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each written once (else one of two values would be silently dropped)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Unreadable(Msg(f"the key {shown(key)} is written twice in one object; write it once",
                                  f"キー {shown(key)} が一つのオブジェクトに2回あります。1回だけ書いてください"))
        out[key] = value
    return out


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Unreadable(Msg(f"a number of {len(text)} digits is too long for a game",
                              f"{len(text)} 桁の数は長すぎます（対局で使う数ではありません）"))
    return int(text)


def _constant(text: str) -> Any:
    raise _Unreadable(Msg(f"{text} is not a number JSON allows", f"{text} は JSON で使える数ではありません"))


def strict_json(text: str) -> Any:
    """``json.loads`` for a user's document, refusing what it would silently take (a key written twice:
    one value dropped) or fail on in Python's words (a number of thousands of digits; NaN)."""
    return json.loads(text, object_pairs_hook=_object, parse_int=_integer, parse_constant=_constant)


def read_input(path: str) -> str:
    """The text in ``path`` (``-``: standard input): UTF-8 with or without a byte-order mark, at most
    :data:`MAX_INPUT_BYTES` (so /dev/zero is refused at once); anything else is refused in one sentence."""
    return decode_input(read_bytes(path, MAX_INPUT_BYTES), path)


def read_bytes(path: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of ``path`` (``-``: standard input), so that a caller sees what is too long."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        source = _source(path)
        raise refuse(f"cannot read {source.en}: {os_reason(error, 'en')}",
                     f"{source.ja} を読めません：{os_reason(error, 'ja')}") from None


def decode_input(raw: bytes, path: str) -> str:
    """``raw`` read from ``path`` as :func:`read_input` takes it: UTF-8 text of a bounded size."""
    source = _source(path)
    if len(raw) > MAX_INPUT_BYTES:
        raise refuse(f"{source.en} is larger than {MAX_INPUT_BYTES:,} bytes; a game is a few kilobytes",
                     f"{source.ja} が {MAX_INPUT_BYTES:,} バイトを超えています（対局は数キロバイトです）")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(f"cannot read {source.en}: it is not UTF-8 text",
                     f"{source.ja} を読めません：UTF-8 のテキストではありません") from None


def _source(path: str) -> Msg:
    return Msg("standard input", "標準入力") if path == "-" else Msg(label(path, PATH_SHOWN), label(path, PATH_SHOWN))


SETTLE_INPUT = Msg("settle reads a JSON object with \"game\" and \"players\"",
                   "\"game\" と \"players\" を持つ JSON オブジェクトを入力してください")
RECORD_INPUT = Msg("a game record is a JSON object (docs/records.md)",
                   "ゲーム記録は JSON オブジェクトです（docs/records.md）")


def read_document(path: str, expected: Msg = SETTLE_INPUT) -> Any:
    """The JSON document in ``path`` (see :func:`read_input`), refused in one sentence if it is empty,
    not JSON, repeats a key in an object, or holds a number of thousands of digits. ``expected`` says
    what the input should have been, for the empty case."""
    return parse_document(read_input(path), path, expected)


def parse_document(text: str, path: str, expected: Msg = SETTLE_INPUT) -> Any:
    """The JSON document ``text`` read from ``path``, refused as :func:`read_document` says."""
    source = _source(path)
    if not text.strip():
        raise Refusal(Msg(f"{source.en} is empty: ", f"{source.ja} が空です：") + expected)
    try:
        return strict_json(text)
    except json.JSONDecodeError as error:
        raise refuse(f"{source.en} is not valid JSON: {error}",
                     f"{source.ja} は正しい JSON ではありません：{error}") from None
    except _Unreadable as error:
        raise Refusal(Msg(f"{source.en}: ", f"{source.ja}：") + error.msg) from None
    except RecursionError:
        raise refuse(f"{source.en} is nested too deeply to be read",
                     f"{source.ja} は入れ子が深すぎて読めません") from None


def run_replay(path: str, json_only: bool, explain: bool, lang: Lang) -> int:
    from companion.replay import replay_document

    try:
        print(replay_document(read_document(path, RECORD_INPUT), lang, json_only, explain))
    except Refusal as refusal:
        return _fail(refusal.msg.text(lang))
    return 0


def run_settle(path: str, explain: bool, lang: Lang, deck: str | None = None, text: bool = False) -> int:
    """Settle a document: JSON, or with ``text`` the explanation as plain lines for the table."""
    from companion.settle import settle, settle_text

    try:
        data = read_document(path)
        answer = settle(data, explain or text, lang, deck_file=deck, base=None if path == "-" else Path(path).parent)
    except Refusal as refusal:
        return _fail(refusal.msg.text(lang))
    print(settle_text(answer, lang) if text else format_json(answer))
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


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that temporary files are removed as for Ctrl-C."""


def _on_sigterm(signum: int, frame: Any) -> NoReturn:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not interrupt the cleaning up
    raise Terminated


def _quiet_stdout() -> None:
    """The reader of standard output has gone (``| head -1``): send what is left nowhere, so that
    Python's own flush at exit does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's captured stream)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; whatever happens, the user sees sentences, never a traceback."""
    tokens = list(sys.argv[1:] if argv is None else argv)
    lang = message_lang(tokens)
    if not tokens or tokens in (["--lang", "en"], ["--lang", "ja"]):  # no command: the table app
        from companion.app import run

        return run(lang)
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        code = _main(tokens, lang)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # not an error: the reader read what it wanted
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        print(Msg("interrupted; no partial file was left", "中断しました。書きかけのファイルは残していません")
              .text(lang), file=sys.stderr)
        return 130
    except Terminated:
        print(Msg("terminated; no partial file was left", "終了させられました。書きかけのファイルは残していません")
              .text(lang), file=sys.stderr)
        return 128 + signal.SIGTERM
    except Exception as error:  # a bug: say so in one line
        what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
        return _fail(Msg(f"companion: unexpected error ({what}); nothing was changed",
                         f"companion: 予期しないエラーです（{what}）。何も変更していません").text(lang))
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str], lang: Lang) -> int:
    parser = build_parser(lang)
    args = parser.parse_args(argv)
    lang = args.lang or lang  # as message_lang read it, unless argparse took an abbreviation (--la ja)
    if args.command == "settle":
        return run_settle(args.file, args.explain, lang, args.deck, args.text)
    if args.command == "replay":
        return run_replay(args.file, args.json, args.explain, lang)
    if args.command == "print":
        return run_print(args, lang)
    if args.command in LIVE_COMMANDS:
        return run_live(args, lang)
    if args.command == "serve":
        from companion.serve import run as serve

        return serve(args.host, args.port, args.db, lang)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The ``companion`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from companion.rules.common import Lang, Refusal

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def default_lang() -> Lang:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion",
                     description="A print-and-play table companion for Six-Suit Fortress, "
                                 "HOMALET and Reign of Dragoness.")
    parser.add_argument("--lang", choices=("en", "ja"), default=None,
                        help="language of messages (default: from LANG)")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    settle = commands.add_parser("settle", help="settle end-of-game scores from JSON")
    settle.add_argument("file", help="a JSON file, or - for standard input")
    settle.add_argument("--explain", action="store_true",
                        help="add a readable account of each player's arithmetic")
    settle.add_argument("--deck", metavar="FILE",
                        help="a deck definition file (TOML) to use instead of the default deck")
    _add_print(commands)
    return parser


def _add_print(commands: Any) -> None:
    from companion.decks import GAMES
    from printables.options import DUPLEX_NAMES, PAPER_NAMES, SIZE_NAMES

    printing = commands.add_parser("print", help="print decks, rule summaries, score sheets and card PNGs")
    kinds = printing.add_subparsers(dest="what", parser_class=_Parser, required=True,
                                    metavar="{deck,summary,sheet,kit,png}")
    deck = kinds.add_parser("deck", help="a deck: sheets of fronts, each followed by its backs")
    deck.add_argument("game", choices=GAMES)
    deck.add_argument("--players", type=int, help="only the cards used by this many players")
    deck.add_argument("--paper", choices=PAPER_NAMES, default="a4")
    deck.add_argument("--size", choices=SIZE_NAMES, default="poker")
    deck.add_argument("--bleed", type=float, default=0.0, metavar="MM", help="bleed around each card (0-5 mm)")
    deck.add_argument("--duplex", choices=DUPLEX_NAMES, default="long",
                      help="backs mirrored for long- or short-edge duplex; none prints fronts only")
    deck.add_argument("--deck", metavar="FILE", help="a deck definition file instead of the default")
    deck.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    summary = kinds.add_parser("summary", help="rule summary cards")
    summary.add_argument("game", choices=GAMES)
    summary.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None)
    summary.add_argument("--paper", choices=PAPER_NAMES, default="a4")
    summary.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    sheet = kinds.add_parser("sheet", help="a blank score sheet")
    sheet.add_argument("game", choices=GAMES)
    sheet.add_argument("--players", type=int, required=True)
    sheet.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None)
    sheet.add_argument("--paper", choices=PAPER_NAMES, default="a4")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    kit = kinds.add_parser("kit", help="every deck, summary and sheet, in both languages")
    kit.add_argument("--paper", choices=PAPER_NAMES, default="a4")
    kit.add_argument("-o", "--output", required=True, metavar="DIR")
    png = kinds.add_parser("png", help="one PNG per card for print-on-demand (300 dpi, 1/8 inch bleed)")
    png.add_argument("game", choices=GAMES)
    png.add_argument("--players", type=int)
    png.add_argument("--size", choices=SIZE_NAMES, default="poker")
    png.add_argument("--deck", metavar="FILE")
    png.add_argument("-o", "--output", required=True, metavar="DIR")


def run_print(args: argparse.Namespace, lang: Lang) -> int:
    from printables import kit

    doc_lang: Lang = getattr(args, "doc_lang", None) or lang
    try:
        message = kit.run(args.what, args, doc_lang)
    except Refusal as error:  # LayoutError included
        return _fail(error.msg.text(lang))
    except OSError as error:
        return _fail(f"cannot write {args.output}: {error.strerror or error}")
    print(message)
    return 0


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_BAD_INPUT


def run_settle(path: str, explain: bool, lang: Lang, deck: str | None = None) -> int:
    from companion.settle import settle

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return _fail(f"cannot read {path}: {reason}" if lang == "en" else f"{path} を読めません：{reason}")
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
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: say so in one line
        return _fail(f"companion: unexpected error ({type(error).__name__}: {error}); nothing was changed")


def _main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    lang: Lang = args.lang or default_lang()
    if args.command == "settle":
        return run_settle(args.file, args.explain, lang, args.deck)
    if args.command == "print":
        return run_print(args, lang)
    parser.print_help()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

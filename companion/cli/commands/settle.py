"""``companion settle FILE|-``: end-of-game scores from a JSON document."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.commands import fail
from companion.cli.words import helper
from companion.rules.common import Lang, Refusal


def add_parsers(commands: Any, lang: Lang) -> None:
    say = helper(lang)
    settle = commands.add_parser("settle", help=say("settle"), description=say("settle"))
    settle.add_argument("file", help=say("settle.file"))
    settle.add_argument("--explain", action="store_true", help=say("settle.explain"))
    settle.add_argument("--text", action="store_true", help=say("settle.text"))
    settle.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    settle.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    return run_settle(args.file, args.explain, lang, args.deck, args.text)


def run_settle(path: str, explain: bool, lang: Lang, deck: str | None = None, text: bool = False) -> int:
    """Settle a document: JSON, or with ``text`` the explanation as plain lines for the table."""
    from companion.base.documents import format_json, read_document
    from companion.settle import settle, settle_text

    try:
        data = read_document(path)
        answer = settle(data, explain or text, lang, deck_file=deck, base=None if path == "-" else Path(path).parent)
    except Refusal as refusal:
        return fail(refusal.msg.text(lang))
    print(settle_text(answer, lang) if text else format_json(answer))
    return 0

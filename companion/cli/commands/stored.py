"""What the commands over the game store share (docs/store.md): opening the store named by ``--db``
(default: ``COMPANION_DB``, else the user's data folder), each command's common options, and the
tables and names they print. What a command changes is committed before it says so."""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.base.exits import EXIT_BAD_INPUT
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal

if TYPE_CHECKING:
    from companion.store import Store

Runner = Callable[["Store", argparse.Namespace, Lang], int]


def parser_maker(commands: Any, lang: Lang, words: Mapping[str, Msg]) -> Callable[[str], argparse.ArgumentParser]:
    """``command(name)``: a subcommand of ``companion`` with its help from ``words`` and the options
    every store command takes (``--db``, ``--lang``)."""
    say = helper(lang, dict(words))

    def command(name: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(name, help=say(name), description=say(name))
        sub.add_argument("--db", metavar="PATH", help=say("db"))
        sub.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))
        return sub

    return command


def add_game_id(sub: argparse.ArgumentParser, lang: Lang) -> None:
    sub.add_argument("id", type=int, help=helper(lang)("id"))


def run_on_store(args: argparse.Namespace, lang: Lang, runners: Mapping[str, Runner], writers: Collection[str]) -> int:
    """Run the store command ``args.command`` (one of ``runners``); a refusal is one line on standard
    error and exit status 2. A command not in ``writers`` reads an empty store when there is no file yet,
    and creates none."""
    from companion.store import Store, default_db_path

    runner = runners[args.command]
    path = Path(args.db) if args.db is not None else default_db_path()
    try:
        if args.command not in writers and not path.exists():
            path = Path(":memory:")  # nothing stored yet: read an empty store, create no file
        with Store.open(path) as store:
            return runner(store, args, lang)
    except Refusal as refusal:
        print(refusal.msg.text(lang), file=sys.stderr)
        return EXIT_BAD_INPUT


def say(msg: Msg, lang: Lang) -> None:
    print(msg.text(lang), flush=True)


def bare(name: str) -> str:
    """A name as messages show it (escaped, cut short), without its quotes: for 「」 in Japanese."""
    from companion.rules.deck_rules import shown

    return shown(name).strip('"')


def json_input(path: str, record: bool) -> Any:
    """A JSON document read as settle reads its input (bounded, checked): a record or results."""
    from companion.base.documents import RECORD_INPUT, SETTLE_INPUT, read_document

    return read_document(path, RECORD_INPUT if record else SETTLE_INPUT)


def game_title(game: str, lang: Lang) -> str:
    """The game's title as players know it (the engine's ``TITLE``), in ``lang``."""
    from companion.rules.games import ENGINES

    engine = ENGINES.get(game)
    return engine.TITLE.text(lang) if engine is not None else game


def table(heads: list[str], rows: list[list[str]]) -> str:
    """Columns padded by display width (a Japanese character takes two, an emoji name's picture two)."""
    from companion.text.cells import cells as width

    widths = [max(width(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    return "\n".join(
        "  ".join(cell + " " * (w - width(cell)) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in [heads, *rows]
    )


def print_rows(heads: list[str], rows: list[list[str]], as_csv: bool) -> None:
    if as_csv:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(heads)
        writer.writerows(rows)
        print(buffer.getvalue(), end="")
    else:
        print(table(heads, rows))

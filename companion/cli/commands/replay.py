"""``companion replay FILE|-``: fold a game record and say where it ended.

Prints the final state in words and, for a finished game, the same JSON ``companion settle``
gives for it (``--json``: only that JSON, or ``null`` for an unfinished game). A malformed or
illegal action stops it with one line naming the action's index and the reason.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.cli.commands import fail
from companion.cli.words import helper
from companion.rules.common import Lang, Refusal

if TYPE_CHECKING:  # the engines load only when a record is replayed, not to build the parser
    from companion.records.game_records import Record
    from companion.rules.engine import StateShape


def add_parsers(commands: Any, lang: Lang) -> None:
    say = helper(lang)
    replay = commands.add_parser("replay", help=say("replay"), description=say("replay"))
    replay.add_argument("file", help=say("replay.file"))
    replay.add_argument("--json", action="store_true", help=say("replay.json"))
    replay.add_argument("--explain", action="store_true", help=say("settle.explain"))
    replay.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    from companion.base.documents import RECORD_INPUT, read_document

    try:
        print(replay_document(read_document(args.file, RECORD_INPUT), lang, args.json, args.explain))
    except Refusal as refusal:
        return fail(refusal.msg.text(lang))
    return 0


def settle_state(record: Record, state: StateShape, explain: bool, lang: Lang) -> dict[str, Any] | None:
    """The settle answer for a finished game (None while it goes on), using the record's own deck."""
    from companion.settle import settle

    engine = record.engine
    if not engine.finished(state):
        return None
    return settle(engine.settle_input(state), explain, lang, deck=record.deck)


def replay_document(data: Any, lang: Lang, json_only: bool, explain: bool = False) -> str:
    """What ``companion replay`` prints for a record read as JSON; refusals name the problem."""
    from companion.base.documents import format_json
    from companion.records import game_records

    record = game_records.read_record(data)
    state, _ = game_records.fold_record(record)
    answer = settle_state(record, state, explain, lang)

    settled = "null" if answer is None else format_json(answer)
    if json_only:
        return settled
    words = record.engine.describe(state).text(lang)
    return words if answer is None else f"{words}\n\n{settled}"

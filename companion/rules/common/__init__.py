"""What every engine shares: bilingual messages and refusals (``words``), reading numbers and
players (``reading``), the table and its states (``table``) and the hand-count correction
(``correct``). Everything is re-exported here: ``from companion.rules.common import Msg``; each
part is imported when a name of it is first asked for, so the app's first screen (which needs only
the words) does not import the rest."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.rules.common.correct import Correct
    from companion.rules.common.names import name_problem, table_names
    from companion.rules.common.reading import (
        MAX_DIGITS,
        ascii_number,
        deck_name,
        kagi,
        names_overlap,
        need_int,
        normalize_token,
        not_a_player,
        quoted,
        read_number,
        read_player,
        suggest,
        take_player,
    )
    from companion.rules.common.table import (
        NAME_CHARS,
        check_player_count,
        check_players,
        copy_state,
        evolve,
        name_refusal,
        plain_name,
        replay,
        seat_name,
        top_scorers,
    )
    from companion.rules.common.words import (
        EMPTY,
        GAME_OVER,
        Complete,
        Lang,
        Msg,
        NotACard,
        Refusal,
        did_you_mean,
        join,
        line_refusal,
        phase_refusal,
        plural,
        refuse,
        unsaid,
        winner_words,
    )


_PARTS = {
    "Complete": "words",
    "Correct": "correct",
    "EMPTY": "words",
    "GAME_OVER": "words",
    "Lang": "words",
    "MAX_DIGITS": "reading",
    "Msg": "words",
    "NAME_CHARS": "table",
    "NotACard": "words",
    "Refusal": "words",
    "ascii_number": "reading",
    "check_player_count": "table",
    "check_players": "table",
    "copy_state": "table",
    "deck_name": "reading",
    "did_you_mean": "words",
    "evolve": "table",
    "join": "words",
    "kagi": "reading",
    "line_refusal": "words",
    "name_problem": "names",
    "name_refusal": "table",
    "names_overlap": "reading",
    "need_int": "reading",
    "normalize_token": "reading",
    "not_a_player": "reading",
    "phase_refusal": "words",
    "plain_name": "table",
    "plural": "words",
    "quoted": "reading",
    "read_number": "reading",
    "read_player": "reading",
    "refuse": "words",
    "replay": "table",
    "seat_name": "table",
    "suggest": "reading",
    "table_names": "names",
    "take_player": "reading",
    "top_scorers": "table",
    "unsaid": "words",
    "winner_words": "words",
}


def __getattr__(name: str) -> object:
    """A re-exported name, from its part (imported on first use)."""
    part = _PARTS.get(name)
    if part is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{part}"), name)
    globals()[name] = value
    return value


__all__ = [
    "EMPTY",
    "GAME_OVER",
    "MAX_DIGITS",
    "NAME_CHARS",
    "Complete",
    "Correct",
    "Lang",
    "Msg",
    "NotACard",
    "Refusal",
    "ascii_number",
    "check_player_count",
    "check_players",
    "copy_state",
    "deck_name",
    "did_you_mean",
    "evolve",
    "join",
    "kagi",
    "line_refusal",
    "name_problem",
    "name_refusal",
    "names_overlap",
    "need_int",
    "normalize_token",
    "not_a_player",
    "phase_refusal",
    "plain_name",
    "plural",
    "quoted",
    "read_number",
    "read_player",
    "refuse",
    "replay",
    "seat_name",
    "suggest",
    "table_names",
    "take_player",
    "top_scorers",
    "unsaid",
    "winner_words",
]

"""What every engine shares: bilingual messages and refusals (``words``), reading numbers and
players (``reading``), the table and its states (``table``) and the hand-count correction
(``correct``). Everything is re-exported here: ``from companion.rules.common import Msg``."""

from __future__ import annotations

from companion.rules.common.correct import Correct
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
    take_player,
)
from companion.rules.common.table import (
    check_player_count,
    check_players,
    copy_state,
    evolve,
    replay,
    seat_name,
    top_scorers,
)
from companion.rules.common.words import (
    EMPTY,
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

__all__ = [
    "EMPTY",
    "MAX_DIGITS",
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
    "names_overlap",
    "need_int",
    "normalize_token",
    "not_a_player",
    "phase_refusal",
    "plural",
    "quoted",
    "read_number",
    "read_player",
    "refuse",
    "replay",
    "seat_name",
    "take_player",
    "top_scorers",
    "unsaid",
    "winner_words",
]

"""HOMALET: rules H-1 to H-12 of ``docs/rules.md``.

Same shape as the Fortress engine: a :class:`Setup` plus an append-only list of actions,
folded by :func:`apply`; every refusal says why, every ruling explains itself. The engine
never sees a hand: it counts cards, and remembers the cards it saw go into one.

The state holds only immutable values (tuples, frozensets, a bitmask of the cards whose place
is known), so :func:`apply` clones it in one step and the old state can never change.

Besides the shared interface (docs/engines.md) the module answers: :func:`scores` (H-11),
:func:`winners` (H-12), :func:`allowed` (each field's lead, who picks or takes from what, the
cards still unseen) and :func:`parse_line` / :func:`action_line` (docs/notation.md).
"""

from __future__ import annotations

from companion.rules.common import Correct, Lang, Msg, Refusal
from companion.rules.homalet.actions import (
    ACTIONS,
    Action,
    Adjust,
    E,
    EndEffect,
    Pick,
    Play,
    RevealSet,
    Setup,
    TakeSet,
    action_from_data,
    action_to_data,
    make_setup,
)
from companion.rules.homalet.allowed import Allowed, FieldNow, allowed, describe
from companion.rules.homalet.deck import (
    CARDS,
    GAME,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOTHING,
    SEASON_NAMES,
    SET_SIZE,
    SETS,
    Colour,
    Deck,
    Season,
    cards_for,
    count_cards,
    fmt,
    fmt_all,
    list_sets,
    parse_card,
)
from companion.rules.homalet.game import apply, finished, fold, settle_input
from companion.rules.homalet.notation import (
    CORRECT_WORDS,
    END_WORDS,
    FIELD_WORDS,
    FORMS,
    MOVE_WORDS,
    PICK_WORDS,
    REVEAL_WORDS,
    SEPARATORS,
    TAKE_WORDS,
    VOID_WORDS,
    WORDS,
    ZONE_WORDS,
    action_line,
    expected,
    parse_line,
)
from companion.rules.homalet.scoring import Score, run_digits, score, total, winner_words, winners
from companion.rules.homalet.state import Phase, State, new_state, scores, state_from_data, state_to_data
from companion.rules.homalet.words import (
    ASSUMPTIONS,
    FIELD_NAMES,
    FIELD_TITLES,
    NOTATION,
    OWNED,
    PICK_FORM,
    TITLE,
    ZONE_NAMES,
    Field,
    Zone,
)

__all__ = [
    "ACTIONS",
    "ASSUMPTIONS",
    "CARDS",
    "CORRECT_WORDS",
    "END_WORDS",
    "FIELD_NAMES",
    "FIELD_TITLES",
    "FIELD_WORDS",
    "FORMS",
    "GAME",
    "HAND",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_WORDS",
    "NOTATION",
    "NOTHING",
    "OWNED",
    "PICK_FORM",
    "PICK_WORDS",
    "REVEAL_WORDS",
    "SEASON_NAMES",
    "SEPARATORS",
    "SETS",
    "SET_SIZE",
    "TAKE_WORDS",
    "TITLE",
    "VOID_WORDS",
    "WORDS",
    "ZONE_NAMES",
    "ZONE_WORDS",
    "Action",
    "Adjust",
    "Allowed",
    "Colour",
    "Correct",
    "Deck",
    "E",
    "EndEffect",
    "Field",
    "FieldNow",
    "Lang",
    "Msg",
    "Phase",
    "Pick",
    "Play",
    "Refusal",
    "RevealSet",
    "Score",
    "Season",
    "Setup",
    "State",
    "TakeSet",
    "Zone",
    "action_from_data",
    "action_line",
    "action_to_data",
    "allowed",
    "apply",
    "cards_for",
    "count_cards",
    "describe",
    "expected",
    "finished",
    "fmt",
    "fmt_all",
    "fold",
    "list_sets",
    "make_setup",
    "new_state",
    "parse_card",
    "parse_line",
    "run_digits",
    "score",
    "scores",
    "settle_input",
    "state_from_data",
    "state_to_data",
    "total",
    "winner_words",
    "winners",
]

# What can be typed now (issue 17): built from the names above, so imported after them.
from companion.rules.homalet.complete import complete

__all__ += ["complete"]

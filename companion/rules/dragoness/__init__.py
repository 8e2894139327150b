"""Reign of Dragoness: rules D-1 to D-11 of ``docs/rules.md``.

A game is a :class:`Setup` plus an append-only list of actions, folded by :func:`apply`.
The engine sees the cards played, never a hand: it counts hands from 13 down (a
:class:`Correct` action sets a count the table has recounted).

The shared interface is ``docs/engines.md``; the table notation ``docs/notation.md``. Questions
of this game, answered from the state alone:

- :func:`allowed` — who plays, the type and size required, the card to beat (or to stay under
  after a Revive), whether a Revive is allowed now and why not, who has passed;
- :func:`readings` — every legal reading of a group of cards (its wild numbers), best first;
- :func:`revive_refusal` — why the player on turn may not play a Revive now (None if they may);
- :func:`patterns` — every reading of a group of cards, whatever the pile.

States are frozen and hold only immutable values: :func:`apply` never changes the state it is
given, and undo is keeping the old state.
"""

from __future__ import annotations

from companion.rules.common import Correct, Lang, Msg, Refusal
from companion.rules.dragoness.actions import (
    ACTIONS,
    Action,
    OnlyRevives,
    Opening,
    Pass,
    PlayCards,
    Revive,
    Setup,
    action_from_data,
    action_to_data,
    make_setup,
)
from companion.rules.dragoness.allowed import Allowed, allowed, describe, readings, settle_input
from companion.rules.dragoness.deck import (
    ALONE,
    DRAGONESS_NUMBER,
    GAME,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    WILD_RANGE,
    Card,
    Clan,
    Deck,
    Kind,
    Special,
    Value,
)
from companion.rules.dragoness.game import apply, fold
from companion.rules.dragoness.notation import action_line, expected, parse_line
from companion.rules.dragoness.patterns import (
    Pattern,
    Reading,
    pattern_kind,
    patterns,
    read_declared,
    stronger,
    value_words,
)
from companion.rules.dragoness.revive import revive_refusal
from companion.rules.dragoness.scoring import round_points, winners
from companion.rules.dragoness.state import (
    Phase,
    RoundResult,
    State,
    finished,
    new_state,
    state_from_data,
    state_to_data,
)
from companion.rules.dragoness.words import ASSUMPTIONS, NOTATION, SHAPE_NAMES, TITLE, Shape

__all__ = [
    "ACTIONS",
    "ALONE",
    "ASSUMPTIONS",
    "DRAGONESS_NUMBER",
    "GAME",
    "HAND",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NOTATION",
    "ROUNDS",
    "SHAPE_NAMES",
    "TITLE",
    "WILD_RANGE",
    "Action",
    "Allowed",
    "Card",
    "Clan",
    "Correct",
    "Deck",
    "Kind",
    "Lang",
    "Msg",
    "OnlyRevives",
    "Opening",
    "Pass",
    "Pattern",
    "Phase",
    "PlayCards",
    "Reading",
    "Refusal",
    "Revive",
    "RoundResult",
    "Setup",
    "Shape",
    "Special",
    "State",
    "Value",
    "action_from_data",
    "action_line",
    "action_to_data",
    "allowed",
    "apply",
    "describe",
    "expected",
    "finished",
    "fold",
    "make_setup",
    "new_state",
    "parse_line",
    "pattern_kind",
    "patterns",
    "read_declared",
    "readings",
    "revive_refusal",
    "round_points",
    "settle_input",
    "state_from_data",
    "state_to_data",
    "stronger",
    "value_words",
    "winners",
]

# What can be typed now (issue 17): built from the names above, so imported after them.
from companion.rules.dragoness.complete import complete

__all__ += ["complete"]

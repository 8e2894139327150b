"""Six-Suit Fortress (6スートの砦): rules F-1 to F-14 of ``docs/rules.md``.

A game is a :class:`Setup` plus an append-only list of actions; :func:`fold` turns the
list into a :class:`State`. :func:`apply` validates one action and either returns the
new state with a ruling a player can read, or raises :class:`Refusal` saying why.
The engine never sees a hand: the table tells it what was played, and it keeps count.

Besides the shared interface (docs/engines.md: ``make_setup``, ``Correct``, ``parse_line``,
``action_line``, ``NOTATION``, ``allowed``, ``finished``, ``describe``, ``settle_input``), the
game's own questions, each answered from the state alone: :func:`captures` (a card's capture at
every usable spot, by number and by suit), :func:`build_options` (every legal place of each
captured card, and why each other place is refused), ``State.usable_spots`` and ``State.unseen``.
"""

from __future__ import annotations

from companion.rules.common import Correct, Lang, Msg, Refusal
from companion.rules.fortress.actions import (
    ACTIONS,
    Action,
    Build,
    ChoosePair,
    FinalHand,
    Place,
    Reveal,
    Setup,
    action_from_data,
    action_to_data,
    make_setup,
)
from companion.rules.fortress.allowed import Allowed, BuildOptions, Capture, allowed, build_options, captures, describe
from companion.rules.fortress.deck import DEAL, GAME, GRID_SIZE, MAX_PLAYERS, MIN_PLAYERS, STEPS, Card, Deck, Suit
from companion.rules.fortress.game import apply, build_refusal, finished, fold, settle_input
from companion.rules.fortress.grid import (
    CELLS,
    GRIDS,
    SPOTS,
    Mode,
    capture_count,
    parse_mode,
    parse_spot,
    resolve_capture,
    spot_cells,
    spot_ja,
)
from companion.rules.fortress.notation import FORMS, action_line, expected, parse_line
from companion.rules.fortress.row import Where, build, fits, parse_where, placement_problem, placements, row_problem
from companion.rules.fortress.scoring import (
    Pair,
    Score,
    best_pair,
    heights_after,
    pair_problem,
    penalty,
    points,
    score,
    winners,
)
from companion.rules.fortress.so_far import SoFar, so_far
from companion.rules.fortress.state import (
    PENDING,
    UNDECIDED,
    Phase,
    State,
    new_state,
    scores,
    state_from_data,
    state_to_data,
)
from companion.rules.fortress.words import ASSUMPTIONS, MODE_NAMES, NOTATION, TITLE, WHERE_NAMES

__all__ = [
    "ACTIONS",
    "ASSUMPTIONS",
    "CELLS",
    "DEAL",
    "FORMS",
    "GAME",
    "GRIDS",
    "GRID_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MODE_NAMES",
    "NOTATION",
    "PENDING",
    "SPOTS",
    "STEPS",
    "TITLE",
    "UNDECIDED",
    "WHERE_NAMES",
    "Action",
    "Allowed",
    "Build",
    "BuildOptions",
    "Capture",
    "Card",
    "ChoosePair",
    "Correct",
    "Deck",
    "FinalHand",
    "Lang",
    "Mode",
    "Msg",
    "Pair",
    "Phase",
    "Place",
    "Refusal",
    "Reveal",
    "Score",
    "Setup",
    "SoFar",
    "State",
    "Suit",
    "Where",
    "action_from_data",
    "action_line",
    "action_to_data",
    "allowed",
    "apply",
    "best_pair",
    "build",
    "build_options",
    "build_refusal",
    "capture_count",
    "captures",
    "describe",
    "expected",
    "finished",
    "fits",
    "fold",
    "heights_after",
    "make_setup",
    "new_state",
    "pair_problem",
    "parse_line",
    "parse_mode",
    "parse_spot",
    "parse_where",
    "penalty",
    "placement_problem",
    "placements",
    "points",
    "resolve_capture",
    "row_problem",
    "score",
    "scores",
    "settle_input",
    "so_far",
    "spot_cells",
    "spot_ja",
    "state_from_data",
    "state_to_data",
    "winners",
]

# What can be typed now (issue 17): built from the names above, so imported after them.
from companion.rules.fortress.complete import complete

__all__ += ["complete"]

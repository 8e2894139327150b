"""A simulated table as one object: the engine's state and what the engine never sees (each seat's real
hand, the deck's order), one move at a time. Every game's table (``fortress``, ``homalet``,
``dragoness``) offers the same few questions, so one loop plays them all (:func:`play`) and one search
(``companion.simulate.lookahead``) thinks for a seat in any of them.

A seat is told only what a player at a real table knows: :meth:`Table.view` gives its :class:`View`
(the engine's state, which holds only what was shown, and the seat's own hand). Whatever it guesses of
the others' hands it draws from that (:meth:`View.world`), never from the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from companion.rules.engine import StateShape
from companion.simulate.common import LONGEST, Watch


class Table(Protocol):
    """One game being played: the engine's ``state`` and the hidden cards beside it."""

    @property
    def state(self) -> StateShape: ...

    def actor(self) -> int | None:
        """The seat that chooses now; None when the table acts (a card revealed, a round dealt)."""
        ...

    def table_move(self, rng: random.Random) -> Any:
        """The table's own action: what the deck gives, what the rules leave no choice in."""
        ...

    def moves(self) -> list[Any]:
        """Every move the rules leave the seat choosing now for the hand it really holds, the
        likeliest first (the greedy choice's order)."""
        ...

    def greedy(self, rng: random.Random) -> Any:
        """The move of the best immediate gain for the seat choosing now (ties drawn at random)."""
        ...

    def random(self, rng: random.Random) -> Any:
        """Any of the moves the rules leave the seat choosing now."""
        ...

    def step(self, action: Any) -> None:
        """Play ``action``: the engine's ``apply`` (a refusal is a bug of the table) and the hidden cards."""
        ...

    def done(self) -> bool:
        """The game is over."""
        ...

    def copy(self) -> Table:
        """The same table, to play on without changing this one."""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` knows now: the engine's state and its own hand, nothing of anyone else's."""
        ...

    def mark(self) -> int:
        """Where a lookahead stops: the game's end, or (Reign of Dragoness) the round's end. The
        search plays on while :meth:`mark` is unchanged and the game goes on."""
        ...

    def value(self, seat: int) -> float:
        """How good the table is for ``seat`` where a lookahead stopped: 1 for a win (shared among
        those tied), plus a small part of the margin over the best other seat."""
        ...


class View(Protocol):
    """What one seat knows: the engine's state (only what was shown) and its own hand."""

    @property
    def seat(self) -> int: ...

    def moves(self) -> list[Any]:
        """The seat's own legal moves now (:meth:`Table.moves`: its hand is its own)."""
        ...

    def world(self, rng: random.Random) -> Table:
        """One table consistent with everything the seat knows: the cards it has not seen dealt at
        random to the other hands (as many as each holds) and the deck."""
        ...


Choose = Callable[[Table, int, random.Random], Any]
"""A seat's policy: the table, the seat choosing, the game's random numbers → its move."""


def win_value(scores: Sequence[float], seat: int, scale: float) -> float:
    """1 for a lone win, 1/k for a win shared by k, 0 else; plus the margin over the best other seat
    divided by ``scale`` and kept within ±0.5 (so a closer loss is worth more than a wider one)."""
    top = max(scores)
    share = 1 / sum(1 for s in scores if s == top) if scores[seat] == top else 0.0
    others = max((s for i, s in enumerate(scores) if i != seat), default=scores[seat])
    margin = max(-0.5, min(0.5, (scores[seat] - others) / scale))
    return share + margin


def play(table: Table, seats: Sequence[Choose], rng: random.Random, watch: Watch = None) -> list[Any]:
    """Play ``table`` to its end, each seat choosing with its own policy; the actions in order."""
    actions: list[Any] = []
    while not table.done():
        if len(actions) > LONGEST:
            raise AssertionError(f"a simulated game ran past {LONGEST} actions")
        seat = table.actor()
        action = table.table_move(rng) if seat is None else seats[seat](table, seat, rng)
        before = table.state
        table.step(action)
        actions.append(action)
        if watch is not None:
            watch(before, action, table.state)
    return actions

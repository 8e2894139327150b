"""The lookahead seat: it plays well with what a player knows, and nothing more.

At each choice that has more than one move, the seat weighs its likeliest moves (at most
:data:`WIDTH`, in the greedy order, so the greedy move is always among them) by playing each one out on
tables it imagines: the cards it has not seen dealt at random to the other seats, as many as each
holds, and to the deck (:meth:`View.world`: drawn from its own hand and what the engine's state shows,
never from the real table). From there every seat plays greedy to the end of the game (Reign of
Dragoness: of the round), each move through the engine's own ``apply``. Every move is weighed on the
same imagined tables, so two moves are compared on the same luck. The budget is a number of playouts a
choice (not a time): the same seed plays the same game on any machine, however busy.

The playouts are shared out by successive halving: a first share over every move weighed, then the
better half of them are played out again, and so on until one is left. A small budget weighs fewer
moves (:func:`weighed`), so that every round's share pays a playout for each move still weighed: a
choice never plays out more than its budget (two at least).
"""

from __future__ import annotations

import math
import random
from typing import Any

from companion.simulate.table import Table, View

WIDTH = 8  # moves weighed at most, the likeliest first
PLAYOUTS = 64  # playouts a choice unless told


def playout(table: Table, rng: random.Random, mark: int) -> None:
    """Play ``table`` on, every seat greedy, until the game (or the part a lookahead sees: while
    ``table.mark()`` is ``mark``) ends."""
    while not table.done() and table.mark() == mark:
        seat = table.actor()
        table.step(table.table_move(rng) if seat is None else table.greedy(rng))


def weighed(moves: int, playouts: int) -> int:
    """How many of ``moves`` likeliest moves a budget of ``playouts`` weighs: at most :data:`WIDTH`, and
    no more than one playout each in every round of the halving can pay for (two at least)."""
    k = min(WIDTH, moves)
    while k > 2 and k * math.ceil(math.log2(k)) > playouts:
        k -= 1
    return k


def search(view: View, rng: random.Random, playouts: int = PLAYOUTS) -> Any:
    """The move ``view``'s seat chooses: each of its likeliest moves played out on the same imagined
    tables, the better half kept each time, within about ``playouts`` playouts."""
    moves = view.moves()
    if len(moves) == 1:
        return moves[0]
    alive = list(range(weighed(len(moves), playouts)))
    total = [0.0] * len(alive)
    count = [0] * len(alive)
    rounds = math.ceil(math.log2(len(alive)))
    seat = view.seat
    while len(alive) > 1:
        for _ in range(max(1, playouts // rounds // len(alive))):
            seed = rng.getrandbits(64)
            world = view.world(random.Random(seed))
            mark = world.mark()
            for index in alive:
                table = world.copy()
                table.step(moves[index])
                playout(table, random.Random(seed), mark)  # the same luck for every move weighed
                total[index] += table.value(seat)
                count[index] += 1
        alive.sort(key=lambda i: (-total[i] / count[i], i))
        del alive[(len(alive) + 1) // 2 :]
    return moves[alive[0]]


def choose(playouts: int, table: Table, seat: int, rng: random.Random) -> Any:
    """The lookahead seat's move on ``table``: it is shown only ``table.view(seat)``."""
    return search(table.view(seat), rng, playouts)

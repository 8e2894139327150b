"""Whole legal games of each engine, played by the simulated tables of the engine tests, for the
store's tests and benchmark: (game, setup, actions)."""

from __future__ import annotations

import random
from typing import Any


def played(game: str, players: int, seed: int, rounds: int = 5) -> tuple[Any, list[Any]]:
    """The setup and the actions of a random legal game (Dragoness: ``rounds`` rounds)."""
    rnd = random.Random(seed)
    if game == "fortress":
        from tests.unit_tests.test_fortress_simulation import Table as FortressTable

        table: Any = FortressTable(players, seed % players, rnd)
        table.play()
    elif game == "homalet":
        return _homalet(players, seed % players, rnd)
    else:
        from tests.unit_tests.test_dragoness_simulation import Table as DragonessTable

        table = DragonessTable(players, rnd)
        for _ in range(rounds):
            table.play_round()
    return table.setup, list(table.actions)


def _homalet(n: int, start: int, rnd: random.Random) -> tuple[Any, list[Any]]:
    """A HOMALET game: the engine tests' simulated table, its true moves chosen at random."""
    from companion.rules import homalet as h
    from tests.unit_tests.test_homalet_simulation import DECK, Table

    names = tuple(f"P{i}" for i in range(n))
    cards = list(range(10 * n))
    rnd.shuffle(cards)
    table = Table(n, names, [cards[i * 6:(i + 1) * 6] for i in range(n)], cards[n * 6:], start)
    setup = h.make_setup(names, start, DECK)
    actions: list[Any] = []
    while table.phase != "over":
        action, effect = rnd.choice(table.true_moves())
        effect(action)
        actions.append(action)
    return setup, actions

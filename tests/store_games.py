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
        from tests.unit_tests.test_homalet_simulation import Table as HomaletTable

        table = HomaletTable(players, seed % players, rnd)
        table.play()
    else:
        from tests.unit_tests.test_dragoness_simulation import Table as DragonessTable

        table = DragonessTable(players, rnd)
        for _ in range(rounds):
            table.play_round()
    return table.setup, list(table.actions)


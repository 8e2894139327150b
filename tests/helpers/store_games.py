"""Whole legal games of each engine, played by the simulated tables of tests/helpers, for the
store's tests and benchmark: (game, setup, actions)."""

from __future__ import annotations

import functools
import random
from typing import Any


def played(game: str, players: int, seed: int, rounds: int = 5) -> tuple[Any, list[Any]]:
    """The setup and the actions of a random legal game (Dragoness: ``rounds`` rounds). The same
    arguments give the same game: it is played once a process and the actions handed out as a new
    list each time (setups and actions are frozen)."""
    setup, actions = _played(game, players, seed, rounds)
    return setup, list(actions)


@functools.lru_cache(maxsize=64)
def _played(game: str, players: int, seed: int, rounds: int) -> tuple[Any, tuple[Any, ...]]:
    setup, actions = _play(game, players, seed, rounds)
    return setup, tuple(actions)


def _play(game: str, players: int, seed: int, rounds: int) -> tuple[Any, list[Any]]:
    rnd = random.Random(seed)
    if game == "fortress":
        from tests.helpers.fortress_table import Table as FortressTable

        table: Any = FortressTable(players, seed % players, rnd)
        table.play()
    elif game == "homalet":
        return _homalet(players, seed % players, rnd)
    else:
        from tests.helpers.dragoness_table import Table as DragonessTable

        table = DragonessTable(players, rnd)
        for _ in range(rounds):
            table.play_round()
    return table.setup, list(table.actions)


def dragoness_game(store: Any, names: list[str], actions: float) -> int:
    """A Reign of Dragoness game of ``names`` stored in ``store`` (a ``Store``), the first ``actions``
    (a fraction) of a simulated five-round game played: a pile with passes and a leader, results in
    the table. Played as the app plays it: the checkpoints written once, at the end."""
    _, moves = played("dragoness", len(names), 1)
    live = store.load(store.new_game("dragoness", names))
    live.defer_checkpoints = True
    for action in moves[: int(len(moves) * actions)]:
        live.play(action)
    live.save_checkpoints()
    game_id: int = live.id
    return game_id


def _homalet(n: int, start: int, rnd: random.Random) -> tuple[Any, list[Any]]:
    """A HOMALET game: the engine tests' simulated table, its true moves chosen at random."""
    from companion.rules import homalet
    from tests.helpers.homalet_table import Table

    table = Table(n, start, rnd)
    table.play()
    names = tuple(f"P{i}" for i in range(n))  # actions name seats, so the table's names can change
    return homalet.make_setup(names, start, table.setup.deck), list(table.actions)


# the columns schema version 3 added to games: the play details and the mark of a simulated game
VERSION_3_COLUMNS = ("location", "notes", "deck_version", "bgg_id", "simulated")
# the column schema version 4 added: a simulated game's policy
VERSION_4_COLUMNS = ("policy",)


def without_version_4(connection: Any) -> None:
    """Make an open SQLite file as version 3 wrote it: no policy beside a game, no phone beside an
    action, no secrets (the caller sets user_version)."""
    for column in VERSION_4_COLUMNS:
        connection.execute(f"ALTER TABLE games DROP COLUMN {column}")
    connection.execute("ALTER TABLE actions DROP COLUMN phone")
    connection.execute("DROP TABLE secrets")


def without_version_3(connection: Any) -> None:
    """Make an open SQLite file's games table as version 2 wrote it (the caller sets user_version)."""
    without_version_4(connection)
    for column in VERSION_3_COLUMNS:
        connection.execute(f"ALTER TABLE games DROP COLUMN {column}")

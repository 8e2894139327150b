"""The game screen writes a move's checkpoint in idle time, not on the key's way to the screen: the
move itself is stored before the screen shows it, its checkpoint once the table is quiet (or the
screen is left)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from textual.widgets import Input

from companion.app.screens import track
from companion.app.screens.track import GameScreen
from companion.rules.games import ENGINES
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.app_games import GAMES, PLAYERS


def stored(db: Path) -> tuple[int, list[int]]:
    """Where the game stands and its checkpoints, as another program reads the file now."""
    connection = sqlite3.connect(db)
    try:
        position = connection.execute("SELECT position FROM games WHERE id = 1").fetchone()[0]
        seqs = [r[0] for r in connection.execute("SELECT seq FROM checkpoints ORDER BY seq")]
    finally:
        connection.close()
    return position, seqs


async def test_a_move_is_stored_at_once_and_its_checkpoint_in_idle_time(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        track, "SAVE_AFTER", 60.0
    )  # no quiet moment while the moves are typed, however slow the machine
    lines = GAMES["homalet"][:3]
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(app.store.new_game("homalet", PLAYERS, start=0))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", Input)
        for number, line in enumerate(lines, 1):
            entry.value = line
            await pilot.press("enter")
            assert stored(db) == (number, [])  # durable before it is shown; the checkpoint waits
        with Store.open(db) as other:  # the app killed now: the game resumes from its actions
            assert other.load(1).state == screen.live.state
        monkeypatch.setattr(track, "SAVE_AFTER", 0.0)  # the table is quiet now
        await until(pilot, lambda: stored(db)[1] != [])
        assert stored(db) == (3, [3])
        monkeypatch.setattr(track, "SAVE_AFTER", 60.0)
        await pilot.press("ctrl+z")
        assert stored(db) == (2, [3])
        await pilot.press("escape")  # leaving the game writes what waits
        await pilot.pause()
        assert stored(db) == (2, [2])
    with Store.open(db) as store:
        live = store.load(1)
        setup = live.setup
    assert live.state == ENGINES["homalet"].fold(setup, live.actions) and live.position == 2

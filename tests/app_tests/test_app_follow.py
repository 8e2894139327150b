"""A screen that follows other devices (issue 18): while the app shows a game, another program
(``companion play``/``undo``/``delete`` in a second process) changes it; the app shows the stored game
within a poll and says what changed, and its own next line is played, not refused as stale."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app.screens.track import GameScreen
from companion.app.widgets.line import OneLine
from companion.store import Store
from tests.helpers.app import make_app
from tests.helpers.app_games import FORTRESS, PLAYERS
from tests.helpers.cli import cli

WAIT = 20.0  # seconds a test waits for the screen before failing (a bound on a hang, not a speed goal)


def ruling(app: App[Any]) -> str:
    return str(app.screen.query_one("#ruling", Static).content)


async def shown(pilot: Pilot[Any], needle: str) -> str:
    """The ruling line once it holds ``needle`` (the app polls the store by itself)."""
    give_up = time.monotonic() + WAIT
    while needle not in ruling(pilot.app) and time.monotonic() < give_up:
        await pilot.pause(0.05)
    return ruling(pilot.app)


async def test_changes_made_by_another_process_are_shown_and_said(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        game_id = app.store.new_game("fortress", PLAYERS, start=0)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for line in FORTRESS[:2]:
            assert screen.play(line)
        played = await asyncio.to_thread(cli, "--db", str(db), "play", str(game_id), FORTRESS[2])
        assert played.returncode == 0, played.stderr
        said = await shown(pilot, "From elsewhere")
        assert said.startswith(f"From elsewhere: {FORTRESS[2]} — ") and "G3" in said
        assert screen.live.position == 3 and "(3)" in screen.query_one("#game-title", OneLine).words
        undone = await asyncio.to_thread(cli, "--db", str(db), "undo", str(game_id), "2")
        assert undone.returncode == 0, undone.stderr
        assert "actions undone: 2" in await shown(pilot, "actions undone")
        assert screen.live.position == 1
        entry = screen.query_one("#entry", Input)
        entry.value = FORTRESS[1]
        await pilot.press("enter")  # the app's own line: played over the fresh state, not refused
        assert ruling(app).startswith("Y2") and screen.live.position == 2
        many = await asyncio.to_thread(cli, "--db", str(db), "play", str(game_id), *FORTRESS[2:8])
        assert many.returncode == 0, many.stderr
        said = await shown(pilot, FORTRESS[7])
        # six lines, each its own commit: one poll sees them all (the last four said, "…" before them), or,
        # on a loaded machine, a poll caught some on the way and the last says the rest
        whole = "From elsewhere: … | " + " | ".join(FORTRESS[4:8])
        assert said in {whole, *("From elsewhere: " + " | ".join(FORTRESS[k:8]) for k in range(4, 8))}, said
        with Store.open(db) as store:
            assert store.load(game_id).position == screen.live.position == 8
        gone = await asyncio.to_thread(cli, "--db", str(db), "delete", str(game_id), "--yes")
        assert gone.returncode == 0, gone.stderr
        assert "deleted elsewhere" in await shown(pilot, "deleted elsewhere")


def test_refresh_reads_only_what_another_connection_changed(db: Path) -> None:
    """The store's side: a LiveGame sees nothing new after its own changes, and after another
    connection's it says how many leading actions both agree on and where it stood."""
    with Store.open(db) as ours, Store.open(db) as theirs:
        game_id = ours.new_game("fortress", PLAYERS, start=0)
        live = ours.load(game_id)
        for line in FORTRESS[:3]:
            live.play_line(line)
        assert live.changes() is None
        other = theirs.load(game_id)
        other.undo(2)
        other.play_line(FORTRESS[1])
        assert live.changes() == (2, 3)  # the second action played again: both agree on two
        assert live.position == 2 and live.changes() is None
        other.undo(1)
        other.play_line("A2 G3")
        assert live.changes() == (1, 2) and live.state_at(2) == other.state


async def test_a_move_from_a_players_phone_is_said_as_that_phones_in_the_ruling_and_the_log(db: Path) -> None:
    """A seat page (``companion serve``) plays through the store with the seat whose phone it is:
    the screen says "From Ben's phone: …" and logs the move so; a move typed elsewhere stays "From
    elsewhere"."""
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        game_id = app.store.new_game("fortress", PLAYERS, start=0)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        with Store.open(db) as phone:
            phone.load(game_id).play_line(FORTRESS[0], phone=1)
        said = await shown(pilot, "phone")
        assert said.startswith(f"From {PLAYERS[1]}'s phone: {FORTRESS[0]} — "), said
        log = str(screen.query_one("#coach", Static).content)
        assert f"From {PLAYERS[1]}'s phone: {FORTRESS[0]}" in log
        with Store.open(db) as other:
            other.load(game_id).play_line(FORTRESS[1])
        assert (await shown(pilot, FORTRESS[1])).startswith("From elsewhere: ")
        await pilot.press("f2")  # Japanese
        with Store.open(db) as phone:
            phone.load(game_id).play_line(FORTRESS[2], phone=1)
        assert (await shown(pilot, "電話")).startswith(f"{PLAYERS[1]}さんの電話から：")

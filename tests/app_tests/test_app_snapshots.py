"""SVG snapshots (pytest-textual-snapshot) of the home screen and each game's main screen, in
English and Japanese, at 80×24 and 120×40: a change to what a table sees shows up as a diff.
Update after a deliberate change with ``pytest tests/app_tests --snapshot-update``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from companion.app.app import CompanionApp
from companion.app.screens.home import HomeScreen
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS

SIZES = [(80, 24), (120, 40)]
LANGS = ["en", "ja"]


def middle_of(game: str) -> list[str]:
    lines = GAMES[game]
    return lines[: len(lines) * 2 // 3]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_home(snap_compare: Any, db: Path, lang: str, size: tuple[int, int]) -> None:
    async def prepare(pilot: Pilot[Any]) -> None:
        app, screen = pilot.app, pilot.app.screen
        assert isinstance(app, CompanionApp) and isinstance(screen, HomeScreen)
        app.store.new_game("homalet", PLAYERS, start=1)
        screen.list_unfinished()
        await pilot.pause()

    assert snap_compare(make_app(db, lang), terminal_size=size, run_before=prepare)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_game_screen(snap_compare: Any, db: Path, game: str, lang: str, size: tuple[int, int]) -> None:
    async def prepare(pilot: Pilot[Any]) -> None:
        app: Any = pilot.app
        game_id = app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0)
        live = app.store.load(game_id)
        for line in middle_of(game):
            live.play_line(line)
        app.open_game(game_id)
        await pilot.pause()

    assert snap_compare(make_app(db, lang), terminal_size=size, run_before=prepare)


REFUSED = {"fortress": "R13 A1N x", "homalet": "07 x", "dragoness": "Lo7 Xx3"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_refused_line(snap_compare: Any, db: Path, game: str, lang: str) -> None:
    """A refusal at 80×24 in two rows at most, the board in view above it."""

    async def prepare(pilot: Pilot[Any]) -> None:
        app: Any = pilot.app
        game_id = app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0)
        live = app.store.load(game_id)
        for line in middle_of(game):
            live.play_line(line)
        app.open_game(game_id)
        await pilot.pause()
        app.screen.query_one("#entry").value = REFUSED[game]
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(make_app(db, lang), terminal_size=(80, 24), run_before=prepare)

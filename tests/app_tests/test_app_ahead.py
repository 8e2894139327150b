"""The game screen draws ahead the screen a typed line leads to (while the table talks), so Enter
shows rows already drawn: what Enter then shows is what a screen drawn afresh shows, and a line
changed before Enter is drawn for the line played, not the one drawn ahead."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from companion.app.screens import track
from companion.app.screens.track import GameScreen
from companion.app.widgets.rows import RowText
from tests.helpers.app import make_app, until
from tests.helpers.app_games import GAMES, PLAYERS

PARTS = ("#board", "#allowed", "#ruling", "#coach")


def parts(screen: GameScreen) -> dict[str, str]:
    """What each part shows (its text) and the entry line's example."""
    shown = {part: screen.query_one(part, RowText).content for part in PARTS}
    out = {part: (content.plain if hasattr(content, "plain") else str(content)) for part, content in shown.items()}
    out["example"] = screen.query_one("#entry", Input).placeholder
    return out


def afresh(screen: GameScreen) -> dict[str, str]:
    """The parts as the screen draws them with nothing kept from before."""
    screen._ahead = None
    screen._shown.clear()
    screen.show()
    return parts(screen)


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_enter_after_a_pause_shows_the_screen_drawn_ahead_which_is_the_screen_drawn_afresh(
    db: Path, monkeypatch: pytest.MonkeyPatch, game: str, lang: str
) -> None:
    drawn: list[object] = []
    board = track.__dict__["board"]  # the board drawing the screen calls

    def counted(*args: object, **kwargs: object) -> object:
        drawn.append(args[1])
        return board(*args, **kwargs)

    monkeypatch.setattr(track, "board", counted)
    lines = GAMES[game][:3]
    app = make_app(db, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(app.store.new_game(game, PLAYERS, start=0))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", Input)
        for line in lines:
            entry.value = line
            await until(pilot, lambda: screen._ahead is not None)
            assert screen._ahead is not None, line
            ahead = screen._ahead.state
            drawn.clear()
            await pilot.press("enter")
            await pilot.pause()
            assert screen.live.state == ahead, line
            assert drawn == [], "Enter drew the board again though it was drawn ahead"
            shown = parts(screen)
            assert shown == afresh(screen), line


async def test_a_line_changed_before_enter_shows_the_line_played(db: Path) -> None:
    first, second = GAMES["homalet"][:2]
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(app.store.new_game("homalet", PLAYERS, start=0))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", Input)
        entry.value = first
        await until(pilot, lambda: screen._ahead is not None)
        ahead = screen._ahead
        assert ahead is not None
        await pilot.press("enter")
        await pilot.pause()
        entry.value = second + "x"  # a line the engine refuses, drawn ahead for nothing
        await pilot.pause()
        assert screen._ahead is None or screen._ahead.state != screen.live.state
        entry.value = second
        await pilot.press("enter")  # at once: no pause for drawing ahead
        await pilot.pause()
        assert screen.live.position == 2
        shown = parts(screen)
        assert shown == afresh(screen)

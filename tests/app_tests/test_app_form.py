"""The new-game form and the way back home (issue 27, item 9): a problem with the previous game's
table goes when the game changes, seats are numbered from 1 where a person reads them, and after
Esc from a game, Enter does what the highlighted line says."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from companion.app.app import CompanionApp
from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.app.screens.track import GameScreen
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.app_games import PLAYERS

NINE = "Aki, Ben, Chie, Dai, Emi, Fumi, Gen, Hana, Ichi"


async def new_game_form(app: CompanionApp, pilot: Pilot[None]) -> NewGameScreen:
    """The new-game form, opened from the home screen once its games are listed, the names focused."""
    await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen._listed)
    await app.run_action("new_game")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.query_one("#players").has_focus)
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_problem_with_the_previous_games_table_goes_when_the_game_changes(db: Path, lang: str) -> None:
    """Nine players for Six-Suit Fortress (3 to 5, F-1) are refused with a sentence; choosing Reign
    of Dragoness (2 to 8) takes that sentence away; starting it says its own problem (9 > 8)."""
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(app, pilot)
        screen.query_one("#players", Input).value = NINE
        await pilot.press("enter")
        await pilot.pause()
        problem = screen.query_one("#problem", Static)
        assert "9" in str(problem.content)
        screen.query_one("#game", Select).value = "dragoness"
        await pilot.pause()
        assert str(problem.content) == ""
        screen.query_one("#game", Select).value = "fortress"
        await pilot.pause()
        assert str(problem.content) == ""
        screen.query_one("#game", Select).value = "dragoness"
        await pilot.pause()
        await pilot.click("#go")
        await pilot.pause()
        assert "8" in str(problem.content) and "9" in str(problem.content)


async def test_the_start_player_is_numbered_from_1(db: Path) -> None:
    """The start player's choices read "1: Aki", "2: Ben", …; the first is the engine's seat 0."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(app, pilot)
        screen.query_one("#players", Input).value = "Aki, Ben, Chie"
        await pilot.pause()
        start = screen.query_one("#start", Select)
        labels = [str(prompt) for prompt, _ in start._options if _ is not Select.NULL]
        assert labels == ["1: Aki", "2: Ben", "3: Chie"]
        assert [value for _, value in start._options if value is not Select.NULL] == [0, 1, 2]
        start.value = 1
        await pilot.click("#go")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        assert app.screen.live.setup.start == 1  # type: ignore[attr-defined]


async def test_the_start_player_chosen_stays_the_same_person_when_the_names_change(db: Path) -> None:
    """F-1's start player is a person: Ben chosen ("2: Ben"), then a name added in front, Ben stays
    chosen ("3: Ben"); while his name is retyped the seat stays, and the retyped name is the one kept.
    Never chosen, the start player is the first seat, whoever is typed there."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_form(app, pilot)
        players, start = screen.query_one("#players", Input), screen.query_one("#start", Select)

        async def typed(names: str) -> str:
            players.value = names
            await pilot.pause()
            return dict((value, str(prompt)) for prompt, value in start._options)[start.value]

        assert await typed("Aki, Ben, Chie") == "1: Aki"
        assert await typed("Al, Aki, Ben, Chie") == "1: Al"  # not chosen: the first seat
        start.value = 2
        await pilot.pause()
        assert await typed("Al, Aki, Ben, Chie") == "3: Ben"
        assert await typed("Eve, Al, Aki, Ben, Chie") == "4: Ben"
        assert await typed("Aki, Ben, Chie") == "2: Ben"
        assert await typed("Aki, Be, Chie") == "2: Be"  # retyped: the seat stays
        assert await typed("Aki, Benji, Chie") == "2: Benji"
        assert await typed("Dai, Aki, Benji, Chie") == "3: Benji"
        await pilot.click("#go")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        assert app.screen.live.setup.start == 2  # type: ignore[attr-defined]


async def test_after_esc_from_a_game_enter_opens_what_is_highlighted(db: Path) -> None:
    """Three unfinished games; the second opened from the list, then Esc: the list still has the
    keys, the game just left is the highlighted line, and Enter opens it again; Down then Enter
    opens the line highlighted then; from the menu, Enter opens what the menu's line says."""
    with Store.open(db) as store:
        ids = [store.new_game(game, PLAYERS, start=0) for game in ("homalet", "fortress", "homalet")]
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen._listed)
        home = app.screen
        await pilot.press("tab", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        assert app.screen.live.id == ids[1]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is home)
        resume = home.query_one("#resume", OptionList)
        assert resume.has_focus and resume.highlighted == 1
        assert resume.get_option_at_index(1).id == f"game-{ids[1]}"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        assert app.screen.live.id == ids[1]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is home)
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        assert app.screen.live.id == ids[0]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is home)
        await pilot.press("shift+tab", "enter")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))

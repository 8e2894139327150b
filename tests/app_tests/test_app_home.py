"""The home screen: which list has the keys is shown by more than colour, and each unfinished game
says how far it got and whose turn it is."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.store import Store

from .conftest import make_app
from .games import GAMES, PLAYERS


def titles(app: object) -> tuple[str, str]:
    screen = app.screen  # type: ignore[attr-defined]
    return (str(screen.query_one("#menu", OptionList).border_title),
            str(screen.query_one("#resume", OptionList).border_title))


async def test_the_focused_list_is_marked_in_its_frame(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        menu, resume = titles(app)
        assert menu.startswith("▶ ") and not resume.startswith("▶")
        await pilot.press("tab")
        menu, resume = titles(app)
        assert resume.startswith("▶ ") and not menu.startswith("▶")
        await pilot.press("f2")  # the new language keeps the keys where they were, and says so
        await pilot.pause(0.2)
        menu, resume = titles(app)
        assert resume.startswith("▶ 途中") and menu == "メニュー"
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_two_games_of_the_same_table_are_told_apart_by_progress_and_turn(db: Path) -> None:
    with Store.open(db) as store:
        for moves in (3, 7):
            live = store.load(store.new_game("homalet", PLAYERS, start=0))
            for line in GAMES["homalet"][:moves]:
                live.play_line(line)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, HomeScreen)
        resume = app.screen.query_one("#resume", OptionList)
        first, second = (str(resume.get_option_at_index(i).prompt) for i in range(2))
        assert "7 moves" in first and "→ Ben plays a card" in first
        assert "3 moves" in second and "→ Aki plays a card" in second
        assert all(len(line) <= resume.scrollable_content_region.width for line in first.splitlines())

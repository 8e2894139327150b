"""The home screen: which list has the keys is shown by more than colour, and each unfinished game
says how far it got and whose turn it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.app_games import GAMES, PLAYERS


def titles(app: object) -> tuple[str, str]:
    screen = app.screen  # type: ignore[attr-defined]
    return (
        str(screen.query_one("#menu", OptionList).border_title),
        str(screen.query_one("#resume", OptionList).border_title),
    )


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
        await until(pilot, lambda: titles(app)[0] == "メニュー")
        menu, resume = titles(app)
        assert resume.startswith("▶ 途中") and menu == "メニュー"
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_f2_keeps_the_menus_highlight_on_its_line(db: Path) -> None:
    """The menu's highlight stays on its line in the new language (F2 put it back on the first line,
    where one ↑ more goes round to Quit and Enter closes the app)."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen._listed)
        menu = app.screen.query_one("#menu", OptionList)
        await pilot.press("down", "down")
        line = menu.get_option_at_index(2).id
        await pilot.press("f2")
        await until(pilot, lambda: titles(app)[0].endswith("メニュー"))
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.highlighted == 2 and menu.get_option_at_index(2).id == line and menu.has_focus
        await pilot.press("up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.screen.sheet  # the line above: the score sheet


async def test_two_games_of_the_same_table_are_told_apart_by_progress_and_turn(db: Path) -> None:
    with Store.open(db) as store:
        for moves in (3, 7):
            live = store.load(store.new_game("homalet", PLAYERS, start=0))
            for line in GAMES["homalet"][:moves]:
                live.play_line(line)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, HomeScreen) and app.screen.query_one("#resume", OptionList).option_count >= 2
            ),
        )
        assert isinstance(app.screen, HomeScreen)
        resume = app.screen.query_one("#resume", OptionList)
        first, second = (str(resume.get_option_at_index(i).prompt) for i in range(2))
        assert "7 moves" in first and "→ Ben plays a card" in first
        assert "3 moves" in second and "→ Aki plays a card" in second
        assert all(len(line) <= resume.scrollable_content_region.width for line in first.splitlines())


def burst(app: object, *keys: str) -> None:
    """Keys as a terminal delivers a fast typist's burst: all queued before any is handled."""
    from textual import events

    named = {"tab": None, "enter": "\r", "ctrl+u": None, "space": " ", "down": None}
    for key in keys:
        app.post_message(events.Key(key, named.get(key, key)))  # type: ignore[attr-defined]


async def test_keys_typed_while_the_games_are_read_and_a_game_opens_are_kept(db: Path) -> None:
    """Tab, Enter, ctrl+u and a line typed in one burst as the app starts: the first unfinished
    game opens (its list was still being read at the Enter) and the line lands in its entry line."""
    from textual.widgets import Input

    from companion.app.screens.track import GameScreen

    with Store.open(db) as store:
        store.new_game("homalet", PLAYERS, start=0)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        burst(app, "tab", "enter", "ctrl+u", "r", "e", "v", "space", "0", "1")
        await until(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry", Input).value == "rev 01",
        )
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one("#entry", Input).value == "rev 01"


async def test_keys_typed_in_one_burst_with_the_enter_that_opens_a_game_are_kept(db: Path) -> None:
    from textual.widgets import Input

    from companion.app.screens.track import GameScreen

    with Store.open(db) as store:
        for _ in range(2):
            store.new_game("homalet", PLAYERS, start=0)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("tab")
        burst(app, "enter", "ctrl+u", "0", "7", "space", "b")
        await until(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry", Input).value == "07 b",
        )
        assert isinstance(app.screen, GameScreen) and app.screen.live.id == 2
        assert app.screen.query_one("#entry", Input).value == "07 b"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_command_palette_speaks_japanese(db: Path) -> None:
    from textual.command import CommandInput

    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette_input = app.screen.query_one(CommandInput)
        assert palette_input.placeholder == "コマンドを検索…"
        await pilot.press(*"zzqx")
        await until(pilot, lambda: any(o.disabled for o in app.screen.query_one(OptionList).options))
        shown = [
            str(o.prompt.renderable)  # type: ignore[union-attr]
            for o in app.screen.query_one(OptionList).options
            if o.disabled
        ]
        assert shown == ["一致するコマンドはありません"]


async def test_the_language_chosen_with_f2_is_remembered(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """F2 writes the choice to the user's config folder; the next start uses it, the locale stays
    the default before any choice, and --lang on the command line still wins."""
    import sys

    import companion.app
    from companion.app.app import CompanionApp
    from companion.app.prefs import prefs_path

    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert not prefs_path().exists()
    assert CompanionApp(db_path=str(db)).lang == "en"  # the locale's, before any choice
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
    assert list(prefs_path().parent.iterdir()) == [prefs_path()]  # written whole: no temporary file left
    assert CompanionApp(db_path=str(db)).lang == "ja"
    started: list[str] = []
    monkeypatch.setattr(CompanionApp, "run", lambda self: started.append(self.lang))
    monkeypatch.setattr(sys, "argv", ["companion"])
    companion.app.run("en")
    monkeypatch.setattr(sys, "argv", ["companion", "--lang", "en"])
    companion.app.run("en")
    assert started == ["ja", "en"]


async def test_the_new_game_form_hides_the_unused_start_player_and_asks_before_discarding(db: Path) -> None:
    """D-6: Reign of Dragoness has no start player, so the field is not shown for it; leaving the
    form with names typed asks first (N stays, Y leaves); an empty form just closes."""
    from textual.widgets import Input, Select

    from companion.app.screens.confirm import Confirm

    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#start").display
        app.screen.query_one("#game", Select).value = "dragoness"
        await pilot.pause()
        assert not app.screen.query_one("#start").display and not app.screen.query_one("#start-label").display
        app.screen.query_one("#players", Input).value = "Aki, Ben"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.screen.query_one("#players", Input).value == "Aki, Ben"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")  # nothing typed: no question
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_tracking_screen_announces_the_end_with_the_winners(db: Path) -> None:
    from companion.app.screens.settle import SettleScreen
    from companion.app.screens.track import GameScreen

    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game("homalet", PLAYERS, start=0)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for line in GAMES["homalet"]:
            assert screen.play(line)
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        await pilot.press("escape")
        await pilot.pause()
        shown = str(app.screen.query_one("#ruling").content)  # type: ignore[attr-defined]
        assert "The game is over. Winner: Ben. F5: the settlement" in shown


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_new_game_form_marks_the_focused_field_and_explains_the_start_player(db: Path, lang: str) -> None:
    """Issue 18: the field being typed into is marked on its label (▶), not by a shade alone; with
    no players named yet the start player reads as the first seat, not a bare —."""
    from textual.widgets import Label, Select

    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen())
        await pilot.pause()
        screen = app.screen

        def marked() -> list[str]:
            return [label.id or "" for label in screen.query(Label) if str(label.content).startswith("▶ ")]

        assert marked() == ["players-label"]
        await pilot.press("tab")
        assert marked() == ["start-label"]
        start = screen.query_one("#start", Select)
        shown = str(start.query_one("SelectCurrent Static").render())
        assert shown == (
            "the first seat (name the players to choose another)"
            if lang == "en"
            else "最初の席の人（プレイヤーを入力すると選べます）"
        )
        await pilot.press("shift+tab")
        await pilot.press(*"Aki,Ben,Chie")
        await pilot.pause()
        assert marked() == ["players-label"]
        assert start.selection == 0 and "1: Aki" in str(start.query_one("SelectCurrent Static").render())

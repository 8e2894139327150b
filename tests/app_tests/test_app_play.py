"""Headless Pilot tests of the table app: whole games through the entry line, refusals, undo and
redo, and what the store holds afterwards. Long flows go through the entry line's own handler
(``GameScreen.play``, what Enter calls); key presses are kept for the real key paths."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app.app import CompanionApp
from companion.app.screens.settle import SettleScreen
from companion.app.screens.track import GameScreen
from companion.rules.common import Refusal
from companion.store import Store

from .conftest import make_app
from .games import GAMES, PLAYERS, WINNERS


def text_of(app: CompanionApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def open_new(app: CompanionApp, pilot: Pilot[Any], game: str) -> GameScreen:
    game_id = app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0)
    app.open_game(game_id)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def enter(pilot: Pilot[Any], line: str) -> None:
    """Type ``line`` into the entry line and press Enter (one real key press)."""
    entry = pilot.app.screen.query_one("#entry", Input)
    entry.value = line
    await pilot.press("enter")


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_short_complete_game_is_played_and_settled_through_the_entry_line(db: Path, game: str) -> None:
    """F-14, H-11/H-12, D-10/D-11 as the app shows them: every line accepted, the settlement opens
    at the end with the winners, and the store holds a finished game with those winners."""
    app = make_app(db)
    lines = GAMES[game]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, game)
        for line in lines[:3]:
            await enter(pilot, line)
            assert "Refused" not in text_of(app, "#ruling"), line
        for line in lines[3:]:
            assert screen.play(line), text_of(app, "#ruling")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        winners = text_of(app, "#winners")
        assert all(name in winners for name in WINNERS[game])
        assert all(name not in winners for name in set(PLAYERS) - set(WINNERS[game]))
    with Store.open(db) as store:
        (summary,) = store.games()
        assert summary.finished and list(summary.winners) == WINNERS[game]
        assert summary.actions == len(lines)


async def test_a_refused_line_shows_the_engines_reason_and_changes_nothing(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:12]:  # to Aki's build step after R13 A1N n
            assert screen.play(line)
        live = screen.live
        before_board = text_of(app, "#board")
        position = live.position
        engine = live.engine
        with pytest.raises(Refusal) as expected:  # the engine's own words for the bad build
            engine.apply(live.state, engine.parse_line(live.state, "R1 on-right"))
        await enter(pilot, "R1 on-right")
        ruling = text_of(app, "#ruling")
        assert expected.value.msg.en in ruling and ruling.startswith("Refused")
        assert live.position == position and text_of(app, "#board") == before_board
        assert app.screen.query_one("#entry", Input).value == "R1 on-right"  # kept, to be mended
    with Store.open(db) as store:
        assert store.load(1).position == position


async def test_undo_and_redo_with_the_keys_and_after_a_restart(db: Path) -> None:
    app = make_app(db)
    lines = GAMES["homalet"]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in lines[:7]:
            assert screen.play(line)
        board_after_7 = text_of(app, "#board")
        await pilot.press("ctrl+z")
        assert screen.live.position == 6 and text_of(app, "#ruling").startswith("Undone: 07")
        assert text_of(app, "#board") != board_after_7
        await pilot.press("ctrl+z", "ctrl+y")
        assert screen.live.position == 6 and text_of(app, "#ruling").startswith("Redone: ")
        await pilot.press("ctrl+y")
        assert screen.live.position == 7 and text_of(app, "#board") == board_after_7
        await pilot.press("ctrl+y")
        assert text_of(app, "#ruling") == "Nothing to redo."
        await pilot.press("ctrl+z")
    app = make_app(db)  # a new session: the store remembers the undone action
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(1)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.live.position == 6
        await pilot.press("ctrl+y")
        assert app.screen.live.position == 7 and text_of(app, "#board") == board_after_7


async def test_tab_completes_a_legal_line(db: Path) -> None:
    """The suggestion is a line the engine accepts now: in the build step after R13 A1N n, G
    completes to a legal build of G3 (F-11), and Tab takes it."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:13]:
            assert screen.play(line)
        entry = app.screen.query_one("#entry", Input)
        await pilot.press("R", "1", "space")
        await pilot.pause()
        await pilot.press("tab")
        assert entry.value.startswith("R1 ") and len(entry.value) > 3
        engine, state = screen.live.engine, screen.live.state
        engine.apply(state, engine.parse_line(state, entry.value))  # legal now: no Refusal


async def test_typing_shows_what_the_line_would_do(db: Path) -> None:
    """F-5 before Enter: the coach shows the engine's ruling for the line as typed."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:11]:
            assert screen.play(line)
        entry = app.screen.query_one("#entry", Input)
        entry.value = "R13"
        await pilot.pause()
        assert "A1N:n3" in text_of(app, "#ruling")  # 13 ≥ 1 + 3 at A1N: three cards by number
        entry.value = "R13 A1N n"
        await pilot.pause()
        assert text_of(app, "#ruling").startswith("Enter: ") and "captures 3" in text_of(app, "#ruling")
        assert screen.live.position == 11


async def test_the_language_switches_everything_on_screen(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        assert screen.play("open Aki Lo1")
        await pilot.press("f2")
        await pilot.pause()
        assert app.lang == "ja"
        assert "ラウンド" in text_of(app, "#board") and "Round" not in text_of(app, "#board")
        assert "レイン・オブ・ドラゴンネス" in str(app.screen.query_one("#game-title", Static).content)
        await enter(pilot, "パス")
        assert text_of(app, "#ruling").startswith("できません：")


async def test_new_game_form_stores_the_table_and_opens_it(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game, the first item of the menu
        await pilot.pause()
        entry = app.screen.query_one("#players", Input)
        entry.value = "Aki, Ben"
        await pilot.press("enter")
        await pilot.pause()
        assert "3 to 5 players" in text_of(app, "#problem")  # F-2, the engine's refusal
        entry.value = "Aki, Ben, Chie"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.live.players == tuple(PLAYERS)


async def test_help_lists_the_keys_notation_and_this_games_assumptions(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        await pilot.press("f1")
        await pilot.pause()
        shown = " ".join(str(w.content) for w in app.screen.query(Static))
        engine = screen.engine
        assert engine.NOTATION.en in shown and "Ctrl+Z" in shown
        for rule, msg in engine.ASSUMPTIONS:
            assert f"[{rule}]" in shown and msg.en in shown
        assert "F-13" not in shown  # only this game's assumptions


async def test_the_command_palette_offers_the_apps_commands(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        titles = [c.title for c in app.get_system_commands(screen)]
        for title in ("New game", "Resume", "Undo", "Redo", "Export the record", "Help"):
            assert title in titles
        app.lang = "ja"
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "取り消し" in titles and "新しいゲーム" in titles
        await pilot.pause()


async def test_clicking_a_spot_types_it_into_the_entry_line(db: Path) -> None:
    """The mouse as an alternative: a click on a spot label of the grid (F-3) adds it to the line."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:11]:
            assert screen.play(line)
        entry = app.screen.query_one("#entry", Input)
        entry.value = "R13"
        board = text_of(app, "#board").splitlines()
        column = board[0].index("A1N")
        assert await pilot.click("#board", offset=(column + 2, 0))  # the board's padding is one cell
        assert entry.value == "R13 A1N "


async def test_export_writes_the_record(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in GAMES["homalet"][:4]:
            assert screen.play(line)
        await pilot.press("f4")
        await pilot.pause()
    record = json.loads((db.parent / "companion-game-1.json").read_text(encoding="utf-8"))
    assert record["format"] == "companion-record" and len(record["actions"]) == 4


async def test_the_build_step_says_why_each_refused_place_is_refused(db: Path) -> None:
    """F-11 in the coach: typing a captured card lists its legal places and each refused one
    with the engine's reason."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:13]:  # R13 is built: R1 and G3 are still to build
            assert screen.play(line)
        entry = app.screen.query_one("#entry", Input)
        entry.value = "R1"
        await pilot.pause()
        shown = text_of(app, "#ruling")
        (option,) = [o for o in screen.engine.build_options(screen.live.state) if str(o.card) == "R1"]
        for _, why in option.refused:
            assert why.en in shown
        assert option.refused and option.legal


async def test_a_dragoness_group_with_two_wild_readings_shows_both(db: Path) -> None:
    """D-5: a Page with Fr6 Fr7 reads as 5 or 8; both are shown before Enter, the stronger first."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        for line in ("open Aki Lo1", "Lo1", "pass", "pass"):
            assert screen.play(line)
        entry = app.screen.query_one("#entry", Input)
        entry.value = "PG Fr6 Fr7"
        await pilot.pause()
        shown = text_of(app, "#ruling")
        assert shown.startswith("Readings") and shown.index("6–8") < shown.index("5–7")


async def test_in_japanese_both_japanese_and_english_lines_complete(db: Path) -> None:
    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:13]:
            assert screen.play(line)
        legal = screen.legal_lines()
        assert legal is not None
        assert (legal.first("赤1 ") or "").startswith("赤1 ")
        assert (legal.first("R1 ") or "").startswith("R1 ")

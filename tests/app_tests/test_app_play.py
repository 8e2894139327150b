"""Headless Pilot tests of the table app: whole games through the entry line, refusals, undo and
redo, and what the store holds afterwards. Long flows go through the entry line's own handler
(``GameScreen.play``, what Enter calls); key presses are kept for the real key paths."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from companion.app.app import CompanionApp
from companion.app.screens.settle import SettleScreen
from companion.app.screens.track import GameScreen
from companion.app.widgets.line import OneLine
from companion.rules import fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.store import Store
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS, WINNERS
from tests.helpers.own import own


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
        await pilot.press("ctrl+z")  # undo from the settlement: back to the game, one action taken back
        assert isinstance(app.screen, GameScreen) and app.screen.live.position == len(lines) - 1
        await pilot.press("ctrl+y")
        await pilot.press("f5")
        assert isinstance(app.screen, SettleScreen)
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
        assert app.screen.live.position == 7  # the same table (a board keeps its height: blank rows after it)
        assert text_of(app, "#board").rstrip("\n") == board_after_7.rstrip("\n")


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
        assert "A1N:n3" in text_of(app, "#coach")  # 13 ≥ 1 + 3 at A1N: three cards by number
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
        assert "レイン・オブ・ドラゴンネス" in app.screen.query_one("#game-title", OneLine).words
        await enter(pilot, "パス")
        assert text_of(app, "#ruling").startswith("✕ ")


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
        shown = text_of(app, "#coach")
        (option,) = [o for o in fortress.build_options(own(fortress.State, screen.live.state)) if str(o.card) == "R1"]
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
        shown = text_of(app, "#coach")
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


async def test_an_engine_bug_is_one_sentence_and_stores_nothing(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")

        def broken(state: object, line: str) -> None:
            raise KeyError("oops")

        monkeypatch.setattr(screen.engine, "parse_line", broken)
        await enter(pilot, "reveal 01 02")
        assert text_of(app, "#ruling") == "Unexpected error (KeyError: 'oops'); nothing was changed."
        assert screen.live.position == 0 and isinstance(app.screen, GameScreen)


async def test_clicking_a_battlefield_card_writes_the_pick(db: Path) -> None:
    """H-5 by mouse: in the pick step a battlefield card is a choice; a click writes its line."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in GAMES["homalet"][:9]:  # Ben won the battlefield and picks
            assert screen.play(line)
        board = text_of(app, "#board").splitlines()
        row = next(i for i, text in enumerate(board) if "17" in text and "Ben" in text)
        assert await pilot.click("#board", offset=(board[row].index("17") + 2, row))
        entry = app.screen.query_one("#entry", Input)
        engine, state = screen.engine, screen.live.state
        assert engine.parse_line(state, entry.value) == homalet.Pick(1, 17)


SPECIALS = ["open Aki Lo1", "Lo1", "PG", "RV", "Lo2", "SQ", "KN", "DR"]


async def test_every_dragoness_special_card_is_drawn_and_the_game_resumes(db: Path) -> None:
    """D-5/D-9 on the board: Page, Squire, Dragon Knight and the Dragoness on top of the pile are
    drawn by name with the value each stands for (played alone: 8, 9, 12; the Dragoness 13), and the
    stored game resumes after a restart."""
    app = make_app(db)
    shown = {"PG": "Page (=8)", "SQ": "Squire (=9)", "KN": "Dragon Knight (=12)", "DR": "Dragoness 13"}
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        for line in SPECIALS:
            assert screen.play(line), text_of(app, "#ruling")
            await pilot.pause()
            board = text_of(app, "#board").replace("\u00a0", " ")  # a card's name is not broken
            if line in shown:
                assert shown[line] in board, line
        assert not app.bugs
    again = make_app(db, "ja")
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        again.action_resume()
        await pilot.pause()
        assert isinstance(again.screen, GameScreen) and again.screen.live.position == len(SPECIALS)
        board = text_of(again, "#board").replace("\u00a0", " ")
        assert "ドラゴンネス 13" in board
        assert not again.bugs


async def test_a_bug_while_drawing_a_part_shows_a_sentence_there(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No traceback ever: a board that cannot be drawn says so in its place; the game goes on."""
    import companion.app.screens.track as track

    def broken(*args: object) -> None:
        raise ValueError("no colour")

    monkeypatch.setattr(track, "board", broken)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        assert "cannot be drawn (ValueError: no colour)" in text_of(app, "#board")
        assert screen.play("open Aki Lo1") and screen.live.position == 1


@pytest.mark.bugs_expected
async def test_a_screen_that_breaks_goes_home_with_a_sentence(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug while composing a whole screen: the app stays up, on the home screen, saying what
    broke; the game stays stored and resumable."""
    from companion.app.screens.home import HomeScreen

    def broken(self: GameScreen) -> None:
        raise RuntimeError("cannot compose")

    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game("fortress", PLAYERS, start=0)
        with monkeypatch.context() as patch:
            patch.setattr(GameScreen, "compose", broken)
            app.open_game(game_id)
            await asyncio.sleep(0.5)
        assert isinstance(app.screen, HomeScreen)
        assert "cannot compose" in str(app.bugs[0])
        assert [n.message for n in app._notifications][-1].startswith("Something went wrong while drawing")
        app.open_game(game_id)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_entry_line_shows_a_line_legal_now_and_tab_offers_them(db: Path, lang: str) -> None:
    """The placeholder is an example the engine accepts in this state, not a general sentence; Tab on
    an empty line lists the legal lines and writes them one by one, each accepted by the engine."""
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in GAMES["homalet"][:7]:
            assert screen.play(line)
        await pilot.pause()
        entry = app.screen.query_one("#entry", Input)
        engine, state = screen.live.engine, screen.live.state
        head = "e.g. " if lang == "en" else "例："
        assert entry.placeholder.startswith(head)
        example = entry.placeholder.removeprefix(head).split("  ")[0].split("　")[0]
        engine.apply(state, engine.parse_line(state, example))  # legal now: no Refusal
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            assert entry.value not in seen
            seen.append(entry.value)
            engine.apply(state, engine.parse_line(state, entry.value))
        assert seen[0] == example and all(line in text_of(app, "#coach").splitlines() for line in seen)
        await pilot.press("enter")
        assert screen.live.position == 8


async def test_tab_after_words_no_line_starts_with_offers_the_lines_holding_them(db: Path) -> None:
    """Issue 18 (fewer keys): a card alone, typed during the F-2 reveal (no line starts with it),
    then Tab writes the first legal line holding it (the first empty cell), Tab again the next;
    Enter plays it. Words no legal line holds are told so, and nothing is written."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        entry = screen.query_one("#entry", Input)
        assert entry.value == "A1 "  # begun with the first empty cell: Ctrl+U empties it
        await pilot.press("ctrl+u", "K", "1", "0")
        await pilot.pause()
        await pilot.press("tab")
        assert entry.value == "A1 K10"
        await pilot.press("tab")
        assert entry.value == "A2 K10" and "A1 K10" in text_of(app, "#coach").replace("\u00a0", " ")
        await pilot.press("enter")
        assert (
            screen.live.position == 1
            and screen.engine.action_line(screen.live.state_at(0), screen.live.actions[0]) == "A2 K10"
        )
        entry.value = "K10"  # on the grid now: no legal line holds it
        await pilot.press("tab")
        assert entry.value == "K10" and text_of(app, "#ruling").startswith("No legal line holds what is typed")


async def test_tab_steps_through_the_offers_past_a_longer_line_an_offer_starts(db: Path) -> None:
    """Tab on an empty line writes the first legal line ('A1 R1'); Tab again the second offer, not the
    suggestion 'A1 R10' that 'A1 R1' starts (a bench_keys plan the app did not follow)."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        entry = screen.query_one("#entry", Input)
        legal = screen.legal_lines()
        assert legal is not None
        offers = legal.legal(3)
        assert legal.first(offers[0]) is not None  # a longer legal line starts with the first offer
        await pilot.press("ctrl+u")  # the line begun with the first empty cell, emptied
        for offered in offers:
            await pilot.press("tab")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert entry.value == offered
        entry.value = offers[0][:-1]  # typed by hand: Tab takes the suggestion again
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("tab")
        assert entry.value != offers[0][:-1] and entry.value.startswith(offers[0][:-1])


async def test_a_suggestion_is_marked_beside_the_line_not_by_colour_alone(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:13]:
            assert screen.play(line)
        await pilot.press("ctrl+u")
        await pilot.pause()
        assert text_of(app, "#hint") == ""
        await pilot.press("R", "1", "space")
        await pilot.pause()
        assert text_of(app, "#hint") == "← Tab"
        await pilot.press("tab")
        await pilot.pause()
        assert text_of(app, "#hint") == ""


NARROW = 44  # cells: Aki's fortress row of GAMES["fortress"][:25] is longer


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_long_player_rows_wrap_under_their_own_column(lang: Lang) -> None:
    """A fortress row too long for the board goes on under the fortress column, never back to
    column 1, and no line is wider than the board (Japanese is two cells a character)."""
    from rich.cells import cell_len

    from companion.app.widgets.boards import board
    from companion.store import Store

    with Store.open(":memory:") as store:
        live = store.load(store.new_game("fortress", PLAYERS, start=0))
        for line in GAMES["fortress"][:25]:
            live.play_line(line)
        wide = board(live.engine, live.state, lang).plain.splitlines()
        narrow = board(live.engine, live.state, lang, NARROW).plain.splitlines()
    aki = next(i for i, line in enumerate(narrow) if "Aki" in line)
    start = next(i for i, line in enumerate(wide) if "Aki" in line)
    column = cell_len(wide[start][: wide[start].index("R13")])
    more = list(itertools.takewhile(lambda line: line.startswith(" " * column), narrow[aki + 1 :]))
    assert more and narrow[aki + 1] == more[0]  # the row goes on right below, under its column
    assert " ".join(narrow[aki].split() + [w for line in more for w in line.split()]) == " ".join(wide[start].split())
    assert all(cell_len(line) <= NARROW for line in narrow[aki:])


async def test_the_settlement_prints_the_result_sheet_carrying_the_record(db: Path) -> None:
    """The settlement offers the result sheet (issue 13's print result): P writes a PDF whose QR
    codes give back the stored record."""
    import pypdfium2 as pdfium
    import zxingcpp
    from pypdf import PdfReader

    from companion.records.qr_record import decode_parts

    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in GAMES["homalet"]:
            assert screen.play(line)
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        await pilot.press("p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        record = app.store.export_record(1)
    sheet = db.parent / "companion-result-1.pdf"
    text = "".join(page.extract_text() for page in PdfReader(sheet).pages)
    assert all(name in text for name in PLAYERS)
    parts = []
    for page in pdfium.PdfDocument(str(sheet)):  # the codes start under the scores and go on over the pages
        image = page.render(scale=200 / 72).to_pil().convert("L")
        codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        parts += [code.text for code in codes]
    assert parts and decode_parts(parts) == record


REFUSED = {"fortress": ("R7 A1N x", "R7 A1N nmber"), "homalet": ("00 x", "00 batle"), "dragoness": ("Zz9", "pas")}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_a_refused_line_is_two_rows_at_80_columns_and_leaves_the_board(db: Path, game: str, lang: str) -> None:
    """Issue 18: a refusal is the reason and the one line to type (or a did-you-mean), then F1 for
    the whole notation, in at most two rows at 80×24; the board stays on screen."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new(app, pilot, game)
        if lang == "ja":
            await pilot.press("f2")
            await pilot.pause()
        for line in REFUSED[game]:
            await enter(pilot, line)
            await pilot.pause()
            ruling = app.screen.query_one("#ruling", Static)
            words = text_of(app, "#ruling")
            assert words.startswith("✕ " if lang == "ja" else "Refused: "), words
            assert words.endswith("F1でヘルプ" if lang == "ja" else "F1: help"), words
            assert ruling.size.height <= 2, (ruling.size, words)
            assert app.screen.query_one("#board").size.height > 0
        meant = {"fortress": "R7 A1N number", "homalet": "00 battle", "dragoness": "pass"}[game]
        assert (f"did you mean {meant}?" if lang == "en" else f"「{meant}」の誤りですか？") in words


async def offered_by_tab(app: CompanionApp, pilot: Pilot[Any], count: int) -> list[str]:
    """The lines Tab writes on an empty line, pressed ``count`` times."""
    entry = app.screen.query_one("#entry", Input)
    seen = []
    for _ in range(count):
        await pilot.press("tab")
        seen.append(entry.value)
    return seen


async def test_tab_offers_the_season_moves_of_an_open_homalet_effect(db: Path) -> None:
    """H-6 by Tab (issue 17): with Aki's summer effect open, Tab on an empty line offers the
    ``move`` lines the engine accepts, and ``end``."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in ["reveal 01 02", "reveal 03 04", "reveal 05 06", "15 b", "18 w", "28 w void", "pick 15"]:
            assert screen.play(line)
        engine, state = screen.live.engine, own(homalet.State, screen.live.state)
        assert state.phase == "effect"  # a season effect is open (H-6)
        seen = await offered_by_tab(app, pilot, 6)
        assert "end" in seen and sum(line.startswith("move ") for line in seen) >= 3
        for line in seen:
            engine.apply(state, engine.parse_line(state, line))  # each legal now: no Refusal


async def test_tab_offers_dragoness_groups_that_beat_the_pile(db: Path) -> None:
    """D-4, D-5, D-7 by Tab (issue 17): on a pair of 1s, Tab offers pass first (the commonest line,
    issue 27), then pairs (groups of two cards, a wild one among them) that beat it, each accepted
    by the engine."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        for line in ["open Aki Lo1", "Lo1 Fr1", "Cy1 Et1"]:
            assert screen.play(line)
        engine, state = screen.live.engine, screen.live.state
        seen = await offered_by_tab(app, pilot, 5)
        assert seen[0] == "pass"
        assert all(len(line.split()) == 2 for line in seen[1:]) and len(set(seen)) == 5
        assert seen == screen._offers[:5]  # Tab goes down its list (Sa1 PG, then Lo2 Fr2), never to Sa1 PG=1
        for line in seen:
            engine.apply(state, engine.parse_line(state, line))


async def test_the_open_game_follows_moves_made_elsewhere_within_a_second(db: Path) -> None:
    """Another program (a second browser tab, ``companion play``) plays and undoes on the open game:
    the screen shows the new state and the ruling, as the store's data_version tells it."""
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        other = Store.open(db)
        try:
            elsewhere = other.load(screen.live.id)
            ruling = elsewhere.play_line("A1 Y6")
            for _ in range(40):  # up to two seconds; the screen looks four times a second
                await pilot.pause(0.05)
                if screen.live.position == 1:
                    break
            await pilot.pause(0.05)
            assert screen.live.position == 1
            assert ruling.en in str(screen.ruling) and "From elsewhere" in str(screen.ruling)
            assert "(1)" in app.screen.query_one("#game-title", OneLine).words
            elsewhere.undo()
            for _ in range(40):
                await pilot.pause(0.05)
                if screen.live.position == 0:
                    break
            assert screen.live.position == 0
            assert "actions undone: 1" in str(screen.ruling)
        finally:
            other.close()

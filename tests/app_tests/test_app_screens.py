"""Score-sheet forms, the settlement's QR code, history and statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from textual.widget import Widget
from textual.widgets import DataTable, Input, Select, Static

from companion.app.screens.settle import SettleScreen, compact_json
from companion.app.screens.sheet import SheetScreen
from companion.app.widgets.qr import half_blocks, qr_matrix
from companion.settle import settle
from companion.store import Store
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS, WINNERS


def text_of(app: object, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)  # type: ignore[attr-defined]


def unblock(lines: list[str]) -> list[list[bool]]:
    """The modules back from the half-block characters (the test's own reading of them)."""
    top = {" ": False, "▀": True, "▄": False, "█": True}
    bottom = {" ": False, "▀": False, "▄": True, "█": True}
    rows = []
    for line in lines:
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


def decode(matrix: list[list[bool]], scale: int = 6) -> str:
    size = len(matrix[0])
    image = Image.new("L", (size * scale, len(matrix) * scale), 255)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    (found,) = zxingcpp.read_barcodes(image)
    return str(found.text)


def test_the_terminal_qr_code_reads_back_as_the_compact_settle_json() -> None:
    answer = settle(
        {
            "game": "homalet",
            "players": [{"name": "秋", "pile": ["07", "17", "26", "38", "45"]}, {"name": "Ben", "pile": ["01"]}],
        }
    )
    data = compact_json(answer)
    lines = half_blocks(qr_matrix(data))
    matrix = unblock(lines)
    assert matrix[: len(qr_matrix(data))] == qr_matrix(data)
    assert json.loads(decode(matrix)) == answer


async def test_a_homalet_score_sheet_is_live_and_stored_as_a_finished_game(db: Path) -> None:
    """H-11 and H-12 on the sheet: the scores update as piles are typed; saving stores the game."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetScreen("homalet", PLAYERS))
        await pilot.pause()
        app.screen.query_one("#pile-0", Input).value = "07 17 26 28 25"  # H-1: three players use 00 to 29
        app.screen.query_one("#pile-1", Input).value = "01 02"
        await pilot.pause()
        assert "Aki: 12" in text_of(app, "#preview")  # 5 + same digit 2 + run 5
        app.screen.query_one("#pile-2", Input).value = "07"
        await pilot.pause()
        assert "07" in text_of(app, "#preview") and "each card exists once" in text_of(app, "#preview")
        app.screen.query_one("#pile-2", Input).value = "30"
        await pilot.pause()
        assert "30 is not used with 3 players" in text_of(app, "#preview")
        app.screen.query_one("#pile-2", Input).value = "29"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen) and "Aki" in text_of(app, "#winners")
    with Store.open(db) as store:
        (summary,) = store.games()
        assert summary.mode == "sheet" and summary.finished and list(summary.winners) == ["Aki"]


async def test_a_fortress_sheet_checks_every_column_as_it_is_entered(db: Path) -> None:
    """F-11 on the sheet: a column that breaks the ±3 check is named with the reason."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetScreen("fortress", PLAYERS))
        await pilot.pause()
        app.screen.query_one("#columns-0", Input).value = "R5 Y5 / G6 / B12"
        await pilot.pause()
        preview = text_of(app, "#preview")
        assert "Aki" in preview and "F-11" in preview
        app.screen.query_one("#columns-0", Input).value = "R5 Y5 / G6 / B9"
        app.screen.query_one("#hand-0", Input).value = "R3"
        await pilot.pause()
        assert "Aki: 3" in text_of(app, "#preview")  # 3 columns × 2 − 3 (F-14)


async def test_a_dragoness_sheet_totals_the_rounds(db: Path) -> None:
    """D-10 on the sheet: the round points and running totals as the rounds are filled."""
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SheetScreen("dragoness", PLAYERS))
        await pilot.pause()
        app.screen.query_one("#out-0", Select).value = "Ben"
        app.screen.query_one("#left-0-0", Input).value = "4"
        app.screen.query_one("#left-2-0", Input).value = "7"
        await pilot.pause()
        preview = text_of(app, "#preview")
        assert "Ben +3" in preview and "Aki +2" in preview and "Chie +1" in preview
        assert preview.startswith("Round 1: ")
        await app.run_action("toggle_lang")  # the Japanese colon, as the total's (合計：)
        await pilot.pause()
        assert text_of(app, "#preview").startswith("ラウンド1：")


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_dragoness_round_with_cards_left_but_nobody_out_says_so_and_saves_nothing(db: Path, lang: str) -> None:
    """D-10: a round counts once someone went out. Cards left written for round 2 with nobody chosen
    as out: the preview and Save name the round and what to choose, not "rounds must list 1 to 5";
    nothing is stored; once Chie is chosen, the round counts."""
    app = make_app(db, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SheetScreen("dragoness", PLAYERS))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#out-0", Select).value = PLAYERS[1]
        for field, value in (("#left-0-0", "4"), ("#left-2-0", "7"), ("#left-0-1", "2"), ("#left-1-1", "5")):
            screen.query_one(field, Input).value = value
        await pilot.pause()
        said = ("Round 2: choose who went out", "ラウンド2で上がった人")[lang == "ja"]
        assert said in text_of(app, "#preview")
        await app.run_action("screen.save")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)  # not saved: still the sheet
        with Store.open(db) as store:
            assert store.games() == []
        screen.query_one("#out-1", Select).value = PLAYERS[2]
        await pilot.pause()
        assert said not in text_of(app, "#preview")


async def test_the_field_being_filled_on_a_score_sheet_stands_out(db: Path) -> None:
    """In a grid of alike fields the one being filled is seen at a glance: its background differs
    clearly from the others' (a new player could hardly tell which "went out" list had the keys)."""
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SheetScreen("dragoness", PLAYERS))
        await pilot.pause()

        def apart(a: Widget, b: Widget) -> float:
            first, second = a.background_colors[1], b.background_colors[1]
            return float(sum((x - y) ** 2 for x, y in zip(first.rgb, second.rgb, strict=True)) ** 0.5)

        screen = app.screen
        assert screen.query_one("#left-0-0", Input).has_focus
        assert apart(screen.query_one("#left-0-0"), screen.query_one("#left-1-0")) > 60
        screen.query_one("#out-1", Select).focus()
        await pilot.pause()
        assert apart(screen.query_one("#out-1 SelectCurrent"), screen.query_one("#out-0 SelectCurrent")) > 60


async def test_history_lists_every_game_and_sorts_and_opens_them(db: Path) -> None:
    with Store.open(db) as store:
        for game in ("homalet", "dragoness"):
            live = store.load(store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0))
            for line in GAMES[game]:
                live.play_line(line)
        store.new_game("fortress", PLAYERS, start=0)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        app.action_history()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        assert [table.get_row_at(i)[0] for i in range(3)] == [3, 2, 1]  # newest first
        await pilot.press("1")
        assert [table.get_row_at(i)[0] for i in range(3)] == [1, 2, 3]
        await pilot.press("1")
        assert [table.get_row_at(i)[0] for i in range(3)] == [3, 2, 1]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "GameScreen"
        await pilot.press("escape", "escape")
        app.action_stats()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        ben_dragoness = next(r for r in rows if r[0] == "Ben" and r[1] == "Dragoness")
        assert ben_dragoness[2:4] == [1, 1]  # played 1, won 1 (D-11)
        assert WINNERS["dragoness"] == ["Ben"]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_settlement_shows_each_players_arithmetic(db: Path, lang: str) -> None:
    with Store.open(db) as store:
        live = store.load(store.new_game("fortress", PLAYERS, start=0))
        for line in GAMES["fortress"]:
            live.play_line(line)
        expected = live.settle(True, "ja" if lang == "ja" else "en")
        assert expected is not None
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(1)
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        shown = " ".join(str(w.content) for w in app.screen.query(Static))
        for player in expected["players"]:
            assert (
                player["explanation"] in shown.replace("\n  ", " ").replace("\n", " ")
                or player["explanation"][:20] in shown
            )
        tie = "F-14"
        assert tie in text_of(app, "#winners")


def test_the_language_defaults_to_the_locale(monkeypatch: pytest.MonkeyPatch, db: Path) -> None:
    from companion.app.app import CompanionApp

    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert CompanionApp(db_path=str(db)).lang == "ja"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert CompanionApp(db_path=str(db)).lang == "en"


async def test_player_names_complete_from_the_roster(db: Path) -> None:
    from companion.app.screens.new_game import NameSuggester, split_names

    with Store.open(db) as store:
        store.new_game("homalet", ["Akiko", "Ben", "Chie"], start=0)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game
        await pilot.pause()
        suggester = app.screen.query_one("#players", Input).suggester
        assert isinstance(suggester, NameSuggester)
        assert await suggester.get_suggestion("Dai, ak") == "Dai, Akiko"  # any case
        assert await suggester.get_suggestion("Dai, Ak") == "Dai, Akiko"
        assert await suggester.get_suggestion("Akiko, Ak") is None  # a name already at the table
        assert await suggester.get_suggestion("Zed") is None
    assert split_names("Aki, Ben、Chie，Dai") == ["Aki", "Ben", "Chie", "Dai"]


def test_companion_with_no_arguments_opens_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.app
    from companion.cli import main

    opened: list[str | None] = []

    def run(lang: str | None = None, db_path: str | None = None) -> int:
        opened.append(lang)
        return 0

    monkeypatch.setattr(companion.app, "run", run)
    assert main([]) == 0 and main(["--lang", "ja"]) == 0
    assert opened[1] == "ja" and len(opened) == 2


SHEETS = {
    "fortress": (
        {
            "columns-0": "R5 Y5 / G6 / B9",
            "hand-0": "R3",
            "columns-1": "Y11 / B13 G13 / R2 K2 Y2",
            "columns-2": "P7 G7 B7",
        },
        ["Ben"],
    ),  # Aki 3×2−3 = 3, Ben 3×3 = 9, Chie 1×3 = 3 (F-14)
    "homalet": ({"pile-0": "07 17 26 28 25", "pile-1": "01 02", "pile-2": "29"}, ["Aki"]),  # 12, 2, 1 (H-11; H-1)
    "dragoness": (
        {
            "out-0": "Aki",
            "left-1-0": "3",
            "left-2-0": "5",
            "out-1": "Ben",
            "left-0-1": "2",
            "left-2-1": "2",
            "out-2": "Chie",
            "left-0-2": "1",
            "left-1-2": "4",
            "out-3": "Aki",
            "left-1-3": "6",
            "left-2-3": "7",
            "out-4": "Aki",
            "left-1-4": "1",
            "left-2-4": "1",
        },
        ["Aki"],
    ),  # D-10, D-11
}


@pytest.mark.parametrize("game", list(SHEETS))
async def test_a_whole_score_sheet_is_saved_settled_and_counted(db: Path, game: str) -> None:
    """Score-sheet mode, each game: the sheet filled in, saved, settled with its winners, and
    stored as a finished game that statistics count."""
    fields, winners = SHEETS[game]
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(SheetScreen(game, PLAYERS))
        await pilot.pause()
        for field, value in fields.items():
            widget = app.screen.query_one(f"#{field}")
            if isinstance(widget, Select):
                widget.value = value
            else:
                assert isinstance(widget, Input)
                widget.value = value
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen), text_of(app, "#preview")
        shown = text_of(app, "#winners")
        assert all(w in shown for w in winners) and all(p not in shown for p in set(PLAYERS) - set(winners))
    with Store.open(db) as store:
        (summary,) = store.games()
        assert summary.mode == "sheet" and summary.finished and list(summary.winners) == winners
        assert {(r.player, r.wins) for r in store.stats(game=game)} == {(p, int(p in winners)) for p in PLAYERS}


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_history_fits_80_columns_with_every_column(db: Path, lang: str) -> None:
    """At 80×24 every column shows (State and Winners too): long names are cut with …, and the
    date column says what it holds, the last change (the order of the list)."""
    from rich.cells import cell_len

    with Store.open(db) as store:
        live = store.load(store.new_game("dragoness", [*PLAYERS, "Daisuke-long-name"], start=None))
        live.play_line("open Aki Lo1")
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_history()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels == (
            ["#", "Game", "Players", "Last change", "State", "Winners", "Moves"]
            if lang == "en"
            else ["#", "ゲーム", "プレイヤー", "最終更新", "状態", "勝者", "手数"]
        )
        assert str(table.get_row_at(0)[1]) == ("Dragoness" if lang == "en" else "ドラゴンネス")  # not "Reign of…"
        await pilot.press("2")  # sorted by game: its heading marked, every heading still whole
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[1] == ("Game ▲" if lang == "en" else "ゲーム ▲") and labels[2:4] == (
            ["Players", "Last change"] if lang == "en" else ["プレイヤー", "最終更新"]
        )
        await pilot.press("2")
        assert str(table.ordered_columns[1].label).endswith("▼")
        widths = sum(c.get_render_width(table) for c in table.ordered_columns)
        assert widths <= 80 - 2
        row = table.get_row_at(0)
        assert str(row[2]).endswith("…") and cell_len(str(row[1])) <= table.ordered_columns[1].width


@pytest.mark.parametrize("screen", ["history", "stats"])
async def test_an_empty_history_or_statistics_says_so(db: Path, screen: str) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        getattr(app, f"action_{screen}")()
        await pilot.pause()
        assert text_of(app, "#problem").startswith("No ")


async def test_the_qr_code_has_its_own_screen_that_says_when_it_does_not_fit(db: Path) -> None:
    """At 80×24 the settlement leaves the code out and Q shows it alone, with a sentence giving the
    size it needs; on a terminal large enough the sentence says to scan it instead."""
    from companion.app.screens.settle import QrScreen

    with Store.open(db) as store:
        live = store.load(store.new_game("fortress", PLAYERS, start=0))
        for line in GAMES["fortress"]:
            live.play_line(line)
        answer = live.settle(False, "en")
        assert answer is not None
        data = compact_json(answer)
    size = len(qr_matrix(data))
    for terminal, fits in (((80, 24), False), ((size + 4, size // 2 + 6), True)):
        app = make_app(db)
        async with app.run_test(size=terminal) as pilot:
            app.open_game(1)
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            assert isinstance(app.screen, SettleScreen)
            assert not app.screen.query_one("#qr-box").display
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, QrScreen)
            assert decode(unblock(str(app.screen.query_one("#qr", Static).content).splitlines())) == data
            note = text_of(app, "#qr-note")
            if fits:
                assert note.startswith("Scan with a phone")
            else:
                assert f"needs {size}×{(size + 1) // 2 + 2} cells" in note and "80×24" in note
            await pilot.press("escape")
            assert isinstance(app.screen, SettleScreen)


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_statistics_fit_80_columns_with_every_column(db: Path, lang: str) -> None:
    with Store.open(db) as store:
        live = store.load(store.new_game("dragoness", PLAYERS, start=None))
        for line in GAMES["dragoness"]:
            live.play_line(line)
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_stats()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert len(table.ordered_columns) == 9
        assert sum(c.get_render_width(table) for c in table.ordered_columns) <= 80 - 2
        ben = next(table.get_row_at(i) for i in range(table.row_count) if table.get_row_at(i)[0] == "Ben")
        assert ben[2:4] == [1, 1] and len(str(ben[8])) == 10  # the date whole

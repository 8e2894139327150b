"""Play details in the app (issue 21): the location on the new-game form, the notes on the settlement
screen (saved through the store, editable after the game), and the BG Stats link as a QR code (B)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from textual.pilot import Pilot
from textual.widgets import Button, Input, Static, TextArea

from companion.app.screens.new_game import NewGameScreen
from companion.app.screens.settle import QrScreen, SettleScreen
from companion.records.play_details import NOTES_MAX
from companion.results import bgstats
from companion.store import Store
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def scanned(lines: list[str], scale: int = 4) -> str:
    """What a phone reads from the half-block code: its modules drawn as an image, read by zxing."""
    top = {" ": False, "▀": True, "▄": False, "█": True}
    bottom = {" ": False, "▀": False, "▄": True, "█": True}
    rows = [row for line in lines for row in ([top[c] for c in line], [bottom[c] for c in line])]
    image = Image.new("L", (len(rows[0]) * scale, len(rows) * scale), 255)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    (found,) = zxingcpp.read_barcodes(image)
    return str(found.text)


def finished_game(db: Path, game: str = "homalet") -> int:
    with Store.open(db) as store:
        game_id = store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0, location="club")
        live = store.load(game_id)
        for line in GAMES[game]:
            live.play_line(line)
        assert live.finished
    return game_id


async def settled(pilot: Pilot[Any], game_id: int) -> SettleScreen:
    app: Any = pilot.app
    app.open_game(game_id)
    await pilot.pause()
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, SettleScreen)
    return app.screen


async def test_the_location_typed_on_the_new_game_form_is_kept_with_the_game(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen())
        await pilot.pause()
        app.screen.query_one("#players", Input).value = "Aki, Ben, Chie"
        app.screen.query_one("#location", Input).value = "Aki's flat"
        app.screen.query_one("#go", Button).press()
        await pilot.pause()
    with Store.open(db) as store:
        (game,) = store.games()
        assert store.load(game.id).details.location == "Aki's flat"


async def test_a_location_with_a_control_character_is_refused_on_the_form(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen())
        await pilot.pause()
        app.screen.query_one("#players", Input).value = "Aki, Ben, Chie"
        app.screen.query_one("#location", Input).value = "a\x07b"
        app.screen.query_one("#go", Button).press()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and "location" in text_of(app, "#problem")
        assert app.screen.query_one("#location", Input).value == "a\x07b"  # what was typed stays
    with Store.open(db) as store:
        assert store.games() == []


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_notes_are_saved_through_the_store_and_edited_after_the_game(db: Path, lang: str) -> None:
    game_id = finished_game(db)
    app = make_app(db, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await settled(pilot, game_id)
        area = screen.query_one("#notes", TextArea)
        area.focus()
        await pilot.press(*"close")
        await pilot.press("enter", *"game")
        screen.query_one("#save-notes", Button).press()
        await pilot.pause()
        assert text_of(app, "#notes-said") == ("Notes saved." if lang == "en" else "メモを保存しました。")
        with Store.open(db) as store:
            assert store.load(game_id).details.notes == "close\ngame"
        area.text = "x" * (NOTES_MAX + 1)
        await pilot.press("escape")  # leaving saves; notes that cannot be kept keep the screen
        await pilot.pause()
        assert app.screen is screen and "2,000" in text_of(app, "#notes-said")
        area.text = "edited later"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
    with Store.open(db) as store:
        assert store.load(game_id).details.notes == "edited later"
    again = make_app(db, lang)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot, game_id)
        assert screen.query_one("#notes", TextArea).text == "edited later"


async def test_notes_typed_survive_a_change_of_language(db: Path) -> None:
    game_id = finished_game(db)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot, game_id)
        screen.query_one("#notes", TextArea).text = "not saved yet"
        screen.relabel()
        await pilot.pause()
        assert app.screen.query_one("#notes", TextArea).text == "not saved yet"


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_b_shows_the_bg_stats_link_as_a_qr_code_a_phone_reads(db: Path, lang: str) -> None:
    game_id = finished_game(db, "fortress")
    with Store.open(db) as store:
        link = bgstats.url(bgstats.play_of_game(store.load(game_id)))
    assert bgstats.play_of_url(link)["location"] == "club"
    app = make_app(db, lang)
    async with app.run_test(size=(200, 70)) as pilot:
        await settled(pilot, game_id)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, QrScreen)
        assert scanned(str(app.screen.query_one("#qr", Static).content).splitlines()) == link
        note = text_of(app, "#qr-note")
        assert note.startswith("Scan with the phone that has BG Stats" if lang == "en" else "BG Stats の入った")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_settlement_with_notes_snapshot(snap_compare: Any, db: Path, lang: str, size: tuple[int, int]) -> None:
    game_id = finished_game(db, "fortress")
    with Store.open(db) as store:
        store.set_notes(game_id, "R13 decided it" if lang == "en" else "R13で決まった")

    async def prepare(pilot: Pilot[Any]) -> None:
        await settled(pilot, game_id)

    assert snap_compare(make_app(db, lang), terminal_size=size, run_before=prepare)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_new_game_form_snapshot(snap_compare: Any, db: Path, lang: str) -> None:
    async def prepare(pilot: Pilot[Any]) -> None:
        pilot.app.push_screen(NewGameScreen())
        await pilot.pause()
        pilot.app.screen.query_one("#location", Input).value = "Aki's flat"
        await pilot.pause()

    assert snap_compare(make_app(db, lang), terminal_size=(80, 24), run_before=prepare)

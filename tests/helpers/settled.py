"""Finished games in a store, opened on the app's settlement screen, and what the screen really shows
(its rows of text as the terminal gets them, a QR code read back from them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import zxingcpp
from PIL import Image
from textual.geometry import Region
from textual.pilot import Pilot

from companion.app.screens.settle import SettleScreen
from companion.store import Store
from tests.helpers.app_games import GAMES, PLAYERS
from tests.helpers.built import Built

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"
MOST = {"fortress": 5, "homalet": 7, "dragoness": 8}  # the example records' tables: each game's largest


def finished(db: Path, game: str, players: int = 3) -> int:
    """A finished game of ``game`` stored in ``db``: three players (examples/lines, with notes and a
    location, so the screen has every part), or the example record of the game's largest table."""
    with Store.open(db) as store:
        if players == 3:
            game_id = store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0, location="club")
            live = store.load(game_id)
            for line in GAMES[game]:
                live.play_line(line)
            store.set_notes(game_id, "R13 decided it")
        else:
            assert players == MOST[game], players
            record = json.loads((RECORDS / f"{game}.json").read_text(encoding="utf-8"))
            game_id = store.import_record(record)
        assert store.load(game_id).finished
    return game_id


def finished_once(built: Built, db: Path, game: str, players: int = 3) -> int:
    """``finished`` in the store ``db``, played once for every test that asks for the same game."""
    game_id: int = built.copy(("finished", game, players), db, lambda file: finished(file, game, players))
    return game_id


async def settled(pilot: Pilot[Any], game_id: int) -> SettleScreen:
    """The settlement of ``game_id``, opened as a player does: the game, then F5."""
    app: Any = pilot.app
    app.open_game(game_id)
    await pilot.pause()
    await pilot.press("f5")
    await pilot.pause()
    assert isinstance(app.screen, SettleScreen)
    return app.screen


def screen_rows(pilot: Pilot[Any], region: Region | None = None) -> list[str]:
    """The screen's rows of text, as the terminal is sent them; only ``region``'s cells, if given."""
    strips = pilot.app.screen._compositor.render_strips()
    if region is None:
        return [strip.text for strip in strips]
    return [strip.crop(region.x, region.right).text for strip in strips[region.y : region.bottom]]


def read_code(lines: list[str], scale: int = 4) -> str:
    """What a phone reads from a code of half blocks: its modules drawn as an image, read by zxing."""
    top = {" ": False, "▀": True, "▄": False, "█": True}
    bottom = {" ": False, "▀": False, "▄": True, "█": True}
    rows = [row for line in lines for row in ([top[c] for c in line], [bottom[c] for c in line])]
    image = Image.new("L", (len(rows[0]) * scale, len(rows) * scale), 255)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    found = zxingcpp.read_barcodes(image)
    return str(found[0].text) if found else ""

"""The move log holds moves (issue 27, item 5): one row a move, what the table is asked to do next
said once (in the ruling row, with the form to type), and, after a restart, the game's last moves
read again from the store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Input, Static

from companion.app.screens.track import GameScreen
from companion.store import Store
from tests.helpers.app import make_app, until

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


def record(game: str, actions: int | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((RECORDS / f"{game}.json").read_text(encoding="utf-8"))
    if actions is not None:
        doc["actions"] = doc["actions"][:actions]
    return doc


def log_rows(screen: GameScreen) -> list[str]:
    """The move log's rows as drawn (under the board, or beside it), its heading first."""
    for selector in ("#log", "#coach"):
        widget = screen.query_one(selector, Static)
        rows = [row.strip() for row in str(widget.content).rstrip("\n").split("\n")]
        if widget.display and rows[0] in ("Moves", "手の記録"):
            width = widget.content_region.width
            assert all(cell_len(row) <= width for row in rows), rows  # a row each: none wraps
            return rows
    return []


def log_settled(screen: GameScreen) -> bool:
    """The log is drawn at its final width: a row each, none wider than the widget (a read between the
    screen's first layout and its refresh at the real size can see the rows of the narrower one)."""
    try:
        return bool(log_rows(screen))
    except AssertionError:
        return False


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_season_pick_is_one_row_of_the_log_and_its_instruction_is_said_once(
    db: Path, lang: str, size: tuple[int, int]
) -> None:
    """H-6: picking 40 (autumn) opens the season effect. The log gains one row, the pick; the
    instruction (a move line for each card, then end) is not in the log but in the ruling row,
    with the form to type; the rows the log had before are still there."""
    with Store.open(db) as store:
        game_id = store.import_record(record("homalet", 26))  # the next action: Chie picks 40
    app = make_app(db, lang)
    async with app.run_test(size=size) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(pilot, lambda: log_settled(screen))  # log_rows asserts, next, that they fit
        before = log_rows(screen)
        entry = screen.query_one("#entry", Input)
        entry.value = "pick 40" if lang == "en" else "選ぶ 40"
        await pilot.press("enter")
        await until(pilot, lambda: screen.live.position == 27)
        await until(pilot, lambda: log_settled(screen) and log_rows(screen) != before)
        rows = log_rows(screen)
        newest = rows[1]
        assert ("Chie takes 40" in newest) if lang == "en" else ("Chieが40を獲得" in newest)
        assert rows[2:] == before[1 : len(rows) - 1]  # the earlier moves, one row each, moved down by one
        instruction = ("write", "[CARD]") if lang == "en" else ("書き", "[カード]")
        assert not any(word in row for row in rows for word in instruction)
        ruling = str(screen.query_one("#ruling", Static).content)
        assert instruction[1] in ruling and ("FROM > TO" if lang == "en" else "元 > 先") in ruling


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_after_a_restart_the_log_shows_the_games_last_moves(db: Path, lang: str) -> None:
    """A stored game opened again (the app restarted): the log holds its last moves, newest first,
    a row each, as their rulings say them; an undo takes the last one off, a redo puts it back."""
    with Store.open(db) as store:
        game_id = store.import_record(record("dragoness", 120))
        live = store.load(game_id)
        rulings = live.rulings(5)
    app = make_app(db, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and len(log_rows(app.screen)) > 1)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        rows = log_rows(screen)
        assert len(rows) > 5
        for row, ruling in zip(rows[1:], reversed(rulings), strict=False):  # each move's ruling, as it begins
            said = ruling.text("en" if lang == "en" else "ja")
            assert row.startswith("· ") and said.startswith(row.removeprefix("· ").removesuffix("…")), (row, said)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: screen.live.position == 119)
        assert log_rows(screen)[1:5] == rows[2:6]
        await pilot.press("ctrl+y")
        await until(pilot, lambda: screen.live.position == 120)
        assert log_rows(screen)[1:6] == rows[1:6]

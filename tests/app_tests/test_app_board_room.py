"""The boards use the room the screen gives them (issue 18): HOMALET's fields and wilderness sets as
three-row tiles, each card's player under it, where the board has the rows for them; nothing cut
at 80×24, where the one-row tiles stay."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.style import Style
from textual.widgets import Static

from companion.app.screens.track import GameScreen
from companion.app.widgets.boards import board
from companion.rules import dragoness
from companion.rules.engine import GameEngine, StateShape
from companion.store import Store
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS
from tests.helpers.own import own

SEVEN = ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen"]


def taken_state() -> tuple[GameEngine, StateShape]:
    """HOMALET after Ben picked 17 from the battlefield (H-5): 07 and 17 on the battlefield, 27 in
    the wilderness, three sets of two."""
    store = Store.open(":memory:")
    live = store.load(store.new_game("homalet", PLAYERS, start=0))
    for line in GAMES["homalet"][:10]:  # … pick 17
        live.play_line(line)
    return live.engine, live.state


def test_with_room_the_homalet_fields_are_three_row_tiles_with_each_player_under_the_card() -> None:
    """H-4, H-5 on a roomy board: each card laid is a tile of three rows (its number at the top left
    and bottom right, its colour's symbol between) with its player under it; the card already taken
    is struck through on every row and ticked under; the sets are tiles too."""
    engine, state = taken_state()
    drawn = board(engine, state, "en", 76, 35)
    rows = drawn.plain.replace("\u00a0", " ").split("\n")
    assert rows[0].startswith(" the battlefield") and "jade▲" in rows[0]
    top, middle, bottom, under = rows[1:5]
    assert top.index("07") < top.index("17") and bottom.index("07") > top.index("07")
    assert "▲" in middle and "◆" in middle
    assert under.index("Aki") == top.index("07") - 1 and under.index("✓Ben") == top.index("17") - 1  # under its tile
    struck = [drawn.plain[s.start : s.end] for s in drawn.spans if isinstance(s.style, Style) and s.style.strike]
    assert len(struck) == 3 and "17" in struck[0] and "◆" in struck[1] and "17" in struck[2]
    wilderness = next(i for i, row in enumerate(rows) if row.startswith(" the wilderness"))
    assert "27" in rows[wilderness + 1] and "Chie" in rows[wilderness + 4]
    sets = next(i for i, row in enumerate(rows) if row.startswith(" Wilderness sets"))
    assert all(f"0{c}" in rows[sets + 1] for c in range(1, 7)) and "1:" in rows[sets + 2]
    assert all(cell_len(row) <= 76 for row in rows)
    assert len(rows) <= 35


def test_without_the_rows_or_the_width_the_homalet_board_keeps_one_row_tiles() -> None:
    engine, state = taken_state()
    for width, height in ((76, None), (76, 12), (60, 35)):
        rows = board(engine, state, "en", width, height).plain.replace("\u00a0", " ").split("\n")
        assert "17◆ ✓ Ben" in rows[0] and "07▲  Aki" in rows[0], (width, height)


@pytest.mark.parametrize("players", [PLAYERS, SEVEN], ids=["3", "7"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_homalet_board_fits_its_part_of_the_screen(
    db: Path, players: list[str], size: tuple[int, int]
) -> None:
    """Nothing cut: every row of the board within the board's width and the rows the screen gives
    it; at 120×40 with three players it takes at least half of them (the screen is used)."""
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        game_id = app.store.new_game("homalet", players, start=0)
        live = app.store.load(game_id)
        for line in GAMES["homalet"][:7] if players == PLAYERS else []:
            live.play_line(line)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        widget = screen.query_one("#board", Static)
        rows = str(widget.content).rstrip("\n").split("\n")
        room = screen.query_one("#left").content_region.height
        assert len(rows) <= room
        assert all(cell_len(row) <= widget.content_region.width for row in rows)
        if size == (120, 40) and players == PLAYERS:
            assert len(rows) >= room // 2
        assert not app.bugs


def test_with_room_the_dragoness_totals_are_bars_as_long_as_the_points() -> None:
    """D-10, D-11 on a roomy board: under the round table, each player's total as a bar of two
    cells a point (rounds in turn solid and shaded), the total after it; none without the room."""
    from companion.app.widgets.boards import BAR, BAR_ALT, BAR_CELLS

    store = Store.open(":memory:")
    live = store.load(store.new_game("dragoness", PLAYERS, start=None))
    lines = GAMES["dragoness"]
    for line in lines[: len(lines) * 2 // 3]:
        live.play_line(line)
    state = own(dragoness.State, live.state)
    totals = state.totals()
    assert state.results and any(totals)
    rows = board(live.engine, state, "en", 76, 35).plain.split("\n")
    start = rows.index(" total")
    for p, name in enumerate(PLAYERS):
        row = rows[start + 1 + p]
        bar = row.replace(BAR_ALT, BAR)
        assert row[1:].startswith(name) and bar.count(BAR) == BAR_CELLS * totals[p], row
        assert row.rstrip().endswith(f" {totals[p]}")
        first = state.results[0].points[p]
        assert row[row.index(BAR) :].startswith(BAR * (BAR_CELLS * first)) if first else True
    assert " total" not in board(live.engine, state, "en", 76, 11).plain.split("\n")
    assert " total" not in board(live.engine, state, "en", 60, 35).plain.split("\n")

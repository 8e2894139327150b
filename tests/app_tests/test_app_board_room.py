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


def board_fits(screen: object) -> tuple[list[str], int]:
    """The game screen's board rows and the rows its part has, once checked that nothing is cut:
    no more rows than that and none wider than the board."""
    assert isinstance(screen, GameScreen)
    widget = screen.query_one("#board", Static)
    rows = str(widget.content).rstrip("\n").split("\n")
    room = screen.query_one("#left").content_region.height
    assert len(rows) <= room
    assert all(cell_len(row) <= widget.content_region.width for row in rows)
    return rows, room


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
        rows, room = board_fits(app.screen)
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


def fortress_record_at(actions: int | None) -> tuple[object, object]:
    """The five-player example Fortress game after its first ``actions`` actions (None: all)."""
    import json

    record = json.loads((Path(__file__).resolve().parents[2] / "examples/records/fortress.json").read_text())
    if actions is not None:
        record["actions"] = record["actions"][:actions]
    store = Store.open(":memory:")
    live = store.load(store.import_record(record))
    return live.engine, live.state


def fortress_mid() -> tuple[object, object]:
    store = Store.open(":memory:")
    live = store.load(store.new_game("fortress", PLAYERS, start=0))
    lines = GAMES["fortress"]
    for line in lines[: len(lines) * 2 // 3]:
        live.play_line(line)
    return live.engine, live.state


def test_with_room_the_fortress_grid_cards_are_five_row_tiles_and_each_column_stands_up() -> None:
    """F-3, F-11, F-14 on a roomy board: each grid card a tile of five rows (its index at the top
    left and bottom right, its suit's symbol between); each fortress's columns stand side by side
    from a common foot, a tile a card, as high as the column (the tallest seen); each player's
    head says the score so far and how it is made, the engine's numbers."""
    from companion.rules import fortress

    engine, state = fortress_mid()
    drawn = board(engine, state, "en", 78, 35)  # type: ignore[arg-type]
    rows = drawn.plain.replace("\u00a0", " ").split("\n")
    assert len(rows) <= 35 and all(cell_len(row) <= 78 for row in rows)
    grid = state.grid  # type: ignore[attr-defined]
    card = grid["A2"]
    top = next(i for i, row in enumerate(rows) if f" {card} " in row)
    column = rows[top].index(str(card))
    assert rows[top + 4].rstrip().endswith(str(card)) or str(card) in rows[top + 4]  # the index turned, 4 rows down
    assert grid["B1"] is None or str(grid["B1"]) in rows[top]
    assert any(look in rows[top + 2][column - 1 : column + 6] for look in "●■▲◆★⬢")  # the symbol between
    from companion.app.widgets.fortress_board import BIG, CELL, grid_height

    grid_end = sum(len(row) + 1 for row in drawn.plain.split("\n")[: grid_height(BIG)])
    grounds = [s for s in drawn.spans if s.end <= grid_end and isinstance(s.style, Style) and s.style.bgcolor]
    cards = sum(1 for c in grid.values() if c is not None)
    assert len(grounds) == 5 * cards and all(s.end - s.start == CELL[BIG] for s in grounds)  # every row whole
    scores = fortress.scores(state)  # type: ignore[arg-type]
    for p, name in enumerate(state.setup.players):  # type: ignore[attr-defined]
        head = next(i for i, row in enumerate(rows) if row[1:].startswith(name))
        columns = state.fortresses[p]  # type: ignore[attr-defined]
        if not columns:
            continue
        assert f"score {scores[p].score:>2}" in rows[head] or f"score{scores[p].score:>3}" in rows[head]
        assert f"× {scores[p].tallest} high" in rows[head] and f"{scores[p].columns} column" in rows[head]
        tallest = max(len(c) for c in columns)
        stand = rows[head + 1 : head + 1 + tallest]
        for i, col in enumerate(columns):
            at = 3 + 6 * i  # the column's cells
            for level, c in enumerate(col):  # the first card at the foot
                assert str(c) in stand[tallest - 1 - level][at : at + 5], (name, i, level, stand)
            for level in range(len(col), tallest):  # nothing above the column's own height
                assert stand[tallest - 1 - level][at : at + 5].strip() == ""


def test_at_the_end_a_roomy_fortress_board_lays_the_face_down_pair_on_its_column() -> None:
    """F-13 on a roomy board: once the game is over, the best face-down pair (the one the score
    takes) lies on its target column as a card face down (░), the columns are numbered as ``pair``
    names them where the rows allow, and the head names the pair."""
    from companion.app.widgets.fortress_board import FACE_DOWN
    from companion.rules import fortress

    engine, state = fortress_record_at(None)
    drawn = board(engine, state, "en", 78, 35)  # type: ignore[arg-type]
    rows = drawn.plain.replace("\u00a0", " ").split("\n")
    assert len(rows) <= 35 and all(cell_len(row) <= 78 for row in rows)
    scores = fortress.scores(state)  # type: ignore[arg-type]
    names = state.setup.players  # type: ignore[attr-defined]
    heads = [next(i for i, row in enumerate(rows) if row[1:].startswith(name)) for name in names]
    for p, start in enumerate(heads):
        block = rows[start : heads[p + 1] if p + 1 < len(heads) else None]
        pair = scores[p].pair
        assert (pair is None) == ("face-down pair" not in " ".join(block))
        if pair is None:
            assert not any(FACE_DOWN in row for row in block)
            continue
        assert f"face-down pair {pair.source + 1} → {pair.target + 1}" in " ".join(block)
        laid = [row for row in block if FACE_DOWN in row]
        assert len(laid) == 1 and laid[0].index(FACE_DOWN) == 3 + 6 * pair.target


@pytest.mark.parametrize("actions", [30, 70, 100, 120, None])
@pytest.mark.parametrize("size", [(51, 19), (78, 35), (49, 14)])
def test_the_fortress_board_fits_its_room_at_every_stage(actions: int | None, size: tuple[int, int]) -> None:
    """Nothing cut: at every stage of a five-player game the Fortress board keeps within the width
    and the rows it is given (80×24's board is 51 × 19, 120×40's 78 × 35), dropping the grid only
    once the game is over; every card of every fortress is shown."""
    engine, state = fortress_record_at(actions)
    width, height = size
    drawn = board(engine, state, "en", width, height)  # type: ignore[arg-type]
    rows = drawn.plain.replace("\u00a0", " ").split("\n")
    assert all(cell_len(row) <= width for row in rows), rows
    assert len(rows) <= height or size == (49, 14), rows
    if actions is not None:  # while the game is played the grid is always there
        assert "A1N" in drawn.plain and "B4S" in drawn.plain
    for columns in state.fortresses:  # type: ignore[attr-defined]
        for column in columns:
            for c in column:
                assert str(c) in drawn.plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("actions", [100, None])
async def test_the_fortress_board_fits_its_part_of_the_screen(
    db: Path, size: tuple[int, int], actions: int | None
) -> None:
    """In the app, late in a five-player game and at its end: every row within the board's width
    and its rows (no scroll bar, nothing wrapped again); at 120×40 the board takes most of them."""
    import json

    record = json.loads((Path(__file__).resolve().parents[2] / "examples/records/fortress.json").read_text())
    if actions is not None:
        record["actions"] = record["actions"][:actions]
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        game_id = app.store.import_record(record)
        app.open_game(game_id)
        await pilot.pause()
        rows, room = board_fits(app.screen)
        if size == (120, 40):
            assert len(rows) >= room * 2 // 3
        assert not app.bugs

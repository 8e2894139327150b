"""RowText (the board, the move log and the ruling) draws what a Static draws, row for row, and an
update in place repaints only the rows whose text changed."""

from __future__ import annotations

import json
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Offset, Region
from textual.selection import Selection
from textual.strip import Strip

from companion.app.widgets.boards import board
from companion.app.widgets.rows import RowText
from companion.app.widgets.tiles import CardText
from companion.records.game_records import read_record

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 53, 16
GAMES = ("fortress", "homalet", "dragoness")


def boards() -> list[Text]:
    """Boards of the three example games at a few points of each, in both languages."""
    texts = []
    for game in GAMES:
        record = read_record(json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text("utf-8")))
        engine, actions = record.engine, record.actions
        state = engine.new_state(record.setup)
        for seq, action in enumerate(actions):
            if seq % max(1, len(actions) // 6) == 0:
                texts += [board(engine, state, lang, WIDTH, HEIGHT) for lang in ("en", "ja")]
            state = engine.apply(state, action)[0]
    return texts


def made() -> list[Text]:
    """Texts a board never holds: overlapping spans across lines, a line that wraps, wide
    characters, blank lines at the end, a style over the whole text, a click target."""
    text = Text("first line\nsecond, a much longer line that has to wrap at fifty-three cells wide\n\n", style="bold")
    text.stylize("red", 3, 20)
    text.stylize(Style(underline=True), 0, 40)
    text.append("日本語の行は全角で、幅が二倍になります。折り返しも全角の幅で数えます。", style="on blue")
    text.append("\nclick ")
    text.append("R10", style=Style(color="green", meta={"@click": "insert('R10')"}))
    text.append("\n\n")
    return [text, Text(), Text("\n"), Text("one"), Text("a\nb", style="italic")]


def logs() -> list[Text]:
    """A move log as it grows, newest first: each line moves down one row (or two, after a long one)."""
    rulings = ["Aki passes and stays out of this pile (D-7).", "Undone: pass", "Ben plays Et7 Gy4", "pass"] * 2
    texts = []
    for count in range(1, len(rulings) + 1):
        text = Text("Moves", style="bold")
        for ruling in rulings[:count][::-1]:
            text.append("\n· " + ruling)
        text.stylize("dim", len("Moves"))
        texts.append(text)
    return texts


class Both(App[None]):
    CSS = f"CardText, RowText {{ width: {WIDTH + 2}; height: {HEIGHT}; padding: 0 1; }}"

    def compose(self) -> ComposeResult:
        yield CardText(id="static")
        yield RowText(id="rows")


def drawn(widget: CardText) -> list[Strip]:
    return widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height))


async def test_row_text_draws_what_a_static_draws() -> None:
    texts = boards() + made() + logs()
    app = Both()
    async with app.run_test(size=(80, 40)) as pilot:
        static, rows = app.query_one("#static", CardText), app.query_one("#rows", RowText)
        for number, text in enumerate(texts):
            static.update(text.copy())
            rows.update(text.copy(), layout=number % 2 == 0)  # in place and with a layout, in turn
            await pilot.pause()
            assert drawn(rows) == drawn(static), text.plain


async def test_an_update_in_place_repaints_only_the_rows_that_changed() -> None:
    app = Both()
    async with app.run_test(size=(80, 40)) as pilot:
        rows = app.query_one("#rows", RowText)
        lines = [f"row {i}" for i in range(8)]
        rows.update(Text("\n".join(lines)))
        await pilot.pause()
        rows._repaint_regions.clear()
        lines[2], lines[5] = "row two, changed", "row five, changed"
        rows.update(Text("\n".join(lines)), layout=False)
        repainted = sorted(region.y for region in rows._repaint_regions)
        assert repainted == [2 + rows.content_offset.y, 5 + rows.content_offset.y]
        await pilot.pause()
        assert [strip.text.strip() for strip in rows.render_lines(Region(0, 0, WIDTH + 2, 8))] == lines


async def test_a_selection_is_drawn_and_then_no_longer_drawn_as_a_static_draws_it() -> None:
    text = logs()[-1]
    app = Both()
    async with app.run_test(size=(80, 40)) as pilot:
        static, rows = app.query_one("#static", CardText), app.query_one("#rows", RowText)
        static.update(text)
        rows.update(text)
        await pilot.pause()
        before = drawn(rows)
        selection = Selection.from_offsets(Offset(2, 1), Offset(6, 3))
        app.screen.selections = {static: selection, rows: selection}
        await pilot.pause()
        assert drawn(rows) == drawn(static) != before
        app.screen.selections = {}
        await pilot.pause()
        assert drawn(rows) == drawn(static) == before

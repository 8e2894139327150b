"""Japanese wraps by phrase everywhere in the app (issue 27, item 6): every text the app wraps is
broken by the project's breaker (companion.text: BudouX phrases, a number kept with its counter
or its name, an equation kept whole), never by Textual folding a word, a number, a card or an
equation's side in two. Checked on what the parts draw, row by row: the breaker's lines, nothing else. (What the breaker
keeps whole is tested with it: tests/unit_tests/test_linebreak.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from companion.app.screens.settle import SettleScreen
from companion.app.screens.track import GameScreen
from companion.app.widgets.phrases import Phrased
from companion.store import Store
from companion.text import wrap
from tests.helpers.app import make_app, until

ROOT = Path(__file__).resolve().parents[2]


def rendered(widget: Widget) -> list[str]:
    """The rows ``widget`` draws (its padding too), as text."""
    width, height = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


def held(paragraph: str) -> str:
    """``paragraph`` with its indent as no-break spaces: measured with its first word, as the app does."""
    indent = len(paragraph) - len(paragraph.lstrip(" "))
    return "\u00a0" * indent + paragraph[indent:]


def check_rows(source: str, rows: list[str], width: int, more: str = "… F3") -> int:
    """The rows a part shows of ``source`` are the lines the project's breaker makes of each of its
    paragraphs at the part's ``width`` (the last row may end in ``more``, the pointer to the rest,
    where the part has fewer rows than the text). The number of paragraphs that took more than one
    row (a check that wraps nothing proves nothing)."""
    shown = [row.replace("\u00a0", " ").strip() for row in rows if row.strip()]
    wanted = [  # (a line that fits is kept as it is: a table's spaces too)
        [line.replace("\u00a0", " ").strip() for line in wrap(held(paragraph), width, cell_len)]
        if cell_len(paragraph) > width
        else [paragraph.strip()]
        for paragraph in source.split("\n")
        if paragraph.strip()
    ]
    lines = [line for paragraph in wanted for line in paragraph if line]
    if shown and shown[-1].endswith(more) and shown != lines[: len(shown)]:  # cut: the rows before the pointer
        assert shown[:-1] == lines[: len(shown) - 1], (shown, lines)
        assert lines[len(shown) - 1].startswith(shown[-1].removesuffix(more).rstrip()[:4])
    else:
        assert shown == lines[: len(shown)] and len(shown) == len(lines), (shown, lines)
    return sum(1 for paragraph in wanted if len(paragraph) > 1)


def record(game: str, actions: int | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((ROOT / f"examples/records/{game}.json").read_text(encoding="utf-8"))
    if actions is not None:
        doc["actions"] = doc["actions"][:actions]
    return doc


@pytest.mark.parametrize("game", ["homalet", "fortress", "dragoness"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_settlement_breaks_japanese_between_phrases(db: Path, game: str, size: tuple[int, int]) -> None:
    """The settlement's arithmetic in Japanese (得点, 基本点, 42は … whole), the notes' heading
    whole (wrapped, not cut), at 80×24 and 120×40."""
    with Store.open(db) as store:
        game_id = store.import_record(record(game))
    app = make_app(db, "ja")
    async with app.run_test(size=size) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, SettleScreen))
        await pilot.pause()
        parts = list(app.screen.query("#explain Static").results(Static))
        wrapped = 0
        for part in parts:
            content = part.content
            if isinstance(content, Phrased) and content.plain.strip():
                width = part.content_region.width
                source = content.draw(width) if content.draw else content.text
                wrapped += check_rows(source.plain, rendered(part), width)
        assert wrapped, "nothing was long enough to wrap: the test would prove nothing"
        heading = next(p for p in parts if "メモ" in str(p.content))
        assert "".join(r.strip() for r in rendered(heading)) == str(heading.content)


async def test_the_details_and_what_is_allowed_break_between_phrases(db: Path) -> None:
    """A Fortress capture in Japanese at 80×24 (its ruling holds an equation, 13 ≥ 1 + 9): the
    details (F3), what is allowed, the ruling row: every row ends at a break the breaker allows."""
    doc = record("fortress")
    actions = next(
        i
        for i in range(40, len(doc["actions"]))
        if doc["actions"][i]["type"] == "place" and doc["actions"][i]["mode"] == "number"
    )
    with Store.open(db) as store:
        game_id = store.import_record(record("fortress", actions))
    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        with Store.open(db) as store:
            live = store.load(game_id)
            data = {k: v for k, v in doc["actions"][actions].items() if k != "time"}
            action = live.engine.action_from_data(live.setup.deck, data)
            line = live.engine.action_line(live.state, action, "ja")
        assert screen.play(line)
        await pilot.press("f3")
        await pilot.pause()
        assert "≥" in screen.text(screen.live.rulings(1)[0])
        sources = {
            "#details": screen.query_one("#details", Static).content,
            "#allowed": screen._shown["#allowed"],
            "#ruling": screen.ruling,
        }
        wrapped = 0
        for selector, source in sources.items():
            part = screen.query_one(selector, Static)
            plain = source.plain if isinstance(source, (Phrased, Text)) else str(source)
            wrapped += check_rows(plain, rendered(part), part.content_region.width)
        assert wrapped

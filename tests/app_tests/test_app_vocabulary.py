"""One vocabulary on every screen (issue 27, item 7): the boards and the coach use the glossary's
words (docs/glossary.md), as the rulings and the settlement do."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from companion.app.screens.track import GameScreen
from companion.app.widgets.boards import board
from companion.app.words import W
from companion.rules import fortress
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.own import own

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"


def glossary(section: str) -> dict[str, tuple[str, str]]:
    """The glossary's table under ``## section``: each concept's Japanese and English words."""
    text = GLOSSARY.read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, tuple[str, str]] = {}
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] not in ("concept", "---"):
            rows[cells[0]] = (cells[1], cells[2])
    return rows


def homalet_state(actions: int) -> tuple[Any, Any]:
    record = json.loads((ROOT / "examples/records/homalet.json").read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:actions]
    store = Store.open(":memory:")
    live = store.load(store.import_record(record))
    return live.engine, live.state


SCORE_PARTS = ("base points", "same-digit bonus", "run bonus", "spring point")


def test_the_glossary_names_the_parts_of_a_homalet_score() -> None:
    words = glossary("HOMALET")
    assert [re.split("[（(]", words[part][0])[0].strip() for part in SCORE_PARTS] == [
        "基本点",
        "同数ボーナス",
        "連番ボーナス",
        "春マーク",
    ]


@pytest.mark.parametrize("size", [(51, 19), (78, 35)], ids=["80x24", "120x40"])
def test_the_homalet_board_names_the_parts_of_a_score_as_the_glossary_and_the_settlement_do(
    size: tuple[int, int],
) -> None:
    """H-11: the board's key to the numbers in brackets uses the glossary's words (同数ボーナス,
    連番ボーナス, not 同数字 or ラン), the words the settlement uses; in English its words."""
    engine, state = homalet_state(60)
    words = glossary("HOMALET")
    ja = board(engine, state, "ja", *size).plain
    for part in SCORE_PARTS:
        term = re.split("[（(]", words[part][0])[0].strip()
        assert term in ja, (part, term)
    assert "同数字" not in ja and "ラン" not in ja.replace("ラウンド", "")
    en = board(engine, state, "en", *size).plain
    for part in SCORE_PARTS:
        english = words[part][1].replace("-", " ").removesuffix(" bonus")
        assert english in en, (part, english)


def test_the_settlement_uses_the_same_words_as_the_board() -> None:
    from companion.rules import homalet

    key = W.board_breakdown_key.ja
    line = homalet.score((1, 11, 21, 12, 13, 10), homalet_state(0)[1].setup.deck).lines[-1].ja
    for term in ("基本点", "同数ボーナス", "連番ボーナス", "春マーク"):
        assert term in key and term in line


def test_english_seasons_are_whole_words_at_80x24() -> None:
    """H-2, H-6: a card's season mark on the 80×24 board (one-row tiles) is its word, "autumn",
    not "Au"; in Japanese its character."""
    engine, state = homalet_state(27)  # Chie has picked 40, an autumn card
    en = board(engine, state, "en", 51, 19).plain
    assert "autumn" in en and not re.search(r"\b(Au|Wi|Su|Sp)\b", en)
    roomy = board(engine, state, "en", 78, 35).plain
    assert "autumn" in roomy and not re.search(r"\b(Au|Wi|Su|Sp)\b", roomy)
    assert "秋" in board(engine, state, "ja", 51, 19).plain


@pytest.mark.parametrize("size", [(51, 19), (78, 35)], ids=["80x24", "120x40"])
def test_in_japanese_the_fortress_spots_are_named_as_the_rulings_name_them(size: tuple[int, int]) -> None:
    """F-4: the 16 spots around the grids read A1上 … B4右 in Japanese, as the rulings and the
    refusals write them (the notation reads both); A1N … in English."""
    record = json.loads((ROOT / "examples/records/fortress.json").read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:40]
    store = Store.open(":memory:")
    live = store.load(store.import_record(record))
    ja = board(live.engine, live.state, "ja", *size).plain
    en = board(live.engine, live.state, "en", *size).plain
    for spot in fortress.SPOTS:
        assert fortress.spot_ja(spot) in ja and spot in en
        assert not re.search(rf"\b{spot}\b", ja)
    assert all(len(row) <= size[0] for row in ja.split("\n"))


async def test_the_fortress_coach_says_its_words_in_japanese(db: Path) -> None:
    """F-5: a card typed alone shows its captures spot by spot as the table writes them in
    Japanese: A1上 and 数 / スート (not A1N, n3); its key is a sentence, not 「スート＝スート」."""
    record = json.loads((ROOT / "examples/records/fortress.json").read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:43]  # a card to place next
    with Store.open(db) as store:
        game_id = store.import_record(record)
        assert own(fortress.State, store.load(game_id).state).phase is fortress.Phase.PLACE
    app = make_app(db, "ja")
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        entry = app.screen.query_one("#entry", Input)
        entry.value = "R7"
        await until(
            pilot,
            lambda: (
                re.search(r"[AB][1-4][上下左右]：数\d", str(app.screen.query_one("#coach", Static).content)) is not None
            ),
        )
        coach = str(app.screen.query_one("#coach", Static).content)
        assert "獲得枚数" in coach and "スート＝スート" not in coach
        assert re.search(r"[AB][1-4][上下左右]：数\d/スート\d", coach), coach
        assert not re.search(r"[AB][1-4][NSWE]|\bn\d|/s\d", coach), coach

"""Issue 27, item 2 (D-10): every place a Reign of Dragoness settlement is said pairs each name with its
own count of cards left and its own points — ``settle --explain`` and ``--text``, ``replay --explain``,
the printed result sheet and serve's scoreboard — for the example record and simulated games. The
counts and points expected are worked out by the test from the records' actions (tests/helpers/
dragoness_rounds.py), not by the engine."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from companion.records.game_records import fold_record, read_record
from companion.rules import dragoness
from companion.rules.common import Lang
from companion.serve.board import board_html
from companion.settle import settle
from companion.store import Store
from tests.helpers.dragoness_rounds import RECORD_NAMES, dragoness_record, rounds_of, said_rounds, settle_document
from tests.helpers.inprocess import call
from tests.helpers.standard_masks import codes_in_the_standard_mask

LANGS: list[Lang] = ["en", "ja"]


def names_of(record: dict[str, Any]) -> list[str]:
    return list(record["setup"]["players"])


@pytest.mark.parametrize("name", RECORD_NAMES)
def test_d10_the_counts_the_test_works_out_are_the_engines(name: str) -> None:
    """The state the engine folds from each record holds the rounds the test counted by itself."""
    record = dragoness_record(name)
    state, _ = fold_record(read_record(record))
    assert isinstance(state, dragoness.State)
    names = names_of(record)
    folded = [(names[r.out], {names[p]: c for p, c in enumerate(r.left) if p != r.out}) for r in state.results]
    assert folded == [(r.out, r.left) for r in rounds_of(record)]
    assert [dict(zip(names, r.points, strict=True)) for r in state.results] == [r.points for r in rounds_of(record)]


def test_d10_the_records_tell_rounds_that_catch_a_wrong_pairing() -> None:
    """The records hold rounds where names sort apart from their counts (the defect's condition: a
    group whose counts differ, a name later in seat order with fewer cards), and the check finds
    yesterday's wording wrong."""
    record = dragoness_record(RECORD_NAMES[0])
    names, rounds = names_of(record), rounds_of(record)
    assert len(rounds) == 5
    unsorted = [
        r
        for r in rounds
        if [r.left[n] for n in names if n in r.left] != sorted(r.left[n] for n in names if n in r.left)
    ]
    assert unsorted, "no round whose counts are out of seat order"
    old = "round 1: Fumi went out first: 3; Hana (1 card left): 2; Aki and Emi (5 cards left): 1 each."
    assert said_rounds(old, names, rounds[:1], "en")  # the wording of issue 27 is caught


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RECORD_NAMES)
def test_d10_settle_explain_and_text_pair_each_name_with_its_own_count(name: str, lang: Lang) -> None:
    record = dragoness_record(name)
    names, rounds = names_of(record), rounds_of(record)
    doc = json.dumps(settle_document(record))
    explained = call("--lang", lang, "settle", "--explain", "-", stdin=doc.encode())
    assert explained.code == 0, explained.stderr
    answer = json.loads(explained.stdout)
    assert said_rounds("\n".join(answer["explanation"]), names, rounds, lang) == []
    text = call("--lang", lang, "settle", "--text", "-", stdin=doc.encode())
    assert text.code == 0, text.stderr
    assert said_rounds(text.stdout.decode(), names, rounds, lang) == []
    replayed = call("--lang", lang, "replay", "--json", "--explain", "-", stdin=json.dumps(record).encode())
    assert replayed.code == 0, replayed.stderr
    assert said_rounds("\n".join(json.loads(replayed.stdout)["explanation"]), names, rounds, lang) == []


def pdf_text(path: Path, lang: Lang) -> str:
    """The sheet's text with its wrapped lines joined again (English with a space, Japanese without)."""
    pages = [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(path))]
    return re.sub(r"\s*\r?\n\s*", " " if lang == "en" else "", "\n".join(pages))


@pytest.fixture
def standard_masks() -> Iterator[None]:
    with codes_in_the_standard_mask():  # only the sheet's words are read here
        yield


@pytest.mark.slow(seconds=6)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("standard_masks")
def test_d10_the_result_sheet_and_the_scoreboard_pair_each_name_with_its_own_count(tmp_path: Path, lang: Lang) -> None:
    db = tmp_path / "games.sqlite3"
    for number, what in enumerate(RECORD_NAMES):
        record = dragoness_record(what)
        names, rounds = names_of(record), rounds_of(record)
        source = tmp_path / f"{number}.json"
        source.write_text(json.dumps(record), encoding="utf-8")
        imported = call("--db", str(db), "import", str(source))
        assert imported.code == 0, imported.stderr
        game_id = int(imported.stdout)
        sheet = tmp_path / f"{number}-{lang}.pdf"
        printed = call("--db", str(db), "--lang", lang, "print", "result", str(game_id), "-o", str(sheet))
        assert printed.code == 0, printed.stderr
        assert said_rounds(pdf_text(sheet, lang), names, rounds, lang) == [], what
        with Store.open(db) as store:
            page = board_html(store.load(game_id), lang)
        settlement = page[page.index('<div class="settlement">') :]
        # <wbr> marks where a line may break, not text
        shown = html.unescape(re.sub(r"<[^>]+>", "\n", re.sub(r"<wbr>|</?span[^>]*>", "", settlement)))
        assert said_rounds(shown, names, rounds, lang) == [], what


def test_d10_the_wording_of_one_round() -> None:
    """A round whose seat order and counts disagree: fewest first, each name with its own number."""
    doc = {
        "game": "dragoness",
        "players": ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi"],
        "rounds": [{"out": "Chie", "cards_left": {"Aki": 8, "Ben": 11, "Dai": 3, "Emi": 4, "Fumi": 6}}],
    }
    en, ja = (settle(doc, True, lang)["explanation"][0] for lang in LANGS)
    assert en == (
        "round 1: Chie went out first: 3; Dai 3 cards left: 2; Emi 4 cards left: 1; "
        "Fumi 6, Aki 8, Ben 11 cards left: 0."
    )
    assert ja == (
        "第1ラウンド：最初に上がったChieに3点。Dai（残り3枚）に2点。Emi（残り4枚）に1点。"
        "Fumi（残り6枚）・Aki（残り8枚）・Ben（残り11枚）に0点。"
    )

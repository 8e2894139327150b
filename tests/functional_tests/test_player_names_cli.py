"""Issue 27, item 11 at the command line: ``companion new`` and ``companion import`` accept the names
people use (a ZWJ emoji sequence, combining marks, kept composed) and refuse what can disguise a
name in one line naming the problem, English and Japanese; the game plays and shows with them."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from tests.helpers.inprocess import assert_refused, call

ROOT = Path(__file__).resolve().parents[2]
FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧


def stored_players(db: Path) -> list[list[str]]:
    run = call("games", "--json", "--db", str(db))
    assert run.code == 0, run.stderr
    return [game["players"] for game in json.loads(run.stdout)]


def test_new_accepts_an_emoji_sequence_and_keeps_combining_marks_composed(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = call("new", "fortress", "--players", f"{FAMILY},Ben,Chie", "--db", str(db))
    assert run.code == 0, run.stderr
    game_id = run.stdout.decode().strip()
    run = call("new", "homalet", "--players", "Zoe\u0308,Ben,Chie", "--start", "Zoe\u0308", "--db", str(db))
    assert run.code == 0, run.stderr
    assert stored_players(db) == [["Zo\u00eb", "Ben", "Chie"], [FAMILY, "Ben", "Chie"]] or stored_players(db) == [
        [FAMILY, "Ben", "Chie"],
        ["Zo\u00eb", "Ben", "Chie"],
    ]
    run = call("play", game_id, "A1 R1", "--db", str(db))  # the game goes on with that table
    assert run.code == 0, run.stderr
    shown = call("show", game_id, "--db", str(db))
    assert shown.code == 0 and FAMILY in shown.stdout.decode(), shown.stderr


@pytest.mark.parametrize(
    "name,en,ja",
    [
        ("A\u202eki", "text-direction control (U+202E)", "文字の向きを変える制御文字（U+202E）"),
        ("\u200b", "invisible character (U+200B)", "見えない文字（U+200B）"),
        ("Aki\u200b", "invisible character (U+200B)", "見えない文字（U+200B）"),
        ("A\u200dki", "zero-width joiner (U+200D) that joins nothing", "ゼロ幅の結合文字（U+200D）"),
        ("Aki\x07", "control character or line break (U+0007)", "制御文字か改行（U+0007）"),
    ],
)
def test_new_and_import_refuse_a_disguised_name_in_one_sentence(tmp_path: Path, name: str, en: str, ja: str) -> None:
    db = tmp_path / "g.sqlite3"
    run = call("new", "dragoness", "--players", f"{name},Ben,Chie", "--db", str(db))
    assert_refused(run, name)
    assert run.stderr.count(en) == 1 and "the name " in run.stderr
    run = call("--lang", "ja", "new", "dragoness", "--players", f"{name},Ben,Chie", "--db", str(db))
    assert_refused(run, name)
    assert ja in run.stderr
    record = json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text("utf-8"))
    record["setup"]["players"][0] = name
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    run = call("import", str(path), "--db", str(db))
    assert_refused(run, name)
    assert en in run.stderr
    assert not db.exists() or stored_players(db) == []


def test_import_keeps_an_emoji_name_and_a_decomposed_one_composed(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    record = json.loads((ROOT / "examples" / "records" / "homalet.json").read_text("utf-8"))
    record["setup"]["players"][:2] = [FAMILY, "Zoe\u0308"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    run = call("import", str(path), "--db", str(db))
    assert run.code == 0, run.stderr
    (players,) = stored_players(db)
    assert players[:2] == [FAMILY, "Zo\u00eb"] and all(unicodedata.is_normalized("NFC", p) for p in players)


def test_the_games_list_keeps_its_columns_with_an_emoji_name(tmp_path: Path) -> None:
    """``companion games``: each row's next column starts at the same terminal cell whatever the
    names (👩‍👩‍👧 takes two cells, as the terminal draws it)."""
    from rich.cells import cell_len

    db = tmp_path / "g.sqlite3"
    for players in (f"{FAMILY},Ben,Chie", "Aki,Ben,Chie", "山田,Ben,\U0001f1ef\U0001f1f5"):
        assert call("new", "fortress", "--players", players, "--db", str(db)).code == 0
    rows = call("games", "--db", str(db)).stdout.decode().splitlines()
    dates = [re.search(r"\d{4}-\d\d-\d\d ", row) for row in rows[1:]]
    starts = {cell_len(row[: date.start()]) for row, date in zip(rows[1:], dates, strict=True) if date is not None}
    assert len(rows) == 4 and all(dates) and len(starts) == 1, rows

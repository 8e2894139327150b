"""``companion replay``: the example records fold to their settle JSON; broken records are one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.records import game_records
from companion.rules.common import Lang
from tests.helpers.cli import run_here as run  # in this process: what is tested is what it answers

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"
EXAMPLES = sorted(RECORDS.glob("*.json"))
LARGEST = {"fortress": 5, "homalet": 7, "dragoness": 8}


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_is_an_example_record_for_each_game_at_its_largest_table() -> None:
    found = {load(p)["game"]: len(load(p)["setup"]["players"]) for p in EXAMPLES}
    assert found == LARGEST


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_an_example_record_replays_to_the_settle_json_of_its_final_state(path: Path) -> None:
    record = game_records.read_record(load(path))
    state, _ = game_records.fold_record(record)
    assert record.engine.finished(state)
    document = record.engine.settle_input(state)
    settled = run("settle", "-", stdin=json.dumps(document))
    assert settled.returncode == 0, settled.stderr
    replayed = run("replay", "--json", str(path))
    assert replayed.returncode == 0 and replayed.stderr == ""
    assert json.loads(replayed.stdout) == json.loads(settled.stdout)
    if record.engine.GAME == "dragoness":
        assert json.loads(replayed.stdout)["complete"] is True  # five rounds (D-11)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_replay_says_the_final_state_in_words_then_the_settlement(lang: Lang) -> None:
    path = RECORDS / "homalet.json"
    out = run("--lang", lang, "replay", str(path))
    assert out.returncode == 0, out.stderr
    words, _, settled = out.stdout.partition("\n\n")
    record = game_records.read_record(load(path))
    state, _ = game_records.fold_record(record)
    assert words == record.engine.describe(state).text(lang)
    assert json.loads(settled)["game"] == "homalet"


def test_an_unfinished_game_is_described_and_its_json_is_null(tmp_path: Path) -> None:
    data = load(RECORDS / "dragoness.json")
    data["actions"] = data["actions"][:40]
    path = tmp_path / "half.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    words = run("replay", str(path))
    assert words.returncode == 0 and "{" not in words.stdout and words.stdout.strip()
    assert run("replay", "--json", str(path)).stdout.strip() == "null"


@pytest.mark.parametrize(
    ("change", "start"),
    [
        (lambda d: d["actions"].insert(5, dict(d["actions"][4])), "action 5: "),  # the same play twice
        (lambda d: d["actions"][3].update(type="teleport"), "action 3: unknown action type"),
        (lambda d: d.update(version=99), "this record is version 99"),
    ],
)
def test_a_broken_record_stops_with_one_line_naming_the_action(tmp_path: Path, change: Any, start: str) -> None:
    data = load(RECORDS / "dragoness.json")
    change(data)
    out = run("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(start) and out.stderr.count("\n") == 1


def test_replay_of_something_that_is_not_a_record_is_one_line() -> None:
    for text in ("", "[]", '{"format": "companion-record"}', "not json"):
        out = run("replay", "-", stdin=text)
        assert out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1, (text, out.stderr)
        assert "Traceback" not in out.stderr

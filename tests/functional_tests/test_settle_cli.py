"""``companion settle`` as a user runs it: JSON in, JSON out, one line on bad input."""

import json
from pathlib import Path

import pytest

from tests.helpers.cli import run_here as run  # in this process: what is tested is what it answers

FORTRESS_IN = {
    "game": "fortress",
    "players": [
        {
            "name": "Aki",
            "fortress": [["R5", "Y5"], ["G6"], ["B9"], ["K12", "P12", "R12"], ["G1"]],
            "hand": ["R3", "R10", "B2"],
        }
    ],
}
FORTRESS_OUT = {
    "game": "fortress",
    "players": [
        {
            "name": "Aki",
            "columns": 4,
            "tallest": 4,
            "pair": {"from": 0, "to": 3},
            "points": 16,
            "penalty": 5,
            "score": 11,
        }
    ],
    "winners": ["Aki"],
}


def test_f14_settle_example_gives_exactly_the_documented_output(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(FORTRESS_IN))
    out = run("settle", str(path))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == FORTRESS_OUT
    assert list(json.loads(out.stdout)["players"][0]) == list(FORTRESS_OUT["players"][0])  # key order
    assert out.stderr == ""


def test_f14_settle_reads_standard_input_and_explains() -> None:
    out = run("--lang", "en", "settle", "-", "--explain", stdin=json.dumps(FORTRESS_IN))
    assert out.returncode == 0
    explanation = json.loads(out.stdout)["players"][0]["explanation"]
    assert "face-down pair from column 1 onto column 4" in explanation  # players count columns from 1
    assert "score 16 − 5 = 11" in explanation
    ja = run("--lang", "ja", "settle", "-", "--explain", stdin=json.dumps(FORTRESS_IN))
    assert "勝利点 16 − 5 = 11" in json.loads(ja.stdout)["players"][0]["explanation"]


def test_f14_settle_winners_hold_every_top_score() -> None:
    doc = {
        "game": "fortress",
        "players": [
            {"name": "A", "fortress": [["R1"], ["R2"]], "hand": []},
            {"name": "B", "fortress": [["Y1"], ["Y2"]], "hand": []},
            {"name": "C", "fortress": [["G1"]], "hand": ["G2"]},
        ],
    }
    out = run("settle", "-", stdin=json.dumps(doc))
    answer = json.loads(out.stdout)
    assert answer["winners"] == ["A", "B"]
    assert [p["score"] for p in answer["players"]] == [2, 2, -1]
    assert answer["players"][0]["pair"] is None


@pytest.mark.parametrize(
    "doc,needle",
    [
        ("{not json", "is not valid JSON"),
        (json.dumps({"game": "chess", "players": []}), 'unknown game "chess"'),
        (json.dumps({"game": "fortress", "players": []}), "1 to 5 players"),
        (json.dumps({"game": "fortress", "players": [{"name": str(i)} for i in range(6)]}), "1 to 5 players"),
        (
            json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": [["X9"]]}]}),
            "player Aki: 'X9' is not a card",
        ),
        (
            json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": [["R5"]], "hand": ["R5"]}]}),
            "player Aki: R5 appears twice",
        ),
        (
            json.dumps(
                {
                    "game": "fortress",
                    "players": [{"name": "Aki", "fortress": [["R5"]]}, {"name": "Ben", "fortress": [], "hand": ["r5"]}],
                }
            ),
            "player Ben: R5 appears also under Aki",
        ),
        (
            json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": [["R5", "Y6"]]}]}),
            "player Aki: the fortress breaks F-11: column 1 mixes ranks 5, 6",
        ),
        (
            json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": [["R5"], ["Y9"]]}]}),
            "player Aki: the fortress breaks F-11: column 2 (9) cannot stand right of column 1 (5)",
        ),
        (
            json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": "R5"}]}),
            'player Aki: "fortress" must be a list of columns',
        ),
    ],
)
def test_f11_settle_bad_input_is_one_line_exit_2_nothing_on_stdout(doc: str, needle: str) -> None:
    out = run("--lang", "en", "settle", "-", stdin=doc)
    assert out.returncode == 2
    assert out.stdout == ""
    assert needle in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_settle_missing_file_is_one_line() -> None:
    out = run("--lang", "en", "settle", "/nonexistent/game.json")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("cannot read /nonexistent/game.json")


def test_usage_error_is_one_line() -> None:
    out = run("settle")
    assert out.returncode == 2 and out.stderr.count("\n") == 1

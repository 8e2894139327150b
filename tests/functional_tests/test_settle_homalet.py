"""``companion settle`` for HOMALET (H-11, H-12)."""

import json
from pathlib import Path

import pytest

from companion.cards.decks import load_deck_data
from tests.helpers.cli import run

EXAMPLE_IN = {"game": "homalet", "players": [{"name": "A", "pile": ["07", "17", "26", "38", "45"]}]}
EXAMPLE_OUT = {
    "game": "homalet",
    "players": [{"name": "A", "cards": 5, "same_digit": 2, "run": 5, "spring": 0, "score": 12}],
    "winners": ["A"],
}


def test_h11_settle_example_gives_exactly_that_output() -> None:
    out = run("settle", "-", stdin=json.dumps(EXAMPLE_IN))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXAMPLE_OUT
    assert list(json.loads(out.stdout)["players"][0]) == list(EXAMPLE_OUT["players"][0])


def test_h12_settle_breaks_a_tie_by_the_largest_card() -> None:
    doc = {
        "game": "homalet",
        "players": [
            {"name": "A", "pile": ["01", "02"]},
            {"name": "B", "pile": ["3", "29"]},
            {"name": "C", "pile": ["10"]},
        ],
    }
    out = json.loads(run("settle", "-", stdin=json.dumps(doc)).stdout)
    assert [p["score"] for p in out["players"]] == [2, 2, 2]  # 10 is spring: 1 + 1 (H-1: 3 players use 00-29)
    assert out["winners"] == ["B"]


def test_h11_settle_explains_card_by_card() -> None:
    out = run("--lang", "en", "settle", "--explain", "-", stdin=json.dumps(EXAMPLE_IN))
    text = json.loads(out.stdout)["players"][0]["explanation"]
    assert "17: 1 +1 same digit +1 run;" in text and text.endswith("total 5 + 2 + 5 + 0 = 12.")


def test_h2_settle_with_a_table_deck_file(tmp_path: Path) -> None:
    data = load_deck_data("homalet")
    lines = ["format = 1", 'game = "homalet"']
    for c in data["colors"]:
        lines += ["[[colors]]"] + [f'{k} = "{v}"' for k, v in c.items()]
    lines.append("[cards]")
    for key, entry in data["cards"].items():
        season = "spring" if key == "07" else entry.get("season")
        extra = f', season = "{season}"' if season else ""
        lines.append(f'"{key}" = {{ color = "{entry["color"]}"{extra} }}')
    deck = tmp_path / "real.toml"
    deck.write_text("\n".join(lines) + "\n")
    out = run("settle", "--deck", str(deck), "-", stdin=json.dumps(EXAMPLE_IN))
    assert json.loads(out.stdout)["players"][0]["spring"] == 1


@pytest.mark.parametrize(
    "doc,needle",
    [
        ({"game": "homalet", "players": [{"name": "A", "pile": ["70"]}]}, "player A: '70' is not a HOMALET card"),
        (
            {"game": "homalet", "players": [{"name": "A", "pile": ["07"]}, {"name": "B", "pile": ["7"]}]},
            "player B: 07 appears also in A's pile",
        ),
        ({"game": "homalet", "players": [{"name": "A", "pile": ["07", "07"]}]}, "player A: 07 appears twice"),
        ({"game": "homalet", "players": [{"name": "A", "pile": "07"}]}, 'player A: "pile" must be a list'),
        ({"game": "homalet", "players": [{"name": "A"}], "deck": "/nope.toml"}, "deck file /nope.toml does not exist"),
    ],
)
def test_h1_settle_bad_input_is_one_line(doc: dict[str, object], needle: str) -> None:
    out = run("--lang", "en", "settle", "-", stdin=json.dumps(doc))
    assert out.returncode == 2 and out.stdout == ""
    assert needle in out.stderr and out.stderr.count("\n") == 1

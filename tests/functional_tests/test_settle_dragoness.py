"""``companion settle`` for Reign of Dragoness (D-10, D-11)."""

import json

import pytest

from tests.helpers.cli import run

EXAMPLE_IN = {"game": "dragoness", "players": ["A", "B", "C", "D"],
              "rounds": [{"out": "A", "cards_left": {"B": 3, "C": 5, "D": 3}}]}
EXAMPLE_OUT = {"game": "dragoness", "rounds": [{"A": 3, "B": 2, "C": 0, "D": 2}],
               "totals": {"A": 3, "B": 2, "C": 0, "D": 2}, "complete": False, "winners": ["A"]}


def test_d10_settle_example_gives_exactly_that_output() -> None:
    out = run("settle", "-", stdin=json.dumps(EXAMPLE_IN))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXAMPLE_OUT
    assert list(json.loads(out.stdout)) == list(EXAMPLE_OUT)


def test_d11_five_rounds_complete_and_shared_winners() -> None:
    rounds = [{"out": "A", "cards_left": {"B": 1, "C": 2}}, {"out": "B", "cards_left": {"A": 1, "C": 2}},
              {"out": "C", "cards_left": {"A": 4, "B": 4}}, {"out": "A", "cards_left": {"B": 2, "C": 2}},
              {"out": "B", "cards_left": {"A": 5, "C": 1}}]
    out = run("--lang", "en", "settle", "--explain", "-",
              stdin=json.dumps({"game": "dragoness", "players": ["A", "B", "C"], "rounds": rounds}))
    answer = json.loads(out.stdout)
    assert answer["totals"] == {"A": 3 + 2 + 2 + 3 + 1, "B": 2 + 3 + 2 + 2 + 3, "C": 1 + 1 + 3 + 2 + 2}
    assert answer["complete"] is True
    assert answer["winners"] == ["B"]
    assert answer["explanation"][2] == ("round 3: first out: 3; 2 players tie for second with 4 cards: "
                                        "2 each, no 1 given.")


@pytest.mark.parametrize("doc,needle", [
    ({"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "Z", "cards_left": {"B": 1}}]},
     "round 1: \"out\" must name one of the players"),
    ({"game": "dragoness", "players": ["A", "B", "C"], "rounds": [{"out": "A", "cards_left": {"B": 1}}]},
     "round 1: player C: missing from cards_left"),
    ({"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"A": 0, "B": 1}}]},
     "round 1: player A: went out"),
    ({"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": 14}}]},
     "round 1: player B: cards left must be a whole number from 1 to 13, not 14"),
    ({"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": -1}}]},
     "player B: cards left must be a whole number from 1 to 13, not -1"),
    ({"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": 1}}] * 6},
     "1 to 5 rounds, not 6"),
    ({"game": "dragoness", "players": ["A"], "rounds": []}, "2 to 8 player names"),
    ({"game": "dragoness", "players": list("ABCDEFGHI"), "rounds": []}, "2 to 8 player names"),
    ({"game": "dragoness", "players": ["A", "B"], "rounds": []}, "1 to 5 rounds, not 0"),
    ({"game": "dragoness", "players": ["A", "A"], "rounds": []}, "each player needs a name of their own"),
])
def test_d10_settle_bad_input_is_one_line(doc: dict[str, object], needle: str) -> None:
    out = run("--lang", "en", "settle", "-", stdin=json.dumps(doc))
    assert out.returncode == 2 and out.stdout == ""
    assert needle in out.stderr and out.stderr.count("\n") == 1

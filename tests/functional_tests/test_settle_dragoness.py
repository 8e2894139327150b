"""``companion settle`` for Reign of Dragoness (D-10, D-11)."""

import json

import pytest

from tests.helpers.cli import run_here as run  # in this process: what is tested is what it answers

EXAMPLE_IN = {
    "game": "dragoness",
    "players": ["A", "B", "C", "D"],
    "rounds": [{"out": "A", "cards_left": {"B": 3, "C": 5, "D": 3}}],
}
EXAMPLE_OUT = {
    "game": "dragoness",
    "rounds": [{"A": 3, "B": 2, "C": 0, "D": 2}],
    "totals": {"A": 3, "B": 2, "C": 0, "D": 2},
    "complete": False,
    "winners": ["A"],
}


def test_d10_settle_example_gives_exactly_that_output() -> None:
    out = run("settle", "-", stdin=json.dumps(EXAMPLE_IN))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXAMPLE_OUT
    assert list(json.loads(out.stdout)) == list(EXAMPLE_OUT)


def test_d11_five_rounds_complete_and_shared_winners() -> None:
    rounds = [
        {"out": "A", "cards_left": {"B": 1, "C": 2}},
        {"out": "B", "cards_left": {"A": 1, "C": 2}},
        {"out": "C", "cards_left": {"A": 4, "B": 4}},
        {"out": "A", "cards_left": {"B": 2, "C": 2}},
        {"out": "B", "cards_left": {"A": 5, "C": 1}},
    ]
    out = run(
        "--lang",
        "en",
        "settle",
        "--explain",
        "-",
        stdin=json.dumps({"game": "dragoness", "players": ["A", "B", "C"], "rounds": rounds}),
    )
    answer = json.loads(out.stdout)
    assert answer["totals"] == {"A": 3 + 2 + 2 + 3 + 1, "B": 2 + 3 + 2 + 2 + 3, "C": 1 + 1 + 3 + 2 + 2}
    assert answer["complete"] is True
    assert answer["winners"] == ["B"]
    assert answer["explanation"][2] == (
        "round 3: C went out first: 3; A 4 and B 4 cards left: 2 each; no 1 given (a tie for second)."
    )
    assert answer["first_out"] == ["A", "B", "C", "A", "B"]


def test_d10_the_text_settlement_is_a_round_by_player_table_with_names() -> None:
    """D-10/D-11 read at a glance: a row per player, a column per round with its points (* where the
    player went out first), the totals, who went out first by name; each round's points in words
    with the names."""
    rounds = [
        {"out": "Aki", "cards_left": {"Ben": 3, "Chie": 5, "Dan": 3}},
        {"out": "Dan", "cards_left": {"Ben": 3, "Chie": 5, "Aki": 4}},
    ]
    doc = json.dumps({"game": "dragoness", "players": ["Aki", "Ben", "Chie", "Dan"], "rounds": rounds})
    out = run("--lang", "en", "settle", "--text", "-", stdin=doc)
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["Player", "R1", "R2", "Total"]
    assert [line.split() for line in lines[1:5]] == [
        ["Aki", "3*", "1", "4"],
        ["Ben", "2", "2", "4"],
        ["Chie", "0", "0", "0"],
        ["Dan", "2", "3*", "5"],
    ]
    assert lines[5] == "* went out first: R1 Aki, R2 Dan"
    assert lines[7] == (
        "round 2: Dan went out first: 3; Ben 3 cards left: 2; Aki 4 cards left: 1; Chie 5 cards left: 0."
    )
    ja = run("--lang", "ja", "settle", "--text", "-", stdin=doc).stdout.splitlines()
    assert ja[0].split() == ["プレイヤー", "第1", "第2", "合計"] and ja[5] == "* は最初に上がった人：第1 Aki、第2 Dan"
    assert ja[6].startswith("第1ラウンド：最初に上がったAkiに3点。Ben（残り3枚）・Dan（残り3枚）に2点ずつ。")


@pytest.mark.parametrize(
    "doc,needle",
    [
        (
            {"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "Z", "cards_left": {"B": 1}}]},
            'round 1: "out" must name one of the players',
        ),
        (
            {"game": "dragoness", "players": ["A", "B", "C"], "rounds": [{"out": "A", "cards_left": {"B": 1}}]},
            "round 1: player C: missing from cards_left",
        ),
        (
            {"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"A": 0, "B": 1}}]},
            "round 1: player A: went out",
        ),
        (
            {"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": 14}}]},
            "round 1: player B: cards left must be a whole number from 1 to 13, not 14",
        ),
        (
            {"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": -1}}]},
            "player B: cards left must be a whole number from 1 to 13, not -1",
        ),
        (
            {"game": "dragoness", "players": ["A", "B"], "rounds": [{"out": "A", "cards_left": {"B": 1}}] * 6},
            "1 to 5 rounds, not 6",
        ),
        ({"game": "dragoness", "players": ["A"], "rounds": []}, "2 to 8 player names"),
        ({"game": "dragoness", "players": list("ABCDEFGHI"), "rounds": []}, "2 to 8 player names"),
        ({"game": "dragoness", "players": ["A", "B"], "rounds": []}, "1 to 5 rounds, not 0"),
        ({"game": "dragoness", "players": ["A", "A"], "rounds": []}, "each player needs a name of their own"),
    ],
)
def test_d10_settle_bad_input_is_one_line(doc: dict[str, object], needle: str) -> None:
    out = run("--lang", "en", "settle", "-", stdin=json.dumps(doc))
    assert out.returncode == 2 and out.stdout == ""
    assert needle in out.stderr and out.stderr.count("\n") == 1

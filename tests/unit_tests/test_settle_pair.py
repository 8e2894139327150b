"""F-13 in settle: a player's chosen or declined face-down pair is honoured; without one, the best is taken."""

import pytest

from companion.rules.common import Refusal
from companion.settle import settle


def doc(**pair: object) -> dict[str, object]:
    columns = [["R5", "Y5", "G5"], ["R6", "Y6", "G6"], ["R8", "Y8", "G8"]]
    player = {"name": "Aki", "fortress": columns, "hand": [], **pair}
    return {"game": "fortress", "players": [player]}


def test_f13_without_a_pair_settle_takes_the_best() -> None:
    row = settle(doc())["players"][0]
    assert row["pair"] == {"from": 0, "to": 1} and row["score"] == 3 * 4


def test_f13_a_declined_pair_is_not_used() -> None:
    row = settle(doc(pair=None))["players"][0]
    assert row["pair"] is None and row["score"] == 3 * 3


def test_f13_a_chosen_pair_is_used_even_when_another_is_better() -> None:
    row = settle(doc(pair={"from": 0, "to": 0}))["players"][0]
    assert row["pair"] == {"from": 0, "to": 0} and row["score"] == 3 * 3


@pytest.mark.parametrize(
    "pair", [{"from": 3, "to": 0}, {"from": 0, "to": 7}, {"from": 0}, [0, 1], {"from": True, "to": 1}]
)
def test_f13_an_impossible_pair_is_refused(pair: object) -> None:
    with pytest.raises(Refusal, match="Aki"):
        settle(doc(pair=pair))

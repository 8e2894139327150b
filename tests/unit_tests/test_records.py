"""Actions as plain data: what a store or a QR code keeps, and what comes back."""

import json

import pytest

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Refusal


def test_fortress_actions_are_json_and_come_back(fdeck: fortress.Deck) -> None:
    actions: list[fortress.Action] = [
        fortress.Reveal("A1", fdeck.parse("R7")),
        fortress.Place(2, fdeck.parse("K13"), "B4E", fortress.Mode.SUIT),
        fortress.Build(fdeck.parse("K13"), fortress.Where.ON_LEFT),
        fortress.FinalHand(1, (fdeck.parse("Y1"), fdeck.parse("G2"))),
        fortress.ChoosePair(0, fortress.Pair(1, 3)),
        fortress.ChoosePair(1, None),
    ]
    data = json.loads(json.dumps([fortress.action_to_data(a) for a in actions]))
    assert data[1] == {"type": "place", "player": 2, "card": "K13", "spot": "B4E", "mode": "suit"}
    assert data[4] == {"type": "choose_pair", "player": 0, "pair": [1, 3]}
    assert [fortress.action_from_data(fdeck, d) for d in data] == actions


def test_homalet_and_dragoness_actions_come_back(hdeck: homalet.Deck, ddeck: dragoness.Deck) -> None:
    h: list[homalet.Action] = [
        homalet.RevealSet((7, 12)),
        homalet.Play(1, 7, homalet.Field.WILD, void=True),
        homalet.Adjust(homalet.Zone.DECK, homalet.Zone.HAND, None, None, 2),
        homalet.EndEffect(),
    ]
    assert [homalet.action_from_data(hdeck, homalet.action_to_data(a)) for a in h] == h
    d: list[dragoness.Action] = [
        dragoness.PlayCards(0, (ddeck.parse("PG"), ddeck.parse("Lo3")), (3,)),
        dragoness.Revive(1),
        dragoness.Opening(2, ddeck.parse("Fr1")),
    ]
    data = [dragoness.action_to_data(a) for a in d]
    assert data[0] == {"type": "play_cards", "player": 0, "cards": ["PG", "Lo3"], "wilds": [3]}
    assert [dragoness.action_from_data(ddeck, x) for x in data] == d


@pytest.mark.parametrize(
    "data,needle",
    [
        ({"type": "teleport"}, 'unknown action type "teleport"'),
        ({"type": "place", "player": 0, "card": "R7", "spot": "A1N"}, "malformed"),
        ({"type": "place", "player": "zero", "card": "R7", "spot": "A1N", "mode": "number"}, "whole number"),
        ({"type": "place", "player": 0, "card": "X7", "spot": "A1N", "mode": "number"}, "'X7' is not a card"),
        ({"type": "build", "card": "R7", "where": "sideways"}, "malformed"),
    ],
)
def test_broken_records_are_refused_in_one_sentence(fdeck: fortress.Deck, data: dict[str, object], needle: str) -> None:
    with pytest.raises(Refusal, match=needle):
        fortress.action_from_data(fdeck, data)

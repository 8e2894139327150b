"""Game records (docs/records.md): written and read by pure functions, versioned, carrying the deck."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.records import game_records
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Refusal
from companion.rules.engine import GameEngine
from companion.rules.games import ENGINES
from tests.helpers.own import own


def _fortress_game(deck: fortress.Deck) -> tuple[Any, list[Any]]:
    setup = fortress.make_setup(("Aki", "Ben", "Chie"), 1, deck)
    cards = ["R1", "R2", "R3", "R4", "Y1", "Y2", "Y3", "Y4"]
    actions: list[Any] = [fortress.Reveal(cell, deck.parse(c)) for cell, c in zip(fortress.CELLS, cards, strict=True)]
    actions.append(fortress.Place(1, deck.parse("K13"), "A1N", fortress.Mode.NUMBER))
    return setup, actions


def _homalet_game(deck: homalet.Deck) -> tuple[Any, list[Any]]:
    setup = homalet.make_setup(("Aki", "Ben", "Chie"), 0, deck)
    return setup, [
        homalet.RevealSet((12, 7)),
        homalet.RevealSet((3, 4)),
        homalet.RevealSet((5, 6)),
        homalet.Play(0, 23, homalet.Field.BATTLE),
    ]


def _dragoness_game(deck: dragoness.Deck) -> tuple[Any, list[Any]]:
    setup = dragoness.make_setup(("Aki", "Ben", "Chie"), None, deck)
    return setup, [dragoness.Opening(2, deck.parse("Lo1")), dragoness.PlayCards(2, (deck.parse("Lo1"),))]


GAMES = {
    "fortress": (ENGINES["fortress"], _fortress_game),
    "homalet": (ENGINES["homalet"], _homalet_game),
    "dragoness": (ENGINES["dragoness"], _dragoness_game),
}


@pytest.fixture(params=list(GAMES))
def game(
    request: pytest.FixtureRequest, fdeck: fortress.Deck, hdeck: homalet.Deck, ddeck: dragoness.Deck
) -> tuple[GameEngine, Any, list[Any]]:
    engine, make = GAMES[request.param]
    deck = {"fortress": fdeck, "homalet": hdeck, "dragoness": ddeck}[request.param]
    setup, actions = make(deck)  # type: ignore[operator]
    return engine, setup, actions


def test_a_record_is_json_and_reads_back_the_same(game: tuple[GameEngine, Any, list[Any]]) -> None:
    engine, setup, actions = game
    times = [f"2026-11-30T19:{i:02d}:00Z" for i in range(len(actions))]
    data = json.loads(json.dumps(game_records.make_record(engine, setup, actions, times)))
    assert data["format"] == game_records.FORMAT and data["version"] == game_records.VERSION
    assert data["game"] == engine.GAME and list(data) == ["format", "version", "game", "deck", "setup", "actions"]
    assert [a["time"] for a in data["actions"]] == times
    record = game_records.read_record(data)
    assert record.engine is engine and record.setup == setup
    assert list(record.actions) == actions and list(record.times) == times
    state, rulings = game_records.fold_record(record)
    assert len(rulings) == len(actions)
    assert state == engine.fold(setup, actions)
    assert game_records.make_record(engine, record.setup, record.actions, record.times) == data


def test_a_record_carries_its_deck_not_todays_files(fdeck: fortress.Deck) -> None:
    setup, actions = _fortress_game(fdeck)
    data = game_records.make_record(ENGINES["fortress"], setup, actions)
    suits = own(list, own(dict, data["deck"])["suits"])
    own(dict, suits[0])["en"] = "Scarlet"  # a table's own deck file, since changed
    record = game_records.read_record(data)
    assert own(fortress.Deck, record.deck).suits[0].en == "Scarlet" and record.setup.deck == record.deck


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(version=game_records.VERSION + 1), "newer companion"),
        (lambda d: d.update(format="something else"), '"format"'),
        (lambda d: d.pop("format"), '"format"'),
        (lambda d: d.update(version="1"), '"version"'),
        (lambda d: d.update(game="chess"), 'unknown game "chess"'),
        (lambda d: d.update(deck=[]), '"deck"'),
        (lambda d: d.update(setup={"players": "Aki"}), '"players"'),
        (lambda d: d.update(setup={"players": ["Aki", "Ben", "Chie"], "start": "Aki"}), "start seat"),
        (lambda d: d.update(actions={}), '"actions"'),
        (lambda d: d["actions"].__setitem__(3, {"type": "teleport"}), "action 3: unknown action type"),
        (lambda d: d["actions"].__setitem__(2, 7), "action 2:"),
        (lambda d: d["actions"][1].update(time=5), "action 1:"),
    ],
    ids=[
        "newer",
        "format",
        "no-format",
        "version-text",
        "game",
        "deck",
        "players",
        "start",
        "actions",
        "action-type",
        "action-not-object",
        "time",
    ],
)
def test_a_broken_record_is_refused_with_one_sentence(fdeck: fortress.Deck, change: Any, words: str) -> None:
    setup, actions = _fortress_game(fdeck)
    data = game_records.make_record(ENGINES["fortress"], setup, actions)
    change(data)
    with pytest.raises(Refusal) as refusal:
        game_records.read_record(data)
    assert words in refusal.value.msg.en
    assert "\n" not in refusal.value.msg.en and refusal.value.msg.ja


def test_an_illegal_action_is_named_by_its_index(fdeck: fortress.Deck) -> None:
    setup, actions = _fortress_game(fdeck)
    actions.insert(2, fortress.Reveal("A1", fdeck.parse("K1")))  # A1 already holds R1
    record = game_records.read_record(game_records.make_record(ENGINES["fortress"], setup, actions))
    with pytest.raises(Refusal) as refusal:
        game_records.fold_record(record)
    assert refusal.value.msg.en.startswith("action 2: ")
    assert refusal.value.msg.ja.startswith("2番目の手：")

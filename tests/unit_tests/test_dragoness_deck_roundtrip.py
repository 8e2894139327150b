"""A Dragoness deck comes back as it was read: a record made before the optional special_color and
gem_color keys existed exports without them (its deck is the one it was played with, D-2), and a deck
file naming them keeps them."""

from __future__ import annotations

import json
from pathlib import Path

from companion.rules import dragoness
from companion.rules.dragoness.deck import GEM_COLOR, SPECIAL_COLOR

ROOT = Path(__file__).resolve().parents[2]


def test_a_deck_without_the_optional_colours_round_trips_unchanged() -> None:
    record = json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text(encoding="utf-8"))
    data = record["deck"]
    assert "special_color" not in data and "gem_color" not in data  # the record predates the keys
    deck = dragoness.Deck.from_data(data)
    assert (deck.special_color, deck.gem_color) == (SPECIAL_COLOR, GEM_COLOR)
    assert deck.to_data() == data


def test_a_deck_naming_its_colours_keeps_them() -> None:
    record = json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text(encoding="utf-8"))
    data = {**record["deck"], "special_color": "#b51c62", "gem_color": "#0097a7"}
    assert dragoness.Deck.from_data(data).to_data() == data

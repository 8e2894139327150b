import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet


@pytest.fixture(scope="session")
def fdeck() -> fortress.Deck:
    return fortress.Deck.from_data(load_deck_data("fortress"))


@pytest.fixture(scope="session")
def hdeck() -> "homalet.Deck":
    return homalet.Deck.from_data(load_deck_data("homalet"))


@pytest.fixture(scope="session")
def ddeck() -> "dragoness.Deck":
    return dragoness.Deck.from_data(load_deck_data("dragoness"))

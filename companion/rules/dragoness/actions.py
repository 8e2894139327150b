"""Reign of Dragoness: the setup, the actions a table takes, and actions as plain data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.codec import records
from companion.rules.common import Correct, check_players, table_names
from companion.rules.dragoness.deck import HAND, MAX_PLAYERS, MIN_PLAYERS, Card, Deck
from companion.rules.dragoness.words import TITLE


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE)

    @property
    def cards(self) -> Mapping[Card, int]:
        """This table's deck (D-2), read-only: it is shared by every game of this size."""
        return self.deck.cards_for(len(self.players))

    @property
    def unused(self) -> int:
        return sum(self.cards.values()) - HAND * len(self.players)


def make_setup(players: Sequence[str], start: int | None, deck: Deck) -> Setup:
    """The shared constructor (docs/engines.md). ``start`` is ignored: Reign of Dragoness has no
    start player, the holder of the round's lowest card leads (D-6). Each name is kept in its
    composed form (NFC) and checked by the one rule for names."""
    del start
    return Setup(table_names(players), deck)


@dataclass(frozen=True)
class Opening:
    """The table names who holds the round's lowest card, and which card it is (D-6)."""

    player: int
    card: Card


@dataclass(frozen=True)
class PlayCards:
    """A lead or a follow (D-6, D-7). ``wilds``: the numbers the player names for the wild cards,
    in the order they were played; None lets the engine take the strongest legal reading (D-5)."""

    player: int
    cards: tuple[Card, ...]
    wilds: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        """Lists become tuples, and naming no wild number at all (``()``) is naming none (None)."""
        if isinstance(self.cards, list):
            object.__setattr__(self, "cards", tuple(self.cards))
        if isinstance(self.wilds, list | tuple):
            object.__setattr__(self, "wilds", tuple(self.wilds) or None)


@dataclass(frozen=True)
class Pass:
    player: int


@dataclass(frozen=True)
class Revive:
    """A Revive played instead of following (D-9)."""

    player: int


@dataclass(frozen=True)
class OnlyRevives:
    """A player shows that their hand holds only Revive cards: it counts as empty (D-10)."""

    player: int


Action = Opening | PlayCards | Pass | Revive | OnlyRevives | Correct


ACTIONS = (Opening, PlayCards, Pass, Revive, OnlyRevives, Correct)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action

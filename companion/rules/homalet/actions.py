"""HOMALET: the setup, the actions a table takes, and actions as plain data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from companion.rules.codec import records
from companion.rules.common import Correct, Msg, check_players, refuse, table_names
from companion.rules.homalet.deck import MAX_PLAYERS, MIN_PLAYERS, Deck, cards_for, parse_card
from companion.rules.homalet.words import FIELD_NAMES, TITLE, ZONE_NAMES, Field, Zone

E = TypeVar("E", bound=StrEnum)


def _enum(kind: type[E], value: object, what: Msg, names: Mapping[Any, Msg]) -> E:
    """``value`` as a member of ``kind``: a member, or one of the members' string values; else refused
    (a plain string is never silently misread as another member)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(m.value for m in kind)
    allowed_ja = "、".join(f"{names[m].ja}（{m.value}）" for m in kind)
    raise refuse(
        f"{value!r} is not a {what.en}: use one of {allowed}",
        f"{value!r} は{what.ja}ではありません。使えるのは{allowed_ja}です",
    )


def _int(value: object, what: Msg) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(
            f"{value!r} is not a {what.en}: write a whole number",
            f"{value!r} は{what.ja}ではありません。整数で書きます",
        )
    return value


def _card(value: object) -> int:
    """A card given as a number or as its notation (``"07"``)."""
    if isinstance(value, str):
        return parse_card(value)
    return _int(value, Msg("card number", "カード番号"))


def _seat(value: object) -> int:
    return _int(value, Msg("seat number", "席番号"))


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


@dataclass(frozen=True)
class RevealSet:
    """A wilderness set laid out from the deck (setup and cleanup, H-3, H-8)."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str | int) or not isinstance(self.cards, Iterable):
            raise refuse(
                f"a wilderness set is a list of cards, not {self.cards!r}",
                f"在野の組はカードのリストです（{self.cards!r} は不可）",
            )
        _set(self, "cards", tuple(_card(c) for c in self.cards))


@dataclass(frozen=True)
class Play:
    """A player plays a card to a field (H-4). ``void``: the player says they hold none of the
    field's lead colour, which an off-colour play needs."""

    player: int
    card: int
    field: Field
    void: bool = False

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "card", _card(self.card))
        _set(self, "field", _enum(Field, self.field, Msg("field", "場"), FIELD_NAMES))
        if not isinstance(self.void, bool):
            raise refuse(
                f"void is true or false, not {self.void!r}",
                f"「無し」の宣言は真か偽で指定します（{self.void!r} は不可）",
            )


@dataclass(frozen=True)
class Pick:
    """A battlefield winner takes one battlefield card into their score pile (H-5)."""

    player: int
    card: int

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "card", _card(self.card))


@dataclass(frozen=True)
class Adjust:
    """One card moved by a season effect (H-6). ``card`` may be None only between hidden zones
    (deck and hands); a card going to or from a pile or the discard is named."""

    source: Zone
    target: Zone
    card: int | None = None
    source_player: int | None = None
    target_player: int | None = None

    def __post_init__(self) -> None:
        _set(self, "source", _enum(Zone, self.source, Msg("zone", "場所"), ZONE_NAMES))
        _set(self, "target", _enum(Zone, self.target, Msg("zone", "場所"), ZONE_NAMES))
        if self.card is not None:
            _set(self, "card", _card(self.card))
        for name in ("source_player", "target_player"):
            if getattr(self, name) is not None:
                _set(self, name, _seat(getattr(self, name)))


@dataclass(frozen=True)
class EndEffect:
    """The table has finished resolving the open season effect."""


@dataclass(frozen=True)
class TakeSet:
    """A wilderness player takes one remaining set into the hand (H-7). ``index`` counts from 0;
    the table notation numbers sets from 1."""

    player: int
    index: int

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "index", _int(self.index, Msg("set number", "組の番号")))


Action = RevealSet | Play | Pick | Adjust | EndEffect | TakeSet | Correct


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    start: int
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE, self.start)

    @property
    def cards(self) -> range:
        return cards_for(len(self.players))


def make_setup(players: Sequence[str], start: int | None, deck: Deck) -> Setup:
    """The shared constructor: ``start`` is a seat, or None for seat 0; each name is kept in its
    composed form (NFC) and checked by the one rule for names."""
    return Setup(table_names(players), 0 if start is None else start, deck)


ACTIONS = (RevealSet, Play, Pick, Adjust, EndEffect, TakeSet, Correct)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, parse_card, None)
    return action

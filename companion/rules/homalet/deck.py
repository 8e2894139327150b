"""HOMALET: the table's constants and the deck (H-1, H-2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules.common import EMPTY, Msg, ascii_number, deck_name, kagi, plural, quoted, refuse

GAME = "homalet"


MIN_PLAYERS, MAX_PLAYERS = 3, 7


CARDS = 70  # H-1: 00 to 69


HAND = 6  # H-3


SETS = 3  # H-3: three wilderness sets


SET_SIZE = 2


class Season(StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


SEASON_NAMES = {
    Season.SPRING: Msg("spring", "春"),
    Season.SUMMER: Msg("summer", "夏"),
    Season.AUTUMN: Msg("autumn", "秋"),
    Season.WINTER: Msg("winter", "冬"),
}


@dataclass(frozen=True)
class Colour:
    key: str
    en: str
    ja: str
    color: str


@dataclass(frozen=True)
class Deck:
    """The 70 HOMALET cards: each number's colour and season mark, from a deck file (H-2)."""

    name: Msg
    colours: tuple[Colour, ...]
    colour_of: tuple[str, ...]  # by card number
    season_of: tuple[Season | None, ...]
    by_key: Mapping[str, Colour] = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {c.key: c for c in self.colours})

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            colours = tuple(Colour(str(c["key"]), str(c["en"]), str(c["ja"]), str(c["color"])) for c in data["colors"])
            keys = {c.key for c in colours}
            cards = data["cards"]
            colour_of, season_of = [], []
            for n in range(CARDS):
                entry = cards[f"{n:02d}"]
                colour = str(entry["color"])
                if colour not in keys:
                    raise ValueError(f"card {n:02d} has colour {colour!r}, not one of {sorted(keys)}")
                colour_of.append(colour)
                season = entry.get("season")
                season_of.append(None if season is None else Season(season))
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(
                f"the HOMALET deck definition is broken ({error}); it needs [[colors]] "
                "and a [cards] entry with a colour for every card 00 to 69",
                f"HOMALETのデッキ定義が壊れています（{error}）。[[colors]] と、00〜69の各カード"
                "の色を書いた [cards] が必要です",
            ) from None
        return cls(deck_name(data, Msg("HOMALET", "HOMALET")), colours, tuple(colour_of), tuple(season_of))

    def to_data(self) -> dict[str, Any]:
        cards: dict[str, Any] = {}
        for n in range(CARDS):
            entry: dict[str, str] = {"color": self.colour_of[n]}
            season = self.season_of[n]
            if season is not None:
                entry["season"] = season.value
            cards[f"{n:02d}"] = entry
        return {
            "format": 1,
            "game": GAME,
            "name": {"en": self.name.en, "ja": self.name.ja},
            "colors": [{"key": c.key, "en": c.en, "ja": c.ja, "color": c.color} for c in self.colours],
            "cards": cards,
        }

    def colour(self, card: int) -> Colour:
        return self.by_key[self.colour_of[card]]

    def season(self, card: int) -> Season | None:
        return self.season_of[card]


def cards_for(players: int) -> range:
    """H-1: a game uses 00 to 10 × players − 1."""
    return range(10 * players)


def parse_card(token: str | int, top: int = CARDS) -> int:
    """``07`` or ``7``; anything else is refused naming the token and the valid range."""
    number = ascii_number(str(token), 2)
    if number is not None and number < top:
        return number
    raise refuse(
        f"{quoted(str(token))} is not a HOMALET card: write a number from 00 to {top - 1:02d} (07 or 7)",
        f"{kagi(str(token))}はHOMALETのカードではありません（00〜{top - 1:02d}の数字）",
    )


_CARD_TEXT = tuple(f"{n:02d}" for n in range(100))


NOTHING = EMPTY  # a ruling that adds nothing


def fmt(card: int) -> str:
    return _CARD_TEXT[card] if 0 <= card < 100 else f"{card:02d}"


def fmt_all(cards: Iterable[int]) -> str:
    return " ".join(fmt(c) for c in cards) or "—"


def list_sets(sets: Sequence[Sequence[int]]) -> Msg:
    """Wilderness sets numbered from 1, as the table notation counts them."""
    return Msg(
        "; ".join(f"{i + 1}: {fmt_all(c)}" for i, c in enumerate(sets)) or "—",
        "、".join(f"{i + 1}組目 {fmt_all(c)}" for i, c in enumerate(sets)) or "—",
    )


def count_cards(n: int) -> Msg:
    """``1 card`` / ``3 cards`` and ``3枚``."""
    return Msg(plural(n, "card", "cards"), f"{n}枚")

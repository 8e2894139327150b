"""Six-Suit Fortress: the table's constants and the deck (F-1, F-2)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.common import Msg, NotACard, ascii_number, deck_name, kagi, normalize_token, quoted, refuse

GAME = "fortress"


MIN_PLAYERS, MAX_PLAYERS = 3, 5


DEAL = {3: 13, 4: 10, 5: 8}  # F-2


GRID_SIZE = 8  # F-3: two 2x2 grids


STEPS = (1, 2, 3)  # F-11: a new column is 1 to 3 ranks beyond the end, 13 and 1 adjacent


@dataclass(frozen=True)
class Suit:
    code: str
    en: str
    ja: str
    color: str
    shape: str


@dataclass(frozen=True, order=True)
class Card:
    suit: str
    rank: int

    def __post_init__(self) -> None:
        # the hash and the notation made once: a replay looks cards up and names them thousands of times
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))
        object.__setattr__(self, "_text", f"{self.suit}{self.rank}")

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]


@dataclass(frozen=True)
class Deck:
    """The six-suit deck, as a deck file defines it (F-1)."""

    name: Msg
    ranks: int
    suits: tuple[Suit, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            suits = tuple(
                Suit(str(s["code"]).upper(), str(s["en"]), str(s["ja"]), str(s["color"]), str(s.get("shape", "circle")))
                for s in data["suits"]
            )
            ranks = int(data["ranks"])
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(
                f"the fortress deck definition is incomplete ({error}); it needs ranks and "
                "suits with code, en, ja and color",
                f"砦のデッキ定義が不完全です（{error}）。ranks と、code・en・ja・color を持つ suits が必要です",
            ) from None
        codes = [s.code for s in suits]
        if (
            len(set(codes)) != len(codes)
            or any(len(c) != 1 or not c.isalpha() for c in codes)
            or ranks < 1
            or not suits
        ):
            raise refuse(
                "the fortress deck definition needs distinct one-letter suit codes and ranks ≥ 1",
                "砦のデッキ定義には重複しない1文字のスート記号と1以上の ranks が必要です",
            )
        return cls(deck_name(data, Msg("deck", "デッキ")), ranks, suits)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": 1,
            "game": GAME,
            "name": {"en": self.name.en, "ja": self.name.ja},
            "ranks": self.ranks,
            "suits": [{"code": s.code, "en": s.en, "ja": s.ja, "color": s.color, "shape": s.shape} for s in self.suits],
        }

    @property
    def size(self) -> int:
        return self.ranks * len(self.suits)

    @functools.cached_property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card, suit by suit (made once per deck: "what is allowed now" lists the unseen ones)."""
        return tuple(Card(s.code, r) for s in self.suits for r in range(1, self.ranks + 1))

    def cards(self) -> list[Card]:
        return list(self.all_cards)

    def suit(self, code: str) -> Suit:
        for s in self.suits:
            if s.code == code:
                return s
        raise KeyError(code)

    @functools.cached_property
    def card_set(self) -> frozenset[Card]:
        return frozenset(self.all_cards)

    @functools.cached_property
    def card_by_key(self) -> dict[tuple[str, int], Card]:
        return {(c.suit, c.rank): c for c in self.all_cards}

    def contains(self, card: Card) -> bool:
        return card in self.card_set

    def label(self, card: Card, lang: str = "en") -> str:
        return f"{self.suit(card.suit).ja}{card.rank}" if lang == "ja" else str(card)

    def forms(self) -> Msg:
        letters = " ".join(s.code for s in self.suits)
        names = " ".join(s.ja for s in self.suits)
        s0 = self.suits[0]
        return Msg(
            f"write a suit letter ({letters}) or name ({names}) and a rank 1–{self.ranks}, "
            f"e.g. {s0.code}7, {s0.code.lower()}{self.ranks}, {s0.ja}7",
            f"スート記号（{letters}）か名前（{names}）と数字1〜{self.ranks}で書きます。"
            f"例は{s0.ja}7、{s0.code}7、{s0.code.lower()}{self.ranks}です",
        )

    def parse(self, token: str) -> Card:
        """``R7``, ``r7``, ``K13``, ``赤7`` (F-1); anything else is refused naming the token."""
        text = normalize_token(token)
        for s in self.suits:
            for prefix in (s.ja, s.code, s.code.lower()):
                rank = ascii_number(text[len(prefix) :]) if text.startswith(prefix) else None
                if rank is not None and 1 <= rank <= self.ranks:
                    return self.card_by_key[s.code, rank]  # the deck's own card: compared by identity first
        raise NotACard(
            Msg(f"{quoted(token)} is not a card", f"{kagi(token)}はカードではありません"),
            Msg(": ", "。") + self.forms(),
        )

"""Reign of Dragoness: the table's constants and the deck (D-1, D-2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar

from companion.rules.common import Msg, Refusal, ascii_number, deck_name, kagi, normalize_token, quoted, refuse

GAME = "dragoness"


MIN_PLAYERS, MAX_PLAYERS = 2, 8


HAND = 13  # D-2


ROUNDS = 5  # D-11


DRAGONESS_NUMBER = 13


class Kind(StrEnum):
    DRAGON = "dragon"
    DRAGONESS = "dragoness"
    PAGE = "page"
    SQUIRE = "squire"
    KNIGHT = "knight"
    REVIVE = "revive"


WILD_RANGE = {Kind.PAGE: range(1, 9), Kind.SQUIRE: range(9, 13), Kind.KNIGHT: range(1, 13)}


ALONE = {Kind.PAGE: 8, Kind.SQUIRE: 9, Kind.KNIGHT: 12}  # D-5: played alone
# The print colours of the special cards and of the gem, where a deck file names none (its optional
# "special_color" and "gem_color"; files written before these keys existed print in these).
SPECIAL_COLOR = "#7a5c00"
GEM_COLOR = "#00acc1"


@dataclass(frozen=True)
class Clan:
    code: str
    en: str
    ja: str
    gems: int
    color: str


@dataclass(frozen=True)
class Special:
    code: str
    kind: Kind
    en: str
    ja: str
    count: int
    text: Msg


@dataclass(frozen=True, order=True)
class Card:
    """A dragon (``clan`` code and ``number``) or a special (``code``, no number)."""

    code: str
    number: int = 0
    # the hash, made once: cards are the keys of most look-ups (groups, counts, the deck's answers)
    _hash: ClassVar[int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.code, self.number)))

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"{self.code}{self.number}" if self.number else self.code


Value = tuple[int, int]  # (number, gems): how strong one card counts (D-3)


@dataclass(frozen=True)
class Deck:
    name: Msg
    numbers: int
    clans: tuple[Clan, ...]
    specials: tuple[Special, ...]
    by_players: tuple[tuple[tuple[int, ...], int, tuple[tuple[str, int], ...]], ...]
    special_color: str = SPECIAL_COLOR  # the special cards' print colour
    gem_color: str = GEM_COLOR  # the gem's (the clans' strength) print colour
    # look-ups built once from the fields above (not part of the deck's identity)
    _kinds: Mapping[str, Kind] = field(init=False, compare=False, hash=False, repr=False)
    _clans: Mapping[str, Clan] = field(init=False, compare=False, hash=False, repr=False)
    _cache: dict[Any, Any] = field(init=False, compare=False, hash=False, repr=False)  # answers that never change
    # each card's profile, in a group and alone (:meth:`profile`): asked for at every card read
    _profiles: tuple[dict[Card, tuple[Kind, tuple[Value, ...]]], ...] = field(
        init=False, compare=False, hash=False, repr=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_kinds", MappingProxyType({s.code: s.kind for s in self.specials}))
        object.__setattr__(self, "_clans", MappingProxyType({c.code: c for c in self.clans}))
        object.__setattr__(self, "_cache", {})
        object.__setattr__(self, "_profiles", ({}, {}))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            clans = tuple(
                Clan(str(c["code"]), str(c["en"]), str(c["ja"]), int(c["gems"]), str(c["color"])) for c in data["clans"]
            )
            specials = tuple(
                Special(
                    str(s["code"]),
                    Kind(s["kind"]),
                    str(s["en"]),
                    str(s["ja"]),
                    int(s["count"]),
                    Msg(str(s["text"]["en"]), str(s["text"]["ja"])),
                )
                for s in data["specials"]
            )
            by_players = tuple(
                (
                    tuple(int(p) for p in b["players"]),
                    int(b["clans"]),
                    tuple((str(k), int(v)) for k, v in b["specials"].items()),
                )
                for b in data["by_players"]
            )
            numbers = int(data["numbers"])
            colours = str(data.get("special_color", SPECIAL_COLOR)), str(data.get("gem_color", GEM_COLOR))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise refuse(
                f"the Dragoness deck definition is broken ({error}); it needs numbers, clans, specials and by_players",
                f"ドラゴンネスのデッキ定義が壊れています（{error}）。numbers、clans、specials、by_players が必要です",
            ) from None
        codes = [c.code for c in clans] + [s.code for s in specials]
        if len({c.lower() for c in codes}) != len(codes):
            raise refuse(
                "the Dragoness deck definition repeats a code", "ドラゴンネスのデッキ定義で記号が重複しています"
            )
        if {s.kind for s in specials} != set(Kind) - {Kind.DRAGON} or len(specials) != len(Kind) - 1:
            raise refuse(
                "the Dragoness deck definition needs one special of each kind: dragoness, page, squire, knight, revive",
                "スペシャルカードは dragoness、page、squire、knight、revive を1種ずつ定義してください",
            )
        return cls(
            deck_name(data, Msg("Reign of Dragoness", "ドラゴンネス")),
            numbers,
            tuple(sorted(clans, key=lambda c: c.gems)),
            specials,
            by_players,
            *colours,
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "format": 1,
            "game": GAME,
            "name": {"en": self.name.en, "ja": self.name.ja},
            "numbers": self.numbers,
            "clans": [{"code": c.code, "en": c.en, "ja": c.ja, "gems": c.gems, "color": c.color} for c in self.clans],
            "specials": [
                {
                    "code": s.code,
                    "kind": s.kind.value,
                    "en": s.en,
                    "ja": s.ja,
                    "count": s.count,
                    "text": {"en": s.text.en, "ja": s.text.ja},
                }
                for s in self.specials
            ],
            "by_players": [{"players": list(p), "clans": c, "specials": dict(s)} for p, c, s in self.by_players],
            # the optional colours only where they are not the defaults: a record made before the keys
            # existed comes back from the store exactly as it was imported
            **({"special_color": self.special_color} if self.special_color != SPECIAL_COLOR else {}),
            **({"gem_color": self.gem_color} if self.gem_color != GEM_COLOR else {}),
        }

    def special(self, kind: Kind | str) -> Special:
        """The special card of ``kind`` (a :class:`Kind` or its value, e.g. ``"revive"``)."""
        try:
            wanted = Kind(kind)
        except ValueError:
            raise refuse(
                f"{kind!r} is not a kind of special card; kinds: dragoness, page, squire, knight, revive",
                f"{kind!r} はスペシャルカードの種類ではありません（dragoness、page、squire、knight、revive）",
            ) from None
        for s in self.specials:
            if s.kind is wanted:
                return s
        raise refuse(f"{wanted.value} is not a special card", f"{wanted.value} はスペシャルカードではありません")

    def kind(self, card: Card) -> Kind:
        return self._kinds.get(card.code, Kind.DRAGON)

    def known(self, card: Any) -> bool:
        """``card`` is a card of this box: a clan and a number 1..numbers, or a special."""
        if not isinstance(card, Card):
            return False
        if card.code in self._kinds:
            return card.number == 0
        return card.code in self._clans and 1 <= card.number <= self.numbers

    def clan(self, code: str) -> Clan:
        clan = self._clans.get(code)
        if clan is None:
            raise Refusal(
                Msg(f"{code!r} is not a clan of this deck: ", f"「{code}」はこのデッキのスートではありません。")
                + self.forms()
            )
        return clan

    def all_cards(self) -> Counter[Card]:
        """The 105-card box (D-1)."""
        out: Counter[Card] = Counter(Card(c.code, n) for c in self.clans for n in range(1, self.numbers + 1))
        for s in self.specials:
            out[Card(s.code)] += s.count
        return out

    def forget(self, more_than: int) -> None:
        """The answers this deck keeps (readings of groups, cards, labels) let go when they are more than
        ``more_than``: each comes again from the rules when asked. For a caller that asks about many
        groups once (the seat pages' coach), so that memory stays flat."""
        if len(self._cache) > more_than:
            self._cache.clear()

    def for_players(self, players: int) -> Counter[Card]:
        """The deck used by ``players`` players (D-2), a new counter the caller may change."""
        return Counter(self.cards_for(players))

    def cards_for(self, players: int) -> Mapping[Card, int]:
        """The deck used by ``players`` players (D-2), shared and read-only."""
        cached: Mapping[Card, int] | None = self._cache.get(("cards", players))
        if cached is None:
            cached = self._cache[("cards", players)] = self._cards_for(players)
        return cached

    def _cards_for(self, players: int) -> Mapping[Card, int]:
        for counts, clans, specials in self.by_players:
            if players in counts:
                out: dict[Card, int] = {
                    self.card(c.code, n): 1 for c in self.clans[:clans] for n in range(1, self.numbers + 1)
                }
                for code, count in specials:
                    out[self.card(code)] = out.get(self.card(code), 0) + count
                return MappingProxyType(out)
        raise refuse(
            f"Reign of Dragoness takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
            f"ドラゴンネスは{MIN_PLAYERS}〜{MAX_PLAYERS}人用です（{players}人は不可）",
        )

    def forms(self, players: int | None = None) -> Msg:
        """How to write a card; with ``players``, only the clans and specials that count's deck uses."""
        clans, specials = self.clans, self.specials
        if players is not None:
            cards = self.cards_for(players)
            clans = tuple(c for c in clans if Card(c.code, 1) in cards)
            specials = tuple(s for s in specials if Card(s.code) in cards)
        clan_codes = " ".join(c.code for c in clans)
        special_codes = " ".join(s.code for s in specials)
        return Msg(
            f"write a clan ({clan_codes}) and a number 1–{self.numbers}, e.g. Lo7, lo12, ローシェン7; "
            f"or a special: {special_codes} (or its name)",
            f"スート（{clan_codes}）と数字1〜{self.numbers}か、スペシャルカード（{special_codes}"
            f"または名前）で書きます（例：Lo7、ローシェン7）",
        )

    def card(self, code: str, number: int = 0) -> Card:
        """The deck's one object for this card: cards read by :meth:`parse` are the same objects,
        so comparing them is quick (equal cards made elsewhere still compare equal)."""
        key = ("card", code, number)
        found: Card | None = self._cache.get(key)
        if found is None:
            found = self._cache[key] = Card(code, number)
        return found

    def parse(self, token: str) -> Card:
        text = normalize_token(token)
        low = text.lower()
        for s in self.specials:
            if low in (s.code.lower(), s.en.lower(), s.en.lower().replace(" ", "")) or text == s.ja:
                return self.card(s.code)
        for c in self.clans:
            for prefix in (c.code.lower(), c.en.lower(), c.ja):
                body = low if prefix != c.ja else text
                n = ascii_number(body[len(prefix) :]) if body.startswith(prefix) else None
                if n is not None and 1 <= n <= self.numbers:
                    return self.card(c.code, n)
        raise Refusal(Msg(f"{quoted(token)} is not a card: ", f"{kagi(token)}はカードではありません。") + self.forms())

    def label(self, card: Card, lang: str = "en") -> str:
        """The card's name in ``lang`` (``Lochen 7``, ``ページ``); a card not of this deck by its code."""
        key = ("label", card, lang)
        found: str | None = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._label(card, lang)
        return found

    def _label(self, card: Card, lang: str) -> str:
        if not self.known(card):
            return str(card)
        kind = self.kind(card)
        if kind is Kind.DRAGON:
            clan = self._clans[card.code]
            return f"{clan.ja}{card.number}" if lang == "ja" else f"{clan.en} {card.number}"
        s = self.special(kind)
        return s.ja if lang == "ja" else s.en

    def profile(self, card: Card, alone: bool) -> tuple[Kind, tuple[Value, ...]]:
        """The card's kind and every value it may count as (D-3, D-5); alone: played as a single."""
        kept = self._profiles[alone]
        found = kept.get(card)
        if found is None:
            found = kept[card] = self._profile(card, alone)
        return found

    def _profile(self, card: Card, alone: bool) -> tuple[Kind, tuple[Value, ...]]:
        kind = self.kind(card)
        lochen, gylden = self.clans[0].gems, self.clans[-1].gems
        if kind is Kind.DRAGON:
            return kind, ((card.number, self._clans[card.code].gems),)
        if kind is Kind.DRAGONESS:
            return kind, ((DRAGONESS_NUMBER, gylden + 1),)
        if kind is Kind.REVIVE:
            return kind, ()
        gems = gylden if kind is Kind.KNIGHT else lochen
        if alone:
            return kind, ((ALONE[kind], gems),)
        return kind, tuple((n, gems) for n in WILD_RANGE[kind])


def _cards_ja(deck: Deck, cards: Iterable[Card]) -> str:
    return "・".join([deck.label(c, "ja") for c in cards])

"""Reign of Dragoness: rules D-1 to D-11 of ``shared/rules/RULES.md``.

A game is a :class:`Setup` plus an append-only list of actions, folded by :func:`apply`.
The engine sees the cards played, never a hand: it counts hands from 13 down (a
:class:`Correct` action sets a count the table has recounted).

The shared interface is ``docs/engines.md``; the table notation ``docs/notation.md``. Questions
of this game, answered from the state alone:

- :func:`allowed` — who plays, the type and size required, the card to beat (or to stay under
  after a Revive), whether a Revive is allowed now and why not, who has passed;
- :func:`readings` — every legal reading of a group of cards (its wild numbers), best first;
- :func:`revive_refusal` — why the player on turn may not play a Revive now (None if they may);
- :func:`patterns` — every reading of a group of cards, whatever the pile.

States are frozen and hold only immutable values: :func:`apply` never changes the state it is
given, and undo is keeping the old state.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from companion.rules import records
from companion.rules.common import (
    Complete,
    Msg,
    Refusal,
    check_players,
    did_you_mean,
    normalize_token,
    plural,
    refuse,
    replay,
    seat_name,
    winner_words,
)

GAME = "dragoness"
TITLE = Msg("Reign of Dragoness", "レイン・オブ・ドラゴンネス")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND = 13  # D-2
ROUNDS = 5  # D-11
DRAGONESS_NUMBER = 13

ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    ("D-1", Msg("Special cards: Dragoness ×1, Page ×2, Squire ×2, Dragon Knight ×2, Revive ×2 "
                "(105 cards in all).",
                "スペシャルカードはドラゴンネス1枚、ページ2枚、従者2枚、ドラゴンナイト2枚、蘇生カード（リバイブ）2枚です（計105枚）。")),
    ("D-2", Msg("The original's header says 3 to 8 players, but its deck text builds the deck for 2 to 4: "
                "2 players may play.",
                "原典の見出しは3〜8人ですが、デッキの作り方は2〜4人から示されているので、2人でも遊べるものとします。")),
    ("D-4", Msg("A run does not wrap (12 is not followed by 1); the Dragoness can only be the 13 "
                "at the top of a run.",
                "ランは一周しません（12の次は1ではありません）。ドラゴンネスはランの最上位の13にだけなれます。")),
    ("D-5", Msg("When nobody names a reading of the wild cards, the strongest legal one is taken.",
                "ワイルドの数字を誰も言わなければ、出せる中で最も強い数字を取ります。")),
    ("D-11", Msg("Players tied for the highest total share the win.",
                 "合計の最高点が同点なら、勝利を分け合います。")),
)


# --------------------------------------------------------------------------- deck (D-1, D-2)


class Kind(StrEnum):
    DRAGON = "dragon"
    DRAGONESS = "dragoness"
    PAGE = "page"
    SQUIRE = "squire"
    KNIGHT = "knight"
    REVIVE = "revive"


WILD_RANGE = {Kind.PAGE: range(1, 9), Kind.SQUIRE: range(9, 13), Kind.KNIGHT: range(1, 13)}
ALONE = {Kind.PAGE: 8, Kind.SQUIRE: 9, Kind.KNIGHT: 12}  # D-5: played alone


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
    # look-ups built once from the fields above (not part of the deck's identity)
    _kinds: Mapping[str, Kind] = field(init=False, compare=False, hash=False, repr=False)
    _clans: Mapping[str, Clan] = field(init=False, compare=False, hash=False, repr=False)
    _cache: dict[Any, Any] = field(init=False, compare=False, hash=False, repr=False)  # answers that never change

    def __post_init__(self) -> None:
        object.__setattr__(self, "_kinds", MappingProxyType({s.code: s.kind for s in self.specials}))
        object.__setattr__(self, "_clans", MappingProxyType({c.code: c for c in self.clans}))
        object.__setattr__(self, "_cache", {})

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the store's checkpoints) by its fields alone: the look-ups are rebuilt."""
        return (Deck, (self.name, self.numbers, self.clans, self.specials, self.by_players))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            clans = tuple(Clan(str(c["code"]), str(c["en"]), str(c["ja"]), int(c["gems"]), str(c["color"]))
                          for c in data["clans"])
            specials = tuple(Special(str(s["code"]), Kind(s["kind"]), str(s["en"]), str(s["ja"]), int(s["count"]),
                                     Msg(str(s["text"]["en"]), str(s["text"]["ja"])))
                             for s in data["specials"])
            by_players = tuple((tuple(int(p) for p in b["players"]), int(b["clans"]),
                                tuple((str(k), int(v)) for k, v in b["specials"].items()))
                               for b in data["by_players"])
            numbers = int(data["numbers"])
            name = data.get("name", {})
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise refuse(f"the Dragoness deck definition is broken ({error}); it needs numbers, clans, "
                         "specials and by_players",
                         f"ドラゴンネスのデッキ定義が壊れています（{error}）。numbers、clans、specials、"
                         "by_players が必要です") from None
        codes = [c.code for c in clans] + [s.code for s in specials]
        if len({c.lower() for c in codes}) != len(codes):
            raise refuse("the Dragoness deck definition repeats a code",
                         "ドラゴンネスのデッキ定義で記号が重複しています")
        if {s.kind for s in specials} != set(Kind) - {Kind.DRAGON} or len(specials) != len(Kind) - 1:
            raise refuse("the Dragoness deck definition needs one special of each kind: dragoness, page, squire, "
                         "knight, revive",
                         "スペシャルカードは dragoness、page、squire、knight、revive を1種ずつ定義してください")
        return cls(Msg(str(name.get("en", "Reign of Dragoness")), str(name.get("ja", "ドラゴンネス"))),
                   numbers, tuple(sorted(clans, key=lambda c: c.gems)), specials, by_players)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": 1, "game": GAME, "name": {"en": self.name.en, "ja": self.name.ja},
            "numbers": self.numbers,
            "clans": [{"code": c.code, "en": c.en, "ja": c.ja, "gems": c.gems, "color": c.color}
                      for c in self.clans],
            "specials": [{"code": s.code, "kind": s.kind.value, "en": s.en, "ja": s.ja, "count": s.count,
                          "text": {"en": s.text.en, "ja": s.text.ja}} for s in self.specials],
            "by_players": [{"players": list(p), "clans": c, "specials": dict(s)} for p, c, s in self.by_players],
        }

    def special(self, kind: Kind | str) -> Special:
        """The special card of ``kind`` (a :class:`Kind` or its value, e.g. ``"revive"``)."""
        try:
            wanted = Kind(kind)
        except ValueError:
            raise refuse(f"{kind!r} is not a kind of special card; kinds: dragoness, page, squire, knight, revive",
                         f"{kind!r} はスペシャルカードの種類ではありません（dragoness、page、squire、knight、revive）"
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
            raise Refusal(Msg(f"{code!r} is not a clan of this deck: ",
                              f"「{code}」はこのデッキのスートではありません。") + self.forms())
        return clan

    def all_cards(self) -> Counter[Card]:
        """The 105-card box (D-1)."""
        out: Counter[Card] = Counter(Card(c.code, n) for c in self.clans for n in range(1, self.numbers + 1))
        for s in self.specials:
            out[Card(s.code)] += s.count
        return out

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
                out: dict[Card, int] = {self.card(c.code, n): 1 for c in self.clans[:clans]
                                        for n in range(1, self.numbers + 1)}
                for code, count in specials:
                    out[self.card(code)] = out.get(self.card(code), 0) + count
                return MappingProxyType(out)
        raise refuse(f"Reign of Dragoness takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
                     f"ドラゴンネスは{MIN_PLAYERS}〜{MAX_PLAYERS}人用です（{players}人は不可）")

    def forms(self, players: int | None = None) -> Msg:
        """How to write a card; with ``players``, only the clans and specials that count's deck uses."""
        clans, specials = self.clans, self.specials
        if players is not None:
            cards = self.cards_for(players)
            clans = tuple(c for c in clans if Card(c.code, 1) in cards)
            specials = tuple(s for s in specials if Card(s.code) in cards)
        clan_codes = " ".join(c.code for c in clans)
        special_codes = " ".join(s.code for s in specials)
        return Msg(f"write a clan ({clan_codes}) and a number 1–{self.numbers}, e.g. Lo7, lo12, ローシェン7; "
                   f"or a special: {special_codes} (or its name)",
                   f"スート（{clan_codes}）と数字1〜{self.numbers}か、スペシャルカード（{special_codes}"
                   f"または名前）で書きます（例：Lo7、ローシェン7）")

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
                if body.startswith(prefix) and body[len(prefix):].isdigit():
                    n = int(body[len(prefix):])
                    if 1 <= n <= self.numbers:
                        return self.card(c.code, n)
        raise Refusal(Msg(f"{token!r} is not a card: ", f"「{token}」はカードではありません。") + self.forms())

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
        key = ("profile", card, alone)
        found: tuple[Kind, tuple[Value, ...]] | None = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._profile(card, alone)
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


# --------------------------------------------------------------------------- patterns (D-3, D-4, D-5)


class Shape(StrEnum):
    SINGLE = "single"
    SET = "set"
    RUN = "run"


SHAPE_NAMES = {Shape.SINGLE: Msg("single", "シングル"), Shape.SET: Msg("set", "セット"), Shape.RUN: Msg("run", "ラン")}


def pattern_kind(shape: Shape, size: int) -> Msg:
    """``a single card``, ``a set of 3 cards``: what must be played, in words (D-7)."""
    if shape is Shape.SINGLE:
        return Msg("a single card", "シングル1枚")
    name = SHAPE_NAMES[shape]
    return Msg(f"a {name.en} of {plural(size, 'card', 'cards')}", f"{size}枚の{name.ja}")


def value_words(value: Value) -> Msg:
    """``7 with 3 gems``: a card's strength in words (D-3)."""
    number, gems = value
    return Msg(f"{number} with {plural(gems, 'gem', 'gems')}", f"{number}（宝石{gems}）")


@dataclass(frozen=True)
class Pattern:
    """One reading of a played group: its shape, and each card as (number, gems), in the order played."""

    shape: Shape
    values: tuple[Value, ...]

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def high(self) -> Value:
        """The highest card (D-3: higher number, then more gems)."""
        return max(self.values)

    def describe(self) -> Msg:
        return self._words

    @functools.cached_property
    def _words(self) -> Msg:
        """The words, made once per pattern (every ruling names the pattern)."""
        numbers = sorted(v[0] for v in self.values)
        shape = SHAPE_NAMES[self.shape]
        if self.shape is Shape.SET:
            body = f"{self.size} × {numbers[0]}"
        elif self.shape is Shape.RUN:
            body = f"{numbers[0]}–{numbers[-1]}"
        else:
            body = str(numbers[0])
        high = value_words(self.high)
        return Msg(f"{shape.en} {body} (highest {high.en})",
                   f"{shape.ja} {body}（最高{self.high[0]}、宝石{self.high[1]}）")

    def wild_numbers(self, kinds: Sequence[Kind]) -> tuple[int, ...]:
        return tuple(v[0] for v, k in zip(self.values, kinds, strict=True) if k in WILD_RANGE)


def stronger(a: Value, b: Value) -> bool:
    """D-3: a is stronger than b: a higher number, or the same number and more gems."""
    return a > b


def _shape(values: Sequence[Value]) -> Shape | None:
    """The shape of one fixed reading (D-4), or None. Only the Dragoness is 13, so a set never
    holds it and a run holding it has it on top; numbers stop at 13, so a run never wraps."""
    n = len(values)
    if n == 1:
        return Shape.SINGLE
    if not 2 <= n <= 5:
        return None
    numbers = [v[0] for v in values]
    first = numbers[0]
    if all(x == first for x in numbers):
        return Shape.SET if first != DRAGONESS_NUMBER else None
    if n >= 3:
        low = min(numbers)
        if sorted(numbers) == list(range(low, low + n)):
            return Shape.RUN
    return None


def _order(p: Pattern) -> tuple[Value, tuple[Value, ...]]:
    return p.high, tuple(sorted(p.values))


def _all_readings(deck: Deck, cards: tuple[Card, ...]) -> tuple[Pattern, ...]:
    """Every distinct reading of ``cards`` (D-4, D-5), strongest first (kept by the deck: a
    group's readings never change)."""
    cache = deck._cache
    found: tuple[Pattern, ...] | None = cache.get(cards)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        found = cache[cards] = _find_readings(deck, cards)
    return found


def _find_readings(deck: Deck, cards: tuple[Card, ...]) -> tuple[Pattern, ...]:
    """Every distinct reading of ``cards``. Two readings that give the same values to the same
    cards count once (two Pages are interchangeable)."""
    n = len(cards)
    if not 1 <= n <= 5:
        return ()
    profiles = [deck.profile(c, n == 1) for c in cards]
    if any(k is Kind.REVIVE for k, _ in profiles):
        return ()
    if n == 1:
        return (Pattern(Shape.SINGLE, (profiles[0][1][0],)),)
    fixed = {i: opts[0] for i, (k, opts) in enumerate(profiles) if k not in WILD_RANGE}
    wild = [i for i, (k, _) in enumerate(profiles) if k in WILD_RANGE]
    found: dict[tuple[Value, ...], Pattern] = {}

    def add(numbers: dict[int, int]) -> None:
        values = tuple(fixed[i] if i in fixed else (numbers[i], profiles[i][1][0][1]) for i in range(n))
        shape = _shape(values)
        if shape is not None:
            found.setdefault(tuple(sorted(values)), Pattern(shape, values))

    fixed_numbers = [v[0] for v in fixed.values()]
    spans = {i: frozenset(o[0] for o in profiles[i][1]) for i in wild}
    # sets: every card one number
    for number in ({fixed_numbers[0]} if fixed_numbers else set(range(1, deck.numbers + 1))):
        if all(number == x for x in fixed_numbers) and all(number in spans[i] for i in wild):
            add(dict.fromkeys(wild, number))
    # runs: consecutive numbers, the wilds filling the gaps. Identical wild cards (two Pages) are
    # given their numbers in rising order only, since the other orders read the same; the
    # narrowest wild cards are placed first.
    order = sorted(wild, key=lambda i: (len(spans[i]), cards[i].code))

    def fill(k: int, missing: tuple[int, ...], numbers: dict[int, int]) -> None:
        if k == len(order):
            add(numbers)
            return
        i = order[k]
        floor = numbers[order[k - 1]] if k and cards[order[k - 1]] == cards[i] else 0
        for x in missing:
            if x > floor and x in spans[i]:
                numbers[i] = x
                fill(k + 1, tuple(m for m in missing if m != x), numbers)

    if n >= 3 and len(set(fixed_numbers)) == len(fixed_numbers):
        for low in range(1, DRAGONESS_NUMBER - n + 2):
            need = set(range(low, low + n))
            if need.issuperset(fixed_numbers):
                fill(0, tuple(sorted(need.difference(fixed_numbers))), {})
    return tuple(sorted(found.values(), key=_order, reverse=True))


def patterns(deck: Deck, cards: Sequence[Card]) -> list[Pattern]:
    """Every legal reading of ``cards`` as a single, set or run (D-4, D-5), strongest first."""
    if not all(deck.known(c) for c in cards):
        return []
    return list(_all_readings(deck, tuple(cards)))


def read_declared(deck: Deck, cards: Sequence[Card], wilds: Sequence[int]) -> Pattern | None:
    """The one reading of ``cards`` that gives the wild cards, in the order played, the numbers
    ``wilds`` (D-5); None if the cards cannot be read so."""
    profiles = [deck.profile(c, len(cards) == 1) for c in cards]
    if len([k for k, _ in profiles if k in WILD_RANGE]) != len(wilds):
        return None
    numbers = iter(wilds)
    values = []
    for kind, options in profiles:
        if kind in WILD_RANGE:
            number = next(numbers)
            match = [o for o in options if o[0] == number]
            if not match:
                return None
            values.append(match[0])
        elif options:
            values.append(options[0])
        else:
            return None
    shape = _shape(values)
    return Pattern(shape, tuple(values)) if shape is not None else None


@dataclass(frozen=True)
class Reading:
    """A legal reading of a group of cards: the pattern and the numbers of its wild cards in the
    order played (what a :class:`PlayCards` names in ``wilds``)."""

    pattern: Pattern
    wilds: tuple[int, ...]

    def describe(self) -> Msg:
        if not self.wilds:
            return self.pattern.describe()
        named = ", ".join(map(str, self.wilds))
        named_ja = "・".join(map(str, self.wilds))
        return self.pattern.describe() + Msg(f", the wild cards as {named}", f"、ワイルドの数字は{named_ja}")

    def to_data(self) -> dict[str, Any]:
        p = self.pattern
        return {"shape": p.shape.value, "size": p.size, "high": list(p.high), "wilds": list(self.wilds),
                "text": {"en": self.describe().en, "ja": self.describe().ja}}


# --------------------------------------------------------------------------- round points (D-10, D-11)


def round_points(out: int, cards_left: Mapping[int, int]) -> tuple[dict[int, int], Msg]:
    """D-10: first out 3; then fewest cards 2, next 1; a tie for second gives each 2 and no 1;
    a tie for third gives each 1."""
    points = {out: 3}
    points.update({p: 0 for p in cards_left})
    rest = dict(cards_left)
    if not rest:
        return points, Msg("first out: 3.", "上がった人に3点。")
    fewest = min(rest.values())
    seconds = [p for p, c in rest.items() if c == fewest]
    for p in seconds:
        points[p] = 2
    cards = plural(fewest, "card", "cards")
    if len(seconds) >= 2:
        return points, Msg(f"first out: 3; {len(seconds)} players tie for second with {cards}: 2 each, "
                           "no 1 given.",
                           f"上がった人に3点、2位は{fewest}枚で{len(seconds)}人同点のため各2点、1点はなし。")
    for p in seconds:
        del rest[p]
    if not rest:
        return points, Msg(f"first out: 3; second ({cards}): 2.", f"上がった人に3点、2位（{fewest}枚）に2点。")
    third = min(rest.values())
    thirds = [p for p, c in rest.items() if c == third]
    for p in thirds:
        points[p] = 1
    tie = (Msg(f" ({len(thirds)} tie: 1 each)", f"（{len(thirds)}人同点のため各1点）") if len(thirds) > 1
           else Msg("", ""))
    return points, Msg(f"first out: 3; second ({cards}): 2; third ({plural(third, 'card', 'cards')}): 1",
                       f"上がった人に3点、2位（{fewest}枚）に2点、3位（{third}枚）に1点") + tie + Msg(".", "。")


def winners(totals: Sequence[int]) -> list[int]:
    """D-11: the highest total; a tie is shared."""
    top = max(totals, default=None)
    return [i for i, t in enumerate(totals) if t == top]


# --------------------------------------------------------------------------- setup and actions


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
    start player, the holder of the round's lowest card leads (D-6)."""
    del start
    return Setup(tuple(players), deck)


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


@dataclass(frozen=True)
class Correct:
    """The table recounts a player's hand (a misdeal, a dropped card): it holds ``count`` cards.
    The reason is kept in the record; spaces in it are tidied to single ones."""

    player: int
    count: int
    reason: str

    def __post_init__(self) -> None:
        if isinstance(self.reason, str):
            object.__setattr__(self, "reason", " ".join(self.reason.split()))


Action = Opening | PlayCards | Pass | Revive | OnlyRevives | Correct
ACTIONS = (Opening, PlayCards, Pass, Revive, OnlyRevives, Correct)


# --------------------------------------------------------------------------- state


class Phase(StrEnum):
    OPENING = "opening"  # waiting for the table to name the lowest card
    LEAD = "lead"  # the turn player leads any pattern
    FOLLOW = "follow"  # the turn player follows, passes or revives
    REVIVED = "revived"  # the reviver must at once play the same shape, weaker
    OVER = "over"  # all five rounds are played


@dataclass(frozen=True)
class RoundResult:
    """A finished round: who went out, everyone's cards left (0 for the one out), the points (D-10)."""

    out: int
    left: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """Everything the engine knows. Frozen, and made only of tuples and frozen values, so
    :func:`apply` builds a new state and never changes the old one."""

    setup: Setup
    phase: Phase = Phase.OPENING
    round: int = 1
    turn: int = 0
    hand_counts: tuple[int, ...] = ()
    pile: tuple[Card, ...] = ()  # the cards of the current pile
    played: tuple[Card, ...] = ()  # every card played this round, the current pile's included
    seen: frozenset[Card] = frozenset()  # the same cards as a set: asking it is quicker than counting
    again: tuple[Card, ...] = ()  # the second (third, …) copies among them: Pages, Revives, …
    top: Pattern | None = None
    top_player: int | None = None
    must_contain: Card | None = None  # the opening card the first lead must contain (D-6)
    opening: Card | None = None  # this round's opening card (D-6)
    lower: Card | None = None  # a card lower than the opening card, played later this round
    passed: frozenset[int] = frozenset()
    results: tuple[RoundResult, ...] = ()

    def copy(self) -> State:
        return replace(self)

    def totals(self) -> list[int]:
        return [sum(r.points[p] for r in self.results) for p in range(len(self.setup.players))]

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.OPENING:
            return Msg(f"round {self.round}: the table names who holds the lowest card",
                       f"第{self.round}ラウンド。最も低いカードの持ち主を指定してください")
        if self.phase is Phase.LEAD:
            return Msg(f"{names[self.turn]} leads a pattern", f"{names[self.turn]}が次のパイルを開始します")
        if self.phase is Phase.FOLLOW:
            return Msg(f"{names[self.turn]} follows, passes or revives",
                       f"{names[self.turn]}がパターンを出すか、パスか、蘇生カードを出します")
        if self.phase is Phase.REVIVED:
            return Msg(f"{names[self.turn]} plays the same type and size, weaker",
                       f"{names[self.turn]}が同じ種類と枚数で、より弱いパターンを出します")
        return Msg("the game is over", "ゲームは終了しています")


def _evolve(state: State, **changes: Any) -> State:
    """``state`` with ``changes``: a new frozen state, made quicker than ``dataclasses.replace``
    (no field is checked again; every field is immutable, so sharing them is safe)."""
    new = object.__new__(State)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def _times_played(state: State, card: Card, copies: int) -> int:
    """How many copies of ``card`` were played this round."""
    if card not in state.seen:
        return 0
    return 1 if copies == 1 else 1 + state.again.count(card)


def _marked(state: State, group: tuple[Card, ...]) -> tuple[frozenset[Card], tuple[Card, ...]]:
    """``state.seen`` and ``state.again`` once ``group`` is played."""
    seen = state.seen
    grown = seen.union(group)
    if len(grown) == len(seen) + len(group):  # all new: the usual case
        return grown, state.again
    repeats = tuple(c for i, c in enumerate(group) if c in seen or c in group[:i])
    return grown, state.again + repeats


def new_state(setup: Setup) -> State:
    return State(setup, hand_counts=(HAND,) * len(setup.players))


def finished(state: State) -> bool:
    """All five rounds are played: the game can be settled (D-11)."""
    return state.phase is Phase.OVER


# --------------------------------------------------------------------------- checks


_NOTHING = Msg("", "")


def _phase_refusal(state: State, what: Msg) -> Refusal:
    """``what`` cannot be done in this phase: say what the table does now and the line to type."""
    return Refusal(Msg(f"cannot {what.en} now: ", f"今は{what.ja}できません。") + state.waiting_for()
                   + Msg("; ", "。") + expected(state))


def _lowest_card(state: State) -> Card:
    """The lowest dragon card this table's deck holds (D-2, D-6): what an opening names at best."""
    deck = state.setup.deck
    cards = deck.cards_for(len(state.setup.players))
    return next(deck.card(c.code, 1) for c in deck.clans if Card(c.code, 1) in cards)


def expected(state: State) -> Msg:
    """The lines the table types now, with examples written by :func:`action_line`."""
    def line(action: Action) -> Msg:
        return Msg(action_line(state, action, "en"), action_line(state, action, "ja"))

    if state.phase is Phase.OPENING:
        opening = line(Opening(0, _lowest_card(state)))
        return Msg(f"write open NAME CARD for the holder of the lowest card, like {opening.en} (D-6)",
                   f"書き方：開始 名前 カード（例：{opening.ja}、D-6）")
    if state.phase is Phase.OVER:
        return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")
    deck = state.setup.deck
    clans = [c.code for c in deck.clans[:2]]
    cards = (state.must_contain,) if state.must_contain is not None else tuple(deck.card(c, 7) for c in clans)
    play = line(PlayCards(state.turn, cards))
    if state.phase is Phase.FOLLOW:
        passing, revive = line(Pass(state.turn)), line(Revive(state.turn))
        return Msg(f"write the cards played, like {play.en}, or {passing.en}, or {revive.en}",
                   f"出すカードを書くか（例：{play.ja}）、「{passing.ja}」か「{revive.ja}」と書きます")
    return Msg(f"write the cards played, like {play.en}", f"出すカードを書きます（例：{play.ja}）")


def _player(state: State, player: Any) -> str:
    if isinstance(player, bool) or not isinstance(player, int):
        raise refuse(f"a player is a seat number, not {player!r}",
                     f"プレイヤーは席の番号で書きます（{player!r} は不可）")
    return seat_name(state.setup.players, player)


def _on_turn(state: State, player: int) -> str:
    """The name of ``player`` (a seat :func:`apply` has checked), who must be on turn (D-7)."""
    names = state.setup.players
    if player != state.turn:
        turn, name = names[state.turn], names[player]
        raise refuse(f"it is {turn}'s turn, not {name}'s (D-7)", f"今は{turn}の番です（{name}ではありません）")
    return names[player]


def _check_cards(state: State, cards: Any) -> tuple[Card, ...]:
    """The cards as a tuple; each a card of this player count's deck (D-2) not yet played this round."""
    if type(cards) is not tuple and (isinstance(cards, str) or not isinstance(cards, Sequence)):
        raise refuse(f"the cards must be a list of cards, not {cards!r}",
                     f"カードはカードの並びで書きます（{cards!r} は不可）")
    group = tuple(cards)
    have = state.setup.cards
    seen = state.seen
    for card in group:
        copies = have.get(card, 0) if type(card) is Card else 0
        if copies == 0:
            raise _not_in_deck(state, card)
        # only a card played before, or twice in the group, needs counting
        if (card in seen or group.count(card) > 1) and _times_played(state, card, copies) + group.count(card) > copies:
            raise refuse(f"{card} has already been played this round (the deck holds "
                         f"{plural(copies, 'copy', 'copies')})",
                         f"{state.setup.deck.label(card, 'ja')}はこのラウンドですでに出ています（デッキに{copies}枚）")
    return group


def _not_in_deck(state: State, card: Any) -> Refusal:
    """The refusal for something that is not a card of this table's deck (D-1, D-2)."""
    deck = state.setup.deck
    players = len(state.setup.players)
    if not isinstance(card, Card):
        where = Msg(f"{card!r} is not a card (read text with parse_line): ", f"{card!r} はカードではありません。")
    elif not deck.known(card):
        where = Msg(f"{card} is not a card of this deck: ", f"{card}はこのデッキのカードではありません。")
    else:
        where = Msg(f"{card} is not in the deck for {players} players (D-2): ",
                    f"{deck.label(card, 'ja')}（{card}）は{players}人用のデッキにありません。")
    return Refusal(where + deck.forms(players))


def _check_wilds(wilds: Any) -> tuple[int, ...] | None:
    if wilds is None:
        return None
    if isinstance(wilds, str) or not isinstance(wilds, Sequence) or not all(
            isinstance(w, int) and not isinstance(w, bool) for w in wilds):
        raise refuse(f"the wild numbers must be a list of whole numbers, not {wilds!r}",
                     f"ワイルドの数字は整数の並びで書きます（{wilds!r} は不可）")
    return tuple(wilds)


def _natural_values(deck: Deck) -> dict[Card, Value]:
    """Each dragon card of the box and its own strength (D-3), made once per deck."""
    values: dict[Card, Value] | None = deck._cache.get("natural values")
    if values is None:
        values = deck._cache["natural values"] = {
            card: deck.profile(card, True)[1][0] for card in deck.all_cards() if deck.kind(card) is Kind.DRAGON}
    return values


_ABOVE_ALL = (99, 99)  # stronger than any card: what a special counts as when looking for lower cards (D-6)


# --------------------------------------------------------------------------- apply


def apply(state: State, action: Action) -> tuple[State, Msg]:
    """The state after ``action`` and the ruling in words; a move the rules refuse raises
    :class:`Refusal` and ``state`` is unchanged (it is never changed: states are frozen)."""
    if isinstance(action, ACTIONS):
        _player(state, action.player)  # a seat of this table, whatever the action
    if isinstance(action, PlayCards):
        return _play(state, action)
    if isinstance(action, Pass):
        return _pass(state, action)
    if isinstance(action, Opening):
        return _opening(state, action)
    if isinstance(action, Revive):
        return _revive(state, action)
    if isinstance(action, OnlyRevives):
        return _only_revives(state, action)
    if isinstance(action, Correct):
        return _correct(state, action)
    raise refuse(f"{action!r} is not a Reign of Dragoness action", f"{action!r} はドラゴンネスの手ではありません")


def _opening(state: State, action: Opening) -> tuple[State, Msg]:
    if state.phase is not Phase.OPENING:
        raise _phase_refusal(state, Msg("name the lowest card", "最も低いカードを指定"))
    name = _player(state, action.player)
    deck = state.setup.deck
    (card,) = _check_cards(state, (action.card,))
    if deck.kind(card) is not Kind.DRAGON:
        raise refuse("the lowest card is a dragon card (Lochen 1, else Frond 1, …), not a special (D-6)",
                     "最も低いカードはドラゴンカード（ローシェン1、なければフロンド1…）で、スペシャルカードではありません")
    s = _evolve(state, turn=action.player, must_contain=card, opening=card, phase=Phase.LEAD)
    return s, Msg(f"Round {s.round}: {name} holds the lowest card, {card}, and leads a pattern "
                  "containing it (D-6).",
                  f"第{s.round}ラウンド。最も低いカード{deck.label(card, 'ja')}を持つ{name}が、"
                  "それを含むパターンで先攻します。")


def _legal(state: State, group: tuple[Card, ...], readings: Sequence[Pattern], group_ja: str) -> list[Pattern]:
    """The readings that may be played on the pile now (D-7, D-9), strongest first; refused with
    the reason when there are none."""
    if state.phase is Phase.LEAD:
        return list(readings)
    top = state.top
    assert top is not None
    text = " ".join(map(str, group))
    same = [p for p in readings if p.shape is top.shape and p.size == top.size]
    if not same:
        kind = pattern_kind(top.shape, top.size)
        raise refuse(f"{text} does not match the pile: play {kind.en} (D-7)",
                     f"{group_ja}はパイルと同じ種類ではありません。{kind.ja}を出してください")
    if state.phase is Phase.REVIVED:
        fitting = [p for p in same if stronger(top.high, p.high)]
        if not fitting:
            raise refuse(f"{text} is not weaker than {top.describe().en}: after a Revive its highest card must be "
                         "weaker (a lower number, or the same number and fewer gems, D-9)",
                         f"{group_ja}は{top.describe().ja}より弱くありません。蘇生カードの後は最も強いカードが"
                         "より弱く（数字が小さいか、同じ数字で宝石が少なく）なければなりません")
        return fitting
    fitting = [p for p in same if stronger(p.high, top.high)]
    if not fitting:
        raise refuse(f"{text} is not stronger than {top.describe().en}: its highest card must be stronger "
                     "(a higher number, or the same number and more gems, D-3)",
                     f"{group_ja}は{top.describe().ja}より強くありません。最も強いカードがより強く（数字が大きいか、"
                     "同じ数字で宝石が多く）なければなりません")
    return fitting


def _choose(deck: Deck, group: tuple[Card, ...], wilds: tuple[int, ...] | None,
            legal: list[Pattern], group_ja: str) -> tuple[Pattern, Msg]:
    """D-5: the named reading, else the strongest legal one, and say which was taken."""
    if wilds is None and len(legal) == 1:
        return legal[0], _NOTHING
    kinds = [deck.kind(c) for c in group]
    wild_kinds = [k for k in kinds if k in WILD_RANGE]
    if wilds is not None:
        if len(wilds) != len(wild_kinds):
            raise refuse(f"{' '.join(map(str, group))} holds {plural(len(wild_kinds), 'wild card', 'wild cards')}: "
                         f"name {plural(len(wild_kinds), 'number', 'numbers')} or none (D-5)",
                         f"{group_ja}のワイルドカードは{len(wild_kinds)}枚です。数字を{len(wild_kinds)}つ書くか、"
                         "何も書かないでください")
        for kind, number in zip(wild_kinds, wilds, strict=True):
            span = WILD_RANGE[kind]
            if len(group) > 1 and number not in span:
                special = deck.special(kind)
                raise refuse(f"a {special.en} counts as {span[0]}–{span[-1]}, not {number} (D-5)",
                             f"{special.ja}は{span[0]}〜{span[-1]}で、{number}にはなりません")
        named = read_declared(deck, group, wilds)
        target = None if named is None else sorted(named.values)
        chosen = [p for p in legal if sorted(p.values) == target]
        if named is None or not chosen:
            listed = ", ".join(map(str, wilds))
            raise refuse(f"the wild cards cannot be {listed} here: no legal pattern reads that way (D-5)",
                         f"ワイルドの数字を{'・'.join(map(str, wilds))}とすると出せません")
        return named, Msg(" as named", "、宣言どおり")
    pick = legal[0]
    if not wild_kinds or len(legal) == 1:
        return pick, _NOTHING
    numbers = pick.wild_numbers(kinds)
    return pick, Msg(f"; nobody named the wild cards' numbers, so the strongest legal reading is taken: "
                     f"{', '.join(map(str, numbers))} (D-5)",
                     f"。ワイルドの数字の指定がないので、出せる中で最も強い{'・'.join(map(str, numbers))}"
                     "とします")


def _play(state: State, action: PlayCards) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise _phase_refusal(state, Msg("play cards", "カードを出すことは"))
    name = _on_turn(state, action.player)
    deck = state.setup.deck
    group = _check_cards(state, action.cards)
    wilds = _check_wilds(action.wilds)
    held = state.hand_counts[action.player]
    if len(group) > held:
        raise refuse(f"{name} holds only {plural(held, 'card', 'cards')}", f"{name}の手札は{held}枚だけです")
    group_ja = _cards_ja(deck, group)
    readings = _all_readings(deck, group)
    if not readings:
        raise refuse(f"{' '.join(map(str, group)) or 'no card'} is not a pattern: play a single card, a set of "
                     "2–5 cards of one number (no Dragoness), or a run of 3–5 consecutive numbers (D-4); a "
                     "Revive is played on its own",
                     f"{group_ja or 'カードなし'}はパターンではありません。シングル、同じ数字2〜5枚のセット"
                     "（ドラゴンネス不可）、3〜5枚の連続した数字のランのどれかです。蘇生カードは単独で出します")
    if state.phase is Phase.LEAD and state.must_contain is not None and state.must_contain not in group:
        raise refuse(f"the first lead of the round must contain {state.must_contain} (D-6)",
                     f"ラウンドの先攻では{deck.label(state.must_contain, 'ja')}を含めてください")
    legal = _legal(state, group, readings, group_ja)
    chosen, how = _choose(deck, group, wilds, legal, group_ja)
    counts = list(state.hand_counts)
    counts[action.player] -= len(group)
    lower = state.lower
    broke = _NOTHING
    if lower is None and state.opening is not None:
        values = _natural_values(deck)
        opening = values[state.opening]
        below = [c for c in group if values.get(c, _ABOVE_ALL) < opening]
        if below:
            lower = min(below, key=values.__getitem__)
            broke = Msg(f" {lower} is lower than the opening card {state.opening}: the opening broke D-6 (the "
                        "holder of the lowest card leads); the table settles it.",
                        f" {deck.label(lower, 'ja')}は開始のカード{deck.label(state.opening, 'ja')}より低いので、"
                        "開始はD-6（最も低いカードの持ち主が先攻）に反していました。"
                        "扱いは卓で決めてください。")
    seen, again = _marked(state, group)
    s = _evolve(state, hand_counts=tuple(counts), pile=state.pile + group, played=state.played + group,
                seen=seen, again=again,
                top=chosen, top_player=action.player, must_contain=None, lower=lower)
    text = " ".join(map(str, group))
    if state.phase is Phase.LEAD:
        msg = Msg(f"{name} leads {text}: {chosen.describe().en}{how.en}.",
                  f"{name}が{group_ja}でパイルを開始しました。{chosen.describe().ja}{how.ja}。")
    else:
        msg = Msg(f"{name} plays {text}: {chosen.describe().en}{how.en}.",
                  f"{name}が{group_ja}を出しました。{chosen.describe().ja}{how.ja}。")
    if broke is not _NOTHING:
        msg = msg + broke
    if counts[action.player] == 0:
        return _round_over(s, action.player, msg)
    return _advance(s, msg)


def _advance(s: State, msg: Msg) -> tuple[State, Msg]:
    """Next player clockwise still in the pile; when everyone else has passed, the pile is won (D-8)."""
    n = len(s.setup.players)
    seat = s.turn
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == s.top_player:
            break
        if seat not in s.passed:
            return _evolve(s, turn=seat, phase=Phase.FOLLOW), msg
    winner = s.top_player
    assert winner is not None
    name = s.setup.players[winner]
    s = _evolve(s, pile=(), top=None, top_player=None, passed=frozenset(), turn=winner, phase=Phase.LEAD)
    return s, msg + Msg(f" Everyone else passed: {name} wins the pile and leads (D-8).",
                        f" 他の全員がパス。パイルが流れ、{name}が次のパイルを開始します。")


def _pass(state: State, action: Pass) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        if state.phase is Phase.LEAD:
            raise Refusal(Msg("the leader cannot pass: lead any pattern (D-8); ",
                              "パイルを開始する人はパスできません。好きなパターンを出してください。") + expected(state))
        if state.phase is Phase.REVIVED:
            raise Refusal(Msg("cannot pass now: after a Revive the same player plays the same type and size, "
                              "weaker (D-9); ",
                              "今はパスできません。蘇生カードの後は同じ人が同じ種類と枚数で、より弱いパターンを出します。")
                          + expected(state))
        raise _phase_refusal(state, Msg("pass", "パス"))
    name = _on_turn(state, action.player)
    s = _evolve(state, passed=state.passed | {action.player})
    return _advance(s, _passes(name))


@functools.lru_cache(maxsize=256)
def _passes(name: str) -> Msg:
    """The ruling for a pass, made once per name (most actions are passes)."""
    return Msg(f"{name} passes and stays out of this pile (D-7).", f"{name}はパス（このパイルが終わるまで不参加）。")


def _card_table(setup: Setup) -> list[tuple[Card, Kind, Value, int]]:
    """Each card of the table's deck with its kind, its value alone and its copies (made once)."""
    deck = setup.deck
    key = ("table", len(setup.players))
    table: list[tuple[Card, Kind, Value, int]] | None = deck._cache.get(key)
    if table is None:
        table = deck._cache[key] = [(card, deck.kind(card), deck.profile(card, True)[1][0], copies)
                                    for card, copies in setup.cards.items() if deck.kind(card) is not Kind.REVIVE]
    return table


def _weaker_exists(state: State, top: Pattern) -> bool:
    """Whether the unplayed cards (the Revive aside) could make a pattern of ``top``'s type and
    size whose highest card is weaker (D-9). The engine cannot see hands; when even the whole
    unplayed deck holds no such pattern, a Revive could never be completed."""
    deck = state.setup.deck
    lochen, gylden = deck.clans[0].gems, deck.clans[-1].gems
    natural: dict[int, list[int]] = {}  # number -> gems of the unplayed dragon cards
    wild: list[tuple[range, int]] = []  # one entry per unplayed wild card: its numbers and gems
    alone: list[Value] = []  # the unplayed cards' values as singles
    seen = state.seen
    for card, kind, value, copies in _card_table(state.setup):
        if kind is Kind.DRAGON:
            if card not in seen:
                natural.setdefault(value[0], []).append(value[1])
                alone.append(value)
        elif kind in WILD_RANGE:
            left = copies - _times_played(state, card, copies)
            wild += [(WILD_RANGE[kind], gylden if kind is Kind.KNIGHT else lochen)] * left
            alone += [value] * left
    size, high = top.size, top.high
    if top.shape is Shape.SINGLE:
        return any(v < high for v in alone)
    if top.shape is Shape.SET:
        for number in range(1, high[0] + 1):
            pool = sorted(natural.get(number, []) + [g for span, g in wild if number in span])
            if len(pool) >= size and (number, pool[size - 1]) < high:
                return True
        return False
    for low in range(1, high[0] - size + 2):  # runs: the highest number is at most the top's
        peak = low + size - 1
        gaps = [x for x in range(low, peak) if x not in natural]
        if peak < high[0]:
            if _cover(gaps if peak in natural else [*gaps, peak], wild):
                return True
            continue
        if any(g < high[1] for g in natural.get(peak, [])) and _cover(gaps, wild):
            return True
        if any(peak in span and g < high[1] and _cover(gaps, wild[:i] + wild[i + 1:])
               for i, (span, g) in enumerate(wild)):
            return True
    return False


def _cover(numbers: list[int], wilds: list[tuple[range, int]]) -> bool:
    """Each number in ``numbers`` can be given a wild card of its own that may count as it."""
    if not numbers:
        return True
    first, rest = numbers[0], numbers[1:]
    return any(first in span and _cover(rest, wilds[:i] + wilds[i + 1:]) for i, (span, _) in enumerate(wilds))


def revive_refusal(state: State) -> Refusal | None:
    """Why the player on turn may not play a Revive now (D-9), or None if they may."""
    if state.phase is not Phase.FOLLOW:
        return _phase_refusal(state, Msg("play a Revive", "蘇生カードを出すことは"))
    deck = state.setup.deck
    revive = deck.special(Kind.REVIVE)
    card = Card(revive.code)
    copies = state.setup.cards.get(card, 0)
    if _times_played(state, card, copies) >= copies:
        return refuse(f"every Revive in the deck ({plural(copies, 'card', 'cards')}) has already been played this "
                      "round (D-2)",
                      f"デッキの蘇生カード（{copies}枚）はこのラウンドですべて出ています")
    top = state.top
    assert top is not None
    if top.high[0] >= 12:
        what = Msg("the Dragoness", "ドラゴンネス") if top.high[0] == DRAGONESS_NUMBER else Msg("a 12", "12")
        return refuse(f"a Revive cannot be played on {what.en} (D-9)", f"{what.ja}の上に蘇生カードは出せません（D-9）")
    name = state.setup.players[state.turn]
    held = state.hand_counts[state.turn]
    kind = pattern_kind(top.shape, top.size)
    if held - 1 < top.size:
        return refuse(f"{name} holds {plural(held, 'card', 'cards')}: after the Revive "
                      f"{plural(held - 1, 'card is', 'cards are')} left, too few for {kind.en} (D-9)",
                      f"{name}の手札は{held}枚で、蘇生カードの後に残る{held - 1}枚では{kind.ja}を出せません")
    if not _weaker_exists(state, top):
        return refuse(f"{kind.en} weaker than {top.describe().en} cannot be made from the cards not yet played, "
                      "so the Revive could never be completed (D-9)",
                      f"まだ出ていないカードでは{top.describe().ja}より弱い{kind.ja}を作れないので、"
                      "蘇生カードを出せません")
    return None


def _revive(state: State, action: Revive) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        raise _phase_refusal(state, Msg("play a Revive", "蘇生カードを出すことは"))
    name = _on_turn(state, action.player)
    why = revive_refusal(state)
    if why is not None:
        raise why
    top = state.top
    assert top is not None
    card = Card(state.setup.deck.special(Kind.REVIVE).code)
    counts = list(state.hand_counts)
    counts[action.player] -= 1
    seen, again = _marked(state, (card,))
    s = _evolve(state, hand_counts=tuple(counts), pile=(*state.pile, card), played=(*state.played, card),
                seen=seen, again=again,
                passed=frozenset(), phase=Phase.REVIVED)
    kind = pattern_kind(top.shape, top.size)
    return s, Msg(f"{name} plays a Revive: everyone who passed rejoins, and {name} now plays {kind.en} weaker "
                  f"than {top.describe().en} (D-9).",
                  f"{name}が蘇生カード（リバイブ）を出し、パスした全員が復帰。{name}は{top.describe().ja}より"
                  f"弱い{kind.ja}を出します。")


def _revives_left(state: State) -> int:
    card = Card(state.setup.deck.special(Kind.REVIVE).code)
    copies = state.setup.cards.get(card, 0)
    return copies - _times_played(state, card, copies)


def _only_revives(state: State, action: OnlyRevives) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise _phase_refusal(state, Msg("show a hand of only Revive cards", "蘇生カードだけの手札を見せることは"))
    name = _player(state, action.player)
    count = state.hand_counts[action.player]
    left = _revives_left(state)
    if count > left:
        raise refuse(f"{name} holds {plural(count, 'card', 'cards')} but only "
                     f"{plural(left, 'Revive card is', 'Revive cards are')} unplayed (D-10)",
                     f"{name}の手札は{count}枚ですが、まだ出ていない蘇生カードは{left}枚です")
    counts = list(state.hand_counts)
    counts[action.player] = 0
    s = _evolve(state, hand_counts=tuple(counts))
    return _round_over(s, action.player, Msg(f"{name} holds only Revive cards: the hand counts as empty (D-10).",
                                             f"{name}の手札は蘇生カードだけなので、空とみなします。"))


def _correct(state: State, action: Correct) -> tuple[State, Msg]:
    if state.phase is Phase.OVER:
        raise _phase_refusal(state, Msg("correct a hand count", "手札の枚数を訂正"))
    name = _player(state, action.player)
    count = action.count
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= HAND:
        raise refuse(f"a hand count is a whole number from 0 to {HAND}, not {count!r}",
                     f"手札の枚数は0〜{HAND}の整数です（{count!r} は不可）")
    if not isinstance(action.reason, str) or not action.reason:
        raise refuse("a correction needs its reason (a misdeal, a dropped card, …)",
                     "訂正には理由（配り間違い、落としたカードなど）が必要です")
    counts = list(state.hand_counts)
    was = counts[action.player]
    counts[action.player] = count
    room = sum(state.setup.cards.values()) - len(state.played)
    if sum(counts) > room:
        others = sum(counts) - count
        most = room - others
        raise refuse(f"{name} cannot hold {plural(count, 'card', 'cards')}: with the cards played and the other hands "
                     f"at most {plural(most, 'card is', 'cards are')} left for {name}",
                     f"{name}が{count}枚持つことはできません。出たカードと他の手札を除くと、残りは多くて{most}枚です")
    if state.phase is Phase.REVIVED and action.player == state.turn and state.top is not None and \
            0 < count < state.top.size:
        size = state.top.size
        raise refuse(f"{name} must still play a pattern of {plural(size, 'card', 'cards')} after the Revive (D-9): "
                     f"a count from {size} up, or 0 if the hand is really empty",
                     f"{name}は蘇生カードの後に{size}枚のパターンを出します。{size}枚以上か、"
                     "本当に空なら0にしてください")
    s = _evolve(state, hand_counts=tuple(counts))
    msg = Msg(f"{name}'s hand is corrected from {plural(was, 'card', 'cards')} to {count} ({action.reason}).",
              f"{name}の手札を{was}枚から{count}枚に訂正しました（{action.reason}）。")
    if count == 0 and state.phase is not Phase.OPENING:
        return _round_over(s, action.player, msg)
    if count == 0:
        raise refuse("before the opening every hand holds cards; correct to 1 or more",
                     "開始前の手札は空ではありません。1枚以上にしてください")
    return s, msg


def _round_over(s: State, out: int, msg: Msg) -> tuple[State, Msg]:
    names = s.setup.players
    left = {p: c for p, c in enumerate(s.hand_counts) if p != out}
    points, why = round_points(out, left)
    result = RoundResult(out, tuple(0 if p == out else c for p, c in enumerate(s.hand_counts)),
                         tuple(points[p] for p in range(len(names))))
    scored = ", ".join(f"{names[p]} {points[p]}" for p in range(len(names)))
    scored_ja = "、".join(f"{names[p]}{points[p]}点" for p in range(len(names)))
    msg = msg + Msg(f" {names[out]} is out: round {s.round} ends; {why.en} Points: {scored} (D-10).",
                    f" {names[out]}が上がり、第{s.round}ラウンド終了。{why.ja}点数は{scored_ja}。")
    if s.round == ROUNDS:
        s = _evolve(s, results=(*s.results, result), phase=Phase.OVER, pile=(), top=None, top_player=None,
                    passed=frozenset(), must_contain=None)
        totals = s.totals()
        return s, msg + Msg(f" After {ROUNDS} rounds. ", f" {ROUNDS}ラウンド終了。") + winner_words(
            names, winners(totals), max(totals), "D-11")
    s = State(s.setup, Phase.OPENING, s.round + 1, 0, (HAND,) * len(names), results=(*s.results, result))
    return s, msg + Msg(" New deal: name who holds the lowest card.",
                        " 配り直して、最も低いカードの持ち主を指定してください。")


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)


# --------------------------------------------------------------------------- what is allowed now


def _legal_readings(state: State, cards: Sequence[Card]) -> list[Pattern]:
    deck = state.setup.deck
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED) or not all(deck.known(c) for c in cards):
        return []
    group = tuple(cards)
    found = _all_readings(deck, group)
    try:
        return _legal(state, group, found, "") if found else []
    except Refusal:
        return []


def readings(state: State, cards: Sequence[Card]) -> list[Reading]:
    """Every reading of ``cards`` that may be played on the pile now (D-4, D-5, D-7, D-9), best
    for the player (strongest) first; the first is what the engine takes when none is named."""
    deck = state.setup.deck
    kinds = [deck.kind(c) for c in cards] if all(deck.known(c) for c in cards) else []
    return [Reading(p, p.wild_numbers(kinds)) for p in _legal_readings(state, cards)]


@dataclass(frozen=True)
class Allowed:
    """What may happen now, from the state alone (no hand is seen)."""

    phase: Phase
    round: int
    players: tuple[str, ...]
    player: int | None  # who plays now; None while the table names the opening, or when the game is over
    shape: Shape | None  # the pattern type required (None: any, when leading)
    size: int | None
    beat: Value | None  # the highest card to beat, or after a Revive to stay under
    under: bool  # after a Revive: the highest card must be weaker than ``beat``
    top: Pattern | None
    must_contain: Card | None  # the first lead of the round contains the opening card (D-6)
    can_pass: bool
    revive: bool
    revive_why_not: Msg | None
    passed: tuple[int, ...]
    hand_counts: tuple[int, ...]
    must_label_ja: str = ""  # the opening card's Japanese name, for describe()

    def to_data(self) -> dict[str, Any]:
        why = self.revive_why_not
        return {
            "phase": self.phase.value, "round": self.round,
            "player": self.player, "player_name": None if self.player is None else self.players[self.player],
            "shape": None if self.shape is None else self.shape.value, "size": self.size,
            "beat": None if self.beat is None else {"number": self.beat[0], "gems": self.beat[1]},
            "under": self.under,
            "top": None if self.top is None else {"en": self.top.describe().en, "ja": self.top.describe().ja},
            "must_contain": None if self.must_contain is None else str(self.must_contain),
            "can_pass": self.can_pass,
            "revive": {"allowed": self.revive, "why_not": None if why is None else {"en": why.en, "ja": why.ja}},
            "passed": [self.players[p] for p in self.passed],
            "hand_counts": {self.players[p]: c for p, c in enumerate(self.hand_counts)},
        }

    def describe(self) -> Msg:
        if self.phase is Phase.OVER:
            return Msg("The game is over.", "ゲームは終了しています。")
        if self.phase is Phase.OPENING or self.player is None:
            return Msg(f"Round {self.round}: the table names who holds the lowest card (open NAME CARD, D-6).",
                       f"第{self.round}ラウンド。最も低いカードの持ち主を指定します（開始 名前 カード）。")
        name = self.players[self.player]
        if self.shape is None:
            must = self.must_contain
            if must is not None:
                return Msg(f"{name} leads any pattern, containing {must} (D-6).",
                           f"{name}が{self.must_label_ja or must}を含むパターンで先攻します（D-6）。")
            return Msg(f"{name} leads any pattern.", f"{name}が好きなパターンで次のパイルを開始します。")
        assert self.beat is not None and self.size is not None
        kind = pattern_kind(self.shape, self.size)
        beat = value_words(self.beat)
        highest = Msg("", "") if self.shape is Shape.SINGLE else Msg(" with its highest card", "、最も強いカードを")
        if self.under:
            return Msg(f"{name} plays {kind.en}{highest.en} weaker than {beat.en} (D-9); passing is not allowed.",
                       f"{name}が{kind.ja}{highest.ja}{beat.ja}より弱くして出します。パスはできません。")
        out = [self.players[p] for p in self.passed]
        text = Msg(f"{name} plays {kind.en}{highest.en} stronger than {beat.en}, or passes",
                   f"{name}が{kind.ja}{highest.ja}{beat.ja}より強くして出すか、パスします")
        if self.revive:
            text = text + Msg(", or plays a Revive", "。蘇生カードも出せます")
        elif self.revive_why_not is not None:
            text = text + Msg(f"; no Revive: {self.revive_why_not.en}",
                              f"。蘇生カードは出せません（{self.revive_why_not.ja}）")
        if out:
            text = text + Msg(f". Passed: {', '.join(out)}", f"。パスした人は{'、'.join(out)}")
        return text + Msg(".", "。")


def allowed(state: State) -> Allowed:
    """Who plays, what they must play, whether a Revive is allowed and why not, who has passed."""
    playing = state.phase in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED)
    top = state.top if state.phase in (Phase.FOLLOW, Phase.REVIVED) else None
    refusal = revive_refusal(state)
    why = None if refusal is None else refusal.msg
    return Allowed(
        phase=state.phase, round=state.round, players=state.setup.players,
        player=state.turn if playing else None,
        shape=None if top is None else top.shape, size=None if top is None else top.size,
        beat=None if top is None else top.high, under=state.phase is Phase.REVIVED, top=top,
        must_contain=state.must_contain if state.phase is Phase.LEAD else None,
        can_pass=state.phase is Phase.FOLLOW,
        revive=state.phase is Phase.FOLLOW and why is None, revive_why_not=why,
        passed=tuple(sorted(state.passed)), hand_counts=state.hand_counts,
        must_label_ja="" if state.must_contain is None else state.setup.deck.label(state.must_contain, "ja"))


def describe(state: State) -> Msg:
    """The state in words, several lines: the round, whose turn, the pile, hands, who has passed,
    the score so far."""
    names = state.setup.players
    deck = state.setup.deck
    lines = [Msg(f"Reign of Dragoness, round {min(state.round, ROUNDS)} of {ROUNDS}.",
                 f"レイン・オブ・ドラゴンネス、第{min(state.round, ROUNDS)}／{ROUNDS}ラウンド。"),
             allowed(state).describe()]
    if state.top is not None:
        who = names[state.top_player] if state.top_player is not None else ""
        lines.append(Msg(f"On the pile: {' '.join(map(str, state.pile))} — {state.top.describe().en}, played by {who}.",
                         f"パイルは{_cards_ja(deck, state.pile)}（{state.top.describe().ja}）、{who}が出しました。"))
    if state.phase is not Phase.OVER:
        hands = ", ".join(f"{names[p]} {c}" for p, c in enumerate(state.hand_counts))
        hands_ja = "、".join(f"{names[p]}が{c}枚" for p, c in enumerate(state.hand_counts))
        lines.append(Msg(f"Cards in hand: {hands}.", f"手札は{hands_ja}。"))
    if state.lower is not None and state.opening is not None:
        lines.append(Msg(f"{state.lower} was played although the round opened with {state.opening}: the opening "
                         "broke D-6.",
                         f"開始のカードは{deck.label(state.opening, 'ja')}でしたが、より低い"
                         f"{deck.label(state.lower, 'ja')}が出ました。開始はD-6に反していました。"))
    if state.results:
        totals = state.totals()
        scores = ", ".join(f"{names[p]} {t}" for p, t in enumerate(totals))
        scores_ja = "、".join(f"{names[p]}{t}点" for p, t in enumerate(totals))
        done = len(state.results)
        lines.append(Msg(f"Points after {plural(done, 'round', 'rounds')}: {scores}.",
                         f"{done}ラウンド後の合計は{scores_ja}。"))
    if state.phase is Phase.OVER:
        totals = state.totals()
        lines.append(winner_words(names, winners(totals), max(totals), "D-11"))
    return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))


def settle_input(state: State) -> dict[str, Any]:
    """The ``companion settle`` document for the rounds played so far (all five when the game is
    finished): each round's first out and everyone else's cards left (D-10, D-11)."""
    if not state.results:
        raise refuse("no round has ended yet: there is nothing to settle",
                     "まだ終わったラウンドがないので、得点計算はできません")
    names = state.setup.players
    return {"game": GAME, "players": list(names),
            "rounds": [{"out": names[r.out], "cards_left": {names[p]: c for p, c in enumerate(r.left) if p != r.out}}
                       for r in state.results]}


# --------------------------------------------------------------------------- table notation

_WORDS: dict[str, tuple[str, ...]] = {
    "pass": ("pass", "パス"),
    "revive": ("revive", "リバイブ", "蘇生"),
    "open": ("open", "opening", "lowest", "開始", "最低"),
    "only": ("only-revives", "onlyrevives", "revives-only", "リバイブのみ", "リバイブだけ"),
    "correct": ("correct", "訂正"),
}
_KEYWORD = {w.lower(): key for key, words in _WORDS.items() for w in words}

NOTATION = Msg(
    "cards to play, e.g. Lo7 Fr7 (the player on turn may be named first: Aki Lo7 Fr7); a wild card's number "
    "after =, e.g. PG=5 Lo5; pass; revive; the round's opening: open NAME CARD (e.g. open Aki Lo1); "
    "a hand of only Revive cards: only-revives NAME; a recount: correct NAME COUNT REASON",
    "出す：カード…（例：Lo7 Fr7。手番の人の名前を前に書いてもよい）　"
    "ワイルドの数字：= の後（例：PG=5 Lo5）　パス：パス　蘇生カード：リバイブ　"
    "ラウンドの開始：開始 名前 カード（例：開始 あき Lo1）　蘇生カードだけの手札：リバイブのみ 名前　"
    "手札の数え直し：訂正 名前 枚数 理由")


class _BadLine(Refusal):
    """A line refused for ``msg``: :func:`parse_line` adds the one form that fits (issue 18)."""


def _bad_line(what: Msg) -> Refusal:
    return _BadLine(what)


def _fold(text: str) -> str:
    return normalize_token(text).casefold()


def _take_name(state: State, tokens: list[str], form: Msg) -> tuple[int, list[str]]:
    """The player named at the front of ``tokens`` (names may hold spaces; the longest wins)."""
    names = state.setup.players
    order = sorted(range(len(names)), key=lambda p: -len(names[p].split()))
    for same in (str, _fold):  # as written first, then ignoring case and width
        for p in order:
            words = names[p].split()
            if [same(t) for t in tokens[:len(words)]] == [same(w) for w in words]:
                return p, tokens[len(words):]
    if not tokens:
        raise Refusal(Msg("the player's name is missing: write ", "プレイヤーの名前がありません。書き方：") + form)
    given = tokens[0]
    listed = ", ".join(names)
    raise Refusal(Msg(f"{given!r} is not a player at this table ({listed}): write ",
                      f"「{given}」はこの卓のプレイヤーではありません（{'、'.join(names)}）。書き方：") + form)


def _number(token: str, what: Msg, form: Msg) -> int:
    text = normalize_token(token)
    if not text.isdigit():
        raise Refusal(Msg(f"{token!r} is not {what.en}: write ",
                          f"「{token}」は{what.ja}ではありません。書き方：") + form)
    return int(text)


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) as an action; the player on turn is implied
    where the line names nobody. A bad line is refused naming the wrong part and the one form that
    fits (issue 18), a mistyped word with the line it most likely meant."""
    try:
        return _parse_line(state, line)
    except _BadLine as error:
        tokens = line.split()
        if tokens and _KEYWORD.get(_fold(tokens[0])) is None and _leading_name(state, tokens) is None:
            close = did_you_mean(_fold(tokens[0]), _KEYWORD)
            if close is not None:
                meant = " ".join([close, *tokens[1:]])
                raise Complete(Msg(f"{tokens[0]!r} is not a word of this line: did you mean {meant}?",
                                   f"「{tokens[0]}」は読めません。「{meant}」の誤りですか？")) from None
        raise Refusal(error.msg + Msg("; ", "。") + expected(state)) from None


def _parse_line(state: State, line: str) -> Action:
    tokens = line.split()
    if not tokens:
        raise _bad_line(Msg("the line is empty", "行が空です"))
    key = _KEYWORD.get(_fold(tokens[0]))
    rest = tokens[1:]
    if key in ("pass", "revive"):
        if rest:
            raise _bad_line(Msg(f"{tokens[0]} takes nothing after it, not {' '.join(rest)!r}",
                                f"「{tokens[0]}」の後には何も書きません（「{' '.join(rest)}」は不要）"))
        return Pass(state.turn) if key == "pass" else Revive(state.turn)
    if key == "open":
        form = Msg("open NAME CARD, e.g. open Aki Lo1", "開始 名前 カード（例：開始 あき Lo1）")
        player, rest = _take_name(state, rest, form)
        if len(rest) != 1:
            raise Refusal(Msg("the opening names one card: write ", "開始のカードは1枚です。書き方：") + form)
        return Opening(player, _card(state, rest[0]))
    if key == "only":
        form = Msg("only-revives NAME", "リバイブのみ 名前")
        player, rest = _take_name(state, rest, form)
        if rest:
            raise Refusal(Msg(f"nothing follows the name, not {' '.join(rest)!r}: write ",
                              f"名前の後には何も書きません（「{' '.join(rest)}」は不要）。書き方：") + form)
        return OnlyRevives(player)
    if key == "correct":
        form = Msg("correct NAME COUNT REASON, e.g. correct Aki 5 dropped a card",
                   "訂正 名前 枚数 理由（例：訂正 あき 5 カードを落とした）")
        player, rest = _take_name(state, rest, form)
        if not rest:
            raise Refusal(Msg("the count is missing: write ", "枚数がありません。書き方：") + form)
        count = _number(rest[0], Msg("a count", "枚数"), form)
        if len(rest) < 2:
            raise Refusal(Msg("the reason is missing: write ", "理由がありません。書き方：") + form)
        return Correct(player, count, " ".join(rest[1:]))
    named = _leading_name(state, tokens)
    if named is not None:
        return _named_line(state, *named)
    return _play_line(state, line.replace(",", " ").replace("、", " ").split())


def _leading_name(state: State, tokens: list[str]) -> tuple[int, list[str]] | None:
    """A line that starts with a player's name rather than a card: the seat and the rest."""
    deck = state.setup.deck
    first = tokens[0].replace(",", "").replace("、", "").partition("=")[0]
    try:
        deck.parse(first)
        return None  # a card: the line is a play
    except Refusal:
        pass
    try:
        return _take_name(state, tokens, NOTATION)
    except Refusal:
        return None


def _named_line(state: State, player: int, rest: list[str]) -> Action:
    """``NAME cards…``, ``NAME pass``, ``NAME revive``: accepted for the player on turn (D-7); for
    anyone else refused saying whose turn it is and what to type."""
    names = state.setup.players
    name = names[player]
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise Refusal(Msg(f"{name} cannot play now: ", f"今は{name}の手番ではありません。") + state.waiting_for()
                      + Msg("; ", "。") + expected(state))
    if player != state.turn:
        turn = names[state.turn]
        raise Refusal(Msg(f"it is {turn}'s turn, not {name}'s (D-7): ", f"今は{turn}の番です（{name}ではありません）。")
                      + expected(state))
    if not rest:
        raise Refusal(Msg(f"after {name} comes the play: ", f"{name}の後に出すカードを書きます。") + expected(state))
    key = _KEYWORD.get(_fold(rest[0]))
    if key in ("pass", "revive") and len(rest) == 1:
        return Pass(player) if key == "pass" else Revive(player)
    return _play_line(state, " ".join(rest).replace(",", " ").replace("、", " ").split())


def _card(state: State, token: str) -> Card:
    try:
        return state.setup.deck.parse(token)
    except Refusal:
        raise _bad_line(Msg(f"{token!r} is not a card (like Lo7)",
                            f"「{token}」はカードではありません（例：Lo7、ローシェン7）")) from None


def _play_line(state: State, tokens: list[str]) -> Action:
    deck = state.setup.deck
    cards: list[Card] = []
    wilds: list[int] = []
    named = 0
    for token in tokens:
        text = normalize_token(token)
        body, sep, number = text.partition("=")
        card = _card(state, body)
        kind = deck.kind(card)
        if kind is Kind.REVIVE and len(tokens) == 1 and not sep:
            return Revive(state.turn)
        if sep:
            if kind not in WILD_RANGE:
                raise _bad_line(Msg(f"{body} is not a wild card: only a Page, Squire or Dragon Knight takes =NUMBER",
                                    f"{deck.label(card, 'ja')}はワイルドカードではありません。「=数字」を付けられるのは"
                                    "ページ・従者・ドラゴンナイトだけです"))
            if not number.isdigit():
                raise _bad_line(Msg(f"{number!r} after {body}= is not a number",
                                    f"{body}=の後の「{number}」は数字ではありません"))
            wilds.append(int(number))
            named += 1
        elif kind in WILD_RANGE:
            wilds.append(0)
        cards.append(card)
    if named and named != len(wilds):
        raise _bad_line(Msg("name the number of every wild card (e.g. PG=5 KN=6 Lo7), or of none",
                            "ワイルドの数字はすべてに書くか、どれにも書かないでください（例：PG=5 KN=6 Lo7）"))
    return PlayCards(state.turn, tuple(cards), tuple(wilds) if named else None)


def action_line(state: State, action: Action, lang: str = "en") -> str:
    """The notation line for ``action`` played on ``state`` (``parse_line`` reads it back)."""
    ja = lang == "ja"
    names = state.setup.players
    if isinstance(action, PlayCards):
        wilds = iter(action.wilds or ())
        deck = state.setup.deck
        out = []
        for card in action.cards:
            named = action.wilds is not None and deck.kind(card) in WILD_RANGE
            out.append(f"{card}={next(wilds)}" if named else str(card))
        return " ".join(out)
    if isinstance(action, Pass):
        return "パス" if ja else "pass"
    if isinstance(action, Revive):
        return "リバイブ" if ja else "revive"
    if isinstance(action, Opening):
        return f"{'開始' if ja else 'open'} {names[action.player]} {action.card}"
    if isinstance(action, OnlyRevives):
        return f"{'リバイブのみ' if ja else 'only-revives'} {names[action.player]}"
    return f"{'訂正' if ja else 'correct'} {names[action.player]} {action.count} {action.reason}"


# --------------------------------------------------------------------------- records


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action

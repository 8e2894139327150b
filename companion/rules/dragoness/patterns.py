"""Reign of Dragoness: patterns (single, set, run), wild readings and what beats what (D-3 to D-5)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.common import Msg, plural
from companion.rules.dragoness.deck import DRAGONESS_NUMBER, WILD_RANGE, Card, Deck, Kind, Value
from companion.rules.dragoness.words import SHAPE_NAMES, Shape


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

    @functools.cached_property
    def high(self) -> Value:
        """The highest card (D-3: higher number, then more gems), found once per pattern."""
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
        return Msg(
            f"{shape.en} {body} (highest {high.en})", f"{shape.ja} {body}（最高{self.high[0]}、宝石{self.high[1]}）"
        )

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
    if n == 1:
        kind, options = deck.profile(cards[0], True)
        return () if kind is Kind.REVIVE else (Pattern(Shape.SINGLE, (options[0],)),)
    specials, clans = deck._kinds, deck._clans
    if not any(c.code in specials for c in cards):  # dragon cards only: the one reading, if it is a pattern
        values = tuple((c.number, clans[c.code].gems) for c in cards)  # as deck.profile gives them
        shape = _shape(values)
        return () if shape is None else (Pattern(shape, values),)
    profiles = [deck.profile(c, False) for c in cards]
    if any(k is Kind.REVIVE for k, _ in profiles):
        return ()
    if not any(k in WILD_RANGE for k, _ in profiles):  # no wild card (a Dragoness): the one reading, if any
        values = tuple(opts[0] for _, opts in profiles)
        shape = _shape(values)
        return () if shape is None else (Pattern(shape, values),)
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
    for number in {fixed_numbers[0]} if fixed_numbers else set(range(1, deck.numbers + 1)):
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
        # only the rows that hold every fixed number (the others read nothing)
        first = max(1, max(fixed_numbers) - n + 1) if fixed_numbers else 1
        last = min(DRAGONESS_NUMBER - n + 1, min(fixed_numbers)) if fixed_numbers else DRAGONESS_NUMBER - n + 1
        for low in range(first, last + 1):
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
        return {
            "shape": p.shape.value,
            "size": p.size,
            "high": list(p.high),
            "wilds": list(self.wilds),
            "text": {"en": self.describe().en, "ja": self.describe().ja},
        }

"""Reign of Dragoness: the groups :func:`~companion.rules.dragoness.complete` offers (D-4, D-5, D-7,
D-9): the cards not yet played, the likely ways to fill a group out, and the engine's answers about
each filled group, kept per state (see ``complete``'s docstring for the whole method)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from companion.rules import dragoness as d
from companion.rules.completion import Step
from companion.rules.dragoness.checks import _fitting
from companion.rules.dragoness.patterns import Pattern, _all_readings
from companion.rules.dragoness.readable import _readable, _reads, _row_holds

MOST = 5  # the largest pattern (D-4); the engine refuses any larger group
_EVERY = frozenset(range(1, d.DRAGONESS_NUMBER + 1))  # every number a card may count as
_LAST: list[_Table] = []  # the table of the state last asked about


# --------------------------------------------------------------------------- groups (D-4, D-5, D-7, D-9)


Named = tuple[int | None, ...]  # the number named for each card of a group (None: none named)


@dataclass
class _Table:
    """What the groups of one state are made from: the cards not yet played this round, how many
    a group may hold, and the pile to beat (only to try likely groups first)."""

    state: d.State
    deck: d.Deck
    pool: Counter[d.Card]
    sizes: tuple[int, ...]
    must: d.Card | None
    floor: int  # a group's highest number is at least this (following) ...
    ceiling: int  # ... and at most this (after a Revive)
    stands: dict[int, list[d.Card]]  # by number: the cards not yet played that may count as it, natural
    # cards first, the strongest first (to beat the pile) or after a Revive the weakest (to stay under)
    spans: dict[d.Card, frozenset[int]]  # the numbers each card may count as in a group
    ends: dict[d.Card, tuple[int, int] | None]  # the lowest and highest of them (None: not a range)
    rank: dict[d.Card, int]  # one order of the cards, to ask the engine about each group once
    shape: d.Shape | None = None  # the shape the pile asks for (allowed: None when leading)
    known: dict[tuple[tuple[d.Card, ...], Named], bool] = field(default_factory=dict)
    read: dict[tuple[d.Card, ...], list[Pattern]] = field(default_factory=dict)  # the engine's answers
    left: dict[int, list[d.Card]] = field(default_factory=dict)  # by number: the stands not all played
    strong: dict[int, list[d.Card]] = field(default_factory=dict)  # the same, strongest (weakest) first
    dragons: dict[int, list[d.Card]] = field(default_factory=dict)  # the same, the dragon cards only
    verdicts: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]], bool] = field(
        default_factory=dict
    )  # the answers of _reads
    steps: dict[tuple[tuple[d.Card, ...], Named], list[Step]] = field(default_factory=dict)
    singles: dict[int, bool] = field(default_factory=dict)  # by number: grows for a dragon card alone

    @classmethod
    def of(cls, state: d.State) -> _Table:
        """The table of ``state``: the last one made is kept (states are frozen), so the keystrokes
        of one line, each a call of :func:`complete`, share what the engine has answered; so do
        the players after a pass, who face the same pile with the same cards unplayed."""
        if _LAST and _LAST[0].fits(state):
            return _LAST[0]
        for old in _LAST:  # its steps refer back to it: let it go at once, not at the next full collection
            old.known.clear()
            old.steps.clear()
            old.read.clear()
        table = cls.make(state)
        _LAST[:] = [table]
        return table

    @classmethod
    def make(cls, state: d.State) -> _Table:
        deck = state.setup.deck
        players = len(state.setup.players)
        left = dict(state.setup.cards)
        for card in state.played:
            left[card] -= 1
        revive = deck.card(deck.special(d.Kind.REVIVE).code)
        pool = Counter({c: n for c, n in left.items() if n > 0 and c != revive})
        rank = _cards_of(deck, players)[1]
        top = state.top
        sizes = _sizes(state)
        if state.phase is d.Phase.LEAD or top is None:
            floor, ceiling = 0, d.DRAGONESS_NUMBER
        else:
            floor, ceiling = (0, top.high[0]) if state.phase is d.Phase.REVIVED else (top.high[0], d.DRAGONESS_NUMBER)
        must = state.must_contain if state.phase is d.Phase.LEAD else None
        weakest = state.phase is d.Phase.REVIVED
        found = deck._cache.get(("complete by number", players, weakest))  # the deck keeps it: hashing a deck is slow
        if found is None:
            found = deck._cache["complete by number", players, weakest] = _by_number(deck, players, weakest)
        stands, spans, ends = found
        shape = None if state.phase is d.Phase.LEAD or top is None else top.shape  # as allowed(state) says
        return cls(state, deck, pool, sizes, must, floor, ceiling, stands, spans, ends, rank, shape)

    def fits(self, state: d.State) -> bool:
        """``state`` makes the same groups as this table's state: everything :meth:`make` and
        :func:`~companion.rules.dragoness.readings` read from a state is the same (the pile by
        its identity: states share the one pattern until it is beaten)."""
        old = self.state
        if old is state:
            return True
        if old.setup is not state.setup or old.phase is not state.phase or old.top is not state.top:
            return False
        if old.played is not state.played and old.played != state.played:
            return False
        if (state.must_contain if state.phase is d.Phase.LEAD else None) != self.must:
            return False
        return self.sizes == _sizes(state)

    # -- the steps

    def cards(self, group: tuple[d.Card, ...], named: Named) -> list[Step]:
        """The next card of a group: each card (each reading of a wild card) with which the group
        can still become a pattern the engine plays now (made once per group)."""
        found = self.steps.get((group, named))
        if found is None:
            found = self.steps[group, named] = self._cards(group, named)
        return found

    def _cards(self, group: tuple[d.Card, ...], named: Named) -> list[Step]:
        wild_named = any(n is not None for n in named)
        wild_plain = any(n is None and self.deck.kind(c) in d.WILD_RANGE for c, n in zip(group, named, strict=True))
        used = Counter(group)
        digest = self._digest(group, named)
        must, pool = self.must, self.pool
        verdicts: dict[frozenset[int] | int, bool] = {}
        out = []
        plays, cards, grows, partial = self.plays, self.cards, self.grows, functools.partial
        for card, number, word, span in _words(self.deck, len(self.state.setup.players), wild_named, wild_plain):
            if used.get(card, 0) >= pool.get(card, 0):
                continue
            grown, names = (*group, card), (*named, number)
            hopeless = False
            if digest is not None and (must is None or card.code != must.code or card.number != must.number):
                # one answer for every card of one span
                verdict = verdicts.get(span)
                if verdict is None:
                    verdict = verdicts[span] = self._may(digest, card, number)
                hopeless = not verdict
            out.append(
                Step(
                    word,
                    end=partial(plays, grown, names),
                    next=partial(cards, grown, names),
                    check=_never if hopeless else partial(grows, grown, names),
                )
            )
        return out

    def _digest(self, group: tuple[d.Card, ...], named: Named) -> tuple[frozenset[int], list[int], bool] | None:
        """What the numbers of ``group`` (and the card it must hold) allow the next card: the numbers
        all its cards may count as (a set), those fixed (a row) and whether they differ; None when
        the next card may be played alone (see :meth:`_may`)."""
        must = self.must
        if must is not None and must not in group:
            group, named = (*group, must), (*named, None)
        if not group:
            return None if 1 in self.sizes else (_EVERY, [], True)
        spans = [self.spans[c] if n is None else frozenset((n,)) for c, n in zip(group, named, strict=True)]
        fixed = [next(iter(s)) for s in spans if len(s) == 1]
        return frozenset.intersection(*spans), fixed, len(set(fixed)) == len(fixed)

    def _may(self, digest: tuple[frozenset[int], list[int], bool], card: d.Card, number: int | None) -> bool:
        """Some set or row (D-4) of the numbers may hold the cards of ``digest`` and ``card`` (as
        ``number``): else :meth:`_grows` refuses it before any filling (this says the same, sooner)."""
        if not self.sizes:
            return False
        common, fixed, distinct = digest
        span = self.spans[card] if number is None else frozenset((number,))
        if self.shape in (None, d.Shape.SET) and any(self.floor <= x <= self.ceiling for x in common & span):
            return True
        if self.shape in (None, d.Shape.RUN) and distinct:
            if len(span) == 1:
                (only,) = span
                if only in fixed:
                    return False
                return _row_holds(self.sizes[-1], [*fixed, only])
            return _row_holds(self.sizes[-1], fixed)
        return False

    # -- the engine decides

    def plays(self, group: tuple[d.Card, ...], named: Named) -> bool:
        """The engine plays exactly this group (with these numbers) now."""
        if len(group) not in self.sizes or (self.must is not None and self.must not in group):
            return False
        return bool(self.legal(group, named)[1])

    def legal(self, group: tuple[d.Card, ...], named: Named) -> tuple[tuple[d.Card, ...], list[Pattern]]:
        """The engine's readings of ``group`` now that give its wild cards the numbers named (two
        wild cards of one kind may trade their numbers), with the group as it was asked: in one
        order whatever the order typed, so that the engine answers each group once."""
        ordered = tuple(sorted(group, key=self.rank.__getitem__)) if len(group) > 1 else group
        found = self.read.get(ordered)
        if found is None:
            # what readings(state, group) answers, less the wild numbers in words (cards of the
            # pool are cards of the deck, and the table is made only while cards are played)
            found = self.read[ordered] = _fitting(self.state, _all_readings(self.deck, ordered))
        if not found or all(n is None for n in named):
            return ordered, found
        wanted: dict[str, list[int]] = {}
        for card, number in zip(group, named, strict=False):
            if number is not None:
                wanted.setdefault(card.code, []).append(number)
        out = [
            reading
            for reading in found
            if all(not _less(want, _numbers_of(ordered, reading, code)) for code, want in wanted.items())
        ]
        return ordered, out

    def grows(self, group: tuple[d.Card, ...], named: Named) -> bool:
        """Some pattern the engine plays now holds ``group`` (with these numbers) and cards not yet
        played this round (answered once per group, and once per number for a dragon card alone
        whose strength cannot count: :meth:`_alone`)."""
        found = self.known.get((group, named))
        if found is None:
            number = self._alone(group, named)
            found = self.singles.get(number) if number is not None else None
            if found is None:
                found = self._grows(group, named)
                if number is not None:
                    self.singles[number] = found
            self.known[group, named] = found
        return found

    def _alone(self, group: tuple[d.Card, ...], named: Named) -> int | None:
        """The number of ``group``'s one dragon card when any other dragon card of that number
        answers :meth:`grows` the same, else None. A group holding the other card is played with
        this one in its place: the same numbers, so the same shapes and readings (D-4, D-5), and
        the same highest card unless it is this one; then only its number counts, when that is
        not the pile's highest number (D-3, D-7, D-9), and leading nothing counts."""
        if len(group) != 1 or named[0] is not None:
            return None
        card = group[0]
        if card.code in self.deck._kinds or card == self.must:
            return None
        top = self.state.top
        if self.shape is not None and top is not None and card.number == top.high[0]:
            return None
        return card.number

    def _grows(self, group: tuple[d.Card, ...], named: Named) -> bool:
        base, base_named = group, named
        used: dict[d.Card, int] = {}
        for card in group:
            used[card] = used.get(card, 0) + 1
        must = self.must
        if must is not None and must not in used:
            base, base_named = (*group, must), (*named, None)
            used[must] = 1
        pool = self.pool
        for card, count in used.items():
            if count > pool[card]:
                return False
        # what the fillings of every size share: the numbers of a set, the fixed numbers of a run
        spans = []
        if len(base) >= 2 or self.grow(len(base)):
            spans = [self.spans[c] if n is None else frozenset((n,)) for c, n in zip(base, base_named, strict=True)]
        sets: list[int] = []
        if spans and self.shape in (None, d.Shape.SET):  # cards of one number, the highest first
            common = frozenset.intersection(*spans)
            sets = sorted([x for x in common if self.floor <= x <= self.ceiling], reverse=True)
        known = [next(iter(s)) for s in spans if len(s) == 1]
        runs = self.shape in (None, d.Shape.RUN) and len(set(known)) == len(known)
        fixed = known if runs else None  # None: no run
        if not self.sizes:
            return False
        if len(base) >= 2 and not sets and (fixed is None or not _row_holds(self.sizes[-1], fixed)):
            return False  # neither one number nor a row holds the cards: no filling is tried (D-4)
        ends = self.ends
        wild = [e for c, n in zip(base, base_named, strict=True) if n is None and (e := ends[c]) and e[0] < e[1]]
        for size in self.sizes:
            if size < len(base):
                continue
            for filler in self._fillers(len(base), size, used, sets, fixed, wild):
                grown = (*base, *filler)
                if len(grown) >= 2 and not _readable(self.ends, grown):
                    continue  # no set or run reads it: the engine would answer no reading (D-4, D-5)
                whole, readings = self.legal(grown, base_named)
                if readings:
                    self._also(group[:-1], named[:-1], whole, readings)
                    return True
        return False

    def _also(
        self, before: tuple[d.Card, ...], named: Named, whole: tuple[d.Card, ...], readings: Sequence[Pattern]
    ) -> None:
        """The engine plays ``whole``, which holds ``before``: so each of its other cards (each wild
        one with its number in these readings) may follow ``before`` too — known without asking."""
        kind = self.deck.kind
        known = self.known
        plain = not any(n is not None for n in named)
        numbered = not any(n is None and kind(c) in d.WILD_RANGE for c, n in zip(before, named, strict=True))
        others = list(whole)
        for card in before:
            others.remove(card)
        for card in dict.fromkeys(others):
            if kind(card) not in d.WILD_RANGE:
                known.setdefault(((*before, card), (*named, None)), True)
                continue
            if plain:
                known.setdefault(((*before, card), (*named, None)), True)
            if numbered:  # the numbers the reading gives this kind of card, less those already named
                given = [n for c, n in zip(before, named, strict=True) if c == card and n is not None]
                for reading in readings:
                    free = _numbers_of(whole, reading, card.code)
                    for number in given:
                        if number in free:
                            free.remove(number)
                    for number in dict.fromkeys(free):
                        known.setdefault(((*before, card), (*named, number)), True)
        self._alike(before, named, whole, others, readings)

    def _alike(
        self,
        before: tuple[d.Card, ...],
        named: Named,
        whole: tuple[d.Card, ...],
        others: list[d.Card],
        readings: Sequence[Pattern],
    ) -> None:
        """The engine plays ``whole``: so it plays ``whole`` with any of its dragon cards not in
        ``before`` traded for another unplayed dragon card of the same number, if some reading's
        highest number is higher than it. The numbers are the same, so the shapes (D-4) and the
        wild readings (D-5) are; the highest card is the same, and only its strength counts (D-3,
        D-7, D-9). So each such card may follow ``before`` too — known without asking (a table has
        up to eight cards of each number: this is most of them). Leading, a dragon card the engine
        plays alone makes a set of two with a wild card named its number (D-4, D-5)."""
        specials, pool, known, must = self.deck._kinds, self.pool, self.known, self.must
        plain = (*named, None)
        if len(whole) == 1 and self.shape is None and 2 in self.sizes and whole[0].code not in specials:
            number = whole[0].number
            for alike in reversed(self._left(number)):  # the wild ones last
                if alike.code not in specials:
                    break
                known.setdefault(((alike,), (number,)), True)
                known.setdefault(((alike,), (None,)), True)
        top = max(r.high[0] for r in readings)
        # the highest number alone decides: leading, or beating the pile's number (or under it)
        loose = self.shape is None or any(self.floor < r.high[0] < self.ceiling for r in readings)
        held: dict[d.Card, int] = {}
        for card in whole:
            held[card] = held.get(card, 0) + 1
        # by number, the gems a card traded in must have at least (following) or at most (after a
        # Revive) for the highest card to stay as strong (or as weak): None, any
        revived = self.state.phase is d.Phase.REVIVED
        bounds: dict[int, int | None] = {}
        for card in others:
            if card.code in specials or card == must:
                continue
            number = card.number
            if number < top or loose:
                bounds[number] = None
            elif (bound := bounds.get(number, -1)) is not None:
                gems = _gems(self.deck, card)
                bounds[number] = gems if bound < 0 else max(bound, gems) if revived else min(bound, gems)
        for number, bound in bounds.items():
            for alike in self._left(number):  # the dragon cards, then the wild ones
                if held.get(alike, 0) >= pool[alike]:
                    continue
                if bound is not None and (
                    _gems(self.deck, alike) > bound if revived else _gems(self.deck, alike) < bound
                ):
                    continue
                if alike.code not in specials:
                    known.setdefault(((*before, alike), plain), True)
                elif len(whole) >= 2:  # a wild card counts as the number it is named (D-5), not alone
                    known.setdefault(((*before, alike), plain), True)
                    known.setdefault(((*before, alike), (*named, number)), True)

    # -- likely ways to fill a group out (the engine judges each)

    def _left(self, number: int) -> list[d.Card]:
        """The cards of :attr:`stands` for ``number`` not all played yet, in the same order."""
        found = self.left.get(number)
        if found is None:
            pool = self.pool
            found = self.left[number] = [c for c in self.stands.get(number, ()) if pool[c] > 0]
        return found

    def _strongest(self, number: int) -> list[d.Card]:
        """The cards of :meth:`_left` for ``number``, the strongest first, or after a Revive the weakest."""
        found = self.strong.get(number)
        if found is None:
            weakest = self.state.phase is d.Phase.REVIVED
            found = self.strong[number] = sorted(
                self._left(number), key=lambda c: _gems(self.deck, c) if weakest else -_gems(self.deck, c)
            )
        return found

    def grow(self, have: int) -> bool:
        """A group of ``have`` cards may still grow (else it is played as it is or not at all)."""
        return bool(self.sizes) and self.sizes[-1] > have

    def _fillers(
        self,
        have: int,
        size: int,
        used: dict[d.Card, int],
        sets: list[int],
        fixed: list[int] | None,
        wild: list[tuple[int, int]],
    ) -> Iterator[tuple[d.Card, ...]]:
        """Ways to fill a group of ``have`` cards out to ``size``: cards of one number (each of
        ``sets``), then rows of numbers holding every ``fixed`` number (None: no row). A row's
        filling of dragon cards only is not tried when no set or run at all (D-4) holds their
        numbers, the ``fixed`` ones and the group's unnamed wild cards (``wild``, their spans,
        D-5): the engine would read that group no way (:func:`_reads`; :func:`_fill` takes a
        dragon card for each number while one is left, :meth:`_naturals`)."""
        need = size - have
        if need == 0:  # the group as it is, if it can be a set or a row at all (else the engine refuses it)
            if size < 2 or sets or (fixed is not None and size >= 3 and self._rows(size, fixed)):
                yield ()
            return
        against = self.shape is not None  # a pile to beat (or to stay under): then also try its
        # highest card as strong as it can be (or as weak), a wild card's gems counting too (D-3)
        if size >= 2:
            for number in sets:
                yield from self._fill([number] * need, used)
                if against:
                    yield from self._fill([number] * need, used, number)
        if size >= 3 and fixed is not None:
            for first in self._rows(size, fixed):
                free = [x for x in range(first, first + size) if x not in fixed]
                top = first + size - 1
                for chosen in itertools.combinations(free, need):
                    if not wild or self._reads(fixed, chosen, wild) or not self._naturals(chosen, used):
                        yield from self._fill(list(chosen), used)
                    if against and top in chosen:
                        yield from self._fill(list(chosen), used, top)

    def _naturals(self, numbers: Sequence[int], used: dict[d.Card, int]) -> bool:
        """:meth:`_fill` fills ``numbers`` (distinct) with dragon cards only: for each, a dragon
        card of :meth:`_left` (the dragon cards come first) is left beside ``used``."""
        pool, dragons = self.pool, self.dragons
        for number in numbers:
            found = dragons.get(number)
            if found is None:
                specials = self.deck._kinds
                found = dragons[number] = [c for c in self._left(number) if c.code not in specials]
            for card in found:
                if used.get(card, 0) < pool[card]:
                    break
            else:
                return False
        return True

    def _reads(self, fixed: list[int], chosen: tuple[int, ...], wild: list[tuple[int, int]]) -> bool:
        """:func:`_reads` of the numbers ``fixed`` and ``chosen`` with ``wild``, answered once per table."""
        key = (tuple(fixed), chosen, tuple(wild))
        found = self.verdicts.get(key)
        if found is None:
            found = self.verdicts[key] = _reads([*fixed, *chosen], wild)
        return found

    def _rows(self, size: int, fixed: list[int]) -> range:
        """The lowest numbers of the rows of ``size`` (the highest first) that hold every ``fixed``
        number, their top from floor to ceiling."""
        high = min(d.DRAGONESS_NUMBER, self.ceiling) - size + 1
        low = max(1, self.floor - size + 1)
        if fixed:
            high, low = min(high, min(fixed)), max(low, max(fixed) - size + 1)
        return range(high, low - 1, -1)

    def _fill(
        self, numbers: list[int], used: dict[d.Card, int], strong: int | None = None
    ) -> Iterator[tuple[d.Card, ...]]:
        """Cards not yet played that can stand for ``numbers``, the likeliest to play first; for
        the number ``strong``, the strongest first (after a Revive the weakest), wild cards among them."""
        pool = self.pool
        out: list[d.Card] = []
        taken: dict[d.Card, int] = {}  # the cards this filling has taken so far
        for number in numbers:
            for card in self._left(number) if number != strong else self._strongest(number):
                if (card not in used and card not in taken) or used.get(card, 0) + taken.get(card, 0) < pool[card]:
                    break
            else:
                return
            taken[card] = taken.get(card, 0) + 1
            out.append(card)
        yield tuple(out)


Word = tuple[d.Card, int | None, str, frozenset[int] | int]  # a card, the number named, its word, its span


def _words(deck: d.Deck, players: int, wild_named: bool, wild_plain: bool) -> list[Word]:
    """Each card of the table's deck in :func:`_cards_of` as it may be typed next: a wild card without
    a number unless one is named already, with each number unless one is typed without; with the
    numbers it may count as then (its span, or the number named) (kept by the deck)."""
    key = ("complete words", players, wild_named, wild_plain)
    found: list[Word] | None = deck._cache.get(key)
    if found is None:
        found = deck._cache[key] = []
        facts = _facts(deck, players)
        for card in _cards_of(deck, players)[0]:
            kind = deck.kind(card)
            options: list[int | None] = []
            if kind in d.WILD_RANGE:
                if not wild_named:
                    options.append(None)
                if not wild_plain:
                    span = d.WILD_RANGE[kind]
                    options += [*span, *((d.ALONE[kind],) if d.ALONE[kind] not in span else ())]
            else:
                options.append(None)
            found += [(card, n, f"{card}={n}" if n else str(card), n or facts[card][2]) for n in options]
    return found


def _never() -> bool:
    return False


def _sizes(state: d.State) -> tuple[int, ...]:
    """How many cards a group of the player on turn may hold now."""
    held = state.hand_counts[state.turn]
    top = state.top
    if state.phase is d.Phase.LEAD or top is None:
        return tuple(range(1, min(MOST, held) + 1))
    return (top.size,) if top.size <= held else ()


def _by_number(
    deck: d.Deck, players: int, weakest: bool
) -> tuple[dict[int, list[d.Card]], dict[d.Card, frozenset[int]], dict[d.Card, tuple[int, int] | None]]:
    """By number, the cards of the table's deck that may count as it in a group: natural cards
    first, the strongest first (or the weakest); the numbers each card may count as, and the
    lowest and highest of them when they are every number between (None otherwise)."""
    facts = _facts(deck, players)
    stands: dict[int, list[d.Card]] = {}
    sign = 1 if weakest else -1
    for card in sorted(facts, key=lambda c: (facts[c][0], sign * facts[c][1][1])):
        for number in facts[card][2]:
            stands.setdefault(number, []).append(card)
    return stands, {c: f[2] for c, f in facts.items()}, {c: f[3] for c, f in facts.items()}


Facts = tuple[bool, tuple[int, int], frozenset[int], tuple[int, int] | None]


def _facts(deck: d.Deck, players: int) -> dict[d.Card, Facts]:
    """Each card of a table's deck (D-2): whether it is wild, how strong it counts alone (D-3;
    (0, 0) for none), the numbers it may count as in a group (D-5) and the lowest and highest of
    them when they are every number between (None otherwise); read once from the deck's profiles
    (kept by the deck)."""
    key = ("complete facts", players)
    found: dict[d.Card, Facts] | None = deck._cache.get(key)
    if found is None:
        found = deck._cache[key] = {}
        kinds, profile = deck._kinds, deck.profile
        for card in deck.cards_for(players):
            alone = profile(card, True)[1]
            numbers = [v[0] for v in profile(card, False)[1]]
            low, high = (min(numbers), max(numbers)) if numbers else (0, -1)
            found[card] = (
                kinds.get(card.code) in d.WILD_RANGE,
                alone[0] if alone else (0, 0),
                frozenset(numbers),
                (low, high) if numbers and high - low + 1 == len(set(numbers)) else None,
            )
    return found


def _numbers_of(group: tuple[d.Card, ...], reading: Pattern, code: str) -> list[int]:
    """The numbers ``reading`` gives the cards of ``group`` whose code is ``code``."""
    return [v[0] for c, v in zip(group, reading.values, strict=True) if c.code == code]


def _less(want: list[int], have: list[int]) -> bool:
    """Some number of ``want`` is not in ``have`` (counting repeats)."""
    rest = list(have)
    for number in want:
        if number not in rest:
            return True
        rest.remove(number)
    return False


def _cards_of(deck: d.Deck, players: int) -> tuple[tuple[d.Card, ...], dict[d.Card, int]]:
    """The cards of a table's deck (D-2), the natural cards first, the weakest first, and each
    card's place in that order (kept by the deck)."""
    key = ("complete order", players)
    found: tuple[tuple[d.Card, ...], dict[d.Card, int]] | None = deck._cache.get(key)
    if found is None:
        facts = _facts(deck, players)
        every = tuple(sorted(facts, key=lambda c: facts[c][:2]))
        found = deck._cache[key] = every, {card: i for i, card in enumerate(every)}
    return found


def _gems(deck: d.Deck, card: d.Card) -> int:
    values = deck.profile(card, True)[1]
    return values[0][1] if values else 0

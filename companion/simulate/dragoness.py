"""Simulated Reign of Dragoness tables (D-1 .. D-11): each round a real shuffled deck for the table
(D-2), thirteen cards to each seat; the holder of the lowest card opens (D-6), and each seat chooses
among the patterns of the hand it really holds that the engine takes now (``readings``, D-4 .. D-9):
a lead, a follow, a pass, or a Revive when its hand can then play the weaker pattern D-9 asks for. A
hand left with only Revive cards is shown at once (D-10).

``greedy`` is the best immediate gain: the most cards out of the hand (a Revive and the pattern after
it count together), then the weakest highest card (the strong ones kept); it passes only when it has
nothing to play. ``random`` draws any of the moves, a pass among them. A lookahead seat
(``companion.simulate.lookahead``) plays each round out from hands dealt at random to the other seats
from the cards it has not seen, the holder of the opening card keeping it (D-6).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from typing import Any

from companion.rules import dragoness as d
from companion.simulate.common import NAMES, Watch
from companion.simulate.policies import policy_seats
from companion.simulate.table import play

SINGLE, SET, RUN = d.Shape.SINGLE, d.Shape.SET, d.Shape.RUN
KEPT = 4096  # hands whose groups are kept (Hands)


def _numbers(deck: d.Deck, card: d.Card) -> range | tuple[int, ...]:
    """The numbers ``card`` may stand for in a group of two or more (D-3, D-5)."""
    kind = deck.kind(card)
    if kind is d.Kind.DRAGON:
        return (card.number,)
    if kind is d.Kind.DRAGONESS:
        return (d.DRAGONESS_NUMBER,)
    return d.WILD_RANGE.get(kind, ())


_CARDS: dict[int, tuple[d.Deck, dict[d.Card, tuple[tuple[str, int], tuple[int, ...]] | None]]] = {}


def _cards(deck: d.Deck) -> dict[d.Card, tuple[tuple[str, int], tuple[int, ...]] | None]:
    """For each card of ``deck`` met so far: its order (the cards' own, as a tuple) and the numbers it
    may stand for (:func:`_numbers`); None for a Revive, which is in no group (kept by deck)."""
    entry = _CARDS.get(id(deck))
    if entry is None or entry[0] is not deck:
        if len(_CARDS) > 16:
            _CARDS.clear()
        entry = _CARDS[id(deck)] = (deck, {})
    return entry[1]


def groups(
    deck: d.Deck, hand: list[d.Card], shape: d.Shape | None = None, size: int | None = None
) -> list[tuple[d.Card, ...]]:
    """Every group of cards of ``hand`` that could read as a pattern (D-4, D-5): singles, sets of one
    number, runs of consecutive numbers; of ``shape`` and ``size`` only, when given. Each group once,
    its cards in order, the groups in order; whether the engine takes it now is asked of ``readings``.

    The cards are put in order once and each group is made of their places in that order, so a
    group's cards come in order and the groups are ordered by their cards' order keys (tuples,
    compared without calling the cards' own comparisons)."""
    known = _cards(deck)
    keyed: list[tuple[tuple[str, int], d.Card, tuple[int, ...]]] = []  # order key, card, its numbers
    for card in hand:
        if card not in known:
            revive = deck.kind(card) is d.Kind.REVIVE
            known[card] = None if revive else ((card.code, card.number), tuple(_numbers(deck, card)))
        info = known[card]
        if info is not None:
            keyed.append((info[0], card, info[1]))
    keyed.sort(key=_first)
    playable = [card for _, card, _ in keyed]
    keys = [key for key, _, _ in keyed]
    cover: dict[int, list[int]] = {}
    for i, (_, _, numbers) in enumerate(keyed):
        for number in numbers:
            cover.setdefault(number, []).append(i)
    found: dict[tuple[tuple[str, int], ...], tuple[int, ...]] = {}
    if shape in (None, SINGLE) and size in (None, 1):
        for i, key in enumerate(keys):
            found.setdefault((key,), (i,))
    if shape in (None, SET):
        for number in range(1, d.DRAGONESS_NUMBER):
            seats = cover.get(number)
            if not seats:
                continue
            for k in range(2, min(5, len(seats)) + 1) if size is None else (size,):
                for combo in itertools.combinations(seats, k):  # places in order: the cards in order
                    found.setdefault(tuple([keys[i] for i in combo]), combo)
    if shape in (None, RUN):
        for k in range(3, 6) if size is None else (size,):
            for low in range(1, d.DRAGONESS_NUMBER - k + 2):
                lists = [cover.get(n, []) for n in range(low, low + k)]
                if not all(lists):
                    continue
                for pick in itertools.product(*lists):
                    if len(set(pick)) == k:
                        places = tuple(sorted(pick))
                        found.setdefault(tuple([keys[i] for i in places]), places)
    return [tuple([playable[i] for i in found[key]]) for key in sorted(found)]


def _first(keyed: tuple[tuple[str, int], d.Card, tuple[int, ...]]) -> tuple[str, int]:
    return keyed[0]


class Hands:
    """The groups each hand could play (:func:`groups`), kept while the hand and the pile's type and size
    stay the same (a seat that passes asks again with the same hand)."""

    def __init__(self, deck: d.Deck) -> None:
        self.deck = deck
        self._groups: dict[tuple[Any, ...], list[tuple[d.Card, ...]]] = {}
        self._readings: dict[tuple[d.Card, ...], list[d.Pattern]] = {}

    def clear(self) -> None:
        self._groups.clear()
        self._readings.clear()

    def plays(self, state: d.State, hand: list[d.Card]) -> list[tuple[tuple[d.Card, ...], d.Pattern]]:
        """The groups of ``hand`` the engine takes on the pile now (D-6 .. D-9), each with the reading the
        engine takes when no wild number is named (the strongest that fits, D-5)."""
        top = state.top
        key = (tuple(hand), None if top is None else (top.shape, top.size))
        options = self._groups.get(key)
        if options is None:
            if len(self._groups) > KEPT:  # a bound: a lookahead asks of many hands
                self.clear()
            deck = self.deck
            options = groups(deck, hand) if top is None else groups(deck, hand, top.shape, top.size)
            self._groups[key] = options
        must = state.must_contain
        readings = self._readings
        out = []
        if top is not None:  # the first reading of the pile's type and size, stronger (D-7) or weaker (D-9)
            shape, size, high, weaker = top.shape, top.size, top.high, state.phase is d.Phase.REVIVED
        for group in options:
            if must is not None and must not in group:
                continue
            found = readings.get(group)
            if found is None:
                found = readings[group] = d.patterns(self.deck, group)
            if top is None:  # a lead: any reading fits, the strongest is the one the engine takes
                if found:
                    out.append((group, found[0]))
                continue
            for pattern in found:
                if (
                    pattern.shape is shape
                    and len(pattern.values) == size
                    and ((high > pattern.high) if weaker else (pattern.high > high))
                ):
                    out.append((group, pattern))
                    break
        return out


def _gain(state: d.State, highs: dict[tuple[d.Card, ...], d.Value], move: Any) -> tuple[int, int, int]:
    """The greedy value of a move: the cards it takes out of the hand (a Revive with the pattern that
    must follow it), then the weaker its highest card the better (D-3)."""
    if isinstance(move, d.PlayCards):
        high = highs[move.cards]
        return len(move.cards), -high[0], -high[1]
    if isinstance(move, d.Revive):
        assert state.top is not None
        return state.top.size + 1, 0, 0
    return 0, 0, 0


def _lowest(deck: d.Deck, card: d.Card) -> d.Value:
    """How low a dragon card is, as the opening names the lowest (D-6)."""
    return deck.profile(card, True)[1][0]


class Dragoness:
    """A Reign of Dragoness table: the state, each seat's real hand this round, the table's cards to deal
    each round (D-2) and ``only``, a seat whose hand holds only Revive cards now (D-10)."""

    def __init__(
        self,
        state: d.State,
        hands: list[list[d.Card]],
        pool: list[d.Card],
        table: Hands,
        only: int | None = None,
    ) -> None:
        self.state = state
        self.hands = hands
        self.pool = pool
        self.table = table
        self.only = only
        self.revive = d.Card(state.setup.deck.special(d.Kind.REVIVE).code)

    @classmethod
    def deal(cls, deck: d.Deck, players: int, rng: random.Random) -> Dragoness:
        """A new game: the table's cards (D-2), dealt anew at each round's opening."""
        setup = d.make_setup(NAMES[:players], None, deck)
        return cls(d.new_state(setup), [], sorted(Counter(setup.cards).elements()), Hands(deck))

    def actor(self) -> int | None:
        return None if self.state.phase is d.Phase.OPENING or self.only is not None else self.state.turn

    def table_move(self, rng: random.Random) -> Any:
        if self.only is not None:
            return d.OnlyRevives(self.only)
        self.table.clear()  # a new round: thirteen cards to each seat from the table's shuffled cards (D-2)
        pool, deck = self.pool, self.state.setup.deck
        rng.shuffle(pool)
        self.hands = [pool[seat * d.HAND : (seat + 1) * d.HAND] for seat in range(len(self.state.setup.players))]
        lowest = min(
            (_lowest(deck, c), seat, c)
            for seat, hand in enumerate(self.hands)
            for c in hand
            if deck.kind(c) is d.Kind.DRAGON
        )
        return d.Opening(lowest[1], lowest[2])

    def _options(self) -> tuple[list[Any], dict[tuple[d.Card, ...], d.Value]]:
        """The seat's moves (its plays, then a pass and a Revive where the rules leave them) and the
        highest card of each play."""
        state = self.state
        seat = state.turn
        hand = self.hands[seat]
        plays = self.table.plays(state, hand)
        moves: list[Any] = [d.PlayCards(seat, g) for g, _ in plays]
        if state.phase is d.Phase.FOLLOW:
            moves.append(d.Pass(seat))
            if self._can_revive(state, hand):
                moves.append(d.Revive(seat))
        return moves, {g: p.high for g, p in plays}

    def _can_revive(self, state: d.State, hand: list[d.Card]) -> bool:
        """The seat on turn holds a Revive the rules leave it (D-9) and can then play the weaker pattern."""
        if self.revive not in hand or d.revive_refusal(state) is not None:
            return False
        rest = list(hand)
        rest.remove(self.revive)
        return bool(self.table.plays(d.apply(state, d.Revive(state.turn))[0], rest))

    def moves(self) -> list[Any]:
        """The greedy order, but a pass second (it is always weighed) and, to lead, the weakest pattern
        of each type and size first: the leads a player weighs are of different kinds."""
        moves, highs = self._options()
        ordered = sorted(moves, key=functools.partial(_gain, self.state, highs), reverse=True)
        if isinstance(ordered[-1], d.Pass) and len(ordered) > 2:  # a pass is always among the first two weighed
            ordered.insert(1, ordered.pop())
        if self.state.phase is d.Phase.LEAD:
            kinds: dict[tuple[int, int], Any] = {}
            for move in ordered:  # the greedy order: the weakest of each size first
                if isinstance(move, d.PlayCards):
                    kinds.setdefault((len(move.cards), self._shape(move)), move)
            first = list(kinds.values())
            ordered = first + [m for m in ordered if m not in first]
        return ordered

    def _shape(self, move: d.PlayCards) -> int:
        readings = self.table._readings.get(move.cards) or d.patterns(self.state.setup.deck, move.cards)
        return 0 if not readings else list(d.Shape).index(readings[0].shape)

    def greedy(self, rng: random.Random) -> Any:
        """``common.best`` of :meth:`_options` by :func:`_gain`, without making every move: a Revive the
        rules leave the seat outgains any follow (one card more than the pile's), a pass gains nothing,
        so only the plays are weighed when there is no Revive, and a pass is chosen only without them."""
        state = self.state
        seat = state.turn
        hand = self.hands[seat]
        plays = self.table.plays(state, hand)
        if state.phase is d.Phase.FOLLOW:
            if self._can_revive(state, hand):
                return d.Revive(seat)
            if not plays:
                return d.Pass(seat)
        top: tuple[int, int, int] | None = None
        chosen: list[tuple[d.Card, ...]] = []
        for group, pattern in plays:  # the most cards, then the weakest highest card (_gain)
            high = pattern.high
            key = (len(group), -high[0], -high[1])
            if top is None or key > top:
                top, chosen = key, [group]
            elif key == top:
                chosen.append(group)
        return d.PlayCards(seat, chosen[0] if len(chosen) == 1 else rng.choice(chosen))

    def random(self, rng: random.Random) -> Any:
        return rng.choice(self._options()[0])

    def step(self, action: Any) -> None:
        if isinstance(action, d.OnlyRevives):
            self.hands[action.player] = []
        elif not isinstance(action, d.Opening):
            hand = self.hands[action.player]
            if isinstance(action, d.PlayCards):
                for card in action.cards:
                    hand.remove(card)
            elif isinstance(action, d.Revive):
                hand.remove(self.revive)
            if hand and all(c == self.revive for c in hand):
                self.only = action.player
        self.state = d.apply(self.state, action)[0]
        if isinstance(action, d.OnlyRevives) or self.state.phase is d.Phase.OPENING:
            self.only = None

    def done(self) -> bool:
        return d.finished(self.state)

    def copy(self) -> Dragoness:
        return Dragoness(self.state, [list(hand) for hand in self.hands], self.pool, self.table, self.only)

    def view(self, seat: int) -> DragonessView:
        return DragonessView(self.state, seat, tuple(self.hands[seat]), self.only)

    def mark(self) -> int:
        return len(self.state.results)  # a lookahead plays to the round's end

    def value(self, seat: int) -> float:
        """The round's points (D-10), and a tenth of a point for each card fewer than the others hold on
        average (a closer second place is worth a little more)."""
        result = self.state.results[-1]
        others = [n for s, n in enumerate(result.left) if s != seat]
        return result.points[seat] + 0.1 * (sum(others) / max(1, len(others)) - result.left[seat])


class DragonessView:
    """What one seat of a Reign of Dragoness table knows: the engine's state (the cards played this
    round, the pile, who passed, the opening card, each hand's count) and its own hand."""

    def __init__(self, state: d.State, seat: int, hand: tuple[d.Card, ...], only: int | None) -> None:
        self.state = state
        self.seat = seat
        self.hand = hand
        self.only = only
        self.table = Hands(state.setup.deck)  # shared by the worlds of one choice

    def moves(self) -> list[Any]:
        hands: list[list[d.Card]] = [
            list(self.hand) if s == self.seat else [] for s in range(len(self.state.hand_counts))
        ]
        return Dragoness(self.state, hands, [], self.table, self.only).moves()

    @functools.cached_property
    def _unseen(self) -> tuple[d.Card, int | None, list[d.Card]]:
        """The Revive card, the seat holding the opening card unseen (None: none) and the cards this
        seat has not seen that another seat may hold, in order: the same for every world of a choice,
        so worked out once."""
        state = self.state
        deck = state.setup.deck
        revive = d.Card(deck.special(d.Kind.REVIVE).code)
        unseen = Counter(state.setup.cards) - Counter(state.played) - Counter(self.hand)
        opener = None
        if state.must_contain is not None and state.must_contain not in self.hand:
            opener = state.turn  # the opening card is in the opener's hand until the first lead (D-6)
            unseen[state.must_contain] -= 1
        floor = None if state.opening is None else _lowest(deck, state.opening)
        # no seat was dealt a dragon lower than the opening card (D-6): those are among the cards unused
        pool = [
            c
            for c in sorted(unseen.elements())
            if floor is None or deck.kind(c) is not d.Kind.DRAGON or _lowest(deck, c) >= floor
        ]
        return revive, opener, pool

    def world(self, rng: random.Random) -> Dragoness:
        state = self.state
        revive, opener, unseen = self._unseen
        pool = list(unseen)  # a copy, dealt from below
        rng.shuffle(pool)
        hands: list[list[d.Card]] = []
        for seat, count in enumerate(state.hand_counts):
            if seat == self.seat:
                hands.append(list(self.hand))
                continue
            hand = [state.must_contain] if seat == opener and state.must_contain is not None else []
            need = count - len(hand)
            hand += pool[:need]
            del pool[:need]
            if hand and all(c == revive for c in hand):  # it would have been shown already (D-10)
                other = next((i for i, c in enumerate(pool) if c != revive), None)
                if other is not None:
                    hand[0], pool[other] = pool[other], hand[0]
            hands.append(hand)
        return Dragoness(state, hands, [], self.table, self.only)


def play_dragoness(
    deck: d.Deck, players: int, rng: random.Random, policy: str | tuple[str, ...], watch: Watch = None
) -> tuple[d.Setup, list[Any], d.State]:
    """One whole game of Reign of Dragoness, five rounds: the setup, the actions and the end state;
    ``policy`` one for every seat or one a seat; ``watch`` sees the state after each action."""
    table = Dragoness.deal(deck, players, rng)
    setup = table.state.setup
    actions = play(table, policy_seats(policy, players), rng, watch)
    return setup, actions, table.state

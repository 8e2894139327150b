"""Simulated Reign of Dragoness tables (D-1 .. D-11): each round a real shuffled deck for the table
(D-2), thirteen cards to each seat; the holder of the lowest card opens (D-6), and each seat chooses
among the patterns of the hand it really holds that the engine takes now (``readings``, D-4 .. D-9):
a lead, a follow, a pass, or a Revive when its hand can then play the weaker pattern D-9 asks for. A
hand left with only Revive cards is shown at once (D-10).

``greedy`` is the best immediate gain: the most cards out of the hand (a Revive and the pattern after
it count together), then the weakest highest card (the strong ones kept); it passes only when it has
nothing to play. ``random`` draws any of the moves, a pass among them.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from typing import Any

from companion.rules import dragoness as d
from companion.simulate.common import LONGEST, NAMES, Watch, best

SINGLE, SET, RUN = d.Shape.SINGLE, d.Shape.SET, d.Shape.RUN


def _numbers(deck: d.Deck, card: d.Card) -> range | tuple[int, ...]:
    """The numbers ``card`` may stand for in a group of two or more (D-3, D-5)."""
    kind = deck.kind(card)
    if kind is d.Kind.DRAGON:
        return (card.number,)
    if kind is d.Kind.DRAGONESS:
        return (d.DRAGONESS_NUMBER,)
    return d.WILD_RANGE.get(kind, ())


def groups(
    deck: d.Deck, hand: list[d.Card], shape: d.Shape | None = None, size: int | None = None
) -> list[tuple[d.Card, ...]]:
    """Every group of cards of ``hand`` that could read as a pattern (D-4, D-5): singles, sets of one
    number, runs of consecutive numbers; of ``shape`` and ``size`` only, when given. Each group once,
    its cards in order; whether the engine takes it now is asked of ``readings``."""
    playable = [c for c in hand if deck.kind(c) is not d.Kind.REVIVE]
    found: set[tuple[d.Card, ...]] = set()
    if shape in (None, SINGLE) and size in (None, 1):
        found.update((c,) for c in playable)
    cover: dict[int, list[int]] = {}
    for i, card in enumerate(playable):
        for number in _numbers(deck, card):
            cover.setdefault(number, []).append(i)
    if shape in (None, SET):
        for number in range(1, d.DRAGONESS_NUMBER):
            seats = cover.get(number, [])
            for k in range(2, min(5, len(seats)) + 1) if size is None else (size,):
                for combo in itertools.combinations(seats, k):
                    found.add(tuple(sorted(playable[i] for i in combo)))
    if shape in (None, RUN):
        for k in range(3, 6) if size is None else (size,):
            for low in range(1, d.DRAGONESS_NUMBER - k + 2):
                lists = [cover.get(n, []) for n in range(low, low + k)]
                if not all(lists):
                    continue
                for pick in itertools.product(*lists):
                    if len(set(pick)) == k:
                        found.add(tuple(sorted(playable[i] for i in pick)))
    return sorted(found)


def _fits(state: d.State, pattern: d.Pattern) -> bool:
    """Whether ``pattern`` may be played on the pile now: any pattern to lead; the pile's type and size,
    stronger to follow (D-7), weaker after a Revive (D-9). The engine's own ``readings`` says the same
    (a test holds them together); this asks it without the refusals' words."""
    top = state.top
    if top is None:
        return True
    if pattern.shape is not top.shape or pattern.size != top.size:
        return False
    if state.phase is d.Phase.REVIVED:
        return d.stronger(top.high, pattern.high)
    return d.stronger(pattern.high, top.high)


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
            deck = self.deck
            options = groups(deck, hand) if top is None else groups(deck, hand, top.shape, top.size)
            self._groups[key] = options
        must = state.must_contain
        readings = self._readings
        out = []
        for group in options:
            if must is not None and must not in group:
                continue
            found = readings.get(group)
            if found is None:
                found = readings[group] = d.patterns(self.deck, group)
            fitting = [p for p in found if _fits(state, p)]
            if fitting:
                out.append((group, fitting[0]))
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


def play_dragoness(
    deck: d.Deck, players: int, rng: random.Random, policy: str, watch: Watch = None
) -> tuple[d.Setup, list[Any], d.State]:
    """One whole game of Reign of Dragoness, five rounds: the setup, the actions and the end state;
    ``watch`` sees the state after each action."""
    setup = d.make_setup(NAMES[:players], None, deck)
    state = d.new_state(setup)
    pool = sorted(Counter(setup.cards).elements())
    revive = d.Card(deck.special(d.Kind.REVIVE).code)
    greedy = policy == "greedy"
    hands: list[list[d.Card]] = []
    actions: list[Any] = []
    only: int | None = None  # a seat whose hand holds only Revive cards now
    table = Hands(deck)
    while not d.finished(state):
        if len(actions) > LONGEST:
            raise AssertionError(f"a simulated Reign of Dragoness game ran past {LONGEST} actions")
        action: Any
        phase = state.phase
        if phase is d.Phase.OPENING:
            table.clear()
            rng.shuffle(pool)
            hands = [pool[seat * d.HAND : (seat + 1) * d.HAND] for seat in range(players)]
            lowest = min(
                (deck.profile(c, True)[1][0], seat, c)
                for seat, hand in enumerate(hands)
                for c in hand
                if deck.kind(c) is d.Kind.DRAGON
            )
            action = d.Opening(lowest[1], lowest[2])
        elif only is not None:
            action = d.OnlyRevives(only)
            hands[only] = []
        else:
            seat = state.turn
            hand = hands[seat]
            plays = table.plays(state, hand)
            moves: list[Any] = [d.PlayCards(seat, g) for g, _ in plays]
            highs = {g: p.high for g, p in plays}
            if phase is d.Phase.FOLLOW:
                moves.append(d.Pass(seat))
                if revive in hand and d.revive_refusal(state) is None:
                    after = d.apply(state, d.Revive(seat))[0]
                    rest = list(hand)
                    rest.remove(revive)
                    if table.plays(after, rest):
                        moves.append(d.Revive(seat))
            action = best(moves, functools.partial(_gain, state, highs), rng) if greedy else rng.choice(moves)
            if isinstance(action, d.PlayCards):
                for card in action.cards:
                    hand.remove(card)
            elif isinstance(action, d.Revive):
                hand.remove(revive)
            if hand and all(c == revive for c in hand):
                only = seat
        state = d.apply(state, action)[0]
        actions.append(action)
        if isinstance(action, d.OnlyRevives) or state.phase is d.Phase.OPENING:
            only = None
        if watch is not None:
            watch(state)
    return setup, actions, state

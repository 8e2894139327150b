"""The simulated tables' fast paths (issue 29.6) choose as the slow paths they replaced: each is
compared here with the plain form of the same choice (kept in this file as it was written before) on
many positions drawn from seeded games, so a speed-up can never change a game."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.simulate import dragoness as sd
from companion.simulate import fortress as sf
from companion.simulate import homalet as sh
from companion.simulate.common import best

FORTRESS = f.Deck.from_data(load_deck_data("fortress"))
DRAGONESS = d.Deck.from_data(load_deck_data("dragoness"))
HOMALET = h.Deck.from_data(load_deck_data("homalet"))


def _fortress_positions(games: int, seed: int) -> Iterator[sf.Fortress]:
    """Every position of ``games`` Fortress games of 3 to 5 random seats, as copies of the table."""
    rng = random.Random(seed)
    for _ in range(games):
        table = sf.Fortress.deal(FORTRESS, rng.choice((3, 4, 5)), rng)
        while not table.done():
            yield table.copy()
            seat = table.actor()
            table.step(table.table_move(rng) if seat is None else table.random(rng))


def _slow_greedy_place(state: f.State, hand: list[f.Card], rng: random.Random) -> f.Place:
    """The greedy placement as first written: ``f.capture_count`` of every card, spot and mode."""
    player = state.turn
    spots = state.usable_spots()
    grid = state.grid
    best, options = 0, []
    for spot in spots:
        a_cell, b_cell = f.spot_cells(spot)
        a, b = grid[a_cell], grid[b_cell]
        assert a is not None
        for card in hand:
            for mode in (f.Mode.NUMBER, f.Mode.SUIT):
                count = f.capture_count(card, a, b, mode)
                if count > best:
                    best, options = count, [(card, spot, mode)]
                elif count == best:
                    options.append((card, spot, mode))
    card, spot, mode = rng.choice(options)
    return f.Place(player, card, spot, mode)


@pytest.mark.parametrize("seed", range(4))
def test_fortress_greedy_placement_is_the_slow_one(seed: int) -> None:
    checked = 0
    for table in _fortress_positions(4, seed):
        state = table.state
        if state.phase is not f.Phase.PLACE:
            continue
        hands = [table.hands[state.turn]]
        sub = random.Random(checked)  # smaller hands too: one card, a few, every suit or none alike
        hands += [sub.sample(hands[0], k) for k in range(1, len(hands[0]))]
        for hand in hands:
            fast, slow = random.Random(checked), random.Random(checked)
            assert sf._place(state, hand, fast, True) == _slow_greedy_place(state, hand, slow)
            assert fast.getstate() == slow.getstate()  # the same draws: the games go on the same
            checked += 1
    assert checked > 500


def _slow_score(heights: list[int], hand: Any) -> int:
    points = f.points(f.heights_after(heights, f.best_pair(heights)))[2]
    return points - sum(f.penalty(tuple(hand)).values()) if hand else points


def _slow_greedy_build(state: f.State) -> f.Build:
    """The greedy build as first written: each legal place's fortress built in full and scored."""
    card = state.pending[0]
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    legal = [where for where in f.Where if f.fits(ranks, card.rank, where, state.setup.deck.ranks)]
    columns, known = state.fortresses[state.turn], state.known_hands[state.turn]
    best: tuple[int, bool] | None = None
    choice = legal[0]
    for where in legal:
        if where is f.Where.HAND:
            key = (_slow_score([len(c) for c in columns], [*known, card]), False)
        else:
            key = (_slow_score([len(c) for c in f.build(columns, card, where)], known), True)
        if best is None or key > best:
            best, choice = key, where
    return f.Build(card, choice)


@pytest.mark.parametrize("seed", range(4))
def test_fortress_greedy_build_is_the_slow_one(seed: int) -> None:
    checked = 0
    for table in _fortress_positions(4, seed):
        state = table.state
        if state.phase is f.Phase.BUILD:
            rng = random.Random(checked)
            assert sf._build(state, rng, True) == _slow_greedy_build(state)
            assert rng.getstate() == random.Random(checked).getstate()  # no draw: nothing is left to luck
            checked += 1
    assert checked > 200


def _dragoness_positions(games: int, seed: int) -> Iterator[sd.Dragoness]:
    """Every position where a seat chooses in ``games`` Reign of Dragoness games of 2 to 8 seats, half
    of them random and half greedy, as copies of the table."""
    rng = random.Random(seed)
    for number in range(games):
        table = sd.Dragoness.deal(DRAGONESS, rng.randint(2, 8), rng)
        while not table.done():
            seat = table.actor()
            if seat is not None:
                yield table.copy()
            choose = table.random if number % 2 else table.greedy
            table.step(table.table_move(rng) if seat is None else choose(rng))


def _fits(state: d.State, pattern: d.Pattern) -> bool:
    """Whether ``pattern`` may be played on the pile now: any pattern to lead; the pile's type and size,
    stronger to follow (D-7), weaker after a Revive (D-9). The engine's own ``readings`` says the same
    (test_simulate_dragoness holds Hands.plays to them); the table's check as first written."""
    top = state.top
    if top is None:
        return True
    if pattern.shape is not top.shape or pattern.size != top.size:
        return False
    if state.phase is d.Phase.REVIVED:
        return d.stronger(top.high, pattern.high)
    return d.stronger(pattern.high, top.high)


def _slow_groups(
    deck: d.Deck, hand: list[d.Card], shape: d.Shape | None = None, size: int | None = None
) -> list[tuple[d.Card, ...]]:
    """``groups`` as first written: the groups as sets of card tuples, each sorted by the cards' own
    order, then all sorted."""
    playable = [c for c in hand if deck.kind(c) is not d.Kind.REVIVE]
    found: set[tuple[d.Card, ...]] = set()
    if shape in (None, d.Shape.SINGLE) and size in (None, 1):
        found.update((c,) for c in playable)
    cover: dict[int, list[int]] = {}
    for i, card in enumerate(playable):
        for number in sd._numbers(deck, card):
            cover.setdefault(number, []).append(i)
    if shape in (None, d.Shape.SET):
        for number in range(1, d.DRAGONESS_NUMBER):
            seats = cover.get(number, [])
            for k in range(2, min(5, len(seats)) + 1) if size is None else (size,):
                for combo in itertools.combinations(seats, k):
                    found.add(tuple(sorted(playable[i] for i in combo)))
    if shape in (None, d.Shape.RUN):
        for k in range(3, 6) if size is None else (size,):
            for low in range(1, d.DRAGONESS_NUMBER - k + 2):
                lists = [cover.get(n, []) for n in range(low, low + k)]
                if not all(lists):
                    continue
                for pick in itertools.product(*lists):
                    if len(set(pick)) == k:
                        found.add(tuple(sorted(playable[i] for i in pick)))
    return sorted(found)


ASKED = [
    (None, None),
    (d.Shape.SINGLE, 1),
    *((d.Shape.SET, k) for k in range(2, 6)),
    *((d.Shape.RUN, k) for k in range(3, 6)),
]


@pytest.mark.parametrize("seed", range(2))
def test_dragoness_groups_are_the_slow_ones(seed: int) -> None:
    """D-4, D-5: the groups that could read as a pattern (singles, sets, runs, the wild cards standing
    for their numbers) of every hand a seat chooses from in seeded games, and of hands dealt at random
    from the whole deck (two or more of a special card among them), asked for every type and size."""
    rng = random.Random(seed)
    box = list(sd.Dragoness.deal(DRAGONESS, 8, rng).pool)  # the cards of an eight-player table
    hands = [list(table.hands[table.state.turn]) for table in _dragoness_positions(2, seed)]
    specials = sorted({card for card in box if DRAGONESS.kind(card) is not d.Kind.DRAGON})
    for _ in range(300):  # half of them with two of one special card (the deck holds several of each)
        hand = rng.sample(box, rng.randint(0, 14))
        hands.append(hand + [rng.choice(specials)] * 2 if rng.random() < 0.5 else hand)
    twins = 0
    for hand in hands:
        twins += len(set(hand)) < len(hand)
        for shape, size in ASKED:
            assert sd.groups(DRAGONESS, hand, shape, size) == _slow_groups(DRAGONESS, hand, shape, size), (hand, shape)
    assert len(hands) > 400 and twins > 100


def _slow_plays(table: sd.Hands, state: d.State, hand: list[d.Card]) -> list[tuple[tuple[d.Card, ...], d.Pattern]]:
    """Hands.plays as first written: every group's readings, each asked :func:`_fits`."""
    top = state.top
    options = sd.groups(DRAGONESS, hand) if top is None else sd.groups(DRAGONESS, hand, top.shape, top.size)
    out = []
    for group in options:
        if state.must_contain is not None and state.must_contain not in group:
            continue
        fitting = [p for p in d.patterns(DRAGONESS, group) if _fits(state, p)]
        if fitting:
            out.append((group, fitting[0]))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_dragoness_greedy_choice_and_plays_are_the_slow_ones(seed: int) -> None:
    checked = revived = 0
    for table in _dragoness_positions(4, seed):
        state, hand = table.state, table.hands[table.state.turn]
        assert table.table.plays(state, hand) == _slow_plays(table.table, state, hand)
        moves, highs = table._options()  # the greedy choice as first written: best of every move by _gain
        fast, slow = random.Random(checked), random.Random(checked)
        assert table.greedy(fast) == best(moves, functools.partial(sd._gain, state, highs), slow)
        assert fast.getstate() == slow.getstate()  # the same draws: the games go on the same
        checked += 1
        revived += any(isinstance(m, d.Revive) for m in moves)
    assert checked > 300 and revived > 0


def test_a_patterns_highest_card_is_found_once_and_is_the_highest() -> None:
    for table in _dragoness_positions(2, 9):
        for _, pattern in table.table.plays(table.state, table.hands[table.state.turn]):
            assert pattern.high == max(pattern.values) and pattern.high is pattern.high


def _homalet_positions(games: int, seed: int) -> Iterator[sh.Homalet]:
    """Every position of ``games`` HOMALET games of 3 to 7 seats, half random and half greedy."""
    rng = random.Random(seed)
    for number in range(games):
        table = sh.Homalet.deal(HOMALET, rng.randint(3, 7), rng)
        while not table.done():
            yield table.copy()
            seat = table.actor()
            choose = table.random if number % 2 else table.greedy
            table.step(table.table_move(rng) if seat is None else choose(rng))


def _slow_play_gain(state: h.State) -> Any:
    """The greedy value of a play as first written: the battlefield's winning colour found anew for
    each play, every pile scored by ``h.score`` with its words."""
    deck = state.setup.deck
    pile = state.piles[state.turn]

    def points(cards: tuple[int, ...]) -> int:
        return h.score(cards, deck).score

    def winning_colour(extra: int) -> str:
        counts: dict[str, list[int]] = {}
        for _, card, where in state.played:
            if where is h.Field.BATTLE:
                counts.setdefault(deck.colour_of[card], []).append(card)
        counts.setdefault(deck.colour_of[extra], []).append(extra)
        return max(counts, key=lambda key: (len(counts[key]), max(counts[key])))

    on_field = [card for _, card, where in state.played if where is h.Field.BATTLE]

    def gain(option: sh.Option) -> int:
        card, where, _ = option
        if where is not h.Field.BATTLE or deck.colour_of[card] != winning_colour(card):
            return 0
        return max(points((*pile, c)) - points(pile) for c in (*on_field, card))

    return gain


@pytest.mark.parametrize("seed", range(3))
def test_homalet_play_gains_are_the_slow_ones(seed: int) -> None:
    checked = 0
    springs = sh.spring_cards(HOMALET)
    for table in _homalet_positions(4, seed):
        state = table.state
        if state.phase is not h.Phase.PLAY:
            continue
        options = sh._options(state, list(range(len(HOMALET.colour_of))))  # every card: every colour weighed
        fast, slow = sh._play_gain(state, springs), _slow_play_gain(state)
        assert [fast(o) for o in options] == [slow(o) for o in options]
        checked += 1
    assert checked > 100


def test_homalet_totals_are_the_scores_without_words() -> None:
    rng = random.Random(29)
    cards = list(range(len(HOMALET.colour_of)))
    for size in [*range(0, 12), *range(12, len(cards) + 1, 7)]:
        for _ in range(40):
            pile = rng.sample(cards, size)
            assert h.total(pile, HOMALET) == h.score(pile, HOMALET).score

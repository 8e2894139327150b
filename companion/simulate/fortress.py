"""Simulated Six-Suit Fortress tables (F-1 .. F-14): a real shuffled deck, each seat choosing among
the engine's own legal moves for the hand it really holds.

``greedy`` places the card that captures the most (F-5, F-6) and builds where the score as it stands
is highest (F-11, F-14). A lookahead seat (``companion.simulate.lookahead``) asks :class:`Fortress`
the same questions with a hand dealt at random to the other seats from the cards it has not seen."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import fortress as f
from companion.simulate.common import NAMES, Watch, deal_unseen
from companion.simulate.policies import policy_seats
from companion.simulate.table import play, win_value

SPOT_CELLS = {spot: f.spot_cells(spot) for spot in f.SPOTS}
MODES = (f.Mode.NUMBER, f.Mode.SUIT)
_ANY = 1 << 30  # a rank above any deck's
WORTH = 10  # points: a margin this wide counts as half a win (win_value)


def _place(state: f.State, hand: list[f.Card], rng: random.Random, greedy: bool) -> f.Place:
    """The active seat's placement: any card of its hand at any usable spot, by number or suit
    (F-4 .. F-7); greedy takes the most cards it can (ties drawn at random, :func:`greedy_places`)."""
    player = state.turn
    spots = state.usable_spots()
    if not greedy:
        return f.Place(player, rng.choice(hand), rng.choice(spots), rng.choice(MODES))
    card, spot, mode = rng.choice(greedy_places(state.grid, spots, hand))
    return f.Place(player, card, spot, mode)


def greedy_places(
    grid: dict[str, f.Card | None], spots: list[str], hand: list[f.Card]
) -> list[tuple[f.Card, str, f.Mode]]:
    """Every placement (card, spot, mode) that captures the most cards (F-5 .. F-7), spot by spot, then
    card by card in the hand's order, number before suit: ``f.capture_count`` asked of each, without
    asking it of the spots that cannot reach the most (the best count a spot allows is known from the
    hand's highest rank and its suits alone)."""
    top_rank = max(card.rank for card in hand)
    suits = {card.suit for card in hand}
    reach: list[tuple[str, f.Card, f.Card | None, int]] = []
    best = 0
    for spot in spots:
        a_cell, b_cell = SPOT_CELLS[spot]
        a, b = grid[a_cell], grid[b_cell]
        assert a is not None
        # F-5: the highest rank captures the most by number; F-6: a card of a's suit the most by suit
        if top_rank < a.rank:
            most = 1
        elif b is not None and top_rank >= a.rank + b.rank:
            most = 3
        else:
            most = 2
        if most < 3 and a.suit in suits:
            most = 3 if b is not None and b.suit == a.suit else max(most, 2)
        reach.append((spot, a, b, most))
        if most > best:
            best = most
    options: list[tuple[f.Card, str, f.Mode]] = []
    number, suit = f.Mode.NUMBER, f.Mode.SUIT
    for spot, a, b, most in reach:
        if most != best:
            continue
        # the ranks that capture ``best`` by number: [low, high) (F-5); the cards that capture ``best``
        # by suit: those of a's suit (same True) or of another (same False), or none (None) (F-6)
        a_rank, a_suit = a.rank, a.suit
        both = a_rank + b.rank if b is not None else None
        matched = b is not None and b.suit == a_suit
        same: bool | None
        if best == 1:
            low, high, same = 0, a_rank, False
        elif best == 2:
            low, high, same = a_rank, both if both is not None else _ANY, None if matched else True
        else:
            low, high, same = both if both is not None else _ANY, _ANY, True if matched else None
        for card in hand:
            if low <= card.rank < high:
                options.append((card, spot, number))
            if same is not None and (card.suit == a_suit) is same:
                options.append((card, spot, suit))
    return options


def _legal(state: f.State) -> list[f.Where]:
    """Where the first captured card may go (F-8, F-11), in build_options' order."""
    card = state.pending[0]  # the first captured card, as build_options offers it
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    top = state.setup.deck.ranks
    return [where for where in f.Where if f.fits(ranks, card.rank, where, top)]


_known: dict[tuple[int, ...], int] = {}  # column heights -> points with the best face-down pair


def _points(heights: list[int]) -> int:
    """The fortress's points with its best face-down pair (F-13, F-14), remembered: the same heights
    come again and again."""
    key = tuple(heights)
    value = _known.get(key)
    if value is None:
        if len(_known) > 100_000:  # a bound: memory stays flat however many games
            _known.clear()
        value = _known[key] = f.points(f.heights_after(heights, f.best_pair(heights)))[2]
    return value


def _build(state: f.State, rng: random.Random, greedy: bool) -> f.Build:
    """Where the first captured card goes (F-8, F-11): any legal place; greedy the one that leaves the
    seat's score highest (:func:`greedy_where`), a place in the fortress before the hand on a tie."""
    card = state.pending[0]
    legal = _legal(state)
    if not greedy:
        return f.Build(card, rng.choice(legal))
    return f.Build(card, greedy_where(state.fortresses[state.turn], state.known_hands[state.turn], card, legal))


def greedy_where(columns: list[list[f.Card]], known: Any, card: f.Card, legal: list[f.Where]) -> f.Where:
    """The legal place for ``card`` that leaves the seat's score highest: F-14 as it stands
    (``companion.analysis.playtest.Running``), the fortress with its best face-down pair (F-13) less
    the penalty of the cards seen going into the hand; the first in ``legal``'s order among those that
    score alike, a place in the fortress before the hand. Only the fortress's heights after the card
    goes there (``f.build``) are worked out, and the known hand's penalty once."""
    heights = [len(c) for c in columns]
    kept = sum(f.penalty(tuple(known)).values()) if known else 0
    best: tuple[int, bool] | None = None
    choice = legal[0]
    for where in legal:
        if where is f.Where.HAND:
            key = (_points(heights) - sum(f.penalty((*known, card)).values()), False)
        else:
            if where is f.Where.RIGHT:
                after = [*heights, 1]
            elif where is f.Where.LEFT:
                after = [1, *heights]
            else:
                after = list(heights)
                after[-1 if where is f.Where.ON_RIGHT else 0] += 1
            key = (_points(after) - kept, True)
        if best is None or key > best:
            best, choice = key, where
    return choice


def _placements(state: f.State, hand: list[f.Card]) -> list[f.Place]:
    """Every placement of a card of ``hand`` (F-4 .. F-7), one for each card and set of cells it empties
    (two spots that capture the same cards leave the same table); first those that capture the most
    cards the fortress can take (F-11), then the most cards."""
    player = state.turn
    grid = state.grid
    ranks = [c[0].rank for c in state.fortresses[player]]
    top = state.setup.deck.ranks
    seen: dict[tuple[f.Card, str, str | None], tuple[tuple[int, int], f.Place]] = {}
    for spot in state.usable_spots():
        a_cell, b_cell = SPOT_CELLS[spot]
        a, b = grid[a_cell], grid[b_cell]
        assert a is not None
        for card in hand:
            for mode in MODES:
                count = f.capture_count(card, a, b, mode)
                key = (card, a_cell if count >= 2 else "", b_cell if count == 3 else None)
                if key not in seen:
                    taken = (card, a, b)[:count]
                    fit = sum(1 for c in taken if c is not None and f.placements(ranks, c.rank, top))
                    seen[key] = ((fit, count), f.Place(player, card, spot, mode))
    return [place for _, place in sorted(seen.values(), key=lambda item: (-item[0][0], -item[0][1]))]


def _final(state: f.State, hands: list[list[f.Card]]) -> list[int]:
    """Each seat's F-14 score were the game scored now: its fortress with its best face-down pair (F-13),
    less the penalty of the hand it really holds."""
    out = []
    for seat, columns in enumerate(state.fortresses):
        points = _points([len(c) for c in columns])
        out.append(points - sum(f.penalty(tuple(hands[seat])).values()) if hands[seat] else points)
    return out


class Fortress:
    """A Six-Suit Fortress table: the state, each seat's real hand and the deck (the end of ``pile`` on top)."""

    def __init__(self, state: f.State, hands: list[list[f.Card]], pile: list[f.Card]) -> None:
        self.state = state
        self.hands = hands
        self.pile = pile

    @classmethod
    def deal(cls, deck: f.Deck, players: int, rng: random.Random) -> Fortress:
        """A new game: a random start seat, a shuffled deck, each seat's hand dealt from it (F-2)."""
        setup = f.make_setup(NAMES[:players], rng.randrange(players), deck)
        cards = deck.cards()
        rng.shuffle(cards)
        deal = setup.deal
        hands = [cards[seat * deal : (seat + 1) * deal] for seat in range(players)]
        return cls(f.new_state(setup), hands, cards[players * deal :])

    def actor(self) -> int | None:
        return self.state.turn if self.state.phase in (f.Phase.PLACE, f.Phase.BUILD) else None

    def table_move(self, rng: random.Random) -> Any:
        state = self.state
        if state.phase is f.Phase.REVEAL:
            cell = next(c for c, held in state.grid.items() if held is None)
            return f.Reveal(cell, self.pile[-1])
        seat = next((p for p, h in enumerate(state.final_hands) if h is None), None)
        if seat is not None:
            return f.FinalHand(seat, tuple(sorted(self.hands[seat])))
        seat = next(p for p, c in enumerate(state.pairs) if c == f.UNDECIDED)
        return f.ChoosePair(seat, f.best_pair([len(c) for c in state.fortresses[seat]]))

    def moves(self) -> list[Any]:
        state = self.state
        if state.phase is f.Phase.PLACE:
            return list(_placements(state, self.hands[state.turn]))
        card = state.pending[0]
        legal = _legal(state)
        # the greedy choice first, then the others in build_options' order
        first = _build(state, random.Random(0), True).where
        return [f.Build(card, first)] + [f.Build(card, w) for w in legal if w is not first]

    def greedy(self, rng: random.Random) -> Any:
        if self.state.phase is f.Phase.PLACE:
            return _place(self.state, self.hands[self.state.turn], rng, True)
        return _build(self.state, rng, True)

    def random(self, rng: random.Random) -> Any:
        if self.state.phase is f.Phase.PLACE:
            return _place(self.state, self.hands[self.state.turn], rng, False)
        return _build(self.state, rng, False)

    def step(self, action: Any) -> None:
        state = self.state
        if isinstance(action, f.Reveal):
            self.pile.pop()
        elif isinstance(action, f.Place):
            self.hands[state.turn].remove(action.card)
        elif isinstance(action, f.Build) and action.where is f.Where.HAND:
            self.hands[state.turn].append(action.card)
        self.state = f.apply(state, action)[0]

    def done(self) -> bool:
        return f.finished(self.state)

    def copy(self) -> Fortress:
        return Fortress(self.state, [list(h) for h in self.hands], list(self.pile))

    def view(self, seat: int) -> FortressView:
        return FortressView(self.state, seat, tuple(self.hands[seat]))

    def mark(self) -> int:
        return int(self.state.phase in (f.Phase.FINAL, f.Phase.OVER))  # the end: every score is known

    def value(self, seat: int) -> float:
        return win_value(_final(self.state, self.hands), seat, WORTH)


class FortressView:
    """What one seat of a Fortress table knows: the engine's state (the grid, every fortress, the cards
    seen going into a hand, how many each hand holds and the deck) and its own hand."""

    def __init__(self, state: f.State, seat: int, hand: tuple[f.Card, ...]) -> None:
        self.state = state
        self.seat = seat
        self.hand = hand

    def moves(self) -> list[Any]:
        return self._table(list(self.hand), [[] for _ in self.state.hand_counts], []).moves()

    def _table(self, hand: list[f.Card], others: list[list[f.Card]], pile: list[f.Card]) -> Fortress:
        hands = [hand if seat == self.seat else others[seat] for seat in range(len(others))]
        return Fortress(self.state, hands, pile)

    def world(self, rng: random.Random) -> Fortress:
        state = self.state
        hands, pool = deal_unseen(state.unseen(), self.hand, state.known_hands, state.hidden_counts(), self.seat, rng)
        return Fortress(state, hands, pool)  # what is left is the deck, in a random order


def play_fortress(
    deck: f.Deck, players: int, rng: random.Random, policy: str | tuple[str, ...], watch: Watch = None
) -> tuple[f.Setup, list[Any], f.State]:
    """One whole game of Six-Suit Fortress: the setup (a random start seat), the actions and the end state;
    ``policy`` one for every seat or one a seat; ``watch`` sees the state after each action."""
    table = Fortress.deal(deck, players, rng)
    setup = table.state.setup
    actions = play(table, policy_seats(policy, players), rng, watch)
    return setup, actions, table.state

"""Simulated HOMALET tables (H-1 .. H-12): a real shuffled deck of the table's cards (H-1), six to each
seat (H-3), each seat choosing among the moves the rules leave it for the hand it really holds.

The rules do not say what the summer, autumn and winter effects do (H-6); a simulated table reads them
as the example record does: summer, the player draws a card from the deck; autumn, the top card of the
deck goes into the player's score pile; winter, the player discards a card from hand.

``greedy`` is the best immediate gain on the score piles (H-11): a pick takes the battlefield card
that raises the picker's score most; a play goes where, were the round to end as it stands, the seat
would be among the battlefield's winners with the best pick; the rest (a wilderness set, the winter
discard) has no immediate gain and is drawn at random.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from companion.rules import homalet as h
from companion.simulate.common import NAMES, Watch, best, deal_unseen
from companion.simulate.policies import policy_seats
from companion.simulate.table import play, win_value

B, W = h.Field.BATTLE, h.Field.WILD
WORTH = 6  # points: a margin this wide counts as half a win (win_value)


Option = tuple[int, h.Field, bool]  # a play's card, field and void claim (made a Play once chosen)
_known: dict[tuple[frozenset[int], tuple[int, ...]], int] = {}  # (spring cards, pile) -> H-11 score


def points(pile: tuple[int, ...], deck: h.Deck, springs: frozenset[int]) -> int:
    """The H-11 score of ``pile`` (the engine's ``total``: its ``score`` without the words), remembered:
    a lookahead asks of the same piles again and again."""
    key = (springs, tuple(sorted(pile)))
    value = _known.get(key)
    if value is None:
        if len(_known) > 200_000:  # a bound: memory stays flat however many games
            _known.clear()
        value = _known[key] = h.total(pile, deck)
    return value


def spring_cards(deck: h.Deck) -> frozenset[int]:
    return frozenset(card for card, season in enumerate(deck.season_of) if season is h.Season.SPRING)


def _options(state: h.State, hand: list[int]) -> list[Option]:
    """The plays H-4 leaves the seat on turn: on each open field, a card of its lead colour if the
    hand holds one, else any card, claiming the void when the field has a lead."""
    colour_of = state.setup.deck.colour_of
    out = []
    for where in (B, W) if state.wilderness else (B,):
        lead = state.lead(where)
        follow = [c for c in hand if lead is None or colour_of[c] == lead]
        void = lead is not None and not follow
        out += [(card, where, void) for card in follow or hand]
    return out


def _play_gain(state: h.State, springs: frozenset[int]) -> Any:
    """The greedy value of each play (an :data:`Option`): the best pick the seat would have were the
    round to end now, 0 unless the card is laid on the battlefield in the colour that would then win it
    (H-5: the most cards, then the highest card; each colour's count and highest card made once)."""
    deck = state.setup.deck
    colour_of = deck.colour_of
    pile = state.piles[state.turn]
    now = points(pile, deck, springs)
    on_field = [card for _, card, where in state.played if where is B]
    gains = {card: points((*pile, card), deck, springs) - now for card in on_field}
    field_best = max(gains.values(), default=None)
    counts: dict[str, tuple[int, int]] = {}  # colour -> (cards on the battlefield, the highest)
    for card in on_field:
        count, high = counts.get(colour_of[card], (0, -1))
        counts[colour_of[card]] = (count + 1, max(high, card))
    ranked = sorted(((value, colour) for colour, value in counts.items()), reverse=True)[:2]

    def gain(option: Option) -> int:
        card, where, _ = option
        if where is not B:
            return 0
        colour = colour_of[card]
        count, high = counts.get(colour, (0, -1))
        mine = (count + 1, max(high, card))
        rival = next((value for value, other in ranked if other != colour), None)
        if rival is not None and rival > mine:  # another colour wins the battlefield (H-5)
            return 0
        if card not in gains:
            gains[card] = points((*pile, card), deck, springs) - now
        return gains[card] if field_best is None else max(field_best, gains[card])

    return gain


def _pick_gain(pile: tuple[int, ...], deck: h.Deck, springs: frozenset[int], card: int) -> int:
    """The score pile's H-11 score with ``card`` picked into it."""
    return points((*pile, card), deck, springs)


def _left(state: h.State) -> list[int]:
    """The battlefield cards still to pick (H-5)."""
    return [c for _, c, where in state.played if where is B and c not in state.battle_taken]


class Homalet:
    """A HOMALET table: the state, each seat's real hand and the deck (the end of ``stock`` on top);
    ``moved`` once the open season effect has moved its card."""

    def __init__(
        self,
        state: h.State,
        hands: list[list[int]],
        stock: list[int],
        moved: bool = False,
        springs: frozenset[int] | None = None,
    ) -> None:
        self.state = state
        self.hands = hands
        self.stock = stock
        self.moved = moved
        self.springs = spring_cards(state.setup.deck) if springs is None else springs

    @classmethod
    def deal(cls, deck: h.Deck, players: int, rng: random.Random) -> Homalet:
        """A new game: a random start seat, the table's cards shuffled (H-1), six to each seat (H-3)."""
        setup = h.make_setup(NAMES[:players], rng.randrange(players), deck)
        cards = list(setup.cards)
        rng.shuffle(cards)
        hands = [cards[seat * h.HAND : (seat + 1) * h.HAND] for seat in range(players)]
        return cls(h.new_state(setup), hands, cards[players * h.HAND :])

    def _winter(self) -> int | None:
        """The seat whose winter effect has it discard a card of its choice now (H-6), if any."""
        state = self.state
        if state.phase is h.Phase.EFFECT and not self.moved and state.effect is not None:
            player, season = state.effect
            if season is h.Season.WINTER and self.hands[player]:
                return player
        return None

    def actor(self) -> int | None:
        phase = self.state.phase
        if phase is h.Phase.PLAY:
            return self.state.turn
        if phase is h.Phase.PICK:
            return self.state.pickers[0]
        if phase is h.Phase.TAKE:
            return self.state.takers[0]
        return self._winter()

    def table_move(self, rng: random.Random) -> Any:
        state, stock = self.state, self.stock
        if state.phase is h.Phase.REFILL:
            return h.RevealSet(tuple(stock[-min(h.SET_SIZE, len(stock)) :]))
        assert state.effect is not None
        player, season = state.effect
        if self.moved:
            return h.EndEffect()
        if season is h.Season.SUMMER and stock:
            return h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, player)
        if season is h.Season.AUTUMN and stock:
            return h.Adjust(h.Zone.DECK, h.Zone.PILE, stock[-1], None, player)
        return h.EndEffect()

    def moves(self) -> list[Any]:
        state = self.state
        if state.phase is h.Phase.PLAY:
            options = _options(state, self.hands[state.turn])
            gain = _play_gain(state, self.springs)
            return [h.Play(state.turn, *option) for option in sorted(options, key=lambda option: -gain(option))]
        if state.phase is h.Phase.PICK:
            player = state.pickers[0]
            gains = functools.partial(_pick_gain, state.piles[player], state.setup.deck, self.springs)
            return [h.Pick(player, card) for card in sorted(_left(state), key=lambda c: -gains(c))]
        if state.phase is h.Phase.TAKE:
            return [h.TakeSet(state.takers[0], index) for index in range(len(state.wilderness))]
        holder = self._winter()
        assert holder is not None
        return [h.Adjust(h.Zone.HAND, h.Zone.DISCARD, card, holder, None) for card in self.hands[holder]]

    def _choose(self, rng: random.Random, greedy: bool) -> Any:
        state = self.state
        if state.phase is h.Phase.PLAY:
            options = _options(state, self.hands[state.turn])
            option = best(options, _play_gain(state, self.springs), rng) if greedy else rng.choice(options)
            return h.Play(state.turn, *option)
        if state.phase is h.Phase.PICK:
            player = state.pickers[0]
            left = _left(state)
            pick = functools.partial(_pick_gain, state.piles[player], state.setup.deck, self.springs)
            return h.Pick(player, best(left, pick, rng) if greedy else rng.choice(left))
        if state.phase is h.Phase.TAKE:
            return h.TakeSet(state.takers[0], rng.randrange(len(state.wilderness)))  # no immediate gain
        holder = self._winter()
        assert holder is not None
        return h.Adjust(h.Zone.HAND, h.Zone.DISCARD, rng.choice(self.hands[holder]), holder, None)

    def greedy(self, rng: random.Random) -> Any:
        return self._choose(rng, True)

    def random(self, rng: random.Random) -> Any:
        return self._choose(rng, False)

    def step(self, action: Any) -> None:
        state, stock, hands = self.state, self.stock, self.hands
        if isinstance(action, h.RevealSet):
            del stock[-len(action.cards) :]
        elif isinstance(action, h.Play):
            hands[action.player].remove(action.card)
        elif isinstance(action, h.Pick):
            self.moved = False
        elif isinstance(action, h.TakeSet):
            hands[action.player] += state.wilderness[action.index]
        elif isinstance(action, h.Adjust):
            if action.source is h.Zone.DECK:
                card = stock.pop()
                if action.target is h.Zone.HAND:
                    assert action.target_player is not None
                    hands[action.target_player].append(card)
            elif action.source_player is not None and action.card is not None:
                hands[action.source_player].remove(action.card)
            self.moved = True
        elif isinstance(action, h.EndEffect):
            self.moved = True
        self.state = h.apply(state, action)[0]

    def done(self) -> bool:
        return h.finished(self.state)

    def copy(self) -> Homalet:
        return Homalet(self.state, [list(hand) for hand in self.hands], list(self.stock), self.moved, self.springs)

    def view(self, seat: int) -> HomaletView:
        return HomaletView(self.state, seat, tuple(self.hands[seat]), self.moved, self.springs)

    def mark(self) -> int:
        return int(self.done())

    def value(self, seat: int) -> float:
        deck = self.state.setup.deck
        # H-11, and H-12's tie-break (the largest card in the pile) as a fraction of a point
        scores = [points(pile, deck, self.springs) + max(pile, default=-1) / 100 for pile in self.state.piles]
        return win_value(scores, seat, WORTH)


class HomaletView:
    """What one seat of a HOMALET table knows: the engine's state (the fields, the wilderness, the
    score piles, the discard, the cards seen going into a hand, the counts) and its own hand."""

    def __init__(self, state: h.State, seat: int, hand: tuple[int, ...], moved: bool, springs: frozenset[int]) -> None:
        self.state = state
        self.seat = seat
        self.hand = hand
        self.moved = moved
        self.springs = springs

    def moves(self) -> list[Any]:
        hands: list[list[int]] = [list(self.hand) if s == self.seat else [] for s in range(len(self.state.hand_counts))]
        return Homalet(self.state, hands, [], self.moved, self.springs).moves()

    def world(self, rng: random.Random) -> Homalet:
        state = self.state
        hands, pool = deal_unseen(state.unseen(), self.hand, state.known_hands, state.hidden_counts(), self.seat, rng)
        return Homalet(state, hands, pool, self.moved, self.springs)  # what is left is the deck, in a random order


def play_homalet(
    deck: h.Deck, players: int, rng: random.Random, policy: str | tuple[str, ...], watch: Watch = None
) -> tuple[h.Setup, list[Any], h.State]:
    """One whole game of HOMALET: the setup (a random start seat), the actions and the end state;
    ``policy`` one for every seat or one a seat; ``watch`` sees the state after each action."""
    table = Homalet.deal(deck, players, rng)
    setup = table.state.setup
    actions = play(table, policy_seats(policy, players), rng, watch)
    return setup, actions, table.state

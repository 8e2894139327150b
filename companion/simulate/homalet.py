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
from companion.simulate.common import LONGEST, NAMES, Watch, best

B, W = h.Field.BATTLE, h.Field.WILD


def _plays(state: h.State, hand: list[int]) -> list[h.Play]:
    """The plays H-4 leaves the seat on turn: on each open field, a card of its lead colour if the
    hand holds one, else any card, claiming the void when the field has a lead."""
    colour_of = state.setup.deck.colour_of
    player = state.turn
    out = []
    for where in (B, W) if state.wilderness else (B,):
        lead = state.lead(where)
        follow = [c for c in hand if lead is None or colour_of[c] == lead]
        void = lead is not None and not follow
        out += [h.Play(player, card, where, void) for card in follow or hand]
    return out


def _winning_colour(state: h.State, extra: int) -> str:
    """The battlefield's winning colour (H-5) were ``extra`` laid there now and the round to end."""
    colour_of = state.setup.deck.colour_of
    counts: dict[str, list[int]] = {}
    for _, card, where in state.played:
        if where is B:
            counts.setdefault(colour_of[card], []).append(card)
    counts.setdefault(colour_of[extra], []).append(extra)
    return max(counts, key=lambda key: (len(counts[key]), max(counts[key])))


def _greedy_play(state: h.State, plays: list[h.Play], rng: random.Random) -> h.Play:
    deck = state.setup.deck
    pile = state.piles[state.turn]
    now = h.score(pile, deck).score
    on_field = [card for _, card, where in state.played if where is B]
    gains = {card: h.score((*pile, card), deck).score - now for card in on_field}

    def gain(play: h.Play) -> int:
        if play.field is not B or deck.colour_of[play.card] != _winning_colour(state, play.card):
            return 0
        if play.card not in gains:
            gains[play.card] = h.score((*pile, play.card), deck).score - now
        return max(gains[c] for c in (*on_field, play.card))

    return best(plays, gain, rng)


def _pick_gain(pile: tuple[int, ...], deck: h.Deck, card: int) -> int:
    """The score pile's H-11 score with ``card`` picked into it."""
    return h.score((*pile, card), deck).score


def play_homalet(
    deck: h.Deck, players: int, rng: random.Random, policy: str, watch: Watch = None
) -> tuple[h.Setup, list[Any], h.State]:
    """One whole game of HOMALET: the setup (a random start seat), the actions and the end state;
    ``watch`` sees the state after each action."""
    setup = h.make_setup(NAMES[:players], rng.randrange(players), deck)
    state = h.new_state(setup)
    cards = list(setup.cards)
    rng.shuffle(cards)
    hands = [cards[seat * h.HAND : (seat + 1) * h.HAND] for seat in range(players)]
    stock = cards[players * h.HAND :]  # the top of the deck is the end
    greedy = policy == "greedy"
    moved = False  # the open season effect has moved its card
    actions: list[Any] = []
    while not h.finished(state):
        if len(actions) > LONGEST:
            raise AssertionError(f"a simulated HOMALET game ran past {LONGEST} actions")
        phase = state.phase
        action: Any
        if phase is h.Phase.REFILL:
            size = min(h.SET_SIZE, len(stock))
            action = h.RevealSet(tuple(stock[-size:]))
            del stock[-size:]
        elif phase is h.Phase.PLAY:
            hand = hands[state.turn]
            plays = _plays(state, hand)
            action = _greedy_play(state, plays, rng) if greedy else rng.choice(plays)
            hand.remove(action.card)
        elif phase is h.Phase.PICK:
            player = state.pickers[0]
            left = [c for _, c, where in state.played if where is B and c not in state.battle_taken]
            card = (
                best(left, functools.partial(_pick_gain, state.piles[player], deck), rng)
                if greedy
                else rng.choice(left)
            )
            action = h.Pick(player, card)
            moved = False
        elif phase is h.Phase.EFFECT:
            assert state.effect is not None
            player, season = state.effect
            if moved:
                action = h.EndEffect()
            elif season is h.Season.SUMMER and stock:
                action = h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, player)
                hands[player].append(stock.pop())
            elif season is h.Season.AUTUMN and stock:
                action = h.Adjust(h.Zone.DECK, h.Zone.PILE, stock.pop(), None, player)
            elif season is h.Season.WINTER and hands[player]:
                card = rng.choice(hands[player])
                action = h.Adjust(h.Zone.HAND, h.Zone.DISCARD, card, player, None)
                hands[player].remove(card)
            else:
                action = h.EndEffect()
            moved = True
        else:
            player = state.takers[0]
            index = rng.randrange(len(state.wilderness))
            action = h.TakeSet(player, index)
            hands[player] += state.wilderness[index]
        state = h.apply(state, action)[0]
        actions.append(action)
        if watch is not None:
            watch(state)
    return setup, actions, state

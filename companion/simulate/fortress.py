"""Simulated Six-Suit Fortress tables (F-1 .. F-14): a real shuffled deck, each seat choosing among
the engine's own legal moves for the hand it really holds."""

from __future__ import annotations

import random
from typing import Any

from companion.playtest import Running
from companion.rules import fortress as f
from companion.simulate.common import NAMES, Watch

SPOT_CELLS = {spot: f.spot_cells(spot) for spot in f.SPOTS}
MODES = (f.Mode.NUMBER, f.Mode.SUIT)


def _place(state: f.State, hand: list[f.Card], rng: random.Random, greedy: bool) -> f.Place:
    """The active seat's placement: any card of its hand at any usable spot, by number or suit
    (F-4 .. F-7); greedy takes the most cards it can (ties drawn at random)."""
    player = state.turn
    spots = state.usable_spots()
    if not greedy:
        return f.Place(player, rng.choice(hand), rng.choice(spots), rng.choice(MODES))
    grid = state.grid
    best, options = 0, []
    for spot in spots:
        a_cell, b_cell = SPOT_CELLS[spot]
        a, b = grid[a_cell], grid[b_cell]
        assert a is not None
        for card in hand:
            for mode in MODES:
                count = f.capture_count(card, a, b, mode)
                if count > best:
                    best, options = count, [(card, spot, mode)]
                elif count == best:
                    options.append((card, spot, mode))
    card, spot, mode = rng.choice(options)
    return f.Place(player, card, spot, mode)


def _build(state: f.State, rng: random.Random, greedy: bool, running: Running) -> f.Build:
    """Where the first captured card goes (F-8, F-11): any legal place; greedy the one that leaves the
    seat's score (F-14 as it stands, ``companion.playtest.Running``) highest, a place in the fortress
    before the hand on a tie."""
    card = state.pending[0]  # the first captured card, as build_options offers it
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    top = state.setup.deck.ranks
    legal = [where for where in f.Where if f.fits(ranks, card.rank, where, top)]  # build_options' order
    if not greedy:
        return f.Build(card, rng.choice(legal))
    player = state.turn
    best: tuple[int, int] | None = None
    choice = legal[0]
    for where in legal:
        after = f.apply(state, f.Build(card, where))[0]
        key = (running(after)[player], where is not f.Where.HAND)
        if best is None or key > best:
            best, choice = key, where
    return f.Build(card, choice)


def play_fortress(
    deck: f.Deck, players: int, rng: random.Random, policy: str, watch: Watch = None
) -> tuple[f.Setup, list[Any], f.State]:
    """One whole game of Six-Suit Fortress: the setup (a random start seat), the actions and the end state;
    ``watch`` sees the state after each action."""
    setup = f.make_setup(NAMES[:players], rng.randrange(players), deck)
    state = f.new_state(setup)
    cards = deck.cards()
    rng.shuffle(cards)
    deal = setup.deal
    hands = [cards[seat * deal : (seat + 1) * deal] for seat in range(players)]
    pile = cards[players * deal :]
    greedy = policy == "greedy"
    running = Running("fortress")  # F-14 as it stands, for the greedy build
    actions: list[Any] = []
    while not f.finished(state):
        action: Any
        if state.phase is f.Phase.REVEAL:
            cell = next(c for c, held in state.grid.items() if held is None)
            action = f.Reveal(cell, pile.pop())
        elif state.phase is f.Phase.PLACE:
            action = _place(state, hands[state.turn], rng, greedy)
            hands[state.turn].remove(action.card)
        elif state.phase is f.Phase.BUILD:
            action = _build(state, rng, greedy, running)
            if action.where is f.Where.HAND:
                hands[state.turn].append(action.card)
        else:
            seat = next((p for p, h in enumerate(state.final_hands) if h is None), None)
            if seat is not None:
                action = f.FinalHand(seat, tuple(sorted(hands[seat])))
            else:
                seat = next(p for p, c in enumerate(state.pairs) if c == f.UNDECIDED)
                action = f.ChoosePair(seat, f.best_pair([len(c) for c in state.fortresses[seat]]))
        state = f.apply(state, action)[0]
        actions.append(action)
        if watch is not None:
            watch(state)
    return setup, actions, state

"""Simulated tables: whole games dealt from a real shuffled deck, each seat choosing among the engine's
own legal moves for the hand it really holds, so that a designer sees seat advantage and game length
for a deck before printing it (``companion simulate``).

A policy is ``random`` (any legal move) or ``greedy`` (the move with the best immediate gain). The
engine checks every action, as at a real table; the games come out as :class:`PlayedGame` marked
simulated, one at a time (memory stays flat however many are played), each with its record when asked.
Six-Suit Fortress only, for now.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

from companion.playtest import PlayedGame, deck_version
from companion.rules import fortress as f
from companion.rules.common import Refusal
from companion.settle import settle

POLICIES = ("random", "greedy")
NAMES = tuple(f"P{n}" for n in range(1, 9))


@dataclasses.dataclass(frozen=True)
class Simulated:
    """One simulated game: its analysis row, and its record (docs/records.md) when it was asked for."""

    played: PlayedGame
    record: dict[str, Any] | None


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


def _build(state: f.State, rng: random.Random, greedy: bool) -> f.Build:
    """Where the first captured card goes (F-8, F-11): any legal place; greedy the one that leaves the
    seat's score (F-14, as it stands) highest, a place in the fortress before the hand on a tie."""
    options = f.build_options(state)[0]
    if not greedy:
        return f.Build(options.card, rng.choice(options.legal))
    player = state.turn
    best: tuple[int, int] | None = None
    choice = options.legal[0]
    for where in options.legal:
        after = f.apply(state, f.Build(options.card, where))[0]
        key = (f.scores(after)[player].score, where is not f.Where.HAND)
        if best is None or key > best:
            best, choice = key, where
    return f.Build(options.card, choice)


def play_fortress(deck: f.Deck, players: int, rng: random.Random, policy: str) -> tuple[f.Setup, list[Any], f.State]:
    """One whole game of Six-Suit Fortress: the setup (a random start seat), the actions and the end state."""
    setup = f.make_setup(NAMES[:players], rng.randrange(players), deck)
    state = f.new_state(setup)
    cards = deck.cards()
    rng.shuffle(cards)
    deal = setup.deal
    hands = [cards[seat * deal : (seat + 1) * deal] for seat in range(players)]
    pile = cards[players * deal :]
    greedy = policy == "greedy"
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
            action = _build(state, rng, greedy)
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
    return setup, actions, state


GAMES: dict[str, Callable[[Any, int, random.Random, str], tuple[Any, list[Any], Any]]] = {"fortress": play_fortress}
ENGINES: dict[str, Any] = {"fortress": f}


def simulate(
    game: str,
    deck: Any,
    players: int,
    games: int,
    policy: str = "random",
    seed: int | None = None,
    records: bool = False,
) -> Iterator[Simulated]:
    """``games`` simulated games of ``game`` for ``players`` seats with ``deck``, one at a time (a
    generator: memory stays flat in ``games``); the same ``seed`` plays the same games. Refused in a
    sentence: a game that cannot be simulated yet, a policy not in :data:`POLICIES`, a player count the
    game does not take."""
    from companion.rules.common import refuse

    if game not in GAMES:
        raise refuse(
            f"only Six-Suit Fortress (fortress) can be simulated yet, not {game}",
            f"シミュレーションできるのは今のところ6スートの砦（fortress）だけです（{game} は不可）",
        )
    if policy not in POLICIES:
        raise refuse(
            f"the policy is random or greedy, not {policy!r}", f"方針は random か greedy です（{policy!r} は不可）"
        )
    engine = ENGINES[game]
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise refuse(
            f"{engine.TITLE.en} takes {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, not {players}",
            f"{engine.TITLE.ja}は{engine.MIN_PLAYERS}〜{engine.MAX_PLAYERS}人で遊びます（{players}人は不可）",
        )
    from companion.rules.game_records import make_record

    rng = random.Random(seed)
    version = deck_version(deck.to_data())
    play = GAMES[game]
    for number in range(1, games + 1):
        setup, actions, state = play(deck, players, rng, policy)
        try:
            answer = settle(engine.settle_input(state), False, "en", deck=deck)
        except Refusal as refusal:  # the engine's own end state always settles; say so plainly if not
            raise AssertionError(f"simulated game {number} did not settle: {refusal.msg.en}") from None
        scores = tuple(int(p["score"]) for p in answer["players"])
        winners = frozenset(setup.players.index(w) for w in answer["winners"])
        played = PlayedGame(
            f"sim-{number}",
            game,
            "",
            version,
            setup.players,
            scores,
            winners,
            setup.start,
            len(actions),
            None,
            simulated=True,
        )
        yield Simulated(played, make_record(engine, setup, actions) if records else None)

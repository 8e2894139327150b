"""Simulated tables (issue 21): whole Six-Suit Fortress games from a real shuffled deck, every action
checked by the engine, each seat playing cards it really holds; the same seed plays the same games;
the records replay to the scores the analysis counted; games come one at a time."""

from __future__ import annotations

import random
import tracemalloc
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import fortress as f
from companion.rules.common import Refusal
from companion.settle import settle
from companion.simulate import play_fortress, simulate

DECK = f.Deck.from_data(load_deck_data("fortress"))


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulated_games_replay_to_the_scores_counted(policy: str, players: int) -> None:
    for sim in simulate("fortress", DECK, players, 3, policy, seed=players, records=True):
        assert sim.record is not None and sim.played.simulated
        record = read_record(sim.record)  # every action is one the engine takes (F-4 .. F-14)
        state = fold_record(record)[0]
        assert isinstance(state, f.State)
        assert f.finished(state) and len(record.actions) == sim.played.actions
        answer = settle(f.settle_input(state), False, "en", deck=DECK)
        assert tuple(p["score"] for p in answer["players"]) == sim.played.scores
        assert {record.setup.players.index(w) for w in answer["winners"]} == sim.played.winners


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["random", "greedy"]))
def test_each_seat_plays_only_cards_it_was_dealt_or_kept(seed: int, policy: str) -> None:
    rng = random.Random(seed)
    setup, actions, state = play_fortress(DECK, 4, rng, policy)
    cards = DECK.cards()
    replay = random.Random(seed)
    replay.randrange(4)  # the start seat is drawn first, then the deck shuffled, as play_fortress does
    replay.shuffle(cards)
    held = [set(cards[seat * setup.deal : (seat + 1) * setup.deal]) for seat in range(4)]
    turn = f.new_state(setup)
    for action in actions:
        if isinstance(action, f.Place):
            assert action.card in held[action.player]  # a card of the real hand
            held[action.player].discard(action.card)
        elif isinstance(action, f.Build) and action.where is f.Where.HAND:
            held[turn.turn].add(action.card)
        elif isinstance(action, f.FinalHand):
            assert set(action.cards) == held[action.player]  # the final hand is what is really held (F-14)
        turn = f.apply(turn, action)[0]
    assert f.finished(state)


def test_greedy_takes_the_most_cards_it_can() -> None:
    rng = random.Random(3)
    setup, actions, _ = play_fortress(DECK, 4, rng, "greedy")
    state = f.new_state(setup)
    placed = 0
    for action in actions:
        if isinstance(action, f.Place):
            taken = len(
                next(c for c in f.captures(state, action.card) if c.spot == action.spot and c.mode is action.mode).cards
            )
            best_with_card = max(len(c.cards) for c in f.captures(state, action.card))
            assert taken == best_with_card  # the best with the card it chose, at least (F-5, F-6)
            placed += 1
        state = f.apply(state, action)[0]
    assert placed > 0


def test_capture_count_agrees_with_the_engine_reasons() -> None:
    cards = DECK.cards()[::7]
    for p in cards:
        for a in cards:
            for b in (None, *cards[:5]):
                for mode in (f.Mode.NUMBER, f.Mode.SUIT):
                    assert f.capture_count(p, a, b, mode) == f.resolve_capture(p, a, b, mode)[0]


def test_the_same_seed_plays_the_same_games() -> None:
    first = [s.played for s in simulate("fortress", DECK, 4, 5, "random", seed=11)]
    again = [s.played for s in simulate("fortress", DECK, 4, 5, "random", seed=11)]
    other = [s.played for s in simulate("fortress", DECK, 4, 5, "random", seed=12)]
    assert first == again != other


@pytest.mark.slow
def test_games_come_one_at_a_time_and_memory_stays_flat() -> None:
    games = simulate("fortress", DECK, 4, 10**6, "random", seed=1)
    assert isinstance(games, Iterator) and next(games).played.id == "sim-1"

    def peak(count: int) -> int:
        tracemalloc.start()
        for _ in simulate("fortress", DECK, 4, count, "random", seed=2):
            pass
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return top

    assert peak(60) < 2 * peak(6)


@pytest.mark.parametrize(
    ("game", "players", "policy", "words"),
    [
        ("chess", 4, "random", "fortress, homalet or dragoness"),
        ("homalet", 2, "random", "3 to 7 players"),  # H-1
        ("dragoness", 9, "random", "2 to 8 players"),  # D-2
        ("fortress", 9, "random", "3 to 5 players"),
        ("fortress", 4, "clever", "random, greedy or lookahead"),
        ("fortress", 4, "lookahead:0", "lookahead:N takes a number of playouts from 1 to"),
        ("fortress", 4, "greedy:3", "random, greedy or lookahead"),
        ("fortress", 4, "lookahead,greedy", "one a seat: 4 for 4 players, not 2"),
    ],
)
def test_what_cannot_be_simulated_is_refused_in_a_sentence(game: str, players: int, policy: str, words: str) -> None:
    with pytest.raises(Refusal) as caught:
        next(simulate(game, DECK, players, 1, policy))
    assert words in caught.value.msg.en and caught.value.msg.ja

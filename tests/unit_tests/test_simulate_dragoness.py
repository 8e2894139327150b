"""Simulated Reign of Dragoness tables (issue 21): five rounds from a real shuffled deck for the table
(D-2), the holder of the lowest card opening (D-6), each seat playing the patterns of its real hand
that the engine takes (D-4 .. D-9); the records replay to the totals counted (D-10, D-11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import dragoness as d
from companion.settle import settle
from companion.simulate import play_dragoness, simulate
from companion.simulate.dragoness import Hands, groups

DECK = d.Deck.from_data(load_deck_data("dragoness"))


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_simulated_dragoness_games_replay_to_the_totals_counted(policy: str, players: int) -> None:
    for sim in simulate("dragoness", DECK, players, 2, policy, seed=players, records=True):
        assert sim.record is not None and sim.played.simulated and sim.played.start is None  # D-6: no start player
        record = read_record(sim.record)
        state = fold_record(record)[0]
        assert isinstance(state, d.State)
        assert d.finished(state) and len(state.results) == d.ROUNDS  # D-11: five rounds
        answer = settle(d.settle_input(state), False, "en")
        assert tuple(answer["totals"][name] for name in record.setup.players) == sim.played.scores
        assert {record.setup.players.index(w) for w in answer["winners"]} == sim.played.winners


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["random", "greedy"]), st.integers(2, 8))
def test_each_round_is_played_from_real_hands(seed: int, policy: str, players: int) -> None:
    setup, actions, _ = play_dragoness(DECK, players, random.Random(seed), policy)
    revives = setup.cards[d.Card("RV")]
    state = d.new_state(setup)
    played: list[Counter[d.Card]] = [Counter() for _ in range(players)]
    for action in actions:
        before = state
        state = d.apply(state, action)[0]
        if isinstance(action, d.Opening):
            played = [Counter() for _ in range(players)]
        elif isinstance(action, d.PlayCards):
            played[action.player].update(action.cards)
        elif isinstance(action, d.Revive):
            played[action.player][d.Card("RV")] += 1
        assert all(sum(p.values()) <= d.HAND for p in played)  # nobody plays more than the 13 dealt (D-2)
        if state.round != before.round or d.finished(state):
            out = state.results[-1].out
            count = sum(played[out].values())
            if isinstance(action, d.OnlyRevives):  # D-10: what is left is Revive cards alone
                assert 0 < d.HAND - count <= revives - sum(p[d.Card("RV")] for p in played)
            else:
                assert count == d.HAND  # went out: every card dealt was played
        else:
            assert state.lower is None  # D-6: the opening card was the lowest dealt: no lower card shows


def test_the_plays_offered_are_the_ones_the_engine_reads_as_legal() -> None:
    """The simulated seat's own test of a group (``Hands.plays``) against the engine's ``readings``, on
    every state of a few games and a few hands drawn from the unplayed cards (D-4, D-5, D-7, D-9)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        setup, actions, _ = play_dragoness(DECK, 4, random.Random(seed), "random")
        state = d.new_state(setup)
        for action in actions:
            state = d.apply(state, action)[0]
            if state.phase not in (d.Phase.LEAD, d.Phase.FOLLOW, d.Phase.REVIVED):
                continue
            unplayed = list((Counter(setup.cards) - Counter(state.played)).elements())
            hand = rng.sample(unplayed, min(7, len(unplayed)))
            offered = {g for g, _ in Hands(DECK).plays(state, hand)}
            legal = {
                g
                for g in groups(DECK, hand)
                if d.readings(state, g) and (state.must_contain is None or state.must_contain in g)
            }
            assert offered == legal
            checked += 1
    assert checked > 100


def test_groups_are_every_pattern_of_a_hand() -> None:
    """Every subset of a small hand that reads as a pattern (D-4, D-5) is among the groups, once."""
    from itertools import combinations

    rng = random.Random(2)
    cards = list(Counter(DECK.cards_for(8)).elements())
    for _ in range(20):
        hand = rng.sample(cards, 9)
        found = groups(DECK, hand)
        assert len(found) == len(set(found))
        every = {
            tuple(sorted(c)) for k in range(1, 6) for c in combinations(hand, k) if d.patterns(DECK, tuple(sorted(c)))
        }
        assert set(found) == every


def test_the_same_seed_plays_the_same_dragoness_games() -> None:
    first = [s.played for s in simulate("dragoness", DECK, 3, 2, "random", seed=3)]
    again = [s.played for s in simulate("dragoness", DECK, 3, 2, "random", seed=3)]
    other = [s.played for s in simulate("dragoness", DECK, 3, 2, "random", seed=4)]
    assert first == again != other

"""Simulated HOMALET tables (issue 21): a real shuffled deck of the table's cards, every action checked by
the engine, each seat playing cards it really holds and following colour when it can (H-4); the records
replay to the scores counted; greedy picks the best card for its score pile (H-11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import homalet as h
from companion.settle import settle
from companion.simulate import play_homalet, simulate

DECK = h.Deck.from_data(load_deck_data("homalet"))


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("players", [3, 5, 7])
def test_simulated_homalet_games_replay_to_the_scores_counted(policy: str, players: int) -> None:
    for sim in simulate("homalet", DECK, players, 3, policy, seed=players, records=True):
        assert sim.record is not None and sim.played.simulated and sim.played.game == "homalet"
        record = read_record(sim.record)  # every action is one the engine takes (H-3 .. H-10)
        state = fold_record(record)[0]
        assert isinstance(state, h.State)
        assert h.finished(state) and len(record.actions) == sim.played.actions  # H-9
        answer = settle(h.settle_input(state), False, "en", deck=DECK)
        assert tuple(p["score"] for p in answer["players"]) == sim.played.scores  # H-11
        assert {record.setup.players.index(w) for w in answer["winners"]} == sim.played.winners  # H-12
        assert sim.played.start == record.engine.start(record.setup) and sim.played.lead_changes is not None


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["random", "greedy"]), st.integers(3, 7))
def test_each_seat_plays_only_cards_it_holds_and_follows_colour(seed: int, policy: str, players: int) -> None:
    setup, actions, state = play_homalet(DECK, players, random.Random(seed), policy)
    replay = random.Random(seed)
    replay.randrange(players)  # the start seat is drawn first, then the deck shuffled, as play_homalet does
    cards = list(h.cards_for(players))  # H-1: 00 to 10 × players − 1
    replay.shuffle(cards)
    held = [set(cards[seat * 6 : (seat + 1) * 6]) for seat in range(players)]  # H-3: six each
    stock = cards[players * 6 :]
    now = h.new_state(setup)
    for action in actions:
        if isinstance(action, h.RevealSet):
            assert list(action.cards) == stock[-len(action.cards) :]  # from the top of the real deck (H-8)
            del stock[-len(action.cards) :]
        elif isinstance(action, h.Play):
            assert action.card in held[action.player]  # a card of the real hand
            lead = now.lead(action.field)
            holds_lead = any(DECK.colour_of[c] == lead for c in held[action.player])
            assert action.void == (lead is not None and not holds_lead)  # H-4: follows colour when it can
            if lead is not None and holds_lead:
                assert DECK.colour_of[action.card] == lead
            held[action.player].discard(action.card)
        elif isinstance(action, h.TakeSet):
            held[action.player] |= set(now.wilderness[action.index])  # H-7
        elif isinstance(action, h.Adjust):
            if action.target is h.Zone.HAND:  # summer: the top card of the deck
                assert action.target_player is not None
                held[action.target_player].add(stock.pop())
            elif action.target is h.Zone.PILE:  # autumn: the top card of the deck into the pile
                assert action.card == stock.pop()
            else:  # winter: a card the seat holds
                assert action.source_player is not None and action.card in held[action.source_player]
                held[action.source_player].discard(action.card)
        now = h.apply(now, action)[0]
    assert h.finished(state) and sum(1 for hand in held if not hand) >= 2  # H-9: two hands empty


def test_greedy_picks_the_card_that_raises_its_score_most() -> None:
    picks = 0
    for seed in range(3):
        setup, actions, _ = play_homalet(DECK, 5, random.Random(seed), "greedy")
        state = h.new_state(setup)
        for action in actions:
            if isinstance(action, h.Pick):
                pile = state.piles[action.player]
                left = [c for _, c, f in state.played if f is h.Field.BATTLE and c not in state.battle_taken]
                best = max(h.score((*pile, c), DECK).score for c in left)
                assert h.score((*pile, action.card), DECK).score == best  # H-5, H-11
                picks += 1
            state = h.apply(state, action)[0]
    assert picks > 0


def test_the_same_seed_plays_the_same_homalet_games() -> None:
    first = [s.played for s in simulate("homalet", DECK, 4, 4, "greedy", seed=3)]
    again = [s.played for s in simulate("homalet", DECK, 4, 4, "greedy", seed=3)]
    other = [s.played for s in simulate("homalet", DECK, 4, 4, "greedy", seed=4)]
    assert first == again != other

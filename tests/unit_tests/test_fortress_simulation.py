"""Six-Suit Fortress against the simulated table of tests/helpers/fortress_table.py, which makes the
mistakes real tables make: the engine must agree with it after every action (F-1 .. F-14)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import fortress as f
from companion.settle import settle
from tests.helpers.fortress_table import DECK, Table, oracle_pairs, oracle_score


@pytest.mark.slow(seconds=12)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), n=st.integers(3, 5), start=st.integers(0, 4))
def test_f1_to_f14_a_table_with_mistakes_plays_to_a_settled_end(data: st.DataObject, n: int, start: int) -> None:
    """F-1 .. F-14 against the table's own reckoning, with refused mistakes and corrections."""
    table = Table(n, start % n, data, names=("Aki", "Ben", "Chie Ito", "ダイ", "Emi"))
    chosen = table.play()
    s = table.state
    assert s.phase is f.Phase.OVER and f.finished(s)
    assert table.triggered and s.triggered  # F-12: the game ended because a hand or the deck ran out
    assert f.fold(table.setup, table.actions) == s  # replay
    data_actions = [f.action_to_data(a) for a in table.actions]
    assert [f.action_from_data(DECK, d) for d in data_actions] == table.actions
    expected = [oracle_score(table.forts[p], table.hands[p], chosen[p]) for p in range(n)]
    assert [x.score for x in f.scores(s)] == expected
    top = max(expected)
    assert f.winners(expected) == [p for p in range(n) if expected[p] == top]
    document = f.settle_input(s)
    assert [row["pair"] for row in document["players"]] == [
        None if pair is None else {"from": pair.source, "to": pair.target} for pair in (chosen[p] for p in range(n))
    ]
    settled = settle(document, deck=DECK)
    assert [row["score"] for row in settled["players"]] == expected  # settle lays the pair each player chose
    assert settled["winners"] == [table.names[p] for p in f.winners(expected)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=9))
def test_f13_the_best_pair_is_the_best_of_every_pair(heights: list[int]) -> None:
    """F-13: ``best_pair`` (constant time per pair) agrees with trying every pair by hand."""
    options = oracle_pairs(heights)
    best = f.best_pair(heights)
    assert options[best] == max(options.values())
    if best is not None:
        assert options[best] > options[None]

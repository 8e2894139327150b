"""Reign of Dragoness rounds played by the simulated table of tests/helpers/dragoness_table.py (D-10)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import dragoness as d
from tests.helpers.dragoness_table import DECK, Table


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_d10_random_rounds_end_conserve_cards_and_replay(n: int, seed: int) -> None:
    table = Table(n, random.Random(seed))
    for _ in range(d.ROUNDS):
        table.play_round()
    s = table.state
    assert s.phase is d.Phase.OVER and len(s.results) == d.ROUNDS
    for result in s.results:
        assert result.points[result.out] == 3 and result.points.count(3) == 1
    assert table.refusals > 0
    assert d.fold(table.setup, table.actions) == s
    data = [d.action_to_data(a) for a in table.actions]
    assert [d.action_from_data(DECK, x) for x in data] == table.actions  # records round-trip

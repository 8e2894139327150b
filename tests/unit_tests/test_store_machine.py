"""Hypothesis drives the store: random moves (legal or not, the engine decides), undo, redo and
restarts, always equal to the same sequence kept and folded in memory."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.rules import fortress
from companion.rules.common import Refusal
from companion.store import Store
from tests.helpers.store_games import played


def games() -> tuple[Any, list[Any], list[Any]]:
    """The reference game's setup and actions, and a pool of moves of two games (some legal now,
    most not; the engine decides): played when the machine first runs (then kept by ``played``), not
    when the suite is collected (each worker collects every module)."""
    setup, game = played("fortress", 3, seed=21)
    _, other = played("fortress", 3, seed=22)
    return setup, game, game + other[:60]


class StoreAgainstMemory(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp())
        self.db = Store.open(self.folder / "g.sqlite3")
        setup = games()[0]
        self.game_id = self.db.new_game("fortress", setup.players, setup.start, setup.deck.to_data())
        self.live = self.db.load(self.game_id)
        self.done: list[Any] = []  # the actions in effect
        self.undone: list[Any] = []  # undone, the next to redo last
        self.states = [fortress.new_state(setup)]  # the memory fold: states[i] after i actions in effect

    def teardown(self) -> None:
        self.db.close()
        shutil.rmtree(self.folder)

    def _expect_play(self, action: Any) -> None:
        try:
            state, _ = fortress.apply(self.states[-1], action)
        except Refusal:
            before = self.live.position
            try:
                self.live.play(action)
            except Refusal:
                assert self.live.position == before
                return
            raise AssertionError(f"the store took {action}, which the engine refuses") from None
        self.live.play(action)
        self.done.append(action)
        self.undone.clear()
        self.states.append(state)

    @rule(index=st.integers(0, 10**6))
    def play_any(self, index: int) -> None:
        pool = games()[2]
        self._expect_play(pool[index % len(pool)])

    @precondition(lambda self: self.done == games()[1][: len(self.done)] and len(self.done) < len(games()[1]))
    @rule(k=st.integers(1, 25))
    def play_on(self, k: int) -> None:
        """The reference game's next moves: long enough games to pass checkpoints."""
        for action in games()[1][len(self.done) : len(self.done) + k]:
            self._expect_play(action)

    @rule(n=st.integers(0, 6))
    def undo(self, n: int) -> None:
        count = min(n, len(self.done))
        assert self.live.undo(n) == count
        for _ in range(count):
            self.undone.append(self.done.pop())
            self.states.pop()

    @rule(n=st.integers(0, 6))
    def redo(self, n: int) -> None:
        count = min(n, len(self.undone))
        assert self.live.redo(n) == count
        for _ in range(count):
            self.done.append(self.undone.pop())
            self.states.append(fortress.apply(self.states[-1], self.done[-1])[0])

    @rule()
    def restart(self) -> None:
        self.db.close()
        self.db = Store.open(self.folder / "g.sqlite3")
        self.live = self.db.load(self.game_id)

    @invariant()
    def same_as_memory(self) -> None:
        assert self.live.actions == tuple(self.done)
        assert self.live.state == self.states[-1]
        assert self.live.can_undo == bool(self.done) and self.live.can_redo == bool(self.undone)


StoreAgainstMemory.TestCase.settings = settings(
    max_examples=20, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_store_against_memory = pytest.mark.slow(StoreAgainstMemory.TestCase)

"""Checkpoints left for idle time (``LiveGame.defer_checkpoints``, as the app plays): a change is
durable without its checkpoint, a game resumed before the checkpoint is written folds to the same
state, and the checkpoints written later are those the store keeps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules import dragoness
from companion.store import CHECKPOINT_EVERY, Store, checkpoint_seqs
from tests.helpers.store_games import played


def start(db: Store, setup: Any) -> int:
    return db.new_game("dragoness", setup.players, getattr(setup, "start", None), setup.deck.to_data())


def kept(db: Store) -> list[int]:
    return [r[0] for r in db.db.execute("SELECT seq FROM checkpoints ORDER BY seq")]


def counted(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The actions Dragoness' rules apply from now on."""
    calls: list[Any] = []
    real = dragoness.apply

    def counting(state: Any, action: Any) -> Any:
        calls.append(action)
        return real(state, action)

    monkeypatch.setattr(dragoness, "apply", counting)
    return calls


def test_a_game_resumed_before_its_deferred_checkpoints_were_written_folds_to_the_same_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup, actions = played("dragoness", 5, seed=4)
    count = 3 * CHECKPOINT_EVERY + 3
    assert len(actions) > count + 4
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        live = db.load(start(db, setup))
        live.defer_checkpoints = True
        for action in actions[:count]:
            live.play(action)
        assert kept(db) == []  # nothing written on the way: the actions alone are stored
        with Store.open(path) as other:  # as the program killed now would find the file
            resumed = other.load(live.id)
            assert resumed.position == count
            assert resumed.state == dragoness.fold(setup, actions[:count])
            assert resumed.actions == tuple(actions[:count])
        assert live.save_checkpoints() == len(checkpoint_seqs(count))  # idle time
        assert kept(db) == checkpoint_seqs(count)
        assert live.save_checkpoints() == 0  # nothing left
    calls = counted(monkeypatch)
    with Store.open(path) as db:
        live = db.load(live.id)
        assert live.state == dragoness.fold(setup, actions[:count]) and calls == []  # read, not folded
        live.defer_checkpoints = True
        assert live.undo(4) == 4 and 0 < len(calls) < CHECKPOINT_EVERY  # from the checkpoint before
        assert kept(db) == checkpoint_seqs(count)  # the undo's checkpoint waits too
        assert live.save_checkpoints() == 1
        assert set(checkpoint_seqs(count - 4)) <= set(kept(db)) and count not in kept(
            db
        )  # undone: only every 8th stays
        for action in actions[count - 4 : count + 2]:
            live.play(action)
    calls.clear()
    with Store.open(path) as db:  # the last changes' checkpoints never written: folded from the nearest one
        live = db.load(live.id)
        assert live.state == dragoness.fold(setup, actions[: count + 2])
        assert 0 < len(calls) <= count + 2 - max(checkpoint_seqs(count - 4))


def test_a_deferred_checkpoint_is_not_written_over_a_change_made_elsewhere(tmp_path: Path) -> None:
    setup, actions = played("dragoness", 4, seed=5)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db, Store.open(path) as other:
        live = db.load(start(db, setup))
        live.defer_checkpoints = True
        for action in actions[:10]:
            live.play(action)
        elsewhere = other.load(live.id)
        elsewhere.undo(3)  # another program, writing its checkpoint as it goes
        assert kept(other) == [7]
        assert live.save_checkpoints() == 0  # this one's states are no longer where the game stands
        assert kept(db) == [7]
        assert live.refresh() and live.position == 7
        assert live.state == dragoness.fold(setup, actions[:7])

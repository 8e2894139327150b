"""Two processes on one game store: a writer waits for another's transaction, or is refused with a
sentence once it has waited long enough; two command-line players of one game never lose or
duplicate an action."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion import store as store_module
from companion.rules import fortress
from companion.rules.common import Refusal
from companion.store import Store
from tests.store_games import played

ROOT = Path(__file__).resolve().parents[2]

HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


def hold_lock(path: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the database's write lock for ``seconds``."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None and process.stdout.readline() == "locked\n"
    return process


def test_a_writer_waits_for_another_process_then_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, actions = played("homalet", 3, seed=1)
    path = tmp_path / "g.sqlite3"
    monkeypatch.setattr(store_module, "BUSY_MS", 300)
    with Store.open(path) as db:
        live = db.load(db.new_game("homalet", setup.players, setup.start, setup.deck.to_data()))
        holder = hold_lock(path, 3.0)
        try:
            began = time.monotonic()
            with pytest.raises(Refusal, match="another program is writing"):
                live.play(actions[0])
            assert time.monotonic() - began >= 0.25  # it waited first
            assert live.position == 0
        finally:
            holder.kill()
            holder.wait()
            assert holder.stdout is not None
            holder.stdout.close()
        holder = hold_lock(path, 0.2)  # a short transaction: the writer waits it out
        live.play(actions[0])
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    with Store.open(path) as db:
        assert db.load(live.id).actions == (actions[0],)


def test_two_command_line_players_of_one_game_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    """Two processes send the same game's lines at once: each line is taken once, by one of them;
    the other's copy is refused (the state moved on: every Fortress line of the first 30 names a
    card or cell that cannot be used twice), and the stored game is the game."""
    setup, actions = played("fortress", 3, seed=2)
    state, lines = fortress.new_state(setup), []
    for action in actions:
        lines.append(fortress.action_line(state, action))
        state, _ = fortress.apply(state, action)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        game_id = db.new_game("fortress", setup.players, setup.start, setup.deck.to_data())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    script = ("import sys\nfrom companion.cli import main\n"
              "for line in sys.argv[3:]:\n"
              "    main(['play', sys.argv[1], line, '--db', sys.argv[2]])\n")
    chunk = lines[:30]
    runs = [subprocess.Popen([sys.executable, "-c", script, str(game_id), str(path), *chunk], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [run.communicate(timeout=300) for run in runs]
    taken = sum(len(out.splitlines()) for out, _ in outputs)
    with Store.open(path) as db:
        stored = db.load(game_id).actions
    assert stored == tuple(actions[:len(stored)])
    assert taken == len(stored)  # every ruling printed is one stored action, and the other way round
    assert len(stored) >= len(chunk) // 2

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

from companion.rules import fortress
from companion.rules.common import Refusal
from companion.store import Store
from companion.store import schema as store_module
from tests.helpers.store_games import played

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
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
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


RACER = """
import sys
from companion.rules.common import Refusal
from companion.store import Store

game_id, path, lines = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
with Store.open(path) as db:
    while True:
        live = db.load(game_id)  # look at the stored game, as a player at a second screen does
        if live.position == len(lines):
            break
        try:
            live.play_line(lines[live.position])
        except Refusal as refusal:
            print("refused", refusal.msg.en, flush=True)
        else:
            print("played", live.position - 1, flush=True)
"""


def test_two_programs_playing_one_game_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    """Two processes race through the same game, each reading the stored position and playing the
    line for it: a process whose game changed meanwhile is refused with a sentence, and every line
    is stored exactly once, in order."""
    setup, actions = played("fortress", 3, seed=2)
    state, lines = fortress.new_state(setup), []
    for action in actions[:40]:
        lines.append(fortress.action_line(state, action))
        state, _ = fortress.apply(state, action)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        game_id = db.new_game("fortress", setup.players, setup.start, setup.deck.to_data())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(game_id), str(path), *lines],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    assert all(run.returncode == 0 for run in runs), [err for _, err in outputs]
    played_at = sorted(
        int(line.split()[1]) for out, _ in outputs for line in out.splitlines() if line.startswith("played")
    )
    assert played_at == list(range(len(lines)))  # each position played once, by one of them
    for out, _ in outputs:
        for line in out.splitlines():
            if line.startswith("refused"):
                assert "changed by another program" in line or "another program is writing" in line, line
    with Store.open(path) as db:
        assert db.load(game_id).actions == tuple(actions[:40])


def test_programs_creating_the_same_new_database_at_once_all_succeed(tmp_path: Path) -> None:
    """Three processes open a database that does not exist yet, at the same moment: the tables are
    made once and each process stores its game."""
    path = tmp_path / "new.sqlite3"
    script = (
        "import sys\nfrom companion.store import Store\n"
        "with Store.open(sys.argv[1]) as db:\n"
        "    print(db.new_game('dragoness', [sys.argv[2], 'Other']))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(path), name],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("A", "B", "C")
    ]
    results = [run.communicate(timeout=120) for run in runs]
    assert all(run.returncode == 0 for run in runs), [err for _, err in results]
    assert sorted(int(out) for out, _ in results) == [1, 2, 3]
    with Store.open(path) as db:
        assert sorted(g.players[0] for g in db.games()) == ["A", "B", "C"]

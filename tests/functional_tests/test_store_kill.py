"""A real ``companion play ID -`` process fed a game line by line and killed with SIGKILL at
random points, again and again: after each restart every acknowledged action is stored, in
order, and nothing else (an action sent but not yet acknowledged may or may not be)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.rules import homalet
from companion.store import Store
from tests.helpers.store_games import played

ROOT = Path(__file__).resolve().parents[2]
KILLS = 52


def game_lines(seed: int) -> tuple[object, list[object], list[str]]:
    setup, actions = played("homalet", 3, seed=seed)
    state, lines = homalet.new_state(setup), []
    for action in actions:
        lines.append(homalet.action_line(state, action))
        state, _ = homalet.apply(state, action)
    return setup, actions, lines


@pytest.mark.slow
def test_kill_minus_nine_never_loses_an_acknowledged_action(tmp_path: Path) -> None:
    rnd = random.Random(2026)
    db_path = tmp_path / "kill.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_DB": str(db_path)}
    seed, stored, games = 0, 0, 0
    setup, actions, lines = game_lines(seed)
    with Store.open(db_path) as db:
        game_id = db.new_game("homalet", setup.players, setup.start, setup.deck.to_data())  # type: ignore[attr-defined]
    for _ in range(KILLS):
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", str(game_id), "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert process.stdin is not None and process.stdout is not None
        acknowledged, sent = 0, 0
        for line in lines[stored : stored + rnd.randint(0, 4)]:  # wait for these rulings
            process.stdin.write(line + "\n")
            process.stdin.flush()
            sent += 1
            ruling = process.stdout.readline()
            assert ruling.strip(), process.stderr.read() if process.stderr else ""
            acknowledged += 1
        for line in lines[stored + sent : stored + sent + rnd.randint(0, 3)]:  # and kill in the middle of these
            process.stdin.write(line + "\n")
            sent += 1
        process.stdin.flush()
        time.sleep(rnd.choice([0, 0, rnd.uniform(0, 0.02)]))
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        with Store.open(db_path) as db:
            live = db.load(game_id)
            now = live.actions
        assert now == tuple(actions[: len(now)]), "stored actions are the game's, in order"
        assert stored + acknowledged <= len(now) <= stored + sent
        stored = len(now)
        if stored == len(actions):  # the game is over: start the next one
            seed, stored, games = seed + 1, 0, games + 1
            setup, actions, lines = game_lines(seed)
            with Store.open(db_path) as db:
                game_id = db.new_game(
                    "homalet",
                    setup.players,  # type: ignore[attr-defined]
                    setup.start,  # type: ignore[attr-defined]
                    setup.deck.to_data(),  # type: ignore[attr-defined]
                )
    assert games or stored > 20  # the kills did not stop the games from going on

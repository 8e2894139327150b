"""What a real terminal shows (issue 27, items 3 and 7): the app run in tmux at 80×24 with
COLORTERM=truecolor, read with ``capture-pane -e``. Eight players of Reign of Dragoness late in
round 5, the details (F3) open: every row of the round table on one row of the terminal, no mark
("passed", "◀ pile") alone on a row, the title's move count whole; the cards in their colours.
Needs tmux (``apt-get install tmux``; .ci/run installs it)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules import dragoness
from companion.store import Store
from tests.helpers.own import own
from tests.helpers.store_games import dragoness_game

NAMES = ["Alexandra", "Bartholomew", "ちえみ", "だいすけくん", "Emi", "Fumi", "Gen", "Hana"]
ESCAPES = re.compile(r"\x1b\[[0-9;:]*[A-Za-z]")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def session(tmp_path: Path) -> Iterator[str]:
    if shutil.which("tmux") is None:
        pytest.fail("these tests read a real terminal: install tmux (apt-get install tmux)")
    name = f"companion-test-{os.getpid()}-{time.monotonic_ns()}"
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def wait_for(session: str, text: str, timeout: float = 20.0) -> str:
    end = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < end:
        shown = tmux("capture-pane", "-p", "-t", session)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never showed:\n{shown}")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_round_table_on_a_real_80x24_terminal(session: str, tmp_path: Path, lang: str) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        live = store.load(dragoness_game(store, NAMES, 0.85))
        state = own(dragoness.State, live.state)
        position = live.position
    # (a tmux server already running gives a new session its own environment: the command says it)
    settings = {"COLORTERM": "truecolor", "COMPANION_DB": str(db), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    command = " ".join(["env", *(f"{k}={shlex.quote(v)}" for k, v in settings.items())])
    command += f" {shlex.quote(sys.executable)} -m companion --lang {lang}"
    root = Path(__file__).resolve().parents[2]
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", str(root), command], check=True
    )
    wait_for(session, "#1")  # the list of games
    tmux("send-keys", "-t", session, "Tab")
    time.sleep(0.3)
    tmux("send-keys", "-t", session, "Enter")
    wait_for(session, f"({position})")
    tmux("send-keys", "-t", session, "F3")
    time.sleep(1.0)
    coloured = tmux("capture-pane", "-e", "-p", "-t", session)
    screen = [ESCAPES.sub("", row) for row in coloured.split("\n")]
    rows = [screen[0], *(row.split("▏")[0] for row in screen[1:])]  # the board's part, left of the side panel
    assert rows[0].rstrip().endswith(f"({position})"), rows[0]  # the move count is never cut
    head = next(i for i, row in enumerate(rows) if "R5" in row or "第5" in row)
    for p, name in enumerate(NAMES):
        row = rows[head + 1 + p]
        total = sum(r.points[p] for r in state.results)
        assert name[:1] in row and re.search(rf"\s{total}\s", row), (name, row)
        marked = p in state.passed or p == state.top_player
        assert marked == any(mark in row for mark in ("pass", "パス", "◀")), row
    marks = {"passed", "pass", "パス", "◀ pile", "◀ パイル", "pile", "パイル", "◀"}
    assert not any(row.strip() in marks for row in rows)
    assert "\x1b[" in coloured and re.search(r"38;2;\d+;\d+;\d+", coloured)  # the terminal shows truecolor
    tmux("send-keys", "-t", session, "C-q")

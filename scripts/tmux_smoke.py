"""Drive the real table app in tmux: start it, play a few moves, kill it with SIGKILL, start it
again and find the same game state, then quit with ctrl+q.

    python scripts/tmux_smoke.py [--lang en|ja] [--keep]

Exit status 0 when every step held; each step is printed as it passes. Needs tmux.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Aki", "Ben", "Chie"]
HOMALET = [
    line
    for line in (ROOT / "examples" / "lines" / "homalet.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]  # the short game the app's tests play too

SESSION = f"companion-smoke-{os.getpid()}"
MOVES = HOMALET[:7]


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-t", SESSION)


def wait_for(text: str, timeout: float = 15.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            shown = screen()
        except subprocess.CalledProcessError:
            shown = ""
        if text in shown:
            return shown
        time.sleep(0.1)
    raise SystemExit(f"FAIL: {text!r} never appeared; the screen was:\n{shown}")


def keys(*names: str, pause: float = 0.15) -> None:
    for name in names:
        tmux("send-keys", "-t", SESSION, name)
        time.sleep(pause)


def typed(line: str) -> None:
    tmux("send-keys", "-t", SESSION, "-l", line)
    time.sleep(0.15)
    keys("Enter", pause=0.3)


def start(db: Path, lang: str) -> int:
    """Start the app in a detached 80×24 session; its process id (the pane runs it directly)."""
    env = (
        f"COMPANION_DB={db} PYTHONPATH={ROOT} LANG={'ja_JP.UTF-8' if lang == 'ja' else 'en_US.UTF-8'} "
        f"XDG_CONFIG_HOME={db.parent / 'config'}"
    )  # no language remembered from the user's own runs
    command = f"exec env {env} {sys.executable} -m companion"
    tmux("new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", command)
    return int(tmux("display-message", "-p", "-t", SESSION, "#{pane_pid}").strip())


def game_part(shown: str) -> list[str]:
    """The title, the board and the details: what must be the same after a restart."""
    return shown.splitlines()[:14]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "ja"), default="en")
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("FAIL: tmux is not installed")
        return 1
    home_word, game_word = ("途中のゲーム", "プレイヤー") if args.lang == "ja" else ("Resume", "Players")
    folder = Path(tempfile.mkdtemp(prefix="companion-smoke-"))
    db = folder / "games.sqlite3"
    try:
        pid = start(db, args.lang)
        wait_for(home_word)
        print("ok: the app starts at the home screen")
        keys("Enter")  # New game: the players' names have the focus
        wait_for(game_word)
        tmux("send-keys", "-t", SESSION, "-l", ", ".join(PLAYERS))
        keys("BTab", "Enter", "Down", "Enter")  # back to the game list: Six-Suit Fortress, then HOMALET
        wait_for("HOMALET")
        keys("Tab", "Enter", pause=0.5)  # the names again, and Enter starts the game
        wait_for("#1 HOMALET")
        for line in MOVES:
            typed(line)
        before = game_part(wait_for(f"({len(MOVES)})"))
        print(f"ok: {len(MOVES)} moves played: {', '.join(MOVES)}")
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        if SESSION in subprocess.run(["tmux", "ls"], capture_output=True, text=True).stdout:
            tmux("kill-session", "-t", SESSION)
        print("ok: killed with SIGKILL")
        start(db, args.lang)
        wait_for(home_word)
        keys("Tab", "Enter", pause=0.3)  # the most recent unfinished game
        after = game_part(wait_for(f"({len(MOVES)})"))
        if after != before:
            print("FAIL: the state after the restart differs:\n" + "\n".join(before) + "\n---\n" + "\n".join(after))
            return 1
        print("ok: after the restart the game is exactly where it was")
        keys("C-q")
        end = time.monotonic() + 10
        while SESSION in subprocess.run(["tmux", "ls"], capture_output=True, text=True).stdout:
            if time.monotonic() > end:
                print("FAIL: ctrl+q did not quit")
                return 1
            time.sleep(0.1)
        print("ok: ctrl+q quits")
        return 0
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

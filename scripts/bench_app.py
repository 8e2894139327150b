"""Benchmark the table app.

1. Cold start to the home screen, as a ratio to a bare Textual app measured in the same run (each
   a fresh Python process, headless 80×24, alternating; medians). Goal: ≤ 1.15 (issue 18).
2. Enter to the updated screen, at the end of the longest example game (examples/records, imported
   into a temporary store): for one action typed in the entry line, and for an undo (ctrl+z),
   each pressed through Textual's Pilot; timed from the key's handler starting to the last frame
   written because of it (the store's durable commit included). Goal: ≤ 16 ms (one frame) each,
   medians.

    python scripts/bench_app.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "examples" / "records"
SETTLE = 0.15  # seconds of quiet before and after each key

BARE = """
import time
from textual.app import App
from textual.widgets import Label
class Bare(App):
    def compose(self):
        yield Label("home")
async def ready(pilot):
    await pilot.pause()
    print(time.time())
    pilot.app.exit()
Bare().run(headless=True, size=(80, 24), auto_pilot=ready)
"""

COMPANION = """
import time
from companion.app.app import CompanionApp
async def ready(pilot):
    await pilot.pause()
    assert pilot.app.screen.__class__.__name__ == "HomeScreen"
    print(time.time())
    pilot.app.exit()
CompanionApp(lang="en").run(headless=True, size=(80, 24), auto_pilot=ready)
"""


def cold_start(code: str, env: dict[str, str]) -> float:
    """From starting the process to its first screen being ready (the child prints the clock then)."""
    start = time.time()
    done = subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=ROOT, capture_output=True, text=True)
    return float(done.stdout.split()[-1]) - start


def start_ratio(runs: int, db: Path) -> tuple[float, float, float]:
    """Both programs start from compiled bytecode, as an installed package does (the bytecode of
    this checkout goes to a temporary folder, whatever PYTHONDONTWRITEBYTECODE says)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "COMPANION_DB": str(db),
        "PYTHONPYCACHEPREFIX": str(db.parent / "pycache"),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bare, app = [], []
    cold_start(BARE, env), cold_start(COMPANION, env)  # warm the file cache and .pyc files
    for _ in range(runs):
        bare.append(cold_start(BARE, env))
        app.append(cold_start(COMPANION, env))
    b, a = statistics.median(bare), statistics.median(app)
    return b, a, a / b


def longest_record() -> tuple[str, dict[str, Any]]:
    files = sorted(RECORDS.glob("*.json"))
    data = {f.name: json.loads(f.read_text(encoding="utf-8")) for f in files}
    name = max(data, key=lambda n: len(data[n]["actions"]))
    return name, data[name]


async def keys_timed(runs: int, db: Path) -> dict[str, float]:
    """Median seconds from the key's handler starting (Enter: the entry line's ``play``; ctrl+z:
    ``action_undo``) to the last frame written because of it (the app's ``_display`` is watched)."""
    from textual.widgets import Input

    from companion.app.app import CompanionApp
    from companion.app.screens.track import GameScreen
    from companion.store import Store

    _, record = longest_record()
    with Store.open(db) as store:
        game_id = store.import_record(record)
        store.load(game_id).undo(2)  # the game's end is two actions ahead: play one, undo it
    app = CompanionApp(lang="en", db_path=str(db))
    frames: list[float] = []
    starts: list[float] = []
    times: dict[str, list[float]] = {"action": [], "undo": []}
    async with app.run_test(size=(80, 24)) as pilot:
        display = app._display

        def watched(screen: Any, update: Any) -> None:
            display(screen, update)
            frames.append(time.perf_counter())

        app._display = watched  # type: ignore[method-assign,assignment]
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for name in ("play", "action_undo"):
            handler = getattr(screen, name)

            def timed(*args: Any, handler: Any = handler) -> Any:
                starts.append(time.perf_counter())
                return handler(*args)

            setattr(screen, name, timed)
        live = screen.live
        entry = screen.query_one("#entry", Input)
        live.redo()
        line = live.engine.action_line(live._state_at(live.position - 1), live.actions[-1])
        live.undo()
        screen.show()
        for _ in range(runs):
            for key, what in (("enter", "action"), ("ctrl+z", "undo")):
                if key == "enter":
                    entry.value = line
                await pilot.pause()
                await asyncio.sleep(SETTLE)
                frames.clear()
                starts.clear()
                await pilot.press(key)
                await asyncio.sleep(SETTLE)  # every frame the key causes is written by then
                assert starts and frames, what
                times[what].append(frames[-1] - starts[0])
            assert entry.value == "", screen.ruling
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        b, a, ratio = start_ratio(args.runs, Path(folder) / "start.sqlite3")
        print(
            f"cold start to the home screen: bare Textual {b * 1000:.0f} ms, companion {a * 1000:.0f} ms, "
            f"ratio {ratio:.2f} (goal <= 1.15, issue 18)"
        )
        name, record = longest_record()
        timed = asyncio.run(keys_timed(args.runs, Path(folder) / "keys.sqlite3"))
    print(f"longest example game: {name}, {len(record['actions'])} actions")
    print(f"Enter to the updated screen, one action: {timed['action'] * 1000:.1f} ms (goal <= 16)")
    print(f"ctrl+z to the updated screen, undo: {timed['undo'] * 1000:.1f} ms (goal <= 16)")
    cores = os.cpu_count() or 1
    print(f"machine: {cores} cores, load average {os.getloadavg()[0]:.1f} (timings grow with the load)")


if __name__ == "__main__":
    main()

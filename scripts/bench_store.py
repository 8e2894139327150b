"""Benchmark: the game store against the rules alone, in this one process.

For each record in ``examples/records/`` (and the longest game, Dragoness 8 players over five
rounds, among them):

- **replay in memory**: the record read and folded (``read_record`` + ``fold_record``), actions/s;
- **import**: the same record stored as a new game (read, folded, checked for a duplicate,
  every action and a checkpoint every 32 actions written, one transaction), actions/s;
- **resume**: opening the store and loading the game at its end (from the nearest checkpoint);
- **undo**: undoing the last action of the loaded game (and the redo that puts it back);
- **durable play**: the game played again action by action through ``LiveGame.play``, each action
  committed with fsync before it returns: the median and the 99th percentile.

Goals (issue 11): import >= half the in-memory replay speed; resume and undo <= 20 ms; one durable
action small against a keystroke (fsync sets its floor). Timings are medians of ``--runs`` runs.

    python scripts/bench_store.py [--runs N] [--dir FOLDER]

``--dir`` is where the temporary databases go (default: the system's temporary folder): put it on
the disk whose fsync you want to measure.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.records import game_records
from companion.store import Store

RECORDS = Path(__file__).resolve().parent.parent / "examples" / "records"
GOAL_MS = 20.0


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def measure(path: Path, data: dict[str, Any], folder: Path, runs: int) -> dict[str, Any]:
    actions = len(data["actions"])
    replay, imported, resume, undo, redo = [], [], [], [], []
    for run in range(runs):
        start = time.perf_counter()
        game_records.fold_record(game_records.read_record(data))
        replay.append(time.perf_counter() - start)
        db_path = folder / f"{path.stem}-{run}.sqlite3"
        with Store.open(db_path) as db:
            start = time.perf_counter()
            game_id = db.import_record(data)
            imported.append(time.perf_counter() - start)
        start = time.perf_counter()
        db = Store.open(db_path)
        live = db.load(game_id)
        resume.append(time.perf_counter() - start)
        start = time.perf_counter()
        live.undo()
        undo.append(time.perf_counter() - start)
        start = time.perf_counter()
        live.redo()
        redo.append(time.perf_counter() - start)
        db.close()
    plays = []
    record = game_records.read_record(data)
    with Store.open(folder / f"{path.stem}-play.sqlite3") as db:
        setup = record.setup
        live = db.load(
            db.new_game(record.engine.GAME, setup.players, getattr(setup, "start", None), record.deck.to_data())
        )
        for action in record.actions:
            start = time.perf_counter()
            live.play(action)
            plays.append(time.perf_counter() - start)
    plays.sort()
    return {
        "game": record.engine.GAME,
        "players": len(record.setup.players),
        "actions": actions,
        "replay": actions / statistics.median(replay),
        "import": actions / statistics.median(imported),
        "resume": statistics.median(resume),
        "undo": statistics.median(undo),
        "redo": statistics.median(redo),
        "play_median": statistics.median(plays),
        "play_p99": plays[min(len(plays) - 1, int(0.99 * len(plays)))],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--dir", type=Path, default=None, help="where the temporary databases go")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.dir))
    results = []
    try:
        for path in sorted(RECORDS.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            r = measure(path, data, folder, args.runs)
            results.append(r)
            print(
                f"{r['game']:10} {r['players']} players, {r['actions']:4} actions: "
                f"replay {r['replay']:8,.0f} actions/s, import {r['import']:8,.0f} actions/s "
                f"(ratio {r['import'] / r['replay']:.2f}); resume {ms(r['resume'])}, undo {ms(r['undo'])}, "
                f"redo {ms(r['redo'])}; durable play: median {ms(r['play_median'])}, 99th {ms(r['play_p99'])}"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not results:
        raise SystemExit(f"no records in {RECORDS}")
    ratio = min(r["import"] / r["replay"] for r in results)
    worst = max(max(r["resume"], r["undo"]) for r in results)
    print(f"import / replay, lowest: {ratio:.2f} (goal >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'})")
    print(
        f"resume or undo, slowest: {ms(worst)} (goal <= {GOAL_MS:.0f} ms: "
        f"{'met' if worst * 1e3 <= GOAL_MS else 'NOT met'})"
    )
    print(f"durable play, 99th percentile, slowest: {ms(max(r['play_p99'] for r in results))}")


if __name__ == "__main__":
    main()

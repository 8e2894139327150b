"""Benchmark: replaying each example game record, and answering "what is allowed now".

For each record in ``examples/records/`` (Fortress 5 players, HOMALET 7, Dragoness 8 over five
rounds) the whole record is folded several times in this one process; the median gives actions
per second. "What is allowed now" is asked at every state of the game, and the median and the
slowest answer are reported. Goals (issue 9): replay >= 20,000 actions/s for every record;
each "allowed now" answer <= 5 ms.

    python scripts/bench_engines.py [--runs N]

The last line reads ``slowest replay: N actions/s (GAME)``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from companion.rules import game_records

RECORDS = Path(__file__).resolve().parent.parent / "examples" / "records"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    slowest: tuple[float, str] | None = None
    for path in sorted(RECORDS.glob("*.json")):
        record = game_records.read_record(json.loads(path.read_text(encoding="utf-8")))
        engine = record.engine
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            game_records.fold_record(record)
            times.append(time.perf_counter() - start)
        rate = len(record.actions) / statistics.median(times)
        # "what is allowed now" at every state along the game
        state = engine.new_state(record.setup)
        asks = []
        for action in (None, *record.actions):
            if action is not None:
                state, _ = engine.apply(state, action)
            start = time.perf_counter()
            engine.allowed(state)
            asks.append(time.perf_counter() - start)
        players = len(record.setup.players)
        print(f"{engine.GAME:10} {players} players, {len(record.actions):5} actions: replay {rate:9,.0f} actions/s "
              f"(median of {args.runs}); allowed now: median {statistics.median(asks) * 1e3:.3f} ms, "
              f"slowest {max(asks) * 1e3:.3f} ms")
        if slowest is None or rate < slowest[0]:
            slowest = (rate, engine.GAME)
    if slowest is None:
        raise SystemExit(f"no records in {RECORDS}")
    print(f"slowest replay: {slowest[0]:.0f} actions/s ({slowest[1]})")


if __name__ == "__main__":
    main()

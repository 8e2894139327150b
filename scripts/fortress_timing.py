"""Time Six-Suit Fortress: replay of the example record (actions/s) and "what is allowed now".

Medians of several runs in one process, in CPU time (the machine may be shared); no threshold here
(scripts/bench_engines.py reports for every engine). Run from the repository root:
``python scripts/fortress_timing.py``.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from companion.records.game_records import read_record
from companion.rules import fortress as f


def median_seconds(run: object, repeat: int = 7, number: int = 20) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            run()  # type: ignore[operator]
        times.append((time.process_time() - start) / number)
    return statistics.median(times)


def main() -> None:
    record = read_record(json.loads(Path("examples/records/fortress.json").read_text(encoding="utf-8")))
    assert isinstance(record.setup, f.Setup) and isinstance(record.deck, f.Deck)
    actions = [a for a in record.actions if isinstance(a, f.ACTIONS)]
    assert len(actions) == len(record.actions)
    fold_s = median_seconds(lambda: f.fold(record.setup, actions))
    print(f"replay: {len(actions)} actions in {fold_s * 1000:.2f} ms = {len(actions) / fold_s:,.0f} actions/s")
    states = [f.new_state(record.setup)]
    for action in actions:
        states.append(f.apply(states[-1], action)[0])
    card = record.deck.cards()[0]
    worst = {"allowed": 0.0, "captures": 0.0, "describe": 0.0}
    for state in states:
        worst["allowed"] = max(worst["allowed"], median_seconds(lambda s=state: f.allowed(s), 3, 5))
        worst["captures"] = max(worst["captures"], median_seconds(lambda s=state: f.captures(s, card), 3, 5))
        worst["describe"] = max(worst["describe"], median_seconds(lambda s=state: f.describe(s), 3, 5))
    for name, seconds in worst.items():
        print(f"{name}: slowest over the game {seconds * 1000:.3f} ms")


if __name__ == "__main__":
    main()

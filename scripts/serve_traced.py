"""``companion serve`` under tracemalloc, for finding what its memory holds (``load_serve.py --trace``).

    python scripts/serve_traced.py DIR serve ARGS...   the server, as ``python -m companion serve ARGS``;
        each SIGUSR1 writes DIR/N.snapshot (N from 1), after a full garbage collection
    python scripts/serve_traced.py --compare OLD NEW [--top 25]
        what grew from one snapshot to the other, by line (the innermost frame in companion/ first)

A diagnostic only: tracing makes the server two to three times slower.
"""

from __future__ import annotations

import gc
import runpy
import signal
import sys
import tracemalloc
from pathlib import Path
from types import FrameType

FRAMES = 12


def serve(folder: Path, argv: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    tracemalloc.start(FRAMES)
    taken = 0

    def snapshot(signum: int, frame: FrameType | None) -> None:
        nonlocal taken
        gc.collect()
        taken += 1
        tracemalloc.take_snapshot().dump(str(folder / f"{taken}.snapshot"))
        (folder / f"{taken}.done").write_text(f"{tracemalloc.get_traced_memory()[0]}\n")

    signal.signal(signal.SIGUSR1, snapshot)
    sys.argv = ["companion", *argv]
    runpy.run_module("companion", run_name="__main__", alter_sys=True)


def ours(trace: tracemalloc.Traceback) -> str:
    """The innermost frame in the project (else the innermost of all), as file:line."""
    for frame in reversed(trace):  # the oldest frame first: the most recent last
        if "/companion/" in frame.filename:
            return f"{frame.filename.split('/companion/', 1)[1]}:{frame.lineno}"
    frame = trace[-1]
    return f"{frame.filename.rsplit('/', 2)[-1]}:{frame.lineno}"


def compare(old: Path, new: Path, top: int) -> None:
    before = tracemalloc.Snapshot.load(str(old))
    after = tracemalloc.Snapshot.load(str(new))

    def by_place(snapshot: tracemalloc.Snapshot) -> dict[str, tuple[int, int]]:
        found: dict[str, tuple[int, int]] = {}
        for stat in snapshot.statistics("traceback"):
            key = ours(stat.traceback)
            size, count = found.get(key, (0, 0))
            found[key] = (size + stat.size, count + stat.count)
        return found

    a, b = by_place(before), by_place(after)
    total_a, total_b = sum(s for s, _ in a.values()), sum(s for s, _ in b.values())
    print(f"traced: {total_a / 1e6:.2f} MB -> {total_b / 1e6:.2f} MB ({(total_b - total_a) / 1e6:+.2f} MB)")
    grown = sorted(b, key=lambda k: b[k][0] - a.get(k, (0, 0))[0], reverse=True)
    for key in grown[:top]:
        size, count = b[key]
        old_size, old_count = a.get(key, (0, 0))
        print(f"{(size - old_size) / 1e3:+10.1f} kB {count - old_count:+8d} blocks  now {size / 1e3:9.1f} kB  {key}")


def main() -> None:
    if sys.argv[1:2] == ["--compare"]:
        top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 25
        compare(Path(sys.argv[2]), Path(sys.argv[3]), top)
    else:
        serve(Path(sys.argv[1]), sys.argv[2:])


if __name__ == "__main__":
    main()

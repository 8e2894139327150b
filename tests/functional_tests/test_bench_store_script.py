"""scripts/bench_store.py keeps working: it runs and prints every measure for every example record.
It asserts nothing about speed (timings belong to the script, never to a test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_store_reports_every_measure(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_store.py"), "--runs", "1", "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    records = sorted(p.stem for p in (ROOT / "examples" / "records").glob("*.json"))
    lines = run.stdout.splitlines()
    for game in records:
        line = next(line for line in lines if line.startswith(game))
        for label in ("replay", "import", "resume", "undo", "redo", "durable play: median", "99th"):
            assert label in line, line
    for label in ("import / replay, lowest:", "resume or undo, slowest:", "durable play, 99th percentile"):
        assert any(line.startswith(label) for line in lines), run.stdout
    assert list(tmp_path.iterdir()) == []  # its databases are removed

"""Helpers of the companion serve tests: a store holding the example games, and ``companion
serve`` started as a person starts it, on a port the system chooses (loopback only)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"


def stored_examples(path: Path) -> dict[str, int]:
    """The three example records imported into the store at ``path``: game -> id."""
    ids = {}
    with Store.open(path) as db:
        for game in ("fortress", "homalet", "dragoness"):
            ids[game] = db.import_record(json.loads((RECORDS / f"{game}.json").read_text()))
    return ids


def at_position(path: Path, game_id: int, position: int) -> None:
    """Undo game ``game_id`` back to ``position`` actions (as another program would)."""
    with Store.open(path) as db:
        live = db.load(game_id)
        live.undo(live.position - position)


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]
    except (OSError, IndexError):
        return False
    return state != "Z"


class Served:
    def __init__(
        self,
        db: Path,
        lang: str = "en",
        env: dict[str, str] | None = None,
        preexec_fn: Callable[[], None] | None = None,
    ) -> None:
        environment = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100", **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db), "--lang", lang],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
            preexec_fn=preexec_fn,
        )
        assert self.process.stdout is not None
        self.head: list[str] = []
        deadline = time.monotonic() + 60
        self.link = self.table_link = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.head.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", line)
            if found and not self.link:  # the scorer's link (the table's page is printed after it)
                self.link = found.group(0)
            elif found:
                self.table_link = found.group(0)
            if "ctrl+c" in line:
                break
        assert self.link, "".join(self.head)

    @property
    def port(self) -> int:
        return int(self.link.split(":")[2].split("/")[0])

    def stop(self, signum: int) -> tuple[int, str, str]:
        self.process.send_signal(signum)
        try:
            out, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # never left running after a test
            self.process.kill()
            self.process.communicate()
            raise
        return self.process.returncode, out, err

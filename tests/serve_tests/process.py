"""``companion serve`` started as a person starts it, on a port the system chooses (loopback only)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path


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
    def __init__(self, db: Path, lang: str = "en") -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
        self.process = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db),
                                         "--lang", lang], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=env)
        assert self.process.stdout is not None
        self.head: list[str] = []
        deadline = time.monotonic() + 60
        self.link = ""
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.head.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", line)
            if found:
                self.link = found.group(0)
            if "ctrl+c" in line:
                break
        assert self.link, "".join(self.head)

    def stop(self, signum: int) -> tuple[int, str, str]:
        self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, out, err

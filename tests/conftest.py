"""The whole suite: the tests and the ``companion`` processes they start read compiled bytecode, as an
installed ``companion`` does (pip compiles it), instead of compiling every module again each time.

These machines set ``PYTHONDONTWRITEBYTECODE=1`` and the project is installed editable, so every
``python -m companion`` a test started compiled the whole package from source (about half of each
process's start), and each xdist worker compiled the package and rewrote and compiled every test
module before its first test (half of its collection). The bytecode is written into a folder of its
own under the system's temporary folder (``PYTHONPYCACHEPREFIX``: nothing is written beside the
sources) and kept for the next run; Python checks each file's source time and size, and pytest its
own version, so a changed module is compiled again. What each process runs is the same code."""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTHONPYCACHEPREFIX"):  # chosen by whoever runs the tests, or set for a worker
        return
    folder = Path(tempfile.gettempdir()) / f"companion-tests-pycache-{getattr(os, 'getuid', lambda: 'user')()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:  # no such folder can be made here: every process compiles for itself, as before
        return
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)  # xdist's workers and every process a test starts
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = str(folder)  # and this process, for what it imports from now on (-n 0)
    sys.dont_write_bytecode = False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` (seconds each: whole simulated tables, records typed key by key,
    photographed sheets) run first, the quick ones after, in the order collected otherwise. xdist hands
    the first items out among its workers before the rest, so the long tests start at once on every
    core and the quick ones fill the cores at the end; collected in file order, a 60-second test could
    start last and leave the other core idle while it ran."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (every test module, its parameters and fixtures: some 200,000 objects a
    worker) lives to the end of the run: moved out of the garbage collector's sight, so that its full
    collections during the tests walk only what the tests make (a quarter of the app tests' CPU went
    to walking it again and again)."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (the default, pyproject's addopts): two workers a core, at most eight. Much of the
    suite waits rather than computes (an app test waits for its screen to settle, a test waits for the
    ``companion`` process or the server it started), so one worker a core leaves the cores idle while
    it waits. On this project's 2-core machine (2026-12-03): one worker a core 435 s, two 323 s."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no sched_getaffinity (macOS, Windows): every core
        cores = os.cpu_count() or 1
    return min(8, 2 * cores)

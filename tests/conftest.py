"""The whole suite: the tests and the ``companion`` processes they start read compiled bytecode, as an
installed ``companion`` does (pip compiles it), instead of compiling every module again each time.

These machines set ``PYTHONDONTWRITEBYTECODE=1`` and the project is installed editable, so every
``python -m companion`` a test started compiled the whole package from source (about half of each
process's start), and each xdist worker compiled the package and rewrote and compiled every test
module before its first test (half of its collection). For the run, Python writes the project's
bytecode where it always does (``__pycache__`` beside each source, ignored by git and left out of the
wheel) and keeps it for the next run; the libraries' bytecode is the one pip compiled when it
installed them. Python checks each file's source time and size, and pytest its own version, so a
changed module is compiled again. What each process runs is the same code.

(A folder of its own for the bytecode, ``PYTHONPYCACHEPREFIX``, was tried: Python then looks for every
module's bytecode there, the libraries' too, so a fresh clone compiled Textual, reportlab and the rest
again in each of the four workers: the suite's first run on a fresh clone took 269 s against 217 s
for the next.)"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:  # xdist's workers, and every process a test starts
        sys.dont_write_bytecode = False  # and this process, for what it imports from now on (-n 0)


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected: the list xdist is handed
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``slow`` (seconds each: whole simulated tables, records typed key by key,
    photographed sheets) run first on every worker, the quick ones after, so that the quick ones fill
    the cores at the end; collected in file order, a 60-second test could start last and leave the
    other cores idle while it ran.

    xdist's worksteal hands each worker one contiguous share of the list (the first a quarter, and so
    on; a worker that runs out takes the last half of the longest queue). Each module holding a slow
    test goes whole to one share (its module-scoped fixtures, printed sheets and stored games, made
    once), the heaviest module to the share least loaded so far (``slow(seconds=N)``, 5 s unless
    told); each share runs its slow tests first, longest first, then its modules' quick tests, then
    the other quick tests in the order collected. With the slow tests merely first, the first worker
    was handed all 68 and ran them one after another: the whole run waited 25 s at its end for that
    worker's last ones."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = sorted((item for item in items if _seconds(item)), key=_seconds, reverse=True)
    slow_first = slow + [item for item in items if not _seconds(item)]
    if workers < 2:
        items[:] = slow_first
        return
    shares, left = [], len(items)
    for n in range(workers):  # as worksteal cuts its list: what is left shared among the workers left
        shares.append(left // (workers - n))
        left -= shares[-1]
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.partition("::")[0], []).append(item)
    heavy = [tests for tests in modules.values() if any(map(_seconds, tests))]
    heavy.sort(key=_weight, reverse=True)
    load = [0.0] * workers
    given: list[list[list[pytest.Item]]] = [[] for _ in range(workers)]
    for tests in heavy:
        share = min(range(workers), key=lambda n: load[n])
        load[share] += _weight(tests)
        given[share].append(tests)
    taken = {id(item) for tests in heavy for item in tests}
    rest = [item for item in items if id(item) not in taken]
    ordered: list[pytest.Item] = []
    for share, groups in zip(shares, given, strict=True):
        mine = [item for tests in groups for item in tests]
        if len(mine) > share:  # a share too small for its modules (a run of few tests): slow first, as collected
            items[:] = slow_first
            return
        ordered += sorted((i for i in mine if _seconds(i)), key=_seconds, reverse=True)
        ordered += [i for i in mine if not _seconds(i)] + rest[: share - len(mine)]
        del rest[: share - len(mine)]
    items[:] = ordered


def _weight(tests: list[pytest.Item]) -> float:
    """About how long a module's tests take here: its slow tests' seconds and 0.3 s for each other."""
    return sum(_seconds(item) or 0.3 for item in tests)


def _seconds(item: pytest.Item) -> float:
    """About how long a slow test takes here (``@pytest.mark.slow(seconds=N)``, 5 unless told); 0 for a
    test not marked slow."""
    return max((float(marker.kwargs.get("seconds", 5)) for marker in item.iter_markers("slow")), default=0.0)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (every test module, its parameters and fixtures: some 200,000 objects a
    worker) lives to the end of the run: moved out of the garbage collector's sight, so that its full
    collections during the tests walk only what the tests make (a quarter of the app tests' CPU went
    to walking it again and again).

    The collector's thresholds stay Python's own: with full collections a tenth as often (tried on
    2026-12-05, 9.3 -> 5.6 CPU-s of them) a simulated game's objects, old enough by its end to wait
    for a full collection, piled up, and the test that memory stays flat over 60 games failed on a
    clean clone (227 KB at the peak against 60 KB for 6 games)."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def no_stop_left_behind() -> Iterator[None]:
    """A test that remembers a SIGTERM in this process (``companion.base.exits.request_stop``, as a
    swallowed stop is remembered) forgets it before it ends: else every later test in the same worker
    that writes a file stops with ``Terminated``, and which tests those are depends on how the run was
    shared out among the workers (seen at -n 3: two app tests failed after test_files.py's)."""
    from companion.base.exits import forget_stop, stop_requested

    yield
    left = stop_requested()
    forget_stop()
    assert not left, "the test left a SIGTERM remembered (companion.base.exits): later tests here would stop"


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

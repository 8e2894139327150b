"""Simulated games gathered for a command (``simulate``, ``lab``): a progress bar on a terminal for a run
long enough to wait on, and Ctrl+C keeping the games finished so far. While a finished game is being
kept (a row stored, say) a Ctrl+C waits for it to be kept whole."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TypeVar

from companion.rules.common import Lang, Msg

T = TypeVar("T")
BAR = 30  # the progress bar's width in characters
SHOWN_FROM = 20  # games: a shorter run shows no bar


def progress(done: int, total: int, started: float) -> str:
    """``[#####.....] 120/400  35/s``: the bar as a terminal line redraws it."""
    filled = BAR * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    return f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}  {rate:.0f}/s"


class _Guard:
    """Ctrl+C raises KeyboardInterrupt at once, except inside :meth:`keeping`: there it waits until the
    game is kept."""

    def __init__(self) -> None:
        self.busy = False
        self.pending = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.busy:
            self.pending = True
            return
        raise KeyboardInterrupt

    def done_keeping(self) -> None:
        self.busy = False
        if self.pending:
            raise KeyboardInterrupt


def gather(games: Iterator[T], total: int, keep: Callable[[T], None], label: str = "") -> tuple[int, bool]:
    """Hand each game of ``games`` to ``keep`` as it comes; a bar on standard error when it is a terminal
    and the run is long. Returns how many were kept and whether Ctrl+C stopped the run (the games
    kept so far stay kept; the worker processes are stopped)."""
    shown = sys.stderr.isatty() and total >= SHOWN_FROM
    started, done, stopped = time.perf_counter(), 0, False
    guard = _Guard()
    try:
        previous = signal.signal(signal.SIGINT, guard)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        for game in games:
            guard.busy = True
            keep(game)
            done += 1
            guard.done_keeping()
            if shown and (done % 10 == 0 or done == total):
                print(label + progress(done, total, started).lstrip("\r"), end="\r", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        stopped = True
    finally:
        guard.busy = True  # a second Ctrl+C while the workers stop is not an error
        close = getattr(games, "close", None)
        if close is not None:
            close()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if shown:
            print(file=sys.stderr)
    return done, stopped


def stopped_words(done: int, total: int, lang: Lang) -> str:
    """What a run stopped by Ctrl+C kept, in a sentence."""
    return Msg(
        f"stopped by Ctrl+C after {done} of {total} games: what follows is of those {done}",
        f"Ctrl+C で{total}ゲーム中{done}ゲームで止めました。以下はその{done}ゲームの結果です",
    ).text(lang)

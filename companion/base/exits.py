"""The exit statuses of the ``companion`` command (README.md: Bad input, Signals)."""

from __future__ import annotations

import signal

EXIT_OK = 0
EXIT_DECLINED = 1  # the person answered no (companion delete)
EXIT_BAD_INPUT = 2  # a refusal: one sentence on standard error, nothing changed
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that temporary files are removed as for Ctrl-C."""


_stop_requested: list[bool] = []  # a SIGTERM came in this process (kept when its exception was swallowed)


def request_stop() -> None:
    """Remember a SIGTERM: a library's bare ``except:`` may swallow the exception its handler raises,
    so every file still to be finished checks this first (:func:`raise_if_stopped`)."""
    if not _stop_requested:
        _stop_requested.append(True)


def stop_requested() -> bool:
    return bool(_stop_requested)


def raise_if_stopped() -> None:
    if _stop_requested:
        raise Terminated


def forget_stop() -> None:
    """A new command in this process (the tests' in-process runs) starts with no stop requested."""
    _stop_requested.clear()

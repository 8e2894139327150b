"""The ``companion`` command run as a user runs it: a separate process."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` with ``stdin`` as its standard input."""
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``companion --lang en ARGS``: messages in English whatever the locale."""
    return run("--lang", "en", *args)


def run_here(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``companion ARGS`` called in this process (the CLI's ``main`` with its own standard streams),
    answered as :func:`run` answers. For tests of what a command writes (a PDF, a PNG, a file), not
    of the process: a process start was nearly all of a short command's cost (0.35 s of a 0.38 s
    print: the imports and the fonts), and this process has them already."""
    from tests.helpers.inprocess import call

    done = call(*args, stdin=(stdin or "").encode("utf-8"))
    return subprocess.CompletedProcess(["companion", *args], done.code, done.stdout.decode("utf-8"), done.stderr)


def cli_here(*args: str) -> subprocess.CompletedProcess[str]:
    """:func:`cli` in this process (see :func:`run_here`)."""
    return run_here("--lang", "en", *args)

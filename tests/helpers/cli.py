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

"""The one atomic file writer (companion/base/files.py): whole or not at all, even when a signal comes
the instant its temporary file exists."""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from companion.base.files import atomic_target, write_atomic


class Stopped(Exception):
    """What the test's SIGTERM handler raises (as the command line's raises Terminated)."""


def test_a_signal_right_after_the_temporary_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped

    real = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        made = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)  # the file exists; the writer does not hold its name yet
        return made

    previous = signal.signal(signal.SIGTERM, stop)
    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    try:
        with pytest.raises(Stopped), atomic_target(tmp_path / "x.pdf") as temp:
            temp.write_bytes(b"never finished")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_replaces_whole_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "prefs.json"
    write_atomic(target, "{}\n")
    write_atomic(target, '{"lang": "ja"}\n')
    assert target.read_text(encoding="utf-8") == '{"lang": "ja"}\n' and list(tmp_path.iterdir()) == [target]

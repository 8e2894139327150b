"""Files written whole or not at all: a temporary file beside the target, flushed to the disk, then
renamed over it; what a run killed with SIGKILL left behind is removed by the next one. The one
way anything in companion writes a file."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from companion.base.documents import PATH_SHOWN
from companion.base.exits import raise_if_stopped
from companion.rules.common import Msg, Refusal
from companion.rules.deck_rules import label


class WriteRefused(Refusal):
    """A place a file cannot be written (one line for the user)."""

    def __init__(self, en: str, ja: str) -> None:
        super().__init__(Msg(en, ja))


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def where(path: str | Path) -> str:
    """A path as messages show it: as typed, or quoted and escaped if it would break the line."""
    return label(str(path), PATH_SHOWN)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def remove_leftovers(folder: Path, name: str) -> None:
    """Remove temporary files (or folders) for ``name`` left by a run that was killed (SIGKILL leaves
    them): named ``.NAME.PID.*.part``, and only those whose process is gone (a run going on keeps its own)."""
    for entry in folder.glob(f".{glob.escape(name)}.*.part"):
        pid = entry.name[len(name) + 2 :].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()


def temp_name(target: Path) -> str:
    """The prefix of a temporary file beside ``target``: hidden, with this process's id."""
    return f".{target.name}.{os.getpid()}."


@contextlib.contextmanager
def atomic_target(path: str | Path) -> Iterator[Path]:
    """A temporary file beside ``path``, renamed onto it only when the body succeeds. A target that
    exists and is not a regular file (``/dev/null``, a pipe) is never replaced: the finished file is
    copied into it instead."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise WriteRefused(
            f"cannot write {where(target)}: it is a folder", f"{where(target)} はフォルダなので書き込めません"
        )
    if not folder.is_dir():
        raise WriteRefused(
            f"cannot write {where(target)}: folder {where(folder)} does not exist",
            f"{where(target)} に書き込めません：フォルダ {where(folder)} がありません",
        )
    special = target.exists() and not target.is_file()
    if not special and not os.access(folder, os.W_OK):
        raise WriteRefused(
            f"cannot write {where(target)}: folder {where(folder)} is not writable",
            f"{where(target)} に書き込めません：フォルダ {where(folder)} は書き込み禁止です",
        )
    if special:  # build it where temporary files go, then copy
        prefix, place = f"companion.{os.getpid()}.", Path(tempfile.gettempdir())
    else:
        remove_leftovers(folder, target.name)
        prefix, place = temp_name(target), folder
    temp: str | None = None
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".part", dir=place)
        os.close(fd)
        yield Path(temp)
        raise_if_stopped()  # a SIGTERM whose exception a library swallowed: this file is not finished
        if special:
            with open(temp, "rb") as source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink)
            os.unlink(temp)
            return
        with open(temp, "rb") as handle:
            os.fsync(handle.fileno())
        os.chmod(temp, 0o666 & ~current_umask())
        os.replace(temp, target)
    except BaseException:
        # Stopped (Ctrl-C, SIGTERM) the instant the file was made, before its name was known here:
        # it is this process's, and its name says so.
        for entry in [Path(temp)] if temp is not None else place.glob(glob.escape(prefix) + "*.part"):
            with contextlib.suppress(FileNotFoundError):
                entry.unlink()
        raise


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all. Raises :class:`WriteRefused` (a folder
    that is missing or cannot be written) or OSError; no partial file is left."""
    with atomic_target(path) as temp:
        temp.write_text(text, encoding="utf-8")

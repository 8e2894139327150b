"""Game stores built once and copied for each test that asks for the same one: playing a long game
into SQLite (a write for each action) costs more than the app test that reads it. A copy is the file
the build left, byte for byte, so a test reads and writes its own store as if it had built it."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

SIDECARS = ("-wal", "-shm", "-journal")


class Built:
    """Stores built in ``folder``, one for each key, each with what its build returned."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made: dict[Hashable, tuple[Path, Any]] = {}

    def copy(self, key: Hashable, db: Path, build: Callable[[Path], Any]) -> Any:
        """The store ``build`` makes (given a new file, which it closes) copied to ``db``, a file
        not made yet; what ``build`` returned. The first test with ``key`` builds it."""
        if key not in self.made:
            file = self.folder / f"{len(self.made)}.sqlite3"
            self.made[key] = (file, build(file))
        file, value = self.made[key]
        assert not db.exists(), db
        shutil.copyfile(file, db)
        for end in SIDECARS:
            side = file.with_name(file.name + end)
            if side.exists():
                shutil.copyfile(side, db.with_name(db.name + end))
        return value

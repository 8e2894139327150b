"""The app under test: a fresh game store in a temporary folder, English unless a test says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.app import CompanionApp


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(path))
    monkeypatch.chdir(tmp_path)  # an export lands here
    yield path


def make_app(db: Path, lang: str = "en") -> CompanionApp:
    return CompanionApp(lang="ja" if lang == "ja" else "en", db_path=str(db))

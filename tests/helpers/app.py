"""The table app as the tests make it: a given game store, a given language."""

from __future__ import annotations

from pathlib import Path

from companion.app.app import CompanionApp


def make_app(db: Path, lang: str = "en") -> CompanionApp:
    return CompanionApp(lang="ja" if lang == "ja" else "en", db_path=str(db))

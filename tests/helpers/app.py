"""The table app as the tests make it: a given game store, a given language."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.css.query import NoMatches
from textual.pilot import Pilot

from companion.app.app import CompanionApp


def make_app(db: Path, lang: str = "en") -> CompanionApp:
    return CompanionApp(lang="ja" if lang == "ja" else "en", db_path=str(db))


async def until(pilot: Pilot[Any], holds: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait (the app running) until ``holds()``, at most ``seconds``: a loaded machine takes longer
    than a fixed pause, an idle one no longer than it needs. The caller asserts after it. A screen
    not composed yet (its parts not there: ``NoMatches``) does not hold yet."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not _holds(holds) and loop.time() < end:
        await pilot.pause(0.05)


def _holds(holds: Callable[[], bool]) -> bool:
    try:
        return holds()
    except NoMatches:
        return False

"""The table app (``companion`` with no arguments): thin Textual screens over the engines and the store.

Importing this package costs nothing: Textual loads only when :func:`run` is called.
"""

from __future__ import annotations

from companion.rules.common import Lang


def run(lang: Lang | None = None) -> int:
    """Open the app; returns the exit status."""
    from companion.app.app import CompanionApp

    CompanionApp(lang=lang).run()
    return 0

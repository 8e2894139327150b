"""The table app (``companion`` with no arguments): thin Textual screens over the engines and the store.

Importing this package costs nothing: Textual loads only when :func:`run` is called.
"""

from __future__ import annotations

from companion.rules.common import Lang


def run(lang: Lang | None = None, db_path: str | None = None) -> int:
    """Open the app on the database ``db_path`` (default: ``COMPANION_DB``, else the user's data folder);
    returns the exit status. ``lang`` holds only if ``--lang`` was given: else the language last chosen
    in the app (F2), else ``lang`` (the locale's)."""
    import sys

    from companion.app.app import CompanionApp, remembered_lang

    asked = any(t == "--lang" or t.startswith("--lang=") for t in sys.argv[1:])
    CompanionApp(lang=lang if asked else remembered_lang() or lang, db_path=db_path).run()
    return 0

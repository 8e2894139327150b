"""What the app remembers between runs (the language chosen with F2), in the user's config folder,
written atomically (:func:`companion.base.files.write_atomic`).

The locale stays the default: a language is remembered only once it is chosen in the app, and
``--lang`` on the command line still wins for that run.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.rules.common import Lang

FILE = "app.json"


def prefs_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("companion", appauthor=False)) / FILE


def saved_lang() -> Lang | None:
    """The language last chosen in the app, or None (never chosen, or the file unreadable)."""
    try:
        data = json.loads(prefs_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return "ja" if lang == "ja" else "en" if lang == "en" else None


def save_lang(lang: Lang) -> None:
    """Remember ``lang`` for the next run (other settings in the file kept). Raises OSError or
    :class:`companion.base.files.WriteRefused`."""
    from companion.base.files import write_atomic  # not at start-up: it brings the deck rules of every game

    path = prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data["lang"] = lang
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")

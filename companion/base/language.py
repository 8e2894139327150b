"""The language a person is spoken to in, when nothing else says: the environment's locale."""

from __future__ import annotations

import os

from companion.rules.common import Lang


def default_lang() -> Lang:
    """Japanese when the first locale variable set (LC_ALL, LC_MESSAGES, LANG) starts with ``ja``, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"

"""Text put in the served pages' HTML: escaped, quotes included (every page and fragment uses it)."""

from __future__ import annotations

import html


def esc(text: str) -> str:
    return html.escape(text, quote=True)

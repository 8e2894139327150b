"""Japanese text for the served pages, broken between phrases by the project's one line breaker
(``companion.text.segments``, BudouX and the kinsoku rules): each phrase boundary becomes a
``<wbr>`` in text that may break nowhere else (``word-break: keep-all``), so a line never breaks
inside a word, a number and its counter, a card name (赤7, ローシェン7) or a spot (A1上). English
text breaks at its spaces as it always does."""

from __future__ import annotations

import re

from companion.serve.escape import esc
from companion.text import segments
from companion.text.linebreak import is_japanese

SIDES = "上下左右"


def _glued(before: str, after: str) -> bool:
    """No break between two phrases: a card's name and its number (``赤`` ``7``), a cell and its
    side (``A1`` ``上``)."""
    last, first = before[-1], after[0]
    if first.isascii() and first.isdigit() and not last.isspace():
        return True
    return last.isascii() and last.isalnum() and first in SIDES


RULE_ID = re.compile(r"[FHD]-\d+")  # a rule's id (D-7): never broken at its hyphen


def _kept(html: str) -> str:
    return RULE_ID.sub(lambda m: f'<span class="nb">{m.group(0)}</span>', html)


def phrased(text: str, lang: str = "ja") -> str:
    """``text`` as HTML (escaped): Japanese with a break opportunity between phrases only; a rule's
    id (D-7) is never broken, in any language."""
    if not any(is_japanese(ch) for ch in text):
        return _kept(esc(text))
    lines = []
    for paragraph in text.split("\n"):
        out: list[str] = []
        previous = ""
        for piece, spaced in segments(paragraph):
            if out:
                out.append(" " if spaced else "" if _glued(previous, piece) else "<wbr>")
            out.append(_kept(esc(piece)))
            previous = piece
        lines.append("".join(out))
    return '<span class="ja-text">' + "<br>".join(lines) + "</span>"

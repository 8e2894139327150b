"""The one font every printable uses: IPAexGothic, a TrueType (glyf) Japanese font shipped
under ``assets/fonts`` with its licence, embedded as a subset in each PDF."""

from __future__ import annotations

import functools
import hashlib
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from companion.base.resources import font_file

FONT = "IPAexGothic"


def font_path() -> str:
    return str(font_file())


_seed: list[bytes] = []  # the document being written, while its font objects are made
_plain_tag = ttfonts.SUBSETN


def _subset_tag(n: int, *args: Any) -> bytes:
    """The six-letter tag before a subset's name: reportlab's (AAAAAA, AAAAAB, ...) is the same in
    every file, so imposition tools that merge PDFs would take one file's subset for another's.
    Ours hashes the document's title and the subset's characters: the same input, the same bytes."""
    if not _seed:
        return bytes(_plain_tag(n))
    digest = hashlib.sha256(_seed[-1] + n.to_bytes(4, "big")).digest()
    return bytes(65 + b % 26 for b in digest[:6])


class TaggedTTFont(TTFont):  # type: ignore[misc]
    """A TrueType font whose subsets get a tag of their own in each document."""

    def addObjects(self, doc: Any) -> None:
        state = self.state.get(doc)
        _seed.append(f"{getattr(doc.info, 'title', '')}|{state.subsets if state else ''}".encode())
        try:
            super().addObjects(doc)
        finally:
            _seed.pop()


ttfonts.SUBSETN = _subset_tag


def register_fonts() -> None:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        font = TaggedTTFont(FONT, font_path())
        # Each PDF embeds its own subset, and reportlab copies whole tables out of the font file to
        # build one (5.6 MB of glyph outlines each time). The tables never change: copy each once.
        font.face.get_table = functools.lru_cache(maxsize=None)(font.face.get_table)
        pdfmetrics.registerFont(font)

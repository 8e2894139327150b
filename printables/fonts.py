"""The one font every printable uses: IPAexGothic, a TrueType (glyf) Japanese font shipped
under ``assets/fonts`` with its licence, embedded as a subset in each PDF."""

from __future__ import annotations

import functools

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from companion.decks import assets_dir

FONT = "IPAexGothic"


def font_path() -> str:
    return str(assets_dir() / "fonts" / "ipaexg.ttf")


def register_fonts() -> None:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(FONT, font_path())
        # Each PDF embeds its own subset, and reportlab copies whole tables out of the font file to
        # build one (5.6 MB of glyph outlines each time). The tables never change: copy each once.
        font.face.get_table = functools.lru_cache(maxsize=None)(font.face.get_table)
        pdfmetrics.registerFont(font)

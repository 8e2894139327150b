"""The one font every printable uses: IPAexGothic, a TrueType (glyf) Japanese font shipped
under ``assets/fonts`` with its licence, embedded as a subset in each PDF."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from companion.decks import assets_dir

FONT = "IPAexGothic"


def font_path() -> str:
    return str(assets_dir() / "fonts" / "ipaexg.ttf")


def register_fonts() -> None:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, font_path()))

"""One PNG per card for print-on-demand services: 300 dpi with a 1/8 inch bleed on every side
(825 × 1125 px for poker cards)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.units import inch

from companion.rules.common import Lang
from printables.faces import DeckArt
from printables.layout import LayoutError, atomic_target, new_canvas, output_folder

DPI = 300
BLEED = inch / 8
PNG_SIZES = {"poker": (2.5 * inch, 3.5 * inch), "bridge": (2.25 * inch, 3.5 * inch),
             "mini": (1.75 * inch, 2.5 * inch)}


def cards_pdf(art: DeckArt, size: str) -> bytes:
    """A PDF with one page per card, each page the card plus its bleed, and last the back (which
    print-on-demand services ask for too)."""
    if size not in PNG_SIZES:
        raise LayoutError(f"unknown card size {size!r}: choose {', '.join(PNG_SIZES)}",
                          f"カードの大きさ {size!r} はありません：{'・'.join(PNG_SIZES)} から選んでください")
    w, h = PNG_SIZES[size]
    buffer = io.BytesIO()
    c = new_canvas(buffer, (w + 2 * BLEED, h + 2 * BLEED), f"{art.game} cards")
    art.forms(c, w, h, BLEED)
    for card in art.cards:
        c.translate(BLEED, BLEED)
        art.draw(c, card, w, h)
        c.showPage()
    c.translate(BLEED, BLEED)
    c.doForm(f"back-{art.game}")
    c.showPage()
    c.save()
    return buffer.getvalue()


def progress_bar(done: int, total: int, lang: Lang = "en", width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total} {'枚' if lang == 'ja' else 'cards'}"


def write_pngs(folder: str | Path, art: DeckArt, size: str = "poker",
               report: Callable[[str], None] | None = None, lang: Lang = "en") -> list[Path]:
    out = output_folder(folder)
    pdf = pdfium.PdfDocument(cards_pdf(art, size))
    written = []
    report = report or (lambda text: print(text, end="", file=sys.stderr, flush=True))
    total = len(pdf)
    for index in range(total):  # the cards, then the back
        # PDFium rounds the pixel size up, and 198 pt × 300/72 comes out a hair above 825:
        # scale a hair below so that a poker card is exactly 825 × 1125 pixels.
        image = pdf[index].render(scale=DPI / 72 * (1 - 1e-9)).to_pil()
        name = out / (f"{art.game}-{index + 1:03d}-{art.name(art.cards[index])}.png" if index < len(art.cards)
                      else f"{art.game}-back.png")
        with atomic_target(name) as temp:
            image.save(temp, format="PNG", dpi=(DPI, DPI))
        written.append(name)
        report(progress_bar(index + 1, total, lang))
    report("\n")
    pdf.close()
    return written

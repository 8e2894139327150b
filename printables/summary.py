"""Rule summary cards: 95 × 130 mm, four to a sheet (A4 or Letter), the text flowing from card to card."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer

from companion.rules.common import Lang
from printables.faces import TITLES
from printables.fonts import FONT
from printables.layout import Grid, atomic_target, cut_marks, make_grid, new_canvas, page_note, set_boxes
from printables.qr import define_qr_form, draw_qr
from printables.summary_text import PUBLISHER, sections

CARD = (95 * mm, 130 * mm)
PAD = 6 * mm


class QRBox(Flowable):  # type: ignore[misc]
    """A QR code form with a caption beside it."""

    def __init__(self, form: str, modules: int, size: float, caption: str) -> None:
        super().__init__()
        self.form, self.modules, self.size, self.caption = form, modules, size, caption

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.size

    def draw(self) -> None:
        c = self.canv
        draw_qr(c, self.form, self.modules, 0, 0, self.size)
        c.setFont(FONT, 7.5)
        c.drawString(self.size + 2 * mm, self.size / 2 - 3, self.caption)


def _styles(lang: Lang) -> dict[str, ParagraphStyle]:
    wrap = "CJK" if lang == "ja" else None
    base = ParagraphStyle("body", fontName=FONT, bulletFontName=FONT, fontSize=8.4, leading=11.2, wordWrap=wrap,
                          spaceAfter=2.2,
                          leftIndent=7, bulletIndent=0)
    return {
        "title": ParagraphStyle("title", parent=base, fontSize=14, leading=18, leftIndent=0, spaceAfter=1),
        "subtitle": ParagraphStyle("subtitle", parent=base, fontSize=8, leftIndent=0, textColor="#555555",
                                   spaceAfter=4),
        "heading": ParagraphStyle("heading", parent=base, fontSize=10, leading=13, leftIndent=0, spaceBefore=4,
                                  spaceAfter=2, textColor="#1a237e", keepWithNext=1),
        "body": base,
    }


def story(game: str, lang: Lang, qr: tuple[str, int] | None) -> list[Any]:
    styles = _styles(lang)
    title = TITLES[game].text(lang)
    heading = "ルール要約" if lang == "ja" else "Rule summary"
    out: list[Any] = [Paragraph(escape(f"{title} — {heading}"), styles["title"]),
                      Paragraph(escape("companion による要約。原典の文章ではありません。" if lang == "ja"
                                        else "Summarised by companion, in its own words."), styles["subtitle"])]
    for head, points in sections(game):
        out.append(Paragraph(escape(head.text(lang)), styles["heading"]))
        out.extend(Paragraph(escape(p.text(lang)), styles["body"], bulletText="•") for p in points)
    if qr is not None:
        caption = "発行元のページ" if lang == "ja" else "Publisher's page"
        out += [Spacer(1, 4), QRBox(qr[0], qr[1], 18 * mm, f"{caption}: {PUBLISHER[game]}")]
    return out


def draw_summary(target: str | Path, game: str, lang: Lang, paper: str = "a4") -> int:
    grid: Grid = make_grid(paper, CARD)
    c = new_canvas(target, grid.page, f"{TITLES[game].text(lang)} — summary")
    qr = (f"qr-{game}", define_qr_form(c, f"qr-{game}", PUBLISHER[game])) if game in PUBLISHER else None
    items = story(game, lang, qr)
    pages = 0
    while items:
        set_boxes(c, grid)
        for slot in range(grid.per_page):
            if not items:
                break
            x, y = grid.slot(slot)
            c.setStrokeGray(0.6)
            c.setLineWidth(0.6)
            c.roundRect(x + 2 * mm, y + 2 * mm, CARD[0] - 4 * mm, CARD[1] - 4 * mm, 3 * mm)
            frame = Frame(x + PAD, y + PAD, CARD[0] - 2 * PAD, CARD[1] - 2 * PAD, 0, 0, 0, 0, showBoundary=0)
            before = len(items)
            frame.addFromList(items, c)
            if len(items) == before:  # nothing fits on an empty card: never loop forever
                items.pop(0)
        cut_marks(c, grid)
        page_note(c, grid.page, f"{TITLES[game].text(lang)} — {'ルール要約' if lang == 'ja' else 'rule summary'}",
                  grid)
        c.showPage()
        pages += 1
    c.save()
    return pages


def print_summary(path: str | Path, game: str, lang: Lang, paper: str = "a4") -> int:
    with atomic_target(path) as temp:
        return draw_summary(temp, game, lang, paper)

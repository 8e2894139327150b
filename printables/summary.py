"""Rule summary cards: 95 × 130 mm, four to a sheet (A4 or Letter), the text flowing from card to card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from companion.base.files import atomic_target
from companion.rules.common import Lang, Msg
from printables import typeset
from printables.faces import TITLES
from printables.fonts import FONT
from printables.layout import (
    Grid,
    calibration_ruler,
    cut_marks,
    make_grid,
    new_canvas,
    page_note,
    set_boxes,
)
from printables.qr import define_qr_form, draw_qr
from printables.summary_text import PUBLISHER, sections

CARD = (95 * mm, 130 * mm)
PAD = 6 * mm
QR_MODULE = 1.0 * mm  # as the result sheet's codes: at level H, read from a phone's soft photo (printables.qr)
CAPTION_SIZE = 7.5
CAPTION_LEADING = 10
NUMBER_ROOM = 3 * mm  # at the foot of each card, for its number (1/2)


class QRBox(Flowable):  # type: ignore[misc]
    """A QR code form with its caption beside it, in as many lines as the room beside the code needs.
    The code is never made smaller than QR_MODULE a module (a phone's soft photo reads it): where a
    card has less room, it goes to the next card."""

    def __init__(self, form: str, modules: int, caption: str) -> None:
        super().__init__()
        self.form, self.modules, self.caption = form, modules, caption
        self.size = modules * QR_MODULE

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.size

    def split(self, available_width: float, available_height: float) -> list[QRBox]:
        return []

    def draw(self) -> None:
        c = self.canv
        draw_qr(c, self.form, self.modules, 0, 0, self.size)
        c.setFont(FONT, CAPTION_SIZE)
        lines = typeset.wrap(self.caption, CAPTION_SIZE, self.width - self.size - 2 * mm)
        y = self.size / 2 + (len(lines) - 1) * CAPTION_LEADING / 2 - 0.35 * CAPTION_SIZE
        for line in lines:
            c.drawString(self.size + 2 * mm, y, line)
            y -= CAPTION_LEADING


def _styles(lang: Lang) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle(
        "body",
        fontName=FONT,
        bulletFontName=FONT,
        fontSize=8.4,
        leading=11.2,
        spaceAfter=2.2,
        leftIndent=10,
        bulletIndent=0,
    )
    return {
        "title": ParagraphStyle("title", parent=base, fontSize=14, leading=18, leftIndent=0, spaceAfter=1),
        "subtitle": ParagraphStyle(
            "subtitle", parent=base, fontSize=8, leftIndent=0, textColor="#555555", spaceAfter=4
        ),
        "heading": ParagraphStyle(
            "heading",
            parent=base,
            fontSize=10,
            leading=13,
            leftIndent=0,
            spaceBefore=4,
            spaceAfter=2,
            textColor="#1a237e",
            keepWithNext=1,
        ),
        "body": base,
    }


TEXT_WIDTH = CARD[0] - 2 * PAD
BODY_HEIGHT = CARD[1] - 2 * PAD - NUMBER_ROOM  # the text a card holds


class TextBlock(Flowable):  # type: ignore[misc]
    """A paragraph already broken into lines by the project's line breaker (companion.text), drawn as
    one text object; a paragraph that is not a bullet splits between lines across cards."""

    def __init__(self, lines: list[str], style: ParagraphStyle, bullet: str | None = None) -> None:
        super().__init__()
        self.lines, self.style, self.bullet = lines, style, bullet

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, len(self.lines) * self.style.leading
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[TextBlock]:
        """A bullet (a rule) is never cut across two cards, so that a card read alone gives whole
        rules, unless it is taller than a whole card; other paragraphs split between lines."""
        if self.bullet and self.height <= BODY_HEIGHT:
            return []
        fits = int(available_height // self.style.leading)
        if fits < min(2, len(self.lines)) or fits >= len(self.lines):  # never one line alone at a card's foot
            return []
        return [TextBlock(self.lines[:fits], self.style, self.bullet), TextBlock(self.lines[fits:], self.style)]

    def getSpaceBefore(self) -> float:
        return float(self.style.spaceBefore)

    def getSpaceAfter(self) -> float:
        return float(self.style.spaceAfter)

    def draw(self) -> None:
        st = self.style
        c = self.canv
        c.setFillColor(st.textColor)
        t = c.beginText()
        t.setFont(FONT, st.fontSize, st.leading)
        first = self.height - st.leading + (st.leading - st.fontSize) / 2 + 0.12 * st.fontSize
        if self.bullet:
            t.setTextOrigin(st.bulletIndent, first)
            t.textOut(self.bullet)
        for n, line in enumerate(self.lines):  # a line opening with a bracket hangs by its built-in space
            t.setTextOrigin(st.leftIndent - typeset.hang(line, st.fontSize), first - n * st.leading)
            t.textOut(line)
        c.drawText(t)


def para(text: str, style: ParagraphStyle, bullet: str | None = None) -> TextBlock:
    lines = typeset.wrap(text, style.fontSize, TEXT_WIDTH - style.leftIndent, typeset.code_and_name)
    return TextBlock(lines, style, bullet)


def story(game: str, lang: Lang, qr: tuple[str, int] | None) -> list[Any]:
    styles = _styles(lang)
    title = TITLES[game].text(lang)
    heading = "ルール要約" if lang == "ja" else "Rule summary"
    out: list[Any] = [
        para(f"{title} — {heading}", styles["title"]),
        para(
            "companion による要約。原典の文章ではありません。"
            if lang == "ja"
            else "Summarised by companion, in its own words.",
            styles["subtitle"],
        ),
    ]
    for head, points in sections(game):
        out.append(para(head.text(lang), styles["heading"]))
        out.extend(para(p.text(lang), styles["body"], "•") for p in points)
    if qr is not None:
        caption = Msg(f"Publisher's page:\n{PUBLISHER[game]}", f"発行元のページ：\n{PUBLISHER[game]}")
        out += [Spacer(1, 4), QRBox(qr[0], qr[1], caption.text(lang))]
    return out


def _space_before(item: Any, first: bool) -> float:
    return 0.0 if first else float(getattr(item, "getSpaceBefore", lambda: 0)())


def paginate(items: list[Any], width: float, height: float) -> list[list[tuple[Any, float]]]:
    """The story cut into cards: each card a list of (flowable, its height), filled top down as a
    reportlab Frame would, except that a heading (keepWithNext) never ends a card: it moves to the
    next card with the start of its text. A paragraph too long for the rest of a card is split."""
    cards: list[list[tuple[Any, float]]] = []
    queue = list(items)
    while queue:
        card: list[tuple[Any, float]] = []
        room = height
        while queue:
            item = queue[0]
            gap = _space_before(item, not card)
            _, h = item.wrap(width, room - gap)
            if getattr(item.style if hasattr(item, "style") else None, "keepWithNext", 0) and len(queue) > 1 and card:
                after = h + gap + float(item.getSpaceAfter())
                follower = queue[1]
                _, fh = follower.wrap(width, room - after)
                fits = fh + after <= room or len(follower.split(width, room - after - _space_before(follower, False)))
                if not fits:
                    break
            if h + gap <= room:
                card.append((item, h))
                room -= h + gap + float(getattr(item, "getSpaceAfter", lambda: 0)())
                queue.pop(0)
                continue
            parts = item.split(width, room - gap) if card or room == height else []
            if len(parts) == 1:  # the same thing made smaller to fit (a QR code)
                queue[0] = parts[0]
                continue
            if len(parts) >= 2:
                queue[0:1] = parts
                _, h = parts[0].wrap(width, room - gap)
                card.append((parts[0], h))
                queue.pop(0)
            elif not card:  # taller than an empty card and unsplittable: print it cut rather than loop
                card.append((item, h))
                queue.pop(0)
            break
        cards.append(card)
    return cards


def draw_summary(target: str | Path, game: str, lang: Lang, paper: str = "a4") -> int:
    grid: Grid = make_grid(paper, CARD)
    c = new_canvas(target, grid.page, f"{TITLES[game].text(lang)} — {'ルール要約' if lang == 'ja' else 'rule summary'}")
    qr = (f"qr-{game}", define_qr_form(c, f"qr-{game}", PUBLISHER[game])) if game in PUBLISHER else None
    cards = paginate(story(game, lang, qr), TEXT_WIDTH, BODY_HEIGHT)
    label = f"{TITLES[game].text(lang)} — {'ルール要約' if lang == 'ja' else 'rule summary'}"
    pages = 0
    for first in range(0, len(cards), grid.per_page):
        batch = cards[first : first + grid.per_page]
        set_boxes(c, grid)
        for slot, card in enumerate(batch):
            x, y = grid.slot(slot)
            c.setStrokeGray(0.6)
            c.setLineWidth(0.6)
            c.roundRect(x + 2 * mm, y + 2 * mm, CARD[0] - 4 * mm, CARD[1] - 4 * mm, 3 * mm)
            top = y + CARD[1] - PAD
            for n, (item, h) in enumerate(card):
                top -= _space_before(item, n == 0)
                item.drawOn(c, x + PAD, top - h)
                top -= h + float(getattr(item, "getSpaceAfter", lambda: 0)())
            c.setFont(FONT, 7)
            c.setFillGray(0.4)
            c.drawRightString(x + CARD[0] - PAD, y + PAD - 1, f"{first + slot + 1}/{len(cards)}")
            c.setFillGray(0)
        spots = [grid.slot(i) for i in range(len(batch))]
        cut_marks(c, grid, spots)
        if first == 0:
            calibration_ruler(c, grid, spots)
        page_note(c, grid.page, label, grid, spots)
        c.showPage()
        pages += 1
    c.save()
    return pages


def print_summary(path: str | Path, game: str, lang: Lang, paper: str = "a4") -> int:
    with atomic_target(path) as temp:
        return draw_summary(temp, game, lang, paper)

"""A one-sheet duplex calibration: print it on both sides, hold it against a light, and read on the
back's scales where the front's cross shows through; those two numbers are ``--back-offset X,Y``.
The front also carries 100 mm rulers to check that the printer printed at 100 %."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.base.files import atomic_target
from companion.rules.common import Msg
from printables.draw import wrap
from printables.fonts import FONT
from printables.layout import EDGE, NOTE_SIZE, Duplex, new_canvas, page_note, paper_size

ARM = 30 * mm  # half the length of each line of the front's cross: it crosses both scales 10 mm off
SCALE = 10  # the back's scales run from -SCALE to +SCALE mm: the whole range --back-offset accepts
CROSS_WIDTH = 0.5  # the front cross's line width: the tests find it by this
ZERO_WIDTH = 0.8  # each scale's 0 tick


def targets(page: tuple[float, float]) -> list[tuple[float, float]]:
    """The centres of the front's crosses: the middle of the page and two quarters, so that a
    printer that turns or scales the back (not only shifts it) shows it as different readings."""
    w, h = page
    return [(w / 2, h / 2), (w / 4, h * 0.72), (w * 0.75, h * 0.28)]


def behind(point: tuple[float, float], page: tuple[float, float], duplex: Duplex) -> tuple[float, float]:
    """Where a point of the front lands on the back page, seen from the back (portrait page)."""
    x, y = point
    return (page[0] - x, y) if duplex == "long" else (x, page[1] - y)


INSTRUCTIONS = {
    "front": Msg(
        "Duplex calibration, front. Print this file on both sides of one sheet at 100 % (actual size), "
        "with the same duplex setting you will print the deck with. Check with a ruler that the 100 mm "
        "rulers measure 100 mm.",
        "両面印刷の位置合わせ（表）。このファイルを1枚の用紙の両面に、100%（実際のサイズ）で、デッキを印刷する"
        "ときと同じ両面設定で印刷してください。定規で100mmの目盛りが100mmあることを確かめます。",
    ),
    "back": Msg(
        "Duplex calibration, back. Hold the sheet against a light. On each cross, read the horizontal "
        "scale where the front's vertical line shows through (X) and the vertical scale where its "
        "horizontal line shows through (Y), in millimetres. Then print the deck with --back-offset X,Y "
        "(the middle cross's readings; 0,0 needs nothing).",
        "両面印刷の位置合わせ（裏）。用紙を光にかざし、各十字で、表の縦線が透けて見える位置を横の目盛りで（X）、"
        "表の横線が透けて見える位置を縦の目盛りで（Y）、ミリメートル単位で読みます。デッキは --back-offset X,Y "
        "（中央の十字の読み）を付けて印刷してください（0,0 なら不要です）。",
    ),
}


def _text(c: Canvas, msg: Msg, page: tuple[float, float], top: float) -> None:
    c.setFont(FONT, 8.5)
    y = top
    for lang in ("en", "ja"):
        for line in wrap(msg.text(lang), 8.5, page[0] - 2 * (EDGE + 10 * mm)):
            c.drawString(EDGE + 10 * mm, y, line)
            y -= 11
        y -= 4


def _ruler(c: Canvas, x: float, y: float, vertical: bool) -> None:
    """A 100 mm ruler with millimetre ticks, starting at (x, y)."""
    c.saveState()
    c.translate(x, y)
    if vertical:
        c.rotate(90)
    c.setLineWidth(0.25)
    c.line(0, 0, 100 * mm, 0)
    c.setFont(FONT, NOTE_SIZE)
    for k in range(101):
        tick = 3 * mm if k % 10 == 0 else 2 * mm if k % 5 == 0 else 1.2 * mm
        c.line(k * mm, 0, k * mm, tick)
        if k % 10 == 0:
            c.drawCentredString(k * mm, 3.6 * mm, str(k // 10))
    c.drawString(101.5 * mm, 0.5, "cm (100 mm)")
    c.restoreState()


def _cross(c: Canvas, x: float, y: float) -> None:
    c.setLineWidth(CROSS_WIDTH)
    c.line(x - ARM, y, x + ARM, y)
    c.line(x, y - ARM, x, y + ARM)


def _scales(c: Canvas, x: float, y: float) -> None:
    """A horizontal scale (X) just above the point and a vertical one (Y) just right of it, both
    from -SCALE to +SCALE mm in half millimetres, numbered every 5, increasing rightward and upward
    as seen on the back."""
    c.setFont(FONT, NOTE_SIZE)
    off = 4 * mm  # the two scales clear of each other's numbers; the front cross reaches both
    for k in range(-2 * SCALE, 2 * SCALE + 1):
        v = k / 2
        c.setLineWidth(ZERO_WIDTH if k == 0 else 0.25)
        length = 3 * mm if k % 10 == 0 else 2 * mm if k % 2 == 0 else 1.2 * mm
        c.line(x + v * mm, y + off + SCALE * mm, x + v * mm, y + off + SCALE * mm + length)  # X scale, above
        c.line(x + off + SCALE * mm, y + v * mm, x + off + SCALE * mm + length, y + v * mm)  # Y scale, right
        if k % 10 == 0:  # a number every 5 mm
            label = f"{v:+.0f}" if v else "0"
            c.drawCentredString(x + v * mm, y + off + SCALE * mm + 3.8 * mm, label)
            c.drawString(x + off + SCALE * mm + 3.8 * mm, y + v * mm - 2, label)
    c.setLineWidth(0.25)
    c.drawCentredString(x, y + off + SCALE * mm + 7 * mm, "X")
    c.drawCentredString(x + off + SCALE * mm + 5 * mm, y + (SCALE + 2) * mm, "Y")


def draw_calibration(
    target: str | Path, paper: str, duplex: Duplex, back_offset: tuple[float, float] = (0.0, 0.0)
) -> None:
    page = paper_size(paper)
    c = new_canvas(target, page, "Duplex calibration", duplex)
    _text(c, INSTRUCTIONS["front"], page, page[1] - EDGE - 12 * mm)
    _ruler(c, EDGE + 10 * mm, EDGE + 22 * mm, vertical=False)
    _ruler(c, page[0] - EDGE - 12 * mm, page[1] / 2 - 50 * mm, vertical=True)
    for x, y in targets(page):
        _cross(c, x, y)
    page_note(c, page, "calibration 1/2 front")
    c.showPage()
    c.saveState()
    c.translate(*back_offset)
    for point in targets(page):
        _scales(c, *behind(point, page, duplex))
    c.restoreState()
    _text(c, INSTRUCTIONS["back"], page, page[1] - EDGE - 12 * mm)
    page_note(c, page, f"calibration 2/2 back ({duplex}-edge duplex)")
    c.showPage()
    c.save()


def print_calibration(
    path: str | Path, paper: str, duplex: Duplex, back_offset: tuple[float, float] = (0.0, 0.0)
) -> None:
    with atomic_target(path) as temp:
        draw_calibration(temp, paper, duplex, back_offset)

"""Paper, card sizes, the card grid, cut marks, duplex backs, and atomic PDF files."""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.base.files import where
from companion.rules.common import Msg, Refusal
from printables.draw import wrap
from printables.fonts import FONT, register_fonts

rl_config.useA85 = 0  # binary (still compressed) streams: smaller and faster than ASCII85 text

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}
SIZES: dict[str, tuple[float, float]] = {  # trim size in points
    "poker": (63 * mm, 88 * mm),
    "bridge": (57 * mm, 88 * mm),
    "mini": (44 * mm, 63 * mm),
}
Duplex = Literal["long", "short", "none"]
MARK = 4 * mm  # cut mark length where the margin allows
MIN_MARK = 3 * mm  # and never shorter: a mark is something to lay a ruler on
MAX_OFFSET = 10.0  # mm: a back offset beyond this is a typing mistake, not a printer's error
EDGE = 5 * mm  # nothing printed nearer the paper's edge: most printers cannot print there
MARK_GAP = 1 * mm  # between a card (its bleed) and the start of its cut marks
# the paper kept free around the cards: the printer's edge, the gap and the shortest mark (and the
# line's end caps); a sheet holds only the cards that leave this much (Letter: 8 poker cards, not 9)
MARGIN = EDGE + MARK_GAP + MIN_MARK + 0.25 * mm


class LayoutError(Refusal):
    """Options that cannot make a printable, or a place it cannot be written (one line for the user)."""

    def __init__(self, en: str, ja: str) -> None:
        super().__init__(Msg(en, ja))


@dataclass(frozen=True)
class Grid:
    """Cards laid out centred on a sheet. Slot 0 is the top-left card; coordinates are each
    card's trim box, bottom-left origin, in points."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left corner of the bottom-left card's trim box."""
        pw, ph = self.pitch
        x = (self.page[0] - self.cols * pw) / 2 + self.bleed
        y = (self.page[1] - self.rows * ph) / 2 + self.bleed
        return x, y

    def slot(self, index: int) -> tuple[float, float]:
        col, row = index % self.cols, index // self.cols
        x0, y0 = self.origin
        pw, ph = self.pitch
        return x0 + col * pw, y0 + (self.rows - 1 - row) * ph

    def back_slot(self, index: int, duplex: Duplex) -> tuple[float, float]:
        """Where the back of the card in ``index`` goes on the following page, so that it lands
        behind its front after the sheet is turned about its long or short edge. On a portrait
        page the long edge is vertical, so long-edge duplex mirrors left-right; on a landscape
        page (printed turned a quarter on the paper) long-edge duplex mirrors top-bottom."""
        x, y = self.slot(index)
        if duplex == "none":
            return x, y
        flip_x = (duplex == "long") != (self.page[0] > self.page[1])
        if flip_x:
            return self.page[0] - x - self.card[0], y
        return x, self.page[1] - y - self.card[1]

    def trim_box(self) -> tuple[float, float, float, float]:
        x0, y0 = self.origin
        pw, ph = self.pitch
        return (x0, y0, x0 + (self.cols - 1) * pw + self.card[0], y0 + (self.rows - 1) * ph + self.card[1])

    def bleed_box(self) -> tuple[float, float, float, float]:
        x1, y1, x2, y2 = self.trim_box()
        b = self.bleed
        return (x1 - b, y1 - b, x2 + b, y2 + b)


def paper_size(paper: str) -> tuple[float, float]:
    """The portrait size of ``paper`` in points; an unknown name is refused."""
    if paper not in PAPERS:
        raise LayoutError(
            f"unknown paper {paper!r}: choose {' or '.join(PAPERS)}",
            f"用紙「{paper}」はありません。{'か'.join(PAPERS)}を選んでください",
        )
    return PAPERS[paper]


def bleed_points(bleed_mm: float) -> float:
    """A bleed given in millimetres, as points; refused outside 0 to 5 mm."""
    if not 0 <= bleed_mm <= 5:
        raise LayoutError(
            f"bleed {bleed_mm:g} mm is out of range: choose 0 to 5 mm",
            f"塗り足し{bleed_mm:g}mmは範囲外です。0〜5mmで指定してください",
        )
    return float(bleed_mm * mm)


def make_grid(paper: str, size: str | tuple[float, float], bleed_mm: float = 0.0) -> Grid:
    page = paper_size(paper)
    card = SIZES.get(size) if isinstance(size, str) else size
    if card is None:
        raise LayoutError(
            f"unknown card size {size!r}: choose {', '.join(SIZES)}",
            f"カードの大きさ「{size}」はありません。{'・'.join(SIZES)}から選んでください",
        )
    bleed = bleed_points(bleed_mm)
    best: Grid | None = None
    for sheet in (page, (page[1], page[0])):  # portrait, then landscape: the one holding more cards
        cols = int((sheet[0] - 2 * MARGIN) // (card[0] + 2 * bleed))
        rows = int((sheet[1] - 2 * MARGIN) // (card[1] + 2 * bleed))
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best.per_page):
            best = Grid(sheet, card, bleed, cols, rows)
    if best is None:
        raise LayoutError("the card does not fit on the paper", "カードが用紙に収まりません")
    return best


def parse_offset(text: str) -> tuple[float, float]:
    """``X,Y`` in millimetres (each within ±10) as points: the back-side shift that corrects a
    printer's duplex misregistration, read off the calibration sheet."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise LayoutError(
            f"back offset {text!r} is not X,Y in millimetres (for example 0.5,-1)",
            f"裏面のずれ「{text}」はX,Yの形（ミリメートル、例は0.5,-1）ではありません",
        ) from None
    if not (abs(x) <= MAX_OFFSET and abs(y) <= MAX_OFFSET):  # NaN and infinity fail too
        raise LayoutError(
            f"back offset {text} mm is out of range: each of X and Y within ±{MAX_OFFSET:g} mm",
            f"裏面のずれ{text}mmは範囲外です。XもYも±{MAX_OFFSET:g}mm以内で指定してください",
        )
    return x * mm, y * mm


def cut_marks(c: Canvas, grid: Grid, spots: Sequence[tuple[float, float]] | None = None) -> None:
    """Short lines at every trim edge of the cards at ``spots`` (trim origins; every slot by default):
    each row's marks beside its outer cards, each column's above and below its end cards, and only
    outside the block the cards make: an empty slot inside it has nothing to cut, so no mark.
    Full sheets repeat the same marks: they are drawn once a document as a form."""
    spots = [grid.slot(i) for i in range(grid.per_page)] if spots is None else spots
    if not spots:
        return
    drawn = mark_lines(grid, tuple(spots))
    made: dict[tuple[tuple[float, float, float, float], ...], str] = c.__dict__.setdefault("_companion_marks", {})
    key = made.get(drawn)
    if key is None:
        key = made[drawn] = f"marks-{len(made)}"
        c.beginForm(key, 0, 0, grid.page[0], grid.page[1])
        c.setLineWidth(0.3)
        c.setStrokeGray(0.25)
        path = c.beginPath()
        for x1, y1, x2, y2 in drawn:
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
        c.drawPath(path, stroke=1, fill=0)
        c.endForm()
    c.doForm(key)


@functools.lru_cache(maxsize=64)
def mark_lines(grid: Grid, spots: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float, float, float], ...]:
    """The cut marks for cards at ``spots``, as (x1, y1, x2, y2) lines."""
    w, h = grid.card
    b = grid.bleed
    gap = 1 * mm
    length = mark_length(grid)
    block = (
        min(x for x, _ in spots) - b - gap / 2,
        min(y for _, y in spots) - b - gap / 2,
        max(x for x, _ in spots) + w + b + gap / 2,
        max(y for _, y in spots) + h + b + gap / 2,
    )

    def clear(x1: float, y1: float, x2: float, y2: float) -> bool:
        """Outside the block of printed cards: an empty slot inside it gets no marks."""
        lo_x, hi_x, lo_y, hi_y = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
        return not (lo_x < block[2] and hi_x > block[0] and lo_y < block[3] and hi_y > block[1])

    lines = set()
    for row in {round(y, 3) for _, y in spots}:
        xs = [x for x, y in spots if round(y, 3) == row]
        left, right = min(xs) - b - gap, max(xs) + w + b + gap
        for y in (row, row + h):
            lines.add((left, y, left - length, y))
            lines.add((right, y, right + length, y))
    for col in {round(x, 3) for x, _ in spots}:
        ys = [y for x, y in spots if round(x, 3) == col]
        low, high = min(ys) - b - gap, max(ys) + h + b + gap
        for x in (col, col + w):
            lines.add((x, low, x, low - length))
            lines.add((x, high, x, high + length))
    return tuple(sorted(line for line in lines if clear(*line)))


def mark_length(grid: Grid) -> float:
    """Cut marks as long as MARK where the margin allows, never nearer the paper's edge than EDGE
    (make_grid leaves room for MIN_MARK at least)."""
    x1, y1, x2, y2 = grid.bleed_box()
    room = min(x1, y1, grid.page[0] - x2, grid.page[1] - y2) - MARK_GAP - EDGE - 0.25 * mm  # line ends
    return float(max(MIN_MARK, min(MARK, room)))


PRINT_NOTE = "Print at 100 % (actual size) — 100%（実際のサイズ）で印刷してください"
NOTE_SIZE = 6.0  # the smallest text printed anywhere
NOTE_LEADING = 7.5
NOTE_CLEAR = 3 * mm  # between the note and the cut marks beside it


@dataclass(frozen=True)
class Band:
    """Free paper between the EDGE and the cards on one side of a sheet: ``along`` is the free run
    (from, to) parallel to that side, between the cut marks; ``depth`` how far it reaches toward the
    cards from EDGE. ``side``: bottom, top, left or right."""

    side: str
    along: tuple[float, float]
    depth: float


def bands(grid: Grid, spots: Sequence[tuple[float, float]]) -> list[Band]:
    """For each side of the sheet, its widest run of paper free of cut marks."""
    return list(_bands(grid, tuple(spots)))


@functools.lru_cache(maxsize=64)
def _bands(grid: Grid, spots: tuple[tuple[float, float], ...]) -> tuple[Band, ...]:
    w, h = grid.card
    b = grid.bleed
    gap = 1 * mm
    pw, ph = grid.page
    if not spots:
        spots = (grid.slot(0),)
    x1, y1 = min(x for x, _ in spots) - b - gap, min(y for _, y in spots) - b - gap
    x2, y2 = max(x for x, _ in spots) + w + b + gap, max(y for _, y in spots) + h + b + gap
    xs = sorted({x for x, _ in spots} | {x + w for x, _ in spots})
    ys = sorted({y for _, y in spots} | {y + h for _, y in spots})

    def widest(marks: list[float], end: float) -> tuple[float, float]:
        stops = [EDGE, *marks, end - EDGE]
        pairs = list(itertools.pairwise(stops))
        return max(pairs, key=lambda p: p[1] - p[0])

    return (
        Band("bottom", widest(xs, pw), y1 - EDGE),
        Band("top", widest(xs, pw), ph - y2 - EDGE),
        Band("left", widest(ys, ph), x1 - EDGE),
        Band("right", widest(ys, ph), pw - x2 - EDGE),
    )


def _into_band(c: Canvas, band: Band, page: tuple[float, float], height: float) -> None:
    """Move the origin into ``band`` so that something ``height`` tall (0 to height in y, centred
    on x = 0) lies in it, between EDGE and the cards; along a side it reads upward."""
    middle = (band.along[0] + band.along[1]) / 2
    if band.side == "bottom":
        c.translate(middle, EDGE)
    elif band.side == "top":
        c.translate(middle, page[1] - EDGE - height)
    else:
        c.translate(EDGE + height if band.side == "left" else page[0] - EDGE, middle)
        c.rotate(90)


def page_note(
    c: Canvas,
    page: tuple[float, float],
    text: str = "",
    grid: Grid | None = None,
    spots: Sequence[tuple[float, float]] | None = None,
) -> None:
    """The "print at 100 %" reminder and ``text`` on every sheet, never nearer the paper's edge
    than EDGE: at the foot, between the cut marks, or along the left margin where the foot is too
    shallow (turned a quarter, reading upward)."""
    paragraphs = [PRINT_NOTE, *([text] if text else [])]

    def lines_in(band: Band) -> list[str]:
        width = band.along[1] - band.along[0] - 2 * NOTE_CLEAR
        return [line for p in paragraphs for line in wrap(p, NOTE_SIZE, width)]

    c.saveState()
    c.setFillGray(0.35)
    if grid is None:
        band = Band("bottom", (EDGE, page[0] - EDGE), len(paragraphs) * NOTE_LEADING)
    else:
        found = bands(grid, [grid.slot(i) for i in range(grid.per_page)] if spots is None else spots)
        fits = [bd for bd in found if bd.side in ("bottom", "left") and bd.depth >= len(lines_in(bd)) * NOTE_LEADING]
        band = fits[0] if fits else max(found, key=lambda bd: bd.depth - len(lines_in(bd)) * NOTE_LEADING)
    lines = lines_in(band)
    top = min(band.depth, len(lines) * NOTE_LEADING)
    _into_band(c, band, page, top)
    c.setFont(FONT, NOTE_SIZE)
    for i, line in enumerate(lines):
        c.drawCentredString(0, top - (i + 1) * NOTE_LEADING + 2, line)
    c.restoreState()


RULER = 50 * mm


def calibration_ruler(c: Canvas, grid: Grid, spots: Sequence[tuple[float, float]] | None = None) -> float:
    """A ruler in a margin, between the cut marks, to check that the sheet was printed at 100 %:
    50 mm where there is room (less on small cards), ticks every millimetre. Returns its length."""
    found = bands(grid, [grid.slot(i) for i in range(grid.per_page)] if spots is None else spots)
    fits = [bd for bd in found if bd.side in ("top", "right") and bd.depth >= 4 * mm]
    if not fits:
        return 0.0
    band = max(fits, key=lambda bd: bd.along[1] - bd.along[0])
    room = band.along[1] - band.along[0] - 14 * mm  # with room for its label at the right end
    length = float(min(RULER, (room // (10 * mm)) * 10 * mm))
    if length < 20 * mm:
        return 0.0
    c.saveState()
    _into_band(c, band, grid.page, 3.5 * mm)
    c.setLineWidth(0.25)
    c.setStrokeGray(0)
    start = -length / 2 - 5 * mm
    base = 0.5 * mm
    c.line(start, base, start + length, base)
    for k in range(round(length / mm) + 1):
        tick = 2.5 * mm if k % 10 == 0 else 1.6 * mm if k % 5 == 0 else 1 * mm
        c.line(start + k * mm, base, start + k * mm, base + tick)
    c.setFont(FONT, NOTE_SIZE)
    c.setFillGray(0)
    c.drawString(start + length + 1.5 * mm, base + 0.5, f"{length / mm:.0f} mm")
    c.restoreState()
    return length


def set_boxes(c: Canvas, grid: Grid, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    dx, dy = offset
    x1, y1, x2, y2 = grid.trim_box()
    c.setTrimBox((x1 + dx, y1 + dy, x2 + dx, y2 + dy))
    x1, y1, x2, y2 = grid.bleed_box()
    c.setBleedBox((x1 + dx, y1 + dy, x2 + dx, y2 + dy))


DUPLEX_HINT = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


def new_canvas(target: str | Path | BinaryIO, page: tuple[float, float], title: str, duplex: Duplex = "none") -> Canvas:
    """A canvas whose output is the same bytes for the same input, in the embedded Japanese font,
    telling the print dialog not to scale the pages and whether to print both sides."""
    register_fonts()
    c = Canvas(
        str(target) if isinstance(target, str | Path) else target,
        pagesize=page,
        invariant=1,
        initialFontName=FONT,
        initialFontSize=10,
        pageCompression=1,
    )
    c.setTitle(title)
    c.setAuthor("companion")
    c.setCreator("companion printables")
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", DUPLEX_HINT[duplex])
    return c


def output_folder(path: str | Path) -> Path:
    """A folder to write into: created if only it is missing; refused if it cannot be written."""
    out = Path(path)
    if not out.exists():
        if not out.parent.is_dir():
            raise LayoutError(
                f"cannot write into {where(out)}: folder {where(out.parent)} does not exist",
                f"{where(out)} に書き込めません：フォルダ {where(out.parent)} がありません",
            )
        out.mkdir()
    if not out.is_dir() or not os.access(out, os.W_OK):
        raise LayoutError(
            f"cannot write into {where(out)}: it is not a writable folder",
            f"{where(out)} に書き込めません：書き込めるフォルダではありません",
        )
    return out

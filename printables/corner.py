"""A card face's fixed parts: the corner index a fanned hand shows, and the frame that steps around it.

The index stands in the top-left corner and, turned half a circle, in the bottom-right one. Across,
it runs from just inside the print shop's safe zone (never nearer the trim than 3 mm) to INDEX_REACH,
under 8 mm from the trim, so a fan showing 10 mm of each card shows every index whole; down, the
number comes first (its top as far from the top trim as its left side from the side), the suit's
symbol under it, then the suit's word, and on HOMALET's season cards the season's seal (spring with
its +1). The frame is a coloured line FRAME_INSET inside the trim with a notch around each index,
so the index never touches the frame and the face's middle never reaches the index.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.draw import Lines, colour, ink, place_form, text_width
from printables.fonts import register_fonts
from printables.layout import LayoutError

INDEX_REACH = 7.8 * mm  # the index's right edge from the trim (a fan showing 10 mm shows all of it)
INDEX_GAP = 0.3 * mm  # between the safe zone's edge and the index
MIN_SAFE = 3 * mm  # the index is never nearer the trim than this, whatever the shop's safe zone
NUMBER_MAX = 12.0  # points: the index's number
SQUEEZE = 0.85  # a deck's widest number is narrowed to no less than this (as the "10" of a real deck)
MARK_SQUEEZE = 0.7  # a special card's wider mark ("1–12") to no less than this
SUB_SIZE = 7.0  # points: the suit's word (letter, kanji, clan code)
COUNT_SIZE = 8.0  # points: a Dragoness clan's gem count beside its gem
SYMBOL = 3.4 * mm  # the suit symbol's width at most
GEM = 1.6 * mm  # a gem's radius at most (the diamond reaches 0.96 of it up and 0.69 across)
SEAL = 4.2 * mm  # HOMALET's season seal: its diameter at most
PLUS_SIZE = 6.0  # points: the seal's "+1"
CAP = 0.724  # the font's cap height (digits, capitals), in font sizes
KANJI_TOP = 0.86  # how far a kanji reaches above its baseline, in font sizes
DESCENT = 0.22  # how far below its baseline a letter reaches (g, y), in font sizes

FRAME_INSET = 4 * mm  # the frame's outer edge: a 1 mm cutting error leaves it inside a 3 mm safe zone
FRAME_WIDTH: dict[bool, float] = {False: 1.6, True: 4.5}  # line width in points: ordinary, heavy
FRAME_RADIUS = 2.5 * mm
NOTCH_CLEAR = 1.0 * mm  # between the index and the frame stepping around it
CONTENT_CLEAR = 1.5 * mm  # between the frame (its inner edge, its notches) and the face's middle
CORNER_CLEAR = 3 * mm  # below a notch, the face's middle keeps out of the index's column this far down
MIN_TEXT = 6.0  # points: nothing on a card is printed smaller


@dataclass(frozen=True)
class Index:
    """Where a corner index's parts go, as distances from the trim: ``left`` and ``right`` across;
    down from the top trim, each part's baseline or centre (0 where the deck has no such part).
    ``kind``: "symbol" (a suit symbol), "gems" (a gem and its count) or "" (none)."""

    kind: str
    left: float
    right: float
    number_size: float
    number_base: float
    symbol: float
    symbol_r: float
    sub_base: float
    sub_size: float
    seal: float
    seal_r: float
    plus_base: float
    bottom: float

    @property
    def centre(self) -> float:
        return (self.left + self.right) / 2

    @property
    def width(self) -> float:
        return self.right - self.left

    def fit(self, label: str, floor: float = SQUEEZE) -> tuple[float, float]:
        """The size and horizontal squeeze of ``label`` as the index's number: the deck's number size,
        narrowed as far as ``floor`` to fit the index, and made smaller only beyond that."""
        wide = text_width(label, self.number_size)
        if wide <= self.width:
            return self.number_size, 1.0
        if wide * floor <= self.width:
            return self.number_size, self.width / wide
        return self.number_size * self.width / (wide * floor), floor


def make_index(safe: float, labels: Iterable[str], kind: str, seasons: bool = False) -> Index:
    """The index of a deck whose numbers are ``labels``, for a shop whose safe zone is ``safe``."""
    left = max(safe, MIN_SAFE) + INDEX_GAP
    width = INDEX_REACH - left
    if width < 3 * mm:
        raise LayoutError(
            f"a safe zone of {safe / mm:.1f} mm leaves no room for the corner index "
            f"(it must end {INDEX_REACH / mm:g} mm from the trim, where a fanned hand shows it)",
            f"安全領域 {safe / mm:.1f} mm ではコーナーの数字が入りません（扇形に持った手札に見えるよう、"
            f"縁から {INDEX_REACH / mm:g} mm 以内に収めます）",
        )
    register_fonts()
    widest = max(text_width(label, 1.0) for label in labels)
    size = min(NUMBER_MAX, width / (widest * SQUEEZE))
    base = left + CAP * size
    depth = base + 0.17 * size + 0.5 * mm  # under the number and the bar of a 6 or 9
    symbol = symbol_r = 0.0
    if kind == "symbol":
        symbol_r = min(SYMBOL, width) / 2
        symbol, depth = depth + symbol_r, depth + 2 * symbol_r + 0.6 * mm
    elif kind == "gems":
        symbol_r = gem_radius(width)
        symbol, depth = depth + 0.96 * symbol_r, depth + 1.92 * symbol_r + 0.6 * mm
    sub_size = max(MIN_TEXT, min(SUB_SIZE, width / (2 * text_width("M", 1.0))))
    sub_base = depth + KANJI_TOP * sub_size
    depth = sub_base + DESCENT * sub_size
    seal = seal_r = plus_base = 0.0
    if seasons:
        seal_r = min(SEAL, width) / 2
        seal = depth + 0.6 * mm + seal_r
        plus_base = seal + seal_r + 0.5 * mm + CAP * PLUS_SIZE
        depth = plus_base + 0.1 * mm
    return Index(
        kind, left, INDEX_REACH, size, base, symbol, symbol_r, sub_base, sub_size, seal, seal_r, plus_base, depth
    )


def gem_radius(width: float) -> float:
    """A gem beside a one-digit count, both within ``width``."""
    count = text_width("8", COUNT_SIZE)
    return float(min(GEM, (width - count - 0.4 * mm) / (2 * 0.69)))


@dataclass(frozen=True)
class Face:
    """One deck's card face of ``w`` × ``h`` points: its ``index``, and its frame (``heavy``: thick)."""

    w: float
    h: float
    heavy: bool
    index: Index
    safe: float

    @property
    def line(self) -> float:
        return FRAME_WIDTH[self.heavy]

    @property
    def inset(self) -> float:
        """The frame's outer edge from the trim: FRAME_INSET, or 1 mm inside a larger safe zone."""
        return float(max(FRAME_INSET, self.safe + 1 * mm))

    @property
    def inner(self) -> float:
        """The frame's inner edge from the trim, outside the notches."""
        return self.inset + self.line

    @property
    def notch(self) -> tuple[float, float]:
        """The notch around the top-left index, to the frame's inner edge: across, and down."""
        return self.index.right + NOTCH_CLEAR + self.line, self.index.bottom + NOTCH_CLEAR + self.line

    def span(self, low: float, high: float) -> tuple[float, float]:
        """The room (left, right) across the card for the face's middle between heights ``low`` and
        ``high``: inside the frame, and clear of a notch beside it (top-left, or bottom-right)."""
        across, down = self.notch
        down += CORNER_CLEAR  # the strip a fanned hand shows runs a little below the index
        left, right = self.inner + CONTENT_CLEAR, self.w - self.inner - CONTENT_CLEAR
        if high > self.h - down:
            left = max(left, across + CONTENT_CLEAR)
        if low < down:
            right = min(right, self.w - across - CONTENT_CLEAR)
        return left, right

    def free(self, y: float, size: float, wanted: float) -> float:
        """The width a line centred on the card at baseline ``y`` may take: ``wanted`` or less."""
        left, right = self.span(y - 0.25 * size, y + 0.9 * size)
        return float(min(wanted, 2 * min(self.w / 2 - left, right - self.w / 2)))

    def frame(self, c: Canvas, name: str, bleed: float, hex_code: str) -> None:
        """The frame as a form: white to the bleed's edge, the coloured line stepping around both indices."""
        c.beginForm(name, -bleed, -bleed, self.w + bleed, self.h + bleed)
        c.setFillColor(colour("#ffffff"))
        c.rect(-bleed, -bleed, self.w + 2 * bleed, self.h + 2 * bleed, stroke=0, fill=1)
        c.setStrokeColor(colour(hex_code))
        c.setLineWidth(self.line)
        e = self.inset + self.line / 2
        across, down = (v - self.line / 2 for v in self.notch)
        w, h = self.w, self.h
        corners = [(across, h - e), (w - e, h - e), (w - e, down), (w - across, down)]
        corners += [(w - across, e), (e, e), (e, h - down), (across, h - down)]
        _rounded(c, corners, FRAME_RADIUS)
        c.endForm()


def _rounded(c: Canvas, corners: list[tuple[float, float]], radius: float) -> None:
    """Stroke the closed polygon through ``corners`` with each corner rounded."""
    k = 0.5523  # a quarter circle's control points, as a fraction of the radius
    path = c.beginPath()
    n = len(corners)
    for i in range(n + 1):
        (px, py), (vx, vy), (nx, ny) = corners[(i - 1) % n], corners[i % n], corners[(i + 1) % n]
        into = ((vx - px) ** 2 + (vy - py) ** 2) ** 0.5
        out = ((nx - vx) ** 2 + (ny - vy) ** 2) ** 0.5
        r = min(radius, into / 2, out / 2)
        a = (vx + (px - vx) * r / into, vy + (py - vy) * r / into)
        b = (vx + (nx - vx) * r / out, vy + (ny - vy) * r / out)
        if i == 0:
            path.moveTo(*b)
            continue
        path.lineTo(*a)
        path.curveTo(a[0] + (vx - a[0]) * k, a[1] + (vy - a[1]) * k, b[0] + (vx - b[0]) * k, b[1] + (vy - b[1]) * k, *b)
    path.close()
    c.drawPath(path, stroke=1, fill=0)


def index_number(lines: Lines, face: Face, label: str, underline: bool, floor: float = SQUEEZE) -> None:
    """The index's number at the top-left and turned at the bottom-right."""
    size, squeeze = face.index.fit(label, floor)
    x, y = face.index.centre, face.h - face.index.number_base
    lines.add(label, x, y, size, underline=underline, squeeze=squeeze)
    lines.add(label, face.w - x, face.h - y, size, turned=True, underline=underline, squeeze=squeeze)


def corner_form(c: Canvas, name: str, face: Face, hex_code: str, sub: str, symbol: str = "", count: str = "") -> None:
    """The rest of an index, the same on every card of a suit, colour or clan, so drawn once as a
    form: the symbol under the number (a gem with its count for a Dragoness clan), then the word,
    at the top-left and turned at the bottom-right."""
    idx, w, h = face.index, face.w, face.h
    c.beginForm(name, 0, 0, w, h)
    c.setFillColor(ink(hex_code))  # the text's shade; the symbol forms carry their own colour
    lines = Lines()
    lines.add(sub, idx.centre, h - idx.sub_base, idx.sub_size, idx.width)
    lines.add(sub, w - idx.centre, idx.sub_base, idx.sub_size, idx.width, turned=True)
    if symbol and idx.kind == "symbol":
        place_form(c, symbol, idx.centre, h - idx.symbol, idx.symbol_r / 50)
        place_form(c, symbol, w - idx.centre, idx.symbol, -idx.symbol_r / 50)  # turned with its index
    elif symbol and idx.kind == "gems":
        gem_x = idx.left + 0.69 * idx.symbol_r
        number_x = idx.left + 1.38 * idx.symbol_r + 0.4 * mm + text_width(count, COUNT_SIZE) / 2
        base = idx.symbol + CAP * COUNT_SIZE / 2  # the count's baseline: its middle beside the gem's
        place_form(c, symbol, gem_x, h - idx.symbol, idx.symbol_r / 50)
        place_form(c, symbol, w - gem_x, idx.symbol, -idx.symbol_r / 50)
        lines.add(count, number_x, h - base, COUNT_SIZE)
        lines.add(count, w - number_x, base, COUNT_SIZE, turned=True)
    lines.draw(c)
    c.endForm()


def index_season(c: Canvas, face: Face, season: str, hex_code: str, plus: str) -> None:
    """A HOMALET season in both indices: its seal (form ``season-<season>``), and ``plus`` under it."""
    idx, w, h = face.index, face.w, face.h
    place_form(c, f"season-{season}", idx.centre, h - idx.seal, idx.seal_r / 48)
    place_form(c, f"season-{season}", w - idx.centre, idx.seal, -idx.seal_r / 48)
    if plus:
        c.setFillColor(ink(hex_code))
        lines = Lines()
        lines.add(plus, idx.centre, h - idx.plus_base, PLUS_SIZE, idx.width)
        lines.add(plus, w - idx.centre, idx.plus_base, PLUS_SIZE, idx.width, turned=True)
        lines.draw(c)


@functools.lru_cache(maxsize=64)
def face_for(w: float, h: float, safe: float, heavy: bool, labels: tuple[str, ...], kind: str, seasons: bool) -> Face:
    return Face(w, h, heavy, make_index(safe, labels, kind, seasons), safe)

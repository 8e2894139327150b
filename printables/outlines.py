"""Text as filled outlines: the glyphs of the printing font (TrueType ``glyf`` outlines, read with
reportlab's own parse of the font) drawn as paths.

A back's title is drawn this way, once upright and once turned: a renderer rasterises a path the
same way either way up, where text is hinted and cached upright only, so the back turned half a
circle is the same back pixel for pixel, not merely in the drawing."""

from __future__ import annotations

import functools
import struct
from collections.abc import Iterator

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from printables.draw import text_width
from printables.fonts import FONT, register_fonts

Point = tuple[float, float, bool]  # x, y in font units; on the curve or a control point
Contour = list[Point]


@functools.cache
def _font() -> tuple[object, bytes, int]:
    """The registered font's parse: (its face, its glyf table, its units per em)."""
    register_fonts()
    face = pdfmetrics.getFont(FONT).face
    return face, face.get_table("glyf"), int(face.unitsPerEm)


def _simple(data: bytes, contours: int) -> list[Contour]:
    ends = struct.unpack_from(f">{contours}H", data, 10)
    count = ends[-1] + 1 if ends else 0
    at = 10 + 2 * contours
    at += 2 + struct.unpack_from(">H", data, at)[0]  # skip the hinting instructions
    flags: list[int] = []
    while len(flags) < count:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & 8:  # repeated
            flags += [flag] * data[at]
            at += 1

    def axis(short: int, same: int) -> list[int]:
        nonlocal at
        values, value = [], 0
        for flag in flags[:count]:
            if flag & short:
                delta = data[at]
                at += 1
                value += delta if flag & same else -delta
            elif not flag & same:
                value += struct.unpack_from(">h", data, at)[0]
                at += 2
            values.append(value)
        return values

    xs = axis(2, 16)
    ys = axis(4, 32)
    out, start = [], 0
    for end in ends:
        out.append([(float(xs[i]), float(ys[i]), bool(flags[i] & 1)) for i in range(start, end + 1)])
        start = end + 1
    return out


def glyph(gid: int, depth: int = 0) -> list[Contour]:
    """The contours of glyph ``gid`` in font units (composite glyphs resolved)."""
    face, table, _ = _font()
    pos = face.glyphPos  # type: ignore[attr-defined]
    if depth > 8 or gid + 1 >= len(pos) or pos[gid] == pos[gid + 1]:
        return []
    data = table[pos[gid] : pos[gid + 1]]
    contours = struct.unpack_from(">h", data, 0)[0]
    if contours >= 0:
        return _simple(data, contours)
    out: list[Contour] = []
    at = 10
    while True:
        flags, child = struct.unpack_from(">HH", data, at)
        at += 4
        if flags & 1:  # arguments are words
            dx, dy = struct.unpack_from(">hh", data, at)
            at += 4
        else:
            dx, dy = struct.unpack_from(">bb", data, at)
            at += 2
        a, b, c, d = 1.0, 0.0, 0.0, 1.0
        if flags & 8:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flags & 0x40:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flags & 0x80:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        if not flags & 2:  # point-matched components: not in this font's Latin and kana; placed unmoved
            dx = dy = 0
        for contour in glyph(child, depth + 1):
            out.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour])
        if not flags & 0x20:  # no more components
            return out


def _segments(contour: Contour) -> Iterator[tuple[str, list[tuple[float, float]]]]:
    """A closed TrueType contour as a start point and quadratic or straight segments."""
    first = next((i for i, p in enumerate(contour) if p[2]), None)
    if first is None:  # all control points: start half-way between the first two
        start = ((contour[0][0] + contour[1][0]) / 2, (contour[0][1] + contour[1][1]) / 2)
        first = 0
        points = [*contour[1:], contour[0]]
    else:
        start = contour[first][:2]
        points = [*contour[first + 1 :], *contour[:first]]
    yield "move", [start]
    control: tuple[float, float] | None = None
    for x, y, on in [*points, (start[0], start[1], True)]:
        if on:
            if control is None:
                yield "line", [(x, y)]
            else:
                yield "quad", [control, (x, y)]
            control = None
        elif control is None:
            control = (x, y)
        else:
            middle = ((control[0] + x) / 2, (control[1] + y) / 2)
            yield "quad", [control, middle]
            control = (x, y)


def text_contours(text: str, x: float, y: float, size: float) -> list[list[tuple[str, list[tuple[float, float]]]]]:
    """``text`` centred on ``x`` with its baseline at ``y``, at ``size`` points, as closed contours
    of segments in page points, advancing as the font's text does."""
    face, _, units = _font()
    scale = size / units
    left = x - text_width(text, size) / 2
    out = []
    for ch in text:
        gid = face.charToGlyph.get(ord(ch), 0)  # type: ignore[attr-defined]
        for contour in glyph(gid):
            segs = list(_segments(contour))
            out.append([(kind, [(left + px * scale, y + py * scale) for px, py in pts]) for kind, pts in segs])
        left += text_width(ch, size)
    return out


def fill_text(
    c: Canvas, texts: list[tuple[str, float, float, float]], turned_about: tuple[float, float] | None
) -> None:
    """Fill each (text, centre x, baseline, size) as outlines in the current fill colour, and, with
    ``turned_about`` (w, h), each also turned half a circle about the centre of a w × h card."""
    path = c.beginPath()
    for text, x, y, size in texts:
        contours = text_contours(text, x, y, size)
        turns = [False, True] if turned_about is not None else [False]
        for turned in turns:
            for contour in contours:
                for kind, pts in contour:
                    if turned and turned_about is not None:
                        w, h = turned_about
                        pts = [(w - px, h - py) for px, py in pts]
                    if kind == "move":
                        path.moveTo(*pts[0])
                        last = pts[0]
                    elif kind == "line":
                        path.lineTo(*pts[0])
                        last = pts[0]
                    else:
                        (cx, cy), end = pts
                        path.curveTo(
                            last[0] + 2 / 3 * (cx - last[0]),
                            last[1] + 2 / 3 * (cy - last[1]),
                            end[0] + 2 / 3 * (cx - end[0]),
                            end[1] + 2 / 3 * (cy - end[1]),
                            *end,
                        )
                        last = end
                path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)  # the winding TrueType outlines are made for

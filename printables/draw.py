"""Small drawing helpers shared by the faces, summaries and sheets."""

from __future__ import annotations

import functools
import math

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.text import linebreak
from printables.fonts import FONT


def colour(hex_code: str) -> Color:
    return HexColor(hex_code)


def tint(hex_code: str, amount: float) -> Color:
    """``hex_code`` mixed with white: amount 0 is white, 1 the colour itself."""
    base = HexColor(hex_code)
    return Color(1 - (1 - base.red) * amount, 1 - (1 - base.green) * amount, 1 - (1 - base.blue) * amount)


def _luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (channels 0..1)."""
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


TEXT_CONTRAST = 4.6  # printed text against white paper: WCAG's 4.5:1 and a little for inkjets printing light


@functools.lru_cache(maxsize=256)
def ink(hex_code: str) -> Color:
    """The colour to print text in for a deck colour ``hex_code``: the colour itself where it stands
    out from white paper by TEXT_CONTRAST, else the same hue darkened just enough (the light shade
    stays for fills: frames, symbols, tints)."""
    base = HexColor(hex_code)
    rgb = (base.red, base.green, base.blue)

    def ratio(t: float) -> float:
        return 1.05 / (_luminance((rgb[0] * t, rgb[1] * t, rgb[2] * t)) + 0.05)

    if ratio(1.0) >= TEXT_CONTRAST:
        return base
    low, high = 0.0, 1.0  # darkening factor: low always dark enough
    for _ in range(30):
        mid = (low + high) / 2
        low, high = (mid, high) if ratio(mid) >= TEXT_CONTRAST else (low, mid)
    return Color(rgb[0] * low, rgb[1] * low, rgb[2] * low)


def shape_path(c: Canvas, shape: str, cx: float, cy: float, r: float) -> None:
    """Fill a symbol of radius ``r`` centred at (cx, cy) with the current fill colour."""
    if shape == "circle":
        c.circle(cx, cy, r * 0.9, stroke=0, fill=1)
        return
    if shape == "square":
        s = r * 0.8
        c.rect(cx - s, cy - s, 2 * s, 2 * s, stroke=0, fill=1)
        return
    points: list[tuple[float, float]]
    if shape == "triangle":
        points = [
            (cx + r * math.cos(math.radians(90 + 120 * i)), cy - 0.15 * r + r * math.sin(math.radians(90 + 120 * i)))
            for i in range(3)
        ]
    elif shape == "diamond":
        points = [(cx, cy + r), (cx + 0.72 * r, cy), (cx, cy - r), (cx - 0.72 * r, cy)]
    elif shape == "star":
        points = [
            (
                cx + (r if i % 2 == 0 else 0.45 * r) * math.cos(math.radians(90 + 36 * i)),
                cy + (r if i % 2 == 0 else 0.45 * r) * math.sin(math.radians(90 + 36 * i)),
            )
            for i in range(10)
        ]
    else:  # hexagon
        points = [
            (cx + 0.92 * r * math.cos(math.radians(30 + 60 * i)), cy + 0.92 * r * math.sin(math.radians(30 + 60 * i)))
            for i in range(6)
        ]
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def place_form(c: Canvas, name: str, x: float, y: float, scale: float) -> None:
    """Draw form ``name`` with its origin at (x, y), scaled by ``scale``."""
    c.saveState()
    c.transform(scale, 0, 0, scale, x, y)  # one cm operator: placed on every card, so it counts
    c.doForm(name)
    c.restoreState()


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: float) -> float:
    """The width of ``text`` in the printables' font (remembered: card faces repeat their strings)."""
    return float(stringWidth(text, FONT, size))


def fit_size(text: str, size: float, width: float) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``width``."""
    w = text_width(text, size)
    return size if w <= width else size * width / w


def centred(c: Canvas, text: str, x: float, y: float, size: float, width: float | None = None) -> None:
    c.setFont(FONT, fit_size(text, size, width) if width else size)
    c.drawCentredString(x, y, text)


def wrap(text: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` at ``size`` points no wider than ``width``, broken by the project's one
    line breaker (companion.text): Japanese between phrases, English between words."""
    return list(_wrap(text, size, width))


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: float, width: float) -> tuple[str, ...]:
    """wrap, remembered: a deck prints the same special-card text on every copy."""
    return tuple(linebreak.wrap(text, width, functools.partial(text_width, size=size)))


class Lines:
    """Centred strings collected for one card face and drawn as a single PDF text object, in the
    current fill colour; ``turned`` strings are rotated half a circle about their centre line;
    ``underline`` strings get a bar under them (below, as the reader of a turned string sees it);
    ``squeeze`` (below 1) narrows a string to that fraction of its width, its height unchanged."""

    def __init__(self) -> None:
        self.items: list[tuple[str, float, float, float, bool, bool, float]] = []

    def add(
        self,
        text: str,
        x: float,
        y: float,
        size: float,
        fit: float | None = None,
        turned: bool = False,
        underline: bool = False,
        squeeze: float = 1.0,
    ) -> None:
        if fit is not None:
            size = fit_size(text, size, fit)
        self.items.append((text, x, y, size, turned, underline, squeeze))

    def draw(self, c: Canvas) -> None:
        t = c.beginText()
        bars = []
        for text, x, y, size, turned, underline, squeeze in self.items:
            half = squeeze * text_width(text, size) / 2
            t.setFont(FONT, size)
            if turned:
                t.setTextTransform(-squeeze, 0, 0, -1, x + half, y)
            else:
                t.setTextTransform(squeeze, 0, 0, 1, x - half, y)
            t.textOut(text)
            if underline:
                bar = UNDERLINE_DEPTH * size
                bars.append(
                    (
                        x - half,
                        y + bar if turned else y - bar - UNDERLINE_WEIGHT * size,
                        2 * half,
                        UNDERLINE_WEIGHT * size,
                    )
                )
        c.drawText(t)
        for x, y, w, h in bars:
            c.rect(x, y, w, h, stroke=0, fill=1)


UNDERLINE_DEPTH = 0.1  # the bar's gap below the baseline, in font sizes
UNDERLINE_WEIGHT = 0.07  # its thickness, in font sizes

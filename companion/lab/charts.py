"""The lab report's charts as SVG text (inline in one HTML file, so the report opens offline): win rates
with their interval bars against the fair share, and distributions (game length, winning margins) as
histograms one deck under another on a shared scale. Pure functions of plain numbers; every text is
escaped. Each mark carries a ``<title>`` (its exact figures when the pointer rests on it)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from html import escape

# Okabe and Ito's colours, told apart with any colour vision; a deck's colour is its place in the list
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
WIDTH = 680
FONT = "font-family=\"'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif\""
BINS = 30  # a histogram's bars at most


def colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]


@dataclasses.dataclass(frozen=True)
class Bar:
    """One rate: a category (``seat 1``), its share, the interval's ends and the words of its tooltip."""

    category: str
    rate: float
    low: float
    high: float
    note: str


@dataclasses.dataclass(frozen=True)
class Series:
    """One deck's figures in a chart: its label, its colour, and its bars or its values."""

    label: str
    colour: str
    bars: tuple[Bar, ...] = ()
    values: tuple[float, ...] = ()


def _text(x: float, y: float, words: str, size: int = 12, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" {FONT}{extra}>{escape(words)}</text>'
    )


def _legend(series: Sequence[Series], x: float, y: float) -> str:
    out = []
    for s in series:
        out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="12" height="12" fill="{s.colour}"/>')
        out.append(_text(x + 16, y, s.label, 12, "start"))
        x += 24 + 7.5 * len(s.label)
    return "".join(out)


def _frame(height: float, title: str, body: str, label: str) -> str:
    heading = _text(12, 22, title, 15, "start", ' font-weight="bold"')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'width="{WIDTH}" height="{height:.0f}" viewBox="0 0 {WIDTH} {height:.0f}">'
        f'<rect width="100%" height="100%" fill="#ffffff"/>{heading}{body}</svg>'
    )


def rates_chart(title: str, series: Sequence[Series], fairs: Sequence[float], fair_words: str, axis: str) -> str:
    """Grouped bars, one group a category (each seat, the start player) and one bar a deck, each with its
    95 % interval as a line with caps; the fair share a dashed line across (``fairs``: each deck's, one
    line when they agree within a point, else one line a deck in its colour). ``fair_words`` names
    the line, ``{0}`` standing for the share."""
    categories = list(dict.fromkeys(b.category for s in series for b in s.bars))
    height, left, right, top, bottom = 300.0, 56.0, 104.0, 58.0, 44.0  # the fair share's words at the right
    plot_w, plot_h = WIDTH - left - right, height - top - bottom
    highest = max([b.high for s in series for b in s.bars] + [*fairs, 0.1])
    scale = min(1.0, math.ceil(highest * 1.1 * 10) / 10)

    def y(value: float) -> float:
        return top + plot_h * (1 - min(value, scale) / scale)

    out = [_legend(series, left, 44)]
    step = 0.1 if scale <= 0.5 else 0.2
    tick = 0.0
    while tick <= scale + 1e-9:
        out.append(f'<line x1="{left}" x2="{WIDTH - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#dddddd"/>')
        out.append(_text(left - 6, y(tick) + 4, f"{100 * tick:.0f}%", 11, "end"))
        tick += step
    out.append(_text(14, top + plot_h / 2, axis, 12, "middle", f' transform="rotate(-90 14 {top + plot_h / 2:.1f})"'))
    group_w = plot_w / max(1, len(categories))
    bar_w = group_w * 0.7 / max(1, len(series))
    for c, category in enumerate(categories):
        x0 = left + c * group_w + group_w * 0.15
        out.append(_text(left + (c + 0.5) * group_w, height - bottom + 18, category, 12))
        for s_index, s in enumerate(series):
            bar = next((b for b in s.bars if b.category == category), None)
            if bar is None:
                continue
            x = x0 + s_index * bar_w
            mid = x + bar_w / 2
            out.append(
                f'<rect x="{x:.1f}" y="{y(bar.rate):.1f}" width="{bar_w * 0.9:.1f}" '
                f'height="{y(0) - y(bar.rate):.1f}" fill="{s.colour}"><title>{escape(bar.note)}</title></rect>'
            )
            cap = min(8.0, bar_w * 0.3)
            mid = x + bar_w * 0.45
            for end in (bar.low, bar.high):
                out.append(
                    f'<line x1="{mid - cap:.1f}" x2="{mid + cap:.1f}" y1="{y(end):.1f}" y2="{y(end):.1f}" '
                    'stroke="#222222" stroke-width="1.5"/>'
                )
            out.append(
                f'<line x1="{mid:.1f}" x2="{mid:.1f}" y1="{y(bar.low):.1f}" y2="{y(bar.high):.1f}" '
                'stroke="#222222" stroke-width="1.5"/>'
            )
    one = bool(fairs) and max(fairs) - min(fairs) < 0.01
    lines = (
        [(sum(fairs) / len(fairs), "#c00000", "")]
        if one
        else [(fair, s.colour, f"{s.label}: ") for fair, s in zip(fairs, series, strict=True)]
    )
    for n, (fair, stroke, name) in enumerate(lines):
        out.append(
            f'<line x1="{left}" x2="{WIDTH - right}" y1="{y(fair):.1f}" y2="{y(fair):.1f}" stroke="{stroke}" '
            'stroke-width="1.5" stroke-dasharray="6 4"/>'
        )
        words = name + fair_words.format(f"{100 * fair:.0f}%")
        out.append(_text(WIDTH - right + 6, y(fair) + 4 + 13 * n, words, 11, "start", f' fill="{stroke}"'))
    out.append(f'<line x1="{left}" x2="{WIDTH - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#444444"/>')
    return _frame(height, title, "".join(out), title)


def _bins(values: Sequence[float]) -> tuple[float, float, int]:
    """The histogram's first edge, bin width and number of bins: whole numbers a bin while they fit."""
    low, high = math.floor(min(values)), math.floor(max(values))
    span = high - low + 1
    width = max(1, math.ceil(span / BINS))
    return float(low), float(width), math.ceil(span / width)


def histogram_chart(title: str, series: Sequence[Series], axis: str, mean_word: str, share_word: str) -> str:
    """One histogram a deck, one under another on the same bins and the same height scale (the share of
    its games in each bin), each with its mean marked."""
    values = [v for s in series for v in s.values]
    if not values:
        return _frame(60, title, _text(12, 46, "—", 12, "start"), title)
    first, width, count = _bins(values)
    row_h, gap, top, left, right = 70.0, 24.0, 44.0, 56.0, 16.0
    plot_w = WIDTH - left - right
    height = top + len(series) * (row_h + gap) + 30
    shares = []
    for s in series:
        counts = [0] * count
        for v in s.values:
            counts[min(count - 1, int((v - first) // width))] += 1
        shares.append([c / max(1, len(s.values)) for c in counts])
    tallest = max(max(row) for row in shares) or 1.0
    bar_w = plot_w / count
    out = []

    def x(value: float) -> float:
        return left + (value - first) / (width * count) * plot_w

    for r, (s, row) in enumerate(zip(series, shares, strict=True)):
        base = top + (r + 1) * (row_h + gap) - gap
        out.append(_text(left, base - row_h - 4, s.label, 12, "start", f' fill="{s.colour}" font-weight="bold"'))
        out.append(_text(left - 6, base - row_h + 10, f"{100 * tallest:.0f}%", 10, "end", ' fill="#777777"'))
        for i, share in enumerate(row):
            if not share:
                continue
            edge = first + i * width
            words = f"{edge:g}" if width == 1 else f"{edge:g}–{edge + width - 1:g}"
            h = row_h * share / tallest
            out.append(
                f'<rect x="{left + i * bar_w + 0.5:.1f}" y="{base - h:.1f}" width="{max(1.0, bar_w - 1):.1f}" '
                f'height="{h:.1f}" fill="{s.colour}"><title>{escape(f"{words}: {100 * share:.1f}% {share_word}")}'
                "</title></rect>"
            )
        if s.values:
            mean = sum(s.values) / len(s.values)
            at = x(mean + width / 2 if width == 1 else mean)
            out.append(
                f'<line x1="{at:.1f}" x2="{at:.1f}" y1="{base - row_h:.1f}" y2="{base:.1f}" stroke="#222222" '
                'stroke-dasharray="4 3"/>'
            )
            right_side = at < left + plot_w * 0.75  # the words beside the line, inside the chart
            words = f"{mean_word} {mean:.3g}"
            out.append(
                _text(at + 4 if right_side else at - 4, base - row_h + 10, words, 11, "start" if right_side else "end")
            )
        out.append(f'<line x1="{left}" x2="{WIDTH - right}" y1="{base:.1f}" y2="{base:.1f}" stroke="#444444"/>')
    last = top + len(series) * (row_h + gap) - gap
    step = width * max(1, math.ceil(count / 8))  # about eight labels: under a bar's middle, or a bin's edge
    value = first
    while value < first + count * width:
        out.append(_text(x(value + 0.5 if width == 1 else value), last + 16, f"{value:.0f}", 11))
        value += step
    out.append(_text(left + plot_w / 2, last + 30, axis, 12))
    return _frame(height, title, "".join(out), title)

"""A text part of the screen that redraws only the rows whose text changed.

A Static turns its whole Rich Text into Textual content and wraps and styles every row again at
each update, and the screen then repaints every row of it. After a move most rows of the board and
of the move log are the same as before (the log's rows only move down by one ruling), so
:class:`RowText` keeps the drawn rows of each line of its text (keyed by the line's words and
styles) and, when it is updated in place, asks the screen to repaint only the rows that differ.
What it draws is what a Static draws (a test compares them row by row).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widget import _RenderCache

from companion.app.widgets.tiles import CardText

LineKey = tuple[Any, ...]
KEPT_LINES = 64  # drawn lines kept: those of the last drawing, then those of the ones before


def _keys(text: Text) -> list[LineKey]:
    """Each line of ``text`` (as ``Text.split("\n", allow_blank=True)`` cuts it: the same words and
    the spans within them) as the key that decides how it is drawn (its words, styles and how it
    wraps), without building a Text of each line: the line is built only when it is drawn."""
    plain = text.plain
    bounds: list[tuple[int, int]] = []
    start = 0
    for part in plain.split("\n"):
        bounds.append((start, start + len(part)))
        start += len(part) + 1
    spans: list[list[Span]] = [[] for _ in bounds]
    starts = [b[0] for b in bounds]
    for span in text._spans:
        first = max(0, bisect_right(starts, span.start) - 1)
        for index in range(first, len(bounds)):
            low, high = bounds[index]
            if low >= span.end:
                break
            begin, end = max(span.start, low), min(span.end, high)
            if end > begin:
                spans[index].append(Span(begin - low, end - low, span.style))
    shared = (text.style, text.overflow, text.no_wrap, text.tab_size)
    return [(plain[low:high], tuple(kept), *shared) for (low, high), kept in zip(bounds, spans, strict=True)]


def _line(text: Text, key: LineKey) -> Text:
    """The line of ``text`` that ``key`` is the key of."""
    return Text(
        key[0],
        style=text.style,
        justify=text.justify,
        overflow=text.overflow,
        no_wrap=text.no_wrap,
        end=text.end,
        tab_size=text.tab_size,
        spans=list(key[1]),
    )


def _moved(rows: list[Strip], y: int) -> list[Strip]:
    """``rows`` drawn as another line of the text, as line ``y``: the offsets that text selection
    reads from each character's style say the line it is on."""
    moved = []
    for strip in rows:
        segments = []
        for segment in strip:
            text, style, control = segment
            offset = style.meta.get("offset") if style is not None and style._meta is not None else None
            if offset is not None and style is not None:
                segment = Segment(text, style + Style.from_meta({"offset": (offset[0], y)}), control)
            segments.append(segment)
        moved.append(Strip(segments, strip.cell_length))
    return moved


class RowText(CardText):
    """A :class:`CardText` drawn line by line: a line drawn before at the same width is not drawn
    again, and an update in place repaints only the rows that changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: dict[LineKey, dict[int, list[Strip]]] = {}  # the rows of lines drawn lately, by line number
        self._drawn_as: tuple[Any, ...] | None = None  # the width and styles they were drawn at
        self._fresh: tuple[Any, ...] | None = None  # the content and size the render cache holds

    def _by_line(self) -> Text | None:
        """The content, when it is a Text drawn left and top aligned with no text selected (what a
        Static draws line by line); None otherwise."""
        content = self.content
        if not isinstance(content, Text) or self.text_selection is not None or self.screen._selecting:
            return None
        if self.styles.content_align != ("left", "top") or not self.size.width:
            return None
        return content

    def _strips(self, text: Text) -> list[Strip]:
        """The rows of ``text`` at the widget's size, as a Static draws them."""
        width, height = self.size
        style = self.visual_style
        drawn_as = (width, style, self.link_style)
        if drawn_as != self._drawn_as:
            self._drawn, self._drawn_as = {}, drawn_as
        before = self._drawn
        now: dict[LineKey, dict[int, list[Strip]]] = {}
        strips: list[Strip] = []
        for y, key in enumerate(_keys(text)):
            at = now.get(key) or before.get(key) or {}
            rows = at.get(y)
            if rows is None:
                if at:
                    rows = _moved(next(iter(at.values())), y)
                else:
                    rows = Visual.to_strips(self, visualize(self, _line(text, key), markup=False), width, None, style)
                    rows = _moved(rows, y) if y else rows
            now[key] = {**at, y: rows}
            strips.extend(rows)
            if len(strips) >= height:
                break
        for key, at in before.items():  # lines drawn lately (the move log under a preview) stay a while
            if len(now) >= KEPT_LINES:
                break
            now.setdefault(key, at)
        self._drawn = now
        self._fresh = (text, self.size, drawn_as)
        return strips[:height]

    def prepare(self, text: Text) -> None:
        """Draw the lines of ``text`` ahead (what is likely shown next), keeping what is shown as it
        is: when it is shown, its rows are the kept ones."""
        if self._by_line() is None or not isinstance(text, Text):
            return
        shown, fresh = self._drawn, self._fresh
        self._strips(text)
        ahead = self._drawn
        self._drawn = {**shown, **ahead}
        self._fresh = fresh

    def _render_content(self) -> None:
        text = self._by_line()
        if text is None:  # drawn whole, as a Static (a selection shown in it): not the rows kept
            self._fresh = None
            super()._render_content()
            return
        if self._fresh != (text, self.size, (self.size.width, self.visual_style, self.link_style)):
            self._render_cache = _RenderCache(self.size, self._strips(text))
        self._dirty_regions.clear()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``; in place (``layout=False``), only the rows that changed are repainted."""
        old = self._render_cache.lines if self._render_cache.size == self.size else None
        self._Static__content = content  # the Static's own: drawn when shown, not turned into a Visual now
        self._Static__visual = None
        self._fresh = None
        text = None if layout else self._by_line()
        if text is None or old is None:
            self.refresh(layout=layout)
            return
        new = self._strips(text)
        self._render_cache = _RenderCache(self.size, new)
        width = self.size.width
        changed = [y for y in range(max(len(old), len(new))) if y >= len(old) or y >= len(new) or old[y] != new[y]]
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

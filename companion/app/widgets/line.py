"""A one-line title drawn straight from its words: after a move only the move count in it changes,
and a Label would turn the whole line into Textual content, wrap and style it again each time."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widget import Widget


class OneLine(Widget):
    """One row of plain words (never markup: a player's name is shown as typed), in the widget's
    own style; cut at its width."""

    DEFAULT_CSS = "OneLine { height: 1; }"

    def __init__(self, words: str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.words = words

    def update(self, words: str, *, layout: bool = False) -> None:
        """Show ``words`` instead; a row's words never change its size, so nothing is laid out."""
        if words != self.words:
            self.words = words
            self.refresh(layout=layout)

    def render_line(self, y: int) -> Strip:
        width, style = self.content_region.width, self.rich_style
        if y:
            return Strip.blank(width, style)
        return Strip([Segment(self.words, style)]).crop_extend(0, width, style)

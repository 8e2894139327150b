"""Every text the app wraps is wrapped here, by the project's one line breaker (``companion.text.wrap``:
Japanese between BudouX's phrases, no line starting with 、。）」 or ending with （「, a number kept
with its counter or its name, an equation kept whole; English at spaces), at the width of the part
that shows it, in terminal cells, keeping the text's styles.

Two ways in: :func:`broken` breaks a text for a width known now (the game screen's parts, drawn
row by row, call it as they draw); :func:`phrased` gives any other part (a ``Static``) a text
that breaks itself at whatever width it is drawn, on every layout and resize, so Textual never
folds a word, a number or a card in two."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.visual import Visual

from companion.text import wrap

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.css.styles import RulesMap
    from textual.strip import Strip
    from textual.style import Style
    from textual.visual import RenderOptions

NBSP = "\u00a0"
KEPT_WIDTHS = 4  # widths a phrased text keeps its lines for (a resize goes back and forth)


def broken(content: Text | str, width: int) -> Text | str:
    """``content`` with a line break wherever the breaker ends a line at ``width`` cells; as it is if
    every line already fits or if the width is not known yet. A line that fits is kept as it is (a
    table's spaces too); a longer one is broken, its indent kept and measured with its first word."""
    plain = content.plain if isinstance(content, Text) else content
    if width <= 0 or all(cell_len(line) <= width for line in plain.split("\n")):
        return content
    pieces: list[Text | str] = []
    at = 0
    for paragraph in plain.split("\n"):
        part = content[at : at + len(paragraph)]
        at += len(paragraph) + 1
        if cell_len(paragraph) <= width:
            pieces.append(part)
            continue
        # the indent as no-break spaces, one for one: each line is found at the same place
        indent = len(paragraph) - len(paragraph.lstrip(" "))
        held = NBSP * indent + paragraph[indent:]
        start = 0
        for line in wrap(held, width, cell_len):
            found = held.find(line, start)
            if found < 0 or held[start:found].strip(" "):
                return content  # the breaker changed the text: leave it to Textual
            pieces.append(part[found : found + len(line)])
            start = found + len(line)
    if isinstance(content, str):
        return "\n".join(str(piece) for piece in pieces)
    return Text("\n").join(piece if isinstance(piece, Text) else Text(piece) for piece in pieces)


class Phrased(Visual):
    """A text that breaks itself with :func:`broken` at the width it is drawn at (and measures its
    height the same way), then is drawn as Textual draws any text: nothing is left for Textual to
    fold, so a word is never cut in two. ``draw`` (instead of a text) makes the text for a width: a
    table that fits its columns to it."""

    def __init__(self, text: Text, draw: Callable[[int], Text] | None = None) -> None:
        self.text = text
        self.draw = draw
        self._at: dict[int, Content] = {}

    def __str__(self) -> str:
        return self.text.plain

    @property
    def plain(self) -> str:
        """The words (as a Text's ``plain``), however they are broken into lines."""
        return self.text.plain

    def _content(self, width: int) -> Content:
        content = self._at.get(width)
        if content is None:
            text = self.draw(width) if self.draw is not None and width > 0 else self.text
            lines = broken(text, width)
            content = Content.from_rich_text(lines if isinstance(lines, Text) else Text(lines))
            if len(self._at) >= KEPT_WIDTHS:
                self._at.clear()
            self._at[width] = content
        return content

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self._content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._content(0).get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self._content(0).get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._content(width).get_height(rules, width)


def phrased(content: Text | str) -> Phrased:
    """``content`` (never read as markup: a player's name is shown as typed) as a :class:`Phrased`
    text, for a ``Static`` or a ``Label``."""
    return Phrased(content if isinstance(content, Text) else Text(content))


def phrased_at(draw: Callable[[int], Text]) -> Phrased:
    """The text ``draw`` makes for the width it is drawn at, broken as :func:`phrased` breaks it."""
    return Phrased(draw(0), draw)

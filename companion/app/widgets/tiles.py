"""Cards as tiles: the card's face (its rank or number as the notation writes it, and the deck's
symbol) in the deck's colour on a light ground of that colour, as the printed card looks
(``companion.cards.cardlook``). Where the colour would be too light to read on its ground, a darker
shade of it is the text colour (4.5:1 at least).

A tile is clickable (it types the card into the entry line); :class:`CardText` keeps Textual's
clickable-text styling from painting over the card's colours."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from companion.cards.cardlook import Look


def click(token: str | None, style: str | Style = "", line: bool = False) -> Style:
    """Clicking this text types ``token`` into the entry line (the mouse as an alternative);
    with ``line``, ``token`` is a whole line (a choice) and replaces what was typed."""
    base = Style.parse(style) if isinstance(style, str) and style else style if isinstance(style, Style) else Style()
    action = "choose" if line else "insert"
    return base if token is None else base + Style(meta={"@click": f"screen.{action}({token!r})"})


def tile_style(look: Look, token: str | None = None, line: bool = False, extra: str = "") -> Style:
    """The tile's colours (ink on its ground, bold), clickable when ``token`` is given."""
    style = Style(color=look.ink, bgcolor=look.ground, bold=True)
    if extra:
        style += Style.parse(extra)
    return click(token, style, line)


def tile(
    text: Text,
    look: Look,
    token: str | None = None,
    *,
    line: bool = False,
    pad: bool = True,
    extra: str = "",
    width: int = 0,
) -> None:
    """Append ``look`` as a one-row tile: `` R13● `` (``pad``: a space of ground on each side;
    ``width``: at least that many cells, centred, so tiles in a grid line up)."""
    face = f" {look.face} " if pad else look.face
    face = face.center(width)
    text.append(face.replace(" ", "\u00a0"), style=tile_style(look, token, line, extra))  # one piece


def tall_tile(look: Look, width: int = 7) -> list[tuple[str, Style]]:
    """A three-row tile, a card seen from above: its index at the top left, the symbol in the
    middle, the index turned at the bottom right."""
    label = look.label
    return [
        (f" {label}".ljust(width), tile_style(look)),
        (look.glyph.center(width), tile_style(look)),
        (f"{label} ".rjust(width), tile_style(look)),
    ]


class CardText(Static):
    """A Static whose clickable text keeps its own colours: a card stays in its deck's colour (the
    hover shows it reversed, so a click target is still seen)."""

    @property
    def link_style(self) -> Style:
        return Style()

    @property
    def link_style_hover(self) -> Style:
        return Style(reverse=True)

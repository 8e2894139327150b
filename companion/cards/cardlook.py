"""How a card looks wherever it is shown: its colour and its symbol, read from the deck definition.

The printed faces (``printables.faces``) and the table app's tiles (``companion.app.widgets.tiles``)
both take a card's colour, symbol and corner label from here, so a card is drawn alike on paper and
on screen. Pure: the standard library and the rules only (no reportlab, no Textual).

- Six-Suit Fortress: the suit's colour and the shape its deck file gives it.
- HOMALET: the colour's colour; a shape per colour in the deck file's order (``COLOUR_SHAPES``).
- Reign of Dragoness: the clan's colour and its gems (the diamond and their count); the special
  cards share one colour (the deck file's ``special_color``) and show the value they stand for
  (``SPECIAL_MARK``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engines are not imported to draw a card: the app starts without them
    from companion.rules import dragoness, fortress, homalet

COLOUR_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")  # HOMALET: by colour order
GLYPHS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "star": "★", "hexagon": "⬢"}
GEM_SHAPE = "diamond"
SPECIAL_GLYPH = "✦"
# by the special's kind (``dragoness.Kind``, a string enum: its values are these words)
SPECIAL_MARK = {"dragoness": "13", "page": "1–8", "squire": "9–12", "knight": "1–12", "revive": "⇄"}
TEXT_CONTRAST = 4.5  # WCAG AA for text: a tile's text against its ground
TILE_TINT = 0.18  # a tile's ground: the card's colour mixed with white, as the printed card's bleed


@dataclass(frozen=True)
class Look:
    """One card as a tile shows it: ``label`` (rank or number, as the notation writes the card),
    ``glyph`` (the deck's symbol, so nothing depends on colour alone), ``colour`` (the deck's),
    and the tile's ``ground`` and ``ink`` (the colour, darkened where needed for 4.5:1)."""

    label: str
    glyph: str
    colour: str

    @property
    def ground(self) -> str:
        return tint(self.colour, TILE_TINT)

    @property
    def ink(self) -> str:
        return ink_on(self.colour, self.ground)

    @property
    def face(self) -> str:
        return f"{self.label}{self.glyph}"


def homalet_shapes(deck: homalet.Deck) -> dict[str, str]:
    """The symbol of each HOMALET colour (the deck file gives colours no shape: by their order)."""
    return {col.key: COLOUR_SHAPES[i % len(COLOUR_SHAPES)] for i, col in enumerate(deck.colours)}


def fortress_look(deck: fortress.Deck, card: fortress.Card) -> Look:
    suit = deck.suit(card.suit)
    return Look(str(card), GLYPHS[suit.shape], suit.color)


def homalet_look(deck: homalet.Deck, card: int) -> Look:
    col = deck.colour(card)
    return Look(f"{card:02d}", GLYPHS[_homalet_shape(deck, col.key)], col.color)


def homalet_colour_look(deck: homalet.Deck, key: str, lang: str = "en") -> Look:
    """A HOMALET colour itself (a field's lead colour): its name, symbol and colour."""
    col = deck.by_key[key]
    return Look(col.ja if lang == "ja" else col.en, GLYPHS[_homalet_shape(deck, key)], col.color)


def _homalet_shape(deck: homalet.Deck, key: str) -> str:
    for i, col in enumerate(deck.colours):
        if col.key == key:
            return COLOUR_SHAPES[i % len(COLOUR_SHAPES)]
    return COLOUR_SHAPES[0]


def dragoness_look(deck: dragoness.Deck, card: dragoness.Card, lang: str = "en", value: int | None = None) -> Look:
    """A dragon: its code and number, the gem and the clan's gem count (``Lo7◆1``); a special: its
    name and the value it may count as, or, played, the value it stands for (``Page (=5)``)."""
    special = deck.special_color
    if not deck.known(card):
        return Look(str(card), SPECIAL_GLYPH, special)
    kind = deck.kind(card)
    if kind == "dragon":
        clan = deck.clan(card.code)
        return Look(f"{card}", f"{GLYPHS[GEM_SHAPE]}{clan.gems}", clan.color)
    name = deck.label(card, lang)
    if kind == "revive":
        return Look(name, SPECIAL_MARK[kind], special)
    stands = f" (={value})" if value is not None and kind != "dragoness" else ""
    mark = stands or f" {SPECIAL_MARK[kind]}"
    return Look(f"{name}{mark}", SPECIAL_GLYPH, special)


def look(game: str, deck: Any, card: Any, lang: str = "en") -> Look:
    """The look of ``card`` of ``game``'s ``deck``."""
    if game == "fortress":
        return fortress_look(deck, card)
    if game == "homalet":
        return homalet_look(deck, card)
    return dragoness_look(deck, card, lang)


# --------------------------------------------------------------------------- colour arithmetic


def rgb(hex_code: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three 0–255 numbers."""
    return int(hex_code[1:3], 16), int(hex_code[3:5], 16), int(hex_code[5:7], 16)


def hex_of(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in (r, g, b))


def tint(hex_code: str, amount: float) -> str:
    """``hex_code`` mixed with white: amount 0 is white, 1 the colour itself."""
    return hex_of(*(255 - (255 - v) * amount for v in rgb(hex_code)))


def shade(hex_code: str, amount: float) -> str:
    """``hex_code`` mixed with black: amount 0 is the colour itself, 1 black."""
    return hex_of(*(v * (1 - amount) for v in rgb(hex_code)))


def luminance(hex_code: str) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb(hex_code))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(hex_code: str, ground: str, wanted: float = TEXT_CONTRAST) -> str:
    """``hex_code`` as text on ``ground``: itself where it reaches ``wanted`` contrast, else the
    lightest darker shade of it that does (black at worst)."""
    step = 0.0
    ink = hex_code
    while contrast(ink, ground) < wanted and step < 1:
        step = min(1.0, step + 0.05)
        ink = shade(hex_code, step)
    return ink

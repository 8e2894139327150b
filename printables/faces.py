"""Card faces and backs for the three decks, read from the same deck definitions as the rules.

Each :class:`DeckArt` lists its cards, defines its repeated artwork once as reportlab forms
(frames, symbols, the back), and draws one face at the origin of a card's trim box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Msg
from companion.rules.games import ENGINES
from printables.draw import Lines, centred, colour, place_form, shape_path, tint, wrap

TITLES: dict[str, Msg] = {game: engine.TITLE for game, engine in ENGINES.items()}
PLAYERS: dict[str, tuple[int, int]] = {game: (engine.MIN_PLAYERS, engine.MAX_PLAYERS)
                                       for game, engine in ENGINES.items()}
SEASON_COLOURS = {"spring": "#d81b60", "summer": "#2e7d32", "autumn": "#e65100", "winter": "#1565c0"}
BACK_COLOURS = {"fortress": "#263238", "homalet": "#3e2723", "dragoness": "#1a237e"}


@dataclass
class DeckArt:
    game: str
    cards: list[Any]
    text: Callable[[Any], list[str]]  # every string printed on a face (for tests and search)
    draw: Callable[[Canvas, Any, float, float], None]
    forms: Callable[[Canvas, float, float, float], None]
    name: Callable[[Any], str]


def _frame(c: Canvas, name: str, w: float, h: float, bleed: float, hex_code: str, heavy: bool = False) -> None:
    """A coloured card frame: tinted bleed, a white panel with a coloured border (heavy: thick)."""
    c.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(tint(hex_code, 0.35))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    inset = 2.6 * mm
    c.setFillColor(colour("#ffffff"))
    c.setStrokeColor(colour(hex_code))
    c.setLineWidth(4.5 if heavy else 1.6)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5 * mm, stroke=1, fill=1)
    c.endForm()


def _symbol(c: Canvas, name: str, shape: str, hex_code: str) -> None:
    """A filled symbol as a form 100 units across, centred on its origin (scale it with place_form)."""
    c.beginForm(name, -50, -50, 50, 50)
    c.setFillColor(colour(hex_code))
    shape_path(c, shape, 0, 0, 48)
    c.endForm()


def _back(c: Canvas, game: str, w: float, h: float, bleed: float) -> None:
    title = TITLES[game]
    base = BACK_COLOURS[game]
    c.beginForm(f"back-{game}", -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(colour(base))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setStrokeColor(tint("#ffffff", 0.6))
    c.setLineWidth(0.8)
    inset = 3.5 * mm
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5 * mm, stroke=1, fill=0)
    c.setFillColor(tint(base, 0.55))
    step = w / 6
    for row in range(int(h / step) + 1):
        for col in range(7):
            x, y = col * step + (step / 2 if row % 2 else 0), row * step
            if inset + 2 < x < w - inset - 2 and inset + 2 < y < h - inset - 2 and abs(y - h / 2) > 0.13 * h:
                shape_path(c, "diamond", x, y, step * 0.18)
    c.setFillColor(colour("#ffffff"))
    centred(c, title.ja, w / 2, h / 2 + 0.02 * h, 0.1 * w, w - 4 * inset)
    centred(c, title.en, w / 2, h / 2 - 0.07 * h, 0.065 * w, w - 4 * inset)
    c.endForm()


def _corners(lines: Lines, w: float, h: float, top: str, sub: str, both: bool = True) -> None:
    """Corner indices: top-left, and (``both``) the same turned for the bottom-right."""
    x, y = 4.4 * mm + 0.07 * w, h - 5.2 * mm - 0.13 * w
    lines.add(top, x, y, 0.13 * w, 0.16 * w)
    lines.add(sub, x, y - 0.1 * w, 0.08 * w, 0.16 * w)
    if both:
        lines.add(top, w - x, h - y, 0.13 * w, 0.16 * w, turned=True)
        lines.add(sub, w - x, h - y + 0.1 * w, 0.08 * w, 0.16 * w, turned=True)


# --------------------------------------------------------------------------- Six-Suit Fortress


def fortress_art(deck: fortress.Deck) -> DeckArt:
    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for s in deck.suits:
            _frame(c, f"frame-{s.code}", w, h, bleed, s.color)
            _symbol(c, f"sym-{s.code}", s.shape, s.color)
        _back(c, "fortress", w, h, bleed)

    def text(card: fortress.Card) -> list[str]:
        s = deck.suit(card.suit)
        return [str(card.rank), f"{s.ja} {s.en}", s.ja]

    def draw(c: Canvas, card: fortress.Card, w: float, h: float) -> None:
        s = deck.suit(card.suit)
        c.doForm(f"frame-{s.code}")
        place_form(c, f"sym-{s.code}", w / 2, h * 0.72, 0.13 * w / 50)
        c.setFillColor(colour(s.color))
        lines = Lines()
        _corners(lines, w, h, str(card.rank), s.ja)
        lines.add(str(card.rank), w / 2, h * 0.36, 0.42 * w)
        lines.add(f"{s.ja} {s.en}", w / 2, h * 0.17, 0.085 * w, w * 0.56)
        lines.draw(c)

    return DeckArt("fortress", deck.cards(), text, draw, forms, str)


# --------------------------------------------------------------------------- HOMALET


def homalet_art(deck: homalet.Deck, cards: Sequence[int]) -> DeckArt:
    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for col in deck.colours:
            _frame(c, f"frame-{col.key}", w, h, bleed, col.color, heavy=True)
        for season, hex_code in SEASON_COLOURS.items():
            c.beginForm(f"season-{season}", -50, -50, 50, 50)
            c.setFillColor(colour(hex_code))
            c.circle(0, 0, 48, stroke=0, fill=1)
            c.setFillColor(colour("#ffffff"))
            c.circle(0, 0, 40, stroke=0, fill=1)
            c.setFillColor(colour(hex_code))
            name = homalet.SEASON_NAMES[homalet.Season(season)]
            centred(c, name.ja, 0, -17, 50)
            c.endForm()
        _back(c, "homalet", w, h, bleed)

    def season_label(season: homalet.Season) -> str:
        return homalet.SEASON_NAMES[season].en + (" +1" if season is homalet.Season.SPRING else "")

    def text(card: int) -> list[str]:
        col = deck.colour(card)
        season = deck.season(card)
        return [f"{card:02d}", f"{col.ja} {col.en}", *([season_label(season)] if season is not None else [])]

    def draw(c: Canvas, card: int, w: float, h: float) -> None:
        col = deck.colour(card)
        c.doForm(f"frame-{col.key}")
        season = deck.season(card)
        if season is not None:
            place_form(c, f"season-{season.value}", w / 2, h * 0.79, 0.1 * w / 50)
            c.setFillColor(colour(SEASON_COLOURS[season.value]))
            label = Lines()
            label.add(season_label(season), w / 2, h * 0.79 - 0.17 * w, 0.065 * w)
            label.draw(c)
        c.setFillColor(colour(col.color))
        lines = Lines()
        _corners(lines, w, h, f"{card:02d}", col.ja)
        lines.add(f"{card:02d}", w / 2, h * 0.42, 0.36 * w)
        lines.add(f"{col.ja} {col.en}", w / 2, h * 0.3, 0.08 * w, w * 0.7)
        lines.draw(c)

    return DeckArt("homalet", list(cards), text, draw, forms, homalet.fmt)


# --------------------------------------------------------------------------- Reign of Dragoness

SPECIAL_MARK = {dragoness.Kind.DRAGONESS: "13", dragoness.Kind.PAGE: "1–8", dragoness.Kind.SQUIRE: "9–12",
                dragoness.Kind.KNIGHT: "1–12", dragoness.Kind.REVIVE: "⇄"}
SPECIAL_COLOUR = "#8d6e00"


def dragoness_art(deck: dragoness.Deck, cards: Sequence[dragoness.Card]) -> DeckArt:
    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for clan in deck.clans:
            _frame(c, f"frame-{clan.code}", w, h, bleed, clan.color)
        _frame(c, "frame-special", w, h, bleed, SPECIAL_COLOUR, heavy=True)
        _symbol(c, "gem", "diamond", "#00acc1")
        _back(c, "dragoness", w, h, bleed)

    def text(card: dragoness.Card) -> list[str]:
        kind = deck.kind(card)
        if kind is dragoness.Kind.DRAGON:
            clan = deck.clan(card.code)
            return [str(card.number), clan.ja, clan.en]
        s = deck.special(kind)
        return [s.ja, s.en, s.text.en, s.text.ja]

    def draw(c: Canvas, card: dragoness.Card, w: float, h: float) -> None:
        kind = deck.kind(card)
        if kind is dragoness.Kind.DRAGON:
            clan = deck.clan(card.code)
            c.doForm(f"frame-{clan.code}")
            c.setFillColor(colour(clan.color))
            lines = Lines()
            _corners(lines, w, h, str(card.number), clan.code)
            lines.add(str(card.number), w / 2, h * 0.44, 0.4 * w)
            lines.add(clan.ja, w / 2, h * 0.3, 0.1 * w, w * 0.7)
            lines.add(clan.en, w / 2, h * 0.23, 0.07 * w, w * 0.7)
            lines.draw(c)
            r = 0.03 * w
            span = (clan.gems - 1) * 2.2 * r
            for i in range(clan.gems):
                place_form(c, "gem", w / 2 - span / 2 + i * 2.2 * r, h * 0.8, r / 50)
            return
        s = deck.special(kind)
        c.doForm("frame-special")
        c.setFillColor(colour(SPECIAL_COLOUR))
        lines = Lines()
        _corners(lines, w, h, s.code, "", both=False)
        lines.add(s.ja, w / 2, h * 0.64, 0.12 * w, w * 0.62)
        lines.add(s.en, w / 2, h * 0.57, 0.075 * w, w * 0.62)
        lines.add(SPECIAL_MARK[kind], w / 2, h * 0.44, 0.14 * w)
        lines.draw(c)
        c.setFillColor(colour("#212121"))
        body = Lines()
        size = 0.045 * w
        y = h * 0.355
        for line in wrap(s.text.ja, size, w * 0.66) + wrap(s.text.en, size * 0.92, w * 0.66):
            body.add(line, w / 2, y, size)
            y -= size * 1.28
        body.draw(c)

    return DeckArt("dragoness", list(cards), text, draw, forms, str)


def deck_art(game: str, players: int | None = None, deck_file: str | None = None) -> DeckArt:
    """The cards to print for ``game`` (all of them, or the deck for ``players``)."""
    data = load_deck_data(game, deck_file)
    if game == "fortress":
        return fortress_art(fortress.Deck.from_data(data))
    if game == "homalet":
        hdeck = homalet.Deck.from_data(data)
        return homalet_art(hdeck, list(homalet.cards_for(players)) if players else list(range(homalet.CARDS)))
    ddeck = dragoness.Deck.from_data(data)
    counts = ddeck.for_players(players) if players else ddeck.all_cards()
    return dragoness_art(ddeck, sorted(counts.elements(), key=lambda c: (ddeck.kind(c) is not dragoness.Kind.DRAGON,
                                                                           c.code, c.number)))

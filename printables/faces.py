"""Card faces and backs for the three decks, read from the same deck definitions as the rules.

Each :class:`DeckArt` lists its cards, defines its repeated artwork once as reportlab forms
(frames, symbols, the back), and draws one face at the origin of a card's trim box.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Msg
from companion.rules.games import ENGINES
from printables.draw import Lines, centred, colour, fit_size, place_form, shape_path, tint, wrap

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


SAFE = 3 * mm  # the safe area: nothing that must be read lies nearer the trim than this
FRAME_INSET = 4 * mm  # the frame's outer edge: a 1 mm cutting error still leaves it inside the safe area
FRAME_WIDTH: dict[bool, float] = {False: 1.6, True: 4.5}  # line width in points: ordinary, heavy
FRAME_RADIUS = 2.5 * mm
INDEX_CLEAR = 2 * mm  # between the frame's inner edge and a corner index
INDEX_WIDTH = 0.15  # the corner index's column, as a fraction of the card width
SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")  # for colours the deck gives no shape


def frame_inner(heavy: bool) -> float:
    """Distance from the trim to the frame's inner edge."""
    return float(FRAME_INSET + FRAME_WIDTH[heavy])


def _frame(c: Canvas, name: str, w: float, h: float, bleed: float, hex_code: str, heavy: bool = False) -> None:
    """A coloured card frame: tinted bleed, a white panel with a coloured border (heavy: thick), the
    border's outer edge FRAME_INSET inside the trim."""
    c.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(tint(hex_code, 0.35))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    line = FRAME_WIDTH[heavy]
    inset = FRAME_INSET + line / 2
    c.setFillColor(colour("#ffffff"))
    c.setStrokeColor(colour(hex_code))
    c.setLineWidth(line)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, FRAME_RADIUS, stroke=1, fill=1)
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
    inset = FRAME_INSET + 0.4
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, FRAME_RADIUS, stroke=1, fill=0)
    c.setFillColor(tint(base, 0.55))
    step = w / 6
    for row in range(int(h / step) + 1):
        for col in range(7):
            x, y = col * step + (step / 2 if row % 2 else 0), row * step
            if inset + 2 < x < w - inset - 2 and inset + 2 < y < h - inset - 2 and abs(y - h / 2) > 0.13 * h:
                shape_path(c, "diamond", x, y, step * 0.18)
    c.setFillColor(colour("#ffffff"))
    if title.ja == title.en:  # a title that is the same word in both languages is printed once
        centred(c, title.en, w / 2, h / 2 - 0.035 * h, 0.13 * w, w - 4 * inset)
    else:
        centred(c, title.ja, w / 2, h / 2 + 0.02 * h, 0.1 * w, w - 4 * inset)
        centred(c, title.en, w / 2, h / 2 - 0.07 * h, 0.065 * w, w - 4 * inset)
    c.endForm()


ROTATED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def upside_down(label: str) -> str | None:
    """How ``label`` reads turned half a circle, or None when some digit reads as no digit."""
    if not label or any(ch not in ROTATED for ch in label):
        return None
    return "".join(ROTATED[ch] for ch in reversed(label))


def needs_underline(label: str, labels: Collection[str]) -> bool:
    """A number is underlined when, upside down, it reads as another card's number (6/9, 09/60)."""
    turned = upside_down(label)
    return turned is not None and turned != label and turned in labels


def _index_column(w: float, heavy: bool) -> tuple[float, float, float]:
    """The corner index's column: its centre x, its width, and the baseline of the number (the
    same for every card, so a one-digit and a two-digit number stand on one line)."""
    edge = frame_inner(heavy) + INDEX_CLEAR
    col = INDEX_WIDTH * w
    return edge + col / 2, col, -edge - 0.72 * 0.13 * w  # baseline measured down from the top


def _free(w: float, h: float, y: float, size: float, heavy: bool, wanted: float) -> float:
    """The width a centred line at baseline ``y`` may take: ``wanted``, or only the room between the
    index columns where the line runs beside an index (at the head, or the turned one at the foot),
    so that on small cards the middle text never runs into a corner."""
    x, col, base = _index_column(w, heavy)
    depth = -base + 0.19 * w + 1 * mm  # from the trim to below the index's symbol
    low, high = y - 0.25 * size, y + 0.9 * size
    if low < depth or high > h - depth:
        return float(min(wanted, w - 2 * (x + col / 2) - 2 * mm))
    return wanted


def _corner_numbers(lines: Lines, w: float, h: float, heavy: bool, top: str, underline: bool) -> None:
    """The number of the corner index, at the top-left and turned at the bottom-right: inside the
    frame, INDEX_CLEAR from its inner edge, in a column INDEX_WIDTH of the card wide (what a
    fanned hand shows)."""
    x, col, base = _index_column(w, heavy)
    size = fit_size(top, 0.13 * w, col)
    lines.add(top, x, h + base, size, underline=underline)
    lines.add(top, w - x, -base, size, turned=True, underline=underline)


def _corner_form(c: Canvas, name: str, w: float, h: float, heavy: bool, hex_code: str, sub: str,
                 symbol: str | None = None, count: str = "") -> None:
    """The rest of a corner index, the same on every card of a suit, colour or clan, so drawn once
    as a form: the word under the number, and under it a symbol (with a count beside it, as a
    Dragoness clan's gems), at the top-left and turned at the bottom-right."""
    x, col, base = _index_column(w, heavy)
    sub_y = h + base - 0.095 * w
    c.beginForm(name, 0, 0, w, h)
    c.setFillColor(colour(hex_code))
    lines = Lines()
    lines.add(sub, x, sub_y, 0.075 * w, col)
    lines.add(sub, w - x, h - sub_y, 0.075 * w, col, turned=True)
    if symbol is not None:
        r = 0.035 * w
        cy = sub_y - 0.025 * w - r
        cx = x - (0.6 * r if count else 0)
        place_form(c, symbol, cx, cy, r / 50)
        place_form(c, symbol, w - cx, h - cy, r / 50)
        if count:
            lines.add(count, cx + 1.9 * r, cy - 0.35 * 0.07 * w, 0.07 * w)
            lines.add(count, w - cx - 1.9 * r, h - cy + 0.35 * 0.07 * w, 0.07 * w, turned=True)
    lines.draw(c)
    c.endForm()


# --------------------------------------------------------------------------- Six-Suit Fortress


def fortress_art(deck: fortress.Deck) -> DeckArt:
    labels = {str(card.rank) for card in deck.cards()}

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for s in deck.suits:
            _frame(c, f"frame-{s.code}", w, h, bleed, s.color)
            _symbol(c, f"sym-{s.code}", s.shape, s.color)
            _corner_form(c, f"corner-{s.code}", w, h, False, s.color, s.code, f"sym-{s.code}")
        _back(c, "fortress", w, h, bleed)

    def text(card: fortress.Card) -> list[str]:
        s = deck.suit(card.suit)
        return [str(card.rank), f"{s.ja} {s.en}", s.code]

    def draw(c: Canvas, card: fortress.Card, w: float, h: float) -> None:
        s = deck.suit(card.suit)
        rank = str(card.rank)
        flip = needs_underline(rank, labels)
        c.doForm(f"frame-{s.code}")
        place_form(c, f"sym-{s.code}", w / 2, h * 0.72, 0.13 * w / 50)
        c.doForm(f"corner-{s.code}")
        c.setFillColor(colour(s.color))
        lines = Lines()
        _corner_numbers(lines, w, h, False, rank, flip)
        lines.add(rank, w / 2, h * 0.36, 0.42 * w, underline=flip)
        lines.add(f"{s.ja} {s.en}", w / 2, h * 0.17, 0.085 * w, _free(w, h, h * 0.17, 0.085 * w, False, w * 0.5))
        lines.draw(c)

    return DeckArt("fortress", deck.cards(), text, draw, forms, str)


# --------------------------------------------------------------------------- HOMALET


def homalet_art(deck: homalet.Deck, cards: Sequence[int]) -> DeckArt:
    labels = {f"{n:02d}" for n in range(homalet.CARDS)}
    shapes = {col.key: SHAPES[i % len(SHAPES)] for i, col in enumerate(deck.colours)}

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for col in deck.colours:
            _frame(c, f"frame-{col.key}", w, h, bleed, col.color, heavy=True)
            _symbol(c, f"sym-{col.key}", shapes[col.key], col.color)
            _corner_form(c, f"corner-{col.key}", w, h, True, col.color, col.ja, f"sym-{col.key}")
        for season, hex_code in SEASON_COLOURS.items():
            c.beginForm(f"season-{season}", -50, -50, 50, 50)
            c.setFillColor(colour(hex_code))
            c.circle(0, 0, 48, stroke=0, fill=1)
            c.setFillColor(colour("#ffffff"))
            c.circle(0, 0, 40, stroke=0, fill=1)
            c.setFillColor(colour(hex_code))
            name = homalet.SEASON_NAMES[homalet.Season(season)]
            centred(c, name.ja.removesuffix("マーク"), 0, -17, 50)  # the seal holds the season alone: 春
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
        number = f"{card:02d}"
        flip = needs_underline(number, labels)
        c.doForm(f"frame-{col.key}")
        season = deck.season(card)
        if season is not None:
            place_form(c, f"season-{season.value}", w / 2, h * 0.79, 0.1 * w / 50)
            c.setFillColor(colour(SEASON_COLOURS[season.value]))
            label = Lines()
            y = h * 0.79 - 0.17 * w
            label.add(season_label(season), w / 2, y, 0.065 * w, _free(w, h, y, 0.065 * w, True, w * 0.6))
            label.draw(c)
        place_form(c, f"sym-{col.key}", w / 2, h * 0.2, 0.05 * w / 50)
        c.doForm(f"corner-{col.key}")
        c.setFillColor(colour(col.color))
        lines = Lines()
        _corner_numbers(lines, w, h, True, number, flip)
        lines.add(number, w / 2, h * 0.42, 0.36 * w, underline=flip)
        lines.add(f"{col.ja} {col.en}", w / 2, h * 0.3, 0.08 * w, _free(w, h, h * 0.3, 0.08 * w, True, w * 0.56))
        lines.draw(c)

    return DeckArt("homalet", list(cards), text, draw, forms, homalet.fmt)


# --------------------------------------------------------------------------- Reign of Dragoness

SPECIAL_MARK = {dragoness.Kind.DRAGONESS: "13", dragoness.Kind.PAGE: "1–8", dragoness.Kind.SQUIRE: "9–12",
                dragoness.Kind.KNIGHT: "1–12", dragoness.Kind.REVIVE: "⇄"}
SPECIAL_COLOUR = "#7a5c00"


def dragoness_art(deck: dragoness.Deck, cards: Sequence[dragoness.Card]) -> DeckArt:
    labels = {str(n) for n in range(1, deck.numbers + 1)} | {SPECIAL_MARK[dragoness.Kind.DRAGONESS]}

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for clan in deck.clans:
            _frame(c, f"frame-{clan.code}", w, h, bleed, clan.color)
        _frame(c, "frame-special", w, h, bleed, SPECIAL_COLOUR, heavy=True)
        _symbol(c, "gem", "diamond", "#00acc1")
        for clan in deck.clans:
            _corner_form(c, f"corner-{clan.code}", w, h, False, clan.color, clan.code, "gem", str(clan.gems))
            c.beginForm(f"gems-{clan.code}", 0, 0, w, h)  # the clan's row of gems (its strength)
            r = 0.03 * w
            span = (clan.gems - 1) * 2.2 * r
            for i in range(clan.gems):
                place_form(c, "gem", w / 2 - span / 2 + i * 2.2 * r, h * 0.8, r / 50)
            c.endForm()
        for special in deck.specials:
            _corner_form(c, f"corner-{special.code}", w, h, True, SPECIAL_COLOUR, special.code)
        _back(c, "dragoness", w, h, bleed)

    def text(card: dragoness.Card) -> list[str]:
        kind = deck.kind(card)
        if kind is dragoness.Kind.DRAGON:
            clan = deck.clan(card.code)
            return [str(card.number), clan.ja, clan.en, clan.code]
        s = deck.special(kind)
        return [s.ja, s.en, s.text.en, s.text.ja, SPECIAL_MARK[kind], s.code]

    def draw(c: Canvas, card: dragoness.Card, w: float, h: float) -> None:
        kind = deck.kind(card)
        if kind is dragoness.Kind.DRAGON:
            clan = deck.clan(card.code)
            number = str(card.number)
            flip = needs_underline(number, labels)
            c.doForm(f"frame-{clan.code}")
            c.doForm(f"corner-{clan.code}")
            c.setFillColor(colour(clan.color))
            lines = Lines()
            _corner_numbers(lines, w, h, False, number, flip)
            lines.add(number, w / 2, h * 0.44, 0.4 * w, underline=flip)
            lines.add(clan.ja, w / 2, h * 0.3, 0.1 * w, _free(w, h, h * 0.3, 0.1 * w, False, w * 0.56))
            lines.add(clan.en, w / 2, h * 0.23, 0.07 * w, _free(w, h, h * 0.23, 0.07 * w, False, w * 0.56))
            lines.draw(c)
            c.doForm(f"gems-{clan.code}")
            return
        s = deck.special(kind)
        mark = SPECIAL_MARK[kind]
        c.doForm("frame-special")
        c.doForm(f"corner-{s.code}")
        c.setFillColor(colour(SPECIAL_COLOUR))
        lines = Lines()
        _corner_numbers(lines, w, h, True, mark, needs_underline(mark, labels))
        lines.add(s.ja, w / 2, h * 0.68, 0.12 * w, _free(w, h, h * 0.68, 0.12 * w, True, w * 0.46))
        lines.add(s.en, w / 2, h * 0.625, 0.075 * w, _free(w, h, h * 0.625, 0.075 * w, True, w * 0.46))
        lines.add(mark, w / 2, h * 0.56, 0.09 * w)
        lines.draw(c)
        c.setFillColor(colour("#212121"))
        # the rules text, between the value and the turned index at the foot, smaller when it is long
        index_top = h * 0.29
        body = Lines()
        size, width, top = 0.045 * w, w - 2 * (frame_inner(True) + INDEX_CLEAR), h * 0.53
        while True:
            rows = wrap(s.text.ja, size, width) + wrap(s.text.en, size * 0.92, width)
            if top - len(rows) * size * 1.25 >= index_top or size < 0.03 * w:
                break
            size *= 0.94
        y = top - size
        for line in rows:
            body.add(line, w / 2, y, size)
            y -= size * 1.25
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
    gems = {clan.code: clan.gems for clan in ddeck.clans}  # clans in gem order (Lochen first), then specials
    return dragoness_art(ddeck, sorted(counts.elements(), key=lambda c: (ddeck.kind(c) is not dragoness.Kind.DRAGON,
                                                                           gems.get(c.code, 0), c.number)))

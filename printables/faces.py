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

from companion.cardlook import GEM_COLOUR, SPECIAL_COLOUR, SPECIAL_MARK, homalet_shapes
from companion.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Msg
from companion.rules.games import ENGINES
from printables.draw import Lines, centred, colour, fit_size, ink, place_form, shape_path, tint, wrap
from printables.layout import LayoutError

TITLES: dict[str, Msg] = {game: engine.TITLE for game, engine in ENGINES.items()}
PLAYERS: dict[str, tuple[int, int]] = {
    game: (engine.MIN_PLAYERS, engine.MAX_PLAYERS) for game, engine in ENGINES.items()
}
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


BACK_STEP = 1 / 6  # the back's diamond lattice: its spacing, as a fraction of the card width


def back_diamonds(w: float, h: float, bleed: float) -> list[tuple[float, float]]:
    """Centres of the back's diamonds: a lattice centred on the card (so the back looks the same
    turned half a circle), reaching into the bleed on every side (no frame or border near the cut,
    where a duplex drift would show as uneven edges), and clear of the band that holds the title."""
    step = w * BACK_STEP
    spots = []
    rows = int((h / 2 + bleed) / step) + 1
    cols = int((w / 2 + bleed) / step) + 1
    for j in range(-rows, rows + 1):
        y = h / 2 + j * step
        if abs(y - h / 2) <= 0.13 * h:
            continue
        for i in range(-cols - 1, cols + 1):
            x = w / 2 + (i + (0.5 if j % 2 else 0.0)) * step
            if -bleed - step / 4 <= x <= w + bleed + step / 4 and -bleed - step / 4 <= y <= h + bleed + step / 4:
                spots.append((x, y))
    return spots


def _back(c: Canvas, game: str, w: float, h: float, bleed: float) -> None:
    title = TITLES[game]
    base = BACK_COLOURS[game]
    c.beginForm(f"back-{game}", -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(colour(base))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setFillColor(tint(base, 0.55))
    for x, y in back_diamonds(w, h, bleed):
        shape_path(c, "diamond", x, y, w * BACK_STEP * 0.18)
    c.setFillColor(colour("#ffffff"))
    inset = FRAME_INSET / 2  # the titles' room: the whole back but the edges a mis-cut may take
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


def _corner_form(
    c: Canvas,
    name: str,
    w: float,
    h: float,
    heavy: bool,
    hex_code: str,
    sub: str,
    symbol: str | None = None,
    count: str = "",
) -> None:
    """The rest of a corner index, the same on every card of a suit, colour or clan, so drawn once
    as a form: the word under the number, and under it a symbol (with a count beside it, as a
    Dragoness clan's gems), at the top-left and turned at the bottom-right."""
    x, col, base = _index_column(w, heavy)
    sub_y = h + base - 0.095 * w
    c.beginForm(name, 0, 0, w, h)
    c.setFillColor(ink(hex_code))  # the text's shade; the symbol forms carry their own colour
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
        c.setFillColor(ink(s.color))
        lines = Lines()
        _corner_numbers(lines, w, h, False, rank, flip)
        lines.add(rank, w / 2, h * 0.36, 0.42 * w, underline=flip)
        lines.add(f"{s.ja} {s.en}", w / 2, h * 0.17, 0.085 * w, _free(w, h, h * 0.17, 0.085 * w, False, w * 0.5))
        lines.draw(c)

    return DeckArt("fortress", deck.cards(), text, draw, forms, str)


# --------------------------------------------------------------------------- HOMALET


def homalet_art(deck: homalet.Deck, cards: Sequence[int]) -> DeckArt:
    labels = {f"{n:02d}" for n in range(homalet.CARDS)}
    shapes = homalet_shapes(deck)

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
            c.setFillColor(ink(hex_code))
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
            c.setFillColor(ink(SEASON_COLOURS[season.value]))
            label = Lines()
            y = h * 0.79 - 0.17 * w
            label.add(season_label(season), w / 2, y, 0.065 * w, _free(w, h, y, 0.065 * w, True, w * 0.6))
            label.draw(c)
        place_form(c, f"sym-{col.key}", w / 2, h * 0.2, 0.05 * w / 50)
        c.doForm(f"corner-{col.key}")
        c.setFillColor(ink(col.color))
        lines = Lines()
        _corner_numbers(lines, w, h, True, number, flip)
        lines.add(number, w / 2, h * 0.42, 0.36 * w, underline=flip)
        lines.add(f"{col.ja} {col.en}", w / 2, h * 0.3, 0.08 * w, _free(w, h, h * 0.3, 0.08 * w, True, w * 0.56))
        lines.draw(c)

    return DeckArt("homalet", list(cards), text, draw, forms, homalet.fmt)


# --------------------------------------------------------------------------- Reign of Dragoness


GEM_CLEAR = 2 * mm  # between the gem row and the corner index's column


def gem_row(gems: int, w: float, h: float) -> tuple[float, list[tuple[float, float]]]:
    """A clan's gems under the card's head: their radius and centres. The row fits between the
    corner index's column and its mirror, GEM_CLEAR from each; where one row would shrink the gems
    by more than a fifth (7 and 8 gems on small cards) they stand in two rows."""
    full = 0.03 * w
    edge = frame_inner(False) + INDEX_CLEAR + INDEX_WIDTH * w + GEM_CLEAR
    free = w - 2 * edge
    half_width = 0.72 * 0.96  # the gem (a diamond 48 of 50 units) from its centre to its side, in radii

    def fit(n: int) -> float:
        return float(min(full, free / ((n - 1) * 2.2 + 2 * half_width)))

    rows = [gems] if fit(gems) >= 0.8 * full or gems < 2 else [(gems + 1) // 2, gems // 2]
    r = float(min(fit(n) for n in rows))
    spots = []
    for k, n in enumerate(rows):
        span = (n - 1) * 2.2 * r
        spots += [(w / 2 - span / 2 + i * 2.2 * r, h * 0.8 - k * 2.2 * r) for i in range(n)]
    return r, spots


MIN_TEXT = 6.0  # points: nothing on a card is printed smaller
LEADING = 1.15  # the special cards' rules text, line to line, in font sizes


def special_layout(
    ja: str, en: str, mark: str, text_ja: str, text_en: str, w: float, h: float
) -> list[tuple[str | None, float, float, float]]:
    """A special card's middle, top down, as (line, centre x, baseline, size), with one (None, ...)
    between the titles (in the card's colour) and the rules text (dark grey). The titles stand below
    the corner a fanned hand shows where the text leaves room, else (smaller) beside the top-left
    index; the value line (already in both corners) is left out when the text needs its room. The
    rules text, at MIN_TEXT or larger, runs the card's width where no index is beside it, and beside
    an index (top-left, or the turned one at the bottom-right) in the room the index leaves."""
    x, col, base = _index_column(w, True)
    depth = -base + 0.19 * w + 1 * mm  # the corner a fanned hand shows, from the trim (as _free)
    inner = frame_inner(True) + 1.5 * mm
    index_edge = x + col / 2 + 2 * mm  # 2 mm clear of the index column
    bottom = inner  # the lowest a line's descenders may reach

    def span(y: float, size: float) -> tuple[float, float]:
        """The room (left, right) of a line at baseline ``y``."""
        left, right = inner, w - inner
        if y + 0.9 * size > h - depth:
            left = max(left, index_edge)
        if y - 0.25 * size < depth:
            right = min(right, w - index_edge)
        return left, right

    def flow(size: float, top: float) -> list[tuple[str | None, float, float, float]] | None:
        """The rules text from baseline-top ``top`` down, or None if it does not fit on the card."""
        out: list[tuple[str | None, float, float, float]] = []
        y = top - size
        for text in (text_ja, text_en):
            rest = text
            while rest:
                left, right = span(y, size)
                if y - 0.25 * size < bottom or right - left < 4 * size:
                    return None
                line = wrap(rest, size, right - left)[0] or rest[0]
                out.append((line, (left + right) / 2, y, size))
                rest = rest[len(line) :].lstrip(" ")
                y -= size * LEADING
        return out

    # (top of the titles, Japanese and English title sizes, the value line or not)
    variants = [
        (min(h * 0.72, h - depth), 0.12 * w, 0.075 * w, True),
        (min(h * 0.72, h - depth), 0.12 * w, 0.075 * w, False),
        (h - frame_inner(True) - INDEX_CLEAR, 0.1 * w, 0.07 * w, False),
    ]
    for top, ja_max, en_max, with_mark in variants:
        left, right = span(top - 0.9 * ja_max, ja_max)
        room_x = min(right - left, w * 0.62)
        centre = (left + right) / 2
        ja_size, en_size = fit_size(ja, ja_max, room_x), fit_size(en, en_max, room_x)
        if min(ja_size, en_size) < MIN_TEXT:
            continue
        mark_size = 0.09 * w
        head: list[tuple[str | None, float, float, float]] = []
        y = top - 0.9 * ja_size
        head.append((ja, centre, y, ja_size))
        y -= 0.25 * ja_size + 0.95 * en_size
        head.append((en, centre, y, en_size))
        if with_mark:
            y -= 0.3 * en_size + 0.9 * mark_size
            head.append((mark, centre, y, mark_size))
        y -= 0.35 * (mark_size if with_mark else en_size) + 1 * mm
        size = max(MIN_TEXT, 0.045 * w)
        while (body := flow(size, y)) is None and size > MIN_TEXT:
            size = max(MIN_TEXT, size * 0.94)
        if body is not None:
            return [*head, (None, 0.0, 0.0, 0.0), *body]
    raise LayoutError(
        f"the rules text of {en!r} does not fit on a card {w / mm:.0f} mm wide at {MIN_TEXT:g} pt: "
        "shorten it in the deck file or choose a larger --size",
        f"{ja} のルール文が幅 {w / mm:.0f} mm のカードに {MIN_TEXT:g} pt で収まりません。"
        "デッキファイルで短くするか、より大きな --size を選んでください",
    )


def dragoness_art(deck: dragoness.Deck, cards: Sequence[dragoness.Card]) -> DeckArt:
    labels = {str(n) for n in range(1, deck.numbers + 1)} | {SPECIAL_MARK[dragoness.Kind.DRAGONESS]}

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        for clan in deck.clans:
            _frame(c, f"frame-{clan.code}", w, h, bleed, clan.color)
        _frame(c, "frame-special", w, h, bleed, SPECIAL_COLOUR, heavy=True)
        _symbol(c, "gem", "diamond", GEM_COLOUR)
        for clan in deck.clans:
            _corner_form(c, f"corner-{clan.code}", w, h, False, clan.color, clan.code, "gem", str(clan.gems))
            c.beginForm(f"gems-{clan.code}", 0, 0, w, h)  # the clan's row of gems (its strength)
            r, spots = gem_row(clan.gems, w, h)
            for x, y in spots:
                place_form(c, "gem", x, y, r / 50)
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
            c.setFillColor(ink(clan.color))
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
        c.setFillColor(ink(SPECIAL_COLOUR))
        lines = Lines()
        _corner_numbers(lines, w, h, True, mark, needs_underline(mark, labels))
        for line, x, y, size in special_layout(s.ja, s.en, mark, s.text.ja, s.text.en, w, h):
            if line is None:  # the titles and value are done: the rules text is in dark grey
                lines.draw(c)
                c.setFillColor(colour("#212121"))
                lines = Lines()
                continue
            lines.add(line, x, y, size)
        lines.draw(c)

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
    return dragoness_art(
        ddeck,
        sorted(
            counts.elements(), key=lambda c: (ddeck.kind(c) is not dragoness.Kind.DRAGON, gems.get(c.code, 0), c.number)
        ),
    )

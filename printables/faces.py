"""Card faces and backs for the three decks, read from the same deck definitions as the rules.

Each :class:`DeckArt` lists its cards, defines its repeated artwork once as reportlab forms
(frames, symbols, the back), and draws one face at the origin of a card's trim box. The corner
index and the frame around it are :mod:`printables.corner`'s; the back is :mod:`printables.backs`'.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.cards.cardlook import SPECIAL_MARK, homalet_shapes
from companion.cards.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Msg
from companion.rules.games import ENGINES
from printables.backs import BACK_COLOURS, back_form
from printables.corner import (
    CONTENT_CLEAR,
    MARK_SQUEEZE,
    MIN_TEXT,
    Face,
    corner_form,
    face_for,
    index_number,
    index_season,
)
from printables.draw import Lines, centred, colour, fit_size, ink, place_form, shape_path, wrap
from printables.layout import LayoutError

TITLES: dict[str, Msg] = {game: engine.TITLE for game, engine in ENGINES.items()}
PLAYERS: dict[str, tuple[int, int]] = {
    game: (engine.MIN_PLAYERS, engine.MAX_PLAYERS) for game, engine in ENGINES.items()
}
SEASON_COLOURS = {"spring": "#d81b60", "summer": "#2e7d32", "autumn": "#e65100", "winter": "#1565c0"}
SAFE = 3 * mm  # the safe zone of the metric sizes: nothing that must be read lies nearer the trim


@dataclass
class DeckArt:
    game: str
    cards: list[Any]
    text: Callable[[Any], list[str]]  # every string printed on a face (for tests and search)
    draw: Callable[[Canvas, Any, float, float], None]
    forms: Callable[[Canvas, float, float, float], None]
    name: Callable[[Any], str]


def _symbol(c: Canvas, name: str, shape: str, hex_code: str) -> None:
    """A filled symbol as a form 100 units across, centred on its origin (scale it with place_form)."""
    c.beginForm(name, -50, -50, 50, 50)
    c.setFillColor(colour(hex_code))
    shape_path(c, shape, 0, 0, 48)
    c.endForm()


def _back(c: Canvas, game: str, w: float, h: float, bleed: float, safe: float) -> None:
    back_form(c, f"back-{game}", TITLES[game], BACK_COLOURS[game], w, h, bleed, max(safe, SAFE) + 1 * mm)


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


# --------------------------------------------------------------------------- Six-Suit Fortress


def fortress_art(deck: fortress.Deck, safe: float = SAFE) -> DeckArt:
    labels = {str(card.rank) for card in deck.cards()}

    def face(w: float, h: float) -> Face:
        return face_for(w, h, safe, False, tuple(sorted(labels)), "symbol", False)

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        f = face(w, h)
        for s in deck.suits:
            f.frame(c, f"frame-{s.code}", bleed, s.color)
            _symbol(c, f"sym-{s.code}", s.shape, s.color)
            corner_form(c, f"corner-{s.code}", f, s.color, s.code, f"sym-{s.code}")
        _back(c, "fortress", w, h, bleed, safe)

    def text(card: fortress.Card) -> list[str]:
        s = deck.suit(card.suit)
        return [str(card.rank), f"{s.ja} {s.en}", s.code]

    def draw(c: Canvas, card: fortress.Card, w: float, h: float) -> None:
        f = face(w, h)
        s = deck.suit(card.suit)
        rank = str(card.rank)
        flip = needs_underline(rank, labels)
        c.doForm(f"frame-{s.code}")
        place_form(c, f"sym-{s.code}", w / 2, h * 0.72, 0.13 * w / 50)
        c.doForm(f"corner-{s.code}")
        c.setFillColor(ink(s.color))
        lines = Lines()
        index_number(lines, f, rank, flip)
        lines.add(rank, w / 2, h * 0.36, 0.42 * w, underline=flip)
        lines.add(f"{s.ja} {s.en}", w / 2, h * 0.17, 0.085 * w, f.free(h * 0.17, 0.085 * w, w * 0.5))
        lines.draw(c)

    return DeckArt("fortress", deck.cards(), text, draw, forms, str)


# --------------------------------------------------------------------------- HOMALET


def homalet_art(deck: homalet.Deck, cards: Sequence[int], safe: float = SAFE) -> DeckArt:
    labels = {f"{n:02d}" for n in range(homalet.CARDS)}
    shapes = homalet_shapes(deck)

    def face(w: float, h: float) -> Face:
        return face_for(w, h, safe, True, tuple(sorted(labels)), "symbol", True)

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        f = face(w, h)
        for col in deck.colours:
            f.frame(c, f"frame-{col.key}", bleed, col.color)
            _symbol(c, f"sym-{col.key}", shapes[col.key], col.color)
            corner_form(c, f"corner-{col.key}", f, col.color, col.ja, f"sym-{col.key}")
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
        _back(c, "homalet", w, h, bleed, safe)

    def season_label(season: homalet.Season) -> str:
        return homalet.SEASON_NAMES[season].en + (" +1" if season is homalet.Season.SPRING else "")

    def text(card: int) -> list[str]:
        col = deck.colour(card)
        season = deck.season(card)
        return [f"{card:02d}", f"{col.ja} {col.en}", *([season_label(season)] if season is not None else [])]

    def draw(c: Canvas, card: int, w: float, h: float) -> None:
        f = face(w, h)
        col = deck.colour(card)
        number = f"{card:02d}"
        flip = needs_underline(number, labels)
        c.doForm(f"frame-{col.key}")
        season = deck.season(card)
        if season is not None:
            place_form(c, f"season-{season.value}", w / 2, h * 0.79, 0.1 * w / 50)
            plus = "+1" if season is homalet.Season.SPRING else ""
            index_season(c, f, season.value, SEASON_COLOURS[season.value], plus)
            c.setFillColor(ink(SEASON_COLOURS[season.value]))
            label = Lines()
            y = h * 0.79 - 0.17 * w
            label.add(season_label(season), w / 2, y, 0.065 * w, f.free(y, 0.065 * w, w * 0.6))
            label.draw(c)
        place_form(c, f"sym-{col.key}", w / 2, h * 0.2, 0.05 * w / 50)
        c.doForm(f"corner-{col.key}")
        c.setFillColor(ink(col.color))
        lines = Lines()
        index_number(lines, f, number, flip)
        lines.add(number, w / 2, h * 0.42, 0.36 * w, underline=flip)
        lines.add(f"{col.ja} {col.en}", w / 2, h * 0.3, 0.08 * w, f.free(h * 0.3, 0.08 * w, w * 0.56))
        lines.draw(c)

    return DeckArt("homalet", list(cards), text, draw, forms, homalet.fmt)


# --------------------------------------------------------------------------- Reign of Dragoness


GEM_CLEAR = 2 * mm  # between the gem row and the frame's notches


def gem_row(gems: int, face: Face) -> tuple[float, list[tuple[float, float]]]:
    """A clan's gems under the card's head: their radius and centres. The row fits the room the
    frame leaves at its height (between the notches, where it runs beside them), GEM_CLEAR from
    each side; where one row would shrink the gems by more than a fifth they stand in two rows."""
    w, h = face.w, face.h
    full = 0.03 * w
    half_width = 0.72 * 0.96  # the gem (a diamond 48 of 50 units) from its centre to its side, in radii
    left, right = face.span(h * 0.8 - 2 * 2.2 * full, h * 0.8 + full)
    free = 2 * min(w / 2 - left, right - w / 2) - 2 * (GEM_CLEAR - CONTENT_CLEAR)

    def fit(n: int) -> float:
        return float(min(full, free / ((n - 1) * 2.2 + 2 * half_width)))

    rows = [gems] if fit(gems) >= 0.8 * full or gems < 2 else [(gems + 1) // 2, gems // 2]
    r = float(min(fit(n) for n in rows))
    spots = []
    for k, n in enumerate(rows):
        span = (n - 1) * 2.2 * r
        spots += [(w / 2 - span / 2 + i * 2.2 * r, h * 0.8 - k * 2.2 * r) for i in range(n)]
    return r, spots


LEADING = 1.15  # the special cards' rules text, line to line, in font sizes

Placed = list[tuple[str | None, float, float, float]]


@functools.lru_cache(maxsize=64)  # a deck prints each special more than once
def special_layout(ja: str, en: str, mark: str, text_ja: str, text_en: str, face: Face) -> Placed:
    """A special card's middle, top down, as (line, centre x, baseline, size), with one (None, ...)
    between the titles (in the card's colour) and the rules text (dark grey). On every card size alike:
    the titles stand below the corner a fanned hand shows (never beside the index), every line is
    centred on the card, the rules text at the largest size from 0.045 of the card's width down to
    MIN_TEXT that fits, as wide as the frame lets it (narrower, on both sides alike, where it passes
    the turned index at the foot), and the whole block stands in the middle of the room between the
    index and the foot. The value line (already in both corners) is left out where the text needs
    its room."""
    w, h = face.w, face.h
    _, down = face.notch
    bottom = face.inner + CONTENT_CLEAR  # the lowest a line's descenders may reach
    highest = h - down - CONTENT_CLEAR  # the top of the titles, at the highest

    def foot(block: Placed) -> float:
        """The lowest a block's descenders reach."""
        return min(y - 0.25 * s for line, _, y, s in block if line is not None)

    def place(top: float, size: float, with_mark: bool) -> Placed | None:
        """The block from ``top`` down with the rules text at ``size``, or None where it does not fit."""
        room = face.free(top - 0.9 * 0.12 * w, 0.12 * w, w * 0.62)
        ja_size, en_size = fit_size(ja, 0.12 * w, room), fit_size(en, 0.075 * w, room)
        if min(ja_size, en_size) < MIN_TEXT:
            return None
        mark_size = 0.09 * w
        out: Placed = []
        y = top - 0.9 * ja_size
        out.append((ja, w / 2, y, ja_size))
        y -= 0.25 * ja_size + 0.95 * en_size
        out.append((en, w / 2, y, en_size))
        if with_mark:
            y -= 0.3 * en_size + 0.9 * mark_size
            out.append((mark, w / 2, y, mark_size))
        y -= 0.35 * (mark_size if with_mark else en_size) + 1 * mm + size
        out.append((None, 0.0, 0.0, 0.0))
        for text in (text_ja, text_en):
            rest = text
            while rest:
                width = face.free(y, size, w)
                if y - 0.25 * size < bottom or width < 4 * size:
                    return None
                line = wrap(rest, size, width)[0] or rest[0]
                out.append((line.strip(" "), w / 2, y, size))  # centred on its letters, not a space beside them
                rest = rest[len(line) :].lstrip(" ")
                y -= size * LEADING
        return out

    for with_mark in (True, False):
        size = max(MIN_TEXT, 0.045 * w)
        while (block := place(highest, size, with_mark)) is None and size > MIN_TEXT:
            size = max(MIN_TEXT, size * 0.94)
        if block is None:
            continue
        # the block in the middle of its room: moved down as far as leaves as much room under it as
        # over it (lower down, the lines beside the turned index are narrower: there may be more)
        best, off = block, foot(block) - bottom  # off: how much more room under the block than over it
        shift = 0.25 * mm
        while shift < foot(block) - bottom and (lower := place(highest - shift, size, with_mark)) is not None:
            if abs(foot(lower) - bottom - shift) < abs(off):
                best, off = lower, foot(lower) - bottom - shift
            shift += 0.25 * mm
        return best
    raise LayoutError(
        f"the rules text of {en!r} does not fit on a card {w / mm:.0f} mm wide at {MIN_TEXT:g} pt: "
        "shorten it in the deck file or choose a larger --size",
        f"{ja} のルール文が幅 {w / mm:.0f} mm のカードに {MIN_TEXT:g} pt で収まりません。"
        "デッキファイルで短くするか、より大きな --size を選んでください",
    )


def dragoness_art(deck: dragoness.Deck, cards: Sequence[dragoness.Card], safe: float = SAFE) -> DeckArt:
    numbers = {str(n) for n in range(1, deck.numbers + 1)}
    labels = numbers | {SPECIAL_MARK[dragoness.Kind.DRAGONESS]}
    special_colour, gem_colour = deck.special_color, deck.gem_color

    def face(w: float, h: float, special: bool = False) -> Face:
        if special:
            return face_for(w, h, safe, True, tuple(sorted(labels)), "", False)
        return face_for(w, h, safe, False, tuple(sorted(labels)), "gems", False)

    def forms(c: Canvas, w: float, h: float, bleed: float) -> None:
        f, fs = face(w, h), face(w, h, True)
        for clan in deck.clans:
            f.frame(c, f"frame-{clan.code}", bleed, clan.color)
        fs.frame(c, "frame-special", bleed, special_colour)
        _symbol(c, "gem", "diamond", gem_colour)
        for clan in deck.clans:
            corner_form(c, f"corner-{clan.code}", f, clan.color, clan.code, "gem", str(clan.gems))
            c.beginForm(f"gems-{clan.code}", 0, 0, w, h)  # the clan's row of gems (its strength)
            r, spots = gem_row(clan.gems, f)
            for x, y in spots:
                place_form(c, "gem", x, y, r / 50)
            c.endForm()
        for special in deck.specials:
            corner_form(c, f"corner-{special.code}", fs, special_colour, special.code)
        _back(c, "dragoness", w, h, bleed, safe)

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
            f = face(w, h)
            clan = deck.clan(card.code)
            number = str(card.number)
            flip = needs_underline(number, labels)
            c.doForm(f"frame-{clan.code}")
            c.doForm(f"corner-{clan.code}")
            c.setFillColor(ink(clan.color))
            lines = Lines()
            index_number(lines, f, number, flip)
            lines.add(number, w / 2, h * 0.44, 0.4 * w, underline=flip)
            lines.add(clan.ja, w / 2, h * 0.3, 0.1 * w, f.free(h * 0.3, 0.1 * w, w * 0.56))
            lines.add(clan.en, w / 2, h * 0.23, 0.07 * w, f.free(h * 0.23, 0.07 * w, w * 0.56))
            lines.draw(c)
            c.doForm(f"gems-{clan.code}")
            return
        fs = face(w, h, True)
        s = deck.special(kind)
        mark = SPECIAL_MARK[kind]
        c.doForm("frame-special")
        c.doForm(f"corner-{s.code}")
        c.setFillColor(ink(special_colour))
        lines = Lines()
        index_number(lines, fs, mark, needs_underline(mark, labels), MARK_SQUEEZE)
        for line, x, y, size in special_layout(s.ja, s.en, mark, s.text.ja, s.text.en, fs):
            if line is None:  # the titles and value are done: the rules text is in dark grey
                lines.draw(c)
                c.setFillColor(colour("#212121"))
                lines = Lines()
                continue
            lines.add(line, x, y, size)
        lines.draw(c)

    return DeckArt("dragoness", list(cards), text, draw, forms, str)


def deck_art(game: str, players: int | None = None, deck_file: str | None = None, safe: float = SAFE) -> DeckArt:
    """The cards to print for ``game`` (all of them, or the deck for ``players``), for a print shop
    whose safe zone is ``safe`` (points; the corner index stays inside it)."""
    data = load_deck_data(game, deck_file)
    if game == "fortress":
        return fortress_art(fortress.Deck.from_data(data), safe)
    if game == "homalet":
        hdeck = homalet.Deck.from_data(data)
        return homalet_art(hdeck, list(homalet.cards_for(players)) if players else list(range(homalet.CARDS)), safe)
    ddeck = dragoness.Deck.from_data(data)
    counts = ddeck.for_players(players) if players else ddeck.all_cards()
    gems = {clan.code: clan.gems for clan in ddeck.clans}  # clans in gem order (Lochen first), then specials
    return dragoness_art(
        ddeck,
        sorted(
            counts.elements(), key=lambda c: (ddeck.kind(c) is not dragoness.Kind.DRAGON, gems.get(c.code, 0), c.number)
        ),
        safe,
    )

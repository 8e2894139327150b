"""Blank score sheets for any allowed player count, in Japanese or English: two tables to a
portrait page (one a game, cut along the dashed line), each reaching the margins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.base.files import atomic_target
from companion.cards.decks import load_deck_data
from companion.rules import fortress
from companion.rules.common import Lang, Msg, check_player_count
from companion.text import segments
from printables.draw import Lines, colour, text_width, tint, wrap
from printables.faces import PLAYERS, TITLES
from printables.fonts import FONT
from printables.layout import EDGE, new_canvas, page_note, paper_size

M = 10 * mm  # the margins the tables reach
HEAD_ROW = 10 * mm
SHEET = Msg("score sheet", "得点表")


@dataclass(frozen=True)
class Area:
    """Half a page: the rectangle one table and its header fill."""

    x: float
    y: float
    w: float
    h: float


def _header(c: Canvas, area: Area, game: str, lang: Lang, rule: Msg) -> float:
    """Title, date and place, and the scoring rule; returns the y where the table starts."""
    top = area.y + area.h
    c.setFillColor(colour("#1a237e"))
    c.setFont(FONT, 13)
    c.drawString(area.x, top - 5 * mm, f"{TITLES[game].text(lang)} — {SHEET.text(lang)}")
    c.setFillGray(0.2)
    c.setFont(FONT, 8.5)
    date = Msg("Date: ______________   Place: ______________", "日付：______________　場所：______________")
    c.drawRightString(area.x + area.w, top - 5 * mm, date.text(lang))
    c.setFont(FONT, 7.5)
    y = top - 10 * mm
    for line in wrap(rule.text(lang), 7.5, area.w):
        c.drawString(area.x, y, line)
        y -= 9.5
    return float(y - 1 * mm)


def _table(
    c: Canvas,
    area: Area,
    top: float,
    weights: Sequence[float],
    players: int,
    header: Sequence[str],
    shade: Sequence[int] = (),
) -> tuple[list[float], list[tuple[float, float]]]:
    """A ruled table from ``top`` to the area's foot and across its width: a header row, then one
    row per player. Column widths are ``weights`` scaled to the width, each at least what its
    heading needs at HEAD_SIZE. Returns the column left edges (and the right edge last) and each
    player row's (bottom, top)."""
    shares = [w * area.w / sum(weights) for w in weights]
    widths = column_widths(
        weights, [heading_width(text, share) for text, share in zip(header, shares, strict=True)], area.w
    )
    row = (top - area.y - HEAD_ROW) / players
    xs = [area.x]
    for w in widths:
        xs.append(xs[-1] + w)
    c.setFillColor(tint("#1a237e", 0.12))
    c.rect(area.x, top - HEAD_ROW, area.w, HEAD_ROW, stroke=0, fill=1)
    rows = [(top - HEAD_ROW - (r + 1) * row, top - HEAD_ROW - r * row) for r in range(players)]
    for i in shade:
        c.setFillColor(tint("#ffb300", 0.15))
        c.rect(xs[i], area.y, widths[i], top - HEAD_ROW - area.y, stroke=0, fill=1)
    c.setFillGray(0)
    for i, text in enumerate(header):
        size, lines = header_lines(text, widths[i] - 2 * HEAD_PAD)
        ty = top - HEAD_ROW / 2 + (len(lines) - 1) * 4.2 - 2.6
        c.setFont(FONT, size)
        for line in lines:
            c.drawCentredString(xs[i] + widths[i] / 2, ty, line)
            ty -= 8.4
    c.setStrokeGray(0.3)
    c.setLineWidth(0.6)
    c.rect(area.x, area.y, area.w, top - area.y, stroke=1, fill=0)
    c.line(area.x, top - HEAD_ROW, area.x + area.w, top - HEAD_ROW)
    for bottom, _ in rows[:-1]:
        c.line(area.x, bottom, area.x + area.w, bottom)
    for x in xs[1:-1]:
        c.line(x, area.y, x, top)
    return xs, rows


HEAD_SIZE = 7.5
HEAD_SMALLEST = 6.0  # nothing printed smaller
HEAD_PAD: float = 1.5 * mm  # between a heading and its cell's lines


ONE_LINE = 1.3  # a heading this much wider than its column's share is set in two lines, not widened


def heading_width(text: str, share: float) -> float:
    """The narrowest cell that holds heading ``text`` at HEAD_SIZE with HEAD_PAD each side: on one
    line if that takes at most ONE_LINE times the column's ``share`` of the width, else in two lines
    broken between words or phrases."""
    one = float(text_width(text, HEAD_SIZE)) + 2 * HEAD_PAD + 0.5
    if one <= ONE_LINE * share:
        return one
    low, high = max(float(text_width(piece, HEAD_SIZE)) for piece, _ in segments(text)), one
    while high - low > 0.25:  # the narrowest measure at which it breaks into two lines
        middle = (low + high) / 2
        low, high = (middle, high) if len(wrap(text, HEAD_SIZE, middle)) > 2 else (low, middle)
    return float(high + 2 * HEAD_PAD + 0.5)


def column_widths(weights: Sequence[float], least: Sequence[float], total: float) -> list[float]:
    """``weights`` scaled to ``total``, except that no column is narrower than its ``least``: those
    get their least and the others share the rest by weight."""
    fixed: dict[int, float] = {}
    while True:
        free = [i for i in range(len(weights)) if i not in fixed]
        scale = (total - sum(fixed.values())) / sum(weights[i] for i in free)
        short = [i for i in free if weights[i] * scale < least[i]]
        if not short or len(short) == len(free):
            return [fixed.get(i, weights[i] * scale) for i in range(len(weights))]
        fixed.update({i: least[i] for i in short})


def header_lines(text: str, width: float) -> tuple[float, list[str]]:
    """A column heading in at most two lines, broken between words or phrases only: the largest size
    from HEAD_SIZE down to HEAD_SMALLEST at which it fits (never "Sprin / g"); at the smallest, the
    first two lines."""
    size = HEAD_SIZE
    while True:
        lines = wrap(text, size, width)
        whole = all(text_width(piece, size) <= width for piece, _ in segments(text))  # no word cut
        if (len(lines) <= 2 and whole) or size <= HEAD_SMALLEST:
            return size, lines[:2]
        size = max(HEAD_SMALLEST, size - 0.25)


def _fortress(c: Canvas, area: Area, players: int, lang: Lang) -> None:
    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    rule = Msg(
        "First the optional face-down pair: 2 cards from a column of 2 or more, laid as one card on any "
        "column. Then score = columns × cards in the tallest column − for each suit left in hand, its lowest "
        "rank. Highest wins; a tie is shared.",
        "まず、裏向きペアを使うなら、2枚以上の縦列から2枚を取り、どの縦列にも1枚として置けます。"
        "得点は横の枚数×最も多い縦列の枚数、失点は手札に残った各スートの最も小さい数字の合計です。"
        "得点−失点が勝利点で、最も多い人が勝ちます。同点なら勝利を分け合います。",
    )
    top = _header(c, area, "fortress", lang, rule)
    labels = [
        Msg("Player", "プレイヤー"),
        Msg("Face-down pair (from → to)", "裏向きペア（元→先）"),
        Msg("Columns", "横の枚数"),
        Msg("Tallest column", "最も多い縦列"),
        Msg("Points (columns × tallest)", "得点（横×縦）"),
    ]
    header = (
        [m.text(lang) for m in labels]
        + [s.ja if lang == "ja" else s.code for s in deck.suits]
        + [Msg("Penalty", "失点").text(lang), Msg("Score", "勝利点").text(lang)]
    )
    weights = [34, 30, 15, 22, 22] + [10] * len(deck.suits) + [17, 20]
    _table(c, area, top, weights, players, header, shade=(len(weights) - 1,))


def _homalet(c: Canvas, area: Area, players: int, lang: Lang) -> None:
    rule = Msg(
        "Strike each score-pile card in its last digit's column (the largest card decides a tie). +1 a card; "
        "same digit +1 for each card whose digit holds 2 or more; run +1 for each card on 3 or more "
        "consecutive digits (no 9→0); spring +1.",
        "獲得したカードを下一桁の欄で消していきます。基本点は1枚につき1点、同数ボーナスは2枚以上ある桁の"
        "カード各1点、連番ボーナスは3つ以上連続する桁のカード各1点（9と0は続きません）、春マークは1枚1点です。"
        "同点なら最も大きな数字のカードを持つ人が勝ちます。",
    )
    top = _header(c, area, "homalet", lang, rule)
    header = [
        Msg("Player", "プレイヤー").text(lang),
        *(str(d) for d in range(10)),
        *(
            m.text(lang)
            for m in (
                Msg("Cards", "基本点"),
                Msg("Same digit", "同数"),
                Msg("Run", "連番"),
                Msg("Spring", "春"),
                Msg("Largest card", "最大の数字"),
                Msg("Total", "得点"),
            )
        ),
    ]
    weights = [26] + [12] * 10 + [11, 11, 11, 9, 12, 13]
    xs, rows = _table(c, area, top, weights, players, header, shade=(len(weights) - 1,))
    _card_boxes(c, xs, rows, players)


BOX_NUMBER = 6.0  # the card numbers in the HOMALET boxes: the smallest printed size
BOX_GREY = 0.42  # light enough to write over, dark enough to read (5.3:1 on white)


def _card_boxes(c: Canvas, xs: Sequence[float], rows: Sequence[tuple[float, float]], players: int) -> None:
    """In each digit cell, a small box for every card with that last digit (room for 7 with 7 players),
    numbered faintly, so the sheet records the cards themselves: the tie-break needs the largest.
    Every row is the same, so one row is drawn as a form and placed on each."""
    per_column = 4
    height = rows[0][1] - rows[0][0]
    name = f"card-boxes-{round(height * 100)}"
    made: set[str] = c.__dict__.setdefault("_companion_boxes", set())
    if name not in made:
        made.add(name)
        c.beginForm(name, xs[0], 0, xs[-1], height)
        c.setLineWidth(0.25)
        c.setStrokeGray(0.75)
        labels = Lines()
        for d in range(10):
            x0, x1 = xs[1 + d], xs[2 + d]
            bw, bh = (x1 - x0 - 2) / 2, (height - 2) / per_column
            for tens in range(players):
                col, r = divmod(tens, per_column)
                bx, by = x0 + 1 + col * bw, height - 1 - (r + 1) * bh
                c.rect(bx + 0.6, by + 0.6, bw - 1.2, bh - 1.2, stroke=1, fill=0)
                labels.add(f"{tens}{d}", bx + bw / 2, by + bh / 2 - 2.1, BOX_NUMBER)
        c.setFillGray(BOX_GREY)
        labels.draw(c)
        c.endForm()
    for bottom, _ in rows:
        c.saveState()
        c.translate(0, bottom)
        c.doForm(name)
        c.restoreState()


def _dragoness(c: Canvas, area: Area, players: int, lang: Lang) -> None:
    rule = Msg(
        "Each round: first out 3 points; then fewest cards left 2, next 1. A tie for second: 2 each and no 1. "
        "A tie for third: 1 each. A hand of only Revive cards counts as empty. After 5 rounds the highest "
        "total wins; a tie is shared.",
        "各ラウンドで、上がった人に3点、残り枚数が少ない順に2点、1点です。2位が同点なら各2点で1点はなし、"
        "3位が同点なら各1点です。蘇生カードだけの手札は空とみなします。5ラウンド後の合計が最も多い人が勝ち、"
        "同点なら勝利を分け合います。",
    )
    top = _header(c, area, "dragoness", lang, rule)
    header = [Msg("Player", "プレイヤー").text(lang)]
    weights = [34.0]
    for r in range(1, 6):
        header += [Msg(f"R{r} cards left", f"第{r}R残り").text(lang), Msg(f"R{r} points", f"第{r}R点数").text(lang)]
        weights += [14, 14]
    header.append(Msg("Total", "合計").text(lang))
    weights.append(22)
    _table(c, area, top, weights, players, header, shade=(*range(2, 11, 2), len(weights) - 1))


DRAWERS: dict[str, Callable[[Canvas, Area, int, Lang], None]] = {
    "fortress": _fortress,
    "homalet": _homalet,
    "dragoness": _dragoness,
}


def check_players(game: str, players: int) -> None:
    check_player_count(players, *PLAYERS[game], TITLES[game])


def halves(page: tuple[float, float]) -> list[Area]:
    """The two table areas of a portrait page, top first, with the margins and a gap for the cut."""
    w, h = page
    foot = EDGE + 7.5 * mm  # room for the print note below
    half = (h - M - foot - 12 * mm) / 2
    return [Area(M, h - M - half, w - 2 * M, half), Area(M, foot, w - 2 * M, half)]


def draw_sheet(target: str | Path, game: str, players: int, lang: Lang, paper: str = "a4") -> None:
    check_players(game, players)
    page = paper_size(paper)
    c = new_canvas(target, page, f"{TITLES[game].text(lang)} — {SHEET.text(lang)}")
    areas = halves(page)
    for area in areas:
        DRAWERS[game](c, area, players, lang)
    middle = (areas[0].y + areas[1].y + areas[1].h) / 2
    c.setDash(3, 3)
    c.setStrokeGray(0.6)
    c.setLineWidth(0.4)
    c.line(M, middle, page[0] - M, middle)
    c.setDash()
    count = Msg(f"{players} players", f"{players}人")
    page_note(c, page, f"{TITLES[game].text(lang)} — {count.text(lang)}")
    c.showPage()
    c.save()


def print_sheet(path: str | Path, game: str, players: int, lang: Lang, paper: str = "a4") -> None:
    with atomic_target(path) as temp:
        draw_sheet(temp, game, players, lang, paper)

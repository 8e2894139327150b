"""Blank score sheets for any allowed player count, landscape, in Japanese or English."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.decks import load_deck_data
from companion.rules import fortress
from companion.rules.common import Lang, Msg, check_player_count
from printables.draw import centred, colour, tint, wrap
from printables.faces import PLAYERS, TITLES
from printables.fonts import FONT
from printables.layout import atomic_target, new_canvas, page_note, paper_size

M = 12 * mm


def _header(c: Canvas, page: tuple[float, float], game: str, lang: Lang, rule: Msg) -> float:
    sheet = Msg("score sheet", "得点表")
    c.setFillColor(colour("#1a237e"))
    c.setFont(FONT, 16)
    c.drawString(M, page[1] - M - 4 * mm, f"{TITLES[game].text(lang)} — {sheet.text(lang)}")
    c.setFillGray(0.2)
    c.setFont(FONT, 8.5)
    y = page[1] - M - 10 * mm
    for line in wrap(rule.text(lang), 8.5, page[0] - 2 * M):
        c.drawString(M, y, line)
        y -= 11
    c.setFont(FONT, 9)
    date = Msg("Date: ________________   Place: ________________", "日付：________________　場所：________________")
    c.drawRightString(page[0] - M, page[1] - M - 4 * mm, date.text(lang))
    return float(y - 3 * mm)


def _table(c: Canvas, top: float, widths: Sequence[float], players: int, tallest: float,
           header: Sequence[str], shade: Sequence[int] = ()) -> list[tuple[float, float]]:
    """Draw a ruled table at the left margin: a header row, then one row per player, each at most
    ``tallest`` high and together filling the page; return each row's (bottom, top)."""
    x = M
    row = min(tallest, (top - M - 12 * mm) / (players + 1))
    heights = [12 * mm] + [row] * players
    total = sum(widths)
    c.setStrokeGray(0.3)
    c.setLineWidth(0.6)
    rows = []
    y = top
    for r, h in enumerate(heights):
        if r == 0:
            c.setFillColor(tint("#1a237e", 0.12))
            c.rect(x, y - h, total, h, stroke=0, fill=1)
        rows.append((y - h, y))
        y -= h
    cx = x
    for i, w in enumerate(widths):
        if i in shade:
            c.setFillColor(tint("#ffb300", 0.15))
            c.rect(cx, y, w, top - heights[0] - y, stroke=0, fill=1)
        cx += w
    c.setFillGray(0)
    cx = x
    for w, text in zip(widths, header, strict=True):
        lines = wrap(text, 8, w - 2)
        ty = top - heights[0] / 2 + (len(lines) - 1) * 4.5 - 2.8
        for line in lines:
            centred(c, line, cx + w / 2, ty, 8, w - 2)
            ty -= 9
        cx += w
    c.rect(x, y, total, top - y, stroke=1, fill=0)
    for bottom, _ in rows[:-1]:
        c.line(x, bottom, x + total, bottom)
    cx = x
    for w in widths[:-1]:
        cx += w
        c.line(cx, y, cx, top)
    return rows


def _fortress(c: Canvas, page: tuple[float, float], players: int, lang: Lang) -> None:
    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    rule = Msg("Score = columns × tallest column (after the optional face-down pair: 2 cards from a column of 2+, "
               "laid as one card on any column) − for each suit left in hand, its lowest rank. Highest wins; a tie "
               "is shared.",
               "得点 = 列の数 × 最も高い列の枚数（裏向きペア：2枚以上の列から2枚を取り、好きな列に1枚として置ける）"
               " − 手札に残った各スートの最小の数字。最高点の勝ち、同点は分け合います。")
    top = _header(c, page, "fortress", lang, rule)
    labels = [Msg("Player", "プレイヤー"), Msg("Columns", "列の数"), Msg("Tallest", "最高の列"),
              Msg("Face-down pair (from → to)", "裏向きペア（元 → 先）"),
              Msg("Points (cols × tallest)", "得点（列×高さ）")]
    header = [m.text(lang) for m in labels] + [s.ja if lang == "ja" else s.code for s in deck.suits] + [
        Msg("Penalty", "失点").text(lang), Msg("Score", "合計").text(lang)]
    widths = [40 * mm, 18 * mm, 18 * mm, 34 * mm, 30 * mm] + [12 * mm] * len(deck.suits) + [20 * mm, 22 * mm]
    _table(c, top, widths, players, 16 * mm, header, shade=(len(widths) - 1,))


def _homalet(c: Canvas, page: tuple[float, float], players: int, lang: Lang) -> None:
    rule = Msg("Tick each score-pile card under its last digit. +1 a card; same-digit +1 for each card whose digit "
               "has 2 or more ticks; run +1 for each card on 3 or more consecutive digits (no 9→0); spring +1. "
               "Tie: the largest card wins.",
               "得点札を下一桁の欄にチェック。1枚 +1、同数（2枚以上ある桁のカード）各 +1、連番（3つ以上連続する桁の"
               "カード、9→0 は続かない）各 +1、春 +1。同点は最大の数字を持つ人の勝ち。")
    top = _header(c, page, "homalet", lang, rule)
    digits = [str(d) for d in range(10)]
    header = [Msg("Player", "プレイヤー").text(lang), *digits,
              *(m.text(lang) for m in (Msg("Cards", "枚数"), Msg("Same digit", "同数"), Msg("Run", "連番"),
                                      Msg("Spring", "春"), Msg("Total", "合計")))]
    widths = [40 * mm] + [11 * mm] * 10 + [19 * mm] * 4 + [22 * mm]
    rows = _table(c, top, widths, players, 22 * mm, header, shade=(len(widths) - 1,))
    c.setStrokeGray(0.75)
    c.setLineWidth(0.3)
    x0 = M + widths[0]
    for bottom, top_ in rows[1:]:  # light tick lines inside the digit grid
        for k in (1, 2, 3):
            y = bottom + (top_ - bottom) * k / 4
            c.line(x0 + 1, y, x0 + 10 * widths[1] - 1, y)


def _dragoness(c: Canvas, page: tuple[float, float], players: int, lang: Lang) -> None:
    rule = Msg("Each round: first out 3 points; then fewest cards left 2, next 1. A tie for second: 2 each and no 1. "
               "A tie for third: 1 each. A hand of only Revive cards counts as empty. After 5 rounds the highest "
               "total wins; a tie is shared.",
               "各ラウンド：1抜け3点、残り枚数が少ない順に2点・1点。2位が同点なら各2点で1点はなし。3位が同点なら各1点。"
               "リバイブだけの手札は空とみなす。5ラウンド後の合計で最高点の勝ち、同点は分け合います。")
    top = _header(c, page, "dragoness", lang, rule)
    header = [Msg("Player", "プレイヤー").text(lang)]
    widths = [44 * mm]
    for r in range(1, 6):
        header += [Msg(f"R{r} cards left", f"第{r}R 残り").text(lang), Msg(f"R{r} points", f"第{r}R 得点").text(lang)]
        widths += [19 * mm, 19 * mm]
    header.append(Msg("Total", "合計").text(lang))
    widths.append(30 * mm)
    _table(c, top, widths, players, 16 * mm, header, shade=(*range(2, 11, 2), len(widths) - 1))


DRAWERS = {"fortress": _fortress, "homalet": _homalet, "dragoness": _dragoness}


def check_players(game: str, players: int) -> None:
    check_player_count(players, *PLAYERS[game], TITLES[game])


def draw_sheet(target: str | Path, game: str, players: int, lang: Lang, paper: str = "a4") -> None:
    check_players(game, players)
    page = landscape(paper_size(paper))
    c = new_canvas(target, page, f"{TITLES[game].text(lang)} — score sheet")
    DRAWERS[game](c, page, players, lang)
    page_note(c, page, f"{TITLES[game].text(lang)} — {players}")
    c.showPage()
    c.save()


def print_sheet(path: str | Path, game: str, players: int, lang: Lang, paper: str = "a4") -> None:
    with atomic_target(path) as temp:
        draw_sheet(temp, game, players, lang, paper)

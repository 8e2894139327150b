"""A filled result sheet for a finished game, drawn from ``companion settle``'s answer (its JSON as a
dict): the players, every score with its arithmetic, the winners, and the game record as QR codes
(the payload strings, already compressed and split by the caller; each printed with its number).

Pure drawing: it reads no store and writes only the PDF it is given (``print_result`` writes it
atomically). The command that finds a finished game and encodes its record lives elsewhere."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.base.files import atomic_target
from companion.rules.common import Lang, Msg
from printables import typeset
from printables.code_check import Placed, choose_masks
from printables.draw import centred, colour, tint
from printables.faces import TITLES
from printables.fonts import FONT
from printables.layout import new_canvas, page_note, paper_size
from printables.qr import QUIET, define_qr_form, draw_qr, qr_matrix

M = 15 * mm
RESULT = Msg("result", "結果")
MODULE = 1.0 * mm  # a QR module: a phone's soft photo reads codes this coarse at level H (printables.qr)
PART_CHARS = 408  # the characters a version-17 code (85 modules) holds at level H in the alphanumeric mode
APART = 2 * QUIET * MODULE  # between two codes side by side: the quiet zone of each
ROW_GAP = 12 * mm  # between rows of codes: a quiet zone, the code's number, the next quiet zone
NUMBER_SIZE = 8
NUMBER_DROP = QUIET * MODULE + 0.7 * NUMBER_SIZE  # the number's baseline under the code, past its quiet zone
FLOOR = M  # the lowest a code's number reaches (the print note is under it)
BELOW_HEADING = 0.3 * 11 + 1.5 * mm + QUIET * MODULE  # the heading's descenders, a gap, the codes' quiet zone


def record_codes(record: Any) -> list[str]:
    """A game record as the texts of the result sheet's codes (companion.records.qr_record's format,
    cut to what a version-17 code holds at level H)."""
    from companion.records.qr_record import encode_parts

    return encode_parts(record, PART_CHARS)


def columns(result: Mapping[str, Any], lang: Lang) -> tuple[list[str], list[list[str]]]:
    """The score table of a settle answer: its header and one row per player, scores last."""
    game = result.get("game")
    player = Msg("Player", "プレイヤー").text(lang)
    score = Msg("Score", "勝利点" if game == "fortress" else "得点").text(lang)
    if game == "dragoness":
        totals: Mapping[str, int] = result.get("totals", {})
        rounds: Sequence[Mapping[str, int]] = result.get("rounds", [])
        firsts: Sequence[str] = result.get("first_out", [])
        header = [
            player,
            *(Msg(f"Round {i}", f"第{i}ラウンド").text(lang) for i in range(1, len(rounds) + 1)),
            Msg("Total", "合計").text(lang),
        ]
        rows = [
            [
                name,
                *(
                    f"{r.get(name, '')}{' *' if i < len(firsts) and firsts[i] == name else ''}"
                    for i, r in enumerate(rounds)
                ),
                str(total),
            ]
            for name, total in totals.items()
        ]
        if firsts:  # who went out first, by name, under each round (* in the player's row)
            rows.append([Msg("* first out", "* 最初に上がった人").text(lang), *map(str, firsts), ""])
        return header, rows
    fields = {
        "fortress": [
            ("columns", Msg("Columns", "横の枚数")),
            ("tallest", Msg("Tallest column", "最も多い縦列")),
            ("points", Msg("Points", "得点")),
            ("penalty", Msg("Penalty", "失点")),
        ],
        "homalet": [
            ("cards", Msg("Cards", "基本点")),
            ("same_digit", Msg("Same digit", "同数ボーナス")),
            ("run", Msg("Run", "連番ボーナス")),
            ("spring", Msg("Spring", "春マーク")),
            ("largest", Msg("Largest card", "最大の数字")),
        ],
    }.get(str(game), [])  # breaks a tie (H-12)
    header = [player, *(label.text(lang) for _, label in fields), score]
    rows = [
        [str(p.get("name", "")), *(str(p.get(key, "")) for key, _ in fields), str(p.get("score", ""))]
        for p in result.get("players", [])
    ]
    return header, rows


def arithmetic(result: Mapping[str, Any], lang: Lang = "en") -> list[str]:
    """Every score's arithmetic in words, as settle --explain gave it (empty without --explain), and
    who won and why (a HOMALET tie names the cards that decided it)."""
    if isinstance(result.get("explanation"), list):
        notes = [str(line) for line in result["explanation"]]
    else:
        colon = ": " if lang == "en" else "："
        notes = [
            f"{p.get('name', '')}{colon}{p['explanation']}" for p in result.get("players", []) if p.get("explanation")
        ]
    if notes and result.get("winners_explanation"):
        notes.append(str(result["winners_explanation"]))
    return notes


class _Pen:
    """Where the next line goes, starting a new page when the page is full."""

    def __init__(self, c: Canvas, page: tuple[float, float], title: str) -> None:
        self.c, self.page, self.title = c, page, title
        self.y = page[1] - M
        self.pages = 1

    def need(self, height: float) -> None:
        if self.y - height < M + 8 * mm:
            page_note(self.c, self.page, self.title)
            self.c.showPage()
            self.pages += 1
            self.y = self.page[1] - M

    def line(self, text: str, size: float, gap: float = 1.3) -> None:
        self.need(size * gap)
        self.c.setFont(FONT, size)
        self.y -= size * gap
        self.c.drawString(M, self.y, text)


def draw_result(
    target: str | Path | Any,
    result: Mapping[str, Any],
    payloads: Sequence[str],
    lang: Lang,
    paper: str = "a4",
    subtitle: str = "",
) -> int:
    """Write the result sheet (``subtitle``, if any, under the title: which game, when); return its
    number of pages."""
    game = str(result.get("game", ""))
    page = paper_size(paper)
    name = TITLES[game].text(lang) if game in TITLES else game
    title = f"{name} — {RESULT.text(lang)}"
    c = new_canvas(target, page, title)
    pen = _Pen(c, page, title)
    width = page[0] - 2 * M
    c.setFillColor(colour("#1a237e"))
    pen.line(title, 16)
    c.setFillGray(0)
    if subtitle:
        pen.line(subtitle, 9)
    if result.get("complete") is False:
        pen.line(
            Msg(
                "The game is not finished: these are the totals so far.",
                "ゲームは終わっていません。ここまでの合計です。",
            ).text(lang),
            9,
        )
    pen.y -= 3 * mm
    _table(c, pen, *columns(result, lang), width)
    winners = (
        ", ".join(str(w) for w in result.get("winners", []))
        if lang == "en"
        else "、".join(str(w) for w in result.get("winners", []))
    )
    pen.y -= 2 * mm
    pen.line(
        Msg(f"Winner: {winners}", f"勝者：{winners}").text(lang)
        if len(result.get("winners", [])) < 2
        else Msg(f"Winners (shared): {winners}", f"勝者（同点）：{winners}").text(lang),
        12,
    )
    notes = arithmetic(result, lang)
    if notes:
        pen.y -= 3 * mm
        c.setFillColor(colour("#1a237e"))
        pen.line(Msg("The arithmetic", "計算の内訳").text(lang), 11)
        c.setFillGray(0.15)
        for note in notes:
            text = _same_signs(note) if lang == "ja" else note
            for i, line in enumerate(typeset.wrap(text, 8.5, width - 4 * mm, ARITHMETIC)):
                pen.need(11)
                pen.y -= 11
                c.setFont(FONT, 8.5)
                c.drawString(M + (0 if i == 0 else 4 * mm) - typeset.hang(line, 8.5), pen.y, line)
        c.setFillGray(0)
    if payloads:
        _codes(c, pen, payloads, lang, width)
    page_note(c, page, title)
    c.showPage()
    c.save()
    return pen.pages


def _table(c: Canvas, pen: _Pen, header: list[str], rows: list[list[str]], width: float) -> None:
    first = min(45 * mm, width * 0.3)
    rest = (width - first) / max(1, len(header) - 1)
    widths = [first] + [rest] * (len(header) - 1)
    height = 8 * mm
    for r, row in enumerate([header, *rows]):
        pen.need(height)
        top = pen.y
        pen.y -= height
        if r == 0:
            c.setFillColor(tint("#1a237e", 0.12))
            c.rect(M, pen.y, width, height, stroke=0, fill=1)
        c.setFillGray(0)
        c.setStrokeGray(0.4)
        c.setLineWidth(0.5)
        c.rect(M, pen.y, width, top - pen.y, stroke=1, fill=0)
        x = M
        for i, cell in enumerate(row):
            size = 8 if r == 0 else 10
            if i == len(row) - 1 and r > 0:
                size = 11
            centred(c, cell, x + widths[i] / 2, pen.y + height / 2 - size * 0.35, size, widths[i] - 2)
            if i:
                c.line(x, pen.y, x, top)
            x += widths[i]


ARITHMETIC = typeset.equations


def _same_signs(text: str) -> str:
    """Japanese arithmetic with one plus sign: the scores' "基本点 5 + 同数ボーナス 2" has spaced
    ASCII signs, so "基本1＋同数1" is set the same way."""
    return re.sub(r"\s*＋\s*", " + ", text)


def _codes(c: Canvas, pen: _Pen, payloads: Sequence[str], lang: Lang, width: float) -> None:
    """The record as numbered QR codes, each readable alone, in a grid centred on the page: after
    the scores where a row fits, then on pages of their own, as many to a row as fit. Each page's
    codes are checked where they stand before the page is done (printables.code_check)."""
    sizes = [len(qr_matrix(payload)) for payload in payloads]  # modules, quiet zone included (any mask)
    side = (max(sizes) - 2 * QUIET) * MODULE  # the dark part of the largest
    per_row = max(1, int((width + APART) // (side + APART)))
    spare = width - per_row * side
    gap = max(APART, spare / (per_row + 1)) if per_row > 1 else 0.0
    left = M + (spare - (per_row - 1) * gap) / 2
    heading = 4 * mm + 1.3 * 11 + BELOW_HEADING  # the heading, its descenders, a quiet zone
    placed: list[Placed] = []
    page: list[Placed] = []
    first = True
    for start in range(0, len(payloads), per_row):
        row = range(start, min(start + per_row, len(payloads)))
        top = pen.y - (heading if first else 0)
        if top - side - NUMBER_DROP - 1.5 * mm < FLOOR:  # the row does not fit: a new page
            choose_masks(pen.page, page)
            page = []
            page_note(c, pen.page, pen.title)
            c.showPage()
            pen.pages += 1
            pen.y = pen.page[1] - M
            first = True
        if first:
            _heading(c, pen, lang, start, len(payloads))
            pen.y -= BELOW_HEADING
            first = False
        x = left + (per_row - len(row)) * (side + gap) / 2  # a short last row centred too
        for n in row:
            size = sizes[n] * MODULE
            centre = x + side / 2
            page.append(Placed(payloads[n], size, centre - size / 2, pen.y - side / 2 - size / 2, MODULE))
            draw_qr(c, f"record-{n + 1}", sizes[n], page[-1].x, page[-1].y, size)  # the form is made below
            c.setFont(FONT, NUMBER_SIZE)
            c.drawCentredString(centre, pen.y - side - NUMBER_DROP, f"{n + 1}/{len(payloads)}")
            x += side + gap
        pen.y -= side + ROW_GAP
        placed += page[-len(row) :]
    choose_masks(pen.page, page)
    for n, code in enumerate(placed, 1):
        define_qr_form(c, f"record-{n}", code.data, skip=code.skip)


def _heading(c: Canvas, pen: _Pen, lang: Lang, start: int, count: int) -> None:
    pen.y -= 4 * mm if start == 0 else 0
    c.setFillColor(colour("#1a237e"))
    if start == 0:
        text = Msg(
            "The game record (scan every code; their order does not matter)",
            "ゲーム記録（すべてのコードを読み取ってください。順番は問いません）",
        )
    else:
        text = Msg(
            f"The game record, continued: codes {start + 1}–{count}", f"ゲーム記録（続き）：{start + 1}〜{count}番"
        )
    c.setFont(FONT, 11)
    pen.y -= 1.3 * 11
    c.drawString(M, pen.y, text.text(lang))
    c.setFillGray(0)


def print_result(
    path: str | Path,
    result: Mapping[str, Any],
    payloads: Sequence[str],
    lang: Lang,
    paper: str = "a4",
    subtitle: str = "",
) -> int:
    with atomic_target(path) as temp:
        return draw_result(temp, result, payloads, lang, paper, subtitle)

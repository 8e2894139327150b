"""A filled result sheet for a finished game, drawn from ``companion settle``'s answer (its JSON as a
dict): the players, every score with its arithmetic, the winners, and the game record as QR codes
(the payload strings, already compressed and split by the caller; each printed with its number).

Pure drawing: it reads no store and writes only the PDF it is given (``print_result`` writes it
atomically). The command that finds a finished game and encodes its record lives elsewhere."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.files import atomic_target
from companion.rules.common import Lang, Msg
from printables.draw import centred, colour, tint, wrap
from printables.faces import TITLES
from printables.fonts import FONT
from printables.layout import new_canvas, page_note, paper_size
from printables.qr import define_qr_form, draw_qr

M = 15 * mm
RESULT = Msg("result", "結果")
MODULE = 0.5 * mm  # a QR module at least: large enough for a scan at 150 dpi
LARGEST_MODULE = 1.0 * mm  # and as large as the page's room allows, up to this
PHONE_MODULE = 0.8 * mm  # a phone's blurred photo at 100 dpi on the paper reads codes this coarse
GAP = 6 * mm  # between codes, and under each for its number


def code_module(modules: int, count: int, width: float, room: float) -> float:
    """The largest module (from LARGEST_MODULE down to MODULE) at which ``count`` codes of
    ``modules`` modules fit in rows across ``width`` and within ``room`` of height; MODULE if none
    does (the codes then go on to further pages)."""
    module = LARGEST_MODULE
    while module > MODULE:
        size = max(30 * mm, modules * module)
        per_row = max(1, int((width + GAP) // (size + GAP)))
        rows = -(-count // per_row)
        if rows * (size + GAP) <= room:
            return float(module)
        module -= 0.05 * mm
    return float(MODULE)


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
            for i, line in enumerate(wrap(note, 8.5, width - 4 * mm)):
                pen.need(11)
                pen.y -= 11
                c.setFont(FONT, 8.5)
                c.drawString(M + (0 if i == 0 else 4 * mm), pen.y, line)
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


def _codes(c: Canvas, pen: _Pen, payloads: Sequence[str], lang: Lang, width: float) -> None:
    """The record as numbered QR codes, each readable alone, as many to a row as fit."""
    forms = [(f"record-{n}", define_qr_form(c, f"record-{n}", payload)) for n, payload in enumerate(payloads, 1)]
    largest = max(modules for _, modules in forms)
    heading = 4 * mm + 1.3 * 11 + 0.3 * 11 + 1.5 * mm
    module = code_module(largest, len(forms), width, pen.y - heading - M - 8 * mm)
    if module < PHONE_MODULE:  # too small here for a phone's photo: the codes take a page of their own
        full = code_module(largest, len(forms), width, pen.page[1] - 2 * M - heading - 8 * mm)
        if full > module:
            pen.need(pen.page[1])
            module = full
    pen.y -= 4 * mm
    c.setFillColor(colour("#1a237e"))
    pen.line(
        Msg(
            "The game record (scan every code; their order does not matter)",
            "ゲーム記録（すべてのコードを読み取ってください。順番は問いません）",
        ).text(lang),
        11,
    )
    pen.y -= 0.3 * 11 + 1.5 * mm  # the heading's descenders, and a gap before the codes' white boxes
    c.setFillGray(0)
    x = M
    row_height = 0.0
    for n, (form, modules) in enumerate(forms, 1):
        size = max(30 * mm, modules * module)
        if x + size > M + width + 0.01:  # next row
            x = M
            pen.y -= row_height + 6 * mm
            row_height = 0.0
        if x == M:
            pen.need(size + 6 * mm)
        draw_qr(c, form, modules, x, pen.y - size, size)
        c.setFont(FONT, 8)
        c.drawCentredString(x + size / 2, pen.y - size - 4 * mm, f"{n}/{len(payloads)}")
        x += size + 6 * mm
        row_height = max(row_height, size)
    pen.y -= row_height + 6 * mm


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

"""``companion settle --text``: an answer as plain lines for people at a table, and Reign of
Dragoness rounds as a table."""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.rules import dragoness
from companion.rules.common import Lang, Msg


def round_table(answer: dict[str, Any], lang: Lang) -> list[str]:
    """A Reign of Dragoness answer as a table, a row per player and a column per round (points,
    ``*`` where the player went out first), the totals last, and a line naming who went out first."""
    names = list(answer["totals"])
    rounds = answer["rounds"]
    firsts: list[str] = answer.get("first_out", [])
    name_cells = max([_cells(n) for n in names] + [_cells(Msg("Player", "プレイヤー").text(lang))])
    head = [Msg(f"R{i}", f"第{i}").text(lang) for i in range(1, len(rounds) + 1)] + [Msg("Total", "合計").text(lang)]
    width = max(4, *(_cells(h) + 1 for h in head))
    lines = [_pad(Msg("Player", "プレイヤー").text(lang), name_cells) + "".join(_pad(h, width, True) for h in head)]
    for name in names:
        row = _pad(name, name_cells)
        for i, r in enumerate(rounds):
            mark = "*" if i < len(firsts) and firsts[i] == name else " "
            row += _pad(f"{r[name]}{mark}", width, True)
        row += _pad(f"{answer['totals'][name]} ", width, True)
        lines.append(row.rstrip())
    if firsts:
        sep = ", " if lang == "en" else "、"
        lines.append(
            Msg("* went out first: ", "* は最初に上がった人：").text(lang)
            + sep.join(Msg(f"R{i} {n}", f"第{i} {n}").text(lang) for i, n in enumerate(firsts, start=1))
        )
    return lines


def _cells(text: str) -> int:
    """Terminal cells ``text`` takes (wide East Asian characters two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, cells: int, right: bool = False) -> str:
    room = " " * max(0, cells - _cells(text))
    return room + text if right else text + room + " "


def settle_text(answer: dict[str, Any], lang: Lang = "en") -> str:
    """A settle answer made with ``explain`` as plain lines for people at a table: each player's
    arithmetic (or each round's, in Reign of Dragoness), the totals, and who won and why."""
    lines: list[str] = []
    if answer["game"] == "dragoness":
        lines.extend(round_table(answer, lang))
        lines.extend(answer.get("explanation", []))
        totals = answer["totals"]
        lines.append(
            Msg("Totals: ", "合計：").text(lang)
            + (", " if lang == "en" else "、").join(
                f"{n} {t}" if lang == "en" else f"{n}が{t}点" for n, t in totals.items()
            )
            + ("" if lang == "en" else "。")
        )
        if not answer["complete"]:
            lines.append(
                Msg(
                    f"{len(answer['rounds'])} of {dragoness.ROUNDS} rounds played so far.",
                    f"{dragoness.ROUNDS}ラウンド中{len(answer['rounds'])}ラウンド終了。",
                ).text(lang)
            )
    else:
        for row in answer["players"]:
            lines.append(
                f"{row['name']}: {row.get('explanation', row['score'])}"
                if lang == "en"
                else f"{row['name']}：{row.get('explanation', row['score'])}"
            )
    if "winners_explanation" in answer:
        lines.append(answer["winners_explanation"])
    return "\n".join(lines)

"""``companion settle --text``: an answer as plain lines for people at a table, and Reign of
Dragoness rounds as a table."""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.rules import dragoness
from companion.rules.common import Lang, Msg


def round_table(answer: dict[str, Any], lang: Lang, width: int | None = None) -> list[str]:
    """A Reign of Dragoness answer as a table, a row per player and a column per round (points,
    ``*`` where the player went out first), the totals last, and a line naming who went out first.
    Given ``width`` (terminal cells), the rows fit it and never wrap: the columns as narrow as what
    they hold, the names shortened with "…" where they must be (the line under the table is text,
    and wraps)."""
    names = list(answer["totals"])
    rounds = answer["rounds"]
    firsts: list[str] = answer.get("first_out", [])
    player = Msg("Player", "プレイヤー").text(lang)
    name_cells = max([_cells(n) for n in names] + [_cells(player)])
    head = [Msg(f"R{i}", f"第{i}").text(lang) for i in range(1, len(rounds) + 1)] + [Msg("Total", "合計").text(lang)]
    cols = [max(4, *(_cells(h) + 1 for h in head))] * len(head)
    if width is not None:  # each column as wide as its heading or its widest number, and a space
        values = [[f"{r[n]}*" for n in names] for r in rounds] + [[f"{answer['totals'][n]}" for n in names]]
        cols = [1 + max(_cells(h), *(len(v) for v in vs)) for h, vs in zip(head, values, strict=True)]
        name_cells = max(NAME_LEAST, min(name_cells, width - 1 - sum(cols)))
    player = player if _cells(player) <= name_cells else ""  # (the names' column says what it is)
    lines = [_pad(player, name_cells) + "".join(_pad(h, c, True) for h, c in zip(head, cols, strict=True))]
    for name in names:
        row = _pad(_fit(name, name_cells), name_cells)
        for i, r in enumerate(rounds):
            mark = "*" if i < len(firsts) and firsts[i] == name else " "
            row += _pad(f"{r[name]}{mark}", cols[i], True)
        row += _pad(f"{answer['totals'][name]} ", cols[-1], True)
        lines.append(row.rstrip())
    if firsts:
        sep = ", " if lang == "en" else "、"
        lines.append(
            Msg("* went out first: ", "* は最初に上がった人：").text(lang)
            + sep.join(Msg(f"R{i} {n}", f"第{i} {n}").text(lang) for i, n in enumerate(firsts, start=1))
        )
    return lines


NAME_LEAST = 4  # a name's column at least, shortened ("Al…")


def _fit(text: str, cells: int) -> str:
    """``text`` in at most ``cells`` terminal cells, shortened with "…" (never half a wide character)."""
    if _cells(text) <= cells:
        return text
    out = ""
    for ch in text:
        if _cells(out + ch) > cells - 1:
            break
        out += ch
    return out + "…"


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

"""What the settlement screen decides before drawing (issue 27, item 10): the players in rank order
(or seat order, O toggles), and whether the result's QR code stands beside the arithmetic — only
whole, and in at most a third of the screen's width; else Q shows it alone."""

from __future__ import annotations

from typing import Any

QR_SHARE = 3  # the code takes at most 1/QR_SHARE of the screen's width
QR_ROWS_AROUND = 5  # rows kept besides the code: the title, its heading (two rows), the buttons, the key bar


def scores_of(answer: dict[str, Any]) -> dict[str, int]:
    """Each player's final number, as the settle answer gives it, in seat order."""
    if answer["game"] == "dragoness":
        return dict(answer["totals"])
    return {p["name"]: p["score"] for p in answer["players"]}


def _largest(answer: dict[str, Any]) -> dict[str, int]:
    """HOMALET's tie-break (H-12): each player's largest card, where the answer gives it."""
    if answer["game"] != "homalet":
        return {}
    return {p["name"]: int(p["largest"]) for p in answer["players"] if str(p.get("largest", "")).isdigit()}


def ranked(answer: dict[str, Any]) -> list[str]:
    """The players, the highest score first. Equal scores: the winners first (a HOMALET tie is won on
    the largest card, H-12, which then orders the others too), then seat order."""
    scores = scores_of(answer)
    winners = set(answer.get("winners", []))
    largest = _largest(answer)
    seats = {name: i for i, name in enumerate(scores)}
    return sorted(scores, key=lambda n: (-scores[n], n not in winners, -largest.get(n, -1), seats[n]))


def in_order(answer: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``answer`` with its players (Fortress, HOMALET) or its totals and rounds (Dragoness) listed in
    the order of ``names``; the numbers themselves unchanged."""
    out = dict(answer)
    if answer["game"] == "dragoness":
        out["totals"] = {n: answer["totals"][n] for n in names}
        out["rounds"] = [{n: r[n] for n in names} for r in answer["rounds"]]
    else:
        by_name = {p["name"]: p for p in answer["players"]}
        out["players"] = [by_name[n] for n in names]
    return out


def qr_beside(code: list[str], width: int, height: int) -> bool:
    """Whether the code (its lines of half blocks) stands whole beside the arithmetic on a screen of
    ``width`` × ``height`` cells: at most a third of the width, and every row in view."""
    columns = max((len(line) for line in code), default=0)
    return columns * QR_SHARE <= width and len(code) + QR_ROWS_AROUND <= height

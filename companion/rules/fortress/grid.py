"""Six-Suit Fortress: the two grids, their spots and a placement's capture (F-3 to F-10)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from companion.rules.common import Complete, Msg, Refusal, normalize_token, refuse
from companion.rules.fortress.deck import Card

GRIDS = ("A", "B")


CELLS = tuple(f"{g}{i}" for g in GRIDS for i in (1, 2, 3, 4))  # 1 2 / 3 4 in each grid


_OUTER = {1: ("N", "W"), 2: ("N", "E"), 3: ("S", "W"), 4: ("S", "E")}


SPOTS = tuple(f"{c}{side}" for c in CELLS for side in _OUTER[int(c[1])])


_SIDE_WORDS = {"上": "N", "下": "S", "左": "W", "右": "E"}


def spot_ja(spot: str) -> str:
    """``A1N`` as the Japanese table writes it: ``A1上``."""
    sides = {side: word for word, side in _SIDE_WORDS.items()}
    return spot[:2] + sides[spot[2]] if spot in SPOTS else spot


def parse_spot(token: str) -> str:
    text = normalize_token(token).upper()
    for word, side in _SIDE_WORDS.items():
        text = text.replace(word, side)
    if text in SPOTS:
        return text
    raise _not_a_spot(token)


_SIDE_NAMES = {"N": Msg("north", "上"), "S": Msg("south", "下"), "W": Msg("west", "左"), "E": Msg("east", "右")}


def cell_side(token: str) -> str | None:
    """``token`` as a cell and a side (``A1N``, ``a1上``, ``A1E``), whether or not that side is a
    spot; None if it is not written so."""
    text = normalize_token(token).upper()
    for word, side in _SIDE_WORDS.items():
        text = text.replace(word, side)
    return text if text[:2] in CELLS and text[2:] in _SIDE_NAMES else None


def inside_grid(token: str, written: Callable[[str], Msg] | None = None) -> Refusal | None:
    """The refusal of ``token`` when it is a cell's inner side (``A1E``: A1's east side touches A2,
    F-4), with the cell's two spots, or the two lines ``written`` makes of them (``B7 A1N n``);
    None for anything else."""
    text = cell_side(token)
    if text is None or text in SPOTS:
        return None
    cell, touching = spot_cells(text)
    name = _SIDE_NAMES[text[2]]
    outer = [f"{cell}{s}" for s in _OUTER[int(cell[1])]]
    where = Msg(
        f"{token!r} is inside the grid: {cell}'s {name.en} side touches {touching}; ",
        f"「{token}」はグリッドの内側です（{cell}の{name.ja}は{touching}に接しています）。",
    )
    if written is not None:
        first, second = written(outer[0]), written(outer[1])
        return Complete(
            where + Msg(f"write {first.en} or {second.en} (F-4)", f"書き方：{first.ja}、{second.ja}（F-4）")
        )
    return Refusal(
        where
        + Msg(
            f"a card is placed at an outer side, {cell}'s are {outer[0]} and {outer[1]} (F-4)",
            f"置けるのは外側で、{cell}なら{spot_ja(outer[0])}か{spot_ja(outer[1])}です（F-4）",
        )
    )


def _not_a_spot(token: str) -> Refusal:
    """``token`` is no spot: a cell's inner side is said so (:func:`inside_grid`); anything else
    with the form of a spot."""
    inside = inside_grid(token)
    if inside is not None:
        return inside
    return refuse(
        f"{token!r} is not a spot (a cell A1–A4 or B1–B4 and a side N S W E, like A1N)",
        f"「{token}」は場所ではありません（マスA1〜B4と上下左右、例：A1上）",
    )


def spot_cells(spot: str) -> tuple[str, str]:
    """The cell touching ``spot`` (A) and the cell behind it (B), per F-4."""
    cell, side = spot[:2], spot[2]
    grid, index = cell[0], int(cell[1])
    # N/S: the other cell of the same column; W/E: the other cell of the same row
    behind = ({1: 3, 3: 1, 2: 4, 4: 2} if side in "NS" else {1: 2, 2: 1, 3: 4, 4: 3})[index]
    return cell, f"{grid}{behind}"


class Mode(StrEnum):
    NUMBER = "number"
    SUIT = "suit"


_MODE_WORDS = {
    "n": Mode.NUMBER,
    "number": Mode.NUMBER,
    "num": Mode.NUMBER,
    "数": Mode.NUMBER,
    "数字": Mode.NUMBER,
    "s": Mode.SUIT,
    "suit": Mode.SUIT,
    "スート": Mode.SUIT,
}


def parse_mode(token: str) -> Mode:
    mode = _MODE_WORDS.get(normalize_token(token).lower())
    if mode is None:
        raise refuse(f"{token!r} is neither n (number) nor s (suit)", f"「{token}」は数でもスートでもありません")
    return mode


def capture_count(placed: Card, a: Card, b: Card | None, mode: Mode) -> int:
    """How many cards a placement captures (F-5, F-6, F-7): the count alone, for a player weighing
    many placements (the simulated tables); :func:`resolve_capture` gives it with its reasons."""
    if mode is Mode.NUMBER:  # F-5
        if placed.rank < a.rank:
            return 1
        return 3 if b is not None and placed.rank >= a.rank + b.rank else 2
    if placed.suit != a.suit:  # F-6
        return 1
    return 3 if b is not None and b.suit == placed.suit else 2


def resolve_capture(placed: Card, a: Card, b: Card | None, mode: Mode) -> tuple[int, Msg]:
    """How many cards a placement captures (F-5, F-6, F-7) and the arithmetic behind it."""
    p = placed
    count = capture_count(placed, a, b, mode)
    if mode is Mode.NUMBER:  # F-5
        if count == 3:
            assert b is not None
            return 3, Msg(f"{p.rank} ≥ {a.rank} + {b.rank}: captures 3", f"{p.rank} ≥ {a.rank} + {b.rank}：3枚獲得")
        if count == 2:
            if b is None:
                return 2, Msg(
                    f"{p.rank} ≥ {a.rank} and the cell behind is empty: captures 2",
                    f"{p.rank} ≥ {a.rank}、奥は空き：2枚獲得",
                )
            return 2, Msg(
                f"{p.rank} ≥ {a.rank} but {p.rank} < {a.rank} + {b.rank}: captures 2",
                f"{p.rank} ≥ {a.rank}、{p.rank} < {a.rank} + {b.rank}：2枚獲得",
            )
        return 1, Msg(f"{p.rank} < {a.rank}: captures 1", f"{p.rank} < {a.rank}：1枚獲得")
    # F-6
    if count > 1:
        if count == 3:
            assert b is not None
            return 3, Msg(f"{p.suit} = {a.suit} = {b.suit}: captures 3", f"{p.suit} = {a.suit} = {b.suit}：3枚獲得")
        behind = "the cell behind is empty" if b is None else f"{b.suit} ≠ {p.suit}"
        behind_ja = "奥は空き" if b is None else f"{b.suit} ≠ {p.suit}"
        return 2, Msg(f"{p.suit} = {a.suit}, {behind}: captures 2", f"{p.suit} = {a.suit}、{behind_ja}：2枚獲得")
    return 1, Msg(f"{p.suit} ≠ {a.suit}: captures 1", f"{p.suit} ≠ {a.suit}：1枚獲得")

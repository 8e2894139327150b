"""Six-Suit Fortress: the fortress row, where a new column may go (F-11)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from companion.rules.common import Msg, normalize_token, refuse
from companion.rules.fortress.deck import STEPS, Card


class Where(StrEnum):
    LEFT = "left"  # a new column left of the row
    RIGHT = "right"  # a new column right of the row
    ON_LEFT = "on-left"  # onto the left-end column
    ON_RIGHT = "on-right"  # onto the right-end column
    HAND = "hand"  # not built: into the hand (F-8)


_WHERE_WORDS = {
    "l": Where.LEFT,
    "left": Where.LEFT,
    "左": Where.LEFT,
    "r": Where.RIGHT,
    "right": Where.RIGHT,
    "右": Where.RIGHT,
    "ol": Where.ON_LEFT,
    "on-left": Where.ON_LEFT,
    "左端": Where.ON_LEFT,
    "or": Where.ON_RIGHT,
    "on-right": Where.ON_RIGHT,
    "右端": Where.ON_RIGHT,
    "h": Where.HAND,
    "hand": Where.HAND,
    "手札": Where.HAND,
}
WHERE_JA = {Where.LEFT: "左", Where.RIGHT: "右", Where.ON_LEFT: "左端", Where.ON_RIGHT: "右端", Where.HAND: "手札"}
"""Each place as it is typed in Japanese (the English is the place's own value)."""


def parse_where(token: str) -> Where:
    where = _WHERE_WORDS.get(normalize_token(token).lower())
    if where is None:
        raise refuse(
            f"{token!r} is not a place in the fortress: use left, right, on-left, on-right or hand",
            f"「{token}」は砦の置き場所ではありません。左・右（新しい縦列）、左端・右端（縦配置）、手札のどれかです",
        )
    return where


def fits(ranks: Sequence[int], rank: int, where: Where, top: int = 13) -> bool:
    """Whether a card of ``rank`` may go ``where`` in a row of column ``ranks`` (F-11): the hand always;
    the first card starts the row; onto an end column of its own rank; a new column at an end, its rank
    new to the row (F-11 [assumption]: no rank twice, even across the 13-1 wrap) and within 3 of the end
    it joins, 13 and 1 adjacent."""
    if where is Where.HAND:
        return True
    if not ranks:
        return where is Where.LEFT or where is Where.RIGHT
    if where is Where.ON_RIGHT:
        return rank == ranks[-1]
    if where is Where.ON_LEFT:
        return rank == ranks[0]
    if rank in ranks:
        return False
    if where is Where.RIGHT:
        return (rank - ranks[-1]) % top in STEPS
    return (ranks[0] - rank) % top in STEPS


def placement_problem(ranks: Sequence[int], rank: int, where: Where, top: int = 13) -> Msg | None:
    """Why a card of ``rank`` cannot go ``where`` in a row of column ``ranks`` (F-11), or None
    (:func:`fits` decides; this says why not)."""
    if fits(ranks, rank, where, top):
        return None
    if not ranks:
        return Msg(
            "the fortress is empty: the first card starts a new column",
            "砦は空です。最初のカードは新しい縦列になります",
        )
    left, right = ranks[0], ranks[-1]
    if where is Where.ON_RIGHT or where is Where.ON_LEFT:
        end = right if where is Where.ON_RIGHT else left
        side = Msg("right", "右") if where is Where.ON_RIGHT else Msg("left", "左")
        return Msg(
            f"{rank} cannot go onto the {side.en}-end column: it holds {end}s, and a column holds one rank",
            f"{rank}は{side.ja}端に縦配置できません。{side.ja}端は{end}で、縦列には同じ数字だけを並べます",
        )
    if rank in ranks:
        ends = Msg("on-left or on-right", "左端か右端") if rank in (left, right) else None
        tail = (
            Msg(f"; it can only stack {ends.en}", f"。縦配置できるのは{ends.ja}だけです")
            if ends
            else Msg("; equal numbers stack only on an end column", "。同じ数字は端にだけ縦配置できます")
        )
        return Msg(
            f"{rank} cannot start a new column: the row already has a column of {rank}s" + tail.en,
            f"{rank}で新しい縦列は作れません。砦の横の並びにはすでに{rank}の縦列があります" + tail.ja,
        )
    if where is Where.RIGHT:
        allowed = [(right - 1 + s) % top + 1 for s in STEPS]
        return Msg(
            f"{rank} cannot start a column right of {right}: only "
            f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
            f"{rank}は{right}の右に置けません。置けるのは{'・'.join(map(str, allowed))}だけです（±3、13と1は隣接）",
        )
    allowed = [(left - 1 - s) % top + 1 for s in STEPS]
    return Msg(
        f"{rank} cannot start a column left of {left}: only "
        f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
        f"{rank}は{left}の左に置けません。置けるのは{'・'.join(map(str, allowed))}だけです（±3、13と1は隣接）",
    )


def placements(ranks: Sequence[int], rank: int, top: int = 13) -> list[Where]:
    """Every fortress place a card of ``rank`` may go (F-11); the hand is always open too."""
    order = [Where.LEFT, Where.ON_LEFT, Where.ON_RIGHT, Where.RIGHT]
    if not ranks:
        order = [Where.RIGHT]
    elif len(ranks) == 1:
        order = [Where.LEFT, Where.ON_RIGHT, Where.RIGHT]  # one column is both ends
    return [w for w in order if fits(ranks, rank, w, top)]


def build(columns: Sequence[Sequence[Card]], card: Card, where: Where) -> list[list[Card]]:
    """The fortress after ``card`` goes ``where`` (already checked legal)."""
    out = [list(c) for c in columns]
    if where is Where.RIGHT:
        out.append([card])
    elif where is Where.LEFT:
        out.insert(0, [card])
    elif where is Where.ON_RIGHT:
        out[-1].append(card)
    elif where is Where.ON_LEFT:
        out[0].append(card)
    return out


def _built(columns: list[list[Card]], card: Card, where: Where) -> list[list[Card]]:
    """:func:`build` for :func:`apply`: a new row sharing the columns that do not change (a state's
    columns are never changed in place)."""
    if where is Where.RIGHT:
        return [*columns, [card]]
    if where is Where.LEFT:
        return [[card], *columns]
    index = -1 if where is Where.ON_RIGHT else 0
    out = list(columns)
    out[index] = [*columns[index], card]
    return out


def row_problem(columns: Sequence[Sequence[Card]], top: int = 13) -> Msg | None:
    """Why a finished fortress could not have been built under F-11, or None; columns counted from 1
    at the left, as people read them."""
    for i, column in enumerate(columns, 1):
        if not column:
            return Msg(f"column {i} is empty", f"{i}列目が空です")
        ranks = {c.rank for c in column}
        if len(ranks) > 1:
            return Msg(
                f"column {i} mixes ranks {', '.join(map(str, sorted(ranks)))}; a column holds one rank",
                f"{i}列目に違う数字（{'・'.join(map(str, sorted(ranks)))}）が混ざっています",
            )
    seen: dict[int, int] = {}
    for i, column in enumerate(columns, 1):
        rank = column[0].rank
        if rank in seen:
            return Msg(
                f"columns {seen[rank]} and {i} both hold {rank}s; a rank stands in one column only (F-11)",
                f"{seen[rank]}列目と{i}列目がどちらも{rank}です。同じ数字の縦列は1つだけです（F-11）",
            )
        seen[rank] = i
    for i in range(2, len(columns) + 1):
        a, b = columns[i - 2][0].rank, columns[i - 1][0].rank
        if (b - a) % top not in STEPS:
            return Msg(
                f"column {i} ({b}) cannot stand right of column {i - 1} ({a}): a new "
                "column is 1 to 3 ranks higher, 13 wrapping to 1 (F-11)",
                f"{i}列目（{b}）は{i - 1}列目（{a}）の右に置けません。右の縦列は1〜3大きい数字です（13の次は1、F-11）",
            )
    return None

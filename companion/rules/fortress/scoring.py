"""Six-Suit Fortress: the face-down pair, penalties, scores and winners (F-13, F-14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.common import EMPTY, Msg, join, plural, refuse, top_scorers
from companion.rules.fortress.deck import Card, Deck


@dataclass(frozen=True)
class Pair:
    """F-13: two cards taken from column ``source``, laid face down as one card on ``target``."""

    source: int
    target: int

    def __post_init__(self) -> None:
        for value in (self.source, self.target):
            if isinstance(value, bool) or not isinstance(value, int):
                raise refuse(
                    f"a face-down pair names two column numbers (counted from 0 at the left), not {value!r}",
                    f"裏向きペアは2つの列番号で書きます（左端が0。{value!r} は不可）",
                )


def pair_problem(heights: Sequence[int], pair: Pair, base: int = 1) -> Msg | None:
    """Why ``pair`` cannot be laid on a fortress of column ``heights`` (F-13), or None. Columns
    are named as the reader counts them: from ``base`` at the left (1 for players, 0 where the
    reader wrote JSON indexes)."""
    n = len(heights)
    if n == 0:
        return Msg(
            "the fortress has no columns, so there is no pair to take; decline it",
            "砦に縦列がないので裏向きペアは作れません。「なし」を選んでください",
        )
    if not 0 <= pair.source < n or not 0 <= pair.target < n:
        if n == 1:
            return Msg(f"the fortress has a single column, numbered {base}", f"砦の縦列は1つだけで、番号は{base}です")
        left = Msg(" from the left", "左から") if base == 1 else EMPTY
        return Msg(
            f"columns are numbered {base} to {n - 1 + base}{left.en}", f"列番号は{left.ja}{base}〜{n - 1 + base}です"
        )
    if heights[pair.source] < 2:
        return Msg(
            f"column {pair.source + base} holds {plural(heights[pair.source], 'card', 'cards')}; the pair "
            "comes from a column of 2 or more",
            f"{pair.source + base}列目は{heights[pair.source]}枚です。裏向きペアは2枚以上の縦列から取ります",
        )
    return None


def heights_after(heights: Sequence[int], pair: Pair | None) -> list[int]:
    out = list(heights)
    if pair is not None:
        out[pair.source] -= 2
        out[pair.target] += 1
    return out


def points(heights: Sequence[int]) -> tuple[int, int, int]:
    """(columns, tallest, columns × tallest); an emptied column does not count (F-13, F-14)."""
    standing = [h for h in heights if h > 0]
    tallest = max(standing, default=0)
    return len(standing), tallest, len(standing) * tallest


def best_pair(heights: Sequence[int]) -> Pair | None:
    """The face-down pair giving the most points; ties prefer no pair, then the first pair in
    (source, target) order. Every pair is tried, each in constant time (the state's description
    and "what is allowed now" ask this for every player)."""
    n = len(heights)
    best, best_points = None, points(heights)[2]
    standing = sum(1 for h in heights if h > 0)
    top = sorted(range(n), key=lambda i: -heights[i])[:3]  # the tallest besides any two columns is among these
    for source in range(n):
        if heights[source] < 2:
            continue
        for target in range(n):
            rest = max((heights[i] for i in top if i != source and i != target), default=0)
            if source == target:
                count, tallest = standing, max(rest, heights[source] - 1)
            else:
                left, grown = heights[source] - 2, heights[target] + 1
                count = standing - (left == 0) + (heights[target] == 0)
                tallest = max(rest, left, grown)
            if count * tallest > best_points:
                best, best_points = Pair(source, target), count * tallest
    return best


def penalty(hand: Sequence[Card]) -> dict[str, int]:
    """F-14: for each suit left in the hand, its smallest rank."""
    lowest: dict[str, int] = {}
    for card in hand:
        lowest[card.suit] = min(lowest.get(card.suit, card.rank), card.rank)
    return lowest


@dataclass(frozen=True)
class Score:
    columns: int
    tallest: int
    pair: Pair | None
    points: int
    penalty: int
    penalty_by_suit: dict[str, int]
    score: int
    explanation: Msg


def score(
    columns: Sequence[Sequence[Card]], hand: Sequence[Card], pair: Pair | None, deck: Deck | None = None
) -> Score:
    """F-14 with the given face-down pair (see :func:`best_pair`), each step explained (with
    ``deck``, the Japanese names the suits as the table does: 赤3)."""
    heights = [len(c) for c in columns]
    before = points(heights)
    count, tallest, value = points(heights_after(heights, pair))
    lows = penalty(hand)
    minus = sum(lows.values())
    parts = []
    if pair is None:
        n_columns = plural(count, "column", "columns")
        parts.append(
            Msg(
                f"no face-down pair; {n_columns} × tallest {tallest} = {value}",
                f"裏向きペアなし。得点 = 横の枚数 {count} × 最も多い縦列 {tallest} = {value}",
            )
        )
    else:
        parts.append(
            Msg(
                f"face-down pair from column {pair.source + 1} onto column {pair.target + 1} "
                f"({before[0]} × {before[1]} = {before[2]} becomes "
                f"{plural(count, 'column', 'columns')} × tallest {tallest} = {value})",
                f"裏向きペアを{pair.source + 1}列目から{pair.target + 1}列目へ置き、"
                f"得点 = 横の枚数 {count} × 最も多い縦列 {tallest} = {value}（ペアなしなら{before[2]}）",
            )
        )
    if lows:
        terms = " + ".join(f"{suit}{rank}" for suit, rank in sorted(lows.items()))  # as cards are written: B2
        terms_ja = (
            terms if deck is None else " + ".join(f"{deck.suit(suit).ja}{rank}" for suit, rank in sorted(lows.items()))
        )
        parts.append(
            Msg(
                f"; penalty, lowest of each suit in hand: {terms} = {minus}",
                f"。失点 = {terms_ja} = {minus}（手札の各スートの最も小さい数字）",
            )
        )
    else:
        parts.append(Msg("; no cards in hand, no penalty", "。手札がないので失点 0"))
    parts.append(
        Msg(f"; score {value} − {minus} = {value - minus}.", f"。勝利点 {value} − {minus} = {value - minus}。")
    )
    return Score(count, tallest, pair, value, minus, lows, value - minus, join(parts, "", ""))


winners = top_scorers  # F-14: every player with the top score; a tie is shared

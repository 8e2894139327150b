"""HOMALET: season points, scores and winners (H-11, H-12)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.common import Msg, plural, top_scorers
from companion.rules.common import winner_words as common_winner_words
from companion.rules.homalet.deck import Deck, Season, fmt


@dataclass(frozen=True)
class Score:
    cards: int
    same_digit: int
    run: int
    spring: int
    score: int
    lines: tuple[Msg, ...]  # card by card

    @property
    def explanation(self) -> Msg:
        return Msg(" ".join(m.en for m in self.lines), "".join(m.ja for m in self.lines))


def run_digits(digits: set[int]) -> set[int]:
    """The last digits lying in a run of 3 or more consecutive digits (no 9→0 wrap)."""
    out: set[int] = set()
    d = 0
    while d <= 9:
        if d in digits:
            end = d
            while end + 1 in digits:
                end += 1
            if end - d + 1 >= 3:
                out.update(range(d, end + 1))
            d = end + 1
        else:
            d += 1
    return out


def score(pile: Sequence[int], deck: Deck) -> Score:
    """H-11: +1 a card, +1 same-digit, +1 run, +1 spring; every bonus shown card by card."""
    digits = [c % 10 for c in pile]
    shared = {d for d in digits if digits.count(d) >= 2}
    running = run_digits(set(digits))
    lines = []
    same = run = spring = 0
    for card in sorted(pile, key=lambda c: (-(c % 10), c)):
        parts_en, parts_ja = ["1"], ["基本1"]
        if card % 10 in shared:
            same += 1
            parts_en.append("+1 same digit")
            parts_ja.append("＋同数1")
        if card % 10 in running:
            run += 1
            parts_en.append("+1 run")
            parts_ja.append("＋連番1")
        if deck.season(card) is Season.SPRING:
            spring += 1
            parts_en.append("+1 spring")
            parts_ja.append("＋春1")
        lines.append(Msg(f"{fmt(card)}: {' '.join(parts_en)};", f"{fmt(card)}は{''.join(parts_ja)}。"))
    total = len(pile) + same + run + spring
    lines.append(
        Msg(
            f"total {len(pile)} + {same} + {run} + {spring} = {total}.",
            f"得点 = 基本点 {len(pile)} + 同数ボーナス {same} + 連番ボーナス {run} + 春マーク {spring} = {total}。",
        )
    )
    return Score(len(pile), same, run, spring, total, tuple(lines))


def total(pile: Sequence[int], deck: Deck) -> int:
    """H-11's total alone, as :func:`score` counts it but without its words (a simulated table asks it
    of many piles): a card each, and one more for each card whose last digit another card shares, whose
    last digit lies in a run, and that is a spring card."""
    digits = [c % 10 for c in pile]
    seen: dict[int, int] = {}
    for digit in digits:
        seen[digit] = seen.get(digit, 0) + 1
    running = run_digits(set(seen))
    out = len(pile)
    for card, digit in zip(pile, digits, strict=True):
        if seen[digit] >= 2:
            out += 1
        if digit in running:
            out += 1
        if deck.season_of[card] is Season.SPRING:
            out += 1
    return out


def winners(totals: Sequence[int], piles: Sequence[Sequence[int]]) -> list[int]:
    """Top total; a tie goes to the tied player holding the largest-numbered card (H-12)."""
    tied = top_scorers(totals)
    if len(tied) <= 1:
        return tied
    best = max(max(piles[i], default=-1) for i in tied)
    return [i for i in tied if max(piles[i], default=-1) == best]


def winner_words(names: Sequence[str], totals: Sequence[int], piles: Sequence[Sequence[int]]) -> Msg:
    """Who won and why (H-11), and for a tie the card that decided it (H-12)."""
    top = max(totals, default=0)
    tied = [i for i, t in enumerate(totals) if t == top]
    won = winners(totals, piles)
    if len(tied) == 1 or len(won) > 1:
        return common_winner_words(names, won, top, "H-11, H-12" if len(won) > 1 else "H-11")
    winner = won[0]
    others = [i for i in tied if i != winner]
    largest = {i: max(piles[i], default=-1) for i in tied}
    beaten = ", ".join(
        f"{names[i]}'s {fmt(largest[i])}" if largest[i] >= 0 else f"{names[i]}'s empty pile" for i in others
    )
    beaten_ja = "、".join(fmt(largest[i]) if largest[i] >= 0 else "なし" for i in others)
    tie = " and ".join(names[i] for i in tied) if len(tied) == 2 else ", ".join(names[i] for i in tied)
    score = plural(top, "point", "points")
    return Msg(
        f"Winner: {names[winner]}. {tie} tie at {score}; {names[winner]} wins the tie: largest card "
        f"{fmt(largest[winner])} against {beaten} (H-12).",
        f"勝者：{names[winner]}。{'と'.join(names[i] for i in tied)}が{top}点で同点のため、"
        f"最も大きな数字のカードを持つ{names[winner]}の勝ち（{fmt(largest[winner])}＞{beaten_ja}）。",
    )

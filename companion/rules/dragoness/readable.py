"""Reign of Dragoness: whether cards can be read as a set or a run at all (D-4, D-5), from the
numbers each may count as, without making the readings: what ``complete`` asks before the engine."""

from __future__ import annotations

from companion.rules.dragoness.deck import DRAGONESS_NUMBER, Card


def _row_holds(most: int, fixed: list[int]) -> bool:
    """Some row of at most ``most`` cards (at least 3, D-4) holds every number of ``fixed`` (distinct)."""
    return most >= 3 and (not fixed or max(fixed) - min(fixed) < most)


def _readable(ends: dict[Card, tuple[int, int] | None], cards: tuple[Card, ...]) -> bool:
    """Some set or run reads ``cards`` (two to five, D-4) with its wild cards standing for numbers
    of their spans (D-5): exactly when the engine's readings of them are not none, said without
    making them (see :func:`_reads`). A card whose numbers are not every number between two is
    never refused here (the engine decides)."""
    fixed: list[int] = []
    wild: list[tuple[int, int]] = []
    for card in cards:
        span = ends[card]
        if span is None:
            return True
        if span[0] == span[1]:
            fixed.append(span[0])
        else:
            wild.append(span)
    return _reads(fixed, wild)


def _reads(fixed: list[int], wild: list[tuple[int, int]]) -> bool:
    """Some set or run (D-4) holds cards of the numbers ``fixed`` and wild cards each standing for
    a number from its lowest to its highest (D-5). A set: one number other than the Dragoness's 13
    that every card may count as. A run (three or more): the fixed numbers distinct, and a row of
    consecutive numbers from 1 to 13 holding them whose other numbers the wild cards can take one
    each; each wild card's numbers being every number between two (D-5: 1-8, 9-12, 1-12), taking
    the missing numbers lowest first, each by the card whose numbers end soonest, finds such a
    matching whenever one exists (the earliest end first: a card left for later covers at least
    as much)."""
    if fixed:  # a set: every card one number, never the Dragoness's 13
        x = fixed[0]
        if x != DRAGONESS_NUMBER and fixed.count(x) == len(fixed) and all(lo <= x <= hi for lo, hi in wild):
            return True
    elif max(lo for lo, _ in wild) <= min(min(hi for _, hi in wild), DRAGONESS_NUMBER - 1):
        return True
    n = len(fixed) + len(wild)
    seen = set(fixed)
    if n < 3 or len(seen) != len(fixed):
        return False
    if fixed:
        lows = range(max(1, max(fixed) - n + 1), min(DRAGONESS_NUMBER - n + 1, min(fixed)) + 1)
    else:
        lows = range(1, DRAGONESS_NUMBER - n + 2)
    if len(wild) == 1:  # the one number missing from the row
        ((lo, hi),) = wild
        return any(lo <= x <= hi for low in lows for x in range(low, low + n) if x not in seen)
    wild = sorted(wild, key=lambda span: span[1])
    for low in lows:
        free = list(wild)
        for number in range(low, low + n):
            if number in seen:
                continue
            for i, (lo, hi) in enumerate(free):
                if lo <= number <= hi:
                    del free[i]
                    break
            else:
                break
        else:
            return True
    return False

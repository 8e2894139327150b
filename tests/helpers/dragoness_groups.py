"""Legality of Reign of Dragoness groups decided without ``complete``: groups of cards not yet
played tried with ``apply``, and the cards the legal ones go on with after what is typed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.rules import dragoness as d
from companion.rules.common import Refusal


def unplayed(state: d.State, deck: d.Deck, typed: tuple[d.Card, ...] = ()) -> list[d.Card]:
    """The cards not yet played this game (nor typed), Revives left out, in a fixed order."""
    left = Counter(state.setup.cards) - Counter(state.played) - Counter(typed)
    return sorted(c for c in left.elements() if deck.kind(c) is not d.Kind.REVIVE)


def accepted(state: d.State, groups: Iterable[tuple[d.Card, ...]]) -> set[tuple[d.Card, ...]]:
    """The groups ``apply`` accepts from the seat on turn (wild cards unnamed)."""
    out = set()
    for group in groups:
        try:
            d.apply(state, d.PlayCards(state.turn, group))
        except Refusal:
            continue
        out.add(group)
    return out


def going_on(groups: set[tuple[d.Card, ...]], typed: tuple[d.Card, ...]) -> set[str]:
    """The cards some legal group holds besides ``typed``."""
    out = set()
    for group in groups:
        rest = Counter(group)
        rest.subtract(typed)
        if all(n >= 0 for n in rest.values()):
            out |= {str(c) for c, n in rest.items() if n > 0}
    return out


def offered(state: d.State, deck: d.Deck, typed: tuple[d.Card, ...]) -> set[str]:
    """The cards ``complete`` offers next after ``typed`` (without a wild number named; the words
    that are no card, pass or correct, and the Revive action's word left out)."""
    text = " ".join(map(str, typed)) + " " if typed else ""
    out = set()
    for choice in d.complete(state, text):
        word = choice.split()[len(typed)]
        try:
            card = deck.parse(word)
        except Refusal:
            continue  # pass, correct, a wild card with its number named (KN=8)...
        if deck.kind(card) is not d.Kind.REVIVE:  # the word of the Revive action (D-9)
            out.add(word)
    return out

"""Reign of Dragoness: what can be typed now (``complete``), from the engine's own answers.

A group is typed card by card, in any order, each wild card with its reading (``PG=5``) or none
without. A card is offered when the group so far with it can still grow into a pattern the engine
plays now: the group is filled out with cards not yet played this round (which any hand may
hold: the engine sees no hand) and :func:`~companion.rules.dragoness.readings` — the engine's own
answer, pile, Revive and wild numbers included — decides. Only the filling is guided by the
shapes of D-4 (cards of one number, or a row of numbers) and by the card to beat (its highest
card also as strong as it can be, D-3), to try few groups. A group the engine plays vouches for
the same group with a dragon card traded for another card of its number that leaves the highest
card as strong (``_alike``: same numbers, same shapes and readings); a card no set or row could
hold with the cards typed is refused before any filling (``_may``). Pass, Revive, only-revives
and corrections are tried with :func:`apply`; every line is the one :func:`action_line` writes.
"""

from __future__ import annotations

import functools

from companion.rules import dragoness as d
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.completion import WHO, Step, corrections, other, said, walk
from companion.rules.dragoness.filling import _Table
from companion.rules.dragoness.revive import _revives_left


def complete(state: d.State, text: str, lang: Lang = "en", most: int | None = None) -> list[str]:
    """The choices after ``text``: each extends it by whole words towards a line the engine
    accepts now (docs/notation.md), the likeliest first: pass (where it is allowed), the weakest
    card that plays, then revive. With ``most``, only the first ``most``."""
    return walk(functools.partial(_top, state, lang), text, most, LEAD if state.phase is d.Phase.LEAD else PLAY)


# What the words of each step are (Step.what): what a line that stops before them still needs. A step
# that does not say is a card of the group played.
LEAD = Msg("the cards you lead", "出すカード")
PLAY = Msg("the cards you play", "出すカード")
HOLDER = Msg("who holds the lowest card", "最も低いカードの持ち主")
LOWEST = Msg("the lowest card", "最も低いカード")


def _ok(state: d.State, action: d.Action) -> bool:
    try:
        d.apply(state, action)
    except Refusal:
        return False
    return True


def _line(state: d.State, action: d.Action) -> Msg:
    return Msg(d.action_line(state, action, "en"), d.action_line(state, action, "ja"))


def _top(state: d.State, lang: Lang) -> list[Step]:
    steps: list[Step] = []
    names = state.setup.players
    if state.phase is d.Phase.OPENING:
        steps = _openings(state, lang)
    elif state.phase in (d.Phase.LEAD, d.Phase.FOLLOW, d.Phase.REVIVED):
        passing, reviving = (
            Step(line.text(lang), line.text(other(lang)), check=functools.partial(_ok, state, action))
            for action in (d.Pass(state.turn), d.Revive(state.turn))
            for line in (_line(state, action),)
        )
        steps = [passing, *_Table.of(state).cards((), ()), reviving]  # pass first: the commonest line (issue 27)

        @functools.cache
        def only() -> list[int]:
            left = _revives_left(state)  # a hand of more cards than the Revive cards unplayed is refused (D-10)
            counts = state.hand_counts
            return [p for p in range(len(names)) if counts[p] <= left and _ok(state, d.OnlyRevives(p))]

        word = Msg(*(_line(state, d.OnlyRevives(0)).text(lg).split()[0] for lg in ("en", "ja")))
        steps.append(
            Step(
                word.text(lang),
                word.text(other(lang)),
                False,
                lambda: [Step(names[p], what=WHO) for p in only()],
                check=lambda: bool(only()),
            )
        )
    if state.phase is not d.Phase.OVER:
        steps += _corrections(state, lang)
    return steps


def _openings(state: d.State, lang: Lang) -> list[Step]:
    """``open NAME CARD``: every dragon card, the lowest first (D-6)."""
    deck = state.setup.deck
    dragons = sorted(
        (c for c in state.setup.cards if deck.kind(c) is d.Kind.DRAGON), key=lambda c: deck.profile(c, True)[1][0]
    )
    if not dragons:
        return []
    names = state.setup.players
    word = Msg(*(_line(state, d.Opening(0, dragons[0])).text(lg).split()[0] for lg in ("en", "ja")))

    def cards() -> list[Step]:
        return [Step(str(c), what=LOWEST) for c in dragons if _ok(state, d.Opening(0, c))]

    return [said(word, lang, False, lambda: [Step(name, end=False, next=cards, what=HOLDER) for name in names])]


def _corrections(state: d.State, lang: Lang) -> list[Step]:
    names = [Msg(n, n) for n in state.setup.players]

    def counts(p: int) -> list[int]:
        old = state.hand_counts[p]
        return [c for c in (old - 1, old + 1) if c >= 0] + [
            c for c in range(d.HAND + 1) if c not in (old - 1, old, old + 1)
        ]

    def legal(p: int, count: int) -> bool:
        return _ok(state, d.Correct(p, count, "x"))

    return corrections(names, counts, legal, lang)

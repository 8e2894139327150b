"""HOMALET: what can be typed now (``complete``), from the engine's own answers.

The steps come from :func:`~companion.rules.homalet.allowed` (the phase, who acts, each field's
lead colour and whether a void claim is refused, the cards the player may hold, the battlefield
cards to pick, the sets to take, the next set's size, the unseen cards) and, for a season effect's
``move`` lines and corrections, from :func:`apply` itself; every word is written by
:func:`action_line`. No rule is decided here.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from companion.rules import homalet as h
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.completion import Step, corrections, other, said, walk


def complete(state: h.State, text: str, lang: Lang = "en", most: int | None = None) -> list[str]:
    """The choices after ``text``: each extends it by whole words towards a line the engine
    accepts now (docs/notation.md), the likeliest first: a known card before an unseen one, a
    card that follows the lead colour before one that needs a void claim. With ``most``, only the
    first ``most``."""
    return walk(functools.partial(_top, state, lang), text, most)


# What the words of each step are (Step.what): what a line that stops before them still needs.
CARD = Msg("the card", "カード")
FIELD = Msg("the field, b or w", "場（戦場か在野）")
BATTLE = Msg("the field, b (the wilderness is closed)", "場（戦場。在野は閉じています）")
VOID = Msg("void (none of the lead colour, H-4)", "無し（場の色を持っていない、H-4）")
PICKED = Msg("the card picked", "選ぶカード")
SET = Msg("the set's number", "組の番号")
REVEALED = Msg("the cards of the set turned up", "めくった組のカード")
SOURCE = Msg("where the card comes from", "移動元")
ARROW = Msg(">", "「>」")
TARGET = Msg("where it goes", "移動先")


def _word(state: h.State, action: h.Action, index: int) -> Msg:
    """Word ``index`` of ``action``'s line, in each language."""
    return Msg(h.action_line(state, action, "en").split()[index], h.action_line(state, action, "ja").split()[index])


def _ok(state: h.State, action: h.Action) -> bool:
    try:
        h.apply(state, action)
    except Refusal:
        return False
    return True


def _top(state: h.State, lang: Lang) -> list[Step]:
    a = h.allowed(state)
    steps: list[Step] = []
    if a.phase is h.Phase.REFILL and a.reveal_size:
        steps = _reveal(state, a, lang)
    elif a.phase is h.Phase.PLAY and a.player is not None:
        steps = _plays(state, a, lang)
    elif a.phase is h.Phase.PICK and a.player is not None:
        player = a.player
        cards = sorted(a.pick_from, reverse=True)  # the largest card first
        if cards:
            pick = _word(state, h.Pick(player, cards[0]), 0)
            steps = [  # ``pick`` leads: a winner picks (H-5)
                said(
                    pick,
                    lang,
                    False,
                    lambda: [said(_word(state, h.Pick(player, c), 1), lang, what=PICKED) for c in cards],
                    True,
                )
            ]
    elif a.phase is h.Phase.TAKE and a.player is not None and a.sets:
        player, sets = a.player, range(len(a.sets))
        take = _word(state, h.TakeSet(player, 0), 0)
        steps = [  # ``take`` leads: a wilderness player takes a set (H-7)
            said(
                take,
                lang,
                False,
                lambda: [said(_word(state, h.TakeSet(player, i), 1), lang, what=SET) for i in sets],
                True,
            )
        ]
    elif a.phase is h.Phase.EFFECT:
        steps = [*_moves(state, lang), said(_word(state, h.EndEffect(), 0), lang)]
    return steps + _corrections(state, lang)


def _reveal(state: h.State, a: h.Allowed, lang: Lang) -> list[Step]:
    size, unseen = a.reveal_size, a.unseen
    if len(unseen) < size:
        return []

    def cards(chosen: tuple[int, ...]) -> list[Step]:
        if len(chosen) == size:
            return []
        return [
            Step(
                h.fmt(c),
                end=len(chosen) + 1 == size,
                next=functools.partial(cards, (*chosen, c)),
                guess=True,
                what=REVEALED,
            )
            for c in unseen
            if c not in chosen
        ]

    word = _word(state, h.RevealSet(tuple(unseen[:size])), 0)
    return [said(word, lang, False, functools.partial(cards, ()), True)]  # ``reveal`` leads: the refill (H-8)


# --------------------------------------------------------------------------- a play (H-4)


def _plays(state: h.State, a: h.Allowed, lang: Lang) -> list[Step]:
    player = a.player
    assert player is not None
    colour_of = state.setup.deck.colour_of
    probe = a.known_hand[0] if a.known_hand else a.unseen[0] if a.unseen else 0
    field_word = {f: _word(state, h.Play(player, probe, f), 1) for f in h.Field}
    void_word = _word(state, h.Play(player, probe, h.Field.BATTLE, True), 2)
    field = FIELD if all(f.open for f in a.fields) else BATTLE

    def fields(card: int) -> tuple[list[Step], bool]:
        """The fields ``card`` may go to (a void claim where it is off the lead colour), and whether
        it follows a lead: a field whose lead it follows first, then an empty one, a void claim
        last (a claim is the rarer play)."""
        out, follows = [], False
        for f in a.fields:
            if not f.open:
                continue
            if f.lead is None or colour_of[card] == f.lead:
                follows = follows or f.lead is not None
                out.append((0 if f.lead is not None else 1, said(field_word[f.field], lang, what=field)))
            elif not f.known_lead:
                voided = said(field_word[f.field], lang, False, lambda: [said(void_word, lang, what=VOID)], what=field)
                out.append((2, voided))
        return [step for _, step in sorted(out, key=lambda o: o[0])], follows

    cards = [*a.known_hand, *(a.unseen if a.hidden > 0 else ())]
    ranked = []
    for i, card in enumerate(cards):
        kids, follows = fields(card)
        if kids:
            known = card in a.known_hand
            ranked.append(((not known, not follows, i), card, kids))
    ranked.sort(key=lambda item: item[0])
    return [
        Step(
            h.fmt(card), end=False, next=functools.partial(lambda k: k, kids), guess=card not in a.known_hand, what=CARD
        )
        for _, card, kids in ranked
    ]


# --------------------------------------------------------------------------- a season's moves (H-6)


def _moves(state: h.State, lang: Lang) -> list[Step]:
    """``move [CARD] FROM > TO``: unnamed cards between the deck and the hands, then each card the
    engine can see moving, the effect owner's cards first; sources and targets tried by apply."""
    n = len(state.setup.players)
    owner = state.effect[0] if state.effect is not None else 0
    places = [
        (h.Zone.DECK, None),
        *((h.Zone.HAND, p) for p in range(n)),
        *((h.Zone.PILE, p) for p in range(n)),
        (h.Zone.DISCARD, None),
    ]
    places.sort(key=lambda z: z[1] != owner)  # the owner's hand and pile first

    def adjust(card: int | None, source: tuple[h.Zone, int | None], target: tuple[h.Zone, int | None]) -> h.Adjust:
        return h.Adjust(source[0], target[0], card, source[1], target[1])

    def witness(card: int | None, source: tuple[h.Zone, int | None]) -> h.Adjust | None:
        """A move of ``card`` from ``source`` the engine accepts, if there is one."""
        target: tuple[h.Zone, int | None]
        if card is not None:
            target = (h.Zone.DISCARD, None) if source[0] is not h.Zone.DISCARD else (h.Zone.DECK, None)
        else:
            target = (h.Zone.DECK, None) if source[0] is not h.Zone.DECK else (h.Zone.HAND, owner)
        move = adjust(card, source, target)
        return move if _ok(state, move) else None

    def halves(action: h.Adjust) -> tuple[Msg, Msg]:
        line = Msg(h.action_line(state, action, "en"), h.action_line(state, action, "ja"))
        en, ja = line.en.split(" > "), line.ja.split(" > ")
        skip = 2 if action.card is not None else 1
        return (Msg(" ".join(en[0].split()[skip:]), " ".join(ja[0].split()[skip:])), Msg(en[1], ja[1]))

    def targets(card: int | None, source: tuple[h.Zone, int | None]) -> list[Step]:
        return [
            said(halves(adjust(card, source, t))[1], lang, what=TARGET)
            for t in places
            if _ok(state, adjust(card, source, t))
        ]

    def sources(card: int | None) -> list[Step]:
        out = []
        for source in places:
            first = witness(card, source)
            if first is not None:
                arrow = functools.partial(targets, card, source)
                out.append(
                    said(
                        halves(first)[0],
                        lang,
                        False,
                        functools.partial(lambda t: [Step(">", end=False, next=t, what=ARROW)], arrow),
                        what=SOURCE,
                    )
                )
        return out

    unseen = frozenset(state.unseen())

    @functools.cache
    def movable(card: int) -> bool:
        """Some move names ``card`` (every unseen card moves alike: one of them is tried)."""
        if card in unseen and card != min(unseen):
            return movable(min(unseen))
        return any(witness(card, s) is not None for s in _likely_sources(state, card, places))

    def steps() -> list[Step]:
        out = sources(None)
        out += [
            Step(h.fmt(card), end=False, next=functools.partial(sources, card), what=CARD)
            for card in _movable(state, owner)
            if movable(card)
        ]
        return out

    def some() -> bool:
        return any(witness(None, s) is not None for s in places) or any(movable(c) for c in _movable(state, owner))

    word = Msg(h.WORDS["move"]["en"], h.WORDS["move"]["ja"])
    return [Step(word.text(lang), word.text(other(lang)), False, steps, check=some)]


def _movable(state: h.State, owner: int) -> list[int]:
    """The cards a move may name: those in hands and piles the table knows (the effect owner's
    first), the discard, then the unseen ones."""
    known = [*sorted(state.known_hands[owner]), *sorted(state.piles[owner])]
    for p in range(len(state.setup.players)):
        if p != owner:
            known += [*sorted(state.known_hands[p]), *sorted(state.piles[p])]
    return list(dict.fromkeys([*known, *sorted(state.discard), *state.unseen()]))


def _likely_sources(
    state: h.State, card: int, places: Sequence[tuple[h.Zone, int | None]]
) -> list[tuple[h.Zone, int | None]]:
    """Where ``card`` may be moved from, the place the table saw it first (one apply usually
    decides)."""
    for p, hand in enumerate(state.known_hands):
        if card in hand:
            return [(h.Zone.HAND, p)]
    for p, pile in enumerate(state.piles):
        if card in pile:
            return [(h.Zone.PILE, p)]
    if card in state.discard:
        return [(h.Zone.DISCARD, None)]
    return [s for s in places if s[0] in (h.Zone.DECK, h.Zone.HAND)]


# --------------------------------------------------------------------------- corrections


def _corrections(state: h.State, lang: Lang) -> list[Step]:
    if state.phase is h.Phase.OVER:
        return []
    names = []
    for p in range(len(state.setup.players)):
        line = Msg(h.action_line(state, h.Correct(p, 0, "x"), "en"), h.action_line(state, h.Correct(p, 0, "x"), "ja"))
        names.append(Msg(" ".join(line.en.split()[1:-2]), " ".join(line.ja.split()[1:-2])))

    def counts(p: int) -> list[int]:
        old = state.hand_counts[p]
        return [c for c in (old - 1, old + 1) if c >= 0] + [
            c for c in range(old + state.deck_count + 1) if c not in (old - 1, old, old + 1)
        ]

    def legal(p: int, count: int) -> bool:
        return _ok(state, h.Correct(p, count, "x"))

    return corrections(names, counts, legal, lang)

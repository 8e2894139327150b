"""Six-Suit Fortress: what can be typed now (``complete``), from the engine's own answers.

The steps come from :func:`~companion.rules.fortress.allowed` (the phase, the cards a player may
place, the usable spots, the cells to refill, the players still to score), :func:`captures`
(placements ordered by what they capture), :func:`build_options` (the legal places of each
captured card), ``pair_problem`` (F-13) and :func:`apply` (which hand counts a correction may
set); every word is written by :func:`action_line`. No rule is decided here.
"""

from __future__ import annotations

import functools

from companion.rules import fortress as f
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.completion import WHO, Step, Steps, corrections, other, walk


def complete(state: f.State, text: str, lang: Lang = "en", most: int | None = None) -> list[str]:
    """The choices after ``text``: each extends it by whole words towards a line the engine
    accepts now (docs/notation.md), the likeliest first: a known card before an unseen one, the
    largest capture first, a captured card that fits the fortress before one that must be kept,
    the one with a single legal place first, a column raised before a new one. With ``most``, only the first
    ``most``."""
    return walk(functools.partial(_top, state, lang), text, most)


# What the words of each step are (Step.what): what a line that stops before them still needs.
CARD = Msg("the card", "カード")
CELL = Msg("the empty cell (like A1)", "空いたマス（例：A1）")
REVEALED = Msg("the card turned up", "めくったカード")
SPOT = Msg("the spot (like A1N)", "場所（例：A1上）")
MODE = Msg("n (number) or s (suit)", "数かスート")
PLACE = Msg("where it goes", "置き場所")
HAND = Msg("the cards left in the hand, or none", "手札に残ったカード（なければ「なし」）")
PAIR = Msg("the columns of the pair (from, to), or none", "ペアの縦列（元と先。なければ「なし」）")


def _part(state: f.State, action: f.Action, start: int, stop: int | None = None) -> Msg:
    """Words ``start:stop`` of ``action``'s line, in English and in Japanese."""
    en, ja = f.action_line(state, action, "en").split(), f.action_line(state, action, "ja").split()
    return Msg(" ".join(en[start:stop]), " ".join(ja[start:stop]))


def _word(state: f.State, action: f.Action, index: int) -> Msg:
    """Word ``index`` of ``action``'s line, in English and in Japanese."""
    return _part(state, action, index, index + 1 or None)


def _both(word: Msg, lang: Lang) -> tuple[str, str]:
    return word.text(lang), word.text(other(lang))


def _step(
    word: Msg, lang: Lang, end: bool = True, then: Steps | None = None, lead: bool = False, what: Msg | None = None
) -> Step:
    if then is None:
        return Step(word.text(lang), word.text(other(lang)), end, lead=lead, what=what)
    return Step(word.text(lang), word.text(other(lang)), end, then, lead=lead, what=what)


def _top(state: f.State, lang: Lang) -> list[Step]:
    a = f.allowed(state)
    steps: list[Step] = []
    if a.phase is f.Phase.REVEAL:
        steps = _reveals(state, a, lang)
    elif a.phase is f.Phase.PLACE and a.player is not None:
        steps = _placements(state, a, lang)
    elif a.phase is f.Phase.BUILD:
        steps = _builds(state, a, lang)
    elif a.phase is f.Phase.FINAL:  # player by player round the table: a hand, then that player's pair
        hands, pairs = dict(_final_hands(state, a, lang)), dict(_pairs(state, a, lang))
        steps = [s for p in range(len(state.players)) for s in (hands.get(p), pairs.get(p)) if s is not None]
    return steps + _corrections(state, lang)


# --------------------------------------------------------------------------- reveal (F-9)


def _reveals(state: f.State, a: f.Allowed, lang: Lang) -> list[Step]:
    if not a.unseen:
        return []

    def cards(cell: str) -> list[Step]:
        return [
            Step(*_both(_word(state, f.Reveal(cell, card), 1), lang), guess=True, what=REVEALED) for card in a.unseen
        ]

    return [  # the cells lead: a refill fills them all, in any order (F-9)
        _step(_word(state, f.Reveal(cell, a.unseen[0]), 0), lang, False, functools.partial(cards, cell), True, CELL)
        for cell in a.cells
    ]


# --------------------------------------------------------------------------- placement (F-4 .. F-7)


def _placements(state: f.State, a: f.Allowed, lang: Lang) -> list[Step]:
    player = a.player
    assert player is not None
    if not a.spots:
        return []
    probe = a.known_hand[0] if a.known_hand else a.unseen[0] if a.unseen else None
    if probe is None:
        return []
    spot_words = {spot: _word(state, f.Place(player, probe, spot, f.Mode.NUMBER), 1) for spot in a.spots}
    mode_words = {mode: _word(state, f.Place(player, probe, a.spots[0], mode), 2) for mode in f.Mode}

    def modes(by_mode: dict[f.Mode, int]) -> list[Step]:
        order = sorted(f.Mode, key=lambda m: -by_mode.get(m, 0))
        return [_step(mode_words[m], lang, what=MODE) for m in order]

    def spots(card: f.Card) -> list[Step]:
        by_spot: dict[str, dict[f.Mode, int]] = {}
        for c in f.captures(state, card):
            by_spot.setdefault(c.spot, {})[c.mode] = len(c.cards)
        order = sorted(a.spots, key=lambda s: -max(by_spot.get(s, {}).values(), default=0))
        return [
            _step(spot_words[s], lang, False, functools.partial(modes, by_spot.get(s, {})), what=SPOT) for s in order
        ]

    def best(card: f.Card) -> int:
        return max((len(c.cards) for c in f.captures(state, card)), default=0)

    known = sorted(a.known_hand, key=lambda c: -best(c))
    unseen = a.unseen if a.any_card else ()
    deck = state.setup.deck
    return [
        Step(
            deck.label(card, lang),
            deck.label(card, other(lang)),
            False,
            functools.partial(spots, card),
            guess=unknown,
            what=CARD,
        )
        for cards, unknown in ((known, False), (unseen, True))
        for card in cards
    ]


# --------------------------------------------------------------------------- build (F-8, F-11)

# A build's places, likeliest first: onto an end column (a taller column scores more, F-14), a new
# column, the hand last (a card kept costs its suit's penalty).
_LIKELY = (f.Where.ON_LEFT, f.Where.ON_RIGHT, f.Where.RIGHT, f.Where.LEFT, f.Where.HAND)


def _builds(state: f.State, a: f.Allowed, lang: Lang) -> list[Step]:
    deck = state.setup.deck

    def places(option: f.BuildOptions) -> list[Step]:
        order = sorted(option.legal, key=_LIKELY.index)  # onto a column, then a new one, the hand last
        return [_step(_word(state, f.Build(option.card, w), 1), lang, what=PLACE) for w in order]

    def fits(b: f.BuildOptions) -> bool:
        return any(w is not f.Where.HAND for w in b.legal)

    options = sorted(a.builds, key=lambda b: (not fits(b), len(b.legal)))  # a card that fits, its only place first
    return [  # the cards lead: every captured card is built or kept, one at a time (F-8)
        Step(
            deck.label(b.card, lang),
            deck.label(b.card, other(lang)),
            False,
            functools.partial(places, b),
            lead=True,
            what=CARD,
        )
        for b in options
        if b.legal
    ]


# --------------------------------------------------------------------------- the end (F-13, F-14)


def _final_hands(state: f.State, a: f.Allowed, lang: Lang) -> list[tuple[int, Step]]:
    """``hand NAME CARDS`` for each player still to enter a hand (with that player's seat); ``hand``
    and the name lead (every hand is entered), the cards the engine knows are in it first."""
    deck = state.setup.deck
    steps = []
    for p in a.final_hands:
        empty = f.FinalHand(p, ())  # hand NAME none
        count = state.hand_counts[p]
        known = tuple(sorted(state.known_hands[p]))
        unseen = tuple(state.unseen())
        if count == 0:
            then = functools.partial(lambda w: [_step(w, lang, what=HAND)], _word(state, empty, -1))
        elif count < len(known) or (count > len(known) and not unseen):
            continue
        else:
            then = functools.partial(_hand_cards, deck, lang, count, known, unseen, ())
        name = functools.partial(
            lambda n, t: [_step(n, lang, False, t, lead=True, what=WHO)], _part(state, empty, 1, -1), then
        )
        steps.append((p, _step(_word(state, empty, 0), lang, False, name, lead=True)))
    return steps


def _hand_cards(
    deck: f.Deck,
    lang: Lang,
    count: int,
    known: tuple[f.Card, ...],
    unseen: tuple[f.Card, ...],
    chosen: tuple[f.Card, ...],
) -> list[Step]:
    """The next card of a final hand: every known card must be in it; the rest are unseen cards."""
    left = count - len(chosen)
    if left == 0:
        return []
    owed = [c for c in known if c not in chosen]
    cards = owed if len(owed) >= left else [*owed, *(c for c in unseen if c not in chosen)]
    return [
        Step(
            deck.label(c, lang),
            deck.label(c, other(lang)),
            left == 1,
            functools.partial(_hand_cards, deck, lang, count, known, unseen, (*chosen, c)),
            guess=c not in known,
            what=HAND,
        )
        for c in cards
    ]


def _pairs(state: f.State, a: f.Allowed, lang: Lang) -> list[tuple[int, Step]]:
    """``pair NAME FROM TO`` (the best pair first, then none, then every other legal pair) and
    ``pair NAME none``, with the player's seat; the pairs are tried (F-13) only when the name is
    typed. ``pair`` and the name lead (every player decides)."""

    def ends(p: int) -> list[Step]:
        heights = [len(c) for c in state.fortresses[p]]
        best = a.best_pairs[p]
        choices: list[f.Pair | None] = [best, None] if best is not None else [None]
        choices += [
            x
            for s in range(len(heights))
            for t in range(len(heights))
            if (x := f.Pair(s, t)) != best and f.pair_problem(heights, x) is None
        ]
        return [_step(_part(state, f.ChoosePair(p, x), -1 if x is None else -2), lang, what=PAIR) for x in choices]

    steps = []
    for p in a.pairs:
        declined = f.ChoosePair(p, None)  # pair NAME none
        name = _step(_part(state, declined, 1, -1), lang, False, functools.partial(ends, p), lead=True, what=WHO)
        steps.append(
            (p, _step(_word(state, declined, 0), lang, False, functools.partial(lambda n: [n], name), lead=True))
        )
    return steps


# --------------------------------------------------------------------------- corrections


def _corrections(state: f.State, lang: Lang) -> list[Step]:
    if state.phase is f.Phase.OVER:
        return []
    names = [_part(state, f.Correct(p, 0, "x"), 1, -2) for p in range(len(state.players))]

    def counts(p: int) -> list[int]:
        old = state.hand_counts[p]
        return [c for c in (old - 1, old + 1) if c >= 0] + [
            c for c in range(old + state.deck_count + 1) if c not in (old - 1, old, old + 1)
        ]

    def legal(p: int, count: int) -> bool:
        try:
            f.apply(state, f.Correct(p, count, "x"))
        except Refusal:
            return False
        return True

    return corrections(names, counts, legal, lang)

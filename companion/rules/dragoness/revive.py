"""Reign of Dragoness: whether a Revive may be played now (D-9) and how many are left unplayed
(D-10), from the cards not yet played: the engine sees no hand."""

from __future__ import annotations

from companion.rules.common import (
    Msg,
    Refusal,
    plural,
    refuse,
)
from companion.rules.dragoness.actions import Setup
from companion.rules.dragoness.checks import _phase_refusal
from companion.rules.dragoness.deck import (
    DRAGONESS_NUMBER,
    WILD_RANGE,
    Card,
    Kind,
    Value,
)
from companion.rules.dragoness.patterns import Pattern, pattern_kind
from companion.rules.dragoness.state import Phase, State, _times_played
from companion.rules.dragoness.words import Shape


def _card_table(setup: Setup) -> list[tuple[Card, Kind, Value, int]]:
    """Each card of the table's deck with its kind, its value alone and its copies (made once)."""
    deck = setup.deck
    key = ("table", len(setup.players))
    table: list[tuple[Card, Kind, Value, int]] | None = deck._cache.get(key)
    if table is None:
        table = deck._cache[key] = [
            (card, deck.kind(card), deck.profile(card, True)[1][0], copies)
            for card, copies in setup.cards.items()
            if deck.kind(card) is not Kind.REVIVE
        ]
    return table


def _weaker_exists(state: State, top: Pattern) -> bool:
    """Whether the unplayed cards (the Revive aside) could make a pattern of ``top``'s type and
    size whose highest card is weaker (D-9). The engine cannot see hands; when even the whole
    unplayed deck holds no such pattern, a Revive could never be completed."""
    deck = state.setup.deck
    lochen, gylden = deck.clans[0].gems, deck.clans[-1].gems
    natural: dict[int, list[int]] = {}  # number -> gems of the unplayed dragon cards
    wild: list[tuple[range, int]] = []  # one entry per unplayed wild card: its numbers and gems
    alone: list[Value] = []  # the unplayed cards' values as singles
    seen = state.seen
    for card, kind, value, copies in _card_table(state.setup):
        if kind is Kind.DRAGON:
            if card not in seen:
                natural.setdefault(value[0], []).append(value[1])
                alone.append(value)
        elif kind in WILD_RANGE:
            left = copies - _times_played(state, card, copies)
            wild += [(WILD_RANGE[kind], gylden if kind is Kind.KNIGHT else lochen)] * left
            alone += [value] * left
    size, high = top.size, top.high
    if top.shape is Shape.SINGLE:
        return any(v < high for v in alone)
    if top.shape is Shape.SET:
        for number in range(1, high[0] + 1):
            pool = sorted(natural.get(number, []) + [g for span, g in wild if number in span])
            if len(pool) >= size and (number, pool[size - 1]) < high:
                return True
        return False
    for low in range(1, high[0] - size + 2):  # runs: the highest number is at most the top's
        peak = low + size - 1
        gaps = [x for x in range(low, peak) if x not in natural]
        if peak < high[0]:
            if _cover(gaps if peak in natural else [*gaps, peak], wild):
                return True
            continue
        if any(g < high[1] for g in natural.get(peak, [])) and _cover(gaps, wild):
            return True
        if any(
            peak in span and g < high[1] and _cover(gaps, wild[:i] + wild[i + 1 :]) for i, (span, g) in enumerate(wild)
        ):
            return True
    return False


def _cover(numbers: list[int], wilds: list[tuple[range, int]]) -> bool:
    """Each number in ``numbers`` can be given a wild card of its own that may count as it."""
    if not numbers:
        return True
    first, rest = numbers[0], numbers[1:]
    return any(first in span and _cover(rest, wilds[:i] + wilds[i + 1 :]) for i, (span, _) in enumerate(wilds))


def revive_refusal(state: State) -> Refusal | None:
    """Why the player on turn may not play a Revive now (D-9), or None if they may."""
    if state.phase is not Phase.FOLLOW:
        return _phase_refusal(state, Msg("play a Revive", "蘇生カードを出すことは"))
    deck = state.setup.deck
    revive = deck.special(Kind.REVIVE)
    card = Card(revive.code)
    copies = state.setup.cards.get(card, 0)
    if _times_played(state, card, copies) >= copies:
        return refuse(
            f"every Revive in the deck ({plural(copies, 'card', 'cards')}) has already been played this round (D-2)",
            f"デッキの蘇生カード（{copies}枚）はこのラウンドですべて出ています（D-2）",
        )
    top = state.top
    assert top is not None
    if top.high[0] >= 12:
        what = Msg("the Dragoness", "ドラゴンネス") if top.high[0] == DRAGONESS_NUMBER else Msg("a 12", "12")
        return refuse(f"a Revive cannot be played on {what.en} (D-9)", f"{what.ja}の上に蘇生カードは出せません（D-9）")
    name = state.setup.players[state.turn]
    held = state.hand_counts[state.turn]
    kind = pattern_kind(top.shape, top.size)
    if held - 1 < top.size:
        return refuse(
            f"{name} holds {plural(held, 'card', 'cards')}: after the Revive "
            f"{plural(held - 1, 'card is', 'cards are')} left, too few for {kind.en} (D-9)",
            f"{name}の手札は{held}枚で、蘇生カードの後に残る{held - 1}枚では{kind.ja}を出せません（D-9）",
        )
    if not _weaker_exists(state, top):
        return refuse(
            f"{kind.en} weaker than {top.describe().en} cannot be made from the cards not yet played, "
            "so the Revive could never be completed (D-9)",
            f"まだ出ていないカードでは{top.describe().ja}より弱い{kind.ja}を作れないので、"
            "蘇生カードを出せません（D-9）",
        )
    return None


def _revives_left(state: State) -> int:
    card = Card(state.setup.deck.special(Kind.REVIVE).code)
    copies = state.setup.cards.get(card, 0)
    return copies - _times_played(state, card, copies)

"""Reign of Dragoness: the state of a game (what the engine knows) and its phases."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from companion.rules.codec import state_codec
from companion.rules.common import Msg
from companion.rules.dragoness.actions import Setup
from companion.rules.dragoness.deck import HAND, Card
from companion.rules.dragoness.patterns import Pattern


class Phase(StrEnum):
    OPENING = "opening"  # waiting for the table to name the lowest card
    LEAD = "lead"  # the turn player leads any pattern
    FOLLOW = "follow"  # the turn player follows, passes or revives
    REVIVED = "revived"  # the reviver must at once play the same shape, weaker
    OVER = "over"  # all five rounds are played


@dataclass(frozen=True)
class RoundResult:
    """A finished round: who went out, everyone's cards left (0 for the one out), the points (D-10)."""

    out: int
    left: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class State:
    """Everything the engine knows. Frozen, and made only of tuples and frozen values, so
    :func:`apply` builds a new state and never changes the old one."""

    setup: Setup
    phase: Phase = Phase.OPENING
    round: int = 1
    turn: int = 0
    hand_counts: tuple[int, ...] = ()
    pile: tuple[Card, ...] = ()  # the cards of the current pile
    played: tuple[Card, ...] = ()  # every card played this round, the current pile's included
    seen: frozenset[Card] = frozenset()  # the same cards as a set: asking it is quicker than counting
    again: tuple[Card, ...] = ()  # the second (third, …) copies among them: Pages, Revives, …
    top: Pattern | None = None
    top_player: int | None = None
    must_contain: Card | None = None  # the opening card the first lead must contain (D-6)
    opening: Card | None = None  # this round's opening card (D-6)
    lower: Card | None = None  # a card lower than the opening card, played later this round
    passed: frozenset[int] = frozenset()
    results: tuple[RoundResult, ...] = ()

    def copy(self) -> State:
        return replace(self)

    def totals(self) -> list[int]:
        return [sum(r.points[p] for r in self.results) for p in range(len(self.setup.players))]

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.OPENING:
            return Msg(
                f"round {self.round}: the table names who holds the lowest card",
                f"第{self.round}ラウンド。最も低いカードの持ち主を指定してください",
            )
        if self.phase is Phase.LEAD:
            return Msg(f"{names[self.turn]} leads a pattern", f"{names[self.turn]}が次のパイルを開始します")
        if self.phase is Phase.FOLLOW:
            return Msg(
                f"{names[self.turn]} follows, passes or revives",
                f"{names[self.turn]}がパターンを出すか、パスか、蘇生カードを出します",
            )
        if self.phase is Phase.REVIVED:
            return Msg(
                f"{names[self.turn]} plays the same type and size, weaker",
                f"{names[self.turn]}が同じ種類と枚数で、より弱いパターンを出します",
            )
        return Msg("the game is over", "ゲームは終了しています")


def _times_played(state: State, card: Card, copies: int) -> int:
    """How many copies of ``card`` were played this round."""
    if card not in state.seen:
        return 0
    return 1 if copies == 1 else 1 + state.again.count(card)


def _marked(state: State, group: tuple[Card, ...]) -> tuple[frozenset[Card], tuple[Card, ...]]:
    """``state.seen`` and ``state.again`` once ``group`` is played."""
    seen = state.seen
    grown = seen.union(group)
    if len(grown) == len(seen) + len(group):  # all new: the usual case
        return grown, state.again
    repeats = tuple(c for i, c in enumerate(group) if c in seen or c in group[:i])
    return grown, state.again + repeats


def new_state(setup: Setup) -> State:
    return State(setup, hand_counts=(HAND,) * len(setup.players))


def state_to_data(state: State) -> dict[str, Any]:
    """The state as plain data without its setup: the store's checkpoints (``rules/state_codec.py``)."""
    return state_codec.to_data(state)


def state_from_data(setup: Setup, data: Any) -> State:
    """The state :func:`state_to_data` wrote, read as data for ``setup``; anything else raises
    ``state_codec.Invalid``."""
    return state_codec.from_data(State, setup, data, {Card: state_codec.known(setup.deck.known)})


def finished(state: State) -> bool:
    """All five rounds are played: the game can be settled (D-11)."""
    return state.phase is Phase.OVER


def _lowest_card(state: State) -> Card:
    """The lowest dragon card this table's deck holds (D-2, D-6): what an opening names at best."""
    deck = state.setup.deck
    cards = deck.cards_for(len(state.setup.players))
    return next(deck.card(c.code, 1) for c in deck.clans if Card(c.code, 1) in cards)

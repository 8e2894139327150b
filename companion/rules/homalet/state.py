"""HOMALET: the state of a game (what the engine knows) and its phases."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.rules.codec import state_codec
from companion.rules.common import Msg, copy_state
from companion.rules.homalet.actions import Setup
from companion.rules.homalet.deck import HAND, SEASON_NAMES, Season
from companion.rules.homalet.scoring import Score, score
from companion.rules.homalet.words import FIELD_NAMES, Field


class Phase(StrEnum):
    REFILL = "refill"  # wilderness sets to lay out
    PLAY = "play"
    PICK = "pick"  # battlefield winners choose
    EFFECT = "effect"  # a season effect is being resolved
    TAKE = "take"  # wilderness players choose sets
    OVER = "over"


@dataclass
class State:
    """Everything the engine knows. Every field holds an immutable value: an action replaces
    fields, never changes them, so a state once returned stays as it is."""

    setup: Setup
    phase: Phase = Phase.REFILL
    round: int = 1
    round_start: int = 0
    turn: int = 0
    hand_counts: tuple[int, ...] = ()
    known_hands: tuple[frozenset[int], ...] = ()
    deck_count: int = 0
    wilderness: tuple[tuple[int, ...], ...] = ()
    played: tuple[tuple[int, int, Field], ...] = ()  # (player, card, field) this round
    battle_taken: frozenset[int] = frozenset()
    pickers: tuple[int, ...] = ()  # winners still to pick, in order
    takers: tuple[int, ...] = ()  # wilderness players still to take
    effect: tuple[int, Season] | None = None  # (player, season) being resolved
    piles: tuple[tuple[int, ...], ...] = ()
    discard: tuple[int, ...] = ()
    voids: tuple[tuple[int, int, Field, str], ...] = ()  # round, player, field, colour
    seen: int = 0  # bit c set: the engine knows where card c is (a set, a field, a pile, the discard, a hand)

    def copy(self) -> State:
        return copy_state(self)

    def lead(self, where: Field) -> str | None:
        """The lead colour of a field this round: the colour of its first card (H-4)."""
        for _, card, f in self.played:
            if f == where:  # == so that the plain string "battle" means the battlefield too
                return self.setup.deck.colour_of[card]
        return None

    def field_cards(self, where: Field) -> list[int]:
        return [card for _, card, f in self.played if f == where]

    def place(self, card: int) -> Msg | None:
        """Where the engine knows ``card`` to be, in words; None while it is unseen."""
        if not self.seen >> card & 1:
            return None
        names = self.setup.players
        for i, cards in enumerate(self.wilderness):
            if card in cards:
                return Msg(f"in wilderness set {i + 1}", f"在野の{i + 1}組目")
        for p, c, f in self.played:
            if c == card and c not in self.battle_taken:
                return Msg(
                    f"played by {names[p]} to {FIELD_NAMES[f].en}", f"{names[p]}が{FIELD_NAMES[f].ja}に出したカード"
                )
        for p, pile in enumerate(self.piles):
            if card in pile:
                return Msg(f"in {names[p]}'s score pile", f"{names[p]}の獲得札")
        if card in self.discard:
            return Msg("in the discard", "捨て札")
        for p, hand in enumerate(self.known_hands):
            if card in hand:
                return Msg(f"in {names[p]}'s hand", f"{names[p]}の手札")
        raise AssertionError(f"card {card} is marked seen but is nowhere")  # pragma: no cover

    def known(self) -> dict[int, Msg]:
        """Every card whose place the engine knows, with that place in words."""
        out: dict[int, Msg] = {}
        for card in self.setup.cards:
            where = self.place(card)
            if where is not None:
                out[card] = where
        return out

    def unseen(self) -> list[int]:
        """The cards whose place the engine does not know: in the deck or hidden in a hand."""
        seen = self.seen
        return [c for c in self.setup.cards if not seen >> c & 1]

    def hidden_counts(self) -> list[int]:
        return [count - len(self.known_hands[p]) for p, count in enumerate(self.hand_counts)]

    def actor(self) -> int | None:
        """Whose move it is: on turn, next to pick, next to take, or whose season effect is open."""
        if self.phase is Phase.PLAY:
            return self.turn
        if self.phase is Phase.PICK:
            return self.pickers[0]
        if self.phase is Phase.TAKE:
            return self.takers[0]
        if self.phase is Phase.EFFECT and self.effect is not None:
            return self.effect[0]
        return None

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.REFILL:
            return Msg("lay out a wilderness set from the deck", "山札から在野の組を並べてください")
        if self.phase is Phase.PLAY:
            return Msg(f"{names[self.turn]} plays a card", f"{names[self.turn]}がカードを出します")
        if self.phase is Phase.PICK:
            return Msg(
                f"{names[self.pickers[0]]} picks a battlefield card",
                f"{names[self.pickers[0]]}が戦場のカードを1枚選びます",
            )
        if self.phase is Phase.EFFECT:
            assert self.effect is not None
            season = SEASON_NAMES[self.effect[1]]
            return Msg(
                f"the table resolves {names[self.effect[0]]}'s {season.en} effect, then ends it",
                f"{names[self.effect[0]]}の{season.ja}マークの効果を解決し、終了してください",
            )
        if self.phase is Phase.TAKE:
            return Msg(
                f"{names[self.takers[0]]} takes a wilderness set", f"{names[self.takers[0]]}が在野の組を取ります"
            )
        return Msg("the game is over", "ゲーム終了")


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(
        setup,
        round_start=setup.start,
        turn=setup.start,
        hand_counts=(HAND,) * n,
        known_hands=(frozenset(),) * n,
        deck_count=10 * n - HAND * n,
        piles=((),) * n,
    )


def state_to_data(state: State) -> dict[str, Any]:
    """The state as plain data without its setup: the store's checkpoints (``rules/state_codec.py``)."""
    return state_codec.to_data(state)


def state_from_data(setup: Setup, data: Any) -> State:
    """The state :func:`state_to_data` wrote, read as data for ``setup``; anything else raises
    ``state_codec.Invalid``."""
    return state_codec.from_data(State, setup, data)


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _battle_left(state: State) -> list[int]:
    return [c for _, c, f in state.played if f is Field.BATTLE and c not in state.battle_taken]


def scores(state: State) -> list[Score]:
    return [score(pile, state.setup.deck) for pile in state.piles]

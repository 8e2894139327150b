"""Six-Suit Fortress: the state of a game (what the engine knows) and its phases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules.codec import state_codec
from companion.rules.common import Msg, copy_state
from companion.rules.fortress.actions import Setup
from companion.rules.fortress.deck import GRID_SIZE, Card
from companion.rules.fortress.grid import CELLS, SPOTS, spot_cells
from companion.rules.fortress.scoring import Pair, Score, best_pair, score


class Phase(StrEnum):
    REVEAL = "reveal"  # waiting for grid cells to be filled
    PLACE = "place"  # waiting for the active player's placement
    BUILD = "build"  # waiting for the captured cards to be built
    FINAL = "final"  # the game is over: waiting for final hands and pair choices
    OVER = "over"  # everything is known: scores are final


UNDECIDED = "undecided"


PENDING = "pending"  # ``State.places`` code of a card just captured, not yet built


@dataclass
class State:
    """The fold of a setup's actions. Treat it as read-only: :func:`apply` returns a new one.

    ``places`` indexes every card whose place the engine knows: a cell (``"A1"``), ``PENDING``,
    or ``("F", p)`` / ``("H", p)`` for player ``p``'s fortress or hand. It is kept up to date by
    :func:`apply`, so that checking a card costs one lookup."""

    setup: Setup
    phase: Phase = Phase.REVEAL
    started: bool = False
    turn: int = 0
    grid: dict[str, Card | None] = field(default_factory=dict)
    deck_count: int = 0
    hand_counts: list[int] = field(default_factory=list)
    known_hands: list[set[Card]] = field(default_factory=list)
    fortresses: list[list[list[Card]]] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)
    triggered: bool = False
    final_hands: list[tuple[Card, ...] | None] = field(default_factory=list)
    pairs: list[Pair | str | None] = field(default_factory=list)
    places: dict[Card, str | tuple[str, int]] = field(default_factory=dict)

    def copy(self) -> State:
        return copy_state(self)

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def place_of(self, card: Card) -> Msg | None:
        """Where the engine knows ``card`` to be, in words, or None."""
        code = self.places.get(card)
        if code is None:
            return None
        if isinstance(code, tuple):
            name = self.setup.players[code[1]]
            return (
                Msg(f"in {name}'s fortress", f"{name}の砦")
                if code[0] == "F"
                else Msg(f"in {name}'s hand", f"{name}の手札")
            )
        if code == PENDING:
            return Msg("just captured", "獲得したばかり")
        return Msg(f"on the grid at {code}", f"場札の{code}")

    def known(self) -> dict[Card, Msg]:
        """Every card whose place the engine knows, with that place."""
        out = {}
        for card in self.places:
            place = self.place_of(card)
            assert place is not None
            out[card] = place
        return out

    def hidden_counts(self) -> list[int]:
        """Cards in each hand that the engine cannot name."""
        return [count - len(known) for count, known in zip(self.hand_counts, self.known_hands, strict=True)]

    def grid_count(self) -> int:
        return GRID_SIZE - list(self.grid.values()).count(None)

    def usable_spots(self) -> list[str]:
        return [s for s in SPOTS if self.grid[_SPOT_CELLS[s][0]] is not None]

    def unseen(self) -> list[Card]:
        """The cards the engine has not seen: in the deck or in a hand (F-1)."""
        return [c for c in self.setup.deck.all_cards if c not in self.places]

    def waiting_for(self) -> Msg:
        """What the engine expects next, for a prompt."""
        names = self.setup.players
        if self.phase is Phase.REVEAL:
            empty = [c for c, card in self.grid.items() if card is None]
            return Msg(
                f"reveal a deck card into an empty cell ({' '.join(empty)})",
                f"山札から空きマス（{' '.join(empty)}）にカードを出してください",
            )
        if self.phase is Phase.PLACE:
            return Msg(f"{names[self.turn]} places a card", f"{names[self.turn]}がカードを置きます")
        if self.phase is Phase.BUILD:
            cards = " ".join(map(str, self.pending))
            cards_ja = " ".join(self.setup.deck.label(c, "ja") for c in self.pending)
            return Msg(f"{names[self.turn]} builds {cards}", f"{names[self.turn]}が{cards_ja}を配置します")
        if self.phase is Phase.FINAL:
            return Msg(
                "the game is over: enter each final hand and face-down pair choice",
                "ゲーム終了です。各自の残り手札と裏向きペアの選択を入力してください",
            )
        return Msg("the game is over and scored", "ゲーム終了、勝利点確定")


_SPOT_CELLS = {s: spot_cells(s) for s in SPOTS}


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(
        setup,
        grid={c: None for c in CELLS},
        deck_count=setup.deck.size - setup.deal * n,
        hand_counts=[setup.deal] * n,
        known_hands=[set() for _ in range(n)],
        fortresses=[[] for _ in range(n)],
        final_hands=[None] * n,
        pairs=[UNDECIDED] * n,
    )


def state_to_data(state: State) -> dict[str, Any]:
    """The state as plain data without its setup: the store's checkpoints (``rules/state_codec.py``)."""
    return state_codec.to_data(state)


def state_from_data(setup: Setup, data: Any) -> State:
    """The state :func:`state_to_data` wrote, read as data for ``setup``; anything else raises
    ``state_codec.Invalid``."""
    cards = setup.deck.card_by_key
    own = state_codec.known(lambda c: (c.suit, c.rank) in cards, lambda c: cards[c.suit, c.rank])
    return state_codec.from_data(State, setup, data, {Card: own})


def _names(names: Sequence[str]) -> Msg:
    return Msg(", ".join(names), "・".join(names))


def scores(state: State) -> list[Score]:
    """Each player's F-14 score: the chosen pair (or, undecided, the best one) and final hand."""
    out = []
    for p, fortress in enumerate(state.fortresses):
        choice = state.pairs[p]
        pair = best_pair([len(c) for c in fortress]) if choice == UNDECIDED else choice
        assert not isinstance(pair, str)
        hand = state.final_hands[p]
        out.append(score(fortress, hand if hand is not None else sorted(state.known_hands[p]), pair, state.setup.deck))
    return out

"""Six-Suit Fortress: the setup, the actions a table takes, and actions as plain data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.codec import records
from companion.rules.common import Correct, Msg, Refusal, check_players, need_int, refuse, table_names
from companion.rules.fortress.deck import DEAL, MAX_PLAYERS, MIN_PLAYERS, Card, Deck
from companion.rules.fortress.grid import Mode
from companion.rules.fortress.row import Where
from companion.rules.fortress.scoring import Pair
from companion.rules.fortress.words import TITLE


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    start: int
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE, self.start)

    @property
    def deal(self) -> int:
        return DEAL[len(self.players)]

    @property
    def last_seat(self) -> int:
        """The player to the right of the start player: the last to play in a round (F-12)."""
        return (self.start - 1) % len(self.players)


def make_setup(players: Sequence[str], start: int | None, deck: Deck) -> Setup:
    """The shared constructor (docs/engines.md): ``start`` None means seat 0; each name is kept in
    its composed form (NFC) and checked by the one rule for names."""
    return Setup(table_names(players), 0 if start is None else start, deck)


def _need_card(value: object, what: Msg) -> None:
    if not isinstance(value, Card):
        raise refuse(
            f"{what.en} must be a card, not {value!r}", f"{what.ja}はカードで指定してください（{value!r} は不可）"
        )


def _as_enum(obj: object, name: str, kind: type[Mode] | type[Where], allowed_words: Msg) -> None:
    """A plain string equal to an enum value becomes that enum member (so ``"number"`` can never
    be read as a suit capture); anything else is refused."""
    value = getattr(obj, name)
    if isinstance(value, kind):
        return
    if isinstance(value, str) and value in {m.value for m in kind}:
        object.__setattr__(obj, name, kind(value))
        return
    raise Refusal(Msg(f"{value!r} is not allowed here: ", f"{value!r} はここでは使えません。") + allowed_words)


@dataclass(frozen=True)
class Reveal:
    """A card from the deck is turned face up into an empty grid cell (setup, F-9)."""

    cell: str
    card: Card

    def __post_init__(self) -> None:
        _need_card(self.card, Msg("the revealed card", "出すカード"))


@dataclass(frozen=True)
class Place:
    """The active player places a hand card on a spot, declaring number or suit (F-4)."""

    player: int
    card: Card
    spot: str
    mode: Mode

    def __post_init__(self) -> None:
        need_int(self.player, Msg("the player", "プレイヤー"))
        _need_card(self.card, Msg("the placed card", "置くカード"))
        _as_enum(self, "mode", Mode, Msg("declare number or suit", "数字かスートを宣言します"))


@dataclass(frozen=True)
class Build:
    """One captured card goes into the fortress or into the hand (F-8)."""

    card: Card
    where: Where

    def __post_init__(self) -> None:
        _need_card(self.card, Msg("the built card", "配置するカード"))
        _as_enum(
            self,
            "where",
            Where,
            Msg("the places are left, right, on-left, on-right and hand", "置き場所は左・右・左端・右端・手札です"),
        )


@dataclass(frozen=True)
class FinalHand:
    """The cards a player holds when the game ends (for the F-14 penalty)."""

    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        need_int(self.player, Msg("the player", "プレイヤー"))
        object.__setattr__(self, "cards", tuple(self.cards))
        for card in self.cards:
            _need_card(card, Msg("each card of the hand", "手札の各カード"))


@dataclass(frozen=True)
class ChoosePair:
    """A player's face-down pair (F-13), or ``None`` to decline it."""

    player: int
    pair: Pair | None

    def __post_init__(self) -> None:
        need_int(self.player, Msg("the player", "プレイヤー"))
        if self.pair is not None and not isinstance(self.pair, Pair):
            raise refuse(
                f"the face-down pair must be a Pair of two column numbers or None, not {self.pair!r}",
                f"裏向きペアは2つの列番号か「なし」で指定してください（{self.pair!r}）",
            )


Action = Reveal | Place | Build | FinalHand | ChoosePair | Correct


ACTIONS = (Reveal, Place, Build, FinalHand, ChoosePair, Correct)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action

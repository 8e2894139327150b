"""The engine contract: what every game's rules offer the store, the app and the command line.

Each game is a package under ``companion/rules/`` whose module object satisfies :class:`Engine`
(mypy checks it: ``companion.rules.games`` assigns each module to an ``Engine`` typed with that
game's own deck, setup, state and action types). docs/engines.md says what each name means.

The registry holds engines chosen at run time by a game's name, so a caller holds a state it got
from an engine and gives it back to that same engine: the registry's engines are typed
:data:`AnyEngine`, whose states, setups and actions are the game's own, opaque to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from companion.rules.common import Lang, Msg


class DeckShape(Protocol):
    """A game's deck definition: plain data both ways (a deck file, a record, a database row)."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self: ...

    def to_data(self) -> dict[str, Any]: ...


class SetupShape(Protocol):
    """Who plays (seat order) with which deck."""

    @property
    def players(self) -> tuple[str, ...]: ...


class StateShape(Protocol):
    """Everything the engine knows of a game; its setup never changes."""

    @property
    def setup(self) -> Any: ...


class AllowedShape(Protocol):
    """What is allowed now, from the state alone."""

    def to_data(self) -> dict[str, Any]: ...

    def describe(self) -> Msg: ...


D = TypeVar("D", bound=DeckShape)
P = TypeVar("P", bound=SetupShape)
S = TypeVar("S", bound=StateShape)
A = TypeVar("A")


class Engine(Protocol[D, P, S, A]):
    """One game's rules, pure: no I/O, no clock, no UI.

    ``D``, ``P``, ``S`` and ``A`` are the game's deck, setup, state and action types. Every
    function leaves its arguments unchanged; a move or input the rules do not allow raises
    :class:`companion.rules.common.Refusal` naming what is wrong and what is allowed."""

    # constants (read-only)
    @property
    def GAME(self) -> str: ...
    @property
    def TITLE(self) -> Msg: ...
    @property
    def MIN_PLAYERS(self) -> int: ...
    @property
    def MAX_PLAYERS(self) -> int: ...
    @property
    def ASSUMPTIONS(self) -> tuple[tuple[str, Msg], ...]: ...
    @property
    def NOTATION(self) -> Msg: ...

    # the deck codec and the action codec
    @property
    def Deck(self) -> type[D]: ...
    @property
    def ACTIONS(self) -> tuple[type[A], ...]: ...
    def action_to_data(self, action: A, /) -> dict[str, Any]: ...
    def action_from_data(self, deck: D, data: Mapping[str, Any], /) -> A: ...
    @property
    def Correct(self) -> type[A]:
        """``Correct(player, count, reason)``: a player's hand count corrected, with the reason."""
        ...

    # the fold
    def make_setup(self, players: Sequence[str], start: int | None, deck: D, /) -> P: ...
    def new_state(self, setup: P, /) -> S: ...
    def apply(self, state: S, action: A, /) -> tuple[S, Msg]: ...
    def fold(self, setup: P, actions: Sequence[A], /) -> S: ...

    # questions about a state
    def allowed(self, state: S, /) -> AllowedShape: ...
    def describe(self, state: S, /) -> Msg: ...
    def finished(self, state: S, /) -> bool: ...
    def settle_input(self, state: S, /) -> dict[str, Any]: ...

    # table notation (docs/notation.md)
    def parse_line(self, state: S, line: str, /) -> A: ...
    def action_line(self, state: S, action: A, /, lang: Lang = "en") -> str: ...


AnyEngine = Engine[Any, Any, Any, Any]
"""An engine chosen at run time (the registry's type): its own states go back to it alone."""

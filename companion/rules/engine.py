"""The engine contract: what every game's rules offer the store, the app and the command line.

Each game is a package under ``companion/rules/`` whose module object satisfies :class:`Engine`
(mypy checks it: ``companion.rules.games`` assigns each module to an ``Engine`` typed with that
game's own deck, setup, state and action types). docs/engines.md says what each name means.

The registry holds engines chosen at run time by a game's name: each is :class:`GameEngine`, one
non-generic view with no ``Any`` in it, whose decks, setups, states and actions are the opaque
shapes below (:class:`DeckShape`, :class:`SetupShape`, :class:`StateShape`, :class:`ActionShape`)
and whose plain data is :data:`Json`. :class:`Erased` gives that view of one game's engine and
checks at run time that whatever is handed back to it is that game's own (a :class:`TypeError`
otherwise: a programming error, not a player's). Code that needs one game's own fields narrows
with ``isinstance`` (``isinstance(state, fortress.State)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic, Protocol, Self, TypeAlias, TypeVar, runtime_checkable

from companion.rules.common import Correct as Correction
from companion.rules.common import Lang, Msg

Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"
"""Plain data, as JSON holds it (a record, a checkpoint, an answer of ``allowed``)."""

JsonObject: TypeAlias = "dict[str, Json]"
"""A JSON object: an action, a state or a deck as plain data."""


class DeckShape(Protocol):
    """A game's deck definition: plain data both ways (a deck file, a record, a database row)."""

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> Self: ...

    def to_data(self) -> JsonObject: ...


class SetupShape(Protocol):
    """Who plays (seat order) with which deck."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def deck(self) -> DeckShape: ...


@runtime_checkable
class _Started(Protocol):
    """A setup with a start seat (Six-Suit Fortress, HOMALET; not Reign of Dragoness)."""

    @property
    def start(self) -> int: ...


class StateShape(Protocol):
    """Everything the engine knows of a game; its setup never changes."""

    @property
    def setup(self) -> SetupShape: ...
    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        ...

    @property
    def hand_counts(self) -> Sequence[int]:
        """Each seat's number of cards in hand."""
        ...

    def waiting_for(self) -> Msg:
        """Who is to act now and what they are to do (a sentence)."""
        ...


class ActionShape(Protocol):
    """One action of a game (a frozen dataclass of that game's; ``Correct`` is every game's): opaque
    to whatever serves every game alike, which only hands it back to the engine it came from."""


class AllowedShape(Protocol):
    """What is allowed now, from the state alone."""

    def to_data(self) -> JsonObject: ...

    def describe(self) -> Msg: ...


D = TypeVar("D", bound=DeckShape)
P = TypeVar("P", bound=SetupShape)
S = TypeVar("S", bound=StateShape)
A = TypeVar("A")


class Named(Protocol):
    """What every engine says of its game, read-only (both views below)."""

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


class Engine(Named, Protocol[D, P, S, A]):
    """One game's rules, pure: no I/O, no clock, no UI.

    ``D``, ``P``, ``S`` and ``A`` are the game's deck, setup, state and action types. Every
    function leaves its arguments unchanged; a move or input the rules do not allow raises
    :class:`companion.rules.common.Refusal` naming what is wrong and what is allowed."""

    # the deck codec and the action codec
    @property
    def Deck(self) -> type[D]: ...
    @property
    def ACTIONS(self) -> tuple[type[A], ...]: ...
    def action_to_data(self, action: A, /) -> JsonObject: ...
    def action_from_data(self, deck: D, data: Mapping[str, object], /) -> A: ...
    @property
    def Correct(self) -> type[A]:
        """``Correct(player, count, reason)``: a player's hand count corrected, with the reason."""
        ...

    # the fold
    def make_setup(self, players: Sequence[str], start: int | None, deck: D, /) -> P: ...
    def new_state(self, setup: P, /) -> S: ...
    def apply(self, state: S, action: A, /) -> tuple[S, Msg]: ...
    def fold(self, setup: P, actions: Sequence[A], /) -> S: ...

    # the state codec (the store's checkpoints: plain data, read back checked; companion/rules/codec/state_codec.py)
    def state_to_data(self, state: S, /) -> JsonObject: ...
    def state_from_data(self, setup: P, data: object, /) -> S: ...

    # questions about a state
    def allowed(self, state: S, /) -> AllowedShape: ...
    def describe(self, state: S, /) -> Msg: ...
    def finished(self, state: S, /) -> bool: ...
    def settle_input(self, state: S, /) -> JsonObject: ...

    # table notation (docs/notation.md)
    def parse_line(self, state: S, line: str, /) -> A: ...
    def action_line(self, state: S, action: A, /, lang: Lang = "en") -> str: ...
    def complete(self, state: S, text: str, /, lang: Lang = "en", most: int | None = None) -> list[str]:
        """What can be typed now: the choices after ``text``, each ``text`` followed by whole words,
        a prefix of a line the engine accepts now; every such line is reached this way, word by
        word from the empty text. The likeliest first (issue 17); with ``most``, only the first
        ``most`` (the others are never worked out)."""
        ...


class GameEngine(Named, Protocol):
    """An engine chosen at run time by a game's name (the registry's type): :class:`Engine` with
    the game's own types erased to the shapes, so no ``Any`` reaches its callers. A deck, setup,
    state or action handed to it must be one it made (or one of its game's types): another game's
    is refused with :class:`TypeError`."""

    @property
    def Deck(self) -> type[DeckShape]: ...
    @property
    def ACTIONS(self) -> tuple[type[ActionShape], ...]: ...
    def action_to_data(self, action: ActionShape, /) -> JsonObject: ...
    def action_from_data(self, deck: DeckShape, data: Mapping[str, object], /) -> ActionShape: ...
    @property
    def Correct(self) -> type[Correction]:
        """``Correct(player, count, reason)``: the shared correction (every game's)."""
        ...

    def make_setup(self, players: Sequence[str], start: int | None, deck: DeckShape, /) -> SetupShape: ...
    def start(self, setup: SetupShape, /) -> int | None:
        """The start seat of ``setup``, or None for a game without one (Dragoness)."""
        ...

    def new_state(self, setup: SetupShape, /) -> StateShape: ...
    def apply(self, state: StateShape, action: ActionShape, /) -> tuple[StateShape, Msg]: ...
    def fold(self, setup: SetupShape, actions: Sequence[ActionShape], /) -> StateShape: ...

    def state_to_data(self, state: StateShape, /) -> JsonObject: ...
    def state_from_data(self, setup: SetupShape, data: object, /) -> StateShape: ...

    def allowed(self, state: StateShape, /) -> AllowedShape: ...
    def describe(self, state: StateShape, /) -> Msg: ...
    def finished(self, state: StateShape, /) -> bool: ...
    def settle_input(self, state: StateShape, /) -> JsonObject: ...

    def parse_line(self, state: StateShape, line: str, /) -> ActionShape: ...
    def action_line(self, state: StateShape, action: ActionShape, /, lang: Lang = "en") -> str: ...
    def complete(self, state: StateShape, text: str, /, lang: Lang = "en", most: int | None = None) -> list[str]: ...


class Erased(Generic[D, P, S, A]):
    """The :class:`GameEngine` view of one game's engine: each call goes to the engine, after a
    check that the deck, setup, state or action handed in is of the game's own types."""

    def __init__(self, engine: Engine[D, P, S, A], setup: type[P], state: type[S]) -> None:
        self.engine = engine
        """The game's own engine, with its own types (for a caller that holds one game alone)."""
        self._deck = engine.Deck
        self._setup = setup
        self._state = state
        self._actions = engine.ACTIONS
        if engine.Correct is not Correction or Correction not in self._actions:
            raise TypeError(f"the {engine.GAME} engine's Correct is not the shared one")

    def __repr__(self) -> str:
        return f"Erased({self.engine.GAME})"

    def _refuse(self, what: str, value: object) -> TypeError:
        return TypeError(f"the {self.engine.GAME} engine was given {what} {type(value).__qualname__}, not its own")

    def _own_deck(self, deck: object) -> D:
        if isinstance(deck, self._deck):
            return deck
        raise self._refuse("a deck", deck)

    def _own_setup(self, setup: object) -> P:
        if isinstance(setup, self._setup):
            return setup
        raise self._refuse("a setup", setup)

    def _own_state(self, state: object) -> S:
        if isinstance(state, self._state):
            return state
        raise self._refuse("a state", state)

    def _own_action(self, action: object) -> A:
        if isinstance(action, self._actions):
            return action
        raise self._refuse("an action", action)

    @property
    def GAME(self) -> str:
        return self.engine.GAME

    @property
    def TITLE(self) -> Msg:
        return self.engine.TITLE

    @property
    def MIN_PLAYERS(self) -> int:
        return self.engine.MIN_PLAYERS

    @property
    def MAX_PLAYERS(self) -> int:
        return self.engine.MAX_PLAYERS

    @property
    def ASSUMPTIONS(self) -> tuple[tuple[str, Msg], ...]:
        return self.engine.ASSUMPTIONS

    @property
    def NOTATION(self) -> Msg:
        return self.engine.NOTATION

    @property
    def Deck(self) -> type[D]:
        return self._deck

    @property
    def ACTIONS(self) -> tuple[type[A], ...]:
        return self._actions

    @property
    def Correct(self) -> type[Correction]:
        return Correction

    def action_to_data(self, action: ActionShape, /) -> JsonObject:
        return self.engine.action_to_data(self._own_action(action))

    def action_from_data(self, deck: DeckShape, data: Mapping[str, object], /) -> A:
        return self.engine.action_from_data(self._own_deck(deck), data)

    def make_setup(self, players: Sequence[str], start: int | None, deck: DeckShape, /) -> P:
        return self.engine.make_setup(players, start, self._own_deck(deck))

    def start(self, setup: SetupShape, /) -> int | None:
        own = self._own_setup(setup)
        return own.start if isinstance(own, _Started) else None

    def new_state(self, setup: SetupShape, /) -> S:
        return self.engine.new_state(self._own_setup(setup))

    def apply(self, state: StateShape, action: ActionShape, /) -> tuple[S, Msg]:
        if not isinstance(state, self._state):  # the checks inline: a replay calls this for every action
            raise self._refuse("a state", state)
        if not isinstance(action, self._actions):
            raise self._refuse("an action", action)
        return self.engine.apply(state, action)

    def fold(self, setup: SetupShape, actions: Sequence[ActionShape], /) -> S:
        return self.engine.fold(self._own_setup(setup), [self._own_action(a) for a in actions])

    def state_to_data(self, state: StateShape, /) -> JsonObject:
        return self.engine.state_to_data(self._own_state(state))

    def state_from_data(self, setup: SetupShape, data: object, /) -> S:
        return self.engine.state_from_data(self._own_setup(setup), data)

    def allowed(self, state: StateShape, /) -> AllowedShape:
        return self.engine.allowed(self._own_state(state))

    def describe(self, state: StateShape, /) -> Msg:
        return self.engine.describe(self._own_state(state))

    def finished(self, state: StateShape, /) -> bool:
        return self.engine.finished(self._own_state(state))

    def settle_input(self, state: StateShape, /) -> JsonObject:
        return self.engine.settle_input(self._own_state(state))

    def parse_line(self, state: StateShape, line: str, /) -> A:
        return self.engine.parse_line(self._own_state(state), line)

    def action_line(self, state: StateShape, action: ActionShape, /, lang: Lang = "en") -> str:
        return self.engine.action_line(self._own_state(state), self._own_action(action), lang)

    def complete(self, state: StateShape, text: str, /, lang: Lang = "en", most: int | None = None) -> list[str]:
        return self.engine.complete(self._own_state(state), text, lang, most)

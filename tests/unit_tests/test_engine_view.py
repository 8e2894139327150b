"""The registry's typed view of the engines (issue 17: no ``Any`` at the engine boundary): every member
of ``GameEngine`` and of the shapes it hands out is typed without ``typing.Any``, and the adapter
(``Erased``) refuses a state, setup, deck or action of another game with TypeError."""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import engine as contract
from companion.rules.engine import ActionShape, AllowedShape, DeckShape, GameEngine, SetupShape, StateShape
from companion.rules.games import ENGINES

VIEWS = (GameEngine, DeckShape, SetupShape, StateShape, ActionShape, AllowedShape)
RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


def anys(hint: object, seen: frozenset[str] = frozenset()) -> Iterator[object]:
    """Every ``typing.Any`` inside ``hint``: through unions, generic arguments and the string names of
    ``companion.rules.engine``'s aliases (``Json`` names itself: each name is followed once)."""
    if hint is typing.Any:
        yield hint
        return
    if isinstance(hint, str | typing.ForwardRef):
        name = hint if isinstance(hint, str) else hint.__forward_arg__
        if name in seen:
            return
        evaluated = eval(name, {**vars(contract), "Any": typing.Any})  # the aliases are strings naming each other
        yield from anys(evaluated, seen | {name})
        return
    if typing.get_origin(hint) is typing.Literal:  # its arguments are values, not types
        return
    for arg in hint if isinstance(hint, list) else typing.get_args(hint):  # a list: a Callable's arguments
        yield from anys(arg, seen)


def hints(member: object) -> dict[str, object]:
    """The evaluated annotations of a method, or of a property's getter."""
    function = member.fget if isinstance(member, property) else member
    assert callable(function)
    return typing.get_type_hints(function, vars(contract))


def members(view: type) -> Iterator[tuple[str, object]]:
    for name, member in vars(view).items():
        if not name.startswith("_") and (isinstance(member, property) or inspect.isfunction(member)):
            yield name, member


def test_the_detector_finds_an_any_wherever_it_is() -> None:
    """The check below could fail: an ``Any`` nested in a union, a generic or a named alias is found."""

    def loose(a: dict[str, list[int | typing.Any]], b: Callable[[typing.Any], None]) -> tuple[int, ...]:
        raise NotImplementedError

    found = {name: list(anys(h)) for name, h in typing.get_type_hints(loose).items()}
    assert found == {"a": [typing.Any], "b": [typing.Any], "return": []}
    assert list(anys(typing.ForwardRef("list[Json] | Engine[DeckShape, SetupShape, StateShape, Any]"))) == [typing.Any]
    assert list(anys("JsonObject")) == []  # the recursive alias is walked to its end


@pytest.mark.parametrize("view", VIEWS, ids=lambda v: v.__name__)
def test_no_any_in_the_registry_view_or_the_shapes_it_hands_out(view: type) -> None:
    checked = 0
    for name, member in members(view):
        for where, hint in hints(member).items():
            assert not list(anys(hint)), f"{view.__name__}.{name} ({where}): {hint}"
            checked += 1
    assert checked or view is ActionShape  # an action is opaque: it has no member at all


def test_the_registry_holds_typed_views() -> None:
    assert all(isinstance(engine, contract.Erased) for engine in ENGINES.values())
    assert not hasattr(contract, "AnyEngine")
    hinted = typing.get_type_hints(__import__("companion.rules.games", fromlist=["ENGINES"]))
    assert hinted["ENGINES"] == dict[str, GameEngine]


def example(game: str) -> tuple[GameEngine, SetupShape, StateShape, ActionShape]:
    record = read_record(json.loads((RECORDS / f"{game}.json").read_text("utf-8")))
    return record.engine, record.setup, fold_record(record)[0], record.actions[-1]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_view_refuses_another_games_state_setup_deck_and_action(game: str) -> None:
    engine = ENGINES[game]
    other = next(g for g in sorted(ENGINES) if g != game)
    _, setup, state, action = example(other)
    own_setup, own_state, own_action = example(game)[1:]
    calls: list[Callable[[], object]] = [
        lambda: engine.apply(state, own_action),
        lambda: engine.apply(own_state, action),
        lambda: engine.describe(state),
        lambda: engine.allowed(state),
        lambda: engine.finished(state),
        lambda: engine.state_to_data(state),
        lambda: engine.complete(state, ""),
        lambda: engine.action_line(own_state, action),
        lambda: engine.action_to_data(action),
        lambda: engine.new_state(setup),
        lambda: engine.fold(own_setup, [action]),
        lambda: engine.start(setup),
        lambda: engine.make_setup(setup.players, None, setup.deck),
        lambda: engine.action_from_data(setup.deck, {"type": "pass", "player": 0}),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=f"the {game} engine was given"):
            call()
    with pytest.raises(TypeError, match="not its own"):
        engine.apply(types.SimpleNamespace(setup=own_setup), own_action)


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_view_answers_as_the_games_own_engine(game: str) -> None:
    engine, setup, state, action = example(game)
    assert isinstance(engine, contract.Erased)
    own = engine.engine
    deck = own.Deck.from_data(load_deck_data(game))
    assert engine.make_setup(setup.players, engine.start(setup), deck) == own.make_setup(
        setup.players, engine.start(setup), deck
    )
    assert engine.describe(state) == own.describe(state)
    assert engine.state_to_data(state) == own.state_to_data(state)
    assert engine.allowed(state).to_data() == own.allowed(state).to_data()
    assert engine.action_to_data(action) == own.action_to_data(action)
    assert engine.Correct is own.Correct and engine.ACTIONS == own.ACTIONS and engine.Deck is own.Deck

"""Actions as plain data (JSON-ready dicts) and back, for every engine.

A record is the setup plus the action list; storing, undo, resume and replay all use it.
Each action is a frozen dataclass; its fields' type hints say how to encode them: enums
by value, cards by their notation (the deck parses them back), tuples as lists, small
dataclasses (a Fortress pair) as lists of their fields.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from companion.rules.common import Msg, Refusal, refuse
from companion.rules.engine import AnyEngine

_TYPE_NAMES: dict[type, str] = {}


def type_name(cls: type) -> str:
    """``FinalHand`` → ``final_hand`` (remembered: records name every action)."""
    name = _TYPE_NAMES.get(cls)
    if name is None:
        name = _TYPE_NAMES[cls] = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    return name


def _encode(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and type(value).__str__ is object.__str__:  # e.g. a Fortress pair
        return [_encode(getattr(value, f.name)) for f in dataclasses.fields(value)]
    return str(value)  # a card: its notation


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """An action class's field names, looked up once (``dataclasses.fields`` is slow to ask often)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def to_data(action: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type_name(type(action))}
    for name in _field_names(type(action)):
        out[name] = _encode(getattr(action, name))
    return out


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """An action class's field types, worked out once (``get_type_hints`` evaluates the annotations
    anew on every call: most of the time of reading a record back)."""
    return typing.get_type_hints(cls)


def _decode(hint: Any, value: Any, card: Callable[[Any], Any], card_type: type | None) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None:
            return None
        return _decode(options[0], value, card, card_type)
    if origin is tuple:
        (item, *_rest) = typing.get_args(hint)
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {value!r}")
        return tuple(_decode(item, v, card, card_type) for v in value)
    if hint is card_type:
        return card(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        fields = dataclasses.fields(hint)
        return hint(*(_decode(hints[f.name], v, card, card_type) for f, v in zip(fields, value, strict=True)))
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"expected a whole number, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, got {value!r}")
        return value
    if hint is str:
        return str(value)
    raise TypeError(f"cannot read a {hint!r}")


def from_data(data: Mapping[str, Any], actions: tuple[type, ...], card: Callable[[Any], Any],
              card_type: type | None) -> Any:
    """Rebuild an action; a malformed or unknown one is refused with one sentence. ``card_type``
    is the type of the game's card objects, read back with ``card``; None where cards are plain
    numbers (HOMALET), which the engine checks when the action is applied."""
    kinds = {type_name(cls): cls for cls in actions}
    kind = data.get("type") if isinstance(data, Mapping) else None
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise refuse(f"unknown action type {kind!r}; known types: {', '.join(kinds)}",
                     f"不明な手の種類 {kind!r}。使える種類：{', '.join(kinds)}")
    hints = _hints(cls)
    try:
        values = {f.name: _decode(hints[f.name], data[f.name], card, card_type)
                  for f in dataclasses.fields(cls) if f.name in data or f.default is dataclasses.MISSING}
        return cls(**values)
    except (KeyError, TypeError, ValueError) as error:
        raise refuse(f"a recorded {kind} action is malformed ({error})",
                     f"記録された {kind} の手が壊れています（{error}）") from None


# --------------------------------------------------------------------------- game records

FORMAT = "companion-record"
VERSION = 1


@dataclasses.dataclass(frozen=True)
class Record:
    """A game record read back: its engine (docs/engines.md), deck, setup and actions in order.
    ``times`` holds each action's time as written (ISO 8601, or None where it was not kept)."""

    engine: AnyEngine
    deck: Any
    setup: Any
    actions: tuple[Any, ...]
    times: tuple[str | None, ...]


def make_record(engine: AnyEngine, setup: Any, actions: typing.Sequence[Any],
                times: typing.Sequence[str | None] | None = None) -> dict[str, Any]:
    """The versioned, JSON-ready record of a game (docs/records.md): the full deck definition it
    was played with, the setup, and every action in order with its time. Pure: the caller
    supplies the times."""
    stamps = list(times) if times is not None else [None] * len(actions)
    if len(stamps) != len(actions):
        raise ValueError("one time per action")
    return {
        "format": FORMAT, "version": VERSION, "game": engine.GAME,
        "deck": setup.deck.to_data(),
        "setup": {"players": list(setup.players), "start": getattr(setup, "start", None)},
        "actions": [{**engine.action_to_data(a), "time": t} for a, t in zip(actions, stamps, strict=True)],
    }


def _bad(en: str, ja: str) -> Exception:
    return refuse(f"this is not a game record this program can read: {en}",
                  f"このプログラムで読めるゲーム記録ではありません：{ja}")


def read_record(data: Any) -> Record:
    """A record written by :func:`make_record` (now or by an older version), checked down to each
    action's shape; what is wrong is refused with one sentence (an action by its index, from 0).
    Whether the actions are legal is the fold's business (:func:`fold_record`)."""
    from companion.rules.games import ENGINES  # the engines import this module

    if not isinstance(data, Mapping):
        raise _bad("it is not a JSON object", "JSON オブジェクトではありません")
    if data.get("format") != FORMAT:
        raise _bad(f"\"format\" must be \"{FORMAT}\"", f"\"format\" が \"{FORMAT}\" ではありません")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _bad("\"version\" must be a whole number", "\"version\" は整数です")
    if version > VERSION:
        raise refuse(f"this record is version {version}, written by a newer companion; this one reads "
                     f"versions up to {VERSION}: update companion",
                     f"この記録は新しい companion が書いたバージョン {version} です。読めるのは {VERSION} まで"
                     "です。companion を更新してください")
    game = data.get("game")
    engine = ENGINES.get(game) if isinstance(game, str) else None
    if engine is None:
        raise _bad(f"unknown game {game!r}; games are {', '.join(ENGINES)}",
                   f"不明なゲーム {game!r}。ゲームは {', '.join(ENGINES)} です")
    deck_data = data.get("deck")
    if not isinstance(deck_data, Mapping):
        raise _bad("\"deck\" must hold the deck definition", "\"deck\" にデッキ定義が必要です")
    deck = engine.Deck.from_data(deck_data)
    setup_data = data.get("setup")
    if not isinstance(setup_data, Mapping):
        raise _bad("\"setup\" must hold the players and the start seat", "\"setup\" にプレイヤーと開始席が必要です")
    players, start = setup_data.get("players"), setup_data.get("start")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _bad("\"setup\" needs \"players\", a list of names", "\"setup\" の \"players\" は名前のリストです")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int)):
        raise _bad("the start seat must be a whole number or null", "開始席は整数か null です")
    setup = engine.make_setup(tuple(players), start, deck)
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise _bad("\"actions\" must be a list", "\"actions\" はリストです")
    actions, times = [], []
    for index, item in enumerate(raw):
        try:
            if not isinstance(item, Mapping):
                raise refuse("it is not a JSON object", "JSON オブジェクトではありません")
            time = item.get("time")
            if time is not None and not isinstance(time, str):
                raise refuse("its \"time\" must be a text or null", "\"time\" は文字列か null です")
            actions.append(engine.action_from_data(deck, {k: v for k, v in item.items() if k != "time"}))
            times.append(time)
        except Refusal as error:
            raise Refusal(Msg(f"action {index}: ", f"{index} 番目の手：") + error.msg) from None
    return Record(engine, deck, setup, tuple(actions), tuple(times))


def fold_record(record: Record) -> tuple[Any, list[Msg]]:
    """The state after every action of ``record`` and each action's ruling; the first illegal
    action is refused naming its index (from 0) and the reason."""
    engine = record.engine
    state = engine.new_state(record.setup)
    rulings = []
    for index, action in enumerate(record.actions):
        try:
            state, ruling = engine.apply(state, action)
        except Refusal as error:
            raise Refusal(Msg(f"action {index}: ", f"{index} 番目の手：") + error.msg) from None
        rulings.append(ruling)
    return state, rulings

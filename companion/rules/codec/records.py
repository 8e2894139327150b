"""Actions as plain data (JSON-ready dicts) and back, for every engine.

A record (:mod:`companion.records.game_records`) is the setup plus the action list; storing, undo,
resume and replay all use it. Each action is a frozen dataclass; its fields' type hints say how to encode them: enums
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

from companion.rules.common import Msg, refuse
from companion.rules.values import check_keys, shown

_TYPE_NAMES: dict[type, str] = {}


def _shown(value: Any) -> str:
    """A value as the record spelt it (``null``, ``"x"``), on one line: never a Python form."""
    return shown(value) if not isinstance(value, type) and not typing.get_origin(value) else "value of that kind"


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
            raise TypeError(f"expected a list, got {_shown(value)}")
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
            raise TypeError(f"expected a whole number, got {_shown(value)}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, got {_shown(value)}")
        return value
    if hint is str:
        return str(value)
    raise TypeError(f"cannot read a {_shown(hint)}")


def from_data(
    data: Mapping[str, Any], actions: tuple[type, ...], card: Callable[[Any], Any], card_type: type | None
) -> Any:
    """Rebuild an action; a malformed or unknown one is refused with one sentence. ``card_type``
    is the type of the game's card objects, read back with ``card``; None where cards are plain
    numbers (HOMALET), which the engine checks when the action is applied."""
    kinds = {type_name(cls): cls for cls in actions}
    kind = data.get("type") if isinstance(data, Mapping) else None
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise refuse(
            f"unknown action type {_shown(kind)}; known types: {', '.join(kinds)}",
            f"「{kind}」は不明な手の種類です。使える種類は {', '.join(kinds)} です",
        )
    names = _field_names(cls)
    if not all(key == "type" or key in names for key in data):  # a misspelt "viod" is refused, not dropped
        check_keys(data, ("type", *names), (), Msg(f"a {kind} action: ", f"{kind} の手："))
    hints = _hints(cls)
    try:
        values = {
            f.name: _decode(hints[f.name], data[f.name], card, card_type)
            for f in dataclasses.fields(cls)
            if f.name in data or f.default is dataclasses.MISSING
        }
        return cls(**values)
    except (KeyError, TypeError, ValueError) as error:
        raise refuse(
            f"a recorded {kind} action is malformed ({error})", f"記録された {kind} の手が壊れています（{error}）"
        ) from None

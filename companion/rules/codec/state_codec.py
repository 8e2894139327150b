"""An engine's State as plain data (JSON-ready) and back, driven by the dataclasses' type hints.

The store keeps folded states as checkpoints; a database may come from anybody, so a checkpoint is
read as data, never as code: nothing in it names a class, a module or a function. Reading is driven
by the state class's own type hints, and every value is checked against its hint: a wrong type, an
unknown or missing key (every field is written, defaults too), an enum value that does not exist, a
repeated set member or mapping key is :class:`Invalid` (the store then ignores the checkpoint and
folds the game from its actions).

What a state may hold: ``None``, ``bool``, ``int``, ``str``, enums (by value), dataclasses (a JSON
object of their fields; fields made by ``__post_init__`` are not kept), ``tuple[X, ...]``,
``tuple[X, Y]``, ``list``, ``set``, ``frozenset`` (lists), ``dict`` (a list of ``[key, value]``
pairs, as keys may be cards) and unions of these (the first option that reads wins). The state's
setup is not kept: the caller puts the game's own back.

Pure: the standard library only.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.rules.common import Refusal

MAX_ITEMS = 100_000  # no state of any of the three games holds a container this long
MAX_DEPTH = 32  # nor is nested this deep
MAX_INT = 2**96  # nor holds a number this large (HOMALET's bit set of seen cards has 70 bits)

T = TypeVar("T")


class Invalid(ValueError):
    """Data that is not a state of the expected class."""


# --------------------------------------------------------------------------- writing


def to_data(state: Any, skip: str = "setup") -> dict[str, Any]:
    """``state`` (a dataclass) as JSON-ready data, without its field ``skip`` (the setup)."""
    return {f: _encode(getattr(state, f)) for f in _field_names(type(state)) if f != skip}


def _encode(value: Any) -> Any:
    """``value`` as plain data, by an encoder chosen once per type (a state holds thousands of values)."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


def _same(value: Any) -> Any:
    return value


def _encoder_for(kind: type) -> Callable[[Any], Any]:
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if kind is type(None) or issubclass(kind, bool | int | str):
        return _same
    if issubclass(kind, tuple | list | set | frozenset):
        return lambda value: [_encode(v) for v in value]
    if issubclass(kind, dict):
        return lambda value: [[_encode(k), _encode(v)] for k, v in value.items()]
    if dataclasses.is_dataclass(kind):
        names = _field_names(kind)
        return lambda value: {f: _encode(getattr(value, f)) for f in names}
    raise Invalid(f"a {kind.__name__} cannot be kept in a checkpoint")


_ENCODERS: dict[type, Callable[[Any], Any]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields a dataclass is made from (those ``__post_init__`` makes are left out), looked up once."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return names


def _hints(cls: type) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        every = typing.get_type_hints(cls)
        hints = _HINTS[cls] = {name: every[name] for name in _field_names(cls)}
    return hints


# --------------------------------------------------------------------------- reading


def known(test: Callable[[Any], bool], then: Callable[[Any], Any] = lambda v: v) -> Callable[[Any], Any]:
    """A ``canon`` function for :func:`from_data`: a value ``test`` refuses is :class:`Invalid`; one it
    takes becomes ``then(value)`` (the deck's own instance)."""

    def check(value: Any) -> Any:
        if not test(value):
            raise Invalid(f"{type(value).__name__} not in the deck")
        return then(value)

    return check


def from_data(
    cls: type[T], setup: Any, data: Any, canon: Mapping[type, Callable[[Any], Any]] | None = None, skip: str = "setup"
) -> T:
    """A state of dataclass ``cls`` from data made by :func:`to_data`, with ``setup`` as its field
    ``skip``. ``canon`` maps a class to a function giving the game's own instance of a value read
    (the deck's own card; it raises :class:`Invalid`, ``KeyError`` or ``ValueError`` for one the deck
    does not hold). Anything else than such a state is :class:`Invalid`."""
    reader = _Reader(canon or {})
    try:
        return reader.dataclass(cls, data, 0, {skip: setup})
    except Invalid:
        raise
    except (TypeError, ValueError, LookupError, AttributeError, RecursionError, ArithmeticError, Refusal) as error:
        raise Invalid(f"not a state: {type(error).__name__}") from None


class _Reader:
    def __init__(self, canon: Mapping[type, Callable[[Any], Any]]) -> None:
        self.canon = canon

    def dataclass(self, cls: type[T], data: Any, depth: int, given: Mapping[str, Any] | None = None) -> T:
        if not isinstance(data, dict):
            raise Invalid(f"{cls.__name__} must be an object")
        hints = _hints(cls)
        if (
            len(data) != len(hints) - (len(given) if given else 0)
            or not all(k in hints for k in data)
            or (given and any(k in data for k in given))
        ):  # the writer writes each field but the given
            extra = [k for k in data if k not in hints or (given and k in given)]
            if extra:
                raise Invalid(f"{cls.__name__} has no field {str(extra[0])[:40]!r}")
            raise Invalid(f"{cls.__name__} lacks a field")
        values = {k: self.value(hints[k], v, depth + 1) for k, v in data.items()}
        if given:
            values.update(given)
        made = cls(**values)
        fix = self.canon.get(cls)
        return fix(made) if fix is not None else made

    def value(self, hint: Any, data: Any, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise Invalid("nested too deeply")
        if hint is int:
            if type(data) is not int or not -MAX_INT < data < MAX_INT:
                raise Invalid("expected a whole number")
            return data
        if hint is str:
            if type(data) is not str:
                raise Invalid("expected a text")
            return data
        if hint is bool:
            if type(data) is not bool:
                raise Invalid("expected true or false")
            return data
        if hint is None or hint is type(None):
            if data is not None:
                raise Invalid("expected null")
            return None
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            for option in typing.get_args(hint):
                try:
                    return self.value(option, data, depth)
                except Invalid:
                    continue
            raise Invalid("no option of a union fits")
        if origin in (tuple, list, set, frozenset):
            if type(data) is not list:
                raise Invalid("expected a list")
            if len(data) > MAX_ITEMS:
                raise Invalid("a list too long")
            args = typing.get_args(hint)
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                if len(args) != len(data):
                    raise Invalid("a tuple of the wrong length")
                return tuple(self.value(a, v, depth + 1) for a, v in zip(args, data, strict=True))
            item = args[0] if args else None
            items = [self.value(item, v, depth + 1) for v in data]
            if origin is tuple:
                return tuple(items)
            if origin is list:
                return items
            members = origin(items)
            if len(members) != len(items):
                raise Invalid("a set holds a member twice")
            return members
        if origin is dict:
            if type(data) is not list or len(data) > MAX_ITEMS:
                raise Invalid("expected a list of pairs")
            key_hint, value_hint = typing.get_args(hint)
            out: dict[Any, Any] = {}
            for pair in data:
                if type(pair) is not list or len(pair) != 2:
                    raise Invalid("expected a [key, value] pair")
                key = self.value(key_hint, pair[0], depth + 1)
                if key in out:
                    raise Invalid("a key written twice")
                out[key] = self.value(value_hint, pair[1], depth + 1)
            return out
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            if type(data) not in (str, int):
                raise Invalid("expected an enum value")
            try:
                return hint(data)
            except ValueError:
                raise Invalid(f"no such {hint.__name__}") from None
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.dataclass(hint, data, depth)
        raise Invalid(f"a {hint!r} cannot be read from a checkpoint")

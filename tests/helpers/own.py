"""A test's narrowing of what the engine registry hands out (opaque shapes: ``companion.rules.engine``)
to one game's own type."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def own(kind: type[T], value: object) -> T:
    """``value``, checked to be a ``kind`` (a game's state, setup, deck or action)."""
    assert isinstance(value, kind), f"{type(value).__qualname__} is not a {kind.__qualname__}"
    return value

"""Every engine's ``State.copy`` is one shared rule: each list, set and dict is new, so a move
applied to the copy never reaches the state it came from (undo and replay rely on it)."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import copy_state


@dataclasses.dataclass
class Box:
    rows: list[list[int]]
    seen: list[set[int]]
    by_name: dict[str, list[int]]
    frozen: tuple[int, ...]


def containers(value: Any) -> list[Any]:
    """Every list, set and dict inside ``value``, outermost first."""
    if isinstance(value, list | dict):
        inner = value.values() if isinstance(value, dict) else value
        return [value, *(c for v in inner for c in containers(v))]
    return [value] if isinstance(value, set) else []


def test_copy_state_copies_every_nested_container() -> None:
    box = Box([[1, 2], [3]], [{1}], {"a": [4]}, (5, 6))
    twin = copy_state(box)
    assert twin == box
    twin.rows[0].append(9)
    twin.seen[0].add(9)
    twin.by_name["a"].append(9)
    assert box == Box([[1, 2], [3]], [{1}], {"a": [4]}, (5, 6))
    assert twin.frozen is box.frozen


def test_each_engine_state_copy_shares_no_container(fdeck: f.Deck, hdeck: h.Deck, ddeck: d.Deck) -> None:
    states: list[Any] = [
        f.new_state(f.Setup(("A", "B", "C"), 0, fdeck)),
        h.new_state(h.Setup(("A", "B", "C"), 0, hdeck)),
        d.new_state(d.Setup(("A", "B", "C"), ddeck)),
    ]
    for state in states:
        twin = state.copy()
        assert twin == state and type(twin) is type(state)
        for fld in dataclasses.fields(state):
            mine, theirs = containers(getattr(state, fld.name)), containers(getattr(twin, fld.name))
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), fld.name

"""What every simulated table shares: the seats' names, what watches a game as it is played, and how a
seat picks one of its options (at random, or the best by a gain with ties drawn at random)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from companion.rules.engine import StateShape

NAMES = tuple(f"P{n}" for n in range(1, 9))
LONGEST = 20_000  # actions: a simulated game longer than this is a bug in the table, said plainly

T = TypeVar("T")
Watch = Callable[[StateShape, Any, StateShape], None] | None
"""Called with the state before each action, the action and the state after it (lead changes, events)."""


def best(options: Sequence[T], gain: Callable[[T], Any], rng: random.Random) -> T:
    """The option of the highest ``gain``; a tie drawn at random (the greedy policy)."""
    top: Any = None
    chosen: list[T] = []
    for option in options:
        value = gain(option)
        if top is None or value > top:
            top, chosen = value, [option]
        elif value == top:
            chosen.append(option)
    return chosen[0] if len(chosen) == 1 else rng.choice(chosen)


def deal_unseen(
    unseen: Iterable[T],
    hand: Sequence[T],
    known: Sequence[Iterable[T]],
    hidden: Iterable[int],
    seat: int,
    rng: random.Random,
) -> tuple[list[list[T]], list[T]]:
    """An imagined table for ``seat`` (a lookahead's world): the cards it has not seen (``unseen`` but
    its own ``hand``) shuffled and dealt to the other seats, as many as each hides, after the cards each
    is known to hold; its own hand as it is. The hands, and what is left (the deck, in a random order)."""
    own = set(hand)
    pool = [c for c in unseen if c not in own]
    rng.shuffle(pool)
    hands: list[list[T]] = []
    for other, count in enumerate(hidden):
        if other == seat:
            hands.append(list(hand))
            continue
        hands.append(sorted(known[other]) + pool[:count])  # type: ignore[type-var]
        del pool[:count]
    return hands, pool

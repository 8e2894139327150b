"""How the seats of a simulated table choose, by name: ``random`` (any legal move), ``greedy`` (the best
immediate gain) or ``lookahead`` (``companion.simulate.lookahead``; ``lookahead:N`` with N playouts a
choice). A table's policy is one name for every seat, or one a seat separated by commas
(``lookahead,greedy,greedy``); its label (:func:`label`) names each policy with its budget, so that games
played by different policies are never counted together."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from companion.rules.common import refuse
from companion.simulate.lookahead import PLAYOUTS, choose
from companion.simulate.table import Choose, Table

POLICIES = ("random", "greedy", "lookahead")
MAX_PLAYOUTS = 100_000  # playouts a choice at most
MAX_TEXT = 200  # characters: a table's policy as typed


def _random(table: Table, seat: int, rng: random.Random) -> Any:
    return table.random(rng)


def _greedy(table: Table, seat: int, rng: random.Random) -> Any:
    return table.greedy(rng)


def _one(name: str) -> str:
    """One seat's policy in its full form (``lookahead`` → ``lookahead:64``), refused in a sentence."""
    base, colon, budget = name.strip().lower().partition(":")
    if base not in POLICIES or (colon and base != "lookahead"):
        raise refuse(
            f"a policy is random, greedy or lookahead (lookahead:N with N playouts a move), not {name.strip()!r}",
            f"方針は random、greedy、lookahead（lookahead:N は1手N回のプレイアウト）のどれかです"
            f"（{name.strip()!r} は不可）",
        )
    if base != "lookahead":
        return base
    if not colon:
        return f"lookahead:{PLAYOUTS}"
    if not (budget.isascii() and budget.isdigit() and len(budget) <= 6 and 1 <= int(budget) <= MAX_PLAYOUTS):
        raise refuse(
            f"lookahead:N takes a number of playouts from 1 to {MAX_PLAYOUTS}, not {budget!r}",
            f"lookahead:N のNは1から{MAX_PLAYOUTS}までのプレイアウト数です（{budget!r} は不可）",
        )
    return f"lookahead:{int(budget)}"


def seat_policies(policy: str | Sequence[str], players: int) -> tuple[str, ...]:
    """Each seat's policy in full: one name for every seat, or one a seat (a list, or names separated by
    commas); refused in a sentence when the names are not policies or their number is not the seats'."""
    if isinstance(policy, str):
        if len(policy) > MAX_TEXT:
            raise refuse(f"the policy is at most {MAX_TEXT} characters long", f"方針は{MAX_TEXT}文字までです")
        names = policy.split(",")
    else:
        names = list(policy)
    full = tuple(_one(name) for name in names)
    if len(full) == 1:
        return full * players
    if len(full) != players:
        raise refuse(
            f"give one policy for every seat, or one a seat: {players} for {players} players, not {len(full)}",
            f"方針は全席に1つか、1席に1つずつ（{players}人なら{players}個）です（{len(full)}個は不可）",
        )
    return full


def label(policies: Sequence[str]) -> str:
    """The table's policy as results name it: the one policy every seat plays, else each seat's, in order."""
    return policies[0] if len(set(policies)) == 1 else ",".join(policies)


def chooser(name: str) -> Choose:
    """The function a seat of policy ``name`` (in full, :func:`seat_policies`) chooses with."""
    if name == "random":
        return _random
    if name == "greedy":
        return _greedy
    return functools.partial(choose, int(name.partition(":")[2]))


def policy_seats(policy: str | Sequence[str], players: int) -> list[Choose]:
    """The choosing function of each seat of a table of ``players`` playing ``policy``."""
    return [chooser(name) for name in seat_policies(policy, players)]

"""The table and its states, the same way in every game: who plays, state copies, the fold, the
top scorers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from companion.rules.common.names import NAME_CHARS as NAME_CHARS
from companion.rules.common.names import name_problem, name_sentence
from companion.rules.common.reading import normalize_token
from companion.rules.common.words import Msg, Refusal, refuse


def check_player_count(n: int, low: int, high: int, game: Msg) -> None:
    """``game`` is played by ``low`` to ``high`` players."""
    if not low <= n <= high:
        raise refuse(
            f"{game.en} takes {low} to {high} players, not {n}", f"{game.ja}は{low}〜{high}人用です（{n}人は不可）"
        )


def plain_name(value: object) -> bool:
    """The one rule for a player's name, wherever it enters (settle, new, import, the app, serve):
    :func:`companion.rules.common.names.name_problem` finds nothing wrong with it (text of 1 to
    :data:`NAME_CHARS` characters on one line that shows something, with nothing that can disguise
    it: emoji sequences and combining marks are names people use)."""
    return name_problem(value) is None


def name_refusal(value: object) -> Refusal:
    """Why ``value`` is no name (see :func:`plain_name`), in one sentence naming the problem, with
    the name shown escaped on one line."""
    return Refusal(name_sentence(value))


def check_players(names: tuple[str, ...], low: int, high: int, game: Msg, start: int | None = None) -> None:
    """A table of ``low`` to ``high`` players, each with a name of their own (:func:`plain_name`),
    and a start seat at the table if the game has one."""
    n = len(names)
    check_player_count(n, low, high, game)
    for name in names:
        if not plain_name(name):
            raise name_refusal(name)
    if len(set(names)) != n:
        raise refuse("each player needs a name of their own", "プレイヤーにはそれぞれ別の名前が必要です")
    seen: dict[str, str] = {}
    for name in names:  # the table notation reads names loosely: they must stay apart when it does
        key = " ".join(normalize_token(name).casefold().split())
        if key in seen:
            raise refuse(
                f"the names {seen[key]!r} and {name!r} differ only in spacing, width or case; "
                "give each player a name the table can tell apart",
                f"名前「{seen[key]}」と「{name}」は空白・全角半角・大文字小文字しか違いません。"
                "区別できる名前にしてください",
            )
        seen[key] = name
    if start is not None and not 0 <= start < n:
        raise refuse(f"the start player is a seat from 0 to {n - 1}", f"スタートプレイヤーは0〜{n - 1}の席です")


def seat_name(names: tuple[str, ...], player: int) -> str:
    """The name at seat ``player``; a seat that does not exist is refused."""
    if not 0 <= player < len(names):
        raise refuse(
            f"there is no player {player}; seats are 0 to {len(names) - 1}",
            f"プレイヤー{player}はいません。席は0〜{len(names) - 1}です",
        )
    return names[player]


S = TypeVar("S")
A = TypeVar("A")


def evolve(state: S, **changes: Any) -> S:
    """A new state with ``state``'s fields and ``changes``, sharing every value: the one copy
    each action makes (quicker than ``dataclasses.replace``: no field is checked again). A handler
    replaces each container it changes before changing it."""
    new = object.__new__(type(state))
    fields = new.__dict__
    fields.update(state.__dict__)
    if changes:
        fields.update(changes)
    return new


def top_scorers(scores: Sequence[int]) -> list[int]:
    """The seats of every player with the top score (a tie is shared; HOMALET then breaks it, H-12)."""
    top = max(scores, default=None)
    return [seat for seat, score in enumerate(scores) if score == top]


def replay(state: S, actions: Iterable[A], apply: Callable[[S, A], tuple[S, Msg]]) -> S:
    """The state after each action in turn (each must be legal): how every engine folds its record."""
    for action in actions:
        state, _ = apply(state, action)
    return state


_CONTAINERS = (list, set, dict)


def _fresh(value: Any) -> Any:
    """``value`` with every list, set and dict in it copied; everything else (frozen) shared."""
    if isinstance(value, list):
        return [_fresh(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, set):
        return set(value)  # members are hashable, so frozen
    if isinstance(value, dict):
        return {k: _fresh(v) if isinstance(v, _CONTAINERS) else v for k, v in value.items()}
    return value


def copy_state(state: S) -> S:
    """A state that can be changed without touching ``state``: how each engine's ``State.copy``
    works, so that a field added to a state is copied too."""
    fields = dataclasses.fields(state)  # type: ignore[arg-type]
    return dataclasses.replace(state, **{f.name: _fresh(getattr(state, f.name)) for f in fields})  # type: ignore[type-var]

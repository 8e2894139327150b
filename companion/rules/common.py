"""What every engine shares: bilingual messages and refusals."""

from __future__ import annotations

import dataclasses
import difflib
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

Lang = Literal["en", "ja"]


@dataclass(frozen=True)
class Msg:
    """A sentence a player reads, in English and Japanese."""

    en: str
    ja: str

    def text(self, lang: Lang = "en") -> str:
        return self.ja if lang == "ja" else self.en

    def __str__(self) -> str:
        return self.en

    def __add__(self, other: Msg) -> Msg:
        return Msg(self.en + other.en, self.ja + other.ja)


def unsaid(said: Msg, more: Msg) -> Msg:
    """The lines of ``more`` that ``said`` does not already hold, in each language: what is allowed
    now shown under a description that already names whose turn it is, without saying it twice."""
    def keep(text: str, before: str) -> str:
        known = set(before.splitlines())
        return "\n".join(line for line in text.splitlines() if line not in known)

    return Msg(keep(more.en, said.en), keep(more.ja, said.ja))


def plural(n: int, one: str, many: str) -> str:
    """``1 card``, ``3 cards``: the English count with its noun (Japanese needs none)."""
    return f"{n} {one if n == 1 else many}"


def join(parts: list[Msg], sep_en: str = " ", sep_ja: str = "") -> Msg:
    return Msg(sep_en.join(p.en for p in parts), sep_ja.join(p.ja for p in parts))


class Refusal(Exception):
    """A move or an input the rules do not allow; ``msg`` says why, and what is allowed."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.en)
        self.msg = msg


def refuse(en: str, ja: str) -> Refusal:
    return Refusal(Msg(en, ja))


class NotACard(Refusal):
    """A token that is not a card: ``msg`` says so and how cards are written; ``short`` only says so,
    for a refused table line that shows the whole form after it."""

    def __init__(self, short: Msg, forms: Msg) -> None:
        super().__init__(short + forms)
        self.short = short


class Complete(Refusal):
    """A refusal of a table line that already says the one line to type instead: nothing is added to it."""


def did_you_mean(word: str, words: Iterable[str]) -> str | None:
    """The word of ``words`` closest to a mistyped ``word`` (``hnad`` → ``hand``), or None when none is close."""
    known = {w.casefold(): w for w in words if len(w) > 1}
    close = difflib.get_close_matches(word.casefold(), list(known), n=1, cutoff=0.75)
    return known[close[0]] if close else None


def normalize_token(token: str) -> str:
    """Full-width letters and digits become ASCII; surrounding spaces go."""
    return unicodedata.normalize("NFKC", token).strip()


def winner_words(names: Iterable[str], top: list[int], points: int, rule: str) -> Msg:
    """Who won, in words: one winner, or a tie that is shared (``rule`` the game's tie rule). The
    names are the players' at each seat; ``points`` the winning total."""
    table = list(names)
    won = [table[i] for i in top]
    score = plural(points, "point", "points")
    if len(won) == 1:
        return Msg(f"Winner: {won[0]} with {score} ({rule}).", f"勝者：{won[0]}（{points}点）。")
    both = ", ".join(won[:-1]) + f" and {won[-1]}"
    return Msg(f"Winners: {both} tie at {score} and share the win ({rule}).",
               f"勝者：{'と'.join(won)}。{points}点で同点のため、勝利を分け合います。")


def check_player_count(n: int, low: int, high: int, game: Msg) -> None:
    """``game`` is played by ``low`` to ``high`` players."""
    if not low <= n <= high:
        raise refuse(f"{game.en} takes {low} to {high} players, not {n}",
                     f"{game.ja}は{low}〜{high}人用です（{n}人は不可）")


def check_players(names: tuple[str, ...], low: int, high: int, game: Msg, start: int | None = None) -> None:
    """A table of ``low`` to ``high`` players, each with a name of their own, and a start seat
    at the table if the game has one."""
    n = len(names)
    check_player_count(n, low, high, game)
    if len(set(names)) != n or any(not p.strip() for p in names):
        raise refuse("each player needs a name of their own", "プレイヤーにはそれぞれ別の名前が必要です")
    seen: dict[str, str] = {}
    for name in names:  # the table notation reads names loosely: they must stay apart when it does
        key = " ".join(normalize_token(name).casefold().split())
        if key in seen:
            raise refuse(f"the names {seen[key]!r} and {name!r} differ only in spacing, width or case; "
                         "give each player a name the table can tell apart",
                         f"名前「{seen[key]}」と「{name}」は空白・全角半角・大文字小文字しか違いません。"
                         "区別できる名前にしてください")
        seen[key] = name
    if start is not None and not 0 <= start < n:
        raise refuse(f"the start player is a seat from 0 to {n - 1}", f"スタートプレイヤーは0〜{n - 1}の席です")


def seat_name(names: tuple[str, ...], player: int) -> str:
    """The name at seat ``player``; a seat that does not exist is refused."""
    if not 0 <= player < len(names):
        raise refuse(f"there is no player {player}; seats are 0 to {len(names) - 1}",
                     f"プレイヤー{player}はいません。席は0〜{len(names) - 1}です")
    return names[player]


S = TypeVar("S")
A = TypeVar("A")


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

"""Bilingual messages and refusals: what every engine says, and how a refusal is worded."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

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


EMPTY = Msg("", "")
"""Nothing to say, in either language: the start of a sentence built from parts."""

GAME_OVER = Msg("The game is over.", "ゲームは終了しています。")
"""How every game's description says that it has ended (``show``, ``replay``)."""


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


def winner_words(names: Iterable[str], top: list[int], points: int, rule: str) -> Msg:
    """Who won, in words: one winner, or a tie that is shared (``rule`` the game's tie rule). The
    names are the players' at each seat; ``points`` the winning total."""
    table = list(names)
    won = [table[i] for i in top]
    score = plural(points, "point", "points")
    if len(won) == 1:
        return Msg(f"Winner: {won[0]} with {score} ({rule}).", f"勝者：{won[0]}（{points}点）。")
    both = ", ".join(won[:-1]) + f" and {won[-1]}"
    return Msg(
        f"Winners: {both} tie at {score} and share the win ({rule}).",
        f"勝者：{'と'.join(won)}。{points}点で同点のため、勝利を分け合います。",
    )


def line_refusal(what: Msg, form: Msg) -> Refusal:
    """A line of notation refused, in every game alike: what is wrong in it, then the one form that
    fits (``write …``; issue 18: never the whole notation)."""
    return Refusal(what + Msg("; ", "。") + form)


def phase_refusal(what: Msg, waiting: Msg, expected: Msg) -> Refusal:
    """``what`` (``place a card``) cannot be done now: what the table waits for, and the lines it
    types now (``expected``), in every game alike."""
    return Refusal(Msg(f"cannot {what.en} now: ", f"今は{what.ja}できません。") + waiting + Msg("; ", "。") + expected)

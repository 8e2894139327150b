"""What every engine shares: bilingual messages and refusals."""

from __future__ import annotations

import unicodedata
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


def join(parts: list[Msg], sep_en: str = " ", sep_ja: str = "") -> Msg:
    return Msg(sep_en.join(p.en for p in parts), sep_ja.join(p.ja for p in parts))


class Refusal(Exception):
    """A move or an input the rules do not allow; ``msg`` says why, and what is allowed."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.en)
        self.msg = msg


def refuse(en: str, ja: str) -> Refusal:
    return Refusal(Msg(en, ja))


def normalize_token(token: str) -> str:
    """Full-width letters and digits become ASCII; surrounding spaces go."""
    return unicodedata.normalize("NFKC", token).strip()


def check_players(names: tuple[str, ...], low: int, high: int, game: Msg) -> None:
    """A table of ``low`` to ``high`` players, each with a name of their own."""
    n = len(names)
    if not low <= n <= high:
        raise refuse(f"{game.en} takes {low} to {high} players, not {n}",
                     f"{game.ja}は{low}〜{high}人用です（{n}人は不可）")
    if len(set(names)) != n or any(not p.strip() for p in names):
        raise refuse("each player needs a name of their own", "プレイヤーにはそれぞれ別の名前が必要です")


def seat_name(names: tuple[str, ...], player: int) -> str:
    """The name at seat ``player``; a seat that does not exist is refused."""
    if not 0 <= player < len(names):
        raise refuse(f"there is no player {player}; seats are 0 to {len(names) - 1}",
                     f"プレイヤー {player} はいません。席は 0〜{len(names) - 1} です")
    return names[player]

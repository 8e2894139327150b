"""Six-Suit Fortress (6スートの砦): rules F-1 to F-14 of ``shared/rules/RULES.md``.

A game is a :class:`Setup` plus an append-only list of actions; :func:`fold` turns the
list into a :class:`State`. :func:`apply` validates one action and either returns the
new state with a ruling a player can read, or raises :class:`Refusal` saying why.
The engine never sees a hand: the table tells it what was played, and it keeps count.

Besides the shared interface (docs/engines.md: ``make_setup``, ``Correct``, ``parse_line``,
``action_line``, ``NOTATION``, ``allowed``, ``finished``, ``describe``, ``settle_input``), the
game's own questions, each answered from the state alone: :func:`captures` (a card's capture at
every usable spot, by number and by suit), :func:`build_options` (every legal place of each
captured card, and why each other place is refused), ``State.usable_spots`` and ``State.unseen``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules import records
from companion.rules.common import (
    Complete,
    Lang,
    Msg,
    NotACard,
    Refusal,
    check_players,
    copy_state,
    did_you_mean,
    join,
    normalize_token,
    plural,
    refuse,
    replay,
    seat_name,
    winner_words,
)

GAME = "fortress"
TITLE = Msg("Six-Suit Fortress", "6スートの砦")
MIN_PLAYERS, MAX_PLAYERS = 3, 5
DEAL = {3: 13, 4: 10, 5: 8}  # F-2
GRID_SIZE = 8  # F-3: two 2x2 grids
STEPS = (1, 2, 3)  # F-11: a new column is 1 to 3 ranks beyond the end, 13 and 1 adjacent

# Every rule the originals leave open, in one place (RULES.md marks them [assumption]).
ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    ("F-1", Msg("Prototype suits: R red, Y yellow, G green, B blue, P purple, K black.",
                "試作スート：R 赤・Y 黄・G 緑・B 青・P 紫・K 黒。")),
    ("F-7", Msg("Once the deck is empty, grid cells may stay empty. A spot next to an empty "
                "cell cannot be used; if the cell behind is empty, only 2 or 1 can be "
                "captured. A player with cards but no usable spot is skipped.",
                "山札が尽きたら場札の空きは埋まりません。空きマスに接する場所には置けず、"
                "奥のマスが空なら獲得は2枚か1枚までです。置ける場所がない人は手番を飛ばします。")),
    ("F-11", Msg("A new column may not repeat a rank already in the row (equal numbers stack, and only on an "
                 "end column), even where the 13–1 wrap would otherwise allow it.",
                 "新しい縦列に、砦の横の並びにすでにある数字は使えません（同じ数字は端にだけ縦配置します）。"
                 "13と1の循環で置けそうな場合も同じです。")),
    ("F-12", Msg("An empty hand is checked at the end of the turn, after building: a hand emptied by the "
                 "placement but refilled with captured cards the player kept does not end the game.",
                 "手札が尽きたかは手番の終わり（配置の後）に確かめます。置いて手札が空になっても、"
                 "獲得したカードを手札に入れていれば終了条件になりません。")),
    ("F-13", Msg("The face-down pair is used at most once per player; a column emptied by "
                 "it no longer counts.",
                 "裏向きペアは1人1回までです。これで空になった縦列は数えません。")),
    ("F-14", Msg("Players tied for the highest score share the win.",
                 "勝利点の最も多い人が複数なら、勝利を分け合います。")),
)


# --------------------------------------------------------------------------- deck (F-1)


@dataclass(frozen=True)
class Suit:
    code: str
    en: str
    ja: str
    color: str
    shape: str


@dataclass(frozen=True, order=True)
class Card:
    suit: str
    rank: int

    def __post_init__(self) -> None:
        # the hash and the notation made once: a replay looks cards up and names them thousands of times
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))
        object.__setattr__(self, "_text", f"{self.suit}{self.rank}")

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (the store's checkpoints) by suit and rank: the hash is made again where it is read."""
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        return self._text  # type: ignore[attr-defined, no-any-return]


@dataclass(frozen=True)
class Deck:
    """The six-suit deck, as a deck file defines it (F-1)."""

    name: Msg
    ranks: int
    suits: tuple[Suit, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields alone: the card look-ups are made again when needed."""
        return (Deck, (self.name, self.ranks, self.suits))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            name = data.get("name", {})
            suits = tuple(
                Suit(str(s["code"]).upper(), str(s["en"]), str(s["ja"]), str(s["color"]),
                     str(s.get("shape", "circle")))
                for s in data["suits"]
            )
            ranks = int(data["ranks"])
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(
                f"the fortress deck definition is incomplete ({error}); it needs ranks and "
                "suits with code, en, ja and color",
                f"砦のデッキ定義が不完全です（{error}）。ranks と、code・en・ja・color を持つ "
                "suits が必要です",
            ) from None
        codes = [s.code for s in suits]
        if (len(set(codes)) != len(codes) or any(len(c) != 1 or not c.isalpha() for c in codes)
                or ranks < 1 or not suits):
            raise refuse(
                "the fortress deck definition needs distinct one-letter suit codes and ranks ≥ 1",
                "砦のデッキ定義には重複しない1文字のスート記号と1以上の ranks が必要です",
            )
        return cls(Msg(str(name.get("en", "deck")), str(name.get("ja", "デッキ"))), ranks, suits)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": 1, "game": GAME, "name": {"en": self.name.en, "ja": self.name.ja},
            "ranks": self.ranks,
            "suits": [{"code": s.code, "en": s.en, "ja": s.ja, "color": s.color,
                       "shape": s.shape} for s in self.suits],
        }

    @property
    def size(self) -> int:
        return self.ranks * len(self.suits)

    @functools.cached_property
    def all_cards(self) -> tuple[Card, ...]:
        """Every card, suit by suit (made once per deck: "what is allowed now" lists the unseen ones)."""
        return tuple(Card(s.code, r) for s in self.suits for r in range(1, self.ranks + 1))

    def cards(self) -> list[Card]:
        return list(self.all_cards)

    def suit(self, code: str) -> Suit:
        for s in self.suits:
            if s.code == code:
                return s
        raise KeyError(code)

    @functools.cached_property
    def card_set(self) -> frozenset[Card]:
        return frozenset(self.all_cards)

    @functools.cached_property
    def card_by_key(self) -> dict[tuple[str, int], Card]:
        return {(c.suit, c.rank): c for c in self.all_cards}

    def contains(self, card: Card) -> bool:
        return card in self.card_set

    def label(self, card: Card, lang: str = "en") -> str:
        return f"{self.suit(card.suit).ja}{card.rank}" if lang == "ja" else str(card)

    def forms(self) -> Msg:
        letters = " ".join(s.code for s in self.suits)
        names = " ".join(s.ja for s in self.suits)
        s0 = self.suits[0]
        return Msg(
            f"write a suit letter ({letters}) or name ({names}) and a rank 1–{self.ranks}, "
            f"e.g. {s0.code}7, {s0.code.lower()}{self.ranks}, {s0.ja}7",
            f"スート記号（{letters}）か名前（{names}）と数字1〜{self.ranks}で書きます。"
            f"例は{s0.ja}7、{s0.code}7、{s0.code.lower()}{self.ranks}です",
        )

    def parse(self, token: str) -> Card:
        """``R7``, ``r7``, ``K13``, ``赤7`` (F-1); anything else is refused naming the token."""
        text = normalize_token(token)
        for s in self.suits:
            for prefix in (s.ja, s.code, s.code.lower()):
                if text.startswith(prefix) and text[len(prefix):].isdigit():
                    rank = int(text[len(prefix):])
                    if 1 <= rank <= self.ranks:
                        return self.card_by_key[s.code, rank]  # the deck's own card: compared by identity first
        raise NotACard(Msg(f"{token!r} is not a card", f"「{token}」はカードではありません"),
                       Msg(": ", "。") + self.forms())


# --------------------------------------------------------------------------- grid (F-3, F-4)

GRIDS = ("A", "B")
CELLS = tuple(f"{g}{i}" for g in GRIDS for i in (1, 2, 3, 4))  # 1 2 / 3 4 in each grid
_OUTER = {1: ("N", "W"), 2: ("N", "E"), 3: ("S", "W"), 4: ("S", "E")}
SPOTS = tuple(f"{c}{side}" for c in CELLS for side in _OUTER[int(c[1])])
_SIDE_WORDS = {"上": "N", "下": "S", "左": "W", "右": "E"}


def parse_spot(token: str) -> str:
    text = normalize_token(token).upper()
    for word, side in _SIDE_WORDS.items():
        text = text.replace(word, side)
    if text in SPOTS:
        return text
    raise _not_a_spot(token)


def _not_a_spot(token: str) -> Refusal:
    return refuse(
        f"{token!r} is not a spot (a cell A1–A4 or B1–B4 and a side N S W E, like A1N)",
        f"「{token}」は場所ではありません（マスA1〜B4と上下左右、例：A1上）",
    )


def spot_cells(spot: str) -> tuple[str, str]:
    """The cell touching ``spot`` (A) and the cell behind it (B), per F-4."""
    cell, side = spot[:2], spot[2]
    grid, index = cell[0], int(cell[1])
    # N/S: the other cell of the same column; W/E: the other cell of the same row
    behind = ({1: 3, 3: 1, 2: 4, 4: 2} if side in "NS" else {1: 2, 2: 1, 3: 4, 4: 3})[index]
    return cell, f"{grid}{behind}"


class Mode(StrEnum):
    NUMBER = "number"
    SUIT = "suit"


_MODE_WORDS = {"n": Mode.NUMBER, "number": Mode.NUMBER, "num": Mode.NUMBER, "数": Mode.NUMBER,
               "数字": Mode.NUMBER, "s": Mode.SUIT, "suit": Mode.SUIT, "スート": Mode.SUIT}
MODE_NAMES = {Mode.NUMBER: Msg("number", "数字"), Mode.SUIT: Msg("suit", "スート")}


def parse_mode(token: str) -> Mode:
    mode = _MODE_WORDS.get(normalize_token(token).lower())
    if mode is None:
        raise refuse(f"{token!r} is neither n (number) nor s (suit)", f"「{token}」は数でもスートでもありません")
    return mode


def resolve_capture(placed: Card, a: Card, b: Card | None, mode: Mode) -> tuple[int, Msg]:
    """How many cards a placement captures (F-5, F-6, F-7) and the arithmetic behind it."""
    p = placed
    if mode is Mode.NUMBER:  # F-5
        if b is not None and p.rank >= a.rank + b.rank:
            return 3, Msg(f"{p.rank} ≥ {a.rank} + {b.rank}: captures 3",
                          f"{p.rank} ≥ {a.rank} + {b.rank}：3枚獲得")
        if p.rank >= a.rank:
            if b is None:
                return 2, Msg(f"{p.rank} ≥ {a.rank} and the cell behind is empty: captures 2",
                              f"{p.rank} ≥ {a.rank}、奥は空き：2枚獲得")
            return 2, Msg(f"{p.rank} ≥ {a.rank} but {p.rank} < {a.rank} + {b.rank}: captures 2",
                          f"{p.rank} ≥ {a.rank}、{p.rank} < {a.rank} + {b.rank}：2枚獲得")
        return 1, Msg(f"{p.rank} < {a.rank}: captures 1", f"{p.rank} < {a.rank}：1枚獲得")
    # F-6
    if p.suit == a.suit:
        if b is not None and b.suit == p.suit:
            return 3, Msg(f"{p.suit} = {a.suit} = {b.suit}: captures 3",
                          f"{p.suit} = {a.suit} = {b.suit}：3枚獲得")
        behind = "the cell behind is empty" if b is None else f"{b.suit} ≠ {p.suit}"
        behind_ja = "奥は空き" if b is None else f"{b.suit} ≠ {p.suit}"
        return 2, Msg(f"{p.suit} = {a.suit}, {behind}: captures 2",
                      f"{p.suit} = {a.suit}、{behind_ja}：2枚獲得")
    return 1, Msg(f"{p.suit} ≠ {a.suit}: captures 1", f"{p.suit} ≠ {a.suit}：1枚獲得")


# --------------------------------------------------------------------------- fortress (F-11)


class Where(StrEnum):
    LEFT = "left"  # a new column left of the row
    RIGHT = "right"  # a new column right of the row
    ON_LEFT = "on-left"  # onto the left-end column
    ON_RIGHT = "on-right"  # onto the right-end column
    HAND = "hand"  # not built: into the hand (F-8)


WHERE_NAMES = {Where.LEFT: Msg("a new column on the left", "左に新しい縦列"),
               Where.RIGHT: Msg("a new column on the right", "右に新しい縦列"),
               Where.ON_LEFT: Msg("onto the left-end column", "左端に縦配置"),
               Where.ON_RIGHT: Msg("onto the right-end column", "右端に縦配置"),
               Where.HAND: Msg("into the hand", "手札へ")}
_WHERE_WORDS = {"l": Where.LEFT, "left": Where.LEFT, "左": Where.LEFT,
                "r": Where.RIGHT, "right": Where.RIGHT, "右": Where.RIGHT,
                "ol": Where.ON_LEFT, "on-left": Where.ON_LEFT, "左端": Where.ON_LEFT,
                "or": Where.ON_RIGHT, "on-right": Where.ON_RIGHT, "右端": Where.ON_RIGHT,
                "h": Where.HAND, "hand": Where.HAND, "手札": Where.HAND}


def parse_where(token: str) -> Where:
    where = _WHERE_WORDS.get(normalize_token(token).lower())
    if where is None:
        raise refuse(
            f"{token!r} is not a place in the fortress: use left, right, on-left, on-right "
            "or hand",
            f"「{token}」は砦の置き場所ではありません。左・右（新しい縦列）、左端・右端（縦配置）、"
            "手札のどれかです",
        )
    return where


def placement_problem(ranks: Sequence[int], rank: int, where: Where,
                      top: int = 13) -> Msg | None:
    """Why a card of ``rank`` cannot go ``where`` in a row of column ``ranks`` (F-11), or None."""
    if where is Where.HAND:
        return None
    if not ranks:
        if where in (Where.LEFT, Where.RIGHT):
            return None  # the first card starts the row
        return Msg("the fortress is empty: the first card starts a new column",
                   "砦は空です。最初のカードは新しい縦列になります")
    left, right = ranks[0], ranks[-1]
    if where is Where.ON_RIGHT or where is Where.ON_LEFT:
        end = right if where is Where.ON_RIGHT else left
        side = Msg("right", "右") if where is Where.ON_RIGHT else Msg("left", "左")
        if rank == end:
            return None
        return Msg(f"{rank} cannot go onto the {side.en}-end column: it holds {end}s, and a "
                   "column holds one rank",
                   f"{rank}は{side.ja}端に縦配置できません。{side.ja}端は{end}で、縦列には同じ数字だけを並べます")
    if rank in ranks:  # F-11 [assumption]: no rank twice in a row, even across the 13-1 wrap
        ends = Msg("on-left or on-right", "左端か右端") if rank in (left, right) else None
        tail = (Msg(f"; it can only stack {ends.en}", f"。縦配置できるのは{ends.ja}だけです") if ends
                else Msg("; equal numbers stack only on an end column", "。同じ数字は端にだけ縦配置できます"))
        return Msg(f"{rank} cannot start a new column: the row already has a column of {rank}s" + tail.en,
                   f"{rank}で新しい縦列は作れません。砦の横の並びにはすでに{rank}の縦列があります" + tail.ja)
    if where is Where.RIGHT:
        if (rank - right) % top in STEPS:
            return None
        allowed = [(right - 1 + s) % top + 1 for s in STEPS]
        return Msg(f"{rank} cannot start a column right of {right}: only "
                   f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
                   f"{rank}は{right}の右に置けません。置けるのは"
                   f"{'・'.join(map(str, allowed))}だけです（±3、13と1は隣接）")
    if (left - rank) % top in STEPS:
        return None
    allowed = [(left - 1 - s) % top + 1 for s in STEPS]
    return Msg(f"{rank} cannot start a column left of {left}: only "
               f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
               f"{rank}は{left}の左に置けません。置けるのは"
               f"{'・'.join(map(str, allowed))}だけです（±3、13と1は隣接）")


def placements(ranks: Sequence[int], rank: int, top: int = 13) -> list[Where]:
    """Every fortress place a card of ``rank`` may go (F-11); the hand is always open too."""
    order = [Where.LEFT, Where.ON_LEFT, Where.ON_RIGHT, Where.RIGHT]
    if not ranks:
        order = [Where.RIGHT]
    elif len(ranks) == 1:
        order = [Where.LEFT, Where.ON_RIGHT, Where.RIGHT]  # one column is both ends
    return [w for w in order if placement_problem(ranks, rank, w, top) is None]


def build(columns: Sequence[Sequence[Card]], card: Card, where: Where) -> list[list[Card]]:
    """The fortress after ``card`` goes ``where`` (already checked legal)."""
    out = [list(c) for c in columns]
    if where is Where.RIGHT:
        out.append([card])
    elif where is Where.LEFT:
        out.insert(0, [card])
    elif where is Where.ON_RIGHT:
        out[-1].append(card)
    elif where is Where.ON_LEFT:
        out[0].append(card)
    return out


def _built(columns: list[list[Card]], card: Card, where: Where) -> list[list[Card]]:
    """:func:`build` for :func:`apply`: a new row sharing the columns that do not change (a state's
    columns are never changed in place)."""
    if where is Where.RIGHT:
        return [*columns, [card]]
    if where is Where.LEFT:
        return [[card], *columns]
    index = -1 if where is Where.ON_RIGHT else 0
    out = list(columns)
    out[index] = [*columns[index], card]
    return out


def row_problem(columns: Sequence[Sequence[Card]], top: int = 13) -> Msg | None:
    """Why a finished fortress could not have been built under F-11, or None."""
    for i, column in enumerate(columns):
        if not column:
            return Msg(f"column {i} is empty", f"{i}列目が空です")
        ranks = {c.rank for c in column}
        if len(ranks) > 1:
            return Msg(f"column {i} mixes ranks {', '.join(map(str, sorted(ranks)))}; a column "
                       "holds one rank",
                       f"{i}列目に違う数字（{'・'.join(map(str, sorted(ranks)))}）が混ざっています")
    seen: dict[int, int] = {}
    for i, column in enumerate(columns):
        rank = column[0].rank
        if rank in seen:
            return Msg(f"columns {seen[rank]} and {i} both hold {rank}s; a rank stands in one column only "
                       "(F-11)",
                       f"{seen[rank]}列目と{i}列目がどちらも{rank}です。同じ数字の縦列は1つだけです（F-11）")
        seen[rank] = i
    for i in range(1, len(columns)):
        a, b = columns[i - 1][0].rank, columns[i][0].rank
        if (b - a) % top not in STEPS:
            return Msg(f"column {i} ({b}) cannot stand right of column {i - 1} ({a}): a new "
                       "column is 1 to 3 ranks higher, 13 wrapping to 1 (F-11)",
                       f"{i}列目（{b}）は{i - 1}列目（{a}）の右に置けません。右の縦列は1〜3大きい"
                       "数字です（13の次は1）")
    return None


# --------------------------------------------------------------------------- scoring (F-13, F-14)


@dataclass(frozen=True)
class Pair:
    """F-13: two cards taken from column ``source``, laid face down as one card on ``target``."""

    source: int
    target: int

    def __post_init__(self) -> None:
        for value in (self.source, self.target):
            if isinstance(value, bool) or not isinstance(value, int):
                raise refuse(f"a face-down pair names two column numbers (counted from 0 at the left), not {value!r}",
                             f"裏向きペアは2つの列番号で書きます（左端が0。{value!r} は不可）")


def pair_problem(heights: Sequence[int], pair: Pair, base: int = 1) -> Msg | None:
    """Why ``pair`` cannot be laid on a fortress of column ``heights`` (F-13), or None. Columns
    are named as the reader counts them: from ``base`` at the left (1 for players, 0 where the
    reader wrote JSON indexes)."""
    n = len(heights)
    if n == 0:
        return Msg("the fortress has no columns, so there is no pair to take; decline it",
                   "砦に縦列がないので裏向きペアは作れません。「なし」を選んでください")
    if not 0 <= pair.source < n or not 0 <= pair.target < n:
        if n == 1:
            return Msg(f"the fortress has a single column, numbered {base}", f"砦の縦列は1つだけで、番号は{base}です")
        left = Msg(" from the left", "左から") if base == 1 else Msg("", "")
        return Msg(f"columns are numbered {base} to {n - 1 + base}{left.en}",
                   f"列番号は{left.ja}{base}〜{n - 1 + base}です")
    if heights[pair.source] < 2:
        return Msg(f"column {pair.source + base} holds {plural(heights[pair.source], 'card', 'cards')}; the pair "
                   "comes from a column of 2 or more",
                   f"{pair.source + base}列目は{heights[pair.source]}枚です。裏向きペアは2枚以上の縦列から取ります")
    return None


def heights_after(heights: Sequence[int], pair: Pair | None) -> list[int]:
    out = list(heights)
    if pair is not None:
        out[pair.source] -= 2
        out[pair.target] += 1
    return out


def points(heights: Sequence[int]) -> tuple[int, int, int]:
    """(columns, tallest, columns × tallest); an emptied column does not count (F-13, F-14)."""
    standing = [h for h in heights if h > 0]
    tallest = max(standing, default=0)
    return len(standing), tallest, len(standing) * tallest


def best_pair(heights: Sequence[int]) -> Pair | None:
    """The face-down pair giving the most points; ties prefer no pair, then the first pair in
    (source, target) order. Every pair is tried, each in constant time (the state's description
    and "what is allowed now" ask this for every player)."""
    n = len(heights)
    best, best_points = None, points(heights)[2]
    standing = sum(1 for h in heights if h > 0)
    top = sorted(range(n), key=lambda i: -heights[i])[:3]  # the tallest besides any two columns is among these
    for source in range(n):
        if heights[source] < 2:
            continue
        for target in range(n):
            rest = max((heights[i] for i in top if i != source and i != target), default=0)
            if source == target:
                count, tallest = standing, max(rest, heights[source] - 1)
            else:
                left, grown = heights[source] - 2, heights[target] + 1
                count = standing - (left == 0) + (heights[target] == 0)
                tallest = max(rest, left, grown)
            if count * tallest > best_points:
                best, best_points = Pair(source, target), count * tallest
    return best


def penalty(hand: Sequence[Card]) -> dict[str, int]:
    """F-14: for each suit left in the hand, its smallest rank."""
    lowest: dict[str, int] = {}
    for card in hand:
        lowest[card.suit] = min(lowest.get(card.suit, card.rank), card.rank)
    return lowest


@dataclass(frozen=True)
class Score:
    columns: int
    tallest: int
    pair: Pair | None
    points: int
    penalty: int
    penalty_by_suit: dict[str, int]
    score: int
    explanation: Msg


def score(columns: Sequence[Sequence[Card]], hand: Sequence[Card],
          pair: Pair | None) -> Score:
    """F-14 with the given face-down pair (see :func:`best_pair`), each step explained."""
    heights = [len(c) for c in columns]
    before = points(heights)
    count, tallest, value = points(heights_after(heights, pair))
    lows = penalty(hand)
    minus = sum(lows.values())
    parts = []
    if pair is None:
        n_columns = plural(count, "column", "columns")
        parts.append(Msg(f"no face-down pair; {n_columns} × tallest {tallest} = {value}",
                         f"裏向きペアなし。得点 = 横の枚数 {count} × 最も多い縦列 {tallest} = {value}"))
    else:
        parts.append(Msg(
            f"face-down pair from column {pair.source + 1} onto column {pair.target + 1} "
            f"({before[0]} × {before[1]} = {before[2]} becomes "
            f"{plural(count, 'column', 'columns')} × tallest {tallest} = {value})",
            f"裏向きペアを{pair.source + 1}列目から{pair.target + 1}列目へ置き、"
            f"得点 = 横の枚数 {count} × 最も多い縦列 {tallest} = {value}（ペアなしなら{before[2]}）"))
    if lows:
        terms = " + ".join(f"{suit} {rank}" for suit, rank in sorted(lows.items()))
        parts.append(Msg(f"; penalty, lowest of each suit in hand: {terms} = {minus}",
                         f"。失点 = {terms} = {minus}（手札の各スートの最も小さい数字）"))
    else:
        parts.append(Msg("; no cards in hand, no penalty", "。手札がないので失点 0"))
    parts.append(Msg(f"; score {value} − {minus} = {value - minus}.",
                     f"。勝利点 {value} − {minus} = {value - minus}。"))
    return Score(count, tallest, pair, value, minus, lows, value - minus, join(parts, "", ""))


def winners(scores: Sequence[int]) -> list[int]:
    """Indexes of every player with the top score (F-14: a tie is shared)."""
    top = max(scores, default=None)
    return [i for i, s in enumerate(scores) if s == top]


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    start: int
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE, self.start)

    @property
    def deal(self) -> int:
        return DEAL[len(self.players)]

    @property
    def last_seat(self) -> int:
        """The player to the right of the start player: the last to play in a round (F-12)."""
        return (self.start - 1) % len(self.players)


def make_setup(players: Sequence[str], start: int | None, deck: Deck) -> Setup:
    """The shared constructor (docs/engines.md): ``start`` None means seat 0."""
    return Setup(tuple(players), 0 if start is None else start, deck)


def _need_card(value: object, what: Msg) -> None:
    if not isinstance(value, Card):
        raise refuse(f"{what.en} must be a card, not {value!r}",
                     f"{what.ja}はカードで指定してください（{value!r} は不可）")


def _need_int(value: object, what: Msg) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(Msg("", "") + what + Msg(f" must be a whole number, not {value!r}",
                                               f"は整数で指定してください（{value!r} は不可）"))


def _as_enum(obj: object, name: str, kind: type[Mode] | type[Where], allowed_words: Msg) -> None:
    """A plain string equal to an enum value becomes that enum member (so ``"number"`` can never
    be read as a suit capture); anything else is refused."""
    value = getattr(obj, name)
    if isinstance(value, kind):
        return
    if isinstance(value, str) and value in {m.value for m in kind}:
        object.__setattr__(obj, name, kind(value))
        return
    raise Refusal(Msg(f"{value!r} is not allowed here: ", f"{value!r} はここでは使えません。") + allowed_words)


@dataclass(frozen=True)
class Reveal:
    """A card from the deck is turned face up into an empty grid cell (setup, F-9)."""

    cell: str
    card: Card

    def __post_init__(self) -> None:
        _need_card(self.card, Msg("the revealed card", "出すカード"))


@dataclass(frozen=True)
class Place:
    """The active player places a hand card on a spot, declaring number or suit (F-4)."""

    player: int
    card: Card
    spot: str
    mode: Mode

    def __post_init__(self) -> None:
        _need_int(self.player, Msg("the player", "プレイヤー"))
        _need_card(self.card, Msg("the placed card", "置くカード"))
        _as_enum(self, "mode", Mode, Msg("declare number or suit", "数字かスートを宣言します"))


@dataclass(frozen=True)
class Build:
    """One captured card goes into the fortress or into the hand (F-8)."""

    card: Card
    where: Where

    def __post_init__(self) -> None:
        _need_card(self.card, Msg("the built card", "配置するカード"))
        _as_enum(self, "where", Where, Msg("the places are left, right, on-left, on-right and hand",
                                           "置き場所は左・右・左端・右端・手札です"))


@dataclass(frozen=True)
class FinalHand:
    """The cards a player holds when the game ends (for the F-14 penalty)."""

    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _need_int(self.player, Msg("the player", "プレイヤー"))
        object.__setattr__(self, "cards", tuple(self.cards))
        for card in self.cards:
            _need_card(card, Msg("each card of the hand", "手札の各カード"))


@dataclass(frozen=True)
class ChoosePair:
    """A player's face-down pair (F-13), or ``None`` to decline it."""

    player: int
    pair: Pair | None

    def __post_init__(self) -> None:
        _need_int(self.player, Msg("the player", "プレイヤー"))
        if self.pair is not None and not isinstance(self.pair, Pair):
            raise refuse(f"the face-down pair must be a Pair of two column numbers or None, not {self.pair!r}",
                         f"裏向きペアは2つの列番号か「なし」で指定してください（{self.pair!r}）")


@dataclass(frozen=True)
class Correct:
    """A player's hand count corrected to ``count`` (a misdeal, a dropped card), with the reason.

    The difference comes from, or goes back to, the deck: a hand dealt one card too many leaves
    the deck one card short. The game goes on; the record keeps the correction."""

    player: int
    count: int
    reason: str

    def __post_init__(self) -> None:
        _need_int(self.player, Msg("the player", "プレイヤー"))
        _need_int(self.count, Msg("the hand count", "手札の枚数"))
        if not isinstance(self.reason, str):
            raise refuse(f"the reason must be a text, not {self.reason!r}",
                         f"理由は文字で書いてください（{self.reason!r}）")
        # one line, as the notation writes and reads it
        object.__setattr__(self, "reason", " ".join(normalize_token(self.reason).split()))


Action = Reveal | Place | Build | FinalHand | ChoosePair | Correct


class Phase(StrEnum):
    REVEAL = "reveal"  # waiting for grid cells to be filled
    PLACE = "place"  # waiting for the active player's placement
    BUILD = "build"  # waiting for the captured cards to be built
    FINAL = "final"  # the game is over: waiting for final hands and pair choices
    OVER = "over"  # everything is known: scores are final


UNDECIDED = "undecided"
PENDING = "pending"  # ``State.places`` code of a card just captured, not yet built


@dataclass
class State:
    """The fold of a setup's actions. Treat it as read-only: :func:`apply` returns a new one.

    ``places`` indexes every card whose place the engine knows: a cell (``"A1"``), ``PENDING``,
    or ``("F", p)`` / ``("H", p)`` for player ``p``'s fortress or hand. It is kept up to date by
    :func:`apply`, so that checking a card costs one lookup."""

    setup: Setup
    phase: Phase = Phase.REVEAL
    started: bool = False
    turn: int = 0
    grid: dict[str, Card | None] = field(default_factory=dict)
    deck_count: int = 0
    hand_counts: list[int] = field(default_factory=list)
    known_hands: list[set[Card]] = field(default_factory=list)
    fortresses: list[list[list[Card]]] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)
    triggered: bool = False
    final_hands: list[tuple[Card, ...] | None] = field(default_factory=list)
    pairs: list[Pair | str | None] = field(default_factory=list)
    places: dict[Card, str | tuple[str, int]] = field(default_factory=dict)

    def copy(self) -> State:
        return copy_state(self)

    def _next(self) -> State:
        """A new state sharing every container with this one: each handler replaces the containers
        it changes before changing them (cheaper than :meth:`copy` for every action)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        return new

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def place_of(self, card: Card) -> Msg | None:
        """Where the engine knows ``card`` to be, in words, or None."""
        code = self.places.get(card)
        if code is None:
            return None
        if isinstance(code, tuple):
            name = self.setup.players[code[1]]
            return (Msg(f"in {name}'s fortress", f"{name}の砦") if code[0] == "F"
                    else Msg(f"in {name}'s hand", f"{name}の手札"))
        if code == PENDING:
            return Msg("just captured", "獲得したばかり")
        return Msg(f"on the grid at {code}", f"場札の{code}")

    def known(self) -> dict[Card, Msg]:
        """Every card whose place the engine knows, with that place."""
        out = {}
        for card in self.places:
            place = self.place_of(card)
            assert place is not None
            out[card] = place
        return out

    def hidden_counts(self) -> list[int]:
        """Cards in each hand that the engine cannot name."""
        return [count - len(known) for count, known in zip(self.hand_counts, self.known_hands, strict=True)]

    def grid_count(self) -> int:
        return GRID_SIZE - list(self.grid.values()).count(None)

    def usable_spots(self) -> list[str]:
        return [s for s in SPOTS if self.grid[_SPOT_CELLS[s][0]] is not None]

    def unseen(self) -> list[Card]:
        """The cards the engine has not seen: in the deck or in a hand (F-1)."""
        return [c for c in self.setup.deck.all_cards if c not in self.places]

    def waiting_for(self) -> Msg:
        """What the engine expects next, for a prompt."""
        names = self.setup.players
        if self.phase is Phase.REVEAL:
            empty = [c for c, card in self.grid.items() if card is None]
            return Msg(f"reveal a deck card into an empty cell ({' '.join(empty)})",
                       f"山札から空きマス（{' '.join(empty)}）にカードを出してください")
        if self.phase is Phase.PLACE:
            return Msg(f"{names[self.turn]} places a card", f"{names[self.turn]}がカードを置きます")
        if self.phase is Phase.BUILD:
            cards = " ".join(map(str, self.pending))
            return Msg(f"{names[self.turn]} builds {cards}", f"{names[self.turn]}が{cards}を配置します")
        if self.phase is Phase.FINAL:
            return Msg("the game is over: enter each final hand and face-down pair choice",
                       "ゲーム終了です。各自の残り手札と裏向きペアの選択を入力してください")
        return Msg("the game is over and scored", "ゲーム終了、勝利点確定")


_SPOT_CELLS = {s: spot_cells(s) for s in SPOTS}


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(
        setup, grid={c: None for c in CELLS},
        deck_count=setup.deck.size - setup.deal * n,
        hand_counts=[setup.deal] * n, known_hands=[set() for _ in range(n)],
        fortresses=[[] for _ in range(n)], final_hands=[None] * n, pairs=[UNDECIDED] * n,
    )


def _check_card(state: State, card: Card, *, own: int | None = None) -> None:
    """``card`` is in the deck and not seen anywhere else (a card in ``own``'s known hand is fine)."""
    deck = state.setup.deck
    if not deck.contains(card):
        raise Refusal(Msg(f"{card} is not in this deck: ", f"{card}はこのデッキにありません。")
                      + deck.forms())
    code = state.places.get(card)
    if code is not None and not (own is not None and code == ("H", own)):
        place = state.place_of(card)
        assert place is not None
        raise refuse(f"{card} is already {place.en}; each card exists once",
                     f"{card}はすでに{place.ja}にあります。同じカードは1枚だけです")


_VERBS = {"reveal": Msg("reveal a card", "カードを出すことは"),
          "place": Msg("place a card", "カードを置くことは"),
          "build": Msg("build a card", "カードを配置することは"),
          "score": Msg("enter a final hand or a face-down pair", "残り手札や裏向きペアを入力することは"),
          "correct": Msg("correct a hand count", "手札の枚数を訂正することは")}


def _refuse_phase(state: State, action: str) -> Refusal:
    verb = _VERBS[action]
    return Refusal(Msg(f"cannot {verb.en} now: ", f"今は{verb.ja}できません。") + state.waiting_for()
                   + Msg("; ", "。") + expected(state))


def expected(state: State) -> Msg:
    """The lines the table types now, with examples written by :func:`action_line`."""
    def line(action: Action) -> Msg:
        return Msg(action_line(state, action, "en"), action_line(state, action, "ja"))

    unseen = state.unseen()
    if state.phase is Phase.REVEAL and unseen:
        cell = next(c for c, card in state.grid.items() if card is None)
        reveal = line(Reveal(cell, unseen[0]))
        return Msg(f"write the cell and the card revealed, like {reveal.en} (F-9)",
                   f"マスと出たカードを書きます（例：{reveal.ja}）")
    if state.phase is Phase.PLACE:
        known = sorted(state.known_hands[state.turn])
        card = known[0] if known else unseen[0] if unseen else state.setup.deck.all_cards[0]
        spots = state.usable_spots() or list(SPOTS)
        place = line(Place(state.turn, card, spots[0], Mode.NUMBER))
        return Msg(f"write the card, the spot and n (number) or s (suit), like {place.en} (F-4)",
                   f"カード・場所・数かスートを書きます（例：{place.ja}）")
    if state.phase is Phase.BUILD:
        options = build_options(state)
        first = options[0]
        build = line(Build(first.card, first.legal[0] if first.legal else Where.HAND))
        return Msg(f"write each captured card and where it goes, like {build.en} (F-8, F-11)",
                   f"獲得したカードごとに置き場所を書きます（例：{build.ja}）")
    if state.phase is Phase.FINAL:
        parts = []
        hands = [p for p, h in enumerate(state.final_hands) if h is None]
        pairs = [p for p, c in enumerate(state.pairs) if c == UNDECIDED]
        if hands:
            hand, empty = line(FinalHand(hands[0], (unseen[0],) if unseen else ())), line(FinalHand(hands[0], ()))
            parts.append(Msg(f"each final hand, like {hand.en} or {empty.en}",
                             f"残り手札（例：{hand.ja}、{empty.ja}）"))
        if pairs:
            p = pairs[0]
            best = best_pair([len(c) for c in state.fortresses[p]])
            choice = line(ChoosePair(p, best)) if best is not None else None
            none = line(ChoosePair(p, None))
            like = Msg(f"{choice.en} or ", f"{choice.ja}、") if choice is not None else Msg("", "")
            parts.append(Msg(f"each face-down pair, like {like.en}{none.en} (F-13)",
                             f"裏向きペア（例：{like.ja}{none.ja}）"))
        return Msg("write ", "") + join(parts, "; and ", "と") + Msg("", "を書きます")
    return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")


def apply(state: State, action: Action) -> tuple[State, Msg]:
    """Validate ``action`` against ``state``; return the new state and the ruling.

    Raises :class:`Refusal` (and leaves ``state`` untouched) when the rules forbid it.
    """
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Build):
        return _build(state, action)
    if isinstance(action, FinalHand):
        return _final_hand(state, action)
    if isinstance(action, ChoosePair):
        return _choose_pair(state, action)
    if isinstance(action, Correct):
        return _correct(state, action)
    raise refuse(f"{action!r} is not a Six-Suit Fortress action", f"{action!r} は6スートの砦の手ではありません")


def _reveal(state: State, action: Reveal) -> tuple[State, Msg]:
    if state.phase is not Phase.REVEAL:
        raise _refuse_phase(state, "reveal")
    if action.cell not in CELLS:
        raise refuse(f"{action.cell!r} is not a cell: cells are {' '.join(CELLS)}",
                     f"「{action.cell}」はマスではありません。マスは {' '.join(CELLS)} です")
    held = state.grid[action.cell]
    if held is not None:
        empty = " ".join(c for c, v in state.grid.items() if v is None)
        raise refuse(f"cell {action.cell} already holds {held}; empty cells: "
                     f"{empty}",
                     f"{action.cell}にはすでに{state.setup.deck.label(held, 'ja')}があります。"
                     f"空きマスは {empty} です")
    _check_card(state, action.card)
    s = state._next()
    s.grid = {**state.grid, action.cell: action.card}
    s.places = {**state.places, action.card: action.cell}
    s.deck_count -= 1
    msg = Msg(f"{action.card} revealed at {action.cell}.",
              f"{action.cell}に{state.setup.deck.label(action.card, 'ja')}。")
    return s, msg + _after_reveal(s)


def _after_reveal(s: State) -> Msg:
    """Once the grid is full or the deck is out (F-9), the game starts or the turn ends."""
    if s.phase is not Phase.REVEAL or (s.grid_count() < GRID_SIZE and s.deck_count > 0):
        return Msg("", "")
    msg = Msg(" The deck is empty.", " 山札が尽きました。") if s.deck_count == 0 else Msg("", "")
    if not s.started:
        s.started = True
        s.turn = s.setup.start
        return msg + _begin_turn(s)
    return msg + _end_turn(s)


def _place(state: State, action: Place) -> tuple[State, Msg]:
    names = state.setup.players
    if state.phase is not Phase.PLACE:
        raise _refuse_phase(state, "place")
    p = action.player
    if p != state.turn:
        who = names[p] if 0 <= p < len(names) else str(p)
        raise refuse(f"it is {names[state.turn]}'s turn, not {who}'s (F-10)",
                     f"今は{names[state.turn]}の手番です（{who}ではありません）")
    _check_card(state, action.card, own=p)
    known = state.known_hands[p]
    if action.card not in known and state.hand_counts[p] <= len(known):
        cards = " ".join(map(str, sorted(known)))
        raise refuse(f"{action.card} cannot be in {names[p]}'s hand: every card of it is known ({cards}); "
                     f"place one of those",
                     f"{action.card}は{names[p]}の手札にありえません。手札はすべて分かっています（{cards}）。"
                     "その中から置いてください")
    if action.spot not in SPOTS:
        raise _not_a_spot(action.spot)
    a_cell, b_cell = _SPOT_CELLS[action.spot]
    a, b = state.grid[a_cell], state.grid[b_cell]
    if a is None:
        usable = " ".join(state.usable_spots())
        raise refuse(f"spot {action.spot} touches empty cell {a_cell} and cannot be used (F-7); usable "
                     f"spots: {usable}",
                     f"{action.spot}は空きマス{a_cell}に接するので使えません（F-7）。使える場所は {usable} です")
    count, why = resolve_capture(action.card, a, b, action.mode)
    captured = [action.card, a][:count]
    if count == 3 and b is not None:
        captured.append(b)
    s = state._next()
    s.hand_counts = list(state.hand_counts)
    s.hand_counts[p] -= 1
    if action.card in known:
        s.known_hands = list(state.known_hands)
        s.known_hands[p] = known - {action.card}
    if count >= 2:
        s.grid = dict(state.grid)
        s.grid[a_cell] = None
        if count == 3:
            s.grid[b_cell] = None
    s.places = dict(state.places)
    for card in captured:
        s.places[card] = PENDING
    s.pending = captured
    s.phase = Phase.BUILD
    mode = MODE_NAMES[action.mode]

    def label(card: Card) -> str:
        return state.setup.deck.label(card, "ja")

    msg = Msg(f"{names[p]} places {action.card} at {action.spot} as {mode.en}: "
              f"{why.en} ({', '.join(map(str, captured))}).",
              f"{names[p]}が{label(action.card)}を{_spot_ja(action.spot)}に{mode.ja}として置き、"
              f"{why.ja}（{'・'.join(map(label, captured))}）。")
    return s, msg


def _spot_ja(spot: str) -> str:
    """``A1N`` as the Japanese table writes it: ``A1上``."""
    return spot[:2] + _SIDE_JA[spot[2]] if spot in SPOTS else spot


def build_refusal(state: State, card: Card, where: Where) -> Msg | None:
    """Why ``card`` (captured this turn) cannot go ``where`` now (F-8, F-11), or None."""
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    return placement_problem(ranks, card.rank, where, state.setup.deck.ranks)


def _build(state: State, action: Build) -> tuple[State, Msg]:
    if state.phase is not Phase.BUILD:
        raise _refuse_phase(state, "build")
    player = state.turn
    name = state.setup.players[player]
    card = action.card
    if card not in state.pending:
        raise refuse(f"{card} was not captured this turn; still to build: "
                     f"{' '.join(map(str, state.pending))}",
                     f"{card}はこの手番の獲得カードではありません。未配置は "
                     f"{' '.join(map(str, state.pending))}")
    problem = build_refusal(state, card, action.where)
    if problem is not None:
        legal = [*placements([c[0].rank for c in state.fortresses[player]], card.rank, state.setup.deck.ranks),
                 Where.HAND]
        raise refuse(f"{problem.en} (F-11); {card} may go: "
                     f"{', '.join(w.value for w in legal)}",
                     f"{problem.ja}（F-11）。{card}の置き場所は "
                     f"{'・'.join(WHERE_NAMES[w].ja for w in legal)}")
    s = state._next()
    s.pending = [c for c in state.pending if c != card]
    s.places = dict(state.places)
    if action.where is Where.HAND:
        s.hand_counts = list(state.hand_counts)
        s.hand_counts[player] += 1
        s.known_hands = list(state.known_hands)
        s.known_hands[player] = state.known_hands[player] | {card}
        s.places[card] = ("H", player)
    else:
        s.fortresses = list(state.fortresses)
        s.fortresses[player] = _built(state.fortresses[player], card, action.where)
        s.places[card] = ("F", player)
    where = WHERE_NAMES[action.where]
    msg = Msg(f"{name}: {card} {where.en}.", f"{name}が{state.setup.deck.label(card, 'ja')}を{where.ja}。")
    if not s.pending:
        if s.grid_count() < GRID_SIZE and s.deck_count > 0:  # F-9
            s.phase = Phase.REVEAL
            msg += Msg(" Refill the grid from the deck (F-9).", " 山札から場札を補充します。")
        else:
            msg += _end_turn(s)
    return s, msg


def _names(names: Sequence[str]) -> Msg:
    return Msg(", ".join(names), "・".join(names))


def _end_turn(s: State) -> Msg:
    """After a turn's builds and refill: the end trigger (F-12), then the next player (F-10).

    The hands are looked at here, after building (F-12 [assumption]): a hand emptied by the
    placement but refilled with kept captures does not end the game."""
    msg = Msg("", "")
    names = s.setup.players
    if not s.triggered:
        empty = [names[p] for p, c in enumerate(s.hand_counts) if c == 0]
        if empty or s.deck_count == 0:
            s.triggered = True
            who = _names(empty)
            cause = (Msg(f"{who.en} {'has' if len(empty) == 1 else 'have'} no cards left",
                         f"{who.ja}の手札が尽きた")
                     if empty else Msg("the deck is empty", "山札が尽きた"))
            last = names[s.setup.last_seat]
            msg += Msg(f" The end is triggered ({cause.en}): play goes on until {last}, the last "
                       "seat, has played (F-12).",
                       f" 終了条件（{cause.ja}）。最後の席の{last}まで手番を行います。")
    if s.triggered and s.turn == s.setup.last_seat:
        s.phase = Phase.FINAL
        return msg + Msg(" The game is over: enter the final hands.",
                         " ゲーム終了です。残り手札を入力してください。")
    s.turn = (s.turn + 1) % len(names)
    return msg + _begin_turn(s)


def _begin_turn(s: State) -> Msg:
    """Find the next player who can play, skipping empty hands (F-10) and blocked ones (F-7)."""
    msg = Msg("", "")
    names = s.setup.players
    for _ in range(len(names) + 1):
        p = s.turn
        if s.hand_counts[p] > 0 and s.grid_count() > 0:  # every cell has spots: one card makes a spot usable
            s.phase = Phase.PLACE
            return msg + Msg(f" {names[p]} to play.", f" {names[p]}の手番。")
        reason = (Msg("no cards", "手札なし") if s.hand_counts[p] == 0
                  else Msg("no usable spot", "置ける場所なし"))
        msg += Msg(f" {names[p]} is skipped ({reason.en}).", f" {names[p]}は飛ばします（{reason.ja}）。")
        if s.triggered and p == s.setup.last_seat:
            break
        s.turn = (p + 1) % len(names)
    s.phase = Phase.FINAL
    return msg + Msg(" The game is over: enter the final hands.",
                     " ゲーム終了です。残り手札を入力してください。")


def _check_player(state: State, player: int, action: str) -> str:
    name = seat_name(state.setup.players, player)
    if state.phase is not Phase.FINAL:
        raise _refuse_phase(state, action)
    return name


def _final_hand(state: State, action: FinalHand) -> tuple[State, Msg]:
    name = _check_player(state, action.player, "score")
    p = action.player
    if state.final_hands[p] is not None:
        raise refuse(f"{name}'s final hand is already entered; undo it to change it",
                     f"{name}の残り手札は入力済みです。変えるには取り消してください")
    count = state.hand_counts[p]
    if len(action.cards) != count:
        entered = len(action.cards)
        raise refuse(f"{name} holds {plural(count, 'card', 'cards')}, but {entered} "
                     f"{'was' if entered == 1 else 'were'} entered",
                     f"{name}の手札は{count}枚ですが、{entered}枚入力されました")
    if len(set(action.cards)) != len(action.cards):
        raise refuse(f"{name}'s final hand names a card twice", f"{name}の残り手札に同じカードが2回あります")
    for card in action.cards:
        _check_card(state, card, own=p)
    missing = state.known_hands[p] - set(action.cards)
    if missing:
        cards = " ".join(map(str, sorted(missing)))
        them = "it" if len(missing) == 1 else "them"
        raise refuse(f"{name} took {cards} into the hand and has not played {them}; the final hand "
                     f"must include {them}",
                     f"{name}は{cards}を手札に入れ、まだ出していません。残り手札に含めてください")
    s = state._next()
    s.final_hands = list(state.final_hands)
    s.final_hands[p] = tuple(action.cards)
    s.known_hands = list(state.known_hands)
    s.known_hands[p] = set(action.cards)
    s.places = dict(state.places)
    for card in action.cards:
        s.places[card] = ("H", p)
    lows = penalty(action.cards)
    msg = Msg(f"{name}'s final hand: {' '.join(map(str, action.cards)) or '(none)'}; penalty "
              f"{sum(lows.values())}.",
              f"{name}の残り手札は{' '.join(map(str, action.cards)) or 'なし'}、失点{sum(lows.values())}。")
    return _maybe_over(s, msg)


def _choose_pair(state: State, action: ChoosePair) -> tuple[State, Msg]:
    name = _check_player(state, action.player, "score")
    p = action.player
    if state.pairs[p] != UNDECIDED:
        raise refuse(f"{name} has already decided on the face-down pair (F-13: once per player)",
                     f"{name}は裏向きペアを決定済みです（1人1回、F-13）")
    heights = [len(c) for c in state.fortresses[p]]
    if action.pair is not None:
        problem = pair_problem(heights, action.pair)
        if problem is not None:
            raise refuse(f"{name}'s face-down pair is not possible: {problem.en} (F-13)",
                         f"{name}の裏向きペアは作れません。{problem.ja}（F-13）")
    s = state._next()
    s.pairs = list(state.pairs)
    s.pairs[p] = action.pair
    if action.pair is None:
        msg = Msg(f"{name} declines the face-down pair.", f"{name}は裏向きペアを使いません。")
    else:
        source, target = action.pair.source + 1, action.pair.target + 1  # players count from 1
        msg = Msg(f"{name} lays a face-down pair from column {source} onto column {target}.",
                  f"{name}は{source}列目から{target}列目へ裏向きペア。")
    return _maybe_over(s, msg)


def _correct(state: State, action: Correct) -> tuple[State, Msg]:
    """A hand count corrected (a misdeal, a dropped card): the difference comes from or goes back
    to the deck; a count below the cards the engine knows to be in the hand is refused."""
    p, count = action.player, action.count
    name = seat_name(state.setup.players, p)
    if state.phase is Phase.OVER or state.final_hands[p] is not None:
        raise refuse(f"{name}'s final hand is entered, so the hand count can no longer be corrected; undo the "
                     "final hand first",
                     f"{name}の残り手札は入力済みなので、枚数は訂正できません。先に残り手札を取り消してください")
    if not action.reason:
        raise refuse("say why the hand count is corrected (a misdeal, a dropped card …)",
                     "訂正の理由を書いてください（配り間違い、落としたカードなど）")
    known = state.known_hands[p]
    old = state.hand_counts[p]
    if count < len(known):
        cards = " ".join(map(str, sorted(known)))
        raise refuse(f"{name} holds at least {plural(len(known), 'card', 'cards')} the engine has seen go into the "
                     f"hand ({cards}); the count cannot be {count}",
                     f"{name}の手札には少なくとも{len(known)}枚（{cards}）あることが分かっています。"
                     f"{count}枚にはできません")
    if count == old:
        raise refuse(f"{name} already holds {plural(count, 'card', 'cards')}; nothing to correct",
                     f"{name}の手札はすでに{count}枚です。訂正することはありません")
    if count - old > state.deck_count:
        most = old + state.deck_count
        raise refuse(f"the deck holds only {plural(state.deck_count, 'card', 'cards')}, so {name}'s hand can be "
                     f"corrected to at most {most}",
                     f"山札は{state.deck_count}枚しかないので、{name}の手札は最大{most}枚までしか訂正できません")
    s = state._next()
    s.hand_counts = list(state.hand_counts)
    s.hand_counts[p] = count
    s.deck_count = state.deck_count - (count - old)
    msg = Msg(f"{name}'s hand count corrected from {old} to {count} ({action.reason}); the deck now holds "
              f"{plural(s.deck_count, 'card', 'cards')}.",
              f"{name}の手札を{old}枚から{count}枚に訂正（{action.reason}）。山札は{s.deck_count}枚。")
    if s.phase is Phase.REVEAL:
        msg += _after_reveal(s)
    elif s.phase is Phase.PLACE and p == s.turn and count == 0:
        msg += Msg(f" {name} has no cards left to place: the turn passes.",
                   f" {name}は置くカードがないので手番を終えます。") + _end_turn(s)
    return s, msg


def _maybe_over(s: State, msg: Msg) -> tuple[State, Msg]:
    if all(h is not None for h in s.final_hands) and UNDECIDED not in s.pairs:
        s.phase = Phase.OVER
        totals = [x.score for x in scores(s)]
        msg += Msg(" Final scores are in. ", " 勝利点確定。") + winner_words(
            s.setup.players, winners(totals), max(totals), "F-14")
    return s, msg


def scores(state: State) -> list[Score]:
    """Each player's F-14 score: the chosen pair (or, undecided, the best one) and final hand."""
    out = []
    for p, fortress in enumerate(state.fortresses):
        choice = state.pairs[p]
        pair = best_pair([len(c) for c in fortress]) if choice == UNDECIDED else choice
        assert not isinstance(pair, str)
        hand = state.final_hands[p]
        out.append(score(fortress, hand if hand is not None else sorted(state.known_hands[p]),
                         pair))
    return out


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    """Replay: the state after every action in order (each must be legal)."""
    return replay(new_state(setup), actions, apply)


def finished(state: State) -> bool:
    """Every final hand and face-down pair is in: the game can be settled."""
    return state.phase is Phase.OVER


def settle_input(state: State) -> dict[str, Any]:
    """The ``companion settle`` document for a finished game: each fortress, final hand, and the
    face-down pair the player chose (``"pair"``: ``{"from", "to"}`` or null when declined)."""
    if not finished(state):
        raise Refusal(Msg("the game is not finished, so it cannot be settled yet: ",
                          "ゲームが終わっていないので、まだ得点計算はできません。") + state.waiting_for())
    players = []
    for p, name in enumerate(state.setup.players):
        pair = state.pairs[p]
        assert not isinstance(pair, str)
        players.append({"name": name, "fortress": [[str(c) for c in col] for col in state.fortresses[p]],
                        "hand": [str(c) for c in state.final_hands[p] or ()],
                        "pair": None if pair is None else {"from": pair.source, "to": pair.target}})
    return {"game": GAME, "players": players}


# --------------------------------------------------------------------------- records

ACTIONS = (Reveal, Place, Build, FinalHand, ChoosePair, Correct)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action


# --------------------------------------------------------------------------- what is allowed now


@dataclass(frozen=True)
class Capture:
    """What placing a card at ``spot`` declaring ``mode`` would capture (F-5, F-6, F-7)."""

    spot: str
    mode: Mode
    cards: tuple[Card, ...]
    why: Msg


def captures(state: State, card: Card) -> list[Capture]:
    """For ``card``, the capture at every usable spot by number and by suit, spot by spot."""
    out = []
    for spot in state.usable_spots():
        a_cell, b_cell = _SPOT_CELLS[spot]
        a, b = state.grid[a_cell], state.grid[b_cell]
        assert a is not None
        for mode in (Mode.NUMBER, Mode.SUIT):
            count, why = resolve_capture(card, a, b, mode)
            taken = (card, a, b) if count == 3 and b is not None else (card, a)[:count]
            out.append(Capture(spot, mode, taken, why))
    return out


@dataclass(frozen=True)
class BuildOptions:
    """Where one captured card may go now, and why each other place is refused (F-8, F-11)."""

    card: Card
    legal: tuple[Where, ...]
    refused: tuple[tuple[Where, Msg], ...]


def build_options(state: State) -> list[BuildOptions]:
    """In the build step, for each captured card still to build, every legal place and the reason
    for each refused one (the hand is always legal, F-8)."""
    if state.phase is not Phase.BUILD:
        return []
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    top = state.setup.deck.ranks
    out = []
    for card in state.pending:
        legal, refused = [], []
        for where in Where:
            problem = placement_problem(ranks, card.rank, where, top)
            if problem is None:
                legal.append(where)
            else:
                refused.append((where, problem))
        out.append(BuildOptions(card, tuple(legal), tuple(refused)))
    return out


@dataclass(frozen=True)
class Allowed:
    """What the table may do now, from the state alone (no hidden hand needed).

    ``player`` is whose turn it is (place and build steps); ``spots`` the usable spots (place
    step); ``known_hand`` the cards the engine knows ``player`` holds and ``any_card`` whether they
    may also place a card the engine has not seen; ``builds`` the build step's options; ``cells``
    and ``unseen`` the reveal step's empty cells and the cards not yet seen; ``final_hands`` and
    ``pairs`` the players still to enter a final hand or decide a face-down pair, with ``best_pairs``
    the best pair for each player (F-13)."""

    phase: Phase
    player: int | None
    spots: tuple[str, ...]
    known_hand: tuple[Card, ...]
    any_card: bool
    builds: tuple[BuildOptions, ...]
    cells: tuple[str, ...]
    unseen: tuple[Card, ...]
    final_hands: tuple[int, ...]
    pairs: tuple[int, ...]
    best_pairs: tuple[Pair | None, ...]
    names: tuple[str, ...]

    def to_data(self) -> dict[str, Any]:
        def pair(p: Pair | None) -> dict[str, int] | None:
            return None if p is None else {"from": p.source, "to": p.target}

        return {
            "phase": self.phase.value, "player": self.player, "spots": list(self.spots),
            "known_hand": [str(c) for c in self.known_hand], "any_card": self.any_card,
            "builds": [{"card": str(b.card), "legal": [w.value for w in b.legal],
                        "refused": [{"where": w.value, "why": {"en": m.en, "ja": m.ja}} for w, m in b.refused]}
                       for b in self.builds],
            "cells": list(self.cells), "unseen": [str(c) for c in self.unseen],
            "final_hands": list(self.final_hands), "pairs": list(self.pairs),
            "best_pairs": [pair(p) for p in self.best_pairs],
        }

    def describe(self) -> Msg:
        lines: list[Msg] = []
        who = self.names[self.player] if self.player is not None else ""
        if self.phase is Phase.REVEAL:
            lines.append(Msg(f"Reveal deck cards into {' '.join(self.cells)}; "
                             f"{plural(len(self.unseen), 'card is', 'cards are')} still unseen.",
                             f"{' '.join(self.cells)} に山札からカードを出します。"
                             f"未確認のカードは{len(self.unseen)}枚。"))
        elif self.phase is Phase.PLACE:
            hand = " ".join(map(str, self.known_hand))
            cards = (Msg(f"any card in the hand{f' (known: {hand})' if hand else ''}",
                         f"手札のカード{f'（分かっているものは {hand}）' if hand else ''}")
                     if self.any_card else Msg(f"one of {hand}", f"{hand} のどれか"))
            lines.append(Msg(f"{who} places {cards.en} at a usable spot: {' '.join(self.spots)}; "
                             "declare number or suit.",
                             f"{who}が{cards.ja}を使える場所（{' '.join(self.spots)}）に置き、"
                             "数字かスートを宣言します。"))
        elif self.phase is Phase.BUILD:
            for b in self.builds:
                legal = ", ".join(w.value for w in b.legal)
                legal_ja = "・".join(WHERE_NAMES[w].ja for w in b.legal)
                lines.append(Msg(f"{who} builds {b.card}: {legal}.", f"{who}の{b.card}は{legal_ja}。"))
        elif self.phase is Phase.FINAL:
            if self.final_hands:
                names = _names([self.names[p] for p in self.final_hands])
                lines.append(Msg(f"Final hands still to enter: {names.en}.", f"残り手札の入力待ちは{names.ja}。"))
            for p in self.pairs:
                best = self.best_pairs[p]
                tip = (Msg("no pair helps", "裏向きペアで得点は増えません") if best is None
                       else Msg(f"best: pair {best.source + 1} {best.target + 1}",
                                f"最善は「ペア {best.source + 1} {best.target + 1}」"))
                lines.append(Msg(f"{self.names[p]} decides on the face-down pair ({tip.en}).",
                                 f"{self.names[p]}は裏向きペアを決めます（{tip.ja}）。"))
        else:
            lines.append(Msg("Nothing: the game is over and scored.", "ゲームは終了し、勝利点は確定しています。"))
        return join(lines, "\n", "\n")


def allowed(state: State) -> Allowed:
    """What is allowed now (see :class:`Allowed`)."""
    phase = state.phase
    player = state.turn if phase in (Phase.PLACE, Phase.BUILD) else None
    known = tuple(sorted(state.known_hands[player])) if player is not None else ()
    any_card = player is not None and state.hand_counts[player] > len(known)
    final = tuple(p for p, h in enumerate(state.final_hands) if h is None) if phase is Phase.FINAL else ()
    pairs = tuple(p for p, c in enumerate(state.pairs) if c == UNDECIDED) if phase is Phase.FINAL else ()
    best = tuple(best_pair([len(c) for c in f]) for f in state.fortresses) if phase is Phase.FINAL else ()
    return Allowed(
        phase, player,
        tuple(state.usable_spots()) if phase is Phase.PLACE else (),
        known if phase is Phase.PLACE else (), any_card and phase is Phase.PLACE,
        tuple(build_options(state)),
        tuple(c for c, v in state.grid.items() if v is None) if phase is Phase.REVEAL else (),
        tuple(state.unseen()), final, pairs, best, state.setup.players,
    )


def describe(state: State) -> Msg:
    """The state in words: whose turn, the grid, the deck, each player's hand and fortress, and the
    score so far (F-14 with the best pair where none is chosen yet)."""
    names = state.setup.players
    g = {c: str(v) if v is not None else "--" for c, v in state.grid.items()}
    lines = [
        Msg("Now: ", "現在：") + state.waiting_for() + Msg(".", "。"),
        Msg(f"Grid A: {g['A1']} {g['A2']} / {g['A3']} {g['A4']}   B: {g['B1']} {g['B2']} / {g['B3']} {g['B4']}; "
            f"deck {plural(state.deck_count, 'card', 'cards')}"
            f"{'; the end is triggered (F-12)' if state.triggered else ''}.",
            f"場札A {g['A1']} {g['A2']} / {g['A3']} {g['A4']}、B {g['B1']} {g['B2']} / {g['B3']} {g['B4']}。"
            f"山札{state.deck_count}枚{'。終了条件成立（F-12）' if state.triggered else ''}。"),
    ]
    if state.pending:
        cards = " ".join(map(str, state.pending))
        lines.append(Msg(f"Captured, to build: {cards}.", f"配置待ちの獲得カードは{cards}。"))
    for p, (name, result) in enumerate(zip(names, scores(state), strict=True)):
        fort = " | ".join(" ".join(map(str, col)) for col in state.fortresses[p]) or "-"
        known = " ".join(map(str, sorted(state.known_hands[p])))
        count = state.hand_counts[p]
        hand = Msg(f"hand {plural(count, 'card', 'cards')}{f' (known: {known})' if known else ''}",
                   f"手札{count}枚{f'（分かっているものは{known}）' if known else ''}")
        label = Msg("score", "勝利点") if state.phase is Phase.OVER else Msg("score so far", "現在の勝利点")
        lines.append(Msg(f"{name}: {hand.en}; fortress {fort}; {label.en} {result.score}.",
                         f"{name}は{hand.ja}、砦 {fort}、{label.ja}{result.score}。"))
    if state.phase is Phase.OVER:
        totals = [x.score for x in scores(state)]
        lines.append(winner_words(names, winners(totals), max(totals), "F-14"))
    return join(lines, "\n", "\n")


# --------------------------------------------------------------------------- table notation (docs/notation.md)

NOTATION = Msg(
    "placement: CARD SPOT n|s (R7 A1N n; the player on turn may be named first: Aki R7 A1N n); "
    "build: CARD left|right|on-left|on-right|hand (R7 right); "
    "reveal: CELL CARD (A1 R7); final hand: hand NAME CARDS… (hand Aki R3 R10, hand Aki none); "
    "face-down pair: pair NAME FROM TO, columns counted from 1 at the left (pair Aki 1 3, pair Aki none); "
    "correction: correct NAME COUNT REASON (correct Aki 5 dropped a card)",
    "置く：カード 場所 数|スート（赤7 A1上 数。手番の人の名前を前に書いてもよい：Aki 赤7 A1上 数）　"
    "配置：カード 左|右|左端|右端|手札（赤7 右）　"
    "公開：マス カード（A1 赤7）　残り手札：手札 名前 カード…（手札 Aki 赤3 赤10、手札 Aki なし）　"
    "裏向きペア：ペア 名前 元 先、列は左端を 1 と数える（ペア Aki 1 3、ペア Aki なし）　"
    "訂正：訂正 名前 枚数 理由（訂正 Aki 5 カードを落とした）",
)

_HAND_WORDS = {"hand", "手札", "final"}
_PAIR_WORDS = {"pair", "ペア"}
_CORRECT_WORDS = {"correct", "訂正"}
_NONE_WORDS = {"none", "no", "-", "なし"}
_WHERE_JA = {Where.LEFT: "左", Where.RIGHT: "右", Where.ON_LEFT: "左端", Where.ON_RIGHT: "右端", Where.HAND: "手札"}
_MODE_SHORT = {Mode.NUMBER: Msg("n", "数"), Mode.SUIT: Msg("s", "スート")}
_SIDE_JA = {side: word for word, side in _SIDE_WORDS.items()}


# the one form that fits a refused line: by its first word, else by what the game waits for (the whole
# notation is in the help and docs/notation.md)
FORMS = {
    "reveal": Msg("write CELL CARD, like A1 R7", "書き方：マス カード（例：A1 赤7）"),
    "place": Msg("write CARD SPOT n|s, like R7 A1N n", "書き方：カード 場所 数｜スート（例：赤7 A1上 数）"),
    "build": Msg("write CARD PLACE, like R7 right", "書き方：カード 置き場所（例：赤7 右）"),
    "hand": Msg("write hand NAME CARDS…, like hand Aki R3 or hand Aki none",
                "書き方：手札 名前 カード…（例：手札 Aki 赤3、手札 Aki なし）"),
    "pair": Msg("write pair NAME FROM TO (columns from 1 at the left) or pair NAME none",
                "書き方：ペア 名前 元 先（列は左端が1。例：ペア Aki 1 3、ペア Aki なし）"),
    "correct": Msg("write correct NAME COUNT REASON, like correct Aki 5 dropped a card",
                   "書き方：訂正 名前 枚数 理由（例：訂正 Aki 5 カードを落とした）"),
}
_PHASE_FORMS = {Phase.REVEAL: "reveal", Phase.PLACE: "place", Phase.BUILD: "build", Phase.FINAL: "hand"}


def _form(state: State, text: str) -> str | None:
    word = text.partition(" ")[0].casefold()
    for kind, words in (("hand", _HAND_WORDS), ("pair", _PAIR_WORDS), ("correct", _CORRECT_WORDS)):
        if word in words:
            return kind
    if state.phase is Phase.FINAL and all(h is not None for h in state.final_hands):
        return "pair"
    return _PHASE_FORMS.get(state.phase)


def _line_refusal(state: State, text: str, part: Refusal) -> Refusal:
    """The refusal of the wrong part, followed by the one form that fits (issue 18: a refusal is the
    reason and the line to type instead, never the whole notation)."""
    if isinstance(part, Complete):
        return part
    kind = _form(state, text)
    if kind is None:
        return part
    return Refusal((part.short if isinstance(part, NotACard) else part.msg) + Msg("; ", "。") + FORMS[kind])


def _parse_player(state: State, text: str) -> tuple[int, str]:
    """The player named at the start of ``text`` (longest name first, exact case before any case;
    a seat number also works) and the rest of the text."""
    keys = sorted(((" ".join(normalize_token(name).split()), seat) for seat, name in enumerate(state.setup.players)),
                  key=lambda item: -len(item[0]))
    for exact in (True, False):
        for key, seat in keys:
            head = text[:len(key)]
            if ((head == key if exact else head.casefold() == key.casefold())
                    and (len(text) == len(key) or text[len(key)] == " ")):
                return seat, text[len(key):].strip()
    head, _, rest = text.partition(" ")
    n = len(state.setup.players)
    if head.isdigit() and int(head) < n:
        return int(head), rest.strip()
    raise refuse(f"{head!r} is not a player ({', '.join(state.setup.players)}, or a seat 0 to {n - 1})",
                 f"「{head}」はプレイヤーではありません（{'・'.join(state.setup.players)}、または席0〜{n - 1}）")


def _parse_count(token: str, what: Msg) -> int:
    if not token.isdigit():
        raise refuse(f"{token!r} is not {what.en}: write a whole number 0 or more",
                     f"「{token}」は{what.ja}ではありません。0以上の整数で書いてください")
    return int(token)


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) read as an action, English or Japanese words.

    A line that cannot be read is refused naming the wrong part and the forms allowed; whether
    the action is legal now is :func:`apply`'s business."""
    try:
        return _parse(state, line)
    except Refusal as error:
        raise _line_refusal(state, " ".join(normalize_token(line).split()), error) from None


def _parse(state: State, line: str) -> Action:
    text = " ".join(normalize_token(line).split())
    if not text:
        raise refuse("the line is empty", "行が空です")
    head, _, rest = text.partition(" ")
    word = head.casefold()
    deck = state.setup.deck
    if word in _HAND_WORDS:
        player, cards_text = _parse_player(state, rest)
        tokens = cards_text.split()
        if len(tokens) == 1 and tokens[0].casefold() in _NONE_WORDS:
            tokens = []
        return FinalHand(player, tuple(deck.parse(t) for t in tokens))
    if word in _PAIR_WORDS:
        player, pair_text = _parse_player(state, rest)
        tokens = pair_text.split()
        if len(tokens) == 1 and tokens[0].casefold() in _NONE_WORDS:
            return ChoosePair(player, None)
        if len(tokens) != 2:
            raise refuse(f"a face-down pair names two columns, from and to (counted from 1 at the left), or none; "
                         f"got {pair_text!r}",
                         f"裏向きペアは取る列と置く列の番号（左端が1）か「なし」で書きます（「{pair_text}」は不可）")
        column = Msg("a column number", "列番号")
        ends = [_parse_count(t, column) for t in tokens]
        if 0 in ends:
            raise refuse("columns are counted from 1 at the left",
                         "列は左端を1として数えます")
        return ChoosePair(player, Pair(ends[0] - 1, ends[1] - 1))
    if word in _CORRECT_WORDS:
        player, count_text = _parse_player(state, rest)
        count_token, _, reason = count_text.partition(" ")
        count = _parse_count(count_token, Msg("a hand count", "手札の枚数"))
        if not reason.strip():
            raise refuse("a correction needs its reason after the count", "訂正には枚数の後に理由が必要です")
        return Correct(player, count, reason)
    try:
        return _parse_move(state, text)
    except Refusal as error:
        try:
            seat, rest = _parse_player(state, text)
            action = _parse_move(state, rest)
        except Refusal:
            if not _is_card(state, head) and head.upper() not in CELLS:
                _suggest(text.split(), 0, _HAND_WORDS | _PAIR_WORDS | _CORRECT_WORDS)
            raise error from None
        return _named_move(state, seat, action)


def _named_move(state: State, seat: int, action: Action) -> Action:
    """``NAME R7 A1N n``, ``NAME R7 right``: accepted for the player on turn (F-4), refused naming
    whose turn it is otherwise; a reveal is the table's, never a player's."""
    names = state.setup.players
    name = names[seat]
    if isinstance(action, Reveal) or state.phase not in (Phase.PLACE, Phase.BUILD):
        raise Refusal(Msg(f"{name} cannot play now: ", f"今は{name}の手番ではありません。") + state.waiting_for()
                      + Msg("; ", "。") + expected(state))
    if seat != state.turn:
        turn = names[state.turn]
        raise Refusal(Msg(f"it is {turn}'s turn, not {name}'s (F-4): ", f"今は{turn}の番です（{name}ではありません）。")
                      + expected(state))
    return action


def _is_card(state: State, token: str) -> bool:
    try:
        state.setup.deck.parse(token)
    except Refusal:
        return False
    return True


def _parse_move(state: State, text: str) -> Action:
    """A placement, a build or a reveal (no player named)."""
    deck = state.setup.deck
    tokens = text.split()
    if len(tokens) > 3 or (len(tokens) == 3 and not _is_card(state, tokens[0])
                           and (tokens[0].upper() in CELLS or _is_card(state, tokens[1]))):
        raise refuse(f"the line has too many words ({len(tokens)})", f"語が多すぎます（{len(tokens)}語）")
    if len(tokens) == 3 and tokens[1].casefold() in _WHERE_WORDS:
        raise refuse(f"the line has too many words: a build is CARD PLACE, like {tokens[0]} {tokens[1]}; "
                     f"{tokens[2]!r} is extra",
                     f"語が多すぎます。配置は「カード 置き場所」（例：{tokens[0]} {tokens[1]}）で、"
                     f"「{tokens[2]}」は余分です")
    if len(tokens) == 3:
        card, spot = deck.parse(tokens[0]), parse_spot(tokens[1])
        if normalize_token(tokens[2]).lower() not in _MODE_WORDS:
            _suggest(tokens, 2, _MODE_WORDS)
        return Place(state.turn, card, spot, parse_mode(tokens[2]))
    if len(tokens) == 1 and state.phase is Phase.BUILD and _is_card(state, tokens[0]):
        raise _where_it_may_go(state, deck.parse(tokens[0]))
    if len(tokens) == 2:
        first, second = tokens
        if second.casefold() not in _WHERE_WORDS and _is_card(state, first) and not _is_card(state, second) \
                and normalize_token(second).upper() not in SPOTS:
            _suggest(tokens, 1, _WHERE_WORDS)
        if second.casefold() in _WHERE_WORDS:
            return Build(deck.parse(first), parse_where(second))
        if first.upper() in CELLS:
            return Reveal(first.upper(), deck.parse(second))
        if state.phase is Phase.REVEAL:
            raise refuse(f"{first!r} is not a cell (cells are A1–A4 and B1–B4)",
                         f"「{first}」はマスではありません（マスはA1〜A4とB1〜B4）")
        deck.parse(first)
        if normalize_token(second).upper() in SPOTS or any(w in second for w in _SIDE_WORDS):
            raise Complete(Msg(f"a placement needs its declaration after the spot: write {text} n or {text} s",
                               f"置くときは場所の後に数かスートが必要です。書き方：{text} 数、{text} スート"))
        parse_where(second)
    raise refuse(f"{text!r} is not a line this game reads", f"「{text}」はこのゲームの書き方ではありません")


def _suggest(tokens: list[str], index: int, words: Iterable[str]) -> None:
    """Refuse a mistyped word with the line it most likely meant: ``P12 hnad`` → did you mean ``P12 hand``?"""
    close = did_you_mean(normalize_token(tokens[index]), words)
    if close is not None:
        meant = " ".join([*tokens[:index], close, *tokens[index + 1:]])
        raise Complete(Msg(f"{tokens[index]!r} is not a word of this line: did you mean {meant}?",
                           f"「{tokens[index]}」は読めません。「{meant}」の誤りですか？"))


def _where_it_may_go(state: State, card: Card) -> Refusal:
    """A bare card during a build: the places it may go now (F-8, F-11), and a line to type."""
    if card not in state.pending:
        return refuse(f"{card} was not captured this turn; still to build: {' '.join(map(str, state.pending))}",
                      f"{card}はこの手番の獲得カードではありません。未配置は {' '.join(map(str, state.pending))}")
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    legal = [*placements(ranks, card.rank, state.setup.deck.ranks), Where.HAND]
    ja = state.setup.deck.label(card, "ja")
    return Complete(Msg(f"{card} may go {', '.join(w.value for w in legal)} (F-11): write {card} {legal[0].value}",
                        f"{ja}の置き場所は{'・'.join(_WHERE_JA[w] for w in legal)}です（F-11）。"
                        f"書き方：{ja} {_WHERE_JA[legal[0]]}"))


def action_line(state: State, action: Action, lang: Lang = "en") -> str:
    """The notation line for ``action`` played on ``state``: ``parse_line`` reads it back to ``action``."""
    ja = lang == "ja"
    deck = state.setup.deck

    def card(c: Card) -> str:
        return deck.label(c, lang)

    if isinstance(action, Place):
        spot = action.spot[:2] + _SIDE_JA[action.spot[2]] if ja and action.spot in SPOTS else action.spot
        return f"{card(action.card)} {spot} {_MODE_SHORT[action.mode].text(lang)}"
    if isinstance(action, Build):
        return f"{card(action.card)} {_WHERE_JA[action.where] if ja else action.where.value}"
    if isinstance(action, Reveal):
        return f"{action.cell} {card(action.card)}"
    name = seat_name(state.setup.players, action.player)
    line = _player_line(action, name, deck, lang)
    try:  # a name that starts like another ("Aki" and "Aki 5") may read back as the other: then the seat
        if _parse(state, line) == action:
            return line
    except Refusal:
        pass
    return _player_line(action, str(action.player), deck, lang)


def _player_line(action: FinalHand | ChoosePair | Correct, name: str, deck: Deck, lang: Lang) -> str:
    ja = lang == "ja"
    if isinstance(action, FinalHand):
        cards = " ".join(deck.label(c, lang) for c in action.cards) or ("なし" if ja else "none")
        return f"{'手札' if ja else 'hand'} {name} {cards}"
    if isinstance(action, ChoosePair):
        pair = (("なし" if ja else "none") if action.pair is None
                else f"{action.pair.source + 1} {action.pair.target + 1}")  # columns counted from 1
        return f"{'ペア' if ja else 'pair'} {name} {pair}"
    return f"{'訂正' if ja else 'correct'} {name} {action.count} {action.reason}"

"""Six-Suit Fortress (6スートの砦): rules F-1 to F-14 of ``shared/rules/RULES.md``.

A game is a :class:`Setup` plus an append-only list of actions; :func:`fold` turns the
list into a :class:`State`. :func:`apply` validates one action and either returns the
new state with a ruling a player can read, or raises :class:`Refusal` saying why.
The engine never sees a hand: the table tells it what was played, and it keeps count.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules import records
from companion.rules.common import (
    Msg,
    Refusal,
    check_players,
    copy_state,
    join,
    normalize_token,
    refuse,
    replay,
    seat_name,
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
                "試作スート: R 赤・Y 黄・G 緑・B 青・P 紫・K 黒。")),
    ("F-7", Msg("Once the deck is empty, grid cells may stay empty. A spot next to an empty "
                "cell cannot be used; if the cell behind is empty, only 2 or 1 can be "
                "captured. A player with cards but no usable spot is skipped.",
                "山札が尽きたら場札の空きは埋まりません。空きマスに接する場所には置けず、"
                "奥のマスが空なら獲得は2枚か1枚まで。置ける場所がない人は手番を飛ばします。")),
    ("F-13", Msg("The face-down pair is used at most once per player; a column emptied by "
                 "it no longer counts.",
                 "裏向きペアは1人1回まで。これで空になった列は数えません。")),
    ("F-14", Msg("Players tied for the highest score share the win.",
                 "最高点が同点なら勝利を分け合います。")),
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

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}"


@dataclass(frozen=True)
class Deck:
    """The six-suit deck, as a deck file defines it (F-1)."""

    name: Msg
    ranks: int
    suits: tuple[Suit, ...]

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

    def cards(self) -> list[Card]:
        return [Card(s.code, r) for s in self.suits for r in range(1, self.ranks + 1)]

    def suit(self, code: str) -> Suit:
        for s in self.suits:
            if s.code == code:
                return s
        raise KeyError(code)

    def contains(self, card: Card) -> bool:
        return any(s.code == card.suit for s in self.suits) and 1 <= card.rank <= self.ranks

    def label(self, card: Card, lang: str = "en") -> str:
        return f"{self.suit(card.suit).ja}{card.rank}" if lang == "ja" else str(card)

    def forms(self) -> Msg:
        letters = " ".join(s.code for s in self.suits)
        names = " ".join(s.ja for s in self.suits)
        s0 = self.suits[0]
        return Msg(
            f"write a suit letter ({letters}) or name ({names}) and a rank 1–{self.ranks}, "
            f"e.g. {s0.code}7, {s0.code.lower()}{self.ranks}, {s0.ja}7",
            f"スート記号（{letters}）か名前（{names}）と数字 1〜{self.ranks} で書きます。"
            f"例: {s0.code}7、{s0.code.lower()}{self.ranks}、{s0.ja}7",
        )

    def parse(self, token: str) -> Card:
        """``R7``, ``r7``, ``K13``, ``赤7`` (F-1); anything else is refused naming the token."""
        text = normalize_token(token)
        for s in self.suits:
            for prefix in (s.ja, s.code, s.code.lower()):
                if text.startswith(prefix) and text[len(prefix):].isdigit():
                    rank = int(text[len(prefix):])
                    if 1 <= rank <= self.ranks:
                        return Card(s.code, rank)
        forms = self.forms()
        raise Refusal(Msg(f"{token!r} is not a card: ", f"{token!r} はカードではありません。")
                      + forms)


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
        f"{token!r} is not a spot: a spot is a cell (A1–A4, B1–B4; 1 2 over 3 4) and one of "
        f"its outer sides N S W E, e.g. A1N, B4E; the 16 spots are {' '.join(SPOTS)}",
        f"{token!r} は置き場所ではありません。マス（A1〜A4・B1〜B4、上段1 2・下段3 4）と外側の辺 "
        f"N S W E（上下左右）で書きます。例: A1N、B4右",
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
        raise refuse(f"{token!r} is not a declaration: declare number (n) or suit (s)",
                     f"{token!r} は宣言ではありません。数字（n）かスート（s）を宣言してください")
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


WHERE_NAMES = {Where.LEFT: Msg("a new column on the left", "左に新しい列"),
               Where.RIGHT: Msg("a new column on the right", "右に新しい列"),
               Where.ON_LEFT: Msg("onto the left-end column", "左端の列に重ねる"),
               Where.ON_RIGHT: Msg("onto the right-end column", "右端の列に重ねる"),
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
            f"{token!r} は砦の置き場所ではありません。left・right・on-left・on-right・hand "
            "（左・右・左端・右端・手札）のどれかです",
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
                   "砦は空です。最初のカードは新しい列になります")
    left, right = ranks[0], ranks[-1]
    if where is Where.ON_RIGHT or where is Where.ON_LEFT:
        end = right if where is Where.ON_RIGHT else left
        side = Msg("right", "右") if where is Where.ON_RIGHT else Msg("left", "左")
        if rank == end:
            return None
        return Msg(f"{rank} cannot go onto the {side.en}-end column: it holds {end}s, and a "
                   "column holds one rank",
                   f"{rank} は{side.ja}端の列に重ねられません。その列は {end} で、列は同じ数字だけです")
    if where is Where.RIGHT:
        if (rank - right) % top in STEPS:
            return None
        allowed = [(right - 1 + s) % top + 1 for s in STEPS]
        return Msg(f"{rank} cannot start a column right of {right}: only "
                   f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
                   f"{rank} は {right} の右に置けません。置けるのは "
                   f"{'・'.join(map(str, allowed))} だけです（±3、13 と 1 は隣接）")
    if (left - rank) % top in STEPS:
        return None
    allowed = [(left - 1 - s) % top + 1 for s in STEPS]
    return Msg(f"{rank} cannot start a column left of {left}: only "
               f"{', '.join(map(str, allowed))} can (±3 rule, 13 and 1 adjacent)",
               f"{rank} は {left} の左に置けません。置けるのは "
               f"{'・'.join(map(str, allowed))} だけです（±3、13 と 1 は隣接）")


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


def row_problem(columns: Sequence[Sequence[Card]], top: int = 13) -> Msg | None:
    """Why a finished fortress could not have been built under F-11, or None."""
    for i, column in enumerate(columns):
        if not column:
            return Msg(f"column {i} is empty", f"{i} 列目が空です")
        ranks = {c.rank for c in column}
        if len(ranks) > 1:
            return Msg(f"column {i} mixes ranks {', '.join(map(str, sorted(ranks)))}; a column "
                       "holds one rank",
                       f"{i} 列目に違う数字（{'・'.join(map(str, sorted(ranks)))}）が混ざっています")
    for i in range(1, len(columns)):
        a, b = columns[i - 1][0].rank, columns[i][0].rank
        if (b - a) % top not in STEPS:
            return Msg(f"column {i} ({b}) cannot stand right of column {i - 1} ({a}): a new "
                       "column is 1 to 3 ranks higher, 13 wrapping to 1 (F-11)",
                       f"{i} 列目（{b}）は {i - 1} 列目（{a}）の右に置けません。右の列は 1〜3 大きい"
                       "数字です（13 の次は 1）")
    return None


# --------------------------------------------------------------------------- scoring (F-13, F-14)


@dataclass(frozen=True)
class Pair:
    """F-13: two cards taken from column ``source``, laid face down as one card on ``target``."""

    source: int
    target: int


def pair_problem(heights: Sequence[int], pair: Pair) -> Msg | None:
    n = len(heights)
    if not 0 <= pair.source < n or not 0 <= pair.target < n:
        return Msg(f"columns are numbered 0 to {n - 1}", f"列番号は 0〜{n - 1} です")
    if heights[pair.source] < 2:
        return Msg(f"column {pair.source} holds {heights[pair.source]} card(s); the pair comes "
                   "from a column of 2 or more",
                   f"{pair.source} 列目は {heights[pair.source]} 枚です。ペアは2枚以上の列から取ります")
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
    """The face-down pair giving the most points, found exhaustively; ties prefer no pair."""
    best, best_points = None, points(heights)[2]
    for source, target in itertools.product(range(len(heights)), repeat=2):
        pair = Pair(source, target)
        if pair_problem(heights, pair) is None:
            value = points(heights_after(heights, pair))[2]
            if value > best_points:
                best, best_points = pair, value
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
        parts.append(Msg(f"no face-down pair; {count} columns × tallest {tallest} = {value}",
                         f"裏向きペアなし。{count} 列 × 最高 {tallest} 枚 = {value}"))
    else:
        parts.append(Msg(
            f"face-down pair from column {pair.source} onto column {pair.target} "
            f"({before[0]} × {before[1]} = {before[2]} becomes "
            f"{count} columns × tallest {tallest} = {value})",
            f"裏向きペアを {pair.source} 列目から {pair.target} 列目へ"
            f"（{before[0]} × {before[1]} = {before[2]} が {count} 列 × 最高 {tallest} 枚 = {value} に）"))
    if lows:
        terms = " + ".join(f"{suit} {rank}" for suit, rank in sorted(lows.items()))
        parts.append(Msg(f"; penalty, lowest of each suit in hand: {terms} = {minus}",
                         f"。失点（手札の各スートの最小）: {terms} = {minus}"))
    else:
        parts.append(Msg("; no cards in hand, no penalty", "。手札なし、失点 0"))
    parts.append(Msg(f"; score {value} − {minus} = {value - minus}.",
                     f"。得点 {value} − {minus} = {value - minus}。"))
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


@dataclass(frozen=True)
class Reveal:
    """A card from the deck is turned face up into an empty grid cell (setup, F-9)."""

    cell: str
    card: Card


@dataclass(frozen=True)
class Place:
    """The active player places a hand card on a spot, declaring number or suit (F-4)."""

    player: int
    card: Card
    spot: str
    mode: Mode


@dataclass(frozen=True)
class Build:
    """One captured card goes into the fortress or into the hand (F-8)."""

    card: Card
    where: Where


@dataclass(frozen=True)
class FinalHand:
    """The cards a player holds when the game ends (for the F-14 penalty)."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ChoosePair:
    """A player's face-down pair (F-13), or ``None`` to decline it."""

    player: int
    pair: Pair | None


Action = Reveal | Place | Build | FinalHand | ChoosePair


class Phase(StrEnum):
    REVEAL = "reveal"  # waiting for grid cells to be filled
    PLACE = "place"  # waiting for the active player's placement
    BUILD = "build"  # waiting for the captured cards to be built
    FINAL = "final"  # the game is over: waiting for final hands and pair choices
    OVER = "over"  # everything is known: scores are final


UNDECIDED = "undecided"


@dataclass
class State:
    """The fold of a setup's actions. Treat it as read-only: :func:`apply` returns a new one."""

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

    def copy(self) -> State:
        return copy_state(self)

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def known(self) -> dict[Card, Msg]:
        """Every card whose place the engine knows, with that place."""
        names = self.setup.players
        where: dict[Card, Msg] = {}
        for cell, card in self.grid.items():
            if card is not None:
                where[card] = Msg(f"on the grid at {cell}", f"場札の {cell}")
        for p, fortress in enumerate(self.fortresses):
            for column in fortress:
                for card in column:
                    where[card] = Msg(f"in {names[p]}'s fortress", f"{names[p]}の砦")
        for card in self.pending:
            where[card] = Msg("just captured", "獲得したばかり")
        for p, hand in enumerate(self.known_hands):
            final = self.final_hands[p]
            for card in final if final is not None else hand:
                where[card] = Msg(f"in {names[p]}'s hand", f"{names[p]}の手札")
        return where

    def hidden_counts(self) -> list[int]:
        """Cards in each hand that the engine cannot name."""
        out = []
        for p, count in enumerate(self.hand_counts):
            final = self.final_hands[p]
            out.append(count - (len(final) if final is not None else len(self.known_hands[p])))
        return out

    def grid_count(self) -> int:
        return sum(card is not None for card in self.grid.values())

    def usable_spots(self) -> list[str]:
        return [s for s in SPOTS if self.grid[spot_cells(s)[0]] is not None]

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
            return Msg(f"{names[self.turn]} builds {cards}", f"{names[self.turn]}が {cards} を配置します")
        if self.phase is Phase.FINAL:
            return Msg("the game is over: enter each final hand and face-down pair choice",
                       "ゲーム終了：各自の残り手札と裏向きペアの選択を入力してください")
        return Msg("the game is over and scored", "ゲーム終了、得点確定")


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(
        setup, grid={c: None for c in CELLS},
        deck_count=setup.deck.size - setup.deal * n,
        hand_counts=[setup.deal] * n, known_hands=[set() for _ in range(n)],
        fortresses=[[] for _ in range(n)], final_hands=[None] * n, pairs=[UNDECIDED] * n,
    )


def _check_card(state: State, card: Card, *, own: int | None = None) -> None:
    deck = state.setup.deck
    if not deck.contains(card):
        raise Refusal(Msg(f"{card} is not in this deck: ", f"{card} はこのデッキにありません。")
                      + deck.forms())
    place = state.known().get(card)
    if place is not None and not (own is not None and card in state.known_hands[own]):
        raise refuse(f"{card} is already {place.en}; each card exists once",
                     f"{card} はすでに{place.ja}にあります。同じカードは1枚だけです")


def _refuse_phase(state: State, action: str) -> Refusal:
    wait = state.waiting_for()
    return Refusal(Msg(f"cannot {action} now: ", f"今は{action}できません。") + wait)


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
    return _choose_pair(state, action)


def _reveal(state: State, action: Reveal) -> tuple[State, Msg]:
    if state.phase is not Phase.REVEAL:
        raise _refuse_phase(state, "reveal a card")
    if action.cell not in CELLS:
        raise refuse(f"{action.cell!r} is not a cell: cells are {' '.join(CELLS)}",
                     f"{action.cell!r} はマスではありません。マスは {' '.join(CELLS)} です")
    if state.grid[action.cell] is not None:
        empty = " ".join(c for c, v in state.grid.items() if v is None)
        raise refuse(f"cell {action.cell} already holds {state.grid[action.cell]}; empty cells: "
                     f"{empty}",
                     f"{action.cell} にはすでに {state.grid[action.cell]} があります。空きマス: {empty}")
    _check_card(state, action.card)
    s = state.copy()
    s.grid[action.cell] = action.card
    s.deck_count -= 1
    msg = Msg(f"{action.card} revealed at {action.cell}.", f"{action.cell} に {action.card}。")
    if s.grid_count() == GRID_SIZE or s.deck_count == 0:
        if s.deck_count == 0:
            msg += Msg(" The deck is empty.", " 山札が尽きました。")
        if not s.started:
            s.started = True
            s.turn = s.setup.start
            msg += _begin_turn(s)
        else:
            msg += _end_turn(s)
    return s, msg


def _place(state: State, action: Place) -> tuple[State, Msg]:
    names = state.setup.players
    if state.phase is not Phase.PLACE:
        raise _refuse_phase(state, "place a card")
    if action.player != state.turn:
        who = names[action.player] if 0 <= action.player < len(names) else str(action.player)
        raise refuse(f"it is {names[state.turn]}'s turn, not {who}'s (F-10)",
                     f"今は{names[state.turn]}の手番です（{who}ではありません）")
    _check_card(state, action.card, own=action.player)
    if action.spot not in SPOTS:
        raise _not_a_spot(action.spot)
    a_cell, b_cell = spot_cells(action.spot)
    a, b = state.grid[a_cell], state.grid[b_cell]
    if a is None:
        raise refuse(
            f"spot {action.spot} touches empty cell {a_cell} and cannot be used (F-7); usable "
            f"spots: {' '.join(state.usable_spots())}",
            f"{action.spot} は空きマス {a_cell} に接するので使えません。使える場所: "
            f"{' '.join(state.usable_spots())}")
    count, why = resolve_capture(action.card, a, b, action.mode)
    captured = [action.card, a] if count >= 2 else [action.card]
    if count == 3 and b is not None:
        captured.append(b)
    s = state.copy()
    s.hand_counts[action.player] -= 1
    s.known_hands[action.player].discard(action.card)
    if count >= 2:
        s.grid[a_cell] = None
    if count == 3:
        s.grid[b_cell] = None
    s.pending = list(captured)
    s.phase = Phase.BUILD
    mode = MODE_NAMES[action.mode]
    names_en = ", ".join(map(str, captured))
    msg = Msg(f"{names[action.player]} places {action.card} at {action.spot} as {mode.en}: "
              f"{why.en} ({names_en}).",
              f"{names[action.player]}が {action.card} を {action.spot} に{mode.ja}として置きました："
              f"{why.ja}（{'・'.join(map(str, captured))}）。")
    return s, msg


def _build(state: State, action: Build) -> tuple[State, Msg]:
    if state.phase is not Phase.BUILD:
        raise _refuse_phase(state, "build a card")
    player = state.turn
    name = state.setup.players[player]
    if action.card not in state.pending:
        raise refuse(f"{action.card} was not captured this turn; still to build: "
                     f"{' '.join(map(str, state.pending))}",
                     f"{action.card} はこの手番の獲得カードではありません。未配置: "
                     f"{' '.join(map(str, state.pending))}")
    ranks = [c[0].rank for c in state.fortresses[player]]
    problem = placement_problem(ranks, action.card.rank, action.where, state.setup.deck.ranks)
    if problem is not None:
        legal = [*placements(ranks, action.card.rank, state.setup.deck.ranks), Where.HAND]
        raise refuse(f"{problem.en} (F-11); {action.card} may go: "
                     f"{', '.join(w.value for w in legal)}",
                     f"{problem.ja}（F-11）。{action.card} の置き場所: "
                     f"{'・'.join(WHERE_NAMES[w].ja for w in legal)}")
    s = state.copy()
    s.pending.remove(action.card)
    if action.where is Where.HAND:
        s.hand_counts[player] += 1
        s.known_hands[player].add(action.card)
    else:
        s.fortresses[player] = build(s.fortresses[player], action.card, action.where)
    where = WHERE_NAMES[action.where]
    msg = Msg(f"{name}: {action.card} {where.en}.", f"{name}：{action.card} を{where.ja}。")
    if not s.pending:
        if s.grid_count() < GRID_SIZE and s.deck_count > 0:  # F-9
            s.phase = Phase.REVEAL
            msg += Msg(" Refill the grid from the deck (F-9).", " 山札から場札を補充します。")
        else:
            msg += _end_turn(s)
    return s, msg


def _end_turn(s: State) -> Msg:
    """After a turn's builds and refill: the end trigger (F-12), then the next player (F-10)."""
    msg = Msg("", "")
    names = s.setup.players
    if not s.triggered:
        empty = [names[p] for p, c in enumerate(s.hand_counts) if c == 0]
        if empty or s.deck_count == 0:
            s.triggered = True
            cause = (Msg(f"{', '.join(empty)} has no cards left", f"{'・'.join(empty)}の手札が尽きた")
                     if empty else Msg("the deck is empty", "山札が尽きた"))
            last = names[s.setup.last_seat]
            msg += Msg(f" The end is triggered ({cause.en}): play goes on until {last}, the last "
                       "seat, has played (F-12).",
                       f" 終了条件（{cause.ja}）：最後の席の{last}まで手番を行います。")
    if s.triggered and s.turn == s.setup.last_seat:
        s.phase = Phase.FINAL
        return msg + Msg(" The game is over: enter the final hands.",
                         " ゲーム終了：残り手札を入力してください。")
    s.turn = (s.turn + 1) % len(names)
    return msg + _begin_turn(s)


def _begin_turn(s: State) -> Msg:
    """Find the next player who can play, skipping empty hands (F-10) and blocked ones (F-7)."""
    msg = Msg("", "")
    names = s.setup.players
    for _ in range(len(names) + 1):
        p = s.turn
        if s.hand_counts[p] > 0 and s.usable_spots():
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
                     " ゲーム終了：残り手札を入力してください。")


def _check_player(state: State, player: int) -> str:
    name = seat_name(state.setup.players, player)
    if state.phase is not Phase.FINAL:
        raise _refuse_phase(state, "score")
    return name


def _final_hand(state: State, action: FinalHand) -> tuple[State, Msg]:
    name = _check_player(state, action.player)
    p = action.player
    if state.final_hands[p] is not None:
        raise refuse(f"{name}'s final hand is already entered; undo it to change it",
                     f"{name}の残り手札は入力済みです。変えるには取り消してください")
    count = state.hand_counts[p]
    if len(action.cards) != count:
        raise refuse(f"{name} holds {count} card(s), but {len(action.cards)} were entered",
                     f"{name}の手札は {count} 枚ですが、{len(action.cards)} 枚入力されました")
    if len(set(action.cards)) != len(action.cards):
        raise refuse(f"{name}'s final hand names a card twice", f"{name}の残り手札に重複があります")
    for card in action.cards:
        _check_card(state, card, own=p)
    missing = state.known_hands[p] - set(action.cards)
    if missing:
        cards = " ".join(map(str, sorted(missing)))
        raise refuse(f"{name} took {cards} into the hand and has not played it; the final hand "
                     "must include it",
                     f"{name}は {cards} を手札に入れ、まだ出していません。残り手札に含めてください")
    s = state.copy()
    s.final_hands[p] = tuple(action.cards)
    lows = penalty(action.cards)
    msg = Msg(f"{name}'s final hand: {' '.join(map(str, action.cards)) or '(none)'}; penalty "
              f"{sum(lows.values())}.",
              f"{name}の残り手札：{' '.join(map(str, action.cards)) or 'なし'}。失点 {sum(lows.values())}。")
    return _maybe_over(s, msg)


def _choose_pair(state: State, action: ChoosePair) -> tuple[State, Msg]:
    name = _check_player(state, action.player)
    p = action.player
    if state.pairs[p] != UNDECIDED:
        raise refuse(f"{name} has already decided on the face-down pair (F-13: once per player)",
                     f"{name}は裏向きペアを決定済みです（1人1回）")
    heights = [len(c) for c in state.fortresses[p]]
    if action.pair is not None:
        problem = pair_problem(heights, action.pair)
        if problem is not None:
            raise refuse(f"{name}'s face-down pair is not possible: {problem.en} (F-13)",
                         f"{name}の裏向きペアはできません：{problem.ja}")
    s = state.copy()
    s.pairs[p] = action.pair
    if action.pair is None:
        msg = Msg(f"{name} declines the face-down pair.", f"{name}は裏向きペアを使いません。")
    else:
        msg = Msg(f"{name} lays a face-down pair from column {action.pair.source} onto column "
                  f"{action.pair.target}.",
                  f"{name}は {action.pair.source} 列目から {action.pair.target} 列目へ裏向きペア。")
    return _maybe_over(s, msg)


def _maybe_over(s: State, msg: Msg) -> tuple[State, Msg]:
    if all(h is not None for h in s.final_hands) and UNDECIDED not in s.pairs:
        s.phase = Phase.OVER
        top = [s.setup.players[i] for i in winners([x.score for x in scores(s)])]
        msg += Msg(f" Final scores are in; winner: {', '.join(top)}.",
                   f" 得点確定。勝者：{'・'.join(top)}。")
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


# --------------------------------------------------------------------------- records

ACTIONS = (Reveal, Place, Build, FinalHand, ChoosePair)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action

"""HOMALET: rules H-1 to H-12 of ``shared/rules/RULES.md``.

Same shape as the Fortress engine: a :class:`Setup` plus an append-only list of actions,
folded by :func:`apply`; every refusal says why, every ruling explains itself. The engine
never sees a hand: it counts cards, and remembers the cards it saw go into one.

The state holds only immutable values (tuples, frozensets, a bitmask of the cards whose place
is known), so :func:`apply` clones it in one step and the old state can never change.

Besides the shared interface (docs/engines.md) the module answers: :func:`scores` (H-11),
:func:`winners` (H-12), :func:`allowed` (each field's lead, who picks or takes from what, the
cards still unseen) and :func:`parse_line` / :func:`action_line` (docs/notation.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from companion.rules import records
from companion.rules.common import (
    Complete,
    Lang,
    Msg,
    Refusal,
    check_players,
    copy_state,
    did_you_mean,
    normalize_token,
    plural,
    refuse,
    replay,
    seat_name,
)
from companion.rules.common import (
    winner_words as common_winner_words,
)

GAME = "homalet"
TITLE = Msg("HOMALET", "HOMALET")
MIN_PLAYERS, MAX_PLAYERS = 3, 7
CARDS = 70  # H-1: 00 to 69
HAND = 6  # H-3
SETS = 3  # H-3: three wilderness sets
SET_SIZE = 2

ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    ("H-2", Msg("Prototype deck: colour = (n + n div 10) mod 5 over crimson, indigo, jade, gold, "
                "violet; season marks on 10 spring, 15 summer, 20 autumn, 25 winter, 30 spring … "
                "65 winter. A real deck's file says each card's colour and season.",
                "試作デッキの色は、nとn÷10の商の和を5で割った余りで決まります（紅・藍・翠・黄・紫の順）。季節マークは"
                "10春・15夏・20秋・25冬・30春…65冬です。実物のデッキはデッキファイルで各カードを指定します。")),
    ("H-6", Msg("Summer, autumn and winter effects are not given by the originals: the table "
                "resolves them by moving cards, and the app records each move. Autumn cannot "
                "apply when the deck is empty.",
                "夏・秋・冬の効果は原典に書かれていないため、卓がカードを動かして解決し、アプリは各移動を"
                "記録します。山札がないとき秋マークの効果は適用できません。")),
    ("H-10", Msg("The start player passes to the left each round.",
                 "スタートプレイヤーは毎ラウンド左隣へ移ります。")),
    ("H-11", Msg("Run bonus: every card on the digits of a run of 3 or more consecutive last "
                 "digits counts (no wrap from 9 to 0).",
                 "連番ボーナスは、3つ以上連続する下一桁の数字のカードをすべて数えます（9と0はつながりません）。")),
)


# --------------------------------------------------------------------------- deck (H-1, H-2)


class Season(StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


SEASON_NAMES = {Season.SPRING: Msg("spring", "春マーク"), Season.SUMMER: Msg("summer", "夏マーク"),
                Season.AUTUMN: Msg("autumn", "秋マーク"), Season.WINTER: Msg("winter", "冬マーク")}


@dataclass(frozen=True)
class Colour:
    key: str
    en: str
    ja: str
    color: str


@dataclass(frozen=True)
class Deck:
    """The 70 HOMALET cards: each number's colour and season mark, from a deck file (H-2)."""

    name: Msg
    colours: tuple[Colour, ...]
    colour_of: tuple[str, ...]  # by card number
    season_of: tuple[Season | None, ...]
    by_key: Mapping[str, Colour] = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {c.key: c for c in self.colours})

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            colours = tuple(Colour(str(c["key"]), str(c["en"]), str(c["ja"]), str(c["color"]))
                            for c in data["colors"])
            keys = {c.key for c in colours}
            cards = data["cards"]
            colour_of, season_of = [], []
            for n in range(CARDS):
                entry = cards[f"{n:02d}"]
                colour = str(entry["color"])
                if colour not in keys:
                    raise ValueError(f"card {n:02d} has colour {colour!r}, not one of {sorted(keys)}")
                colour_of.append(colour)
                season = entry.get("season")
                season_of.append(None if season is None else Season(season))
            name = data.get("name", {})
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(f"the HOMALET deck definition is broken ({error}); it needs [[colors]] "
                         "and a [cards] entry with a colour for every card 00 to 69",
                         f"HOMALETのデッキ定義が壊れています（{error}）。[[colors]] と、00〜69の各カード"
                         "の色を書いた [cards] が必要です") from None
        return cls(Msg(str(name.get("en", "HOMALET")), str(name.get("ja", "HOMALET"))), colours,
                   tuple(colour_of), tuple(season_of))

    def to_data(self) -> dict[str, Any]:
        cards: dict[str, Any] = {}
        for n in range(CARDS):
            entry: dict[str, str] = {"color": self.colour_of[n]}
            season = self.season_of[n]
            if season is not None:
                entry["season"] = season.value
            cards[f"{n:02d}"] = entry
        return {"format": 1, "game": GAME, "name": {"en": self.name.en, "ja": self.name.ja},
                "colors": [{"key": c.key, "en": c.en, "ja": c.ja, "color": c.color}
                           for c in self.colours],
                "cards": cards}

    def colour(self, card: int) -> Colour:
        return self.by_key[self.colour_of[card]]

    def season(self, card: int) -> Season | None:
        return self.season_of[card]


def cards_for(players: int) -> range:
    """H-1: a game uses 00 to 10 × players − 1."""
    return range(10 * players)


def is_number(text: str, digits: int = 6) -> bool:
    """ASCII digits only (``int`` refuses some Unicode digits), and short enough to be a count."""
    return text.isascii() and text.isdigit() and len(text) <= digits


def parse_card(token: str | int, top: int = CARDS) -> int:
    """``07`` or ``7``; anything else is refused naming the token and the valid range."""
    text = normalize_token(str(token))
    if is_number(text) and len(text) <= 2 and int(text) < top:
        return int(text)
    raise refuse(f"{token!r} is not a HOMALET card: write a number from 00 to {top - 1:02d} "
                 "(07 or 7)",
                 f"「{token}」はHOMALETのカードではありません（00〜{top - 1:02d}の数字）")


_CARD_TEXT = tuple(f"{n:02d}" for n in range(100))
NOTHING = Msg("", "")  # a ruling that adds nothing


def fmt(card: int) -> str:
    return _CARD_TEXT[card] if 0 <= card < 100 else f"{card:02d}"


def fmt_all(cards: Iterable[int]) -> str:
    return " ".join(fmt(c) for c in cards) or "—"


def list_sets(sets: Sequence[Sequence[int]]) -> Msg:
    """Wilderness sets numbered from 1, as the table notation counts them."""
    return Msg("; ".join(f"{i + 1}: {fmt_all(c)}" for i, c in enumerate(sets)) or "—",
               "、".join(f"{i + 1}組目 {fmt_all(c)}" for i, c in enumerate(sets)) or "—")


def count_cards(n: int) -> Msg:
    """``1 card`` / ``3 cards`` and ``3枚``."""
    return Msg(plural(n, "card", "cards"), f"{n}枚")


# --------------------------------------------------------------------------- scoring (H-11, H-12)


@dataclass(frozen=True)
class Score:
    cards: int
    same_digit: int
    run: int
    spring: int
    score: int
    lines: tuple[Msg, ...]  # card by card

    @property
    def explanation(self) -> Msg:
        return Msg(" ".join(m.en for m in self.lines), "".join(m.ja for m in self.lines))


def run_digits(digits: set[int]) -> set[int]:
    """The last digits lying in a run of 3 or more consecutive digits (no 9→0 wrap)."""
    out: set[int] = set()
    d = 0
    while d <= 9:
        if d in digits:
            end = d
            while end + 1 in digits:
                end += 1
            if end - d + 1 >= 3:
                out.update(range(d, end + 1))
            d = end + 1
        else:
            d += 1
    return out


def score(pile: Sequence[int], deck: Deck) -> Score:
    """H-11: +1 a card, +1 same-digit, +1 run, +1 spring; every bonus shown card by card."""
    digits = [c % 10 for c in pile]
    shared = {d for d in digits if digits.count(d) >= 2}
    running = run_digits(set(digits))
    lines = []
    same = run = spring = 0
    for card in sorted(pile, key=lambda c: (-(c % 10), c)):
        parts_en, parts_ja = ["1"], ["基本1"]
        if card % 10 in shared:
            same += 1
            parts_en.append("+1 same digit")
            parts_ja.append("＋同数1")
        if card % 10 in running:
            run += 1
            parts_en.append("+1 run")
            parts_ja.append("＋連番1")
        if deck.season(card) is Season.SPRING:
            spring += 1
            parts_en.append("+1 spring")
            parts_ja.append("＋春1")
        lines.append(Msg(f"{fmt(card)}: {' '.join(parts_en)};", f"{fmt(card)}は{''.join(parts_ja)}。"))
    total = len(pile) + same + run + spring
    lines.append(Msg(f"total {len(pile)} + {same} + {run} + {spring} = {total}.",
                     f"得点 = 基本点 {len(pile)} + 同数ボーナス {same} + 連番ボーナス {run} + 春マーク {spring} "
                     f"= {total}。"))
    return Score(len(pile), same, run, spring, total, tuple(lines))


def winners(totals: Sequence[int], piles: Sequence[Sequence[int]]) -> list[int]:
    """Top total; a tie goes to the tied player holding the largest-numbered card (H-12)."""
    top = max(totals, default=None)
    tied = [i for i, t in enumerate(totals) if t == top]
    if len(tied) <= 1:
        return tied
    best = max(max(piles[i], default=-1) for i in tied)
    return [i for i in tied if max(piles[i], default=-1) == best]


def winner_words(names: Sequence[str], totals: Sequence[int], piles: Sequence[Sequence[int]]) -> Msg:
    """Who won and why (H-11), and for a tie the card that decided it (H-12)."""
    top = max(totals, default=0)
    tied = [i for i, t in enumerate(totals) if t == top]
    won = winners(totals, piles)
    if len(tied) == 1 or len(won) > 1:
        return common_winner_words(names, won, top, "H-11, H-12" if len(won) > 1 else "H-11")
    winner = won[0]
    others = [i for i in tied if i != winner]
    largest = {i: max(piles[i], default=-1) for i in tied}
    beaten = ", ".join(f"{names[i]}'s {fmt(largest[i])}" if largest[i] >= 0 else f"{names[i]}'s empty pile"
                       for i in others)
    beaten_ja = "、".join(fmt(largest[i]) if largest[i] >= 0 else "なし" for i in others)
    tie = " and ".join(names[i] for i in tied) if len(tied) == 2 else ", ".join(names[i] for i in tied)
    score = plural(top, "point", "points")
    return Msg(f"Winner: {names[winner]}. {tie} tie at {score}; {names[winner]} wins the tie: largest card "
               f"{fmt(largest[winner])} against {beaten} (H-12).",
               f"勝者：{names[winner]}。{'と'.join(names[i] for i in tied)}が{top}点で同点のため、"
               f"最も大きな数字のカードを持つ{names[winner]}の勝ち（{fmt(largest[winner])}＞{beaten_ja}）。")


# --------------------------------------------------------------------------- actions


class Field(StrEnum):
    BATTLE = "battle"  # 戦場
    WILD = "wild"  # 在野


FIELD_NAMES = {Field.BATTLE: Msg("the battlefield", "戦場"), Field.WILD: Msg("the wilderness", "在野")}
FIELD_TITLES = {Field.BATTLE: Msg("Battlefield", "戦場"), Field.WILD: Msg("Wilderness", "在野")}


class Zone(StrEnum):
    DECK = "deck"
    HAND = "hand"
    PILE = "pile"
    DISCARD = "discard"


ZONE_NAMES = {Zone.DECK: Msg("the deck", "山札"), Zone.HAND: Msg("hand", "手札"),
              Zone.PILE: Msg("score pile", "獲得札"), Zone.DISCARD: Msg("the discard", "捨て札")}
OWNED = (Zone.HAND, Zone.PILE)

E = TypeVar("E", bound=StrEnum)


def _enum(kind: type[E], value: object, what: Msg, names: Mapping[Any, Msg]) -> E:
    """``value`` as a member of ``kind``: a member, or one of the members' string values; else refused
    (a plain string is never silently misread as another member)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    allowed = ", ".join(m.value for m in kind)
    allowed_ja = "、".join(f"{names[m].ja}（{m.value}）" for m in kind)
    raise refuse(f"{value!r} is not a {what.en}: use one of {allowed}",
                 f"{value!r} は{what.ja}ではありません。使えるのは{allowed_ja}です")


def _int(value: object, what: Msg) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(f"{value!r} is not a {what.en}: write a whole number",
                     f"{value!r} は{what.ja}ではありません。整数で書きます")
    return value


def _card(value: object) -> int:
    """A card given as a number or as its notation (``"07"``)."""
    if isinstance(value, str):
        return parse_card(value)
    return _int(value, Msg("card number", "カード番号"))


def _seat(value: object) -> int:
    return _int(value, Msg("seat number", "席番号"))


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


@dataclass(frozen=True)
class RevealSet:
    """A wilderness set laid out from the deck (setup and cleanup, H-3, H-8)."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str | int) or not isinstance(self.cards, Iterable):
            raise refuse(f"a wilderness set is a list of cards, not {self.cards!r}",
                         f"在野の組はカードのリストです（{self.cards!r} は不可）")
        _set(self, "cards", tuple(_card(c) for c in self.cards))


@dataclass(frozen=True)
class Play:
    """A player plays a card to a field (H-4). ``void``: the player says they hold none of the
    field's lead colour, which an off-colour play needs."""

    player: int
    card: int
    field: Field
    void: bool = False

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "card", _card(self.card))
        _set(self, "field", _enum(Field, self.field, Msg("field", "場"), FIELD_NAMES))
        if not isinstance(self.void, bool):
            raise refuse(f"void is true or false, not {self.void!r}",
                         f"「無し」の宣言は真か偽で指定します（{self.void!r} は不可）")


@dataclass(frozen=True)
class Pick:
    """A battlefield winner takes one battlefield card into their score pile (H-5)."""

    player: int
    card: int

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "card", _card(self.card))


@dataclass(frozen=True)
class Adjust:
    """One card moved by a season effect (H-6). ``card`` may be None only between hidden zones
    (deck and hands); a card going to or from a pile or the discard is named."""

    source: Zone
    target: Zone
    card: int | None = None
    source_player: int | None = None
    target_player: int | None = None

    def __post_init__(self) -> None:
        _set(self, "source", _enum(Zone, self.source, Msg("zone", "場所"), ZONE_NAMES))
        _set(self, "target", _enum(Zone, self.target, Msg("zone", "場所"), ZONE_NAMES))
        if self.card is not None:
            _set(self, "card", _card(self.card))
        for name in ("source_player", "target_player"):
            if getattr(self, name) is not None:
                _set(self, name, _seat(getattr(self, name)))


@dataclass(frozen=True)
class EndEffect:
    """The table has finished resolving the open season effect."""


@dataclass(frozen=True)
class TakeSet:
    """A wilderness player takes one remaining set into the hand (H-7). ``index`` counts from 0;
    the table notation numbers sets from 1."""

    player: int
    index: int

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "index", _int(self.index, Msg("set number", "組の番号")))


@dataclass(frozen=True)
class Correct:
    """A player's hand count corrected to ``count`` (a misdeal, a dropped card), with the reason.
    The difference comes from or goes back to the deck, so every card stays accounted for; a
    hand can gain only as many cards as the deck still holds (correct the hand holding too many
    first)."""

    player: int
    count: int
    reason: str

    def __post_init__(self) -> None:
        _set(self, "player", _seat(self.player))
        _set(self, "count", _int(self.count, Msg("card count", "枚数")))
        if not isinstance(self.reason, str):
            raise refuse(f"the reason is text, not {self.reason!r}", f"理由は文字で書きます（{self.reason!r} は不可）")
        _set(self, "reason", " ".join(normalize_token(self.reason).split()))


Action = RevealSet | Play | Pick | Adjust | EndEffect | TakeSet | Correct


# --------------------------------------------------------------------------- the game


class Phase(StrEnum):
    REFILL = "refill"  # wilderness sets to lay out
    PLAY = "play"
    PICK = "pick"  # battlefield winners choose
    EFFECT = "effect"  # a season effect is being resolved
    TAKE = "take"  # wilderness players choose sets
    OVER = "over"


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    start: int
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE, self.start)

    @property
    def cards(self) -> range:
        return cards_for(len(self.players))


def make_setup(players: Sequence[str], start: int | None, deck: Deck) -> Setup:
    """The shared constructor: ``start`` is a seat, or None for seat 0."""
    return Setup(tuple(players), 0 if start is None else start, deck)


@dataclass
class State:
    """Everything the engine knows. Every field holds an immutable value: an action replaces
    fields, never changes them, so a state once returned stays as it is."""

    setup: Setup
    phase: Phase = Phase.REFILL
    round: int = 1
    round_start: int = 0
    turn: int = 0
    hand_counts: tuple[int, ...] = ()
    known_hands: tuple[frozenset[int], ...] = ()
    deck_count: int = 0
    wilderness: tuple[tuple[int, ...], ...] = ()
    played: tuple[tuple[int, int, Field], ...] = ()  # (player, card, field) this round
    battle_taken: frozenset[int] = frozenset()
    pickers: tuple[int, ...] = ()  # winners still to pick, in order
    takers: tuple[int, ...] = ()  # wilderness players still to take
    effect: tuple[int, Season] | None = None  # (player, season) being resolved
    piles: tuple[tuple[int, ...], ...] = ()
    discard: tuple[int, ...] = ()
    voids: tuple[tuple[int, int, Field, str], ...] = ()  # round, player, field, colour
    seen: int = 0  # bit c set: the engine knows where card c is (a set, a field, a pile, the discard, a hand)

    def copy(self) -> State:
        return copy_state(self)

    def lead(self, where: Field) -> str | None:
        """The lead colour of a field this round: the colour of its first card (H-4)."""
        for _, card, f in self.played:
            if f == where:  # == so that the plain string "battle" means the battlefield too
                return self.setup.deck.colour_of[card]
        return None

    def field_cards(self, where: Field) -> list[int]:
        return [card for _, card, f in self.played if f == where]

    def place(self, card: int) -> Msg | None:
        """Where the engine knows ``card`` to be, in words; None while it is unseen."""
        if not self.seen >> card & 1:
            return None
        names = self.setup.players
        for i, cards in enumerate(self.wilderness):
            if card in cards:
                return Msg(f"in wilderness set {i + 1}", f"在野の{i + 1}組目")
        for p, c, f in self.played:
            if c == card and c not in self.battle_taken:
                return Msg(f"played by {names[p]} to {FIELD_NAMES[f].en}",
                           f"{names[p]}が{FIELD_NAMES[f].ja}に出したカード")
        for p, pile in enumerate(self.piles):
            if card in pile:
                return Msg(f"in {names[p]}'s score pile", f"{names[p]}の獲得札")
        if card in self.discard:
            return Msg("in the discard", "捨て札")
        for p, hand in enumerate(self.known_hands):
            if card in hand:
                return Msg(f"in {names[p]}'s hand", f"{names[p]}の手札")
        raise AssertionError(f"card {card} is marked seen but is nowhere")  # pragma: no cover

    def known(self) -> dict[int, Msg]:
        """Every card whose place the engine knows, with that place in words."""
        out: dict[int, Msg] = {}
        for card in self.setup.cards:
            where = self.place(card)
            if where is not None:
                out[card] = where
        return out

    def unseen(self) -> list[int]:
        """The cards whose place the engine does not know: in the deck or hidden in a hand."""
        seen = self.seen
        return [c for c in self.setup.cards if not seen >> c & 1]

    def hidden_counts(self) -> list[int]:
        return [count - len(self.known_hands[p]) for p, count in enumerate(self.hand_counts)]

    def actor(self) -> int | None:
        """Whose move it is: on turn, next to pick, next to take, or whose season effect is open."""
        if self.phase is Phase.PLAY:
            return self.turn
        if self.phase is Phase.PICK:
            return self.pickers[0]
        if self.phase is Phase.TAKE:
            return self.takers[0]
        if self.phase is Phase.EFFECT and self.effect is not None:
            return self.effect[0]
        return None

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.REFILL:
            return Msg("lay out a wilderness set from the deck", "山札から在野の組を並べてください")
        if self.phase is Phase.PLAY:
            return Msg(f"{names[self.turn]} plays a card", f"{names[self.turn]}がカードを出します")
        if self.phase is Phase.PICK:
            return Msg(f"{names[self.pickers[0]]} picks a battlefield card",
                       f"{names[self.pickers[0]]}が戦場のカードを1枚選びます")
        if self.phase is Phase.EFFECT:
            assert self.effect is not None
            season = SEASON_NAMES[self.effect[1]]
            return Msg(f"the table resolves {names[self.effect[0]]}'s {season.en} effect, then ends it",
                       f"{names[self.effect[0]]}の{season.ja}の効果を解決し、終了してください")
        if self.phase is Phase.TAKE:
            return Msg(f"{names[self.takers[0]]} takes a wilderness set",
                       f"{names[self.takers[0]]}が在野の組を取ります")
        return Msg("the game is over", "ゲーム終了")


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(setup, round_start=setup.start, turn=setup.start, hand_counts=(HAND,) * n,
                 known_hands=(frozenset(),) * n, deck_count=10 * n - HAND * n,
                 piles=((),) * n)


def _clone(state: State) -> State:
    """A new state with the same (immutable) field values: the one copy each action makes."""
    s = object.__new__(State)
    s.__dict__.update(state.__dict__)
    return s


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1:])


def _phase_refusal(state: State, what: Msg) -> Refusal:
    """``what`` cannot be done in this phase: say what the table does now and the line to type."""
    return Refusal(Msg(f"cannot {what.en} now: ", f"今は{what.ja}できません。") + state.waiting_for()
                   + Msg("; ", "。") + expected(state))


def expected(state: State, card: int | None = None) -> Msg:
    """The lines the table types now, with an example written by :func:`action_line` (``card``:
    the card the player had in mind, used in the example where it fits)."""
    def lines(action: Action) -> tuple[str, str]:
        return action_line(state, action, "en"), action_line(state, action, "ja")

    actor = state.actor()
    if state.phase is Phase.REFILL:
        size = min(SET_SIZE, state.deck_count)
        en, ja = lines(RevealSet(tuple(state.unseen()[:size])))
        return Msg(f"write reveal and the {count_cards(size).en} laid out, like {en}",
                   f"「公開」と並べた{size}枚を書きます（例：{ja}）")
    if state.phase is Phase.PLAY and actor is not None:
        hand = sorted(state.known_hands[actor]) or state.unseen()
        example = card if card is not None else (hand[0] if hand else 0)
        en, ja = lines(Play(actor, example, Field.BATTLE))
        wen, wja = lines(Play(actor, example, Field.WILD))
        return Msg(f"write a card and a field, like {en} or {wen}", f"カードと場を書きます（例：{ja}、{wja}）")
    if state.phase is Phase.PICK and actor is not None:
        left = _battle_left(state)
        en, ja = lines(Pick(actor, card if card in left else left[0]))
        return Msg(f"write {en} (battlefield cards to pick: {fmt_all(left)}) (H-5)",
                   f"「{ja}」のように書きます（選べる戦場のカードは{fmt_all(left)}）")
    if state.phase is Phase.TAKE and actor is not None:
        index = card - 1 if card is not None and 0 < card <= len(state.wilderness) else 0
        en, ja = lines(TakeSet(actor, index))
        sets = list_sets(state.wilderness)
        return Msg(f"write {en} (wilderness sets to take: {sets.en}) (H-7)",
                   f"「{ja}」のように書きます（取れる在野の組は{sets.ja}）")
    if state.phase is Phase.EFFECT and state.effect is not None:
        en, ja = lines(Adjust(Zone.DECK, Zone.HAND, None, None, state.effect[0]))
        owner = state.effect[0]
        shown = sorted(state.known_hands[owner]) or state.unseen() or [0]
        cen, cja = lines(Adjust(Zone.HAND, Zone.DISCARD, shown[0], owner, None))
        end_en, end_ja = lines(EndEffect())
        return Msg(f"write a move line for each card the effect moves (like {en}; a card shown is named, "
                   f"like {cen}), then {end_en} (H-6)",
                   f"効果で動かすカードごとに「移動」の行を書き（例：{ja}。見えたカードは「{cja}」"
                   f"のように番号も書きます）、最後に「{end_ja}」と書きます")
    return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")


def _check_in_game(state: State, card: int) -> None:
    n = len(state.setup.players)
    if card >= 10 * n or card < 0:
        raise refuse(f"{fmt(card)} is not used with {n} players: the game uses 00 to {10 * n - 1} (H-1)",
                     f"{n}人では{fmt(card)}は使いません。使うのは00〜{10 * n - 1}です")


def _check_unseen(state: State, card: int) -> None:
    """``card`` is in the game and its place is unknown (it can come from the deck)."""
    _check_in_game(state, card)
    place = state.place(card)
    if place is not None:
        raise refuse(f"{fmt(card)} is already {place.en}; each card exists once",
                     f"{fmt(card)}はすでに{place.ja}にあります。同じカードは1枚だけです")


def _check_in_hand(state: State, card: int, player: int, rule: str) -> None:
    """``card`` can be in ``player``'s hand: known there, or unseen while the hand holds cards the
    engine does not know (H-1, and the hidden count never goes below 0)."""
    hand = state.known_hands[player]
    if card in hand:
        return
    _check_unseen(state, card)
    if state.hand_counts[player] - len(hand) <= 0:
        name = state.setup.players[player]
        held = count_cards(state.hand_counts[player])
        raise refuse(f"{name} holds {held.en}, all known to the table ({fmt_all(sorted(hand))}); "
                     f"{fmt(card)} is not one of them ({rule})",
                     f"{name}の手札{held.ja}はすべて分かっています（{fmt_all(sorted(hand))}）。"
                     f"{fmt(card)}はその中にありません")


def _check_player(state: State, player: int) -> str:
    return seat_name(state.setup.players, player)


def apply(state: State, action: Action) -> tuple[State, Msg]:
    """Validate ``action``; return the new state and the ruling, or raise :class:`Refusal`."""
    if isinstance(action, Play):
        return _play(state, action)
    if isinstance(action, Pick):
        return _pick(state, action)
    if isinstance(action, TakeSet):
        return _take_set(state, action)
    if isinstance(action, RevealSet):
        return _reveal_set(state, action)
    if isinstance(action, Adjust):
        return _adjust(state, action)
    if isinstance(action, EndEffect):
        return _end_effect(state)
    if isinstance(action, Correct):
        return _correct(state, action)
    raise refuse(f"{action!r} is not a HOMALET action", f"{action!r} はHOMALETの手ではありません")


def _reveal_set(state: State, action: RevealSet) -> tuple[State, Msg]:
    if state.phase is not Phase.REFILL:
        raise _phase_refusal(state, Msg("lay out a wilderness set", "在野の組を並べることは"))
    size = min(SET_SIZE, state.deck_count)
    if len(action.cards) != size:
        raise refuse(f"a wilderness set is {count_cards(size).en} now ({count_cards(state.deck_count).en} "
                     "left in the deck; a last single card makes a 1-card set, H-8)",
                     f"今の在野の組は{size}枚です（山札の残りは{state.deck_count}枚。最後の1枚は1枚の組）")
    if len(set(action.cards)) != len(action.cards):
        raise refuse("a set names the same card twice", "組に同じカードが2回あります")
    for card in action.cards:
        _check_unseen(state, card)
    s = _clone(state)
    s.wilderness = (*state.wilderness, action.cards)
    s.deck_count = state.deck_count - len(action.cards)
    for card in action.cards:
        s.seen |= 1 << card
    msg = Msg(f"Wilderness set {len(s.wilderness)}: {fmt_all(action.cards)}.",
              f"在野の{len(s.wilderness)}組目は{fmt_all(action.cards)}。")
    if len(s.wilderness) == SETS or s.deck_count == 0:
        msg += _begin_round(s)
    return s, msg


def _begin_round(s: State) -> Msg:
    s.turn = s.round_start
    names = s.setup.players
    msg = Msg(f" Round {s.round}: {names[s.round_start]} starts.",
              f" 第{s.round}ラウンドは{names[s.round_start]}から。")
    return msg + _next_player(s, first=True)


def _next_player(s: State, first: bool = False) -> Msg:
    """The next seat clockwise from the round's start that has cards; after the last, resolve (H-4)."""
    n = len(s.setup.players)
    begin = 0 if first else (s.turn - s.round_start) % n + 1
    for k in range(begin, n):
        seat = (s.round_start + k) % n
        if s.hand_counts[seat] > 0:
            s.turn = seat
            s.phase = Phase.PLAY
            return NOTHING
    return _resolve_battle(s)


def _play(state: State, action: Play) -> tuple[State, Msg]:
    if state.phase is not Phase.PLAY:
        raise _phase_refusal(state, Msg("play a card", "カードを出すことは"))
    player, card = action.player, action.card
    name = _check_player(state, player)
    names = state.setup.players
    if player != state.turn:
        raise refuse(f"it is {names[state.turn]}'s turn, not {name}'s (H-4)",
                     f"今は{names[state.turn]}の番です（{name}ではありません）")
    _check_in_hand(state, card, player, "H-4")
    deck = state.setup.deck
    if action.field is Field.WILD and not state.wilderness:
        raise refuse("no wilderness set is left, so the card must go to the battlefield (H-4)",
                     "在野の組が残っていないので、戦場に出さなければなりません")
    lead = state.lead(action.field)
    c = deck.colour(card)
    where = FIELD_NAMES[action.field]
    off_colour = lead is not None and c.key != lead
    if lead is None and action.void:
        raise refuse(f"{where.en} is empty, so any colour may lead: there is no lead colour to be void of (H-4)",
                     f"{where.ja}にはまだカードがないので、どの色でも出せます。「無し」の宣言は要りません")
    if lead is not None:
        lead_c = deck.by_key[lead]
        if off_colour and not action.void:
            claim = Play(player, card, action.field, True)
            en, ja = action_line(state, claim, "en"), action_line(state, claim, "ja")
            raise refuse(f"{where.en} leads {lead_c.en}: {name} must play {lead_c.en} there if holding "
                         f"any; if {name} holds no {lead_c.en}, write {en} to play {fmt(card)} ({c.en}) (H-4)",
                         f"{where.ja}の色は{lead_c.ja}です。{lead_c.ja}を持っていれば出さなければなりません。"
                         f"{name}が{lead_c.ja}を持っていなければ、{fmt(card)}（{c.ja}）は「{ja}」と書いて出します")
        if not off_colour and action.void:
            raise refuse(f"{fmt(card)} is {c.en}, the lead colour of {where.en}: playing it is no void "
                         "claim; leave out void (H-4)",
                         f"{fmt(card)}は{where.ja}の色と同じ{c.ja}なので、「無し」の宣言は要りません")
        if off_colour:
            holding = sorted(k for k in state.known_hands[player] if deck.colour_of[k] == lead)
            if holding:
                raise refuse(f"{name} cannot be void of {lead_c.en}: the table saw {fmt_all(holding)} "
                             f"({lead_c.en}) go into {name}'s hand, so {name} must play {lead_c.en} "
                             f"to {where.en} (H-4)",
                             f"{name}は{lead_c.ja}を持っています。{fmt_all(holding)}（{lead_c.ja}）が"
                             f"{name}の手札に入ったのを卓が見ています。{where.ja}には{lead_c.ja}を出してください")
    s = _clone(state)
    s.hand_counts = _with(state.hand_counts, player, state.hand_counts[player] - 1)
    if card in state.known_hands[player]:
        s.known_hands = _with(state.known_hands, player, state.known_hands[player] - {card})
    s.played = (*state.played, (player, card, action.field))
    s.seen = state.seen | 1 << card
    text = fmt(card)
    en = f"{name} plays {text} ({c.en}) to {where.en}"
    ja = f"{name}が{text}（{c.ja}）を{where.ja}に出しました"
    if lead is None:
        en, ja = f"{en}, leading {c.en}.", f"{ja}。{where.ja}の色は{c.ja}です。"
    elif off_colour:
        lead_c = deck.by_key[lead]
        s.voids = (*state.voids, (s.round, player, action.field, lead))
        en, ja = f"{en}, declaring no {lead_c.en} in hand.", f"{ja}（{lead_c.ja}を持っていないと宣言）。"
    else:
        en, ja = f"{en}, following.", f"{ja}（同じ色）。"
    after = _next_player(s)
    return s, Msg(en, ja) if after is NOTHING else Msg(en + after.en, ja + after.ja)


def _resolve_battle(s: State) -> Msg:
    """H-5: the colour with most cards wins, ties to the colour holding the largest number."""
    deck = s.setup.deck
    names = s.setup.players
    battle = [(p, card) for p, card, f in s.played if f is Field.BATTLE]
    if not battle:
        return Msg(" Nobody played to the battlefield.", " 戦場には誰も出しませんでした。") + _resolve_wild(s)
    counts: dict[str, int] = {}
    top_of: dict[str, int] = {}
    for _, card in battle:
        key = deck.colour_of[card]
        counts[key] = counts.get(key, 0) + 1
        top_of[key] = max(top_of.get(key, -1), card)
    most = max(counts.values())
    tied = [k for k, v in counts.items() if v == most]
    winner = max(tied, key=lambda k: top_of[k])
    wc = deck.by_key[winner]
    if len(tied) > 1:
        why = Msg(f"{len(tied)} colours tie with {plural(most, 'card', 'cards')} each; {wc.en} holds the "
                  f"largest number, {fmt(top_of[winner])}",
                  f"{len(tied)}色が{most}枚ずつで並び、最も大きな数字{fmt(top_of[winner])}を含む{wc.ja}の勝ち")
    else:
        why = Msg(f"{wc.en} has the most cards ({most})", f"{wc.ja}が最多（{most}枚）")
    winners_ = sorted(((card, p) for p, card in battle if deck.colour_of[card] == winner), reverse=True)
    s.pickers = tuple(p for _, p in winners_)
    s.phase = Phase.PICK
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in winners_)
    order_ja = "、".join(f"{names[p]}（{fmt(c)}）" for c, p in winners_)
    return Msg(f" Battlefield: {why.en}; winners pick from the largest number down: {order} (H-5).",
               f" 戦場は{why.ja}。勝者は大きい数字から選びます（{order_ja}）。")


def _battle_left(state: State) -> list[int]:
    return [c for _, c, f in state.played if f is Field.BATTLE and c not in state.battle_taken]


def _pick(state: State, action: Pick) -> tuple[State, Msg]:
    if state.phase is not Phase.PICK:
        raise _phase_refusal(state, Msg("pick a battlefield card", "戦場のカードを選ぶことは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.pickers[0]:
        raise refuse(f"{names[state.pickers[0]]} picks next, not {name} (largest number first, H-5)",
                     f"次に選ぶのは{names[state.pickers[0]]}です（{name}ではありません）")
    available = _battle_left(state)
    if action.card not in available:
        raise refuse(f"{fmt(action.card)} is not on the battlefield to take; available: "
                     f"{fmt_all(available)} (wilderness cards are never taken, H-5)",
                     f"{fmt(action.card)}は戦場で取れるカードではありません。取れるのは{fmt_all(available)}です")
    s = _clone(state)
    s.battle_taken = state.battle_taken | {action.card}
    s.piles = _with(state.piles, action.player, state.piles[action.player] + (action.card,))
    s.pickers = state.pickers[1:]
    msg = Msg(f"{name} takes {fmt(action.card)} into the score pile.",
              f"{name}が{fmt(action.card)}を獲得しました。")
    season = state.setup.deck.season(action.card)
    if season is Season.SPRING:
        msg += Msg(" Spring: +1 point at scoring (H-6).", " 春マークは得点計算で1点。")
    elif season is Season.AUTUMN and s.deck_count == 0:
        msg += Msg(" Autumn cannot apply: the deck is empty (H-6).", " 山札がないので秋マークの効果は適用できません。")
    elif season is not None:
        s.effect = (action.player, season)
        s.phase = Phase.EFFECT
        sn = SEASON_NAMES[season]
        return s, msg + Msg(f" {sn.en.capitalize()} effect: the table moves the cards it calls for; ",
                            f" {sn.ja}の効果。卓が必要なカードを動かします。") + expected(s) + Msg(".", "。")
    return s, msg + _after_pick(s)


def _after_pick(s: State) -> Msg:
    if s.pickers:
        s.phase = Phase.PICK
        return NOTHING
    return _resolve_wild(s)


def _zone_place(state: State, zone: Zone, player: int | None, lang: Lang) -> str:
    base = ZONE_NAMES[zone].text(lang)
    if player is None:
        return base
    name = state.setup.players[player]
    return f"{name}の{base}" if lang == "ja" else f"{name}'s {base}"


def _check_adjust(state: State, action: Adjust) -> None:
    """Refuse an adjustment that names no owner for a hand or pile, an owner for the deck or the
    discard, an unnamed face-up card, or a card that is not where it is said to come from."""
    names = state.setup.players
    for zone, player in ((action.source, action.source_player), (action.target, action.target_player)):
        zn = ZONE_NAMES[zone]
        if zone in OWNED:
            if player is None:
                raise refuse(f"say whose {zn.en} it is", f"誰の{zn.ja}か指定してください")
            _check_player(state, player)
        elif player is not None:
            raise refuse(f"{zn.en} belongs to nobody: name no player for it (players go with a hand or "
                         "a score pile)",
                         f"{zn.ja}は誰のものでもありません。プレイヤーを指定できるのは手札と獲得札だけです")
    if action.source == action.target and action.source_player == action.target_player:
        raise refuse("a card must move somewhere else", "カードは別の場所へ動かしてください")
    card, src_p = action.card, action.source_player
    visible = (Zone.PILE, Zone.DISCARD)
    if card is None and (action.source in visible or action.target in visible):
        raise refuse("name the card: it goes to or from a face-up place",
                     "表向きの場所との移動なので、カードを指定してください")
    if action.source is Zone.DECK:
        if state.deck_count == 0:
            raise refuse("the deck is empty", "山札は空です")
        if card is not None:
            _check_unseen(state, card)
    elif action.source is Zone.HAND:
        assert src_p is not None
        if state.hand_counts[src_p] == 0:
            raise refuse(f"{names[src_p]} has no cards in hand", f"{names[src_p]}の手札はありません")
        if card is not None:
            _check_in_hand(state, card, src_p, "H-6")
        elif state.hand_counts[src_p] == len(state.known_hands[src_p]):
            known = fmt_all(sorted(state.known_hands[src_p]))
            raise refuse(f"name the card: every card in {names[src_p]}'s hand is known ({known})",
                         f"カードを指定してください。{names[src_p]}の手札はすべて分かっています（{known}）")
    elif action.source is Zone.PILE:
        assert src_p is not None and card is not None
        if card not in state.piles[src_p]:
            raise refuse(f"{fmt(card)} is not in {names[src_p]}'s score pile",
                         f"{fmt(card)}は{names[src_p]}の獲得札にありません")
    else:
        assert card is not None
        if card not in state.discard:
            raise refuse(f"{fmt(card)} is not in the discard", f"{fmt(card)}は捨て札にありません")


def _adjust(state: State, action: Adjust) -> tuple[State, Msg]:
    if state.phase is not Phase.EFFECT or state.effect is None:
        raise _phase_refusal(state, Msg("move cards for a season effect", "季節マークの効果でカードを動かすことは"))
    _check_adjust(state, action)
    season = state.effect[1]
    card, src_p, dst_p = action.card, action.source_player, action.target_player
    s = _clone(state)
    if action.source is Zone.DECK:
        s.deck_count -= 1
    elif action.source is Zone.HAND:
        assert src_p is not None
        s.hand_counts = _with(s.hand_counts, src_p, s.hand_counts[src_p] - 1)
        if card is not None and card in s.known_hands[src_p]:
            s.known_hands = _with(s.known_hands, src_p, s.known_hands[src_p] - {card})
    elif action.source is Zone.PILE:
        assert src_p is not None and card is not None
        pile = s.piles[src_p]
        i = pile.index(card)
        s.piles = _with(s.piles, src_p, pile[:i] + pile[i + 1:])
    else:
        assert card is not None
        i = s.discard.index(card)
        s.discard = s.discard[:i] + s.discard[i + 1:]
    if action.target is Zone.DECK:
        s.deck_count += 1
    elif action.target is Zone.HAND:
        assert dst_p is not None
        s.hand_counts = _with(s.hand_counts, dst_p, s.hand_counts[dst_p] + 1)
        if card is not None:
            s.known_hands = _with(s.known_hands, dst_p, s.known_hands[dst_p] | {card})
    elif action.target is Zone.PILE:
        assert dst_p is not None and card is not None
        s.piles = _with(s.piles, dst_p, s.piles[dst_p] + (card,))
    else:
        assert card is not None
        s.discard = (*s.discard, card)
    if card is not None:  # a card put into the deck is hidden again; anywhere else it is seen
        s.seen = s.seen & ~(1 << card) if action.target is Zone.DECK else s.seen | 1 << card
    what = Msg(fmt(card), fmt(card)) if card is not None else Msg("a card", "1枚")
    sn = SEASON_NAMES[season]
    return s, Msg(f"{sn.en.capitalize()}: {what.en} from {_zone_place(s, action.source, src_p, 'en')} "
                  f"to {_zone_place(s, action.target, dst_p, 'en')}.",
                  f"{sn.ja}の効果で{what.ja}を{_zone_place(s, action.source, src_p, 'ja')}から"
                  f"{_zone_place(s, action.target, dst_p, 'ja')}へ。")


def _end_effect(state: State) -> tuple[State, Msg]:
    if state.phase is not Phase.EFFECT:
        raise _phase_refusal(state, Msg("end a season effect", "季節マークの効果を終えることは"))
    s = _clone(state)
    s.effect = None
    return s, Msg("The season effect is resolved.", "季節マークの効果を解決しました。") + _after_pick(s)


def _resolve_wild(s: State) -> Msg:
    """H-7: wilderness players, smallest number first, each take one remaining set."""
    names = s.setup.players
    wild = sorted((card, p) for p, card, f in s.played if f is Field.WILD)
    if not wild:
        return _cleanup(s)
    s.takers = tuple(p for _, p in wild)[: len(s.wilderness)]
    left_out = [p for _, p in wild][len(s.wilderness):]
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in wild[: len(s.takers)])
    order_ja = "、".join(f"{names[p]}（{fmt(c)}）" for c, p in wild[: len(s.takers)])
    msg = Msg(f" Wilderness: smallest number first: {order} (H-7).", f" 在野は小さい数字から（{order_ja}）。")
    if left_out:
        msg += Msg(f" No set is left for {', '.join(names[p] for p in left_out)}.",
                   f" {'・'.join(names[p] for p in left_out)}の分の組はありません。")
    if not s.takers:
        return msg + _cleanup(s)
    s.phase = Phase.TAKE
    return msg


def _take_set(state: State, action: TakeSet) -> tuple[State, Msg]:
    if state.phase is not Phase.TAKE:
        raise _phase_refusal(state, Msg("take a wilderness set", "在野の組を取ることは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.takers[0]:
        raise refuse(f"{names[state.takers[0]]} takes next, not {name} (smallest number first, H-7)",
                     f"次に取るのは{names[state.takers[0]]}です（{name}ではありません）")
    if not 0 <= action.index < len(state.wilderness):
        sets = list_sets(state.wilderness)
        raise refuse(f"there is no wilderness set {action.index + 1}; the sets left are {sets.en} (H-7)",
                     f"在野の{action.index + 1}組目はありません。残りは{sets.ja}")
    s = _clone(state)
    cards = state.wilderness[action.index]
    s.wilderness = state.wilderness[:action.index] + state.wilderness[action.index + 1:]
    s.hand_counts = _with(state.hand_counts, action.player, state.hand_counts[action.player] + len(cards))
    s.known_hands = _with(state.known_hands, action.player, state.known_hands[action.player] | set(cards))
    s.takers = state.takers[1:]
    msg = Msg(f"{name} takes the set {fmt_all(cards)} into the hand.",
              f"{name}が組 {fmt_all(cards)} を手札に加えました。")
    if not s.takers:
        msg += _cleanup(s)
    return s, msg


def _cleanup(s: State) -> Msg:
    """H-8 discard and refill, H-9 the end, H-10 the next start player."""
    names = s.setup.players
    s.discard = s.discard + tuple(card for _, card, _ in s.played if card not in s.battle_taken)
    s.played = ()
    s.battle_taken = frozenset()
    empty = [names[p] for p, c in enumerate(s.hand_counts) if c == 0]
    if len(empty) >= 2:
        s.phase = Phase.OVER
        return Msg(f" Cleanup: {', '.join(empty)} hold no cards: the game is over (H-9).",
                   f" クリーンアップ。{'・'.join(empty)}の手札が0枚なのでゲーム終了。")
    s.round += 1
    s.round_start = (s.round_start + 1) % len(names)
    msg = Msg(" Cleanup: the rest is discarded.", " クリーンアップで残りは捨て札に。")
    if len(s.wilderness) < SETS and s.deck_count > 0:
        s.phase = Phase.REFILL
        return msg + Msg(f" Refill the wilderness to {SETS} sets from the deck (H-8).",
                         f" 山札から在野を{SETS}組まで補充します。")
    return msg + _begin_round(s)


def _correct(state: State, action: Correct) -> tuple[State, Msg]:
    """A hand count put right; the deck gives or takes the difference, and the game goes on."""
    if state.phase is Phase.OVER:
        raise _phase_refusal(state, Msg("correct a hand count", "手札の枚数を訂正することは"))
    p = action.player
    name = _check_player(state, p)
    known = state.known_hands[p]
    old, new = state.hand_counts[p], action.count
    if new < len(known):
        raise refuse(f"{name}'s hand holds at least the {count_cards(len(known)).en} the table saw go into it "
                     f"({fmt_all(sorted(known))}); the count cannot be {new}",
                     f"{name}の手札には卓が見た{len(known)}枚（{fmt_all(sorted(known))}）があるので、"
                     f"{new}枚にはできません")
    if new == old:
        raise refuse(f"{name} already holds {count_cards(old).en} by the record; nothing to correct",
                     f"記録でも{name}の手札は{old}枚です。訂正することはありません")
    if new - old > state.deck_count:
        raise refuse(f"{name} cannot gain {count_cards(new - old).en}: the deck holds only "
                     f"{count_cards(state.deck_count).en}; correct the hand holding too many first",
                     f"{name}の手札を{new - old}枚増やせません。山札は{state.deck_count}枚しかありません。"
                     "先に多すぎる手札を訂正してください")
    if not action.reason:
        raise refuse("say why the count is corrected (a misdeal, a dropped card)",
                     "訂正の理由を書いてください（配り間違い、落としたカードなど）")
    s = _clone(state)
    s.hand_counts = _with(state.hand_counts, p, new)
    s.deck_count = state.deck_count - (new - old)
    msg = Msg(f"Correction: {name} holds {count_cards(new).en}, not {old} ({action.reason}); the deck now "
              f"holds {count_cards(s.deck_count).en}.",
              f"訂正。{name}の手札は{old}枚ではなく{new}枚（{action.reason}）。山札は{s.deck_count}枚になります。")
    if state.phase is Phase.PLAY and p == state.turn and new == 0:
        msg += _next_player(s)
    elif state.phase is Phase.REFILL and s.deck_count == 0:
        msg += _begin_round(s)
    return s, msg


def scores(state: State) -> list[Score]:
    return [score(pile, state.setup.deck) for pile in state.piles]


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)


def finished(state: State) -> bool:
    """The game is over (H-9): every score pile is final."""
    return state.phase is Phase.OVER


def settle_input(state: State) -> dict[str, Any]:
    """The ``companion settle`` document for a finished game: each player's score pile."""
    if not finished(state):
        raise _phase_refusal(state, Msg("settle the game", "得点計算は"))
    return {"game": GAME, "players": [{"name": name, "pile": [fmt(c) for c in pile]}
                                      for name, pile in zip(state.setup.players, state.piles, strict=True)]}


# --------------------------------------------------------------------------- records

ACTIONS = (RevealSet, Play, Pick, Adjust, EndEffect, TakeSet, Correct)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, parse_card, None)
    return action


# --------------------------------------------------------------------------- what is allowed now


@dataclass(frozen=True)
class FieldNow:
    """One field in the play step: open or not, its lead colour, and the cards of that colour the
    engine knows the player on turn holds (any of them means a void claim is refused, H-4)."""

    field: Field
    open: bool
    lead: str | None
    cards: tuple[int, ...]
    known_lead: tuple[int, ...]
    known_void: bool  # every card of the hand is known and none has the lead colour


@dataclass(frozen=True)
class Allowed:
    """What the table may do now, from the state alone."""

    phase: Phase
    waiting: Msg
    player: int | None  # who acts (None: the table, laying out a set)
    fields: tuple[FieldNow, ...]  # in the play step
    known_hand: tuple[int, ...]  # the acting player's cards the engine knows
    hidden: int  # the acting player's other cards
    pickers: tuple[int, ...]  # battlefield winners still to pick, in order
    pick_from: tuple[int, ...]
    takers: tuple[int, ...]  # wilderness players still to take, in order
    sets: tuple[tuple[int, ...], ...]  # wilderness sets, numbered from 1 at the table
    reveal_size: int  # cards in the next wilderness set (refill step)
    effect: Season | None
    unseen: tuple[int, ...]
    colours: Mapping[str, Msg] = field(compare=False, hash=False, repr=False)  # colour names by key
    write: Msg = field(default=Msg("", ""), compare=False, hash=False, repr=False)  # the lines to type now

    def to_data(self) -> dict[str, Any]:
        return {"phase": self.phase.value, "waiting": {"en": self.waiting.en, "ja": self.waiting.ja},
                "player": self.player,
                "fields": [{"field": f.field.value, "open": f.open, "lead": f.lead, "cards": list(f.cards),
                            "known_lead": list(f.known_lead), "known_to_hold_lead": bool(f.known_lead),
                            "known_void": f.known_void}
                           for f in self.fields],
                "known_hand": list(self.known_hand), "hidden": self.hidden,
                "pickers": list(self.pickers), "pick_from": list(self.pick_from),
                "takers": list(self.takers), "sets": [list(s) for s in self.sets],
                "reveal_size": self.reveal_size, "effect": None if self.effect is None else self.effect.value,
                "unseen": list(self.unseen), "write": {"en": self.write.en, "ja": self.write.ja}}

    def describe(self) -> Msg:
        lines = [self.waiting + (Msg(": ", "：") + self.write if self.write.en else Msg("", "")) + Msg(".", "。")]
        for f in self.fields:
            name = FIELD_TITLES[f.field]
            if not f.open:
                lines.append(Msg(f"{name.en}: closed (no wilderness set left).",
                                 f"{name.ja}には出せません（在野の組がありません）。"))
                continue
            if f.lead is None:
                lines.append(Msg(f"{name.en}: empty, any colour leads.",
                                 f"{name.ja}は空です。どの色でも出せます。"))
                continue
            colour = self.colours[f.lead]
            line = Msg(f"{name.en}: leads {colour.en} ({fmt_all(f.cards)})",
                       f"{name.ja}の色は{colour.ja}です（{fmt_all(f.cards)}）")
            if f.known_lead:
                line += Msg(f"; known to hold {colour.en}: {fmt_all(f.known_lead)}, so no void claim.",
                            f"。{colour.ja}の{fmt_all(f.known_lead)}を持っているので「無し」は宣言できません。")
            elif f.known_void:
                line += Msg(f"; every card in the hand is known and none is {colour.en}.",
                            f"。手札はすべて分かっていて、{colour.ja}はありません。")
            else:
                line += Msg(".", "。")
            lines.append(line)
        if self.pick_from:
            lines.append(Msg(f"Battlefield cards to pick: {fmt_all(self.pick_from)}.",
                             f"選べる戦場のカードは{fmt_all(self.pick_from)}。"))
        if self.phase is Phase.TAKE:
            sets = list_sets(self.sets)
            lines.append(Msg(f"Wilderness sets to take: {sets.en}.", f"取れる在野の組は{sets.ja}。"))
        if self.phase is Phase.REFILL:
            lines.append(Msg(f"Next set: {count_cards(self.reveal_size).en} from the deck.",
                             f"次の組は山札から{self.reveal_size}枚。"))
        lines.append(Msg(f"Unseen ({len(self.unseen)}): {fmt_all(self.unseen)}.",
                         f"未確認のカード{len(self.unseen)}枚は{fmt_all(self.unseen)}。"))
        return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))


def allowed(state: State) -> Allowed:
    """What is allowed now: each field's lead and whether the player on turn is known to hold it,
    who picks or takes next and from what, the next set's size, and the cards still unseen."""
    deck = state.setup.deck
    actor = state.actor()
    known = tuple(sorted(state.known_hands[actor])) if actor is not None else ()
    hidden = state.hand_counts[actor] - len(known) if actor is not None else 0
    fields: tuple[FieldNow, ...] = ()
    if state.phase is Phase.PLAY:
        out = []
        for where in Field:
            lead = state.lead(where)
            cards = tuple(state.field_cards(where))
            holding = tuple(c for c in known if deck.colour_of[c] == lead) if lead is not None else ()
            is_open = where is Field.BATTLE or bool(state.wilderness)
            known_void = lead is not None and hidden == 0 and not holding
            out.append(FieldNow(where, is_open, lead, cards, holding, known_void))
        fields = tuple(out)
    return Allowed(
        phase=state.phase, waiting=state.waiting_for(), player=actor, fields=fields, known_hand=known,
        hidden=hidden, pickers=state.pickers if state.phase is Phase.PICK else (),
        pick_from=tuple(_battle_left(state)) if state.phase is Phase.PICK else (),
        takers=state.takers if state.phase is Phase.TAKE else (), sets=state.wilderness,
        reveal_size=min(SET_SIZE, state.deck_count) if state.phase is Phase.REFILL else 0,
        effect=state.effect[1] if state.effect is not None else None, unseen=tuple(state.unseen()),
        colours={c.key: Msg(c.en, c.ja) for c in deck.colours},
        write=expected(state) if state.phase is not Phase.OVER else Msg("", ""))


def describe(state: State) -> Msg:
    """The state in words: the round and whose move, the fields, the sets, hands, deck and scores."""
    names = state.setup.players
    deck = state.setup.deck
    now = allowed(state).describe()
    lines = [Msg(f"HOMALET, round {state.round}.", f"HOMALET、第{state.round}ラウンド。"),
             Msg(now.en.splitlines()[0], now.ja.splitlines()[0])]
    for where in Field:
        played = [(p, c) for p, c, f in state.played if f is where]
        if played:
            lead = deck.by_key[deck.colour_of[played[0][1]]]
            fn = FIELD_TITLES[where]
            en = ", ".join(f"{fmt(c)} {names[p]}" + (" (taken)" if c in state.battle_taken else "")
                           for p, c in played)
            ja = "、".join(f"{fmt(c)} {names[p]}" + ("（取得済み）" if c in state.battle_taken else "")
                           for p, c in played)
            lines.append(Msg(f"{fn.en} (leads {lead.en}): {en}.", f"{fn.ja}の色は{lead.ja}、{ja}。"))
    sets = list_sets(state.wilderness)
    lines.append(Msg(f"Wilderness sets: {sets.en}.", f"在野の組は{sets.ja}。"))
    hands_en, hands_ja = [], []
    for p, count in enumerate(state.hand_counts):
        known = sorted(state.known_hands[p])
        extra = Msg(f", known {fmt_all(known)}", f"（うち{fmt_all(known)}）") if known else Msg("", "")
        hands_en.append(f"{names[p]} {count}{extra.en}")
        hands_ja.append(f"{names[p]}が{count}枚{extra.ja}")
    lines.append(Msg(f"Hands: {'; '.join(hands_en)}.", f"手札は{'、'.join(hands_ja)}。"))
    lines.append(Msg(f"Deck: {count_cards(state.deck_count).en}; discard: {fmt_all(sorted(state.discard))}.",
                     f"山札は{state.deck_count}枚、捨て札は{fmt_all(sorted(state.discard))}。"))
    totals = scores(state)
    piles_en = "; ".join(f"{names[p]} {fmt_all(sorted(pile))} ({plural(totals[p].score, 'point', 'points')})"
                         for p, pile in enumerate(state.piles))
    piles_ja = "、".join(f"{names[p]}が{fmt_all(sorted(pile))}（{totals[p].score}点）"
                         for p, pile in enumerate(state.piles))
    lines.append(Msg(f"Score piles: {piles_en}.", f"獲得札は{piles_ja}。"))
    if finished(state):
        lines.append(winner_words(names, [t.score for t in totals], state.piles))
    return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))


# --------------------------------------------------------------------------- table notation

NOTATION = Msg(
    "play: 07 b | 07 w, off the lead colour 07 b void; pick 07; take 2 (a wilderness set, from 1); "
    "reveal 12 34; move [07] deck|discard|hand NAME|pile NAME > deck|discard|hand NAME|pile NAME; end; "
    "correct NAME COUNT REASON",
    "出す：07 戦場 ｜ 07 在野（場の色と違う色は 07 戦場 無し）　選ぶ：選ぶ 07　取る：取る 2（在野の組、1から）　"
    "公開：公開 12 34　移動：移動 [07] 山札｜捨て札｜手札 名前｜獲得札 名前 > 山札｜捨て札｜手札 名前｜獲得札 名前　"
    "終了：終了　訂正：訂正 名前 枚数 理由")

FIELD_WORDS = {"b": Field.BATTLE, "battle": Field.BATTLE, "battlefield": Field.BATTLE, "戦場": Field.BATTLE,
               "戦": Field.BATTLE, "w": Field.WILD, "wild": Field.WILD, "wilderness": Field.WILD,
               "在野": Field.WILD, "在": Field.WILD}
VOID_WORDS = frozenset({"void", "v", "無し", "なし"})
ZONE_WORDS = {"deck": Zone.DECK, "山札": Zone.DECK, "hand": Zone.HAND, "手札": Zone.HAND, "pile": Zone.PILE,
              "獲得札": Zone.PILE, "得点札": Zone.PILE, "discard": Zone.DISCARD, "捨て札": Zone.DISCARD,
              "捨札": Zone.DISCARD}
SEPARATORS = frozenset({">", "->", "→", "to", "から"})
PICK_WORDS = frozenset({"pick", "選ぶ"})
TAKE_WORDS = frozenset({"take", "取る"})
REVEAL_WORDS = frozenset({"reveal", "公開"})
MOVE_WORDS = frozenset({"move", "移動"})
END_WORDS = frozenset({"end", "終了"})
CORRECT_WORDS = frozenset({"correct", "訂正"})
WORDS: dict[str, dict[Lang, str]] = {
    "b": {"en": "b", "ja": "戦場"}, "w": {"en": "w", "ja": "在野"}, "void": {"en": "void", "ja": "無し"},
    "pick": {"en": "pick", "ja": "選ぶ"}, "take": {"en": "take", "ja": "取る"},
    "reveal": {"en": "reveal", "ja": "公開"}, "move": {"en": "move", "ja": "移動"},
    "end": {"en": "end", "ja": "終了"}, "correct": {"en": "correct", "ja": "訂正"}, ">": {"en": ">", "ja": ">"},
    "deck": {"en": "deck", "ja": "山札"}, "hand": {"en": "hand", "ja": "手札"},
    "pile": {"en": "pile", "ja": "獲得札"}, "discard": {"en": "discard", "ja": "捨て札"},
}
PICK_FORM = Msg("pick CARD, like pick 07", "選ぶ カード（例：選ぶ 07）")
_GLUED = re.compile(r"^(\d{1,2})(\D+)$")


def _bad(en: str, ja: str) -> Refusal:
    """A line refused: what is wrong in it (:func:`parse_line` adds the one form that fits)."""
    return refuse(en, ja)


# the form of a line that starts with a command word (issue 18: the one form that fits, not the whole notation)
FORMS = {
    "reveal": Msg("write reveal CARDS, like reveal 12 34", "書き方：公開 カード…（例：公開 12 34）"),
    "move": Msg("write move [CARD] FROM > TO, like move 07 hand Aki > discard",
                "書き方：移動 [カード] 元 > 先（例：移動 07 手札 Aki > 捨て札）"),
    "correct": Msg("write correct NAME COUNT REASON", "書き方：訂正 名前 枚数 理由"),
    "pick": Msg("write pick CARD, like pick 07", "書き方：選ぶ カード（例：選ぶ 07）"),
    "take": Msg("write take N, the set's number from 1, like take 2", "書き方：取る 番号（1から。例：取る 2）"),
    "end": Msg("write end alone", "書き方：終了"),
}
_FORM_WORDS = {"reveal": REVEAL_WORDS, "move": MOVE_WORDS, "correct": CORRECT_WORDS, "pick": PICK_WORDS,
               "take": TAKE_WORDS, "end": END_WORDS}
_COMMAND_WORDS = frozenset().union(*_FORM_WORDS.values())


def _phase_form(state: State) -> Msg:
    """The line the game waits for, short enough for a refusal (two rows at 80 columns)."""
    if state.phase is Phase.EFFECT:
        return Msg("write move [CARD] FROM > TO for each card the effect moves, then end (H-6)",
                   "書き方：移動 [カード] 元 > 先（動かすカードごと）、最後に 終了")
    if state.phase is Phase.TAKE:
        return FORMS["take"]
    return expected(state)


def _key(text: str) -> str:
    return " ".join(normalize_token(text).split())


def _player_at(state: State, tokens: list[str], context: Msg | None = None) -> tuple[int, int]:
    """The player named by the longest run of leading ``tokens`` (a name, any case), or a seat
    number; returns the seat and how many tokens it used."""
    names = [_key(n) for n in state.setup.players]
    for fold_case in (False, True):
        for size in range(len(tokens), 0, -1):
            text = " ".join(tokens[:size])
            for seat, name in enumerate(names):
                if text == name or (fold_case and text.casefold() == name.casefold()):
                    return seat, size
    if tokens and is_number(tokens[0]) and int(tokens[0]) < len(names):
        return int(tokens[0]), 1
    given = tokens[0] if tokens else ""
    listed = ", ".join(state.setup.players)
    where = Msg("", "") if context is None else context + Msg(": ", "：")
    raise _bad(f"{where.en}{given!r} is not a player: name one of {listed} or a seat 0 to {len(names) - 1}",
               f"{where.ja}「{given}」はプレイヤーではありません。{'、'.join(state.setup.players)}の名前か"
               f"席0〜{len(names) - 1}を書いてください")


def _names_player(state: State, tokens: list[str]) -> bool:
    """The line starts with a player's name (a name may look like a number)."""
    first = tokens[0].casefold()
    return any(_key(n).casefold().split()[0] == first for n in state.setup.players)


def _line_card(token: str) -> int:
    return parse_card(token)


def _parse_play(state: State, tokens: list[str], player: int) -> Play:
    if tokens and (glued := _GLUED.match(tokens[0])) and glued.group(2).lower() in FIELD_WORDS:
        tokens = [glued.group(1), glued.group(2), *tokens[1:]]
    if len(tokens) == 1 and state.phase is not Phase.PLAY and is_number(tokens[0], 2):
        form = expected(state, int(tokens[0])) if state.phase is Phase.PICK else _phase_form(state)
        raise Complete(state.waiting_for() + Msg(": ", "。") + form)
    if len(tokens) < 2:
        raise _bad("a play needs a field after the card", "カードの後に場が必要です")
    card = _line_card(tokens[0])
    where = FIELD_WORDS.get(tokens[1].lower())
    if where is None:
        _suggest(tokens, 1, FIELD_WORDS)
        raise _bad(f"{tokens[1]!r} is not a field", f"「{tokens[1]}」は場ではありません")
    rest = tokens[2:]
    if rest and (len(rest) > 1 or rest[0].lower() not in VOID_WORDS):
        raise _bad(f"{' '.join(rest)!r} after the field: only void may follow",
                   f"場の後の「{' '.join(rest)}」は読めません（書けるのは「無し」だけです）")
    return Play(player, card, where, bool(rest))


def _parse_zone(state: State, tokens: list[str]) -> tuple[Zone, int | None]:
    if not tokens:
        raise _bad("a move needs a place on each side of >", "移動には > の両側に場所が必要です")
    zone = ZONE_WORDS.get(tokens[0].lower())
    if zone is None:
        raise _bad(f"{tokens[0]!r} is not a place (deck, discard, hand NAME or pile NAME)",
                   f"「{tokens[0]}」は場所ではありません（山札、捨て札、手札 名前、獲得札 名前）")
    if len(tokens) == 1:
        return zone, None
    seat, used = _player_at(state, tokens[1:], Msg(f"after {tokens[0]}", f"「{tokens[0]}」の後"))
    if used != len(tokens) - 1:
        raise _bad(f"{' '.join(tokens[1 + used:])!r} is left over after {' '.join(tokens[:1 + used])}",
                   f"「{' '.join(tokens[:1 + used])}」の後の「{' '.join(tokens[1 + used:])}」は読めません")
    return zone, seat


def _parse_move(state: State, tokens: list[str]) -> Adjust:
    card = None
    if tokens and tokens[0][:1].isdigit():
        card = _line_card(tokens[0])
        tokens = tokens[1:]
    if tokens and tokens[-1] == "へ":
        tokens = tokens[:-1]
    cut = [i for i, t in enumerate(tokens) if t.lower() in SEPARATORS]
    if len(cut) != 1:
        raise _bad("a move is move [CARD] FROM > TO, like move 07 hand Aki > discard",
                   "移動は「移動 [カード] 元 > 先」と書きます（例：移動 07 手札 Aki > 捨て札）")
    source, source_player = _parse_zone(state, tokens[:cut[0]])
    target, target_player = _parse_zone(state, tokens[cut[0] + 1:])
    return Adjust(source, target, card, source_player, target_player)


def _parse_correct(state: State, tokens: list[str]) -> Correct:
    if not tokens:
        raise _bad("a correction is correct NAME COUNT REASON", "訂正は「訂正 名前 枚数 理由」と書きます")
    seat, used = _player_at(state, tokens)
    rest = tokens[used:]
    if not rest or not is_number(rest[0]):
        raise _bad(f"after {' '.join(tokens[:used])} comes the hand's true count, a number",
                   f"「{' '.join(tokens[:used])}」の後には正しい手札の枚数（数字）を書きます")
    if len(rest) < 2:
        raise _bad("say why the count is corrected, after the count (a misdeal, a dropped card)",
                   "枚数の後に訂正の理由を書いてください（配り間違い、落としたカードなど）")
    return Correct(seat, int(rest[0]), " ".join(rest[1:]))


def _one_number(tokens: list[str], form: Msg) -> str:
    if len(tokens) != 1:
        raise Complete(Msg(f"write {form.en}", f"書き方：{form.ja}"))
    return tokens[0]


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) → one action; the player on turn (or next to
    pick or take) is implied, and may be named first. A bad line is refused naming its wrong
    part and the one form that fits (issue 18), a mistyped word with the line it most likely meant."""
    tokens = normalize_token(line).split()
    try:
        return _parse_line(state, tokens)
    except Complete:
        raise
    except Refusal as error:
        head = tokens[0].lower() if tokens else ""
        kind = next((k for k, words in _FORM_WORDS.items() if head in words), None)
        if kind is None and tokens and not head[:1].isdigit() and not _names_player(state, tokens):
            _suggest(tokens, 0, _COMMAND_WORDS)
        form = FORMS[kind] if kind is not None else _phase_form(state)
        raise Refusal(error.msg + Msg("; ", "。") + form) from None


def _suggest(tokens: list[str], index: int, words: Iterable[str]) -> None:
    """Refuse a mistyped word with the line it most likely meant: ``07 batle`` → did you mean ``07 battle``?"""
    close = did_you_mean(tokens[index], words)
    if close is not None:
        meant = " ".join([*tokens[:index], close, *tokens[index + 1:]])
        raise Complete(Msg(f"{tokens[index]!r} is not a word of this line: did you mean {meant}?",
                           f"「{tokens[index]}」は読めません。「{meant}」の誤りですか？"))


def _parse_line(state: State, tokens: list[str]) -> Action:
    if not tokens:
        raise _bad("the line is empty", "行が空です")
    head, rest = tokens[0].lower(), tokens[1:]
    if head in REVEAL_WORDS:
        if not rest:
            raise _bad("the set's cards are missing", "組のカードがありません")
        return RevealSet(tuple(_line_card(t) for t in rest))
    if head in MOVE_WORDS:
        return _parse_move(state, rest)
    if head in CORRECT_WORDS:
        return _parse_correct(state, rest)
    if head in END_WORDS:
        if rest:
            raise _bad(f"{' '.join(rest)!r} after {tokens[0]}: the end of a season effect is the word alone",
                       f"「{tokens[0]}」の後の「{' '.join(rest)}」は読めません。効果の終了は「終了」だけで書きます")
        return EndEffect()
    actor = state.actor()
    implied = actor if actor is not None else state.turn
    if head in PICK_WORDS:
        return Pick(implied, _line_card(_one_number(rest, PICK_FORM)))
    if head in TAKE_WORDS:
        return _parse_take(state, rest, implied)
    if head[:1].isdigit():
        try:
            return _parse_play(state, tokens, implied)
        except Refusal:
            if not _names_player(state, tokens):
                raise
    try:
        seat, used = _player_at(state, tokens)
    except Refusal:
        raise _bad(f"{tokens[0]!r} is neither a card nor a player",
                   f"「{tokens[0]}」はカードでもプレイヤーでもありません") from None
    head, rest = (tokens[used].lower(), tokens[used + 1:]) if used < len(tokens) else ("", [])
    if head in PICK_WORDS:
        return Pick(seat, _line_card(_one_number(rest, PICK_FORM)))
    if head in TAKE_WORDS:
        return _parse_take(state, rest, seat)
    return _parse_play(state, tokens[used:], seat)


def _parse_take(state: State, rest: list[str], player: int) -> TakeSet:
    number = _one_number(rest, Msg("take N, the wilderness set's number from 1, like take 2",
                                   "取る 番号（在野の組の番号、1から。例：取る 2）"))
    if not is_number(number) or int(number) < 1:
        raise _bad(f"{number!r} is not a set number: sets are numbered from 1",
                   f"「{number}」は組の番号ではありません。番号は1から数えます")
    return TakeSet(player, int(number) - 1)


def _player_word(state: State, player: int | None) -> str:
    names = state.setup.players
    if player is None:
        return ""
    return names[player] if 0 <= player < len(names) else str(player)


def action_line(state: State, action: Action, lang: Lang = "en") -> str:
    """The notation line for ``action`` played on ``state`` (``parse_line`` reads it back): the
    acting player is written only when it is not the one the state implies."""
    actor = state.actor()
    implied = actor if actor is not None else state.turn

    def word(key: str) -> str:
        return WORDS[key][lang]

    def who(player: int) -> str:
        return "" if player == implied else _player_word(state, player) + " "

    if isinstance(action, Play):
        line = f"{who(action.player)}{fmt(action.card)} {word('b' if action.field is Field.BATTLE else 'w')}"
        return line + (f" {word('void')}" if action.void else "")
    if isinstance(action, Pick):
        return f"{who(action.player)}{word('pick')} {fmt(action.card)}"
    if isinstance(action, TakeSet):
        return f"{who(action.player)}{word('take')} {action.index + 1}"
    if isinstance(action, RevealSet):
        return f"{word('reveal')} {fmt_all(action.cards)}"
    if isinstance(action, EndEffect):
        return word("end")
    if isinstance(action, Correct):
        return f"{word('correct')} {_player_word(state, action.player)} {action.count} {action.reason}"
    parts = [word("move")] + ([fmt(action.card)] if action.card is not None else [])
    parts += [word(action.source.value), _player_word(state, action.source_player), word(">"),
              word(action.target.value), _player_word(state, action.target_player)]
    return " ".join(p for p in parts if p)

"""HOMALET: rules H-1 to H-12 of ``shared/rules/RULES.md``.

Same shape as the Fortress engine: a :class:`Setup` plus an append-only list of actions,
folded by :func:`apply`; every refusal says why, every ruling explains itself. The engine
never sees a hand: it counts cards, and remembers the cards it saw go into one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules import records
from companion.rules.common import Msg, Refusal, check_players, copy_state, normalize_token, refuse, replay, seat_name

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
                "試作デッキ：色 = (n + n÷10 の商) mod 5（紅・藍・翠・黄・紫の順）。季節マークは 10 春・"
                "15 夏・20 秋・25 冬・30 春 … 65 冬。実物のデッキはデッキファイルで各カードを指定します。")),
    ("H-6", Msg("Summer, autumn and winter effects are not given by the originals: the table "
                "resolves them by moving cards, and the app records each move. Autumn cannot "
                "apply when the deck is empty.",
                "夏・秋・冬の効果は原典に書かれていないため、卓がカードを動かして解決し、アプリは各移動を"
                "記録します。山札が空のとき秋は適用できません。")),
    ("H-10", Msg("The start player passes to the left each round.",
                 "スタートプレイヤーは毎ラウンド左隣へ移ります。")),
    ("H-11", Msg("Run bonus: every card on the digits of a run of 3 or more consecutive last "
                 "digits counts (no wrap from 9 to 0).",
                 "連番ボーナス：3つ以上連続する下一桁（9→0 はつながらない）の数字のカードはすべて数えます。")),
)


# --------------------------------------------------------------------------- deck (H-1, H-2)


class Season(StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


SEASON_NAMES = {Season.SPRING: Msg("spring", "春"), Season.SUMMER: Msg("summer", "夏"),
                Season.AUTUMN: Msg("autumn", "秋"), Season.WINTER: Msg("winter", "冬")}


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
                         f"HOMALET のデッキ定義が壊れています（{error}）。[[colors]] と、00〜69 の各カード"
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
        key = self.colour_of[card]
        return next(c for c in self.colours if c.key == key)

    def season(self, card: int) -> Season | None:
        return self.season_of[card]


def cards_for(players: int) -> range:
    """H-1: a game uses 00 to 10 × players − 1."""
    return range(10 * players)


def parse_card(token: str | int, top: int = CARDS) -> int:
    """``07`` or ``7``; anything else is refused naming the token and the valid range."""
    text = normalize_token(str(token))
    if text.isdigit() and len(text) <= 2 and int(text) < top:
        return int(text)
    raise refuse(f"{token!r} is not a HOMALET card: write a number from 00 to {top - 1:02d} "
                 "(07 or 7)",
                 f"{token!r} は HOMALET のカードではありません。00〜{top - 1:02d} の数字で書きます（07 か 7）")


def fmt(card: int) -> str:
    return f"{card:02d}"


def fmt_all(cards: Sequence[int]) -> str:
    return " ".join(fmt(c) for c in cards) if cards else "—"


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
        parts_en, parts_ja = ["1"], ["1"]
        if card % 10 in shared:
            same += 1
            parts_en.append("+1 same digit")
            parts_ja.append("+1 同数")
        if card % 10 in running:
            run += 1
            parts_en.append("+1 run")
            parts_ja.append("+1 連番")
        if deck.season(card) is Season.SPRING:
            spring += 1
            parts_en.append("+1 spring")
            parts_ja.append("+1 春")
        lines.append(Msg(f"{fmt(card)}: {' '.join(parts_en)};", f"{fmt(card)}：{' '.join(parts_ja)}。"))
    total = len(pile) + same + run + spring
    lines.append(Msg(f"total {len(pile)} + {same} + {run} + {spring} = {total}.",
                     f"合計 {len(pile)} + {same} + {run} + {spring} = {total}。"))
    return Score(len(pile), same, run, spring, total, tuple(lines))


def winners(totals: Sequence[int], piles: Sequence[Sequence[int]]) -> list[int]:
    """Top total; a tie goes to the tied player holding the largest-numbered card (H-12)."""
    top = max(totals, default=None)
    tied = [i for i, t in enumerate(totals) if t == top]
    if len(tied) <= 1:
        return tied
    best = max(max(piles[i], default=-1) for i in tied)
    return [i for i in tied if max(piles[i], default=-1) == best]


# --------------------------------------------------------------------------- the game


class Field(StrEnum):
    BATTLE = "battle"  # 戦場
    WILD = "wild"  # 在野


FIELD_NAMES = {Field.BATTLE: Msg("the battlefield", "戦場"), Field.WILD: Msg("the wilderness", "在野")}


class Zone(StrEnum):
    DECK = "deck"
    HAND = "hand"
    PILE = "pile"
    DISCARD = "discard"


ZONE_NAMES = {Zone.DECK: Msg("the deck", "山札"), Zone.HAND: Msg("hand", "手札"),
              Zone.PILE: Msg("score pile", "得点札"), Zone.DISCARD: Msg("the discard", "捨て札")}


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


@dataclass(frozen=True)
class RevealSet:
    """A wilderness set laid out from the deck (setup and cleanup, H-3, H-8)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    """A player plays a card to a field (H-4). ``void``: the player says they hold none of the
    field's lead colour, which an off-colour play needs."""

    player: int
    card: int
    field: Field
    void: bool = False


@dataclass(frozen=True)
class Pick:
    """A battlefield winner takes one battlefield card into their score pile (H-5)."""

    player: int
    card: int


@dataclass(frozen=True)
class Adjust:
    """One card moved by a season effect (H-6). ``card`` may be None only between hidden zones
    (deck and hands); a card going to or from a pile or the discard is named."""

    source: Zone
    target: Zone
    card: int | None = None
    source_player: int | None = None
    target_player: int | None = None


@dataclass(frozen=True)
class EndEffect:
    """The table has finished resolving the open season effect."""


@dataclass(frozen=True)
class TakeSet:
    """A wilderness player takes one remaining set into the hand (H-7)."""

    player: int
    index: int


Action = RevealSet | Play | Pick | Adjust | EndEffect | TakeSet


class Phase(StrEnum):
    REFILL = "refill"  # wilderness sets to lay out
    PLAY = "play"
    PICK = "pick"  # battlefield winners choose
    EFFECT = "effect"  # a season effect is being resolved
    TAKE = "take"  # wilderness players choose sets
    OVER = "over"


@dataclass
class State:
    setup: Setup
    phase: Phase = Phase.REFILL
    round: int = 1
    round_start: int = 0
    turn: int = 0
    hand_counts: list[int] = field(default_factory=list)
    known_hands: list[set[int]] = field(default_factory=list)
    deck_count: int = 0
    wilderness: list[tuple[int, ...]] = field(default_factory=list)
    played: list[tuple[int, int, Field]] = field(default_factory=list)  # (player, card, field)
    battle_taken: set[int] = field(default_factory=set)
    pickers: list[int] = field(default_factory=list)  # winners still to pick, in order
    takers: list[int] = field(default_factory=list)  # wilderness players still to take
    effect: tuple[int, Season] | None = None  # (player, season) being resolved
    piles: list[list[int]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    voids: list[tuple[int, int, Field, str]] = field(default_factory=list)  # round, player, field, colour

    def copy(self) -> State:
        return copy_state(self)

    def lead(self, where: Field) -> str | None:
        """The lead colour of a field this round: the colour of its first card (H-4)."""
        for _, card, f in self.played:
            if f is where:
                return self.setup.deck.colour_of[card]
        return None

    def field_cards(self, where: Field) -> list[int]:
        return [card for _, card, f in self.played if f is where]

    def known(self) -> dict[int, Msg]:
        names = self.setup.players
        out: dict[int, Msg] = {}
        for i, cards in enumerate(self.wilderness):
            for c in cards:
                out[c] = Msg(f"in wilderness set {i + 1}", f"在野の {i + 1} 組目")
        for p, card, f in self.played:
            if card not in self.battle_taken:
                out[card] = Msg(f"played by {names[p]} to {FIELD_NAMES[f].en}",
                                f"{names[p]}が{FIELD_NAMES[f].ja}に出したカード")
        for p, pile in enumerate(self.piles):
            for c in pile:
                out[c] = Msg(f"in {names[p]}'s score pile", f"{names[p]}の得点札")
        for c in self.discard:
            out[c] = Msg("in the discard", "捨て札")
        for p, hand in enumerate(self.known_hands):
            for c in hand:
                out[c] = Msg(f"in {names[p]}'s hand", f"{names[p]}の手札")
        return out

    def hidden_counts(self) -> list[int]:
        return [count - len(self.known_hands[p]) for p, count in enumerate(self.hand_counts)]

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.REFILL:
            return Msg("lay out a wilderness set from the deck", "山札から在野のセットを並べてください")
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
                       f"{names[self.takers[0]]}が在野のセットを取ります")
        return Msg("the game is over", "ゲーム終了")


def new_state(setup: Setup) -> State:
    n = len(setup.players)
    return State(setup, round_start=setup.start, turn=setup.start, hand_counts=[HAND] * n,
                 known_hands=[set() for _ in range(n)], deck_count=10 * n - HAND * n,
                 piles=[[] for _ in range(n)])


def _phase_refusal(state: State, what: Msg) -> Refusal:
    return Refusal(Msg(f"cannot {what.en} now: ", f"今は{what.ja}できません。") + state.waiting_for())


def _check_new_card(state: State, card: int, *, own: int | None = None) -> None:
    n = len(state.setup.players)
    if card not in state.setup.cards:
        raise refuse(f"{fmt(card)} is not used with {n} players: the game uses 00 to {10 * n - 1} (H-1)",
                     f"{n}人では {fmt(card)} は使いません。使うのは 00〜{10 * n - 1} です")
    place = state.known().get(card)
    if place is not None and not (own is not None and card in state.known_hands[own]):
        raise refuse(f"{fmt(card)} is already {place.en}; each card exists once",
                     f"{fmt(card)} はすでに{place.ja}にあります。同じカードは1枚だけです")


def _check_player(state: State, player: int) -> str:
    return seat_name(state.setup.players, player)


def apply(state: State, action: Action) -> tuple[State, Msg]:
    """Validate ``action``; return the new state and the ruling, or raise :class:`Refusal`."""
    if isinstance(action, RevealSet):
        return _reveal_set(state, action)
    if isinstance(action, Play):
        return _play(state, action)
    if isinstance(action, Pick):
        return _pick(state, action)
    if isinstance(action, Adjust):
        return _adjust(state, action)
    if isinstance(action, EndEffect):
        return _end_effect(state)
    return _take_set(state, action)


def _reveal_set(state: State, action: RevealSet) -> tuple[State, Msg]:
    if state.phase is not Phase.REFILL:
        raise _phase_refusal(state, Msg("lay out a wilderness set", "在野のセットを並べることは"))
    size = min(SET_SIZE, state.deck_count)
    if len(action.cards) != size:
        raise refuse(f"a wilderness set is {size} card(s) now ({state.deck_count} left in the deck; "
                     "a last single card makes a 1-card set, H-8)",
                     f"今の在野のセットは {size} 枚です（山札残り {state.deck_count} 枚。最後の1枚は1枚のセット）")
    if len(set(action.cards)) != len(action.cards):
        raise refuse("a set names the same card twice", "セットに同じカードが2回あります")
    for card in action.cards:
        _check_new_card(state, card)
    s = state.copy()
    s.wilderness.append(tuple(action.cards))
    s.deck_count -= len(action.cards)
    msg = Msg(f"Wilderness set {len(s.wilderness)}: {fmt_all(action.cards)}.",
              f"在野 {len(s.wilderness)} 組目：{fmt_all(action.cards)}。")
    if len(s.wilderness) == SETS or s.deck_count == 0:
        msg += _begin_round(s)
    return s, msg


def _begin_round(s: State) -> Msg:
    s.turn = s.round_start
    names = s.setup.players
    msg = Msg(f" Round {s.round}: {names[s.round_start]} starts.",
              f" 第{s.round}ラウンド：{names[s.round_start]}から。")
    return msg + _next_player(s, first=True)


def _next_player(s: State, first: bool = False) -> Msg:
    """The next seat clockwise from the round's start that has cards; after the last, resolve (H-4)."""
    n = len(s.setup.players)
    order = [(s.round_start + k) % n for k in range(n)]
    for seat in order[0 if first else order.index(s.turn) + 1:]:
        if s.hand_counts[seat] > 0:
            s.turn = seat
            s.phase = Phase.PLAY
            return Msg("", "")
    return _resolve_battle(s)


def _play(state: State, action: Play) -> tuple[State, Msg]:
    if state.phase is not Phase.PLAY:
        raise _phase_refusal(state, Msg("play a card", "カードを出すことは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.turn:
        raise refuse(f"it is {names[state.turn]}'s turn, not {name}'s (H-4)",
                     f"今は{names[state.turn]}の番です（{name}ではありません）")
    _check_new_card(state, action.card, own=action.player)
    deck = state.setup.deck
    if action.field is Field.WILD and not state.wilderness:
        raise refuse("no wilderness set is left, so the card must go to the battlefield (H-4)",
                     "在野のセットが残っていないので、戦場に出さなければなりません")
    lead = state.lead(action.field)
    colour = deck.colour_of[action.card]
    where = FIELD_NAMES[action.field]
    off_colour = lead is not None and colour != lead
    if off_colour and not action.void:
        lead_c = next(c for c in deck.colours if c.key == lead)
        raise refuse(f"{where.en} leads {lead_c.en}: {name} must play {lead_c.en} there if holding "
                     f"any; confirm {name} holds no {lead_c.en} to play {fmt(action.card)} "
                     f"({deck.colour(action.card).en}) (H-4)",
                     f"{where.ja}の色は{lead_c.ja}です。{lead_c.ja}を持っていれば出さなければなりません。"
                     f"{fmt(action.card)}（{deck.colour(action.card).ja}）を出すには{lead_c.ja}がないことを確認してください")
    s = state.copy()
    s.hand_counts[action.player] -= 1
    s.known_hands[action.player].discard(action.card)
    s.played.append((action.player, action.card, action.field))
    c = deck.colour(action.card)
    msg = Msg(f"{name} plays {fmt(action.card)} ({c.en}) to {where.en}",
              f"{name}が {fmt(action.card)}（{c.ja}）を{where.ja}に出しました")
    if lead is None:
        msg += Msg(f", leading {c.en}.", f"。{c.ja}がリードです。")
    elif off_colour:
        lead_c = next(x for x in deck.colours if x.key == lead)
        s.voids.append((s.round, action.player, action.field, lead))
        msg += Msg(f", declaring no {lead_c.en} in hand.", f"（{lead_c.ja}なしと宣言）。")
    else:
        msg += Msg(", following.", "（フォロー）。")
    return s, msg + _next_player(s)


def _resolve_battle(s: State) -> Msg:
    """H-5: the colour with most cards wins, ties to the colour holding the largest number."""
    deck = s.setup.deck
    names = s.setup.players
    battle = [(p, card) for p, card, f in s.played if f is Field.BATTLE]
    if not battle:
        return Msg(" Nobody played to the battlefield.", " 戦場には誰も出しませんでした。") + _resolve_wild(s)
    counts: dict[str, int] = {}
    for _, card in battle:
        counts[deck.colour_of[card]] = counts.get(deck.colour_of[card], 0) + 1
    most = max(counts.values())
    tied = [k for k, v in counts.items() if v == most]
    winner = max(tied, key=lambda k: max(card for _, card in battle if deck.colour_of[card] == k))
    wc = next(c for c in deck.colours if c.key == winner)
    if len(tied) > 1:
        top = max(card for _, card in battle if deck.colour_of[card] == winner)
        why = Msg(f"{len(tied)} colours tie with {most} cards; {wc.en} holds the largest number, "
                  f"{fmt(top)}",
                  f"{len(tied)}色が{most}枚で同数、最大の数字 {fmt(top)} を含む{wc.ja}")
    else:
        why = Msg(f"{wc.en} has the most cards ({most})", f"{wc.ja}が最多（{most}枚）")
    winners_ = sorted(((card, p) for p, card in battle if deck.colour_of[card] == winner), reverse=True)
    s.pickers = [p for _, p in winners_]
    s.phase = Phase.PICK
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in winners_)
    order_ja = "、".join(f"{names[p]}（{fmt(c)}）" for c, p in winners_)
    return Msg(f" Battlefield: {why.en}; winners pick from the largest number down: {order} (H-5).",
               f" 戦場：{why.ja}。勝者は大きい数字から選びます：{order_ja}。")


def _pick(state: State, action: Pick) -> tuple[State, Msg]:
    if state.phase is not Phase.PICK:
        raise _phase_refusal(state, Msg("pick a battlefield card", "戦場のカードを選ぶことは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.pickers[0]:
        raise refuse(f"{names[state.pickers[0]]} picks next, not {name} (largest number first, H-5)",
                     f"次に選ぶのは{names[state.pickers[0]]}です（{name}ではありません）")
    available = [c for c in state.field_cards(Field.BATTLE) if c not in state.battle_taken]
    if action.card not in available:
        raise refuse(f"{fmt(action.card)} is not on the battlefield to take; available: "
                     f"{fmt_all(available)} (wilderness cards are never taken, H-5)",
                     f"{fmt(action.card)} は戦場で取れるカードではありません。取れるカード：{fmt_all(available)}")
    s = state.copy()
    s.battle_taken.add(action.card)
    s.piles[action.player].append(action.card)
    s.pickers.pop(0)
    msg = Msg(f"{name} takes {fmt(action.card)} into the score pile.",
              f"{name}が {fmt(action.card)} を得点札にしました。")
    season = state.setup.deck.season(action.card)
    if season is Season.SPRING:
        msg += Msg(" Spring: +1 point at scoring (H-6).", " 春：得点計算で +1。")
    elif season is Season.AUTUMN and s.deck_count == 0:
        msg += Msg(" Autumn cannot apply: the deck is empty (H-6).", " 山札が空なので秋の効果は適用できません。")
    elif season is not None:
        s.effect = (action.player, season)
        s.phase = Phase.EFFECT
        sn = SEASON_NAMES[season]
        return s, msg + Msg(f" {sn.en.capitalize()} effect: the table moves the cards it calls for, "
                            "then ends the effect (H-6).",
                            f" {sn.ja}の効果：卓が必要なカードを動かし、効果を終了してください。")
    return s, msg + _after_pick(s)


def _after_pick(s: State) -> Msg:
    if s.pickers:
        s.phase = Phase.PICK
        return Msg("", "")
    return _resolve_wild(s)


def _adjust(state: State, action: Adjust) -> tuple[State, Msg]:
    if state.phase is not Phase.EFFECT or state.effect is None:
        raise _phase_refusal(state, Msg("move cards for a season effect", "季節の効果でカードを動かすことは"))
    names = state.setup.players
    season = state.effect[1]
    for zone, player in ((action.source, action.source_player), (action.target, action.target_player)):
        if zone in (Zone.HAND, Zone.PILE):
            if player is None:
                raise refuse(f"say whose {ZONE_NAMES[zone].en} it is", f"誰の{ZONE_NAMES[zone].ja}か指定してください")
            _check_player(state, player)
    if action.source == action.target and action.source_player == action.target_player:
        raise refuse("a card must move somewhere else", "カードは別の場所へ動かしてください")
    card = action.card
    visible = {Zone.PILE, Zone.DISCARD}
    if card is None and (action.source in visible or action.target in visible):
        raise refuse("name the card: it goes to or from a face-up place",
                     "表向きの場所との移動なのでカードを指定してください")
    src_p, dst_p = action.source_player, action.target_player
    # where the card is now
    if action.source is Zone.DECK:
        if state.deck_count == 0:
            raise refuse("the deck is empty", "山札は空です")
        if card is not None:
            _check_new_card(state, card)
    elif action.source is Zone.HAND:
        assert src_p is not None
        if state.hand_counts[src_p] == 0:
            raise refuse(f"{names[src_p]} has no cards in hand", f"{names[src_p]}の手札はありません")
        if card is not None:
            _check_new_card(state, card, own=src_p)
    elif action.source is Zone.PILE:
        assert src_p is not None and card is not None
        if card not in state.piles[src_p]:
            raise refuse(f"{fmt(card)} is not in {names[src_p]}'s score pile",
                         f"{fmt(card)} は{names[src_p]}の得点札にありません")
    else:
        assert card is not None
        if card not in state.discard:
            raise refuse(f"{fmt(card)} is not in the discard", f"{fmt(card)} は捨て札にありません")
    s = state.copy()
    if action.source is Zone.DECK:
        s.deck_count -= 1
    elif action.source is Zone.HAND:
        assert src_p is not None
        s.hand_counts[src_p] -= 1
        if card is not None:
            s.known_hands[src_p].discard(card)
    elif action.source is Zone.PILE:
        assert src_p is not None and card is not None
        s.piles[src_p].remove(card)
    else:
        assert card is not None
        s.discard.remove(card)
    if action.target is Zone.DECK:
        s.deck_count += 1
    elif action.target is Zone.HAND:
        assert dst_p is not None
        s.hand_counts[dst_p] += 1
        if card is not None:
            s.known_hands[dst_p].add(card)
    elif action.target is Zone.PILE:
        assert dst_p is not None and card is not None
        s.piles[dst_p].append(card)
    else:
        assert card is not None
        s.discard.append(card)

    def place(z: Zone, p: int | None, lang: str) -> str:
        base = ZONE_NAMES[z].text("ja" if lang == "ja" else "en")
        if p is None:
            return base
        return f"{names[p]}の{base}" if lang == "ja" else f"{names[p]}'s {base}"

    what = fmt(card) if card is not None else "a card"
    what_ja = fmt(card) if card is not None else "1枚"
    return s, Msg(f"{SEASON_NAMES[season].en.capitalize()}: {what} from {place(action.source, src_p, 'en')} "
                  f"to {place(action.target, dst_p, 'en')}.",
                  f"{SEASON_NAMES[season].ja}：{what_ja}を{place(action.source, src_p, 'ja')}から"
                  f"{place(action.target, dst_p, 'ja')}へ。")


def _end_effect(state: State) -> tuple[State, Msg]:
    if state.phase is not Phase.EFFECT:
        raise _phase_refusal(state, Msg("end a season effect", "季節の効果を終えることは"))
    s = state.copy()
    s.effect = None
    return s, Msg("The season effect is resolved.", "季節の効果を解決しました。") + _after_pick(s)


def _resolve_wild(s: State) -> Msg:
    """H-7: wilderness players, smallest number first, each take one remaining set."""
    names = s.setup.players
    wild = sorted((card, p) for p, card, f in s.played if f is Field.WILD)
    if not wild:
        return _cleanup(s)
    s.takers = [p for _, p in wild][: len(s.wilderness)]
    left_out = [p for _, p in wild][len(s.wilderness):]
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in wild[: len(s.takers)])
    msg = Msg(f" Wilderness: smallest number first: {order} (H-7).",
              f" 在野：小さい数字から：{'、'.join(f'{names[p]}（{fmt(c)}）' for c, p in wild[: len(s.takers)])}。")
    if left_out:
        who = ", ".join(names[p] for p in left_out)
        msg += Msg(f" No set is left for {who}.", f" {'・'.join(names[p] for p in left_out)}の分のセットはありません。")
    if not s.takers:
        return msg + _cleanup(s)
    s.phase = Phase.TAKE
    return msg


def _take_set(state: State, action: TakeSet) -> tuple[State, Msg]:
    if state.phase is not Phase.TAKE:
        raise _phase_refusal(state, Msg("take a wilderness set", "在野のセットを取ることは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.takers[0]:
        raise refuse(f"{names[state.takers[0]]} takes next, not {name} (smallest number first, H-7)",
                     f"次に取るのは{names[state.takers[0]]}です（{name}ではありません）")
    if not 0 <= action.index < len(state.wilderness):
        sets = "; ".join(f"{i}: {fmt_all(c)}" for i, c in enumerate(state.wilderness))
        raise refuse(f"there is no wilderness set {action.index}; remaining sets: {sets}",
                     f"在野のセット {action.index} はありません。残り：{sets}")
    s = state.copy()
    cards = s.wilderness.pop(action.index)
    s.hand_counts[action.player] += len(cards)
    s.known_hands[action.player].update(cards)
    s.takers.pop(0)
    msg = Msg(f"{name} takes the set {fmt_all(cards)} into the hand.",
              f"{name}がセット {fmt_all(cards)} を手札に加えました。")
    if not s.takers:
        msg += _cleanup(s)
    return s, msg


def _cleanup(s: State) -> Msg:
    """H-8 discard and refill, H-9 the end, H-10 the next start player."""
    names = s.setup.players
    s.discard.extend(card for _, card, f in s.played if card not in s.battle_taken)
    s.played = []
    s.battle_taken = set()
    empty = [names[p] for p, c in enumerate(s.hand_counts) if c == 0]
    if len(empty) >= 2:
        s.phase = Phase.OVER
        return Msg(f" Cleanup: {', '.join(empty)} hold no cards: the game is over (H-9).",
                   f" クリーンアップ：{'・'.join(empty)}の手札が0枚なのでゲーム終了。")
    s.round += 1
    s.round_start = (s.round_start + 1) % len(names)
    msg = Msg(" Cleanup: the rest is discarded.", " クリーンアップ：残りは捨て札に。")
    if len(s.wilderness) < SETS and s.deck_count > 0:
        s.phase = Phase.REFILL
        return msg + Msg(f" Refill the wilderness to {SETS} sets from the deck (H-8).",
                         f" 山札から在野を{SETS}セットまで補充します。")
    return msg + _begin_round(s)


def scores(state: State) -> list[Score]:
    return [score(pile, state.setup.deck) for pile in state.piles]


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)


# --------------------------------------------------------------------------- records

ACTIONS = (RevealSet, Play, Pick, Adjust, EndEffect, TakeSet)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, parse_card, None)
    return action

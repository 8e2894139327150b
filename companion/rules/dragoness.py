"""Reign of Dragoness: rules D-1 to D-11 of ``shared/rules/RULES.md``.

A game is a :class:`Setup` plus an append-only list of actions, folded by :func:`apply`.
The engine sees the cards played, never a hand: it counts hands from 13 down.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.rules import records
from companion.rules.common import Msg, Refusal, check_players, copy_state, normalize_token, refuse, replay, seat_name

GAME = "dragoness"
TITLE = Msg("Reign of Dragoness", "レイン・オブ・ドラゴンネス")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND = 13  # D-2
ROUNDS = 5  # D-11
DRAGONESS_NUMBER = 13

ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    ("D-1", Msg("Special cards: Dragoness ×1, Page ×2, Squire ×2, Dragon Knight ×2, Revive ×2 "
                "(105 cards in all).",
                "特殊カード：ドラゴンネス1・ページ2・従者2・ドラゴンナイト2・リバイブ2（計105枚）。")),
    ("D-4", Msg("A run does not wrap (12 is not followed by 1); the Dragoness can only be the 13 "
                "at the top of a run.",
                "ランは一周しません（12 の次は 1 ではない）。ドラゴンネスはランの頂上の 13 にだけなれます。")),
    ("D-11", Msg("Players tied for the highest total share the win.",
                 "合計が同点の最高点は勝利を分け合います。")),
)


# --------------------------------------------------------------------------- deck (D-1, D-2)


class Kind(StrEnum):
    DRAGON = "dragon"
    DRAGONESS = "dragoness"
    PAGE = "page"
    SQUIRE = "squire"
    KNIGHT = "knight"
    REVIVE = "revive"


WILD_RANGE = {Kind.PAGE: range(1, 9), Kind.SQUIRE: range(9, 13), Kind.KNIGHT: range(1, 13)}
ALONE = {Kind.PAGE: 8, Kind.SQUIRE: 9, Kind.KNIGHT: 12}  # D-5: played alone


@dataclass(frozen=True)
class Clan:
    code: str
    en: str
    ja: str
    gems: int
    color: str


@dataclass(frozen=True)
class Special:
    code: str
    kind: Kind
    en: str
    ja: str
    count: int
    text: Msg


@dataclass(frozen=True, order=True)
class Card:
    """A dragon (``clan`` code and ``number``) or a special (``code``, no number)."""

    code: str
    number: int = 0

    def __str__(self) -> str:
        return f"{self.code}{self.number}" if self.number else self.code


@dataclass(frozen=True)
class Deck:
    name: Msg
    numbers: int
    clans: tuple[Clan, ...]
    specials: tuple[Special, ...]
    by_players: tuple[tuple[tuple[int, ...], int, tuple[tuple[str, int], ...]], ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Deck:
        try:
            clans = tuple(Clan(str(c["code"]), str(c["en"]), str(c["ja"]), int(c["gems"]), str(c["color"]))
                          for c in data["clans"])
            specials = tuple(Special(str(s["code"]), Kind(s["kind"]), str(s["en"]), str(s["ja"]), int(s["count"]),
                                     Msg(str(s["text"]["en"]), str(s["text"]["ja"])))
                             for s in data["specials"])
            by_players = tuple((tuple(int(p) for p in b["players"]), int(b["clans"]),
                                tuple((str(k), int(v)) for k, v in b["specials"].items()))
                               for b in data["by_players"])
            numbers = int(data["numbers"])
            name = data.get("name", {})
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(f"the Dragoness deck definition is broken ({error}); it needs numbers, clans, "
                         "specials and by_players",
                         f"ドラゴンネスのデッキ定義が壊れています（{error}）。numbers・clans・specials・"
                         "by_players が必要です") from None
        codes = [c.code for c in clans] + [s.code for s in specials]
        if len({c.lower() for c in codes}) != len(codes):
            raise refuse("the Dragoness deck definition repeats a code",
                         "ドラゴンネスのデッキ定義で記号が重複しています")
        if {s.kind for s in specials} != set(Kind) - {Kind.DRAGON}:
            raise refuse("the Dragoness deck definition needs one special of each kind: dragoness, page, squire, "
                         "knight, revive",
                         "特殊カードは dragoness・page・squire・knight・revive を1種ずつ定義してください")
        return cls(Msg(str(name.get("en", "Reign of Dragoness")), str(name.get("ja", "ドラゴンネス"))),
                   numbers, tuple(sorted(clans, key=lambda c: c.gems)), specials, by_players)

    def to_data(self) -> dict[str, Any]:
        return {
            "format": 1, "game": GAME, "name": {"en": self.name.en, "ja": self.name.ja},
            "numbers": self.numbers,
            "clans": [{"code": c.code, "en": c.en, "ja": c.ja, "gems": c.gems, "color": c.color}
                      for c in self.clans],
            "specials": [{"code": s.code, "kind": s.kind.value, "en": s.en, "ja": s.ja, "count": s.count,
                          "text": {"en": s.text.en, "ja": s.text.ja}} for s in self.specials],
            "by_players": [{"players": list(p), "clans": c, "specials": dict(s)} for p, c, s in self.by_players],
        }

    def special(self, kind: Kind) -> Special:
        return next(s for s in self.specials if s.kind is kind)

    def kind(self, card: Card) -> Kind:
        for s in self.specials:
            if s.code == card.code:
                return s.kind
        return Kind.DRAGON

    def clan(self, code: str) -> Clan:
        return next(c for c in self.clans if c.code == code)

    def all_cards(self) -> Counter[Card]:
        """The 105-card box (D-1)."""
        out: Counter[Card] = Counter(Card(c.code, n) for c in self.clans for n in range(1, self.numbers + 1))
        for s in self.specials:
            out[Card(s.code)] += s.count
        return out

    def for_players(self, players: int) -> Counter[Card]:
        """The deck used by ``players`` players (D-2)."""
        return Counter(self._for_players(players))

    @functools.cache  # noqa: B019 - decks are few and immutable
    def _for_players(self, players: int) -> Counter[Card]:
        for counts, clans, specials in self.by_players:
            if players in counts:
                out: Counter[Card] = Counter(Card(c.code, n) for c in self.clans[:clans]
                                             for n in range(1, self.numbers + 1))
                for code, count in specials:
                    out[Card(code)] += count
                return out
        raise refuse(f"Reign of Dragoness takes 2 to 8 players, not {players}",
                     f"ドラゴンネスは2〜8人用です（{players}人は不可）")

    def forms(self) -> Msg:
        clans = " ".join(c.code for c in self.clans)
        specials = " ".join(s.code for s in self.specials)
        return Msg(f"write a clan ({clans}) and a number 1–{self.numbers}, e.g. Lo7, gy12, ローシェン7; or a "
                   f"special: {specials} (or its name)",
                   f"クラン（{clans}）と数字 1〜{self.numbers}（例：Lo7、gy12、ローシェン7）か、特殊カード"
                   f"（{specials} または名前）で書きます")

    def parse(self, token: str) -> Card:
        text = normalize_token(token)
        low = text.lower()
        for s in self.specials:
            if low in (s.code.lower(), s.en.lower(), s.en.lower().replace(" ", "")) or text == s.ja:
                return Card(s.code)
        for c in self.clans:
            for prefix in (c.code.lower(), c.en.lower(), c.ja):
                body = low if prefix != c.ja else text
                if body.startswith(prefix) and body[len(prefix):].isdigit():
                    n = int(body[len(prefix):])
                    if 1 <= n <= self.numbers:
                        return Card(c.code, n)
        raise Refusal(Msg(f"{token!r} is not a card: ", f"{token!r} はカードではありません。") + self.forms())

    def label(self, card: Card, lang: str = "en") -> str:
        kind = self.kind(card)
        if kind is Kind.DRAGON:
            clan = self.clan(card.code)
            return f"{clan.ja if lang == 'ja' else clan.en} {card.number}"
        s = self.special(kind)
        return s.ja if lang == "ja" else s.en


# --------------------------------------------------------------------------- patterns (D-3, D-4, D-5)


class Shape(StrEnum):
    SINGLE = "single"
    SET = "set"
    RUN = "run"


SHAPE_NAMES = {Shape.SINGLE: Msg("single", "シングル"), Shape.SET: Msg("set", "セット"), Shape.RUN: Msg("run", "ラン")}


@dataclass(frozen=True)
class Pattern:
    """One reading of a played group: its shape, size, and each card as (number, gems)."""

    shape: Shape
    values: tuple[tuple[int, int], ...]  # per card, in the order played

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def high(self) -> tuple[int, int]:
        """The highest card (D-3: higher number, then more gems)."""
        return max(self.values)

    def describe(self) -> Msg:
        numbers = sorted(v[0] for v in self.values)
        shape = SHAPE_NAMES[self.shape]
        if self.shape is Shape.SET:
            body = f"{self.size} × {numbers[0]}"
        elif self.shape is Shape.RUN:
            body = f"{numbers[0]}–{numbers[-1]}"
        else:
            body = str(numbers[0])
        return Msg(f"{shape.en} {body} (high {self.high[0]}/{self.high[1]} gems)",
                   f"{shape.ja} {body}（最高 {self.high[0]}・宝石{self.high[1]}）")

    def wild_numbers(self, kinds: Sequence[Kind]) -> tuple[int, ...]:
        return tuple(v[0] for v, k in zip(self.values, kinds, strict=True) if k in WILD_RANGE)


def stronger(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """D-3: a is stronger than b: a higher number, or the same number and more gems."""
    return a > b


def _options(deck: Deck, card: Card, alone: bool) -> list[tuple[int, int]]:
    kind = deck.kind(card)
    lochen, gylden = deck.clans[0].gems, deck.clans[-1].gems
    if kind is Kind.DRAGON:
        return [(card.number, deck.clan(card.code).gems)]
    if kind is Kind.DRAGONESS:
        return [(DRAGONESS_NUMBER, gylden + 1)]
    if kind is Kind.REVIVE:
        return []
    gems = gylden if kind is Kind.KNIGHT else lochen
    if alone:
        return [(ALONE[kind], gems)]
    return [(n, gems) for n in WILD_RANGE[kind]]


def patterns(deck: Deck, cards: Sequence[Card]) -> list[Pattern]:
    """Every legal reading of ``cards`` as a single, set or run (D-4, D-5), strongest first."""
    n = len(cards)
    kinds = [deck.kind(c) for c in cards]
    if n == 0 or Kind.REVIVE in kinds or n > 5:
        return []
    options = [_options(deck, c, alone=n == 1) for c in cards]
    found: set[Pattern] = set()
    if n == 1:
        found.add(Pattern(Shape.SINGLE, (options[0][0],)))
    if n >= 2 and Kind.DRAGONESS not in kinds:  # a set: one number, no Dragoness
        for number in range(1, deck.numbers + 1):
            picks = [[o for o in opts if o[0] == number] for opts in options]
            if all(picks):
                found.add(Pattern(Shape.SET, tuple(p[0] for p in picks)))
    if n >= 3:  # a run: consecutive numbers, each once, no wrap; the Dragoness (13) can only top it
        for combo in itertools.product(*options):
            numbers = sorted(v[0] for v in combo)
            if numbers == list(range(numbers[0], numbers[0] + n)):
                found.add(Pattern(Shape.RUN, tuple(combo)))
    return sorted(found, key=lambda p: (p.high, p.shape.value), reverse=True)


# --------------------------------------------------------------------------- round points (D-10, D-11)


def round_points(out: int, cards_left: Mapping[int, int]) -> tuple[dict[int, int], Msg]:
    """D-10: first out 3; then fewest cards 2, next 1; a tie for second gives each 2 and no 1;
    a tie for third gives each 1."""
    points = {out: 3}
    points.update({p: 0 for p in cards_left})
    rest = dict(cards_left)
    if not rest:
        return points, Msg("first out: 3.", "1抜け：3点。")
    fewest = min(rest.values())
    seconds = [p for p, c in rest.items() if c == fewest]
    for p in seconds:
        points[p] = 2
    if len(seconds) >= 2:
        return points, Msg(f"first out: 3; {len(seconds)} players tie for second with {fewest} cards: 2 each, "
                           "no 1 given.",
                           f"1抜け：3点。2位が{fewest}枚で{len(seconds)}人同点：各2点、1点はなし。")
    for p in seconds:
        del rest[p]
    if not rest:
        return points, Msg(f"first out: 3; second ({fewest} cards): 2.", f"1抜け：3点。2位（{fewest}枚）：2点。")
    third = min(rest.values())
    thirds = [p for p, c in rest.items() if c == third]
    for p in thirds:
        points[p] = 1
    tie = Msg(f" ({len(thirds)} tie: 1 each)", f"（{len(thirds)}人同点：各1点）") if len(thirds) > 1 else Msg("", "")
    return points, Msg(f"first out: 3; second ({fewest} cards): 2; third ({third} cards): 1",
                       f"1抜け：3点。2位（{fewest}枚）：2点。3位（{third}枚）：1点") + tie + Msg(".", "。")


def winners(totals: Sequence[int]) -> list[int]:
    """D-11: the highest total; a tie is shared."""
    top = max(totals, default=None)
    return [i for i, t in enumerate(totals) if t == top]


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    deck: Deck

    def __post_init__(self) -> None:
        check_players(self.players, MIN_PLAYERS, MAX_PLAYERS, TITLE)

    @property
    def cards(self) -> Counter[Card]:
        return self.deck._for_players(len(self.players))

    @property
    def unused(self) -> int:
        return sum(self.cards.values()) - HAND * len(self.players)


@dataclass(frozen=True)
class Opening:
    """The table names who holds the round's lowest card, and which card it is (D-6)."""

    player: int
    card: Card


@dataclass(frozen=True)
class PlayCards:
    """A lead or a follow (D-6, D-7). ``wilds``: the numbers the player declares for the wild
    cards, in the order they were played; None lets the engine choose (D-5)."""

    player: int
    cards: tuple[Card, ...]
    wilds: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Pass:
    player: int


@dataclass(frozen=True)
class Revive:
    """A Revive played instead of following (D-9)."""

    player: int


@dataclass(frozen=True)
class OnlyRevives:
    """A player shows that their hand holds only Revive cards: it counts as empty (D-10)."""

    player: int


Action = Opening | PlayCards | Pass | Revive | OnlyRevives


class Phase(StrEnum):
    OPENING = "opening"  # waiting for the table to name the lowest card
    LEAD = "lead"  # the turn player leads any pattern
    FOLLOW = "follow"  # the turn player follows, passes or revives
    REVIVED = "revived"  # the reviver must at once play the same shape, weaker
    OVER = "over"  # all five rounds are played


@dataclass
class State:
    setup: Setup
    phase: Phase = Phase.OPENING
    round: int = 1
    turn: int = 0
    hand_counts: list[int] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)  # every card in the current pile
    top: Pattern | None = None
    top_player: int | None = None
    must_contain: Card | None = None  # the opening card the first lead must contain
    passed: set[int] = field(default_factory=set)
    cleared: list[Card] = field(default_factory=list)  # cards of piles already won this round
    out_revives: dict[int, int] = field(default_factory=dict)  # only-Revive hands shown
    results: list[dict[int, int]] = field(default_factory=list)  # points per finished round

    def copy(self) -> State:
        return copy_state(self)

    def played(self) -> Counter[Card]:
        return Counter(self.pile) + Counter(self.cleared)

    def totals(self) -> list[int]:
        return [sum(r.get(p, 0) for r in self.results) for p in range(len(self.setup.players))]

    def waiting_for(self) -> Msg:
        names = self.setup.players
        if self.phase is Phase.OPENING:
            return Msg(f"round {self.round}: name who holds the lowest card",
                       f"第{self.round}ラウンド：最も低いカードの持ち主を指定")
        if self.phase is Phase.LEAD:
            return Msg(f"{names[self.turn]} leads a pattern", f"{names[self.turn]}がパターンをリードします")
        if self.phase is Phase.FOLLOW:
            return Msg(f"{names[self.turn]} follows, passes or revives",
                       f"{names[self.turn]}がフォロー・パス・リバイブ")
        if self.phase is Phase.REVIVED:
            return Msg(f"{names[self.turn]} plays the same shape, weaker",
                       f"{names[self.turn]}が同じ形でより弱いパターンを出します")
        return Msg("the game is over", "ゲーム終了")


def new_state(setup: Setup) -> State:
    return State(setup, hand_counts=[HAND] * len(setup.players))


def _phase_refusal(state: State, what: Msg) -> Refusal:
    return Refusal(Msg(f"cannot {what.en} now: ", f"今は{what.ja}できません。") + state.waiting_for())


def _player(state: State, player: int) -> str:
    return seat_name(state.setup.players, player)


def _on_turn(state: State, player: int) -> str:
    name = _player(state, player)
    if player != state.turn:
        turn = state.setup.players[state.turn]
        raise refuse(f"it is {turn}'s turn, not {name}'s (D-7)", f"今は{turn}の番です（{name}ではありません）")
    return name


def _check_available(state: State, cards: Sequence[Card]) -> None:
    """Each card is in this player count's deck (D-2) and not yet played this round."""
    deck = state.setup.deck
    have = state.setup.cards
    played = state.played()
    for card, count in Counter(cards).items():
        if have[card] == 0:
            raise Refusal(Msg(f"{card} is not in the deck for {len(state.setup.players)} players (D-2); ",
                              f"{deck.label(card, 'ja')}（{card}）は{len(state.setup.players)}人用の"
                              "デッキにありません。") + deck.forms())
        if played[card] + count > have[card]:
            copies = have[card]
            raise refuse(f"{card} has already been played this round (the deck holds {copies})",
                         f"{deck.label(card, 'ja')} はこのラウンドですでに出ています（デッキに {copies} 枚）")


def apply(state: State, action: Action) -> tuple[State, Msg]:
    if isinstance(action, Opening):
        return _opening(state, action)
    if isinstance(action, PlayCards):
        return _play(state, action)
    if isinstance(action, Pass):
        return _pass(state, action)
    if isinstance(action, Revive):
        return _revive(state, action)
    return _only_revives(state, action)


def _opening(state: State, action: Opening) -> tuple[State, Msg]:
    if state.phase is not Phase.OPENING:
        raise _phase_refusal(state, Msg("name the lowest card", "最も低いカードを指定"))
    name = _player(state, action.player)
    if state.setup.deck.kind(action.card) is not Kind.DRAGON:
        raise refuse("the lowest card is a dragon card (Lochen 1, else Frond 1, …), not a special (D-6)",
                     "最も低いカードはドラゴンカード（ローシェン1、なければフロンド1…）です")
    _check_available(state, [action.card])
    s = state.copy()
    s.turn = action.player
    s.must_contain = action.card
    s.phase = Phase.LEAD
    return s, Msg(f"Round {s.round}: {name} holds the lowest card, {action.card}, and leads a pattern "
                  "containing it (D-6).",
                  f"第{s.round}ラウンド：最も低いカード {s.setup.deck.label(action.card, 'ja')} を持つ{name}が、"
                  "それを含むパターンでリードします。")


def _choose(state: State, action: PlayCards, candidates: list[Pattern],
            weaker_than: Pattern | None) -> tuple[Pattern, Msg]:
    """D-5: the declared reading, else the strongest that beats the top (after a Revive the
    weakest below it), and say which."""
    deck = state.setup.deck
    kinds = [deck.kind(c) for c in action.cards]
    if action.wilds is not None:
        chosen = [p for p in candidates if p.wild_numbers(kinds) == tuple(action.wilds)]
        if not chosen:
            raise refuse(f"the wild cards cannot be {', '.join(map(str, action.wilds))} here: no legal pattern "
                         "reads that way (D-5)",
                         f"ワイルドを {'・'.join(map(str, action.wilds))} とする読み方では出せません")
        return chosen[0], Msg(" as declared", "（宣言どおり）")
    if len(candidates) == 1:
        return candidates[0], Msg("", "")
    weakest = weaker_than is not None
    pick = min(candidates, key=lambda p: p.high) if weakest else candidates[0]
    wilds = pick.wild_numbers(kinds)
    if not wilds:
        return pick, Msg("", "")
    which = Msg("weakest", "最も弱い") if weakest else Msg("strongest", "最も強い")
    return pick, Msg(f"; the engine reads the wilds as {', '.join(map(str, wilds))}, the {which.en} reading",
                     f"。ワイルドは{which.ja}読み方 {'・'.join(map(str, wilds))} とします")


def _play(state: State, action: PlayCards) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise _phase_refusal(state, Msg("play cards", "カードを出すことは"))
    name = _on_turn(state, action.player)
    deck = state.setup.deck
    cards = list(action.cards)
    if len(cards) > state.hand_counts[action.player]:
        raise refuse(f"{name} holds only {state.hand_counts[action.player]} card(s)",
                     f"{name}の手札は {state.hand_counts[action.player]} 枚だけです")
    _check_available(state, cards)
    group = " ".join(map(str, cards))
    group_ja = "・".join(deck.label(c, "ja") for c in cards)
    readings = patterns(deck, cards)
    if not readings:
        raise refuse(f"{group} is not a pattern: play a single card, a set of 2–5 cards of one number (no "
                     "Dragoness), or a run of 3–5 consecutive numbers (D-4); a Revive is played on its own",
                     f"{group_ja} はパターンではありません。シングル、同じ数字2〜5枚のセット（ドラゴンネス不可）、"
                     "3〜5枚の連続した数字のランのどれかです")
    if state.phase is Phase.LEAD and state.must_contain is not None and state.must_contain not in cards:
        raise refuse(f"the first lead of the round must contain {state.must_contain} (D-6)",
                     f"ラウンド最初のリードには {deck.label(state.must_contain, 'ja')} を含めてください")
    weaker_than = None
    if state.phase is not Phase.LEAD:
        assert state.top is not None
        top = state.top
        same = [p for p in readings if p.shape is top.shape and p.size == top.size]
        if not same:
            shape = SHAPE_NAMES[top.shape]
            raise refuse(f"{group} does not match the pile: play a {shape.en} of {top.size} (D-7)",
                         f"{group_ja} は場と同じ形ではありません。{top.size}枚の{shape.ja}を出してください")
        if state.phase is Phase.REVIVED:
            weaker_than = top
            fitting = [p for p in same if stronger(top.high, p.high)]
            need = Msg("weaker", "より弱い")
        else:
            fitting = [p for p in same if stronger(p.high, top.high)]
            need = Msg("stronger", "より強い")
        if not fitting:
            raise refuse(f"{group} is not {need.en} than {top.describe().en}: its highest card must be {need.en} "
                         "(higher number, or same number and more gems, D-3)",
                         f"{group_ja} は {top.describe().ja} より{need.ja}くありません（D-3）")
        readings = fitting
    chosen, how = _choose(state, action, readings, weaker_than)
    s = state.copy()
    s.hand_counts[action.player] -= len(cards)
    s.pile.extend(cards)
    s.top = chosen
    s.top_player = action.player
    s.must_contain = None
    verb = Msg("leads", "でリードしました") if state.phase is Phase.LEAD else Msg("plays", "を出しました")
    msg = Msg(f"{name} {verb.en} {group}: {chosen.describe().en}{how.en}.",
              f"{name}が {group_ja}（{chosen.describe().ja}）{verb.ja}{how.ja}。")
    if s.hand_counts[action.player] == 0:
        return s, msg + _round_over(s, action.player)
    return s, msg + _advance(s)


def _advance(s: State) -> Msg:
    """Next player clockwise still in the pile; when everyone else has passed, the pile is won (D-8)."""
    n = len(s.setup.players)
    seat = s.turn
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == s.top_player:
            break
        if seat not in s.passed:
            s.turn = seat
            s.phase = Phase.FOLLOW
            return Msg("", "")
    winner = s.top_player
    assert winner is not None
    name = s.setup.players[winner]
    s.cleared.extend(s.pile)
    s.pile = []
    s.top = None
    s.top_player = None
    s.passed = set()
    s.turn = winner
    s.phase = Phase.LEAD
    return Msg(f" Everyone else passed: {name} wins the pile and leads (D-8).",
               f" 全員パス：{name}が場を取り、リードします。")


def _pass(state: State, action: Pass) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        if state.phase is Phase.LEAD:
            raise refuse("the leader cannot pass: lead any pattern (D-8)", "リードする人はパスできません")
        raise _phase_refusal(state, Msg("pass", "パス"))
    name = _on_turn(state, action.player)
    s = state.copy()
    s.passed.add(action.player)
    return s, Msg(f"{name} passes and stays out of this pile (D-7).",
                  f"{name}はパス（この場が終わるまで不参加）。") + _advance(s)


def _revive(state: State, action: Revive) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        raise _phase_refusal(state, Msg("play a Revive", "リバイブを出すことは"))
    name = _on_turn(state, action.player)
    deck = state.setup.deck
    card = Card(deck.special(Kind.REVIVE).code)
    _check_available(state, [card])
    assert state.top is not None
    if state.top.high[0] >= 12:
        what = Msg("the Dragoness", "ドラゴンネス") if state.top.high[0] == DRAGONESS_NUMBER else Msg("a 12", "12")
        raise refuse(f"a Revive cannot be played on {what.en} (D-9)", f"{what.ja}の上にリバイブは出せません")
    s = state.copy()
    s.hand_counts[action.player] -= 1
    s.pile.append(card)
    s.passed = set()
    s.phase = Phase.REVIVED
    msg = Msg(f"{name} plays a Revive: everyone who passed rejoins, and {name} now plays a "
              f"{SHAPE_NAMES[state.top.shape].en} of {state.top.size} weaker than {state.top.describe().en} (D-9).",
              f"{name}がリバイブ：パスした全員が復帰。{name}は {state.top.describe().ja} より弱い"
              f"{state.top.size}枚の{SHAPE_NAMES[state.top.shape].ja}を出します。")
    if s.hand_counts[action.player] == 0:
        return s, msg + _round_over(s, action.player)
    return s, msg


def _only_revives(state: State, action: OnlyRevives) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW):
        raise _phase_refusal(state, Msg("show a hand of only Revive cards", "リバイブだけの手札を見せることは"))
    name = _player(state, action.player)
    count = state.hand_counts[action.player]
    revive = Card(state.setup.deck.special(Kind.REVIVE).code)
    left = state.setup.cards[revive] - state.played()[revive]
    if count > left:
        raise refuse(f"{name} holds {count} cards but only {left} Revive card(s) are unplayed",
                     f"{name}の手札は {count} 枚ですが、未使用のリバイブは {left} 枚です")
    s = state.copy()
    s.out_revives[action.player] = count
    s.hand_counts[action.player] = 0
    msg = Msg(f"{name} holds only Revive cards: the hand counts as empty (D-10).",
              f"{name}の手札はリバイブだけ：空とみなします。")
    return s, msg + _round_over(s, action.player)


def _round_over(s: State, out: int) -> Msg:
    names = s.setup.players
    left = {p: c for p, c in enumerate(s.hand_counts) if p != out}
    points, why = round_points(out, left)
    s.results.append(points)
    scored = ", ".join(f"{names[p]} {points[p]}" for p in range(len(names)))
    msg = Msg(f" {names[out]} is out: round {s.round} ends; {why.en} Points: {scored} (D-10).",
              f" {names[out]}が上がり、第{s.round}ラウンド終了。{why.ja}得点：{scored}。")
    if s.round == ROUNDS:
        s.phase = Phase.OVER
        totals = s.totals()
        top = ", ".join(names[i] for i in winners(totals))
        return msg + Msg(f" After {ROUNDS} rounds the winner is {top} (D-11).", f" {ROUNDS}ラウンド終了、勝者は{top}。")
    s.round += 1
    s.hand_counts = [HAND] * len(names)
    s.pile, s.cleared, s.top, s.top_player = [], [], None, None
    s.passed, s.out_revives, s.must_contain = set(), {}, None
    s.phase = Phase.OPENING
    return msg + Msg(" New deal: name who holds the lowest card.",
                     " 配り直し：最も低いカードの持ち主を指定してください。")


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)


# --------------------------------------------------------------------------- records

ACTIONS = (Opening, PlayCards, Pass, Revive, OnlyRevives)


def action_to_data(action: Action) -> dict[str, Any]:
    return records.to_data(action)


def action_from_data(deck: Deck, data: Mapping[str, Any]) -> Action:
    action: Action = records.from_data(data, ACTIONS, deck.parse, Card)
    return action

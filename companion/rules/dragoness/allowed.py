"""Reign of Dragoness: what is allowed now, from the state alone, and the state in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.common import EMPTY, GAME_OVER, Msg, plural, refuse, winner_words
from companion.rules.dragoness.checks import _fitting
from companion.rules.dragoness.deck import GAME, ROUNDS, Card, Value, _cards_ja
from companion.rules.dragoness.patterns import Pattern, Reading, _all_readings, pattern_kind, value_words
from companion.rules.dragoness.revive import revive_refusal
from companion.rules.dragoness.scoring import winners
from companion.rules.dragoness.state import Phase, State
from companion.rules.dragoness.words import Shape


def readings(state: State, cards: Sequence[Card]) -> list[Reading]:
    """Every reading of ``cards`` that may be played on the pile now (D-4, D-5, D-7, D-9), best
    for the player (strongest) first; the first is what the engine takes when none is named."""
    deck = state.setup.deck
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED) or not all(deck.known(c) for c in cards):
        return []
    group = tuple(cards)
    found = _all_readings(deck, group)
    fitting = _fitting(state, found) if found else []
    if not fitting:
        return []
    kinds = [deck.kind(c) for c in group]
    return [Reading(p, p.wild_numbers(kinds)) for p in fitting]


@dataclass(frozen=True)
class Allowed:
    """What may happen now, from the state alone (no hand is seen)."""

    phase: Phase
    round: int
    players: tuple[str, ...]
    player: int | None  # who plays now; None while the table names the opening, or when the game is over
    shape: Shape | None  # the pattern type required (None: any, when leading)
    size: int | None
    beat: Value | None  # the highest card to beat, or after a Revive to stay under
    under: bool  # after a Revive: the highest card must be weaker than ``beat``
    top: Pattern | None
    must_contain: Card | None  # the first lead of the round contains the opening card (D-6)
    can_pass: bool
    revive: bool
    revive_why_not: Msg | None
    passed: tuple[int, ...]
    hand_counts: tuple[int, ...]
    must_label_ja: str = ""  # the opening card's Japanese name, for describe()

    def to_data(self) -> dict[str, Any]:
        why = self.revive_why_not
        return {
            "phase": self.phase.value,
            "round": self.round,
            "player": self.player,
            "player_name": None if self.player is None else self.players[self.player],
            "shape": None if self.shape is None else self.shape.value,
            "size": self.size,
            "beat": None if self.beat is None else {"number": self.beat[0], "gems": self.beat[1]},
            "under": self.under,
            "top": None if self.top is None else {"en": self.top.describe().en, "ja": self.top.describe().ja},
            "must_contain": None if self.must_contain is None else str(self.must_contain),
            "can_pass": self.can_pass,
            "revive": {"allowed": self.revive, "why_not": None if why is None else {"en": why.en, "ja": why.ja}},
            "passed": [self.players[p] for p in self.passed],
            "hand_counts": {self.players[p]: c for p, c in enumerate(self.hand_counts)},
        }

    def describe(self) -> Msg:
        if self.phase is Phase.OVER:
            return GAME_OVER
        if self.phase is Phase.OPENING or self.player is None:
            return Msg(
                f"Round {self.round}: the table names who holds the lowest card (open NAME CARD, D-6).",
                f"第{self.round}ラウンド。最も低いカードの持ち主を指定します（開始 名前 カード、D-6）。",
            )
        name = self.players[self.player]
        if self.shape is None:
            must = self.must_contain
            if must is not None:
                return Msg(
                    f"{name} leads any pattern, containing {must} (D-6).",
                    f"{name}が{self.must_label_ja or must}を含むパターンで先攻します（D-6）。",
                )
            return Msg(f"{name} leads any pattern.", f"{name}が好きなパターンで次のパイルを開始します。")
        assert self.beat is not None and self.size is not None
        kind = pattern_kind(self.shape, self.size)
        beat = value_words(self.beat)
        highest = EMPTY if self.shape is Shape.SINGLE else Msg(" with its highest card", "、最も強いカードを")
        if self.under:
            return Msg(
                f"{name} plays {kind.en}{highest.en} weaker than {beat.en} (D-9); passing is not allowed.",
                f"{name}が{kind.ja}{highest.ja}{beat.ja}より弱くして出します。パスはできません（D-9）。",
            )
        out = [self.players[p] for p in self.passed]
        text = Msg(
            f"{name} plays {kind.en}{highest.en} stronger than {beat.en}, or passes",
            f"{name}が{kind.ja}{highest.ja}{beat.ja}より強くして出すか、パスします",
        )
        if self.revive:
            text = text + Msg(", or plays a Revive", "。蘇生カードも出せます")
        elif self.revive_why_not is not None:
            text = text + Msg(
                f"; no Revive: {self.revive_why_not.en}", f"。蘇生カードは出せません（{self.revive_why_not.ja}）"
            )
        if out:
            text = text + Msg(f". Passed: {', '.join(out)}", f"。パスした人は{'、'.join(out)}")
        return text + Msg(".", "。")


def allowed(state: State) -> Allowed:
    """Who plays, what they must play, whether a Revive is allowed and why not, who has passed."""
    playing = state.phase in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED)
    top = state.top if state.phase in (Phase.FOLLOW, Phase.REVIVED) else None
    refusal = revive_refusal(state)
    why = None if refusal is None else refusal.msg
    return Allowed(
        phase=state.phase,
        round=state.round,
        players=state.setup.players,
        player=state.turn if playing else None,
        shape=None if top is None else top.shape,
        size=None if top is None else top.size,
        beat=None if top is None else top.high,
        under=state.phase is Phase.REVIVED,
        top=top,
        must_contain=state.must_contain if state.phase is Phase.LEAD else None,
        can_pass=state.phase is Phase.FOLLOW,
        revive=state.phase is Phase.FOLLOW and why is None,
        revive_why_not=why,
        passed=tuple(sorted(state.passed)),
        hand_counts=state.hand_counts,
        must_label_ja="" if state.must_contain is None else state.setup.deck.label(state.must_contain, "ja"),
    )


def describe(state: State) -> Msg:
    """The state in words, several lines: the round, whose turn, the pile, hands, who has passed,
    the score so far."""
    names = state.setup.players
    deck = state.setup.deck
    lines = [
        Msg(
            f"Reign of Dragoness, round {min(state.round, ROUNDS)} of {ROUNDS}.",
            f"レイン・オブ・ドラゴンネス、第{min(state.round, ROUNDS)}／{ROUNDS}ラウンド。",
        ),
        allowed(state).describe(),
    ]
    if state.top is not None:
        who = names[state.top_player] if state.top_player is not None else ""
        lines.append(
            Msg(
                f"On the pile: {' '.join(map(str, state.pile))} — {state.top.describe().en}, played by {who}.",
                f"パイルは{_cards_ja(deck, state.pile)}（{state.top.describe().ja}）、{who}が出しました。",
            )
        )
    if state.phase is not Phase.OVER:
        hands = ", ".join(f"{names[p]} {c}" for p, c in enumerate(state.hand_counts))
        hands_ja = "、".join(f"{names[p]}が{c}枚" for p, c in enumerate(state.hand_counts))
        lines.append(Msg(f"Cards in hand: {hands}.", f"手札は{hands_ja}。"))
    if state.lower is not None and state.opening is not None:
        lines.append(
            Msg(
                f"{state.lower} was played although the round opened with {state.opening}: the opening broke D-6.",
                f"開始のカードは{deck.label(state.opening, 'ja')}でしたが、より低い"
                f"{deck.label(state.lower, 'ja')}が出ました。開始はD-6に反していました。",
            )
        )
    if state.results:
        totals = state.totals()
        scores = ", ".join(f"{names[p]} {t}" for p, t in enumerate(totals))
        scores_ja = "、".join(f"{names[p]}が{t}点" for p, t in enumerate(totals))
        done = len(state.results)
        lines.append(
            Msg(f"Points after {plural(done, 'round', 'rounds')}: {scores}.", f"{done}ラウンド後の合計は{scores_ja}。")
        )
    if state.phase is Phase.OVER:
        totals = state.totals()
        lines.append(winner_words(names, winners(totals), max(totals), "D-11"))
    return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))


def settle_input(state: State) -> dict[str, Any]:
    """The ``companion settle`` document for the rounds played so far (all five when the game is
    finished): each round's first out and everyone else's cards left (D-10, D-11)."""
    if not state.results:
        raise refuse(
            "no round has ended yet: there is nothing to settle", "まだ終わったラウンドがないので、得点計算はできません"
        )
    names = state.setup.players
    return {
        "game": GAME,
        "players": list(names),
        "rounds": [
            {"out": names[r.out], "cards_left": {names[p]: c for p, c in enumerate(r.left) if p != r.out}}
            for r in state.results
        ],
    }

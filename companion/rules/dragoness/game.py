"""Reign of Dragoness: the fold (``apply``): every action's ruling (its checks are in
``checks.py``, the Revive's in ``revive.py``)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from companion.rules.common import (
    EMPTY,
    Correct,
    Msg,
    Refusal,
    evolve,
    plural,
    refuse,
    replay,
    winner_words,
)
from companion.rules.dragoness.actions import ACTIONS, Action, OnlyRevives, Opening, Pass, PlayCards, Revive, Setup
from companion.rules.dragoness.checks import (
    _check_cards,
    _check_wilds,
    _choose,
    _legal,
    _on_turn,
    _phase_refusal,
    _player,
)
from companion.rules.dragoness.deck import (
    HAND,
    ROUNDS,
    Card,
    Deck,
    Kind,
    Value,
    _cards_ja,
)
from companion.rules.dragoness.notation import expected
from companion.rules.dragoness.patterns import _all_readings, pattern_kind
from companion.rules.dragoness.revive import _revives_left, revive_refusal
from companion.rules.dragoness.scoring import round_points, winners
from companion.rules.dragoness.state import Phase, RoundResult, State, _marked, new_state


def _natural_values(deck: Deck) -> dict[Card, Value]:
    """Each dragon card of the box and its own strength (D-3), made once per deck."""
    values: dict[Card, Value] | None = deck._cache.get("natural values")
    if values is None:
        values = deck._cache["natural values"] = {
            card: deck.profile(card, True)[1][0] for card in deck.all_cards() if deck.kind(card) is Kind.DRAGON
        }
    return values


_ABOVE_ALL = (99, 99)  # stronger than any card: what a special counts as when looking for lower cards (D-6)


def apply(state: State, action: Action) -> tuple[State, Msg]:
    """The state after ``action`` and the ruling in words; a move the rules refuse raises
    :class:`Refusal` and ``state`` is unchanged (it is never changed: states are frozen)."""
    if isinstance(action, ACTIONS):
        _player(state, action.player)  # a seat of this table, whatever the action
    if isinstance(action, PlayCards):
        return _play(state, action)
    if isinstance(action, Pass):
        return _pass(state, action)
    if isinstance(action, Opening):
        return _opening(state, action)
    if isinstance(action, Revive):
        return _revive(state, action)
    if isinstance(action, OnlyRevives):
        return _only_revives(state, action)
    if isinstance(action, Correct):
        return _correct(state, action)
    raise refuse(f"{action!r} is not a Reign of Dragoness action", f"{action!r} はドラゴンネスの手ではありません")


def _opening(state: State, action: Opening) -> tuple[State, Msg]:
    if state.phase is not Phase.OPENING:
        raise _phase_refusal(state, Msg("name the lowest card", "最も低いカードを指定"))
    name = _player(state, action.player)
    deck = state.setup.deck
    (card,) = _check_cards(state, (action.card,))
    if deck.kind(card) is not Kind.DRAGON:
        raise refuse(
            "the lowest card is a dragon card (Lochen 1, else Frond 1, …), not a special (D-6)",
            "最も低いカードはドラゴンカード（ローシェン1、なければフロンド1…）で、スペシャルカードではありません（D-6）",
        )
    s = evolve(state, turn=action.player, must_contain=card, opening=card, phase=Phase.LEAD)
    return s, Msg(
        f"Round {s.round}: {name} holds the lowest card, {card}, and leads a pattern containing it (D-6).",
        f"第{s.round}ラウンド。最も低いカード{deck.label(card, 'ja')}を持つ{name}が、"
        "それを含むパターンで先攻します（D-6）。",
    )


def _play(state: State, action: PlayCards) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise _phase_refusal(state, Msg("play cards", "カードを出すことは"))
    name = _on_turn(state, action.player)
    deck = state.setup.deck
    group = _check_cards(state, action.cards)
    wilds = _check_wilds(action.wilds)
    held = state.hand_counts[action.player]
    if len(group) > held:
        raise refuse(f"{name} holds only {plural(held, 'card', 'cards')}", f"{name}の手札は{held}枚だけです")
    group_ja = _cards_ja(deck, group)
    readings = _all_readings(deck, group)
    if not readings:
        raise refuse(
            f"{' '.join(map(str, group)) or 'no card'} is not a pattern: play a single card, a set of "
            "2–5 cards of one number (no Dragoness), or a run of 3–5 consecutive numbers (D-4); a "
            "Revive is played on its own",
            f"{group_ja or 'カードなし'}はパターンではありません。シングル、同じ数字2〜5枚のセット"
            "（ドラゴンネス不可）、3〜5枚の連続した数字のランのどれかです。蘇生カードは単独で出します（D-4）",
        )
    if state.phase is Phase.LEAD and state.must_contain is not None and state.must_contain not in group:
        raise refuse(
            f"the first lead of the round must contain {state.must_contain} (D-6)",
            f"ラウンドの先攻では{deck.label(state.must_contain, 'ja')}を含めてください（D-6）",
        )
    legal = _legal(state, group, readings, group_ja)
    chosen, how = _choose(deck, group, wilds, legal, group_ja)
    counts = list(state.hand_counts)
    counts[action.player] -= len(group)
    lower = state.lower
    broke = EMPTY
    if lower is None and state.opening is not None:
        values = _natural_values(deck)
        opening = values[state.opening]
        below = [c for c in group if values.get(c, _ABOVE_ALL) < opening]
        if below:
            lower = min(below, key=values.__getitem__)
            broke = Msg(
                f" {lower} is lower than the opening card {state.opening}: the opening broke D-6 (the "
                "holder of the lowest card leads); the table settles it.",
                f"{deck.label(lower, 'ja')}は開始のカード{deck.label(state.opening, 'ja')}より低いので、"
                "開始はD-6（最も低いカードの持ち主が先攻）に反していました。"
                "扱いは卓で決めてください。",
            )
    seen, again = _marked(state, group)
    s = evolve(
        state,
        hand_counts=tuple(counts),
        pile=state.pile + group,
        played=state.played + group,
        seen=seen,
        again=again,
        top=chosen,
        top_player=action.player,
        must_contain=None,
        lower=lower,
    )
    text = " ".join(map(str, group))
    if state.phase is Phase.LEAD:
        msg = Msg(
            f"{name} leads {text}: {chosen.describe().en}{how.en}.",
            f"{name}が{group_ja}でパイルを開始しました。{chosen.describe().ja}{how.ja}。",
        )
    else:
        msg = Msg(
            f"{name} plays {text}: {chosen.describe().en}{how.en}.",
            f"{name}が{group_ja}を出しました。{chosen.describe().ja}{how.ja}。",
        )
    if broke is not EMPTY:
        msg = msg + broke
    if counts[action.player] == 0:
        return _round_over(s, action.player, msg)
    return _advance(s, msg)


def _advance(s: State, msg: Msg) -> tuple[State, Msg]:
    """Next player clockwise still in the pile; when everyone else has passed, the pile is won (D-8)."""
    n = len(s.setup.players)
    seat = s.turn
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == s.top_player:
            break
        if seat not in s.passed:
            return evolve(s, turn=seat, phase=Phase.FOLLOW), msg
    winner = s.top_player
    assert winner is not None
    name = s.setup.players[winner]
    s = evolve(s, pile=(), top=None, top_player=None, passed=frozenset(), turn=winner, phase=Phase.LEAD)
    return s, msg + Msg(
        f" Everyone else passed: {name} wins the pile and leads (D-8).",
        f"他の全員がパス。パイルが流れ、{name}が次のパイルを開始します（D-8）。",
    )


def _pass(state: State, action: Pass) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        if state.phase is Phase.LEAD:
            raise Refusal(
                Msg(
                    "the leader cannot pass: lead any pattern (D-8); ",
                    "パイルを開始する人はパスできません。好きなパターンを出してください（D-8）。",
                )
                + expected(state)
            )
        if state.phase is Phase.REVIVED:
            raise Refusal(
                Msg(
                    "cannot pass now: after a Revive the same player plays the same type and size, weaker (D-9); ",
                    "今はパスできません。蘇生カードの後は同じ人が同じ種類と枚数で、より弱いパターンを出します（D-9）。",
                )
                + expected(state)
            )
        raise _phase_refusal(state, Msg("pass", "パス"))
    name = _on_turn(state, action.player)
    s = evolve(state, passed=state.passed | {action.player})
    return _advance(s, _passes(name))


@functools.lru_cache(maxsize=256)
def _passes(name: str) -> Msg:
    """The ruling for a pass, made once per name (most actions are passes)."""
    return Msg(
        f"{name} passes and stays out of this pile (D-7).", f"{name}はパス（このパイルが終わるまで不参加、D-7）。"
    )


def _revive(state: State, action: Revive) -> tuple[State, Msg]:
    if state.phase is not Phase.FOLLOW:
        raise _phase_refusal(state, Msg("play a Revive", "蘇生カードを出すことは"))
    name = _on_turn(state, action.player)
    why = revive_refusal(state)
    if why is not None:
        raise why
    top = state.top
    assert top is not None
    card = Card(state.setup.deck.special(Kind.REVIVE).code)
    counts = list(state.hand_counts)
    counts[action.player] -= 1
    seen, again = _marked(state, (card,))
    s = evolve(
        state,
        hand_counts=tuple(counts),
        pile=(*state.pile, card),
        played=(*state.played, card),
        seen=seen,
        again=again,
        passed=frozenset(),
        phase=Phase.REVIVED,
    )
    kind = pattern_kind(top.shape, top.size)
    return s, Msg(
        f"{name} plays a Revive: everyone who passed rejoins, and {name} now plays {kind.en} weaker "
        f"than {top.describe().en} (D-9).",
        f"{name}が蘇生カード（リバイブ）を出し、パスした全員が復帰。{name}は{top.describe().ja}より"
        f"弱い{kind.ja}を出します（D-9）。",
    )


def _only_revives(state: State, action: OnlyRevives) -> tuple[State, Msg]:
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise _phase_refusal(state, Msg("show a hand of only Revive cards", "蘇生カードだけの手札を見せることは"))
    name = _player(state, action.player)
    count = state.hand_counts[action.player]
    left = _revives_left(state)
    if count > left:
        raise refuse(
            f"{name} holds {plural(count, 'card', 'cards')} but only "
            f"{plural(left, 'Revive card is', 'Revive cards are')} unplayed (D-10)",
            f"{name}の手札は{count}枚ですが、まだ出ていない蘇生カードは{left}枚です（D-10）",
        )
    counts = list(state.hand_counts)
    counts[action.player] = 0
    s = evolve(state, hand_counts=tuple(counts))
    return _round_over(
        s,
        action.player,
        Msg(
            f"{name} holds only Revive cards: the hand counts as empty (D-10).",
            f"{name}の手札は蘇生カードだけなので、空とみなします（D-10）。",
        ),
    )


def _correct(state: State, action: Correct) -> tuple[State, Msg]:
    if state.phase is Phase.OVER:
        raise _phase_refusal(state, Msg("correct a hand count", "手札の枚数を訂正"))
    name = _player(state, action.player)
    count = action.count
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= HAND:
        raise refuse(
            f"a hand count is a whole number from 0 to {HAND}, not {count!r}",
            f"手札の枚数は0〜{HAND}の整数です（{count!r} は不可）",
        )
    if not isinstance(action.reason, str) or not action.reason:
        raise refuse(
            "a correction needs its reason (a misdeal, a dropped card, …)",
            "訂正には理由（配り間違い、落としたカードなど）が必要です",
        )
    counts = list(state.hand_counts)
    was = counts[action.player]
    counts[action.player] = count
    room = sum(state.setup.cards.values()) - len(state.played)
    if sum(counts) > room:
        others = sum(counts) - count
        most = room - others
        raise refuse(
            f"{name} cannot hold {plural(count, 'card', 'cards')}: with the cards played and the other hands "
            f"at most {plural(most, 'card is', 'cards are')} left for {name}",
            f"{name}が{count}枚持つことはできません。出たカードと他の手札を除くと、残りは多くて{most}枚です",
        )
    if (
        state.phase is Phase.REVIVED
        and action.player == state.turn
        and state.top is not None
        and 0 < count < state.top.size
    ):
        size = state.top.size
        raise refuse(
            f"{name} must still play a pattern of {plural(size, 'card', 'cards')} after the Revive (D-9): "
            f"a count from {size} up, or 0 if the hand is really empty",
            f"{name}は蘇生カードの後に{size}枚のパターンを出します。{size}枚以上か、本当に空なら0にしてください（D-9）",
        )
    s = evolve(state, hand_counts=tuple(counts))
    msg = Msg(
        f"{name}'s hand is corrected from {plural(was, 'card', 'cards')} to {count} ({action.reason}).",
        f"{name}の手札を{was}枚から{count}枚に訂正しました（{action.reason}）。",
    )
    if count == 0 and state.phase is not Phase.OPENING:
        return _round_over(s, action.player, msg)
    if count == 0:
        raise refuse(
            "before the opening every hand holds cards; correct to 1 or more",
            "開始前の手札は空ではありません。1枚以上にしてください",
        )
    return s, msg


def _round_over(s: State, out: int, msg: Msg) -> tuple[State, Msg]:
    names = s.setup.players
    left = {p: c for p, c in enumerate(s.hand_counts) if p != out}
    points, why = round_points(out, left)
    result = RoundResult(
        out,
        tuple(0 if p == out else c for p, c in enumerate(s.hand_counts)),
        tuple(points[p] for p in range(len(names))),
    )
    scored = ", ".join(f"{names[p]} {points[p]}" for p in range(len(names)))
    scored_ja = "、".join(f"{names[p]}が{points[p]}点" for p in range(len(names)))
    msg = msg + Msg(
        f" {names[out]} is out: round {s.round} ends; {why.en} Points: {scored} (D-10).",
        f"{names[out]}が上がり、第{s.round}ラウンド終了。{why.ja}点数は{scored_ja}（D-10）。",
    )
    if s.round == ROUNDS:
        s = evolve(
            s,
            results=(*s.results, result),
            phase=Phase.OVER,
            pile=(),
            top=None,
            top_player=None,
            passed=frozenset(),
            must_contain=None,
        )
        totals = s.totals()
        return s, msg + Msg(f" After {ROUNDS} rounds. ", f"{ROUNDS}ラウンド終了。") + winner_words(
            names, winners(totals), max(totals), "D-11"
        )
    s = State(s.setup, Phase.OPENING, s.round + 1, 0, (HAND,) * len(names), results=(*s.results, result))
    return s, msg + Msg(
        " New deal: name who holds the lowest card.", "配り直して、最も低いカードの持ち主を指定してください。"
    )


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)

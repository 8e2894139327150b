"""Reign of Dragoness: the checks every action's ruling starts from: the phase, the seat on
turn, the cards (D-2), the wild numbers (D-5), and which readings of a group the pile allows
(D-7, D-9) and which one is taken (D-5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.common import (
    EMPTY,
    Msg,
    Refusal,
    phase_refusal,
    plural,
    refuse,
    seat_name,
)
from companion.rules.dragoness.deck import (
    WILD_RANGE,
    Card,
    Deck,
)
from companion.rules.dragoness.notation import expected
from companion.rules.dragoness.patterns import Pattern, pattern_kind, read_declared, stronger
from companion.rules.dragoness.state import Phase, State, _times_played


def _phase_refusal(state: State, what: Msg) -> Refusal:
    """``what`` cannot be done in this phase: say what the table does now and the line to type."""
    return phase_refusal(what, state.waiting_for(), expected(state))


def _player(state: State, player: Any) -> str:
    if isinstance(player, bool) or not isinstance(player, int):
        raise refuse(
            f"a player is a seat number, not {player!r}", f"プレイヤーは席の番号で書きます（{player!r} は不可）"
        )
    return seat_name(state.setup.players, player)


def _on_turn(state: State, player: int) -> str:
    """The name of ``player`` (a seat :func:`apply` has checked), who must be on turn (D-7)."""
    names = state.setup.players
    if player != state.turn:
        turn, name = names[state.turn], names[player]
        raise refuse(f"it is {turn}'s turn, not {name}'s (D-7)", f"今は{turn}の番です（{name}ではありません、D-7）")
    return names[player]


def _check_cards(state: State, cards: Any) -> tuple[Card, ...]:
    """The cards as a tuple; each a card of this player count's deck (D-2) not yet played this round."""
    if type(cards) is not tuple and (isinstance(cards, str) or not isinstance(cards, Sequence)):
        raise refuse(
            f"the cards must be a list of cards, not {cards!r}", f"カードはカードの並びで書きます（{cards!r} は不可）"
        )
    group = tuple(cards)
    have = state.setup.cards
    seen = state.seen
    for card in group:
        copies = have.get(card, 0) if type(card) is Card else 0
        if copies == 0:
            raise _not_in_deck(state, card)
        # only a card played before, or twice in the group, needs counting
        if (card in seen or group.count(card) > 1) and _times_played(state, card, copies) + group.count(card) > copies:
            raise refuse(
                f"{card} has already been played this round (the deck holds {plural(copies, 'copy', 'copies')})",
                f"{state.setup.deck.label(card, 'ja')}はこのラウンドですでに出ています（デッキに{copies}枚）",
            )
    return group


def _not_in_deck(state: State, card: Any) -> Refusal:
    """The refusal for something that is not a card of this table's deck (D-1, D-2)."""
    deck = state.setup.deck
    players = len(state.setup.players)
    if not isinstance(card, Card):
        where = Msg(f"{card!r} is not a card (read text with parse_line): ", f"{card!r} はカードではありません。")
    elif not deck.known(card):
        where = Msg(f"{card} is not a card of this deck: ", f"{card}はこのデッキのカードではありません。")
    else:
        where = Msg(
            f"{card} is not in the deck for {players} players (D-2): ",
            f"{deck.label(card, 'ja')}（{card}）は{players}人用のデッキにありません（D-2）。",
        )
    return Refusal(where + deck.forms(players))


def _check_wilds(wilds: Any) -> tuple[int, ...] | None:
    if wilds is None:
        return None
    if (
        isinstance(wilds, str)
        or not isinstance(wilds, Sequence)
        or not all(isinstance(w, int) and not isinstance(w, bool) for w in wilds)
    ):
        raise refuse(
            f"the wild numbers must be a list of whole numbers, not {wilds!r}",
            f"ワイルドの数字は整数の並びで書きます（{wilds!r} は不可）",
        )
    return tuple(wilds)


def _words(group: tuple[Card, ...]) -> str:
    """A group as the notation writes it (made only when it is refused: most groups asked about play)."""
    return " ".join(map(str, group))


def _fitting(state: State, readings: Sequence[Pattern]) -> list[Pattern]:
    """The readings that may be played on the pile now (D-7, D-9), strongest first (none: see
    :func:`_legal` for why)."""
    if state.phase is Phase.LEAD:
        return list(readings)
    top = state.top
    assert top is not None
    shape, size, high = top.shape, top.size, top.high
    if state.phase is Phase.REVIVED:
        return [p for p in readings if p.shape is shape and p.size == size and stronger(high, p.high)]
    return [p for p in readings if p.shape is shape and p.size == size and stronger(p.high, high)]


def _legal(state: State, group: tuple[Card, ...], readings: Sequence[Pattern], group_ja: str) -> list[Pattern]:
    """The readings that may be played on the pile now (D-7, D-9), strongest first; refused with
    the reason when there are none."""
    fitting = _fitting(state, readings)
    if fitting or state.phase is Phase.LEAD:
        return fitting
    top = state.top
    assert top is not None
    if not any(p.shape is top.shape and p.size == top.size for p in readings):
        kind = pattern_kind(top.shape, top.size)
        raise refuse(
            f"{_words(group)} does not match the pile: play {kind.en} (D-7)",
            f"{group_ja}はパイルと同じ種類ではありません。{kind.ja}を出してください（D-7）",
        )
    if state.phase is Phase.REVIVED:
        raise refuse(
            f"{_words(group)} is not weaker than {top.describe().en}: after a Revive its highest card must be "
            "weaker (a lower number, or the same number and fewer gems, D-9)",
            f"{group_ja}は{top.describe().ja}より弱くありません。蘇生カードの後は最も強いカードが"
            "より弱く（数字が小さいか、同じ数字で宝石が少なく）なければなりません（D-9）",
        )
    raise refuse(
        f"{_words(group)} is not stronger than {top.describe().en}: its highest card must be stronger "
        "(a higher number, or the same number and more gems, D-3)",
        f"{group_ja}は{top.describe().ja}より強くありません。最も強いカードがより強く（数字が大きいか、"
        "同じ数字で宝石が多く）なければなりません（D-3）",
    )


def _choose(
    deck: Deck, group: tuple[Card, ...], wilds: tuple[int, ...] | None, legal: list[Pattern], group_ja: str
) -> tuple[Pattern, Msg]:
    """D-5: the named reading, else the strongest legal one, and say which was taken."""
    if wilds is None and len(legal) == 1:
        return legal[0], EMPTY
    kinds = [deck.kind(c) for c in group]
    wild_kinds = [k for k in kinds if k in WILD_RANGE]
    if wilds is not None:
        if len(wilds) != len(wild_kinds):
            raise refuse(
                f"{' '.join(map(str, group))} holds {plural(len(wild_kinds), 'wild card', 'wild cards')}: "
                f"name {plural(len(wild_kinds), 'number', 'numbers')} or none (D-5)",
                f"{group_ja}のワイルドカードは{len(wild_kinds)}枚です。数字を{len(wild_kinds)}つ書くか、"
                "何も書かないでください（D-5）",
            )
        for kind, number in zip(wild_kinds, wilds, strict=True):
            span = WILD_RANGE[kind]
            if len(group) > 1 and number not in span:
                special = deck.special(kind)
                raise refuse(
                    f"a {special.en} counts as {span[0]}–{span[-1]}, not {number} (D-5)",
                    f"{special.ja}は{span[0]}〜{span[-1]}で、{number}にはなりません（D-5）",
                )
        named = read_declared(deck, group, wilds)
        target = None if named is None else sorted(named.values)
        chosen = [p for p in legal if sorted(p.values) == target]
        if named is None or not chosen:
            listed = ", ".join(map(str, wilds))
            raise refuse(
                f"the wild cards cannot be {listed} here: no legal pattern reads that way (D-5)",
                f"ワイルドの数字を{'・'.join(map(str, wilds))}とすると出せません（D-5）",
            )
        return named, Msg(" as named", "、宣言どおり")
    pick = legal[0]
    if not wild_kinds or len(legal) == 1:
        return pick, EMPTY
    numbers = pick.wild_numbers(kinds)
    return pick, Msg(
        f"; nobody named the wild cards' numbers, so the strongest legal reading is taken: "
        f"{', '.join(map(str, numbers))} (D-5)",
        f"。ワイルドの数字の指定がないので、出せる中で最も強い{'・'.join(map(str, numbers))}とします（D-5）",
    )

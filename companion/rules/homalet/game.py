"""HOMALET: the fold (``apply``): every action's checks and rulings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.common import Correct, Lang, Msg, Refusal, evolve, phase_refusal, plural, refuse, replay, seat_name
from companion.rules.homalet.actions import Action, Adjust, EndEffect, Pick, Play, RevealSet, Setup, TakeSet
from companion.rules.homalet.deck import (
    GAME,
    NOTHING,
    SEASON_NAMES,
    SET_SIZE,
    SETS,
    Season,
    count_cards,
    fmt,
    fmt_all,
    list_sets,
)
from companion.rules.homalet.notation import action_line, expected
from companion.rules.homalet.state import Phase, State, _battle_left, _with, new_state
from companion.rules.homalet.words import FIELD_NAMES, OWNED, ZONE_NAMES, Field, Zone


def _phase_refusal(state: State, what: Msg) -> Refusal:
    """``what`` cannot be done in this phase: say what the table does now and the line to type."""
    return phase_refusal(what, state.waiting_for(), expected(state))


def _check_in_game(state: State, card: int) -> None:
    n = len(state.setup.players)
    if card >= 10 * n or card < 0:
        raise refuse(
            f"{fmt(card)} is not used with {n} players: the game uses 00 to {10 * n - 1} (H-1)",
            f"{n}人では{fmt(card)}は使いません。使うのは00〜{10 * n - 1}です（H-1）",
        )


def _check_unseen(state: State, card: int) -> None:
    """``card`` is in the game and its place is unknown (it can come from the deck)."""
    _check_in_game(state, card)
    place = state.place(card)
    if place is not None:
        raise refuse(
            f"{fmt(card)} is already {place.en}; each card exists once",
            f"{fmt(card)}はすでに{place.ja}にあります。同じカードは1枚だけです",
        )


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
        raise refuse(
            f"{name} holds {held.en}, all known to the table ({fmt_all(sorted(hand))}); "
            f"{fmt(card)} is not one of them ({rule})",
            f"{name}の手札{held.ja}はすべて分かっています（{fmt_all(sorted(hand))}）。{fmt(card)}はその中にありません",
        )


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
        raise refuse(
            f"a wilderness set is {count_cards(size).en} now ({count_cards(state.deck_count).en} "
            "left in the deck; a last single card makes a 1-card set, H-8)",
            f"今の在野の組は{size}枚です（山札の残りは{state.deck_count}枚。最後の1枚は1枚の組、H-8）",
        )
    if len(set(action.cards)) != len(action.cards):
        raise refuse("a set names the same card twice", "組に同じカードが2回あります")
    for card in action.cards:
        _check_unseen(state, card)
    s = evolve(state)
    s.wilderness = (*state.wilderness, action.cards)
    s.deck_count = state.deck_count - len(action.cards)
    for card in action.cards:
        s.seen |= 1 << card
    msg = Msg(
        f"Wilderness set {len(s.wilderness)}: {fmt_all(action.cards)}.",
        f"在野の{len(s.wilderness)}組目は{fmt_all(action.cards)}。",
    )
    if len(s.wilderness) == SETS or s.deck_count == 0:
        msg += _begin_round(s)
    return s, msg


def _begin_round(s: State) -> Msg:
    s.turn = s.round_start
    names = s.setup.players
    msg = Msg(f" Round {s.round}: {names[s.round_start]} starts.", f"第{s.round}ラウンドは{names[s.round_start]}から。")
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
        raise refuse(
            f"it is {names[state.turn]}'s turn, not {name}'s (H-4)",
            f"今は{names[state.turn]}の番です（{name}ではありません、H-4）",
        )
    _check_in_hand(state, card, player, "H-4")
    deck = state.setup.deck
    if action.field is Field.WILD and not state.wilderness:
        raise refuse(
            "no wilderness set is left, so the card must go to the battlefield (H-4)",
            "在野の組が残っていないので、戦場に出さなければなりません（H-4）",
        )
    lead = state.lead(action.field)
    c = deck.colour(card)
    where = FIELD_NAMES[action.field]
    off_colour = lead is not None and c.key != lead
    if lead is None and action.void:
        raise refuse(
            f"{where.en} is empty, so any colour may lead: there is no lead colour to be void of (H-4)",
            f"{where.ja}にはまだカードがないので、どの色でも出せます。「無し」の宣言は要りません（H-4）",
        )
    if lead is not None:
        lead_c = deck.by_key[lead]
        if off_colour and not action.void:
            claim = Play(player, card, action.field, True)
            en, ja = action_line(state, claim, "en"), action_line(state, claim, "ja")
            raise refuse(
                f"{where.en} leads {lead_c.en}: {name} must play {lead_c.en} there if holding "
                f"any; if {name} holds no {lead_c.en}, write {en} to play {fmt(card)} ({c.en}) (H-4)",
                f"{where.ja}の色は{lead_c.ja}です。{lead_c.ja}を持っていれば出さなければなりません。"
                f"{name}が{lead_c.ja}を持っていなければ、{fmt(card)}（{c.ja}）は「{ja}」と書いて出します（H-4）",
            )
        if not off_colour and action.void:
            raise refuse(
                f"{fmt(card)} is {c.en}, the lead colour of {where.en}: playing it is no void "
                "claim; leave out void (H-4)",
                f"{fmt(card)}は{where.ja}の色と同じ{c.ja}なので、「無し」の宣言は要りません（H-4）",
            )
        if off_colour:
            holding = sorted(k for k in state.known_hands[player] if deck.colour_of[k] == lead)
            if holding:
                raise refuse(
                    f"{name} cannot be void of {lead_c.en}: the table saw {fmt_all(holding)} "
                    f"({lead_c.en}) go into {name}'s hand, so {name} must play {lead_c.en} "
                    f"to {where.en} (H-4)",
                    f"{name}は{lead_c.ja}を持っています。{fmt_all(holding)}（{lead_c.ja}）が"
                    f"{name}の手札に入ったのを卓が見ています。{where.ja}には{lead_c.ja}を出してください（H-4）",
                )
    s = evolve(state)
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
        return Msg(" Nobody played to the battlefield.", "戦場には誰も出しませんでした。") + _resolve_wild(s)
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
        why = Msg(
            f"{len(tied)} colours tie with {plural(most, 'card', 'cards')} each; {wc.en} holds the "
            f"largest number, {fmt(top_of[winner])}",
            f"{len(tied)}色が{most}枚ずつで並び、最も大きな数字{fmt(top_of[winner])}を含む{wc.ja}の勝ち",
        )
    else:
        why = Msg(f"{wc.en} has the most cards ({most})", f"{wc.ja}が最多（{most}枚）")
    winners_ = sorted(((card, p) for p, card in battle if deck.colour_of[card] == winner), reverse=True)
    s.pickers = tuple(p for _, p in winners_)
    s.phase = Phase.PICK
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in winners_)
    order_ja = "、".join(f"{names[p]}（{fmt(c)}）" for c, p in winners_)
    return Msg(
        f" Battlefield: {why.en}; winners pick from the largest number down: {order} (H-5).",
        f"戦場は{why.ja}。勝者は大きい数字から選びます（{order_ja}、H-5）。",
    )


def _pick(state: State, action: Pick) -> tuple[State, Msg]:
    if state.phase is not Phase.PICK:
        raise _phase_refusal(state, Msg("pick a battlefield card", "戦場のカードを選ぶことは"))
    name = _check_player(state, action.player)
    names = state.setup.players
    if action.player != state.pickers[0]:
        raise refuse(
            f"{names[state.pickers[0]]} picks next, not {name} (largest number first, H-5)",
            f"次に選ぶのは{names[state.pickers[0]]}です（{name}ではありません、H-5）",
        )
    available = _battle_left(state)
    if action.card not in available:
        raise refuse(
            f"{fmt(action.card)} is not on the battlefield to take; available: "
            f"{fmt_all(available)} (wilderness cards are never taken, H-5)",
            f"{fmt(action.card)}は戦場で取れるカードではありません。取れるのは{fmt_all(available)}です（H-5）",
        )
    s = evolve(state)
    s.battle_taken = state.battle_taken | {action.card}
    s.piles = _with(state.piles, action.player, state.piles[action.player] + (action.card,))
    s.pickers = state.pickers[1:]
    msg = Msg(f"{name} takes {fmt(action.card)} into the score pile.", f"{name}が{fmt(action.card)}を獲得しました。")
    season = state.setup.deck.season(action.card)
    if season is Season.SPRING:
        msg += Msg(" Spring: +1 point at scoring (H-6).", "春マークは得点計算で1点（H-6）。")
    elif season is Season.AUTUMN and s.deck_count == 0:
        msg += Msg(
            " Autumn cannot apply: the deck is empty (H-6).", "山札がないので秋マークの効果は適用できません（H-6）。"
        )
    elif season is not None:
        s.effect = (action.player, season)
        s.phase = Phase.EFFECT
        sn = SEASON_NAMES[season]
        return s, msg + Msg(  # the form to type, short: what is allowed now gives the example lines
            f" {sn.en.capitalize()} effect: for each card the table moves, write move [CARD] FROM > TO, "
            "then end (H-6).",
            f"{sn.ja}マークの効果。卓が動かすカードごとに「移動 [カード] 元 > 先」と書き、"
            "最後に「終了」と書きます（H-6）。",
        )
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
            raise refuse(
                f"{zn.en} belongs to nobody: name no player for it (players go with a hand or a score pile)",
                f"{zn.ja}は誰のものでもありません。プレイヤーを指定できるのは手札と獲得札だけです",
            )
    if action.source == action.target and action.source_player == action.target_player:
        raise refuse("a card must move somewhere else", "カードは別の場所へ動かしてください")
    card, src_p = action.card, action.source_player
    visible = (Zone.PILE, Zone.DISCARD)
    if card is None and (action.source in visible or action.target in visible):
        raise refuse(
            "name the card: it goes to or from a face-up place", "表向きの場所との移動なので、カードを指定してください"
        )
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
            raise refuse(
                f"name the card: every card in {names[src_p]}'s hand is known ({known})",
                f"カードを指定してください。{names[src_p]}の手札はすべて分かっています（{known}）",
            )
    elif action.source is Zone.PILE:
        assert src_p is not None and card is not None
        if card not in state.piles[src_p]:
            raise refuse(
                f"{fmt(card)} is not in {names[src_p]}'s score pile", f"{fmt(card)}は{names[src_p]}の獲得札にありません"
            )
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
    s = evolve(state)
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
        s.piles = _with(s.piles, src_p, pile[:i] + pile[i + 1 :])
    else:
        assert card is not None
        i = s.discard.index(card)
        s.discard = s.discard[:i] + s.discard[i + 1 :]
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
    return s, Msg(
        f"{sn.en.capitalize()}: {what.en} from {_zone_place(s, action.source, src_p, 'en')} "
        f"to {_zone_place(s, action.target, dst_p, 'en')}.",
        f"{sn.ja}マークの効果で{what.ja}を{_zone_place(s, action.source, src_p, 'ja')}から"
        f"{_zone_place(s, action.target, dst_p, 'ja')}へ。",
    )


def _end_effect(state: State) -> tuple[State, Msg]:
    if state.phase is not Phase.EFFECT:
        raise _phase_refusal(state, Msg("end a season effect", "季節マークの効果を終えることは"))
    s = evolve(state)
    s.effect = None
    return s, Msg("The season effect is resolved.", "季節マークの効果を解決しました。") + _after_pick(s)


def _resolve_wild(s: State) -> Msg:
    """H-7: wilderness players, smallest number first, each take one remaining set."""
    names = s.setup.players
    wild = sorted((card, p) for p, card, f in s.played if f is Field.WILD)
    if not wild:
        return _cleanup(s)
    s.takers = tuple(p for _, p in wild)[: len(s.wilderness)]
    left_out = [p for _, p in wild][len(s.wilderness) :]
    order = ", ".join(f"{names[p]} ({fmt(c)})" for c, p in wild[: len(s.takers)])
    order_ja = "、".join(f"{names[p]}（{fmt(c)}）" for c, p in wild[: len(s.takers)])
    msg = Msg(f" Wilderness: smallest number first: {order} (H-7).", f"在野は小さい数字から（{order_ja}、H-7）。")
    if left_out:
        msg += Msg(
            f" No set is left for {', '.join(names[p] for p in left_out)}.",
            f"{'・'.join(names[p] for p in left_out)}の分の組はありません。",
        )
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
        raise refuse(
            f"{names[state.takers[0]]} takes next, not {name} (smallest number first, H-7)",
            f"次に取るのは{names[state.takers[0]]}です（{name}ではありません、H-7）",
        )
    if not 0 <= action.index < len(state.wilderness):
        sets = list_sets(state.wilderness)
        raise refuse(
            f"there is no wilderness set {action.index + 1}; the sets left are {sets.en} (H-7)",
            f"在野の{action.index + 1}組目はありません。残りは{sets.ja}（H-7）",
        )
    s = evolve(state)
    cards = state.wilderness[action.index]
    s.wilderness = state.wilderness[: action.index] + state.wilderness[action.index + 1 :]
    s.hand_counts = _with(state.hand_counts, action.player, state.hand_counts[action.player] + len(cards))
    s.known_hands = _with(state.known_hands, action.player, state.known_hands[action.player] | set(cards))
    s.takers = state.takers[1:]
    msg = Msg(
        f"{name} takes the set {fmt_all(cards)} into the hand.", f"{name}が組 {fmt_all(cards)} を手札に加えました。"
    )
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
        return Msg(
            f" Cleanup: {', '.join(empty)} hold no cards: the game is over (H-9).",
            f"クリーンアップ。{'・'.join(empty)}の手札が0枚なのでゲーム終了（H-9）。",
        )
    s.round += 1
    s.round_start = (s.round_start + 1) % len(names)
    msg = Msg(" Cleanup: the rest is discarded.", "クリーンアップで残りは捨て札に。")
    if len(s.wilderness) < SETS and s.deck_count > 0:
        s.phase = Phase.REFILL
        return msg + Msg(
            f" Refill the wilderness to {SETS} sets from the deck (H-8).",
            f"山札から在野を{SETS}組まで補充します（H-8）。",
        )
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
        raise refuse(
            f"{name}'s hand holds at least the {count_cards(len(known)).en} the table saw go into it "
            f"({fmt_all(sorted(known))}); the count cannot be {new}",
            f"{name}の手札には卓が見た{len(known)}枚（{fmt_all(sorted(known))}）があるので、{new}枚にはできません",
        )
    if new == old:
        raise refuse(
            f"{name} already holds {count_cards(old).en} by the record; nothing to correct",
            f"記録でも{name}の手札は{old}枚です。訂正することはありません",
        )
    if new - old > state.deck_count:
        raise refuse(
            f"{name} cannot gain {count_cards(new - old).en}: the deck holds only "
            f"{count_cards(state.deck_count).en}; correct the hand holding too many first",
            f"{name}の手札を{new - old}枚増やせません。山札は{state.deck_count}枚しかありません。"
            "先に多すぎる手札を訂正してください",
        )
    if not action.reason:
        raise refuse(
            "say why the count is corrected (a misdeal, a dropped card)",
            "訂正の理由を書いてください（配り間違い、落としたカードなど）",
        )
    s = evolve(state)
    s.hand_counts = _with(state.hand_counts, p, new)
    s.deck_count = state.deck_count - (new - old)
    msg = Msg(
        f"Correction: {name} holds {count_cards(new).en}, not {old} ({action.reason}); the deck now "
        f"holds {count_cards(s.deck_count).en}.",
        f"訂正。{name}の手札は{old}枚ではなく{new}枚（{action.reason}）。山札は{s.deck_count}枚になります。",
    )
    if state.phase is Phase.PLAY and p == state.turn and new == 0:
        msg += _next_player(s)
    elif state.phase is Phase.REFILL and s.deck_count == 0:
        msg += _begin_round(s)
    return s, msg


def fold(setup: Setup, actions: Sequence[Action]) -> State:
    return replay(new_state(setup), actions, apply)


def finished(state: State) -> bool:
    """The game is over (H-9): every score pile is final."""
    return state.phase is Phase.OVER


def settle_input(state: State) -> dict[str, Any]:
    """The ``companion settle`` document for a finished game: each player's score pile."""
    if not finished(state):
        raise _phase_refusal(state, Msg("settle the game", "得点計算は"))
    return {
        "game": GAME,
        "players": [
            {"name": name, "pile": [fmt(c) for c in pile]}
            for name, pile in zip(state.setup.players, state.piles, strict=True)
        ],
    }

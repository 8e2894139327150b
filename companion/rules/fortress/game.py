"""Six-Suit Fortress: the fold (``apply``): every action's checks and rulings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.common import (
    EMPTY,
    Correct,
    Msg,
    Refusal,
    evolve,
    phase_refusal,
    plural,
    refuse,
    replay,
    seat_name,
    winner_words,
)
from companion.rules.fortress.actions import Action, Build, ChoosePair, FinalHand, Place, Reveal, Setup
from companion.rules.fortress.deck import GAME, GRID_SIZE, Card
from companion.rules.fortress.grid import CELLS, SPOTS, _not_a_spot, resolve_capture, spot_ja
from companion.rules.fortress.notation import expected, not_captured
from companion.rules.fortress.row import WHERE_JA, Where, _built, placement_problem, placements
from companion.rules.fortress.scoring import pair_problem, penalty, winners
from companion.rules.fortress.state import _SPOT_CELLS, PENDING, UNDECIDED, Phase, State, _names, new_state, scores
from companion.rules.fortress.words import _VERBS, MODE_NAMES, WHERE_NAMES


def _check_card(state: State, card: Card, *, own: int | None = None) -> None:
    """``card`` is in the deck and not seen anywhere else (a card in ``own``'s known hand is fine)."""
    deck = state.setup.deck
    if not deck.contains(card):
        raise Refusal(Msg(f"{card} is not in this deck: ", f"{card}はこのデッキにありません。") + deck.forms())
    code = state.places.get(card)
    if code is not None and not (own is not None and code == ("H", own)):
        place = state.place_of(card)
        assert place is not None
        raise refuse(
            f"{card} is already {place.en}; each card exists once",
            f"{deck.label(card, 'ja')}はすでに{place.ja}にあります。同じカードは1枚だけです",
        )


def _refuse_phase(state: State, action: str) -> Refusal:
    return phase_refusal(_VERBS[action], state.waiting_for(), expected(state))


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
        raise refuse(
            f"{action.cell!r} is not a cell: cells are {' '.join(CELLS)}",
            f"「{action.cell}」はマスではありません。マスは {' '.join(CELLS)} です",
        )
    held = state.grid[action.cell]
    if held is not None:
        empty = " ".join(c for c, v in state.grid.items() if v is None)
        raise refuse(
            f"cell {action.cell} already holds {held}; empty cells: {empty}",
            f"{action.cell}にはすでに{state.setup.deck.label(held, 'ja')}があります。空きマスは {empty} です",
        )
    _check_card(state, action.card)
    s = evolve(state)
    s.grid = {**state.grid, action.cell: action.card}
    s.places = {**state.places, action.card: action.cell}
    s.deck_count -= 1
    msg = Msg(
        f"{action.card} revealed at {action.cell}.", f"{action.cell}に{state.setup.deck.label(action.card, 'ja')}。"
    )
    return s, msg + _after_reveal(s)


def _after_reveal(s: State) -> Msg:
    """Once the grid is full or the deck is out (F-9), the game starts or the turn ends."""
    if s.phase is not Phase.REVEAL or (s.grid_count() < GRID_SIZE and s.deck_count > 0):
        return EMPTY
    msg = Msg(" The deck is empty.", "山札が尽きました。") if s.deck_count == 0 else EMPTY
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
        raise refuse(
            f"it is {names[state.turn]}'s turn, not {who}'s (F-10)",
            f"今は{names[state.turn]}の手番です（{who}ではありません、F-10）",
        )
    _check_card(state, action.card, own=p)
    known = state.known_hands[p]
    if action.card not in known and state.hand_counts[p] <= len(known):
        deck = state.setup.deck
        cards = " ".join(map(str, sorted(known)))
        cards_ja = "・".join(deck.label(c, "ja") for c in sorted(known))
        raise refuse(
            f"{action.card} cannot be in {names[p]}'s hand: every card of it is known ({cards}); place one of those",
            f"{deck.label(action.card, 'ja')}は{names[p]}の手札にありえません。手札はすべて分かっています"
            f"（{cards_ja}）。その中から置いてください",
        )
    if action.spot not in SPOTS:
        raise _not_a_spot(action.spot)
    a_cell, b_cell = _SPOT_CELLS[action.spot]
    a, b = state.grid[a_cell], state.grid[b_cell]
    if a is None:
        usable = " ".join(state.usable_spots())
        raise refuse(
            f"spot {action.spot} touches empty cell {a_cell} and cannot be used (F-7); usable spots: {usable}",
            f"{action.spot}は空きマス{a_cell}に接するので使えません（F-7）。使える場所は {usable} です",
        )
    count, why = resolve_capture(action.card, a, b, action.mode)
    captured = [action.card, a][:count]
    if count == 3 and b is not None:
        captured.append(b)
    s = evolve(state)
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

    msg = Msg(
        f"{names[p]} places {action.card} at {action.spot} as {mode.en}: {why.en} ({', '.join(map(str, captured))}).",
        f"{names[p]}が{label(action.card)}を{spot_ja(action.spot)}に{mode.ja}として置き、"
        f"{why.ja}（{'・'.join(map(label, captured))}）。",
    )
    return s, msg


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
        raise not_captured(state, card)
    problem = build_refusal(state, card, action.where)
    if problem is not None:
        legal = [
            *placements([c[0].rank for c in state.fortresses[player]], card.rank, state.setup.deck.ranks),
            Where.HAND,
        ]
        raise refuse(
            f"{problem.en} (F-11); {card} may go: {', '.join(w.value for w in legal)}",
            f"{problem.ja}（F-11）。{state.setup.deck.label(card, 'ja')}の置き場所は"
            f"{'・'.join(WHERE_JA[w] for w in legal)}です",
        )
    s = evolve(state)
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
            msg += Msg(" Refill the grid from the deck (F-9).", "山札から場札を補充します（F-9）。")
        else:
            msg += _end_turn(s)
    return s, msg


def _end_turn(s: State) -> Msg:
    """After a turn's builds and refill: the end trigger (F-12), then the next player (F-10).

    The hands are looked at here, after building (F-12 [assumption]): a hand emptied by the
    placement but refilled with kept captures does not end the game."""
    msg = EMPTY
    names = s.setup.players
    if not s.triggered:
        empty = [names[p] for p, c in enumerate(s.hand_counts) if c == 0]
        if empty or s.deck_count == 0:
            s.triggered = True
            who = _names(empty)
            cause = (
                Msg(f"{who.en} {'has' if len(empty) == 1 else 'have'} no cards left", f"{who.ja}の手札が尽きた")
                if empty
                else Msg("the deck is empty", "山札が尽きた")
            )
            last = names[s.setup.last_seat]
            msg += Msg(
                f" The end is triggered ({cause.en}): play goes on until {last}, the last seat, has played (F-12).",
                f"終了条件（{cause.ja}）。最後の席の{last}まで手番を行います（F-12）。",
            )
    if s.triggered and s.turn == s.setup.last_seat:
        s.phase = Phase.FINAL
        return msg + Msg(" The game is over: enter the final hands.", "ゲーム終了です。残り手札を入力してください。")
    s.turn = (s.turn + 1) % len(names)
    return msg + _begin_turn(s)


def _begin_turn(s: State) -> Msg:
    """Find the next player who can play, skipping empty hands (F-10) and blocked ones (F-7)."""
    msg = EMPTY
    names = s.setup.players
    for _ in range(len(names) + 1):
        p = s.turn
        if s.hand_counts[p] > 0 and s.grid_count() > 0:  # every cell has spots: one card makes a spot usable
            s.phase = Phase.PLACE
            return msg + Msg(f" {names[p]} to play.", f"{names[p]}の手番。")
        reason = Msg("no cards", "手札なし") if s.hand_counts[p] == 0 else Msg("no usable spot", "置ける場所なし")
        msg += Msg(f" {names[p]} is skipped ({reason.en}).", f"{names[p]}は飛ばします（{reason.ja}）。")
        if s.triggered and p == s.setup.last_seat:
            break
        s.turn = (p + 1) % len(names)
    s.phase = Phase.FINAL
    return msg + Msg(" The game is over: enter the final hands.", "ゲーム終了です。残り手札を入力してください。")


def _check_player(state: State, player: int, action: str) -> str:
    name = seat_name(state.setup.players, player)
    if state.phase is not Phase.FINAL:
        raise _refuse_phase(state, action)
    return name


def _final_hand(state: State, action: FinalHand) -> tuple[State, Msg]:
    name = _check_player(state, action.player, "score")
    p = action.player
    if state.final_hands[p] is not None:
        raise refuse(
            f"{name}'s final hand is already entered; undo it to change it",
            f"{name}の残り手札は入力済みです。変えるには取り消してください",
        )
    count = state.hand_counts[p]
    if len(action.cards) != count:
        entered = len(action.cards)
        raise refuse(
            f"{name} holds {plural(count, 'card', 'cards')}, but {entered} {'was' if entered == 1 else 'were'} entered",
            f"{name}の手札は{count}枚ですが、{entered}枚入力されました",
        )
    if len(set(action.cards)) != len(action.cards):
        raise refuse(f"{name}'s final hand names a card twice", f"{name}の残り手札に同じカードが2回あります")
    for card in action.cards:
        _check_card(state, card, own=p)
    missing = state.known_hands[p] - set(action.cards)
    if missing:
        cards = " ".join(map(str, sorted(missing)))
        them = "it" if len(missing) == 1 else "them"
        raise refuse(
            f"{name} took {cards} into the hand and has not played {them}; the final hand must include {them}",
            f"{name}は{cards}を手札に入れ、まだ出していません。残り手札に含めてください",
        )
    s = evolve(state)
    s.final_hands = list(state.final_hands)
    s.final_hands[p] = tuple(action.cards)
    s.known_hands = list(state.known_hands)
    s.known_hands[p] = set(action.cards)
    s.places = dict(state.places)
    for card in action.cards:
        s.places[card] = ("H", p)
    lows = penalty(action.cards)
    msg = Msg(
        f"{name}'s final hand: {' '.join(map(str, action.cards)) or '(none)'}; penalty {sum(lows.values())}.",
        f"{name}の残り手札は{' '.join(map(str, action.cards)) or 'なし'}、失点{sum(lows.values())}。",
    )
    return _maybe_over(s, msg)


def _choose_pair(state: State, action: ChoosePair) -> tuple[State, Msg]:
    name = _check_player(state, action.player, "score")
    p = action.player
    if state.pairs[p] != UNDECIDED:
        raise refuse(
            f"{name} has already decided on the face-down pair (F-13: once per player)",
            f"{name}は裏向きペアを決定済みです（1人1回、F-13）",
        )
    heights = [len(c) for c in state.fortresses[p]]
    if action.pair is not None:
        problem = pair_problem(heights, action.pair)
        if problem is not None:
            raise refuse(
                f"{name}'s face-down pair is not possible: {problem.en} (F-13)",
                f"{name}の裏向きペアは作れません。{problem.ja}（F-13）",
            )
    s = evolve(state)
    s.pairs = list(state.pairs)
    s.pairs[p] = action.pair
    if action.pair is None:
        msg = Msg(f"{name} declines the face-down pair.", f"{name}は裏向きペアを使いません。")
    else:
        source, target = action.pair.source + 1, action.pair.target + 1  # players count from 1
        msg = Msg(
            f"{name} lays a face-down pair from column {source} onto column {target}.",
            f"{name}は{source}列目から{target}列目へ裏向きペア。",
        )
    return _maybe_over(s, msg)


def _correct(state: State, action: Correct) -> tuple[State, Msg]:
    """A hand count corrected (a misdeal, a dropped card): the difference comes from or goes back
    to the deck; a count below the cards the engine knows to be in the hand is refused."""
    p, count = action.player, action.count
    name = seat_name(state.setup.players, p)
    if state.phase is Phase.OVER or state.final_hands[p] is not None:
        raise refuse(
            f"{name}'s final hand is entered, so the hand count can no longer be corrected; undo the final hand first",
            f"{name}の残り手札は入力済みなので、枚数は訂正できません。先に残り手札を取り消してください",
        )
    if not action.reason:
        raise refuse(
            "say why the hand count is corrected (a misdeal, a dropped card …)",
            "訂正の理由を書いてください（配り間違い、落としたカードなど）",
        )
    known = state.known_hands[p]
    old = state.hand_counts[p]
    if count < len(known):
        cards = " ".join(map(str, sorted(known)))
        raise refuse(
            f"{name} holds at least {plural(len(known), 'card', 'cards')} the engine has seen go into the "
            f"hand ({cards}); the count cannot be {count}",
            f"{name}の手札には少なくとも{len(known)}枚（{cards}）あることが分かっています。{count}枚にはできません",
        )
    if count == old:
        raise refuse(
            f"{name} already holds {plural(count, 'card', 'cards')}; nothing to correct",
            f"{name}の手札はすでに{count}枚です。訂正することはありません",
        )
    if count - old > state.deck_count:
        most = old + state.deck_count
        raise refuse(
            f"the deck holds only {plural(state.deck_count, 'card', 'cards')}, so {name}'s hand can be "
            f"corrected to at most {most}",
            f"山札は{state.deck_count}枚しかないので、{name}の手札は最大{most}枚までしか訂正できません",
        )
    s = evolve(state)
    s.hand_counts = list(state.hand_counts)
    s.hand_counts[p] = count
    s.deck_count = state.deck_count - (count - old)
    msg = Msg(
        f"{name}'s hand count corrected from {old} to {count} ({action.reason}); the deck now holds "
        f"{plural(s.deck_count, 'card', 'cards')}.",
        f"{name}の手札を{old}枚から{count}枚に訂正（{action.reason}）。山札は{s.deck_count}枚。",
    )
    if s.phase is Phase.REVEAL:
        msg += _after_reveal(s)
    elif s.phase is Phase.PLACE and p == s.turn and count == 0:
        msg += Msg(
            f" {name} has no cards left to place: the turn passes.", f"{name}は置くカードがないので手番を終えます。"
        ) + _end_turn(s)
    return s, msg


def _maybe_over(s: State, msg: Msg) -> tuple[State, Msg]:
    if all(h is not None for h in s.final_hands) and UNDECIDED not in s.pairs:
        s.phase = Phase.OVER
        totals = [x.score for x in scores(s)]
        msg += Msg(" Final scores are in. ", "勝利点確定。") + winner_words(
            s.setup.players, winners(totals), max(totals), "F-14"
        )
    return s, msg


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
        raise Refusal(
            Msg(
                "the game is not finished, so it cannot be settled yet: ",
                "ゲームが終わっていないので、まだ得点計算はできません。",
            )
            + state.waiting_for()
        )
    players = []
    for p, name in enumerate(state.setup.players):
        pair = state.pairs[p]
        assert not isinstance(pair, str)
        players.append(
            {
                "name": name,
                "fortress": [[str(c) for c in col] for col in state.fortresses[p]],
                "hand": [str(c) for c in state.final_hands[p] or ()],
                "pair": None if pair is None else {"from": pair.source, "to": pair.target},
            }
        )
    return {"game": GAME, "players": players}

"""Six-Suit Fortress: what is allowed now, from the state alone, and the state in words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.rules.common import GAME_OVER, Msg, join, plural, winner_words
from companion.rules.fortress.deck import Card, Deck
from companion.rules.fortress.grid import Mode, resolve_capture, spot_ja
from companion.rules.fortress.row import Where, placement_problem
from companion.rules.fortress.scoring import Pair, best_pair, winners
from companion.rules.fortress.so_far import SoFar, so_far
from companion.rules.fortress.state import _SPOT_CELLS, UNDECIDED, Phase, State, _names, scores
from companion.rules.fortress.words import WHERE_NAMES


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
    deck: Deck | None = None  # for the Japanese words: cards as the table types them (赤7)

    def _ja(self, cards: Iterable[Card]) -> str:
        return " ".join(self.deck.label(c, "ja") if self.deck is not None else str(c) for c in cards)

    def to_data(self) -> dict[str, Any]:
        def pair(p: Pair | None) -> dict[str, int] | None:
            return None if p is None else {"from": p.source, "to": p.target}

        return {
            "phase": self.phase.value,
            "player": self.player,
            "spots": list(self.spots),
            "known_hand": [str(c) for c in self.known_hand],
            "any_card": self.any_card,
            "builds": [
                {
                    "card": str(b.card),
                    "legal": [w.value for w in b.legal],
                    "refused": [{"where": w.value, "why": {"en": m.en, "ja": m.ja}} for w, m in b.refused],
                }
                for b in self.builds
            ],
            "cells": list(self.cells),
            "unseen": [str(c) for c in self.unseen],
            "final_hands": list(self.final_hands),
            "pairs": list(self.pairs),
            "best_pairs": [pair(p) for p in self.best_pairs],
        }

    def describe(self) -> Msg:
        lines: list[Msg] = []
        who = self.names[self.player] if self.player is not None else ""
        if self.phase is Phase.REVEAL:
            lines.append(
                Msg(
                    f"Reveal deck cards into {' '.join(self.cells)}; "
                    f"{plural(len(self.unseen), 'card is', 'cards are')} still unseen.",
                    f"{' '.join(self.cells)} に山札からカードを出します。未確認のカードは{len(self.unseen)}枚。",
                )
            )
        elif self.phase is Phase.PLACE:
            hand = " ".join(map(str, self.known_hand))
            hand_ja = self._ja(self.known_hand)
            cards = (
                Msg(
                    f"any card in the hand{f' (known: {hand})' if hand else ''}",
                    f"手札のカード{f'（分かっているものは{hand_ja}）' if hand else ''}",
                )
                if self.any_card
                else Msg(f"one of {hand}", f"{hand_ja}のどれか")
            )
            lines.append(
                Msg(
                    f"{who} places {cards.en} at a usable spot: {' '.join(self.spots)}; declare number or suit.",
                    f"{who}が{cards.ja}を使える場所（{' '.join(map(spot_ja, self.spots))}）に置き、"
                    "数字かスートを宣言します。",
                )
            )
        elif self.phase is Phase.BUILD:
            for b in self.builds:
                legal = ", ".join(w.value for w in b.legal)
                legal_ja = "・".join(WHERE_NAMES[w].ja for w in b.legal)
                lines.append(Msg(f"{who} builds {b.card}: {legal}.", f"{who}の{self._ja([b.card])}は{legal_ja}。"))
        elif self.phase is Phase.FINAL:
            if self.final_hands:
                names = _names([self.names[p] for p in self.final_hands])
                lines.append(Msg(f"Final hands still to enter: {names.en}.", f"残り手札の入力待ちは{names.ja}。"))
            for p in self.pairs:
                best = self.best_pairs[p]
                tip = (
                    Msg("no pair helps", "裏向きペアで得点は増えません")
                    if best is None
                    else Msg(
                        f"best: pair {best.source + 1} {best.target + 1}",
                        f"最善は「ペア {best.source + 1} {best.target + 1}」",
                    )
                )
                lines.append(
                    Msg(
                        f"{self.names[p]} decides on the face-down pair ({tip.en}).",
                        f"{self.names[p]}は裏向きペアを決めます（{tip.ja}）。",
                    )
                )
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
        phase,
        player,
        tuple(state.usable_spots()) if phase is Phase.PLACE else (),
        known if phase is Phase.PLACE else (),
        any_card and phase is Phase.PLACE,
        tuple(build_options(state)),
        tuple(c for c, v in state.grid.items() if v is None) if phase is Phase.REVEAL else (),
        tuple(state.unseen()),
        final,
        pairs,
        best,
        state.setup.players,
        state.setup.deck,
    )


def _score_words(state: State, result: SoFar) -> Msg:
    """``score so far 22``, the face-down pair named when it counts; while the hand is not known, the
    fortress's points, and the penalty said to be unknown (F-13, F-14)."""
    label = Msg("score", "勝利点") if state.phase is Phase.OVER else Msg("score so far", "現在の勝利点")
    pair = result.pair_words()
    if result.score is not None:
        return Msg(
            f"{label.en} {result.score}{pair.en}", f"{label.ja}{result.score}" + (f"（{pair.ja}）" if pair.ja else "")
        )
    return Msg(
        f"{label.en} {result.points} for the fortress{pair.en}, less the penalty of a hand not shown yet",
        f"{label.ja}は砦の{result.points}点（{pair.ja + '。' if pair.ja else ''}手札が未公開のため失点は未定）",
    )


def describe(state: State) -> Msg:
    """The state in words: whose turn, the grid, the deck, each player's hand and fortress, and the
    score so far (said as far as it is known: :mod:`companion.rules.fortress.so_far`)."""
    names = state.setup.players
    deck = state.setup.deck

    def ja(cards: Iterable[Card]) -> str:  # Japanese mode writes cards as the table types them: 赤7
        return " ".join(deck.label(c, "ja") for c in cards)

    g = {c: str(v) if v is not None else "--" for c, v in state.grid.items()}
    gj = {c: deck.label(v, "ja") if v is not None else "--" for c, v in state.grid.items()}
    lines = [
        GAME_OVER if state.phase is Phase.OVER else Msg("Now: ", "現在：") + state.waiting_for() + Msg(".", "。"),
        Msg(
            f"Grid A: {g['A1']} {g['A2']} / {g['A3']} {g['A4']}   B: {g['B1']} {g['B2']} / {g['B3']} {g['B4']}; "
            f"deck {plural(state.deck_count, 'card', 'cards')}"
            f"{'; the end is triggered (F-12)' if state.triggered else ''}.",
            f"場札A {gj['A1']} {gj['A2']} / {gj['A3']} {gj['A4']}、B {gj['B1']} {gj['B2']} / {gj['B3']} {gj['B4']}。"
            f"山札{state.deck_count}枚{'。終了条件成立（F-12）' if state.triggered else ''}。",
        ),
    ]
    if state.pending:
        cards = " ".join(map(str, state.pending))
        lines.append(Msg(f"Captured, to build: {cards}.", f"配置待ちの獲得カードは{ja(state.pending)}。"))
    for p, (name, result) in enumerate(zip(names, so_far(state), strict=True)):
        fort = " | ".join(" ".join(map(str, col)) for col in state.fortresses[p]) or "-"
        fort_ja = " | ".join(ja(col) for col in state.fortresses[p]) or "-"
        known = " ".join(map(str, sorted(state.known_hands[p])))
        known_ja = ja(sorted(state.known_hands[p]))
        count = state.hand_counts[p]
        hand = Msg(
            f"hand {plural(count, 'card', 'cards')}{f' (known: {known})' if known else ''}",
            f"手札{count}枚{f'（分かっているものは{known_ja}）' if known else ''}",
        )
        said = _score_words(state, result)
        lines.append(
            Msg(f"{name}: {hand.en}; fortress {fort}; {said.en}.", f"{name}は{hand.ja}、砦 {fort_ja}、{said.ja}。")
        )
    if state.phase is Phase.OVER:
        totals = [x.score for x in scores(state)]
        lines.append(winner_words(names, winners(totals), max(totals), "F-14"))
    return join(lines, "\n", "\n")

"""Random legal games of Six-Suit Fortress against a simulated table that knows every card.

The table tells the engine only what a real table would (revealed cards, placed cards,
builds, final hands). At every step the engine's known cards must agree with the table,
and with the hidden counts make exactly the 78-card deck (F-1); the game must end by F-12;
replay must rebuild the same state; refused actions must change nothing.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import fortress as f
from companion.rules.common import Refusal

from .conftest import load_deck_data

DECK = f.Deck.from_data(load_deck_data("fortress"))


def oracle_capture(p: f.Card, a: f.Card, b: f.Card | None, mode: f.Mode) -> int:
    """F-5/F-6/F-7 written again, plainly, as the table would count."""
    if mode is f.Mode.NUMBER:
        if b is not None and p.rank >= a.rank + b.rank:
            return 3
        return 2 if p.rank >= a.rank else 1
    if p.suit == a.suit:
        return 3 if b is not None and b.suit == p.suit else 2
    return 1


class Table:
    def __init__(self, n: int, start: int, rnd: random.Random) -> None:
        self.rnd = rnd
        cards = DECK.cards()
        rnd.shuffle(cards)
        deal = f.DEAL[n]
        self.hands = [cards[i * deal:(i + 1) * deal] for i in range(n)]
        self.stock = cards[n * deal:]
        self.grid: dict[str, f.Card | None] = {c: None for c in f.CELLS}
        self.forts: list[list[list[f.Card]]] = [[] for _ in range(n)]
        self.setup = f.Setup(tuple(f"P{i}" for i in range(n)), start, DECK)
        self.state = f.new_state(self.setup)
        self.actions: list[f.Action] = []
        self.placed_by: list[int] = []
        self.refusals = 0
        self.triggered = False
        self.oracle_checks = 0

    def expected_turn(self) -> int | None:
        """F-10/F-12 counted by the table itself: who plays next, or None when the game is over."""
        n = len(self.hands)
        last_seat = (self.setup.start - 1) % n
        if not self.placed_by:
            seat = self.setup.start
        else:
            prev = self.placed_by[-1]
            self.triggered = self.triggered or any(not h for h in self.hands) or not self.stock
            if self.triggered and prev == last_seat:
                return None
            seat = (prev + 1) % n
        for _ in range(n + 1):
            if self.hands[seat] and any(v is not None for v in self.grid.values()):
                return seat
            if self.triggered and seat == last_seat:
                return None
            seat = (seat + 1) % n
        return None

    def act(self, action: f.Action) -> None:
        self.state, ruling = f.apply(self.state, action)
        assert ruling.en and ruling.ja
        self.actions.append(action)
        self.check()

    def refused(self, action: f.Action) -> None:
        before = self.state.copy()
        with pytest.raises(Refusal) as caught:
            f.apply(self.state, action)
        assert caught.value.msg.en and caught.value.msg.ja
        assert self.state == before
        self.refusals += 1

    def check(self) -> None:
        s = self.state
        known = s.known()
        # what the engine knows agrees with the table
        assert s.grid == self.grid
        assert s.fortresses == self.forts
        for p, hand in enumerate(self.hands):
            assert s.hand_counts[p] == len(hand)
            assert s.known_hands[p] <= set(hand)
            if s.final_hands[p] is not None:
                assert sorted(s.final_hands[p]) == sorted(hand)
        assert s.deck_count == len(self.stock)
        # known + hidden = the deck, every card once (F-1)
        assert len(known) + sum(s.hidden_counts()) + s.deck_count == 78
        assert all(h >= 0 for h in s.hidden_counts())
        table_cards = [c for h in self.hands for c in h] + self.stock + [
            c for c in self.grid.values() if c is not None] + [
            c for fort in self.forts for col in fort for c in col] + list(s.pending)
        assert sorted(table_cards) == sorted(DECK.cards())

    def play(self) -> None:
        rnd = self.rnd
        for _ in range(2000):
            s = self.state
            if s.phase is f.Phase.REVEAL:
                empty = [c for c, v in self.grid.items() if v is None]
                full = [c for c, v in self.grid.items() if v is not None]
                if full:
                    self.refused(f.Reveal(rnd.choice(full), self.stock[-1]))
                    self.refused(f.Reveal(rnd.choice(empty), self.grid[full[0]]))  # type: ignore[arg-type]
                cell, card = rnd.choice(empty), self.stock.pop()
                self.grid[cell] = card
                self.act(f.Reveal(cell, card))
            elif s.phase is f.Phase.PLACE:
                p = s.turn
                assert p == self.expected_turn()
                self.oracle_checks += 1
                assert self.hands[p], "F-10: a player with no cards is never asked to play"
                other = (p + 1) % len(self.hands)
                if self.hands[other]:
                    self.refused(f.Place(other, self.hands[other][0], s.usable_spots()[0], f.Mode.NUMBER))
                on_grid = next(c for c in self.grid.values() if c is not None)
                self.refused(f.Place(p, on_grid, s.usable_spots()[0], f.Mode.SUIT))
                blocked = [sp for sp in f.SPOTS if self.grid[f.spot_cells(sp)[0]] is None]
                if blocked:
                    self.refused(f.Place(p, self.hands[p][0], blocked[0], f.Mode.SUIT))  # F-7
                card = rnd.choice(self.hands[p])
                spot = rnd.choice([sp for sp in f.SPOTS if self.grid[f.spot_cells(sp)[0]] is not None])
                mode = rnd.choice(list(f.Mode))
                a_cell, b_cell = f.spot_cells(spot)
                a, b = self.grid[a_cell], self.grid[b_cell]
                assert a is not None
                count = oracle_capture(card, a, b, mode)
                self.hands[p].remove(card)
                if count == 3:
                    self.grid[b_cell] = None
                expected = [card, a, b][:count]
                self.placed_by.append(p)
                if count >= 2:
                    self.grid[a_cell] = None
                self.act(f.Place(p, card, spot, mode))
                assert self.state.pending == expected
            elif s.phase is f.Phase.BUILD:
                p = s.turn
                card = rnd.choice(s.pending)
                ranks = [col[0].rank for col in self.forts[p]]
                legal = f.placements(ranks, card.rank)
                illegal = [w for w in (f.Where.LEFT, f.Where.RIGHT, f.Where.ON_LEFT, f.Where.ON_RIGHT)
                           if w not in legal and not (not ranks and w in (f.Where.LEFT, f.Where.RIGHT))
                           and not (len(ranks) == 1 and w is f.Where.ON_LEFT and f.Where.ON_RIGHT in legal)]
                if illegal:
                    self.refused(f.Build(card, rnd.choice(illegal)))
                where = rnd.choice([*legal, f.Where.HAND]) if rnd.random() < 0.85 or not legal else f.Where.HAND
                if where is f.Where.HAND:
                    self.hands[p].append(card)
                else:
                    self.forts[p] = f.build(self.forts[p], card, where)
                self.act(f.Build(card, where))
            elif s.phase is f.Phase.FINAL:
                assert self.expected_turn() is None
                order = list(range(len(self.hands)))
                rnd.shuffle(order)
                for p in order:
                    hand = list(self.hands[p])
                    rnd.shuffle(hand)
                    if hand:
                        self.refused(f.FinalHand(p, tuple(hand[1:])))  # one short
                    self.act(f.FinalHand(p, tuple(hand)))
                    heights = [len(c) for c in self.forts[p]]
                    choice = rnd.choice([None, f.best_pair(heights)])
                    self.act(f.ChoosePair(p, choice))
                    self.refused(f.ChoosePair(p, None))  # once per player (F-13)
            else:
                return
        raise AssertionError("the game did not end")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 5), start=st.integers(0, 4), seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_end_and_replay(n: int, start: int, seed: int) -> None:
    table = Table(n, start % n, random.Random(seed))
    table.play()
    s = table.state
    assert s.phase is f.Phase.OVER
    assert s.triggered  # F-12: the game ended because a hand or the deck ran out
    assert table.oracle_checks >= len(table.placed_by)
    assert table.refusals > 0
    # replay rebuilds the same state; undo is replay without the last action
    assert f.fold(table.setup, table.actions) == s
    # records round-trip through plain data
    data = [f.action_to_data(a) for a in table.actions]
    assert [f.action_from_data(DECK, d) for d in data] == table.actions
    scores = f.scores(s)
    assert len(f.winners([x.score for x in scores])) >= 1

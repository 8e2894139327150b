"""Random legal rounds of Reign of Dragoness for 2-8 players, against a simulated table
that deals real hands and tells the engine only what is played (D-2 .. D-10).

``Table`` is also what ``tests/store_games.py`` plays whole games with (the store's tests). The
table that makes mistakes and is judged by an independent model is ``test_dragoness_table.py``."""

import random
from collections import Counter

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from companion.rules.common import Refusal

DECK = d.Deck.from_data(load_deck_data("dragoness"))
RV = d.Card("RV")


class Table:
    def __init__(self, n: int, rnd: random.Random) -> None:
        self.n, self.rnd = n, rnd
        self.setup = d.Setup(tuple(f"P{i}" for i in range(n)), DECK)
        self.state = d.new_state(self.setup)
        self.actions: list[d.Action] = []
        self.refusals = 0
        self.after_revive: list[d.Card] = []

    def deal(self) -> None:
        cards = list(Counter(self.setup.cards).elements())
        self.rnd.shuffle(cards)
        self.hands = [cards[i * 13 : (i + 1) * 13] for i in range(self.n)]
        self.unused = cards[self.n * 13 :]

    def act(self, action: d.Action) -> None:
        self.state, ruling = d.apply(self.state, action)
        assert ruling.en and ruling.ja
        self.actions.append(action)

    def refused(self, action: d.Action) -> None:
        before = self.state
        with pytest.raises(Refusal) as caught:
            d.apply(self.state, action)
        assert caught.value.msg.en and caught.value.msg.ja
        assert self.state == before
        self.refusals += 1

    def check(self) -> None:
        """Hands + the pile (and piles already won) + the unused stack = the deck of D-2."""
        s = self.state
        assert s.hand_counts == tuple(len(h) for h in self.hands)
        total = Counter(s.played) + Counter(self.unused)
        for hand in self.hands:
            total += Counter(hand)
        assert total == Counter(self.setup.cards)
        assert sum(s.hand_counts) + len(s.played) + self.setup.unused == sum(self.setup.cards.values())

    def candidates(self, hand: list[d.Card], size: int | None) -> list[list[d.Card]]:
        playable = [c for c in hand if c != RV]
        out = []
        for _ in range(25):
            k = size if size is not None else self.rnd.choice([1, 1, 2, 3])
            if k > len(playable):
                continue
            group = self.rnd.sample(playable, k)
            if d.patterns(DECK, group):
                out.append(group)
        return out

    def play_round(self) -> None:
        rnd = self.rnd
        self.deal()
        naturals = [c for h in self.hands for c in h if c.number]
        lowest = min(naturals, key=lambda c: (c.number, DECK.clan(c.code).gems))
        holder = next(i for i, h in enumerate(self.hands) if lowest in h)
        self.refused(d.Opening(holder, RV))
        self.act(d.Opening(holder, lowest))
        round_no = self.state.round
        for _ in range(2000):
            s = self.state
            if s.round != round_no or s.phase is d.Phase.OVER:
                return
            self.check()
            p = s.turn
            hand = self.hands[p]
            if s.phase is d.Phase.LEAD:
                if all(c == RV for c in hand):
                    self.hands[p] = []
                    self.act(d.OnlyRevives(p))
                    continue
                self.refused(d.Pass(p))
                options = self.candidates(hand, None)
                if s.must_contain is not None:
                    options = [g for g in options if s.must_contain in g] or [[s.must_contain]]
                group = options[0] if options else [next(c for c in hand if c != RV)]
            elif s.phase is d.Phase.REVIVED:
                self.refused(d.Pass(p))
                group = self.after_revive  # the weaker pattern the table found before reviving
            else:
                assert s.top is not None
                top = s.top
                fits = [
                    g
                    for g in self.candidates(hand, top.size)
                    if any(x.shape is top.shape and d.stronger(x.high, top.high) for x in d.patterns(DECK, g))
                ]
                if RV in hand and top.high[0] < 12 and rnd.random() < 0.5:
                    rest = [c for c in hand if c != RV]
                    weaker = [
                        g
                        for g in self.candidates(rest, top.size)
                        if any(x.shape is top.shape and d.stronger(top.high, x.high) for x in d.patterns(DECK, g))
                    ]
                    if weaker:
                        self.after_revive = weaker[0]
                        hand.remove(RV)
                        self.act(d.Revive(p))
                        continue
                if top.high[0] >= 12 and RV in hand:
                    self.refused(d.Revive(p))
                if not fits or rnd.random() < 0.2:
                    self.act(d.Pass(p))
                    continue
                group = fits[0]
            for c in group:
                hand.remove(c)
            self.act(d.PlayCards(p, tuple(group)))
        raise AssertionError("the round did not end")

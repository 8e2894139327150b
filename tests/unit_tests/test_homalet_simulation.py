"""Random legal HOMALET games for every player count, against a simulated table that knows
every card and tells the engine only what a real table would (H-1 .. H-10)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.decks import load_deck_data
from companion.rules import homalet as h
from companion.rules.common import Refusal

DECK = h.Deck.from_data(load_deck_data("homalet"))
B, W = h.Field.BATTLE, h.Field.WILD


class Table:
    def __init__(self, n: int, start: int, rnd: random.Random) -> None:
        self.rnd = rnd
        self.n = n
        cards = list(h.cards_for(n))
        rnd.shuffle(cards)
        self.hands = [cards[i * 6:(i + 1) * 6] for i in range(n)]
        self.stock = cards[n * 6:]
        self.wild: list[tuple[int, ...]] = []
        self.played: list[tuple[int, int, h.Field]] = []
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[int] = []
        self.setup = h.Setup(tuple(f"P{i}" for i in range(n)), start, DECK)
        self.state = h.new_state(self.setup)
        self.actions: list[h.Action] = []
        self.refusals = 0
        self.effects = 0

    def act(self, action: h.Action) -> None:
        self.state, ruling = h.apply(self.state, action)
        assert ruling.en and ruling.ja
        self.actions.append(action)
        if not self.state.played and self.played:  # the engine cleaned up (H-8)
            taken = {c for pile in self.piles for c in pile}
            self.discard += [c for _, c, _ in self.played if c not in taken]
            self.played = []
        self.check()

    def refused(self, action: h.Action) -> None:
        before = self.state.copy()
        with pytest.raises(Refusal) as caught:
            h.apply(self.state, action)
        assert caught.value.msg.en and caught.value.msg.ja
        assert self.state == before
        self.refusals += 1

    def check(self) -> None:
        s = self.state
        assert list(s.wilderness) == self.wild
        assert list(s.played) == self.played
        assert [list(p) for p in s.piles] == self.piles
        assert sorted(s.discard) == sorted(self.discard)
        assert s.deck_count == len(self.stock)
        for p, hand in enumerate(self.hands):
            assert s.hand_counts[p] == len(hand)
            assert s.known_hands[p] <= set(hand)
        known = s.known()
        assert len(known) + sum(s.hidden_counts()) + s.deck_count == 10 * self.n
        everything = ([c for hand in self.hands for c in hand] + self.stock + [c for w in self.wild for c in w]
                      + [c for _, c, _ in self.played if c not in {x for p in self.piles for x in p}]
                      + [c for p in self.piles for c in p] + self.discard)
        assert sorted(everything) == list(h.cards_for(self.n))

    def play(self) -> None:
        rnd = self.rnd
        for _ in range(3000):
            s = self.state
            if s.phase is h.Phase.REFILL:
                size = min(2, len(self.stock))
                cards = tuple(self.stock[-size:])
                del self.stock[-size:]
                if self.wild:
                    self.refused(h.RevealSet(self.wild[0]))
                self.wild.append(cards)
                self.act(h.RevealSet(cards))
            elif s.phase is h.Phase.PLAY:
                p = s.turn
                hand = self.hands[p]
                assert hand, "H-4: a player with no cards is skipped"
                self.refused(h.Play((p + 1) % self.n, hand[0], B))
                fields = [B, W] if self.wild else [B]
                if not self.wild:
                    self.refused(h.Play(p, hand[0], W))
                where = rnd.choice(fields)
                lead = s.lead(where)
                follow = [c for c in hand if lead is None or DECK.colour_of[c] == lead]
                if lead is not None and not follow:
                    off = [c for c in hand if DECK.colour_of[c] != lead]
                    self.refused(h.Play(p, off[0], where, void=False))
                card = rnd.choice(follow or hand)
                void = lead is not None and DECK.colour_of[card] != lead
                hand.remove(card)
                self.played.append((p, card, where))
                self.act(h.Play(p, card, where, void))
            elif s.phase is h.Phase.PICK:
                p = s.pickers[0]
                taken = {c for pile in self.piles for c in pile}
                available = [c for _, c, f in self.played if f is B and c not in taken]
                wild_played = [c for _, c, f in self.played if f is W]
                if wild_played:
                    self.refused(h.Pick(p, wild_played[0]))
                card = rnd.choice(available)
                self.piles[p].append(card)
                self.act(h.Pick(p, card))
                if DECK.season(card) is h.Season.AUTUMN and not self.stock:
                    assert self.state.phase is not h.Phase.EFFECT
            elif s.phase is h.Phase.EFFECT:
                assert s.effect is not None
                p, season = s.effect
                self.effects += 1
                if season is h.Season.SUMMER and self.stock:  # the table draws a card for p
                    self.hands[p].append(self.stock.pop())
                    self.act(h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, p))
                elif season is h.Season.AUTUMN:
                    assert self.stock, "H-6: autumn never opens on an empty deck"
                    card = self.stock.pop()
                    self.piles[p].append(card)
                    self.act(h.Adjust(h.Zone.DECK, h.Zone.PILE, card, None, p))
                elif season is h.Season.WINTER and self.hands[p]:
                    card = rnd.choice(self.hands[p])
                    self.hands[p].remove(card)
                    self.discard.append(card)
                    self.act(h.Adjust(h.Zone.HAND, h.Zone.DISCARD, card, p, None))
                self.act(h.EndEffect())
            elif s.phase is h.Phase.TAKE:
                p = s.takers[0]
                self.refused(h.TakeSet(p, len(self.wild)))
                index = rnd.randrange(len(self.wild))
                self.hands[p] += list(self.wild.pop(index))
                self.act(h.TakeSet(p, index))
            else:
                return
        raise AssertionError("the game did not end")


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 7), start=st.integers(0, 6), seed=st.integers(0, 2**32 - 1))
def test_h9_random_legal_games_end_and_replay(n: int, start: int, seed: int) -> None:
    table = Table(n, start % n, random.Random(seed))
    table.play()
    s = table.state
    assert s.phase is h.Phase.OVER
    assert sum(1 for hand in table.hands if not hand) >= 2  # H-9
    assert table.refusals > 0
    assert h.fold(table.setup, table.actions) == s
    data = [h.action_to_data(a) for a in table.actions]
    assert [h.action_from_data(DECK, d) for d in data] == table.actions  # records round-trip
    totals = [x.score for x in h.scores(s)]
    assert h.winners(totals, s.piles)

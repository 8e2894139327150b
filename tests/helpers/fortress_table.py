"""Six-Suit Fortress against a simulated table that makes the mistakes real tables make.

The table holds real cards; Hypothesis draws every move it makes (the shuffle, each card, spot,
declaration, build, and each mistake), so a failure shrinks to a short game. Legality is decided
here by code of the test's own (F-5 .. F-12 written again plainly), never by the engine's helpers.
The engine is told only what a real table would tell it, and after every action it must agree with
the table; every mistake must be refused and change nothing; every action must survive the table
notation both ways, and the finished game must settle to the engine's scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

import pytest
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.rules import fortress as f
from companion.rules.common import Refusal, copy_state
from tests.helpers.fortress_play import english_inside_japanese

DECK = f.Deck.from_data(load_deck_data("fortress"))
W = f.Where
CELLS = ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4")
SIDES = {1: "NW", 2: "NE", 3: "SW", 4: "SE"}


def oracle_cells(spot: str) -> tuple[str, str]:
    """F-4: the touched cell and the one behind it (other cell of the column for N/S, of the row for W/E)."""
    grid, index, side = spot[0], int(spot[1]), spot[2]
    column_mate, row_mate = {1: 3, 3: 1, 2: 4, 4: 2}, {1: 2, 2: 1, 3: 4, 4: 3}
    return f"{grid}{index}", f"{grid}{(column_mate if side in 'NS' else row_mate)[index]}"


ALL_SPOTS = [f"{cell}{side}" for cell in CELLS for side in SIDES[int(cell[1])]]


def oracle_capture(p: f.Card, a: f.Card, b: f.Card | None, number: bool) -> int:
    """F-5/F-6/F-7, as the table would count."""
    if number:
        if b is not None and p.rank >= a.rank + b.rank:
            return 3
        return 2 if p.rank >= a.rank else 1
    if p.suit == a.suit:
        return 3 if b is not None and b.suit == p.suit else 2
    return 1


def oracle_fits(row: Sequence[int], rank: int, where: f.Where) -> bool:
    """F-11 with its [assumption]: ends stack equal ranks; a new column is 1-3 beyond its end
    (13 wraps to 1) and repeats no rank of the row."""
    if where is W.HAND:
        return True
    if not row:
        return where in (W.LEFT, W.RIGHT)
    if where is W.ON_LEFT:
        return rank == row[0]
    if where is W.ON_RIGHT:
        return rank == row[-1]
    if rank in row:
        return False
    step = (rank - row[-1]) % 13 if where is W.RIGHT else (row[0] - rank) % 13
    return step in (1, 2, 3)


def oracle_points(heights: Sequence[int]) -> int:
    standing = [h for h in heights if h > 0]
    return len(standing) * max(standing, default=0)


def oracle_pairs(heights: Sequence[int]) -> dict[f.Pair | None, int]:
    """F-13: every possible face-down pair (and none) with the points it gives."""
    out: dict[f.Pair | None, int] = {None: oracle_points(heights)}
    for s, hs in enumerate(heights):
        for t in range(len(heights)):
            if hs >= 2:
                after = list(heights)
                after[s] -= 2
                after[t] += 1
                out[f.Pair(s, t)] = oracle_points(after)
    return out


def oracle_score(columns: list[list[f.Card]], hand: Sequence[f.Card], pair: f.Pair | None) -> int:
    """F-14: columns × tallest after the pair, minus the lowest rank of each suit in hand."""
    lows: dict[str, int] = {}
    for card in hand:
        lows[card.suit] = min(lows.get(card.suit, 99), card.rank)
    return oracle_pairs([len(c) for c in columns])[pair] - sum(lows.values())


T = TypeVar("T")


class Chooser(Protocol):
    """Every choice the table makes: drawn by Hypothesis in the tests (so failures shrink), or by a
    seeded ``random`` for the store's tests, which need whole games quickly."""

    def pick(self, options: Sequence[T]) -> T: ...
    def flip(self) -> bool: ...
    def integer(self, low: int, high: int) -> int: ...
    def some(self, options: Sequence[T], most: int) -> list[T]: ...
    def permute(self, items: Sequence[T]) -> list[T]: ...


class DrawnChoices:
    """Each choice drawn by Hypothesis through the random it makes (``st.randoms``): every call is a
    draw of its own that shrinks (towards the first option, False, the lowest number, fewer, the order
    given) and is noted in a failure's report. A ``data.draw`` per choice did the same and cost as much
    again as the game itself (it copies the global random's state twice per draw, and a game makes a
    thousand choices)."""

    def __init__(self, data: st.DataObject) -> None:
        self.rnd = data.draw(st.randoms(note_method_calls=True, use_true_random=False), label="the table's choices")

    def pick(self, options: Sequence[T]) -> T:
        return self.rnd.choice(options)

    def flip(self) -> bool:
        return self.rnd.getrandbits(1) == 1

    def integer(self, low: int, high: int) -> int:
        return self.rnd.randint(low, high)

    def some(self, options: Sequence[T], most: int) -> list[T]:
        return [self.rnd.choice(options) for _ in range(self.rnd.randint(0, most))]

    def permute(self, items: Sequence[T]) -> list[T]:
        return self.rnd.sample(list(items), len(items))


class RandomChoices:
    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def pick(self, options: Sequence[T]) -> T:
        return self.rnd.choice(options)

    def flip(self) -> bool:
        return self.rnd.random() < 0.5

    def integer(self, low: int, high: int) -> int:
        return self.rnd.randint(low, high)

    def some(self, options: Sequence[T], most: int) -> list[T]:
        return [self.rnd.choice(options) for _ in range(self.rnd.randint(0, most))]

    def permute(self, items: Sequence[T]) -> list[T]:
        return self.rnd.sample(list(items), len(items))


class Table:
    """Real cards on a real table, and what the table tells the engine."""

    def __init__(
        self,
        n: int,
        start: int,
        source: random.Random | st.DataObject,
        names: Sequence[str] = ("P0", "P1", "P2", "P3", "P4"),
    ) -> None:
        self.choose: Chooser = RandomChoices(source) if isinstance(source, random.Random) else DrawnChoices(source)
        order = self.choose.permute(DECK.cards())
        self.names = tuple(names[:n])
        self.setup = f.make_setup(self.names, start, DECK)
        deal = f.DEAL[n]
        self.hands = [order[i * deal : (i + 1) * deal] for i in range(n)]
        self.stock = order[n * deal :]
        self.grid: dict[str, f.Card | None] = dict.fromkeys(CELLS)
        self.forts: list[list[list[f.Card]]] = [[] for _ in range(n)]
        self.public: list[set[f.Card]] = [set() for _ in range(n)]  # cards seen going into each hand
        self.pending: list[f.Card] = []
        self.state = f.new_state(self.setup)
        self.actions: list[f.Action] = []
        self.refusals: list[str] = []
        self.turn: int | None = None
        self.triggered = False
        self.n = n

    # ----------------------------------------------------------------- talking to the engine

    def act(self, action: f.Action) -> str:
        before, frozen = self.state, copy_state(self.state)
        for lang in ("en", "ja"):
            line = f.action_line(before, action, lang)
            assert f.parse_line(before, line) == action, line
        self.state, ruling = f.apply(before, action)
        assert before == frozen, "apply changed the state it was given"
        assert self.state is not before
        assert ruling.en and ruling.ja
        for text in (ruling.ja, f.describe(self.state).ja, f.allowed(self.state).describe().ja):
            assert not english_inside_japanese(text, self.names), text
        self.actions.append(action)
        self.check()
        return ruling.en

    def refused(self, action: f.Action, why: str) -> None:
        frozen = copy_state(self.state)
        with pytest.raises(Refusal) as caught:
            f.apply(self.state, action)
        assert self.state == frozen
        msg = caught.value.msg
        assert msg.en and msg.ja and "(s)" not in msg.en
        assert not english_inside_japanese(msg.ja, self.names), msg.ja
        self.refusals.append(why)

    def check(self) -> None:
        s = self.state
        assert s.grid == self.grid
        assert s.fortresses == self.forts
        assert s.pending == self.pending
        assert s.deck_count == len(self.stock)
        for p, hand in enumerate(self.hands):
            assert s.hand_counts[p] == len(hand)
            assert s.known_hands[p] == self.public[p] <= set(hand)
        assert min(s.hidden_counts()) >= 0
        seen = (
            {c for c in self.grid.values() if c is not None}
            | set(self.pending)
            | {c for fort in self.forts for col in fort for c in col}
            | set().union(*self.public)
        )
        assert set(s.unseen()) == set(DECK.cards()) - seen
        assert len(seen) + sum(s.hidden_counts()) + s.deck_count == 78  # F-1: every card once

    # ----------------------------------------------------------------- the table's own reckoning

    def usable(self) -> list[str]:
        return [sp for sp in ALL_SPOTS if self.grid[oracle_cells(sp)[0]] is not None]

    def next_turn(self, after: int | None) -> int | None:
        """F-10/F-12: who plays next, or None when the game is over (the end seen after the turn)."""
        last = (self.setup.start - 1) % self.n
        if after is None:
            seat = self.setup.start
        else:
            self.triggered = self.triggered or any(not h for h in self.hands) or not self.stock
            if self.triggered and after == last:
                return None
            seat = (after + 1) % self.n
        for _ in range(self.n + 1):
            if self.hands[seat] and self.usable():
                return seat
            if self.triggered and seat == last:
                return None
            seat = (seat + 1) % self.n
        return None

    def provably_not_held(self, p: int, card: f.Card) -> bool:
        """The engine can prove ``card`` is not in ``p``'s hand: it is seen elsewhere, or all of
        ``p``'s hand is known."""
        elsewhere = (
            card in self.grid.values()
            or card in self.pending
            or any(card in col for fort in self.forts for col in fort)
            or any(card in self.public[q] for q in range(self.n) if q != p)
        )
        return elsewhere or (card not in self.public[p] and len(self.public[p]) == len(self.hands[p]))

    # ----------------------------------------------------------------- the game

    def fill(self) -> None:
        while self.stock and None in self.grid.values():
            empty = [c for c, v in self.grid.items() if v is None]
            full = [c for c, v in self.grid.items() if v is not None]
            if full and self.choose.flip():
                mistake = self.choose.pick(["full cell", "seen card"])
                if mistake == "full cell":
                    self.refused(f.Reveal(self.choose.pick(full), self.stock[-1]), "F-9 full cell")
                else:
                    card = self.grid[full[0]]
                    assert card is not None
                    self.refused(f.Reveal(empty[0], card), "F-1 seen card")
            cell = self.choose.pick(empty)
            card = self.stock.pop()
            self.grid[cell] = card
            self.act(f.Reveal(cell, card))

    def mistakes_before_placing(self, p: int) -> None:
        kinds = [
            "other player",
            "a card not held",
            "a card on the table",
            "blocked spot",
            "drop a card",
            "count below known",
        ]
        for kind in self.choose.some(kinds, 2):
            spot = self.usable()[0]
            if kind == "other player":
                other = (p + 1) % self.n
                if self.hands[other]:
                    self.refused(f.Place(other, self.hands[other][0], spot, f.Mode.NUMBER), "F-10 not your turn")
            elif kind == "a card not held":
                others = sorted(set(DECK.cards()) - set(self.hands[p]))
                card = self.choose.pick(others)
                if self.provably_not_held(p, card):
                    self.refused(f.Place(p, card, spot, f.Mode.SUIT), "F-4 not held")
            elif kind == "a card on the table":
                table = [c for c in self.grid.values() if c is not None] + [
                    c for fort in self.forts for col in fort for c in col
                ]
                self.refused(f.Place(p, self.choose.pick(table), spot, f.Mode.NUMBER), "F-1 on the table")
            elif kind == "blocked spot":
                blocked = [sp for sp in ALL_SPOTS if self.grid[oracle_cells(sp)[0]] is None]
                if blocked:
                    self.refused(f.Place(p, self.hands[p][0], blocked[0], f.Mode.SUIT), "F-7 blocked")
            elif kind == "drop a card":
                self.drop_a_card()
            elif kind == "count below known":
                q = self.choose.integer(0, self.n - 1)
                if self.public[q]:
                    self.refused(f.Correct(q, len(self.public[q]) - 1, "miscounted"), "count below known")

    def drop_a_card(self) -> None:
        """A player who is not on turn finds they dropped a card: it goes back into the deck, and the
        table corrects the count (the dropped card is one the engine has not seen)."""
        candidates = [
            q
            for q in range(self.n)
            if q != self.turn and len(self.hands[q]) >= 2 and set(self.hands[q]) - self.public[q]
        ]
        if not candidates:
            return
        q = self.choose.pick(candidates)
        card = self.choose.pick(sorted(set(self.hands[q]) - self.public[q]))
        self.hands[q].remove(card)
        self.stock.insert(self.choose.integer(0, len(self.stock)), card)
        ruling = self.act(f.Correct(q, len(self.hands[q]), "カードを落とした"))
        assert "corrected from" in ruling

    def place(self, p: int) -> None:
        s = f.allowed(self.state)
        assert s.player == p and list(s.spots) == self.usable()
        self.mistakes_before_placing(p)
        card = self.choose.pick(self.hands[p])
        spot = self.choose.pick(self.usable())
        number = self.choose.flip()
        a_cell, b_cell = oracle_cells(spot)
        a, b = self.grid[a_cell], self.grid[b_cell]
        assert a is not None
        count = oracle_capture(card, a, b, bool(number))
        expected = [c for c in (card, a, b) if c is not None][:count]  # b is there when 3 are captured
        by_engine = {(x.spot, x.mode): x.cards for x in f.captures(self.state, card)}
        assert list(by_engine[spot, f.Mode.NUMBER if number else f.Mode.SUIT]) == expected
        self.hands[p].remove(card)
        self.public[p].discard(card)
        self.grid[a_cell] = None if count >= 2 else a
        if count == 3:
            self.grid[b_cell] = None
        self.pending = expected
        self.act(f.Place(p, card, spot, f.Mode.NUMBER if number else f.Mode.SUIT))

    def build(self, p: int) -> None:
        while self.pending:
            row = [col[0].rank for col in self.forts[p]]
            options = {o.card: o for o in f.build_options(self.state)}
            for card in self.pending:
                legal = [w for w in W if oracle_fits(row, card.rank, w)]
                assert list(options[card].legal) == legal
                assert {w for w, _ in options[card].refused} == set(W) - set(legal)
            card = self.choose.pick(self.pending)
            legal = [w for w in W if oracle_fits(row, card.rank, w)]
            illegal = [w for w in W if w not in legal]
            if illegal and self.choose.flip():
                self.refused(f.Build(card, self.choose.pick(illegal)), "F-11")
            where = self.choose.pick(legal)
            self.pending = [c for c in self.pending if c != card]
            if where is W.HAND:
                self.hands[p].append(card)
                self.public[p].add(card)
            elif not self.forts[p] or where in (W.LEFT, W.RIGHT):
                self.forts[p].insert(len(self.forts[p]) if where is W.RIGHT else 0, [card])
            else:
                self.forts[p][0 if where is W.ON_LEFT else -1].append(card)
            self.act(f.Build(card, where))

    def finish(self) -> dict[int, f.Pair | None]:
        assert self.state.phase is f.Phase.FINAL
        chosen: dict[int, f.Pair | None] = {}
        for p in self.choose.permute(range(self.n)):
            hand = list(self.choose.permute(self.hands[p]))
            if hand:
                self.refused(f.FinalHand(p, tuple(hand[1:])), "F-14 one card short")
            self.hands[p] = hand
            self.public[p] = set(hand)  # the final hand is known now
            self.act(f.FinalHand(p, tuple(hand)))
            options = oracle_pairs([len(c) for c in self.forts[p]])
            pair = self.choose.pick(sorted(options, key=lambda x: (x is not None, str(x))))
            chosen[p] = pair
            self.act(f.ChoosePair(p, pair))
            self.refused(f.ChoosePair(p, None), "F-13 once per player")
        return chosen

    def play(self) -> dict[int, f.Pair | None]:
        self.fill()
        self.turn = self.next_turn(None)
        for _ in range(500):
            if self.turn is None:
                return self.finish()
            p = self.turn
            assert self.state.phase is f.Phase.PLACE and self.state.turn == p
            self.place(p)
            self.build(p)
            self.fill()
            self.turn = self.next_turn(p)
        raise AssertionError("the game did not end")

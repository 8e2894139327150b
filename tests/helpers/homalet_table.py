"""Simulated HOMALET tables that make the mistakes real tables make (H-1 .. H-12).

The table below knows every card and plays by its own reading of the rules, written here
independently of the engine: it decides which moves are legal, which mistakes the engine can
prove wrong (and must refuse) and which it cannot (and must accept), and what the engine should
know after each move. Hypothesis draws every move itself, so a failure shrinks to a short game.
Every move goes through the table notation (``action_line`` then ``parse_line``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.cards.decks import load_deck_data
from companion.rules import homalet as h

DECK = h.Deck.from_data(load_deck_data("homalet"))
B, W = h.Field.BATTLE, h.Field.WILD
EN_NAMES = ("Aki", "Ben Ito", "Chie", "Dai", "Emi", "Fumi", "Gen")
JA_NAMES = ("秋子", "弁", "千恵", "大介", "恵美", "文", "源")
SEASONS = {10 + 5 * k: ("spring", "summer", "autumn", "winter")[k % 4] for k in range(12)}  # H-2, prototype


def colour(card: int) -> int:
    """H-2 prototype colour, 0..4."""
    return (card + card // 10) % 5


@dataclass
class TrueTable:
    """The real table: true hands and stock, and what the engine can know (cards seen going into
    a hand). Phases and order follow docs/rules.md H-3 .. H-10."""

    n: int
    names: tuple[str, ...]
    hands: list[list[int]]
    stock: list[int]  # the top is the end
    start: int
    wild: list[tuple[int, ...]] = field(default_factory=list)
    played: list[tuple[int, int, h.Field]] = field(default_factory=list)
    taken: set[int] = field(default_factory=set)
    piles: list[list[int]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    known: list[set[int]] = field(default_factory=list)
    phase: str = "refill"
    turn: int = 0
    pickers: list[int] = field(default_factory=list)
    takers: list[int] = field(default_factory=list)
    japanese: bool = False  # the reasons for corrections are written in Japanese
    effect: tuple[int, str] | None = None
    moved: bool = False  # the open season effect has moved its card

    def __post_init__(self) -> None:
        self.piles = [[] for _ in range(self.n)]
        self.known = [set() for _ in range(self.n)]

    # ---- the table's own reading of the rules
    def public(self) -> set[int]:
        return (
            {c for s in self.wild for c in s}
            | {c for _, c, _ in self.played}
            | {c for p in self.piles for c in p}
            | set(self.discard)
        )

    def hidden(self, p: int) -> int:
        return len(self.hands[p]) - len(self.known[p])

    def lead(self, where: h.Field) -> int | None:
        return next((colour(c) for _, c, f in self.played if f is where), None)

    def begin_round(self) -> None:
        self.turn = self.start
        self.next_player(first=True)

    def next_player(self, first: bool = False) -> None:
        order = [(self.start + k) % self.n for k in range(self.n)]
        begin = 0 if first else order.index(self.turn) + 1
        for seat in order[begin:]:
            if self.hands[seat]:
                self.turn, self.phase = seat, "play"
                return
        self.resolve_battle()

    def resolve_battle(self) -> None:
        battle = [(p, c) for p, c, f in self.played if f is B]
        if not battle:
            self.resolve_wild()
            return
        by_colour: dict[int, list[int]] = {}
        for _, c in battle:
            by_colour.setdefault(colour(c), []).append(c)
        best = max(by_colour, key=lambda k: (len(by_colour[k]), max(by_colour[k])))
        self.pickers = [p for c, p in sorted(((c, p) for p, c in battle if colour(c) == best), reverse=True)]
        self.phase = "pick"

    def after_pick(self) -> None:
        if self.pickers:
            self.phase = "pick"
        else:
            self.resolve_wild()

    def resolve_wild(self) -> None:
        wild = sorted((c, p) for p, c, f in self.played if f is W)
        self.takers = [p for _, p in wild][: len(self.wild)]
        if self.takers:
            self.phase = "take"
        else:
            self.cleanup()

    def cleanup(self) -> None:
        self.discard += [c for _, c, _ in self.played if c not in self.taken]
        self.played, self.taken = [], set()
        if sum(1 for hand in self.hands if not hand) >= 2:
            self.phase = "over"
            return
        self.start = (self.start + 1) % self.n
        if len(self.wild) < 3 and self.stock:
            self.phase = "refill"
        else:
            self.begin_round()

    def reason(self, en: str, ja: str) -> str:
        return ja if self.japanese else en

    # ---- moves the table really makes: (action, what it does to the table)
    def true_moves(self) -> list[tuple[h.Action, object]]:
        out: list[tuple[h.Action, object]] = []
        if self.phase == "refill":
            size = min(2, len(self.stock))
            out.append((h.RevealSet(tuple(self.stock[-size:])), self.do_reveal))
        elif self.phase == "play":
            p = self.turn
            for where in [B, W] if self.wild else [B]:
                lead = self.lead(where)
                follow = [c for c in self.hands[p] if lead is None or colour(c) == lead]
                for c in follow or self.hands[p]:
                    out.append((h.Play(p, c, where, lead is not None and not follow), self.do_play))
        elif self.phase == "pick":
            for c in [c for _, c, f in self.played if f is B and c not in self.taken]:
                out.append((h.Pick(self.pickers[0], c), self.do_pick))
        elif self.phase == "take":
            out += [(h.TakeSet(self.takers[0], i), self.do_take) for i in range(len(self.wild))]
        elif self.phase == "effect":
            assert self.effect is not None
            p, season = self.effect
            if self.moved:
                season = "done"
            if season == "summer" and self.stock:
                out.append((h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, p), self.do_draw))
            if season == "autumn" and self.stock:
                out.append((h.Adjust(h.Zone.DECK, h.Zone.PILE, self.stock[-1], None, p), self.do_autumn))
            if season == "winter":
                out += [(h.Adjust(h.Zone.HAND, h.Zone.DISCARD, c, p, None), self.do_winter) for c in self.hands[p]]
            out.append((h.EndEffect(), self.do_end))
        return out

    def corrections(self) -> list[tuple[h.Action, object]]:
        """A miscount found and put right: a hidden card fell back into the deck, or a card too many drawn."""
        out: list[tuple[h.Action, object]] = []
        if self.phase != "over":
            dropped = self.reason("a card fell back into the deck", "山札にカードが戻った")
            extra = self.reason("drew a card too many", "1枚多く引いた")
            for p in range(self.n):
                if any(c not in self.known[p] for c in self.hands[p]):
                    out.append((h.Correct(p, len(self.hands[p]) - 1, dropped), self.do_drop))
                if self.stock:
                    out.append((h.Correct(p, len(self.hands[p]) + 1, extra), self.do_extra))
        return out

    def do_reveal(self, a: h.RevealSet) -> None:
        del self.stock[-len(a.cards) :]
        self.wild.append(a.cards)
        if len(self.wild) == 3 or not self.stock:
            self.begin_round()

    def do_play(self, a: h.Play) -> None:
        self.hands[a.player].remove(a.card)
        self.known[a.player].discard(a.card)
        self.played.append((a.player, a.card, a.field))
        self.next_player()

    def do_pick(self, a: h.Pick) -> None:
        self.taken.add(a.card)
        self.piles[a.player].append(a.card)
        self.pickers.pop(0)
        season = SEASONS.get(a.card)
        if season in ("summer", "winter") or (season == "autumn" and self.stock):
            self.phase, self.effect, self.moved = "effect", (a.player, season), False
        else:
            self.after_pick()

    def do_take(self, a: h.TakeSet) -> None:
        cards = self.wild.pop(a.index)
        self.hands[a.player] += cards
        self.known[a.player] |= set(cards)
        self.takers.pop(0)
        if not self.takers:
            self.cleanup()

    def do_draw(self, a: h.Adjust) -> None:
        assert a.target_player is not None
        self.hands[a.target_player].append(self.stock.pop())
        self.moved = True

    def do_autumn(self, a: h.Adjust) -> None:
        assert a.target_player is not None
        self.piles[a.target_player].append(self.stock.pop())
        self.moved = True

    def do_winter(self, a: h.Adjust) -> None:
        assert a.source_player is not None and a.card is not None
        self.hands[a.source_player].remove(a.card)
        self.known[a.source_player].discard(a.card)
        self.discard.append(a.card)
        self.moved = True

    def do_end(self, a: h.EndEffect) -> None:
        self.effect = None
        self.after_pick()

    def do_drop(self, a: h.Correct) -> None:
        card = next(c for c in self.hands[a.player] if c not in self.known[a.player])
        self.hands[a.player].remove(card)
        self.stock.insert(0, card)
        self.after_correct(a.player)

    def do_extra(self, a: h.Correct) -> None:
        self.hands[a.player].append(self.stock.pop(0))
        self.after_correct(a.player)

    def after_correct(self, p: int) -> None:
        if self.phase == "play" and p == self.turn and not self.hands[p]:
            self.next_player()
        elif self.phase == "refill" and not self.stock:
            self.begin_round()

    # ---- mistakes: (action, must the engine refuse it?)
    def mistakes(self) -> list[tuple[h.Action, bool]]:
        out: list[tuple[h.Action, bool]] = []
        public = self.public()
        everything = range(10 * self.n)
        if self.phase == "play":
            p = self.turn
            other = (p + 1) % self.n
            if self.hands[other]:
                out.append((h.Play(other, self.hands[other][0], B), True))  # not their turn
            for c in public:
                out.append((h.Play(p, c, B), True))  # a card the table sees elsewhere
            for q in range(self.n):
                for c in self.known[q] if q != p else ():
                    out.append((h.Play(p, c, B), True))  # a card seen going into another hand
            not_held = [
                c
                for c in everything
                if c not in public and c not in self.hands[p] and not any(c in self.known[q] for q in range(self.n))
            ]
            lead = self.lead(B)
            for c in not_held[:3]:  # a card p does not hold: provably wrong only if p's hand is all known
                void = lead is not None and colour(c) != lead
                seen_lead = void and any(colour(k) == lead for k in self.known[p])
                out.append((h.Play(p, c, B, void), self.hidden(p) == 0 or seen_lead))
            if self.n < 7:
                out.append((h.Play(p, 10 * self.n, B), True))  # H-1: not in this game
            if not self.wild:
                out.append((h.Play(p, self.hands[p][0], W), True))
            for where in [B, W] if self.wild else [B]:
                lead = self.lead(where)
                for c in self.hands[p]:
                    if lead is None:
                        out.append((h.Play(p, c, where, True), True))  # void on an empty field
                    elif colour(c) == lead:
                        out.append((h.Play(p, c, where, True), True))  # void with the lead colour
                    else:
                        out.append((h.Play(p, c, where, False), True))  # off colour without void
                        holds_lead = any(colour(k) == lead for k in self.hands[p])
                        if holds_lead:  # a false void claim: refused when the table saw the lead colour go in
                            seen = any(colour(k) == lead for k in self.known[p])
                            out.append((h.Play(p, c, where, True), seen))
            out.append((h.Pick(p, self.hands[p][0]), True))
        elif self.phase == "pick":
            p = self.pickers[0]
            out.append((h.Pick((p + 1) % self.n, self.played[0][1]), True))
            out += [(h.Pick(p, c), True) for _, c, f in self.played if f is W or c in self.taken]
            out.append((h.TakeSet(p, 0), True))
        elif self.phase == "take":
            p = self.takers[0]
            out.append((h.TakeSet((p + 1) % self.n, 0), True))
            out.append((h.TakeSet(p, len(self.wild)), True))
            out.append((h.EndEffect(), True))
        elif self.phase == "refill":
            size = min(2, len(self.stock))
            for c in list(public)[:3]:
                out.append((h.RevealSet((c, *self.stock[-size + 1 :])) if size == 2 else h.RevealSet((c,)), True))
            wrong = tuple(self.stock[-size - 1 :]) if size == 2 else tuple(self.stock[-2:])
            out.append((h.RevealSet(wrong), len(wrong) != size))
            out.append((h.Play(self.turn, 0, B), True))
        elif self.phase == "effect":
            assert self.effect is not None
            p = self.effect[0]
            out.append((h.Adjust(h.Zone.DECK, h.Zone.HAND, None, p, p), True))  # the deck has no owner
            out.append((h.Adjust(h.Zone.HAND, h.Zone.DISCARD, None, p, None), True))  # a face-up card unnamed
            for c in [c for c in everything if c not in self.piles[p]][:2]:
                out.append((h.Adjust(h.Zone.PILE, h.Zone.DISCARD, c, p, None), True))
            for c in [c for c in everything if c not in self.hands[p] and c not in public][:2]:
                elsewhere = any(c in k for k in self.known)
                out.append((h.Adjust(h.Zone.HAND, h.Zone.DISCARD, c, p, None), self.hidden(p) == 0 or elsewhere))
            if not self.stock:
                out.append((h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, p), True))
            out.append((h.TakeSet(p, 0), True))
        if self.phase != "over":
            again = self.reason("counted again", "数え直し")
            for p in range(self.n):
                if self.known[p]:
                    out.append((h.Correct(p, len(self.known[p]) - 1, again), True))  # fewer than the table saw
                out.append((h.Correct(p, len(self.hands[p]), again), True))  # nothing to correct
                out.append((h.Correct(p, len(self.hands[p]) + len(self.stock) + 1, again), True))  # more than exist
        return out


class Table:
    """A whole random legal game, for the store's tests (``tests/store_games.py``): ``Table(n, start,
    rnd).play()`` leaves ``setup`` and ``actions``. Moves are chosen with ``rnd`` among the table's real
    moves, an occasional correction among them."""

    def __init__(self, n: int, start: int, rnd: random.Random) -> None:
        cards = list(range(10 * n))
        rnd.shuffle(cards)
        self.rnd = rnd
        self.table = TrueTable(n, EN_NAMES[:n], [cards[i * 6 : (i + 1) * 6] for i in range(n)], cards[n * 6 :], start)
        self.setup = h.make_setup(EN_NAMES[:n], start, DECK)
        self.state = h.new_state(self.setup)
        self.actions: list[h.Action] = []

    def play(self) -> None:
        for _ in range(3000):
            if self.table.phase == "over":
                return
            moves = self.table.corrections() if self.rnd.random() < 0.01 else []
            action, effect = self.rnd.choice(moves or self.table.true_moves())
            self.state, _ = h.apply(self.state, action)
            effect(action)  # type: ignore[operator]
            self.actions.append(action)
        raise AssertionError("the game did not end")

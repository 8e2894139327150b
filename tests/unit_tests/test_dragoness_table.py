"""A simulated Reign of Dragoness table that deals real hands and makes the mistakes real tables
make, driven move by move by Hypothesis (so a failure shrinks to a short game).

What is legal is decided here, by a model of the rules written from docs/rules.md (D-1 .. D-10)
without the engine's helpers: its own card values, pattern reading by brute force, its own turn
order, pile, Revive and scoring. Each move is written in table notation (English or Japanese),
read back with ``parse_line``, applied, and the engine's answer compared with the model's: a
legal move must be accepted and leave the state the model expects, a mistake must be refused.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from companion.rules.common import Refusal

DECK = d.Deck.from_data(load_deck_data("dragoness"))
NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana")

# ---------------------------------------------------------------------------------- the model's rules

GEMS = {"Lo": 1, "Fr": 2, "Cy": 3, "Et": 4, "Sa": 5, "Ri": 6, "Me": 7, "Gy": 8}  # D-1
CLANS_BY_PLAYERS = {2: 5, 3: 5, 4: 5, 5: 6, 6: 7, 7: 8, 8: 8}  # D-2
SPECIALS_BY_PLAYERS = {  # D-2: Dragoness, Page, Squire, Knight, Revive
    2: (1, 1, 1, 1, 1),
    3: (1, 1, 1, 1, 1),
    4: (1, 1, 1, 1, 1),
    5: (1, 1, 1, 1, 2),
    6: (1, 2, 1, 1, 2),
    7: (1, 2, 2, 2, 2),
    8: (1, 2, 2, 2, 2),
}
RV = d.Card("RV")


def deck_for(n: int) -> Counter[d.Card]:
    clans = list(GEMS)[: CLANS_BY_PLAYERS[n]]
    out = Counter(d.Card(c, k) for c in clans for k in range(1, 13))
    for code, count in zip(("DR", "PG", "SQ", "KN", "RV"), SPECIALS_BY_PLAYERS[n], strict=True):
        out[d.Card(code)] = count
    return out


def options(card: d.Card, alone: bool) -> list[tuple[int, int]]:
    """Every (number, gems) the card may count as (D-3, D-5)."""
    if card.code in GEMS:
        return [(card.number, GEMS[card.code])]
    if card.code == "DR":
        return [(13, 9)]
    if card.code == "RV":
        return []
    low, high, gems, solo = {"PG": (1, 8, 1, 8), "SQ": (9, 12, 1, 9), "KN": (1, 12, 8, 12)}[card.code]
    return [(solo, gems)] if alone else [(k, gems) for k in range(low, high + 1)]


def shape_of(values: tuple[tuple[int, int], ...]) -> str | None:
    """D-4 for one fixed reading."""
    numbers = sorted(v[0] for v in values)
    if len(values) == 1:
        return "single"
    if 2 <= len(values) <= 5 and len(set(numbers)) == 1 and numbers[0] != 13:
        return "set"
    if 3 <= len(values) <= 5 and numbers == list(range(numbers[0], numbers[0] + len(values))):
        return "run"
    return None


Reading = tuple[str, tuple[tuple[int, int], ...]]  # shape, values in the order played


def all_readings(group: tuple[d.Card, ...]) -> list[Reading]:
    """Every reading by brute force over all wild values."""
    out = []
    for values in itertools.product(*(options(c, len(group) == 1) for c in group)):
        shape = shape_of(values)
        if shape is not None:
            out.append((shape, values))
    return out


def shaped(hand: list[d.Card], size: int, per_number: int = 3) -> list[tuple[d.Card, ...]]:
    """Groups of ``size`` cards from ``hand`` that might form a pattern: a few per number for sets,
    a few per starting number for runs (the model then checks each)."""
    cards = [c for c in hand if c != RV]
    can = {x: [i for i, c in enumerate(cards) if any(o[0] == x for o in options(c, False))] for x in range(1, 14)}
    picks: list[tuple[int, ...]] = [(i,) for i in range(len(cards))] if size == 1 else []
    for x in range(1, 13):
        if size >= 2:
            picks += itertools.islice(itertools.combinations(can[x], size), per_number)
    for low in range(1, 15 - size):
        if size >= 3:
            slots = [can[x] for x in range(low, low + size)]
            runs = (p for p in itertools.product(*slots) if len(set(p)) == size)
            picks += itertools.islice(runs, per_number)
    return list(dict.fromkeys(tuple(sorted(cards[i] for i in p)) for p in picks))


@dataclass
class Model:
    """The game as the rules say it goes, kept by the test."""

    n: int
    deck: Counter[d.Card]
    phase: str = "open"
    round: int = 1
    turn: int = 0
    counts: list[int] = field(default_factory=list)
    played: Counter[d.Card] = field(default_factory=Counter)
    top: tuple[str, int, tuple[int, int]] | None = None  # shape, size, highest value
    top_player: int = -1
    passed: set[int] = field(default_factory=set)
    must_contain: d.Card | None = None
    opening: tuple[int, int] | None = None
    lower_seen: bool = False
    points: list[list[int]] = field(default_factory=list)

    def legal_readings(self, group: tuple[d.Card, ...]) -> list[Reading]:
        found = all_readings(group)
        if self.phase == "lead":
            return found
        assert self.top is not None
        shape, size, high = self.top
        same = [r for r in found if r[0] == shape and len(r[1]) == size]
        if self.phase == "revived":
            return [r for r in same if max(r[1]) < high]
        return [r for r in same if max(r[1]) > high]

    def play_refused(self, p: int, group: tuple[d.Card, ...]) -> str | None:
        """Why the engine must refuse ``p`` playing ``group`` (a hint of its words), or None."""
        if self.phase not in ("lead", "follow", "revived"):
            return "cannot play cards now"
        if p != self.turn:
            return "turn"
        for card, k in Counter(group).items():
            if self.deck[card] == 0:
                return "not in the deck"
            if self.played[card] + k > self.deck[card]:
                return "already been played"
        if len(group) > self.counts[p]:
            return "holds only"
        if not all_readings(group):
            return "is not a pattern"
        if self.phase == "lead" and self.must_contain is not None and self.must_contain not in group:
            return "must contain"
        if not self.legal_readings(group):
            return "D-"
        return None

    def revive_refused(self, p: int) -> str | None:
        if self.phase != "follow":
            return "cannot play a Revive now"
        if p != self.turn:
            return "turn"
        if self.played[RV] >= self.deck[RV]:
            return "has already been played"
        assert self.top is not None
        _, size, high = self.top
        if high[0] >= 12:
            return "cannot be played on"
        if self.counts[p] - 1 < size:
            return "too few"
        if not self.weaker_exists():
            return "could never be completed"
        return None

    def weaker_exists(self) -> bool:
        """A pattern of the top's type and size, weaker, from the unplayed cards: for a set, enough cards
        that may count as one number; for a run, each number of a window given a card of its own (a
        dragon card counts only as its own number, so one is used where one is left; the wild cards
        are shared out among the numbers left by trying each)."""
        assert self.top is not None
        shape, size, high = self.top
        left = [c for c, k in (self.deck - self.played).items() for _ in range(k) if c != RV]
        values = [[v for v in options(c, size == 1) if v < high] for c in left]  # each copy: what it may be
        if shape == "single":
            return any(values)
        if shape == "set":
            return any(sum(1 for vs in values if any(v[0] == x for v in vs)) >= size for x in range(1, high[0] + 1))
        wild = [{v[0] for v in vs} for c, vs in zip(left, values, strict=True) if c.code not in GEMS and vs]
        natural = {vs[0][0] for c, vs in zip(left, values, strict=True) if c.code in GEMS and vs}

        def share(numbers: list[int], free: list[set[int]]) -> bool:
            if not numbers:
                return True
            return any(numbers[0] in can and share(numbers[1:], free[:i] + free[i + 1 :]) for i, can in enumerate(free))

        for low in range(1, high[0] - size + 2):
            if share([x for x in range(low, low + size) if x not in natural], wild):
                return True
        return False

    def advance(self) -> None:
        seat = self.turn
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if seat == self.top_player:
                break
            if seat not in self.passed:
                self.turn, self.phase = seat, "follow"
                return
        self.turn, self.phase, self.top, self.passed = self.top_player, "lead", None, set()

    def round_over(self, out: int) -> None:
        """D-10: 3 for the first out; fewest cards 2, next 1; a tie for second takes the 1 away."""
        pts = [0] * self.n
        pts[out] = 3
        rest = sorted({self.counts[p] for p in range(self.n) if p != out})
        second = [p for p in range(self.n) if p != out and self.counts[p] == rest[0]]
        for p in second:
            pts[p] = 2
        if len(second) == 1 and len(rest) > 1:
            for p in range(self.n):
                if p != out and self.counts[p] == rest[1]:
                    pts[p] = 1
        self.points.append(pts)
        if self.round == 5:
            self.phase = "over"
            return
        self.round += 1
        self.phase, self.counts, self.played = "open", [13] * self.n, Counter()
        self.top, self.passed, self.must_contain, self.opening, self.lower_seen = None, set(), None, None, False


# ---------------------------------------------------------------------------------- the table


@dataclass
class Move:
    action: d.Action
    refused: str | None  # the model's reason the engine must refuse, or None: it must accept
    take_back: bool = False  # legal to the engine, but the table sees the mistake and takes it back


class Table:
    def __init__(self, n: int) -> None:
        self.n = n
        self.setup = d.make_setup(NAMES[:n], None, DECK)
        self.state = d.new_state(self.setup)
        self.model = Model(n, deck_for(n), counts=[13] * n)
        self.hands: list[list[d.Card]] = []
        self.refusals: Counter[str] = Counter()

    def deal(self, order: list[int]) -> None:
        cards = sorted(self.model.deck.elements())
        shuffled = [cards[i] for i in order]
        self.hands = [sorted(shuffled[i * 13 : (i + 1) * 13]) for i in range(self.n)]

    def groups(self, hand: list[d.Card], sizes: list[int], limit: int = 6) -> list[tuple[d.Card, ...]]:
        """Up to ``limit`` legal plays from ``hand`` per size, by the model."""
        out: list[tuple[d.Card, ...]] = []
        for size in sizes:
            found = [g for g in shaped(hand, size) if self.model.play_refused(self.model.turn, g) is None]
            out += found[:limit]
        return out

    def moves(self) -> list[Move]:
        """What the table may do now: legal moves first (so failures shrink to plain play), then mistakes."""
        m = self.model
        p = m.turn
        hand = self.hands[p] if self.hands else []
        moves: list[Move] = []
        if m.phase == "open":
            naturals = [c for h in self.hands for c in h if c.code in GEMS]
            ranked = sorted(naturals, key=lambda c: (c.number, GEMS[c.code]))
            for card in ranked[:2]:  # the true lowest card, then a wrong opening (D-6)
                holder = next(i for i, h in enumerate(self.hands) if card in h)
                moves.append(Move(d.Opening(holder, card), None))
            moves.append(Move(d.Opening(0, d.Card("PG")), "not a special"))
            return moves
        sizes = [m.top[1]] if m.top is not None and m.phase != "lead" else [1, 2, 3, 4]
        for group in self.groups(hand, sizes):
            moves.append(Move(d.PlayCards(p, group), None))
            wild = [c for c in group if c.code in ("PG", "SQ", "KN")]
            if wild and len(group) > 1:
                for reading in m.legal_readings(group)[-1:]:  # the weakest legal reading, named
                    named = tuple(v[0] for c, v in zip(group, reading[1], strict=True) if c.code in ("PG", "SQ", "KN"))
                    moves.append(Move(d.PlayCards(p, group, named), None))
        if m.phase == "lead" and hand and all(c == RV for c in hand):
            moves.insert(0, Move(d.OnlyRevives(p), None))
        if m.phase == "follow":
            moves.append(Move(d.Pass(p), None))
            if RV in hand:  # a Revive the player can finish, or one the engine must refuse
                why = m.revive_refused(p)
                if why is not None or self.weaker_in([c for c in hand if c != RV]):
                    moves.append(Move(d.Revive(p), why))
        # mistakes a real table makes
        if m.phase in ("lead", "revived"):
            moves.append(Move(d.Pass(p), "cannot pass"))
        if m.phase == "follow" and RV not in hand and m.revive_refused(p) is not None:
            moves.append(Move(d.Revive(p), m.revive_refused(p)))
        gone = [c for c in m.played if c.code in GEMS]
        if gone:
            moves.append(Move(d.PlayCards(p, (gone[0],)), m.play_refused(p, (gone[0],))))
        others = [c for q, h in enumerate(self.hands) if q != p for c in h if c != RV]
        for card in others[:1]:  # a card this player does not hold: the engine cannot know
            why = m.play_refused(p, (card,))
            moves.append(Move(d.PlayCards(p, (card,)), why, take_back=why is None))
        if len(hand) >= 2:
            pair = (hand[0], hand[-1])
            moves.append(Move(d.PlayCards(p, pair), m.play_refused(p, pair)))
        moves.append(Move(d.PlayCards((p + 1) % self.n, tuple(hand[:1])), "turn" if hand else "D-"))
        if m.phase != "revived" and m.counts[p] > 1 and self.droppable(p):
            moves.append(Move(d.Correct(p, m.counts[p] - 1, "dropped a card under the table"), None))
        moves.append(Move(d.Correct(p, 14, "miscounted"), "0 to 13"))
        liar = next((q for q in range(self.n) if m.counts[q] > m.deck[RV] - m.played[RV]), None)
        if liar is not None and m.phase in ("lead", "follow", "revived"):
            moves.append(Move(d.OnlyRevives(liar), "unplayed"))
        return moves

    def droppable(self, p: int) -> d.Card | None:
        """A card ``p`` may drop without making the round unplayable (not the opening card)."""
        return next((c for c in self.hands[p] if c != RV and c != self.model.must_contain), None)

    def weaker_in(self, cards: list[d.Card]) -> bool:
        """The hand (the Revive aside) holds a pattern to finish a Revive with."""
        m = self.model
        assert m.top is not None
        shape, size, high = m.top
        for group in shaped(cards, size, per_number=50):
            if any(r[0] == shape and max(r[1]) < high for r in all_readings(group)):
                return True
        return False

    def step(self, move: Move, lang: str) -> bool:
        """Play ``move``; whether the engine accepted it and the table kept it."""
        m, before = self.model, self.state
        action = move.action
        on_turn = getattr(action, "player", m.turn) == m.turn or isinstance(
            action, d.Opening | d.Correct | d.OnlyRevives
        )
        if on_turn:
            line = d.action_line(before, action, lang)
            assert d.parse_line(before, line) == action, line
        try:
            after, ruling = d.apply(before, action)
        except Refusal as error:
            assert move.refused is not None, f"{action} refused: {error.msg.en}"
            assert move.refused in error.msg.en, (move.refused, error.msg.en)
            assert error.msg.ja and error.msg.en
            self.refusals[move.refused] += 1
            return False
        assert move.refused is None, f"{action} accepted but the model refuses it: {move.refused}"
        if move.take_back:
            assert before == self.state  # the engine never changes a state: taking back is keeping it
            self.refusals["taken back"] += 1
            return False
        self.state = after
        self.follow(action, ruling.en)
        self.compare()
        return True

    def follow(self, action: d.Action, ruling: str) -> None:
        """The model and the real hands after an accepted action."""
        m = self.model
        if isinstance(action, d.Opening):
            m.phase, m.turn, m.must_contain = "lead", action.player, action.card
            m.opening = (action.card.number, GEMS[action.card.code])
        elif isinstance(action, d.PlayCards):
            p, group = action.player, action.cards
            legal = m.legal_readings(group)
            if action.wilds is None:  # D-5: the strongest; between equals, the higher other cards
                reading = max(legal, key=lambda r: (max(r[1]), sorted(r[1])))
            else:
                reading = next(
                    r
                    for r in legal
                    if tuple(v[0] for c, v in zip(group, r[1], strict=True) if c.code in ("PG", "SQ", "KN"))
                    == action.wilds
                )
            lower = [
                c for c in group if c.code in GEMS and m.opening is not None and (c.number, GEMS[c.code]) < m.opening
            ]
            assert ("broke D-6" in ruling) == (bool(lower) and not m.lower_seen), ruling
            m.lower_seen = m.lower_seen or bool(lower)
            for c in group:
                self.hands[p].remove(c)
            m.counts[p] -= len(group)
            m.played.update(group)
            m.top, m.top_player, m.must_contain = (reading[0], len(group), max(reading[1])), p, None
            if m.counts[p] == 0:
                m.round_over(p)
            else:
                m.advance()
        elif isinstance(action, d.Pass):
            m.passed.add(action.player)
            m.advance()
        elif isinstance(action, d.Revive):
            self.hands[action.player].remove(RV)
            m.counts[action.player] -= 1
            m.played[RV] += 1
            m.passed, m.phase = set(), "revived"
        elif isinstance(action, d.OnlyRevives):
            m.counts[action.player] = 0
            m.round_over(action.player)
        elif isinstance(action, d.Correct):
            hand = self.hands[action.player]
            dropped = self.droppable(action.player)
            assert dropped is not None
            hand.remove(dropped)  # the dropped card leaves the round
            m.counts[action.player] = action.count
            assert action.count == len(hand)

    def compare(self) -> None:
        s, m = self.state, self.model
        phases = {
            "open": d.Phase.OPENING,
            "lead": d.Phase.LEAD,
            "follow": d.Phase.FOLLOW,
            "revived": d.Phase.REVIVED,
            "over": d.Phase.OVER,
        }
        assert s.phase is phases[m.phase] and s.round == m.round
        assert [list(r.points) for r in s.results] == m.points
        if m.phase in ("lead", "follow", "revived"):
            assert s.turn == m.turn and list(s.hand_counts) == m.counts == [len(h) for h in self.hands]
            assert s.passed == m.passed
            top = None if s.top is None else (s.top.shape.value, s.top.size, s.top.high)
            assert top == (m.top if m.phase != "lead" else None)
            allowed = d.allowed(s)
            assert allowed.can_pass == (m.phase == "follow")
            assert allowed.revive == (m.phase == "follow" and m.revive_refused(m.turn) is None)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(n=st.integers(2, 8), data=st.data())
def test_d1_to_d10_a_table_with_mistakes_against_the_rules_model(n: int, data: st.DataObject) -> None:
    table = Table(n)
    rounds_dealt = 0
    accepted: list[d.Action] = []
    # each move and language a draw of its own through Hypothesis's random: it shrinks as a data.draw
    # would and each call is noted in a failure's report, without a data.draw's cost per choice
    choose = data.draw(st.randoms(note_method_calls=True, use_true_random=False), label="the table's choices")
    for _ in range(120):
        m = table.model
        if m.phase == "over":
            break
        if m.phase == "open" and rounds_dealt < m.round:
            table.deal(data.draw(st.permutations(range(sum(m.deck.values()))), label="deal"))
            rounds_dealt = m.round
        moves = table.moves()
        move = choose.choice(moves)
        if table.step(move, choose.choice(["en", "ja"])):
            accepted.append(move.action)
    assert d.fold(table.setup, accepted) == table.state  # the record of accepted moves replays to the same state


def test_d9_the_model_and_the_engine_agree_on_every_revive_of_a_played_table() -> None:
    """A fixed long table (no Hypothesis): mistakes of every kind are met and refused."""
    import random

    rnd = random.Random(5)
    seen: Counter[str] = Counter()
    for n in (3, 5, 8):
        table = Table(n)
        rounds_dealt = 0
        for _ in range(3000):
            m = table.model
            if m.phase == "over":
                break
            if m.phase == "open" and rounds_dealt < m.round:
                order = list(range(sum(m.deck.values())))
                rnd.shuffle(order)
                table.deal(order)
                rounds_dealt = m.round
            moves = table.moves()
            legal = [mv for mv in moves if mv.refused is None and not mv.take_back]
            plays = [mv for mv in legal if isinstance(mv.action, d.PlayCards | d.OnlyRevives | d.Revive)]
            pick = rnd.random()
            if pick < 0.25:
                move = rnd.choice(moves)
            elif plays and pick < 0.85:
                move = rnd.choice(plays)
            else:
                move = rnd.choice(legal)
            if isinstance(move.action, d.Correct) and move.refused is None and rnd.random() < 0.9:
                continue  # a dropped card now and then, not every turn
            table.step(move, rnd.choice(["en", "ja"]))
        assert table.model.phase == "over", n
        seen += table.refusals
    for reason in (
        "already been played",
        "cannot pass",
        "turn",
        "0 to 13",
        "unplayed",
        "taken back",
        "is not a pattern",
    ):
        assert seen[reason] > 0, (reason, seen)


def test_d9_a_weaker_run_is_found_whatever_order_its_cards_come_in() -> None:
    """Found by the Hypothesis table: five players, a run 1-4 topped by Sa4 after two other runs 1-4.
    Lo1 Lo2 Fr3 Fr4 (or a Page as the 4) still makes a weaker run, so a Revive may be played; the model
    once pruned Fr3 for being too high to start a run before it reached Lo1, and refused it."""
    C = d.Card
    table = Table(5)
    actions: list[d.Action] = [
        d.Opening(0, C("Fr", 1)),
        d.PlayCards(0, (C("Fr", 1), C("Lo", 4), C("Sa", 2), C("Sa", 3))),
        d.PlayCards(1, (C("Cy", 1), C("Et", 2), C("Et", 4), C("Lo", 3))),
        d.Pass(2),
        d.PlayCards(3, (C("Et", 1), C("Fr", 2), C("Ri", 3), C("Sa", 4))),
    ]
    state = d.fold(table.setup, actions)
    m = table.model
    m.phase, m.turn, m.top, m.top_player, m.passed = "follow", 4, ("run", 4, (4, 5)), 3, {2}
    m.counts = [9, 9, 13, 9, 13]
    m.played = Counter(card for a in actions if isinstance(a, d.PlayCards) for card in a.cards)
    assert state.turn == 4 and state.top is not None and state.top.high == (4, 5)
    assert m.weaker_exists() and m.revive_refused(4) is None
    assert d.allowed(state).revive
    m.played += Counter([C("Lo", 1), C("Sa", 1), C("Ri", 1), C("PG"), C("KN")])  # no 1 left, nor a wild
    assert not m.weaker_exists()


BOX = sorted(deck_for(8).elements())


@settings(max_examples=300, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(BOX) - 1), min_size=1, max_size=5, unique=True),
    wild_heavy=st.lists(st.sampled_from(["PG", "SQ", "KN"]), max_size=3),
)
def test_d4_d5_every_reading_the_engine_finds_is_the_brute_force_set(picks: list[int], wild_heavy: list[str]) -> None:
    """The engine's readings of a group, compared with a brute force over every wild value."""
    group = tuple(BOX[i] for i in picks)[: 5 - len(wild_heavy)] + tuple(d.Card(c) for c in wild_heavy)
    mine = {(shape, tuple(sorted(values))) for shape, values in all_readings(group)}
    engine = d.patterns(DECK, group)
    assert {(p.shape.value, tuple(sorted(p.values))) for p in engine} == mine
    assert len(engine) == len(mine)  # each reading once
    highs = [p.high for p in engine]
    assert highs == sorted(highs, reverse=True)  # best first

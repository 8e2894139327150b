"""The lookahead seat (issue 31) plays with what a player knows and nothing more: its choice is the same
whatever the other seats really hold, as long as what it has seen is the same (the others' hidden cards
and the deck's order shuffled among themselves); every table it imagines agrees with what it has seen;
its moves are legal (the records fold); the same seed plays the same games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.simulate import lookahead, simulate
from companion.simulate.dragoness import Dragoness
from companion.simulate.fortress import Fortress
from companion.simulate.homalet import Homalet
from companion.simulate.lookahead import choose
from companion.simulate.table import Table

DECKS: dict[str, Any] = {
    "fortress": f.Deck.from_data(load_deck_data("fortress")),
    "homalet": h.Deck.from_data(load_deck_data("homalet")),
    "dragoness": d.Deck.from_data(load_deck_data("dragoness")),
}
TABLES: dict[str, Any] = {"fortress": Fortress, "homalet": Homalet, "dragoness": Dragoness}


def tables_at_choices(game: str, seed: int, players: int = 3, every: int = 3) -> list[Table]:
    """Tables of a greedy game, copied at every ``every``-th choice that has two moves or more."""
    rng = random.Random(seed)
    table = TABLES[game].deal(DECKS[game], players, rng)
    out, count = [], 0
    while not table.done():
        seat = table.actor()
        if seat is None:
            table.step(table.table_move(rng))
            continue
        if len(table.moves()) > 1:
            count += 1
            if count % every == 0:
                out.append(table.copy())
        table.step(table.greedy(rng))
    return out


def hidden_shuffled(table: Table, seat: int, rng: random.Random) -> Table:
    """The same table as ``seat`` sees it, the others' unseen cards (and the deck's) dealt anew among
    them: each other hand keeps its size and the cards the engine saw go into it."""
    other: Any = table.copy()
    state: Any = other.state
    if isinstance(other, Dragoness):
        # the others' hands: the opening card stays with the opener until it is led (D-6)
        fixed = {
            s: [state.must_contain] if state.must_contain in other.hands[s] else [] for s in range(len(other.hands))
        }
        pool: list[Any] = [c for s, hand in enumerate(other.hands) if s != seat for c in hand]
        for s in fixed:
            for c in fixed[s]:
                pool.remove(c)
        rng.shuffle(pool)
        for s in range(len(other.hands)):
            if s != seat:
                need = len(other.hands[s]) - len(fixed[s])
                other.hands[s] = fixed[s] + pool[:need]
                del pool[:need]
        return other
    known = state.known_hands  # Fortress and HOMALET: the engine names the cards seen going into a hand
    deck = other.pile if isinstance(other, Fortress) else other.stock
    pool = list(deck)
    for s, hand in enumerate(other.hands):
        if s != seat:
            pool += [c for c in hand if c not in known[s]]
    rng.shuffle(pool)
    for s, hand in enumerate(other.hands):
        if s != seat:
            need = len(hand) - len(known[s])
            other.hands[s] = sorted(known[s]) + pool[:need]
            del pool[:need]
    deck[:] = pool
    shuffled: Table = other
    return shuffled


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
def test_the_choice_is_the_same_whatever_the_others_really_hold(game: str) -> None:
    changed = compared = 0
    for seed in range(3):
        for table in tables_at_choices(game, seed, every=4)[:5]:
            seat = table.actor()
            assert seat is not None
            other = hidden_shuffled(table, seat, random.Random(seed))
            changed += other.hands != table.hands  # type: ignore[attr-defined]
            assert other.hands[seat] == table.hands[seat]  # type: ignore[attr-defined]
            for k in range(2):
                assert choose(6, table, seat, random.Random(k)) == choose(6, other, seat, random.Random(k))
                compared += 1
    assert compared >= 20 and changed >= compared // 4  # the hidden cards did move


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
def test_every_imagined_table_agrees_with_what_the_seat_has_seen(game: str) -> None:
    checked = 0
    for table in tables_at_choices(game, 7, players=4, every=2):
        seat = table.actor()
        assert seat is not None
        view = table.view(seat)
        real: Any = table
        for k in range(3):
            world: Any = view.world(random.Random(k))
            assert world.state is real.state and world.hands[seat] == real.hands[seat]
            assert [len(hand) for hand in world.hands] == list(real.state.hand_counts)
            if game == "dragoness":  # the cards of the round: every copy once, none played twice
                played = Counter(real.state.played) + sum((Counter(hand) for hand in world.hands), Counter())
                assert not played - Counter(real.state.setup.cards)
            else:
                for s, hand in enumerate(world.hands):
                    assert set(real.state.known_hands[s]) <= set(hand)  # the cards seen going into a hand
                deck = world.pile if game == "fortress" else world.stock
                assert len(deck) == real.state.deck_count
                everything = [c for hand in world.hands for c in hand] + deck
                assert sorted(everything) == sorted(
                    [c for hand in real.hands for c in hand] + (real.pile if game == "fortress" else real.stock)
                )
            assert world.moves() == real.moves()  # the seat's own moves: from its own hand
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("game", "players"), [("fortress", 3), ("homalet", 4), ("dragoness", 3)])
def test_lookahead_tables_play_legal_games_and_a_seed_plays_them_again(game: str, players: int) -> None:
    policy = ",".join(["lookahead:3"] + ["greedy"] * (players - 1))
    first = list(simulate(game, DECKS[game], players, 2, policy, seed=5, records=True))
    for sim in first:
        assert sim.record is not None and sim.played.policy == f"lookahead:3,{','.join(['greedy'] * (players - 1))}"
        state = fold_record(read_record(sim.record))[0]  # every action is one the engine takes
        assert state is not None and sim.played.actions == len(read_record(sim.record).actions)
    again = [s.played for s in simulate(game, DECKS[game], players, 2, policy, seed=5, workers=2)]
    assert [s.played for s in first] == again


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
def test_a_choice_plays_out_no_more_than_its_budget(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``lookahead:N`` is N playouts a choice, about: never more (two at least, to compare two moves),
    never fewer than half. A small budget weighs fewer moves rather than overspending (at N = 2 the
    search once played 14: a first playout for each of eight moves, then four, then two)."""
    played = [0]
    real_playout = lookahead.playout

    def counted(table: Table, rng: random.Random, mark: int) -> None:
        played[0] += 1
        real_playout(table, rng, mark)

    monkeypatch.setattr(lookahead, "playout", counted)
    seen = set()
    for table in tables_at_choices(game, 3, every=2)[:12]:
        seat = table.actor()
        assert seat is not None
        moves = len(table.moves())
        for budget in (1, 2, 3, 8, 16, 24):  # 24: all eight weighed, as at the default (64)
            played[0] = 0
            choose(budget, table, seat, random.Random(budget))
            assert budget / 2 <= played[0] <= max(2, budget), (moves, budget, played[0])
            seen.add(min(moves, 9))
    assert len(seen) >= 2  # choices of few moves and of many

"""Write examples/records/fortress.json: one complete 5-player Six-Suit Fortress game.

A seeded table plays it: each player holds real cards, places where the capture is largest,
builds what fits (stacking first) and keeps the rest; one misdeal is corrected on the way.
Run from the repository root: ``python scripts/make_fortress_record.py [OUT]``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.cards.decks import load_deck_data
from companion.records.game_records import make_record
from companion.rules import fortress as f
from companion.rules.games import ENGINES

PLAYERS = ("Aki", "Ben", "Chie", "Dai", "Emi")
SEED = 20261130


def worth(row: list[int], cards: tuple[f.Card, ...], top: int) -> float:
    """How good a capture looks to this table: cards it can build now count, cards it must keep cost
    their rank (the F-14 penalty they risk)."""
    ranks, value = list(row), 0.0
    for card in sorted(cards, key=lambda c: c.rank):
        fits = f.placements(ranks, card.rank, top)
        if fits:
            value += 3
            if fits[0] in (f.Where.LEFT, f.Where.RIGHT):
                ranks = [card.rank, *ranks] if fits[0] is f.Where.LEFT else [*ranks, card.rank]
        else:
            value -= card.rank / 13
    return value


def play_game(seed: int = SEED) -> tuple[f.Setup, list[f.Action]]:
    """A complete legal game, as a table would tell it to the engine."""
    rnd = random.Random(seed)
    deck = f.Deck.from_data(load_deck_data("fortress"))
    setup = f.Setup(PLAYERS, 2, deck)
    cards = deck.cards()
    rnd.shuffle(cards)
    n, deal = len(PLAYERS), setup.deal
    hands = [cards[i * deal : (i + 1) * deal] for i in range(n)]
    stock = cards[n * deal :]
    hands[4].append(stock.pop())  # Emi was dealt one card too many: the table notices and corrects it
    state, actions = f.new_state(setup), []

    def act(action: f.Action) -> None:
        nonlocal state
        state, _ = f.apply(state, action)
        actions.append(action)

    act(f.Correct(4, deal + 1, "misdeal: Emi was dealt one card too many"))
    while state.phase is not f.Phase.OVER:
        if state.phase is f.Phase.REVEAL:
            cell = next(c for c, v in state.grid.items() if v is None)
            act(f.Reveal(cell, stock.pop()))
        elif state.phase is f.Phase.PLACE:
            p = state.turn
            row = [c[0].rank for c in state.fortresses[p]]
            best = max(
                (
                    (worth(row, x.cards, deck.ranks), rnd.random(), card, x)
                    for card in hands[p]
                    for x in f.captures(state, card)
                ),
                key=lambda t: (t[0], t[1]),
            )
            _, _, card, capture = best
            hands[p].remove(card)
            act(f.Place(p, card, capture.spot, capture.mode))
        elif state.phase is f.Phase.BUILD:
            option = min(
                f.build_options(state), key=lambda o: (not [w for w in o.legal if w is not f.Where.HAND], o.card.rank)
            )
            order = [f.Where.ON_LEFT, f.Where.ON_RIGHT, f.Where.RIGHT, f.Where.LEFT]
            where = next((w for w in order if w in option.legal), f.Where.HAND)
            if where is f.Where.HAND:
                hands[state.turn].append(option.card)
            act(f.Build(option.card, where))
        else:
            for p in range(n):
                act(f.FinalHand(p, tuple(sorted(hands[p]))))
                act(f.ChoosePair(p, f.best_pair([len(c) for c in state.fortresses[p]])))
    return setup, actions


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples/records/fortress.json")
    setup, actions = play_game()
    start = datetime(2026, 11, 30, 19, 0, 0, tzinfo=UTC)
    rnd = random.Random(SEED)
    times, clock = [], start
    for _ in actions:
        clock += timedelta(seconds=rnd.randint(3, 40))
        times.append(clock.strftime("%Y-%m-%dT%H:%M:%SZ"))
    text = json.dumps(make_record(ENGINES["fortress"], setup, actions, times), ensure_ascii=False, indent=1) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=out.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, out)
    print(f"{out}: {len(actions)} actions")


if __name__ == "__main__":
    main()

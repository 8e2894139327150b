"""Write ``examples/records/dragoness.json``: a complete Reign of Dragoness game for 8 players
over five rounds, played by a seeded simulated table that deals real hands.

The table leads its longest pattern, follows with its weakest winning pattern, sometimes passes,
revives when it can finish the Revive, names wild readings now and then, shows a hand of only
Revive cards when it has one, and drops a card once (a correction). Every action goes through the
engine, so the record is legal by construction.

    python scripts/make_dragoness_record.py [--seed N] [-o FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import random
import tempfile
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.cards.decks import load_deck_data
from companion.records import game_records
from companion.rules import dragoness as d
from companion.rules.games import ENGINES

OUT = Path(__file__).resolve().parent.parent / "examples" / "records" / "dragoness.json"
NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana")


class Table:
    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.deck = d.Deck.from_data(load_deck_data("dragoness"))
        self.setup = d.make_setup(NAMES, None, self.deck)
        self.state = d.new_state(self.setup)
        self.actions: list[d.Action] = []
        self.hands: list[list[d.Card]] = []
        self.dropped = False

    def act(self, action: d.Action) -> None:
        self.state, _ = d.apply(self.state, action)
        self.actions.append(action)

    def groups(self, hand: list[d.Card], size: int) -> list[tuple[d.Card, ...]]:
        playable = [c for c in hand if self.deck.kind(c) is not d.Kind.REVIVE]
        return list(dict.fromkeys(tuple(sorted(g)) for g in itertools.combinations(playable, size)))

    def options(self, hand: list[d.Card]) -> list[tuple[d.Reading, tuple[d.Card, ...]]]:
        """Every legal play from ``hand`` now, with its best reading."""
        top = self.state.top
        sizes = [top.size] if top is not None and self.state.phase is not d.Phase.LEAD else [5, 4, 3, 2, 1]
        out = []
        for size in sizes:
            for group in self.groups(hand, size):
                found = d.readings(self.state, group)
                if found:
                    out.append((found[0], group))
        return out

    def play(self, p: int, reading: d.Reading, group: tuple[d.Card, ...]) -> None:
        wilds = reading.wilds if reading.wilds and self.rnd.random() < 0.5 else None
        for c in group:
            self.hands[p].remove(c)
        self.act(d.PlayCards(p, group, wilds))

    def round(self) -> None:
        cards = list(Counter(self.setup.cards).elements())
        self.rnd.shuffle(cards)
        self.hands = [sorted(cards[i * d.HAND : (i + 1) * d.HAND]) for i in range(len(NAMES))]
        naturals = [
            (self.deck.profile(c, True)[1][0], c) for h in self.hands for c in h if self.deck.kind(c) is d.Kind.DRAGON
        ]
        lowest = min(naturals)[1]
        holder = next(i for i, h in enumerate(self.hands) if lowest in h)
        self.act(d.Opening(holder, lowest))
        number = self.state.round
        while self.state.round == number and not d.finished(self.state):
            self.turn()

    def turn(self) -> None:
        s = self.state
        p = s.turn
        hand = self.hands[p]
        if s.phase is d.Phase.LEAD and all(self.deck.kind(c) is d.Kind.REVIVE for c in hand):
            self.hands[p] = []
            self.act(d.OnlyRevives(p))
            return
        if not self.dropped and s.round == 3 and len(hand) > 6 and self.rnd.random() < 0.2:
            self.dropped = True  # a card falls under the table and stays out of the round
            hand.remove(self.rnd.choice([c for c in hand if self.deck.kind(c) is d.Kind.DRAGON]))
            self.act(d.Correct(p, len(hand), "dropped a card under the table"))
            return
        options = self.options(hand)
        if s.phase is d.Phase.LEAD:
            must = s.must_contain
            if must is not None:
                options = [o for o in options if must in o[1]]
            longest = max(len(g) for _, g in options)
            self.play(p, *self.rnd.choice([o for o in options if len(o[1]) == longest]))
            return
        if s.phase is d.Phase.REVIVED:
            self.play(p, *max(options, key=lambda o: o[0].pattern.high))
            return
        revive = d.Card(self.deck.special(d.Kind.REVIVE).code)
        if revive in hand and d.revive_refusal(s) is None and self.rnd.random() < 0.6:
            rest = [c for c in hand if c != revive]
            after = dataclasses.replace(s, phase=d.Phase.REVIVED)  # as if revived: what could p play then?
            table_after, self.state = self.state, after
            weaker = self.options(rest)
            self.state = table_after
            if weaker:
                hand.remove(revive)
                self.act(d.Revive(p))
                return
        if not options or self.rnd.random() < 0.15:
            self.act(d.Pass(p))
            return
        self.play(p, *min(options, key=lambda o: o[0].pattern.high))


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args()
    table = Table(args.seed)
    while not d.finished(table.state):
        table.round()
    start = datetime(2026, 11, 30, 19, 0, tzinfo=UTC)
    times = [(start + timedelta(seconds=15 * i)).strftime("%Y-%m-%dT%H:%M:%SZ") for i in range(len(table.actions))]
    record = game_records.make_record(ENGINES["dragoness"], table.setup, table.actions, times)
    write_atomically(args.output, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
    kinds = Counter(type(a).__name__ for a in table.actions)
    print(
        f"{args.output}: {len(table.actions)} actions ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); "
        f"totals {table.state.totals()}"
    )


if __name__ == "__main__":
    main()

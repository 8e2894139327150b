"""Benchmark: simulated tables (``companion simulate``): four-player Six-Suit Fortress, five-player
HOMALET and four-player Reign of Dragoness.

For each game and policy, K whole games are simulated several times in this one process (the median
gives games per second), against a baseline in the same script: folding the very same games' actions
with the engine (what replaying their records costs). The ratio simulate / fold says what choosing
the moves (and counting lead changes) adds to applying them. Memory: the peak while simulating K/4
games and K (tracemalloc), with the analysis rows dropped as they come: flat in K means a ratio near 1.
Goal (issue 21): at least 50 complete Fortress games of 4 players a second.

    python -m compileall -q companion && python scripts/bench_simulate.py [--games K] [--runs N] [--game G]

The last lines read ``slowest fortress: N games/s (POLICY)``, one a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from typing import Any

from companion.decks import load_deck_data
from companion.rules.games import ENGINES
from companion.simulate import GAMES, POLICIES, simulate

PLAYERS = {"fortress": 4, "homalet": 5, "dragoness": 4}
SHARE = {"fortress": 1, "homalet": 1, "dragoness": 4}  # Dragoness games are five rounds long: fewer of them


def peak_bytes(game: str, deck: Any, games: int) -> int:
    """The most memory held while simulating ``games`` games and dropping each as it comes."""
    tracemalloc.start()
    for _ in simulate(game, deck, PLAYERS[game], games, "random", seed=7):
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", choices=tuple(PLAYERS), action="append")
    args = parser.parse_args()
    slowest: dict[str, tuple[float, str]] = {}
    for game in args.game or PLAYERS:
        engine = ENGINES[game]
        deck = engine.Deck.from_data(load_deck_data(game))
        players, count = PLAYERS[game], max(1, args.games // SHARE[game])
        for policy in POLICIES:
            runs, folds = [], []
            for run in range(args.runs):
                start = time.perf_counter()
                for _ in simulate(game, deck, players, count, policy, seed=run):
                    pass
                runs.append(time.perf_counter() - start)
                rng = random.Random(run)
                played = [GAMES[game](deck, players, rng, policy, None)[:2] for _ in range(count)]
                start = time.perf_counter()
                for setup, actions in played:
                    engine.fold(setup, actions)
                folds.append(time.perf_counter() - start)
            rate = count / statistics.median(runs)
            ratio = statistics.median(runs) / statistics.median(folds)
            print(
                f"{game:9} {policy:7} {players} players, {count} games: {rate:7.1f} games/s (median of {args.runs}); "
                f"ratio simulate / fold of the same games: {ratio:.2f}"
            )
            if game not in slowest or rate < slowest[game][0]:
                slowest[game] = (rate, policy)
        small = max(1, count // 4)
        low, high = peak_bytes(game, deck, small), peak_bytes(game, deck, count)
        print(
            f"{game:9} memory peak: {low / 1024:.0f} KiB for {small} games, {high / 1024:.0f} KiB for "
            f"{count}: ratio {high / low:.2f}"
        )
    for game, (rate, policy) in slowest.items():
        print(f"slowest {game}: {rate:.1f} games/s ({policy})")


if __name__ == "__main__":
    main()

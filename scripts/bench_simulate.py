"""Benchmark: simulated tables (``companion simulate``), four-player Six-Suit Fortress.

For each policy, K whole games are simulated several times in this one process (the median gives
games per second), against a baseline in the same script: folding the very same games' actions
with the engine (what replaying their records costs). The ratio simulate / fold says what choosing
the moves adds to applying them. Memory: the peak while simulating K games and 4K games (tracemalloc),
with the analysis rows dropped as they come: flat in K means a ratio near 1. Goal (issue 21):
at least 50 complete games a second.

    python -m compileall -q companion && python scripts/bench_simulate.py [--games K] [--runs N]

The last line reads ``slowest: N games/s (POLICY)``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

from companion.decks import load_deck_data
from companion.rules import fortress
from companion.simulate import POLICIES, play_fortress, simulate

PLAYERS = 4


def peak_bytes(deck: fortress.Deck, games: int) -> int:
    """The most memory held while simulating ``games`` games and dropping each as it comes."""
    tracemalloc.start()
    for _ in simulate("fortress", deck, PLAYERS, games, "random", seed=7):
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    slowest: tuple[float, str] | None = None
    for policy in POLICIES:
        runs, folds = [], []
        for run in range(args.runs):
            start = time.perf_counter()
            for _ in simulate("fortress", deck, PLAYERS, args.games, policy, seed=run):
                pass
            runs.append(time.perf_counter() - start)
            rng = random.Random(run)
            games = [play_fortress(deck, PLAYERS, rng, policy)[:2] for _ in range(args.games)]
            start = time.perf_counter()
            for setup, actions in games:
                fortress.fold(setup, actions)
            folds.append(time.perf_counter() - start)
        rate = args.games / statistics.median(runs)
        ratio = statistics.median(runs) / statistics.median(folds)
        print(
            f"{policy:7} {PLAYERS} players, {args.games} games: {rate:7.1f} games/s (median of {args.runs}); "
            f"ratio simulate / fold of the same games: {ratio:.2f}"
        )
        if slowest is None or rate < slowest[0]:
            slowest = (rate, policy)
    small, large = peak_bytes(deck, max(1, args.games // 4)), peak_bytes(deck, args.games)
    print(
        f"memory peak: {small / 1024:.0f} KiB for {max(1, args.games // 4)} games, {large / 1024:.0f} KiB for "
        f"{args.games}: ratio {large / small:.2f}"
    )
    assert slowest is not None
    print(f"slowest: {slowest[0]:.1f} games/s ({slowest[1]})")


if __name__ == "__main__":
    main()

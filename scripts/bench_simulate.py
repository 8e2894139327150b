"""Benchmark: simulated tables (``companion simulate``): four-player Six-Suit Fortress, five-player
HOMALET and four-player Reign of Dragoness.

For each game and policy, K whole games are simulated several times in this one process (the median
gives games per second), against a baseline in the same script: folding the very same games' actions
with the engine (what replaying their records costs). The ratio simulate / fold says what choosing
the moves (and counting lead changes) adds to applying them. Memory: the peak while simulating K/4
games and K (tracemalloc), with the analysis rows dropped as they come: flat in K means a ratio near 1.
Goal (issue 21): at least 50 complete Fortress games of 4 players a second.

Every core (issue 31, ``--cores``): 1,000 four-player Fortress games (``--cores-games``) played by the
runner in one process and in two worker processes (``--workers``), alternating, several times; the
ratio of the medians says how much faster N workers are (goal: ≥ 1.8 with 2 workers on a 2-core
machine). The games played must be the same (checked); the load average before each run is printed,
since other work on the machine slows the workers first, and so is the CPU time each way took (this
process and its workers): the same CPU time both ways means sharing the games out costs nothing, and
on two idle cores two workers take half the time.

    python -m compileall -q companion && python scripts/bench_simulate.py [--games K] [--runs N] [--game G]
    python scripts/bench_simulate.py --cores [--cores-games 1000] [--workers 2] [--runs 3]

The last lines read ``slowest fortress: N games/s (POLICY)``, one a game; with ``--cores``,
``workers N / 1: ratio R (median of K; load L)``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time
import tracemalloc
from typing import Any

from companion.cards.decks import load_deck_data
from companion.rules.games import ENGINES
from companion.simulate import GAMES, simulate

POLICIES = ("random", "greedy")  # the lookahead seat is measured by the games it wins, not here

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


def load() -> float:
    """The one-minute load average (how many processes wanted a core), or -1 where unknown."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return -1.0


def cpu_seconds() -> float:
    """CPU time used by this process and its finished worker processes so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cores(games: int, workers: int, runs: int) -> None:
    """``games`` four-player Fortress games (random seats) by one process and by ``workers``, alternating."""
    deck = ENGINES["fortress"].Deck.from_data(load_deck_data("fortress"))
    times: dict[int, list[float]] = {1: [], workers: []}
    cpu: dict[int, list[float]] = {1: [], workers: []}
    loads: list[float] = []
    played: dict[int, list[Any]] = {}
    for _ in range(runs):
        for count in (1, workers):
            loads.append(load())
            start, used = time.perf_counter(), cpu_seconds()
            played[count] = [s.played for s in simulate("fortress", deck, 4, games, "random", seed=31, workers=count)]
            times[count].append(time.perf_counter() - start)
            cpu[count].append(cpu_seconds() - used)
            print(
                f"  workers {count}: {times[count][-1]:.2f} s for {games} games, {cpu[count][-1]:.2f} s of CPU "
                f"(load {loads[-1]:.2f})"
            )
    assert played[1] == played[workers], "the same seed played different games with more workers"
    ratio = statistics.median(times[1]) / statistics.median(times[workers])
    overhead = statistics.median(cpu[workers]) / statistics.median(cpu[1])
    print(f"CPU time, workers {workers} / 1: {overhead:.2f} (the cost of sharing the games out; 1.00: none)")
    print(
        f"workers {workers} / 1: ratio {ratio:.2f} (median of {runs}; load {statistics.median(loads):.2f}, "
        f"{os.cpu_count()} cores)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", choices=tuple(PLAYERS), action="append")
    parser.add_argument("--cores", action="store_true", help="measure the speed-up of worker processes only")
    parser.add_argument("--cores-games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.cores:
        cores(args.cores_games, args.workers, args.runs)
        return
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

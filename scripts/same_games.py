"""The same games: a fingerprint of what the simulated tables play, to hold a speed-up to "not a single
game changed".

For each game, a set of table policies (random, greedy and lookahead at the budgets the strong-seat
test uses, every seat alike, and a lookahead seat against greedy ones) and player counts (3, 4, 5 and
the game's own extremes), a fixed run of seeds is simulated; each game's record (every action in full)
and its result (scores, winners, start, length, lead changes, events) are hashed with SHA-256 into
``scripts/same_games.json``. ``--check`` plays them again and says which differ.

    python -m compileall -q companion && python scripts/same_games.py           # record
    python scripts/same_games.py --check                                          # compare

Exit status 1 when ``--check`` finds a game that differs (or one missing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from companion.cards.decks import load_deck_data
from companion.rules.games import ENGINES
from companion.simulate import cores, simulate

HERE = Path(__file__).with_name("same_games.json")
SEED = 2906
BUDGETS = {"fortress": 2, "homalet": 8, "dragoness": 16}  # the strong-seat test's budgets
GAMES = {"random": 8, "greedy": 8, "lookahead": 3, "mixed": 4}  # games a table


def tables() -> list[tuple[str, int, str, int]]:
    """(game, players, policy, games) of every table fingerprinted."""
    out = []
    for game, engine in ENGINES.items():
        counts = sorted({engine.MIN_PLAYERS, 3, 4, 5, engine.MAX_PLAYERS})
        look = f"lookahead:{BUDGETS[game]}"
        for players in counts:
            out.append((game, players, "random", GAMES["random"]))
            out.append((game, players, "greedy", GAMES["greedy"]))
            out.append((game, players, ",".join([look] + ["greedy"] * (players - 1)), GAMES["mixed"]))
            if players <= 5:  # every seat thinking: the costly tables, at the usual counts only
                out.append((game, players, look, GAMES["lookahead"]))
    return out


def key(game: str, players: int, policy: str) -> str:
    return f"{game}/{players}/{policy}"


def digests(table: tuple[str, int, str, int]) -> tuple[str, list[str], float]:
    """The table's key, one digest a game (its record and its result) and the seconds it took."""
    game, players, policy, games = table
    deck = ENGINES[game].Deck.from_data(load_deck_data(game))
    start = time.perf_counter()
    out = []
    for sim in simulate(game, deck, players, games, policy, seed=SEED, records=True):
        p = sim.played
        result = {
            "players": list(p.players),
            "scores": list(p.scores),
            "winners": sorted(p.winners),
            "start": p.start,
            "actions": p.actions,
            "lead_changes": p.lead_changes,
            "events": [list(e) for e in p.events],
            "policy": p.policy,
            "deck_version": p.deck_version,
        }
        text = json.dumps({"record": sim.record, "result": result}, sort_keys=True, ensure_ascii=False)
        out.append(hashlib.sha256(text.encode()).hexdigest())
    return key(game, players, policy), out, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with scripts/same_games.json")
    parser.add_argument("--jobs", type=int, default=cores(), help="processes (default: every core)")
    parser.add_argument("--only", default="", help="only the tables whose key contains this")
    args = parser.parse_args()
    todo = [t for t in tables() if args.only in key(*t[:3])]
    todo.sort(key=lambda t: "lookahead" not in t[2])  # the slow ones first: the processes end together
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(max(1, args.jobs)) as pool:
        found: dict[str, Any] = {k: v for k, v, _ in pool.imap_unordered(digests, todo)}
    seconds = time.perf_counter() - start
    games = sum(len(v) for v in found.values())
    if not args.check:
        HERE.write_text(json.dumps(dict(sorted(found.items())), indent=1) + "\n")
        print(f"recorded {games} games of {len(found)} tables in {HERE.name} ({seconds:.1f} s)")
        return 0
    kept: dict[str, list[str]] = json.loads(HERE.read_text())
    differ = 0
    for name in sorted(found):
        if name not in kept:
            print(f"NOT RECORDED {name}")
            differ += 1
            continue
        bad = [i + 1 for i, (a, b) in enumerate(zip(found[name], kept[name], strict=False)) if a != b]
        if bad or len(found[name]) != len(kept[name]):
            print(f"DIFFER {name}: games {bad or 'count'}")
            differ += 1
    if not args.only:
        for name in sorted(set(kept) - set(found)):
            print(f"MISSING {name}")
            differ += 1
    if differ:
        print(f"{differ} of {len(found)} tables differ")
        return 1
    print(f"all the same: {games} games of {len(found)} tables ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

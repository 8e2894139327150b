"""Many simulated games, on one core, on every core, or on a cluster, with the same results.

Each game is seeded from the run's seed and its number (:func:`game_seed`), so a run plays the same
games however they are shared out. The one function that plays them is :func:`play_games`: a run's
description and a list of (number, seed) pairs in, the games out in that order. This process calls it
for ``workers=1``; worker processes call it for a share of the numbers each (``workers=N``); so does a
Dask cluster (``engine="dask"``, the optional extra ``companion[cluster]``). The games come back in
their numbers' order whatever finished first.
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import os
import random
import signal
from collections.abc import Generator, Iterator, Sequence
from typing import Any

from companion.analysis.playtest import Leads, PlayedGame, Running, deck_version
from companion.rules.common import Refusal, refuse
from companion.rules.engine import DeckShape, JsonObject
from companion.rules.games import ENGINES
from companion.settle import settle
from companion.simulate.events import Events
from companion.simulate.policies import label

CHUNK = 20  # games a worker plays before it hands them back (at most)
IN_FLIGHT = 64  # tasks handed to a Dask cluster at a time
MAX_WORKERS = 256


@dataclasses.dataclass(frozen=True)
class Run:
    """What every game of a run shares: the game, the deck as data (each process builds it once), the
    player count, each seat's policy in full and whether each game's record is kept."""

    game: str
    deck: JsonObject
    players: int
    policies: tuple[str, ...]
    records: bool = False


@dataclasses.dataclass(frozen=True)
class Simulated:
    """One simulated game: its analysis row, and its record (docs/records.md) when it was asked for."""

    played: PlayedGame
    record: JsonObject | None


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded ``seed``: the same on any machine and in any process."""
    digest = hashlib.sha256(f"companion-simulate:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_decks: dict[str, DeckShape] = {}  # by the deck's hash: a process builds each deck once


def _deck(run: Run) -> tuple[DeckShape, str]:
    version = deck_version(run.deck)
    deck = _decks.get(version)
    if deck is None:
        if len(_decks) > 16:
            _decks.clear()
        deck = _decks[version] = ENGINES[run.game].Deck.from_data(run.deck)
    return deck, version


def _play(run: Run, deck: DeckShape, version: str, number: int, seed: int) -> Simulated:
    from companion.records.game_records import make_record
    from companion.simulate import GAMES

    engine = ENGINES[run.game]
    leads, running, events = Leads(), Running(run.game), Events()

    def watch(before: Any, action: Any, after: Any) -> None:
        leads.see(running(after))
        events.see(before, action, after)

    setup, actions, state = GAMES[run.game](deck, run.players, random.Random(seed), run.policies, watch)
    try:
        answer = settle(engine.settle_input(state), False, "en", deck=deck)
    except Refusal as refusal:  # the engine's own end state always settles; say so plainly if not
        raise AssertionError(f"simulated game {number} did not settle: {refusal.msg.en}") from None
    if "totals" in answer:  # Reign of Dragoness: the five rounds' points (D-11)
        scores = tuple(int(answer["totals"][name]) for name in setup.players)
    else:
        scores = tuple(int(p["score"]) for p in answer["players"])
    played = PlayedGame(
        f"sim-{number}",
        run.game,
        "",
        version,
        setup.players,
        scores,
        frozenset(setup.players.index(w) for w in answer["winners"]),
        engine.start(setup),
        len(actions),
        None,
        simulated=True,
        lead_changes=leads.changes,
        policy=label(run.policies),
        events=events.pairs(),
    )
    return Simulated(played, make_record(engine, setup, actions) if run.records else None)


def play_games(run: Run, games: Sequence[tuple[int, int]]) -> list[Simulated]:
    """The games of ``run`` numbered and seeded as ``games`` says ((number, seed) pairs), in that order:
    what this process, a worker process and a cluster's worker each run."""
    deck, version = _deck(run)
    return [_play(run, deck, version, number, seed) for number, seed in games]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _chunks(numbers: range, size: int) -> Iterator[range]:
    """The numbers in runs of ``size``: what one task plays (a task is two numbers, however many games)."""
    for start in range(numbers.start, numbers.stop, size):
        yield range(start, min(start + size, numbers.stop))


def _seeded(seed: int, numbers: range) -> list[tuple[int, int]]:
    return [(n, game_seed(seed, n)) for n in numbers]


def _quiet() -> None:
    """A worker process leaves Ctrl+C to the one that started it (which keeps the games finished), and
    ends quietly when that one ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _processes(run: Run, seed: int, chunks: Iterator[range], workers: int) -> Iterator[Simulated]:
    import multiprocessing

    pool = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(workers, _quiet)
    try:
        for games in pool.imap(_Chunk(run, seed), chunks):
            yield from games
    except BaseException:  # Ctrl+C, or the games no longer wanted: the workers stop at once
        pool.terminate()
        raise
    else:
        pool.close()
    finally:
        pool.join()


@dataclasses.dataclass(frozen=True)
class _Chunk:
    """:func:`play_games` for one run, as a worker process is handed it."""

    run: Run
    seed: int

    def __call__(self, numbers: range) -> list[Simulated]:
        return play_games(self.run, _seeded(self.seed, numbers))


def _dask(run: Run, seed: int, chunks: Iterator[range], scheduler: str) -> Iterator[Simulated]:
    """The games on the Dask cluster at ``scheduler``: at most :data:`IN_FLIGHT` tasks handed out at a
    time (memory stays flat however many games), the games back in their numbers' order."""
    try:
        from distributed import Client
    except ImportError:
        raise refuse(
            "--engine dask needs Dask distributed: pip install 'companion[cluster]'",
            "--engine dask には Dask distributed が必要です：pip install 'companion[cluster]'",
        ) from None
    try:
        client = Client(scheduler, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        raise refuse(
            f"no Dask scheduler answers at {scheduler!r} ({error})",
            f"{scheduler!r} で Dask のスケジューラーが応答しません（{error}）",
        ) from None
    with client:
        waiting: collections.deque[Any] = collections.deque()
        try:
            for numbers in chunks:
                waiting.append(client.submit(play_games, run, _seeded(seed, numbers), pure=False))
                if len(waiting) >= IN_FLIGHT:
                    yield from waiting.popleft().result()
            while waiting:
                yield from waiting.popleft().result()
        finally:
            if waiting:
                client.cancel(list(waiting))  # type: ignore[no-untyped-call]


def run_games(
    run: Run,
    seed: int,
    numbers: range,
    workers: int = 1,
    engine: str = "local",
    scheduler: str | None = None,
) -> Generator[Simulated, None, None]:
    """The games of ``run`` numbered ``numbers``, each seeded from ``seed`` and its number, in order:
    in this process (``workers=1``), in ``workers`` processes, or on the Dask cluster whose scheduler is
    at ``scheduler`` (``engine="dask"``). The same games whichever."""
    if engine == "dask":
        if not scheduler:
            raise refuse(
                "--engine dask needs the scheduler's address (--scheduler tcp://HOST:8786)",
                "--engine dask にはスケジューラーのアドレスが必要です（--scheduler tcp://HOST:8786）",
            )
        size = max(1, min(CHUNK, len(numbers) // 64 or 1))
        yield from _dask(run, seed, _chunks(numbers, size), scheduler)
        return
    if engine != "local":
        raise refuse(
            f"the engine is local or dask, not {engine!r}", f"エンジンは local か dask です（{engine!r} は不可）"
        )
    if not 1 <= workers <= MAX_WORKERS:
        raise refuse(
            f"--workers is a number of processes from 1 to {MAX_WORKERS}, not {workers}",
            f"--workers は1から{MAX_WORKERS}までのプロセス数です（{workers} は不可）",
        )
    workers = min(workers, len(numbers)) or 1
    if workers == 1:
        deck, version = _deck(run)
        for number in numbers:
            yield _play(run, deck, version, number, game_seed(seed, number))
        return
    size = max(1, min(CHUNK, len(numbers) // (workers * 8)))
    yield from _processes(run, seed, _chunks(numbers, size), workers)

"""Simulated tables: whole games dealt from a real shuffled deck, each seat choosing among the engine's
own legal moves for the hand it really holds, so that a designer sees seat advantage, game length and
lead changes for a deck before printing it (``companion simulate``, ``companion lab``).

A seat's policy is ``random`` (any legal move), ``greedy`` (the move with the best immediate gain) or
``lookahead`` (it plays each of its likeliest moves out on tables dealt from what it has seen:
``companion.simulate.lookahead``); a table may seat different policies. The engine checks every action,
as at a real table; the games come out as :class:`Simulated` (a :class:`PlayedGame` marked simulated
and named with its table's policy, and its record when asked), one at a time (memory stays flat however
many are played), played in this process, on every core or on a Dask cluster with the same results
(``companion.simulate.runner``). One module a game: ``fortress``, ``homalet``, ``dragoness``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import refuse
from companion.rules.engine import ActionShape, DeckShape, SetupShape, StateShape
from companion.rules.games import ENGINES
from companion.simulate.common import NAMES, Watch
from companion.simulate.dragoness import play_dragoness
from companion.simulate.fortress import play_fortress
from companion.simulate.homalet import play_homalet
from companion.simulate.policies import POLICIES, label, seat_policies
from companion.simulate.runner import Run, Simulated, cores, game_seed, play_games, run_games

__all__ = [
    "ENGINES",
    "GAMES",
    "NAMES",
    "POLICIES",
    "Run",
    "Simulated",
    "cores",
    "game_seed",
    "label",
    "play_dragoness",
    "play_fortress",
    "play_games",
    "play_homalet",
    "seat_policies",
    "simulate",
]


Played = tuple[SetupShape, Sequence[ActionShape], StateShape]
Play = Callable[[DeckShape, int, random.Random, str | tuple[str, ...], Watch], Played]
K = TypeVar("K", bound=DeckShape)


def _of(play: Callable[[K, int, random.Random, str | tuple[str, ...], Watch], Played], deck_type: type[K]) -> Play:
    """``play`` taking any deck: one of its game's (else TypeError: a programming error)."""

    def played(
        deck: DeckShape, players: int, rng: random.Random, policy: str | tuple[str, ...], watch: Watch
    ) -> Played:
        if not isinstance(deck, deck_type):
            raise TypeError(f"a simulated table was given a {type(deck).__qualname__}, not a {deck_type.__qualname__}")
        return play(deck, players, rng, policy, watch)

    return played


GAMES: dict[str, Play] = {
    "fortress": _of(play_fortress, f.Deck),
    "homalet": _of(play_homalet, h.Deck),
    "dragoness": _of(play_dragoness, d.Deck),
}


def check(game: str, players: int, policy: str | Sequence[str]) -> tuple[str, ...]:
    """Each seat's policy in full for ``players`` seats of ``game``; refused in a sentence: a game that
    is not one of the three, a player count the game does not take, a policy that is none of
    :data:`POLICIES` or not one for every seat or one a seat."""
    if game not in GAMES:
        raise refuse(
            f"the game is fortress, homalet or dragoness, not {game!r}",
            f"ゲームは fortress、homalet、dragoness のどれかです（{game!r} は不可）",
        )
    engine = ENGINES[game]
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise refuse(
            f"{engine.TITLE.en} takes {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, not {players}",
            f"{engine.TITLE.ja}は{engine.MIN_PLAYERS}〜{engine.MAX_PLAYERS}人で遊びます（{players}人は不可）",
        )
    return seat_policies(policy, players)


def simulate(
    game: str,
    deck: DeckShape,
    players: int,
    games: int,
    policy: str | Sequence[str] = "random",
    seed: int | None = None,
    records: bool = False,
    workers: int = 1,
    engine: str = "local",
    scheduler: str | None = None,
) -> Generator[Simulated, None, None]:
    """``games`` simulated games of ``game`` for ``players`` seats with ``deck``, one at a time (a
    generator: memory stays flat in ``games``), numbered from 1, each seeded from ``seed`` (None: one
    drawn at random) and its number, so the same ``seed`` plays the same games in this process, in
    ``workers`` processes or on a Dask cluster (``companion.simulate.runner``). ``policy``: one for every
    seat, or one a seat. Each game's lead changes and events are counted as it is played. Refused in a
    sentence: what :func:`check` refuses."""
    policies = check(game, players, policy)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    run = Run(game, deck.to_data(), players, policies, records)
    yield from run_games(run, seed, range(1, games + 1), workers, engine, scheduler)

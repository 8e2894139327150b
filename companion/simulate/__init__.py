"""Simulated tables: whole games dealt from a real shuffled deck, each seat choosing among the engine's
own legal moves for the hand it really holds, so that a designer sees seat advantage, game length and
lead changes for a deck before printing it (``companion simulate``).

A policy is ``random`` (any legal move) or ``greedy`` (the move with the best immediate gain). The
engine checks every action, as at a real table; the games come out as :class:`PlayedGame` marked
simulated, one at a time (memory stays flat however many are played), each with its record when asked.
One module a game: ``fortress``, ``homalet``, ``dragoness``.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from companion.playtest import Leads, PlayedGame, Running, deck_version
from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import Refusal, refuse
from companion.rules.engine import ActionShape, DeckShape, JsonObject, SetupShape, StateShape
from companion.rules.games import ENGINES
from companion.settle import settle
from companion.simulate.common import NAMES, POLICIES, Watch
from companion.simulate.dragoness import play_dragoness
from companion.simulate.fortress import play_fortress
from companion.simulate.homalet import play_homalet

__all__ = [
    "ENGINES",
    "GAMES",
    "NAMES",
    "POLICIES",
    "Simulated",
    "play_dragoness",
    "play_fortress",
    "play_homalet",
    "simulate",
]


@dataclasses.dataclass(frozen=True)
class Simulated:
    """One simulated game: its analysis row, and its record (docs/records.md) when it was asked for."""

    played: PlayedGame
    record: JsonObject | None


Played = tuple[SetupShape, Sequence[ActionShape], StateShape]
Play = Callable[[DeckShape, int, random.Random, str, Watch], Played]
K = TypeVar("K", bound=DeckShape)


def _of(play: Callable[[K, int, random.Random, str, Watch], Played], deck_type: type[K]) -> Play:
    """``play`` taking any deck: one of its game's (else TypeError: a programming error)."""

    def played(deck: DeckShape, players: int, rng: random.Random, policy: str, watch: Watch) -> Played:
        if not isinstance(deck, deck_type):
            raise TypeError(f"a simulated table was given a {type(deck).__qualname__}, not a {deck_type.__qualname__}")
        return play(deck, players, rng, policy, watch)

    return played


GAMES: dict[str, Play] = {
    "fortress": _of(play_fortress, f.Deck),
    "homalet": _of(play_homalet, h.Deck),
    "dragoness": _of(play_dragoness, d.Deck),
}


def _follow(leads: Leads, running: Running, state: StateShape) -> None:
    """Each state of a game as it is played: the running score seen by the lead tracker."""
    leads.see(running(state))


def simulate(
    game: str,
    deck: DeckShape,
    players: int,
    games: int,
    policy: str = "random",
    seed: int | None = None,
    records: bool = False,
) -> Iterator[Simulated]:
    """``games`` simulated games of ``game`` for ``players`` seats with ``deck``, one at a time (a
    generator: memory stays flat in ``games``); the same ``seed`` plays the same games. Each game's
    lead changes are counted as it is played (``companion.playtest.Leads``). Refused in a sentence: a
    game that is not one of the three, a policy not in :data:`POLICIES`, a player count the game does
    not take."""
    if game not in GAMES:
        raise refuse(
            f"the game is fortress, homalet or dragoness, not {game!r}",
            f"ゲームは fortress、homalet、dragoness のどれかです（{game!r} は不可）",
        )
    if policy not in POLICIES:
        raise refuse(
            f"the policy is random or greedy, not {policy!r}", f"方針は random か greedy です（{policy!r} は不可）"
        )
    engine = ENGINES[game]
    if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
        raise refuse(
            f"{engine.TITLE.en} takes {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, not {players}",
            f"{engine.TITLE.ja}は{engine.MIN_PLAYERS}〜{engine.MAX_PLAYERS}人で遊びます（{players}人は不可）",
        )
    from companion.rules.game_records import make_record

    rng = random.Random(seed)
    version = deck_version(deck.to_data())
    play = GAMES[game]
    for number in range(1, games + 1):
        leads, running = Leads(), Running(game)
        setup, actions, state = play(deck, players, rng, policy, functools.partial(_follow, leads, running))
        try:
            answer = settle(engine.settle_input(state), False, "en", deck=deck)
        except Refusal as refusal:  # the engine's own end state always settles; say so plainly if not
            raise AssertionError(f"simulated game {number} did not settle: {refusal.msg.en}") from None
        if "totals" in answer:  # Reign of Dragoness: the five rounds' points (D-11)
            scores = tuple(int(answer["totals"][name]) for name in setup.players)
        else:
            scores = tuple(int(p["score"]) for p in answer["players"])
        winners = frozenset(setup.players.index(w) for w in answer["winners"])
        played = PlayedGame(
            f"sim-{number}",
            game,
            "",
            version,
            setup.players,
            scores,
            winners,
            engine.start(setup),
            len(actions),
            None,
            simulated=True,
            lead_changes=leads.changes,
        )
        yield Simulated(played, make_record(engine, setup, actions) if records else None)

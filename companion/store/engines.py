"""The engines as the store uses them: the engine of a stored game, its setup, and a game's outcome
(finished, winners, scores) by settling it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.common import Refusal, refuse
from companion.rules.engine import DeckShape, GameEngine, SetupShape, StateShape


def engine_for(game: str) -> GameEngine:
    from companion.rules.games import ENGINES

    engine = ENGINES.get(game)
    if engine is None:
        from companion.rules.deck_rules import shown

        raise refuse(
            f"unknown game {shown(game)}; games are {', '.join(ENGINES)}",
            f"{shown(game)} は不明なゲームです。ゲームは {', '.join(ENGINES)} のどれかです",
        )
    return engine


def make_setup(engine: GameEngine, players: tuple[str, ...], start: int | None, deck: DeckShape) -> SetupShape:
    """``engine.make_setup`` (docs/engines.md)."""
    return engine.make_setup(players, start, deck)


def _answer_scores(answer: Mapping[str, Any]) -> tuple[list[str], list[int]]:
    """Names in seat order and each one's score, from a settle answer of any game."""
    if "totals" in answer:  # Dragoness
        totals = answer["totals"]
        return list(totals), [int(v) for v in totals.values()]
    return [p["name"] for p in answer["players"]], [int(p["score"]) for p in answer["players"]]


def _outcome(engine: GameEngine, setup: SetupShape, state: StateShape) -> tuple[bool, list[str], list[int] | None]:
    """Whether the game is finished, its winners and each seat's score (by settling it). A legal
    last action is stored even if settling refuses: then the game counts as finished without
    scores (``LiveGame.settle`` says why), and stays out of the statistics."""
    if not engine.finished(state):
        return False, [], None
    from companion.settle import settle

    try:
        answer = settle(engine.settle_input(state), False, "en", deck=setup.deck)
    except Refusal:
        return True, [], None
    _, scores = _answer_scores(answer)
    return True, list(answer["winners"]), scores

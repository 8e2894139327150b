"""Tables that play like people (issue 31): in 200 three-player games against two greedy seats, the
lookahead seat wins more than its fair share beyond chance in each game: the lower end of its win
rate's 95 % Wilson interval is above the fair share (a shared win counting for each winner, as the
playtest analysis has it). The games run on every core; the budgets are playouts, so the games (and
this test's verdict) are the same on any machine."""

from __future__ import annotations

import pytest

from companion.analysis.playtest import wilson
from companion.cards.decks import load_deck_data
from companion.rules.games import ENGINES
from companion.simulate import cores, simulate

GAMES = 200


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize(
    ("game", "budget"),
    [("fortress", 2), ("homalet", 8), pytest.param("dragoness", 16, marks=pytest.mark.slow(seconds=40))],
)
def test_the_lookahead_seat_beats_two_greedy_seats_beyond_chance(game: str, budget: int) -> None:
    deck = ENGINES[game].Deck.from_data(load_deck_data(game))
    policy = f"lookahead:{budget},greedy,greedy"
    played = [s.played for s in simulate(game, deck, 3, GAMES, policy, seed=7, workers=cores())]
    assert len(played) == GAMES and {g.policy for g in played} == {policy}  # named in every result
    wins = sum(1 for g in played if 0 in g.winners)
    fair = sum(len(g.winners) for g in played) / (GAMES * 3)
    low, high = wilson(wins, GAMES)
    assert low > fair, f"{game}: {wins}/{GAMES} = {wins / GAMES:.2f} [{low:.2f}–{high:.2f}], fair share {fair:.2f}"

"""Tables that play like people (issue 31): in three-player games against two greedy seats, the
lookahead seat wins more than its fair share beyond chance in each game: the lower end of its win
rate's Wilson interval is above the fair share (a shared win counting for each winner, as the
playtest analysis has it).

The games are looked at after 25, 50, 100 and 200 (a group-sequential test): the verdict may be given
at any look, so each look's interval is at the level of one of four comparisons (Bonferroni, the lab's
``z_for(4)``, z = 2.50), and the chance of a lookahead seat no better than the others passing at any of
the four stays under 5 %. A seat that wins clearly is seen to early; one that does not is played to
200 games and fails there. The games run on every core; the budgets are playouts and each game is
seeded from the run's seed and its number, so the games (and this test's verdict, and the look it is
given at) are the same on any machine."""

from __future__ import annotations

import pytest

from companion.analysis.playtest import PlayedGame, wilson
from companion.cards.decks import load_deck_data
from companion.lab.analysis import z_for
from companion.rules.games import ENGINES
from companion.simulate import cores, seat_policies
from companion.simulate.runner import Run, run_games

LOOKS = (25, 50, 100, 200)  # games played when the verdict is looked at
Z = z_for(len(LOOKS))  # one of four comparisons at 95 % in all


def verdict(played: list[PlayedGame]) -> tuple[bool, str]:
    """Whether the first seat's wins are above the fair share beyond chance at :data:`Z`, and the figures."""
    games = len(played)
    wins = sum(1 for g in played if 0 in g.winners)
    fair = sum(len(g.winners) for g in played) / (games * 3)
    low, high = wilson(wins, games, Z)
    return low > fair, f"{wins}/{games} = {wins / games:.2f} [{low:.3f}–{high:.3f}], fair share {fair:.3f}"


def test_the_looks_are_at_the_corrected_level() -> None:
    assert 2.49 < Z < 2.50  # 1 - 0.05 / 8 of the normal distribution
    # 24 wins of 50 against a fair third would be beyond chance at a single look's 1.96, not at 2.50
    lucky = [
        PlayedGame(f"g{i}", "fortress", "", "", ("A", "B", "C"), (0, 0, 0), frozenset({0 if i < 24 else 1}), 0, 1, None)
        for i in range(50)
    ]
    assert wilson(24, 50)[0] > 1 / 3
    passed, said = verdict(lucky)
    assert not passed, said


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize(
    ("game", "budget"),
    [("fortress", 2), ("homalet", 8), pytest.param("dragoness", 32, marks=pytest.mark.slow(seconds=10))],
)
def test_the_lookahead_seat_beats_two_greedy_seats_beyond_chance(game: str, budget: int) -> None:
    deck = ENGINES[game].Deck.from_data(load_deck_data(game))
    policy = f"lookahead:{budget},greedy,greedy"
    run = Run(game, deck.to_data(), 3, seat_policies(policy, 3))
    played: list[PlayedGame] = []
    said = []
    for games in LOOKS:
        played += [s.played for s in run_games(run, 7, range(len(played) + 1, games + 1), workers=cores())]
        assert [g.id for g in played] == [f"sim-{n}" for n in range(1, games + 1)]
        assert {g.policy for g in played} == {policy}  # named in every result
        passed, figures = verdict(played)
        said.append(figures)
        if passed:
            break
    assert passed, f"{game}: not beyond chance at any look: {'; '.join(said)}"

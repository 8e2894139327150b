"""Every core (issue 31): a run's games are seeded from the run's seed and each game's number, so they
are the same in this process, in any number of worker processes and on a Dask cluster of two workers;
the one function behind all of them takes (number, seed) pairs; what cannot run is refused in a sentence."""

from __future__ import annotations

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import Refusal
from companion.simulate import Run, game_seed, play_games, simulate

DECK = f.Deck.from_data(load_deck_data("fortress"))


def test_the_games_are_the_same_whatever_the_number_of_workers() -> None:
    one = [s.played for s in simulate("fortress", DECK, 4, 13, "random", seed=3, workers=1)]
    assert [g.id for g in one] == [f"sim-{n}" for n in range(1, 14)]
    for workers in (2, 3):
        assert [s.played for s in simulate("fortress", DECK, 4, 13, "random", seed=3, workers=workers)] == one
    assert [s.played for s in simulate("fortress", DECK, 4, 13, "random", seed=4, workers=2)] != one


def test_the_runner_is_one_function_over_numbered_seeds() -> None:
    run = Run("homalet", h.Deck.from_data(load_deck_data("homalet")).to_data(), 4, ("greedy",) * 4, records=True)
    pairs = [(n, game_seed(9, n)) for n in (5, 2, 7)]
    games = play_games(run, pairs)
    assert [g.played.id for g in games] == ["sim-5", "sim-2", "sim-7"] and all(g.record for g in games)
    alone = play_games(run, pairs[1:2])  # a game depends on its own seed only, not on its neighbours
    assert alone[0] == games[1]
    deck = h.Deck.from_data(load_deck_data("homalet"))
    run_of_nine = list(simulate("homalet", deck, 4, 7, "greedy", seed=9, records=True))
    assert run_of_nine[4] == games[0] and run_of_nine[1] == games[1]
    assert game_seed(9, 5) == game_seed(9, 5) != game_seed(9, 6) != game_seed(10, 5)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"workers": 0}, "--workers is a number of processes from 1"),
        ({"engine": "spark"}, "the engine is local or dask"),
        ({"engine": "dask"}, "--engine dask needs the scheduler's address"),
    ],
)
def test_what_cannot_run_is_refused_in_a_sentence(options: dict[str, object], words: str) -> None:
    with pytest.raises(Refusal) as caught:
        next(simulate("fortress", DECK, 4, 3, "random", seed=1, **options))  # type: ignore[arg-type]
    assert words in caught.value.msg.en and caught.value.msg.ja


@pytest.mark.slow
def test_a_local_dask_cluster_of_two_workers_plays_the_same_games_as_one_process() -> None:
    import distributed  # the test extra installs it (pip install -e '.[test]')

    one = [s.played for s in simulate("fortress", DECK, 3, 30, "greedy", seed=8, workers=1, records=False)]
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    ) as cluster:
        workers = cluster.scheduler_info["workers"]
        assert len(workers) == 2
        games = simulate("fortress", DECK, 3, 30, "greedy", seed=8, engine="dask", scheduler=cluster.scheduler_address)
        assert [s.played for s in games] == one

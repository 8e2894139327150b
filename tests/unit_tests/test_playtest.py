"""The playtest analysis (issue 21): Wilson intervals against hand-computed cases and their properties
(Hypothesis), a shared win counted for each winner as settle counts it, margins, groups and CSV rows."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.analysis.playtest import (
    CSV_HEADS,
    ENOUGH,
    PlayedGame,
    csv_rows,
    deck_hash,
    deck_version,
    margin,
    places,
    report,
    summarise,
    version_matches,
    wilson,
)
from companion.rules.common import Msg


def played(
    scores: tuple[int, ...],
    winners: set[int],
    start: int | None = 0,
    *,
    game: str = "fortress",
    version: str = "v1",
    actions: int | None = 100,
    minutes: float | None = 30.0,
) -> PlayedGame:
    players = tuple("ABCDEFGH"[: len(scores)])
    return PlayedGame(
        "1", game, "2026-11-30T19:00:00Z", version, players, scores, frozenset(winners), start, actions, minutes
    )


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (62, 100, 0.5221, 0.7090),  # by hand: centre (p + z²/2n)/(1 + z²/n), half z/(1 + z²/n)·√(p(1-p)/n + z²/4n²)
        (0, 10, 0.0, 0.2775),  # z²/(n + z²) = 3.8415/13.8415
        (10, 10, 0.7225, 1.0),
        (1, 1, 0.2065, 1.0),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_matches_hand_computed_cases(wins: int, n: int, low: float, high: float) -> None:
    got = wilson(wins, n)
    assert got == pytest.approx((low, high), abs=5e-5)


@given(st.integers(min_value=1, max_value=10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_holds_the_observed_rate_and_mirrors(case: tuple[int, int]) -> None:
    wins, n = case
    low, high = wilson(wins, n)
    assert 0.0 <= low <= wins / n <= high <= 1.0
    mirror_low, mirror_high = wilson(n - wins, n)  # losses are wins seen from the other side
    assert math.isclose(low, 1 - mirror_high, abs_tol=1e-12) and math.isclose(high, 1 - mirror_low, abs_tol=1e-12)


@given(st.integers(min_value=1, max_value=2_000), st.integers(min_value=2, max_value=20))
def test_wilson_narrows_with_more_games_at_the_same_rate(n: int, times: int) -> None:
    low, high = wilson(n // 2, n)
    more_low, more_high = wilson(n // 2 * times, n * times)
    assert more_high - more_low < high - low


def test_wilson_of_no_games_says_nothing_and_bad_counts_are_refused() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_a_shared_win_counts_for_each_winner_as_settle_does() -> None:
    games = [played((5, 5, 2), {0, 1}), played((1, 7, 2), {1}), played((4, 4, 4), {0, 1, 2})]
    (group,) = summarise(games)
    assert [rate.wins for rate in group.seats] == [2, 3, 1]
    assert group.start is not None and group.start.wins == 2  # seat 0 started each game
    assert group.margins == {0: 2, 5: 1}  # a shared win has no margin; 7 over 2 is 5
    assert places((5, 5, 2), {0, 1}) == [1, 1, 3]


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=8), st.data())
def test_margin_and_places_agree_with_the_scores(scores: list[int], data: st.DataObject) -> None:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    winners = {data.draw(st.sampled_from(leaders))}  # the rules break a tie for one of the leaders
    game = played(tuple(scores), winners)
    others = [score for seat, score in enumerate(scores) if seat not in winners]
    assert margin(game) == best - max(others) >= 0
    ranks = places(game.scores, game.winners)
    assert ranks.count(1) == 1 and all(1 <= r <= len(scores) for r in ranks)
    assert all(
        ranks[a] <= ranks[b]
        for a in range(len(scores))
        for b in range(len(scores))
        if a in winners or scores[a] > scores[b]
    )


def test_groups_by_game_deck_version_and_player_count() -> None:
    games = [
        played((1, 2, 3), {2}),
        played((1, 2, 3, 4), {3}),
        played((3, 2, 1), {0}, version="v2"),
        played((3, 2), {0}, None, game="dragoness", actions=None, minutes=None),
        played((9, 2, 3), {0}),
    ]
    groups = summarise(games)
    assert [(g.game, g.deck_version, g.players, g.games) for g in groups] == [
        ("dragoness", "v1", 2, 1),
        ("fortress", "v1", 3, 2),
        ("fortress", "v1", 4, 1),
        ("fortress", "v2", 3, 1),
    ]
    assert groups[0].start is None and groups[0].actions is None and groups[0].minutes is None
    assert groups[1].actions == {"min": 100, "median": 100, "mean": 100, "max": 100}


def test_too_few_games_warn_plainly_and_an_advantage_shows_with_enough() -> None:
    (few,) = summarise([played((3, 1), {0})] * 5)
    assert few.too_few and "too few" in (few.warning() or Msg("", "")).en and not few.seats[0].tells
    (many,) = summarise([played((3, 1), {0})] * ENOUGH)
    assert many.warning() is None and many.seats[0].tells  # 30 wins of 30: the interval leaves out 50%
    (even,) = summarise([played((3, 1), {0}), played((1, 3), {1})] * (ENOUGH // 2))
    assert not even.seats[0].tells
    lines = report([few], {"fortress": Msg("Six-Suit Fortress", "6スートの砦")}, "ja")
    assert lines[0].startswith("6スートの砦・デッキ v1・2人・5ゲーム") and "少なすぎ" in lines[1]


def test_a_fair_share_counts_the_shared_wins() -> None:
    """A shared win counts for each winner, so where ties are common every seat wins more often than
    1 / N: the fair share is the winners a game has on average over the seats (by hand below)."""
    (level,) = summarise([played((4, 4, 4), {0, 1, 2})] * ENOUGH)  # 90 wins in 30 games of 3 seats: 100 %
    assert all(rate.fair == 1.0 and not rate.tells for rate in level.seats)
    (mixed,) = summarise([played((5, 1), {0})] * 20 + [played((3, 3), {0, 1})] * 10)
    assert [rate.wins for rate in mixed.seats] == [30, 10] and mixed.seats[0].fair == pytest.approx(40 / 60)
    assert mixed.seats[0].tells and mixed.seats[1].tells  # 100 % [89%–100%] and 33 % [19%–51%] leave out 67 %
    assert "a fair share is 67%" in report([mixed], {})[1]
    (alone,) = summarise([played((3, 1), {0}), played((1, 3), {1})])
    assert alone.seats[0].fair == 0.5  # no tie: 1 / N


def test_csv_has_one_row_per_player_per_game() -> None:
    rows = list(csv_rows([played((5, 5, 2), {0, 1}, 2), played((3, 1), {0}, actions=None, minutes=None)]))
    assert len(rows) == 5 and all(len(row) == len(CSV_HEADS) for row in rows)
    seat, start, score, rank, won = (CSV_HEADS.index(k) for k in ("seat", "start_player", "score", "rank", "won"))
    assert [(r[seat], r[start], r[score], r[rank], r[won]) for r in rows[:3]] == [
        ("1", "0", "5", "1", "1"),
        ("2", "0", "5", "1", "1"),
        ("3", "1", "2", "3", "0"),
    ]
    assert rows[3][CSV_HEADS.index("actions")] == "" and rows[3][CSV_HEADS.index("minutes")] == ""


def test_deck_versions_name_the_data_actually_used() -> None:
    deck = {"format": 1, "game": "fortress", "ranks": [1, 2]}
    assert deck_version(deck) == deck_hash(deck) and len(deck_hash(deck)) == 8
    assert deck_hash({**deck, "ranks": [1, 3]}) != deck_hash(deck)  # another printing, another version
    labelled = deck_version({**deck, "version": "2.1"})
    assert labelled.startswith("2.1+") and version_matches(labelled, "2.1")
    assert version_matches(labelled, labelled.split("+")[1][:4]) and not version_matches(labelled, "2.2")

"""Lead changes (issue 21): how often the leader on the running score changed during a game, from
replaying its actions — hand-computed cases, an independent formulation (Hypothesis), the running score
of each game as its rules define it (F-14, H-11, D-10), and the count in the analysis, JSON and CSV."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.analysis.playtest import (
    CSV_HEADS,
    Leads,
    PlayedGame,
    Running,
    csv_rows,
    lead_changes,
    replayed_lead_changes,
    report,
    summarise,
    with_lead_changes,
)
from companion.cards.decks import load_deck_data
from companion.records.game_records import fold_record, read_record
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import Msg
from companion.rules.engine import ActionShape, GameEngine, SetupShape
from companion.rules.games import ENGINES
from companion.settle import settle
from companion.simulate import play_fortress, play_homalet

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.mark.parametrize(
    ("rows", "changes"),
    [
        ([], 0),
        ([[0, 0, 0]], 0),  # level: nobody leads
        # seat 1 leads; seat 2 draws level (no change) then goes ahead (1); seat 1 ahead again (2);
        # all level (the lead stays with seat 1); seat 2 ahead (3)
        ([[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 2, 0], [3, 2, 0], [3, 3, 3], [3, 4, 3]], 3),
        ([[1, 0], [2, 0], [2, 2], [3, 2]], 0),  # drawn level, then ahead again: the same leader, no change
        ([[0, 0, 0], [-2, 0, 0], [-2, -1, 0], [-2, 1, 0]], 1),  # negative scores (F-14 penalties) lead too
        ([[0, 5], [6, 5], [6, 7], [8, 7], [8, 9]], 4),
    ],
)
def test_lead_changes_of_hand_computed_rows(rows: list[list[int]], changes: int) -> None:
    assert lead_changes(rows) == changes


@given(st.lists(st.lists(st.integers(-5, 5), min_size=2, max_size=2).map(tuple), max_size=40))
def test_lead_changes_count_the_changes_of_the_sole_leader(rows: list[tuple[int, ...]]) -> None:
    leaders = [row.index(max(row)) for row in rows if list(row).count(max(row)) == 1]
    runs = [seat for i, seat in enumerate(leaders) if i == 0 or leaders[i - 1] != seat]
    assert lead_changes(rows) == max(0, len(runs) - 1)
    leads = Leads()
    for row in rows:
        leads.see(row)
    assert leads.changes == lead_changes(rows) and leads.leader == (runs[-1] if runs else None)


def test_dragoness_example_record_by_hand() -> None:
    """The round points of the example record (D-10), totalled round by round from settle's rounds:
    Fumi 3, 6, 6 (level with Hana), 8 (level with Hana), then Hana 10 ahead: one change."""
    record = read_record(json.loads((RECORDS / "dragoness.json").read_text("utf-8")))
    assert replayed_lead_changes("dragoness", record.engine, record.setup, record.actions) == 1
    answer = settle(record.engine.settle_input(fold_record(record)[0]), False, "en")
    totals, rows = dict.fromkeys(record.setup.players, 0), []
    for points in answer["rounds"]:
        for name, value in points.items():
            totals[name] += value
        rows.append([totals[name] for name in record.setup.players])
    assert lead_changes(rows) == 1


@pytest.mark.parametrize("name", ["fortress", "homalet"])
def test_running_scores_are_the_rules_scores_after_every_action(name: str) -> None:
    """Fortress: F-14 as ``scores`` gives it (the best pair while undecided, the hand as known);
    HOMALET: H-11 on each score pile. The example record and a few simulated games, action by action."""
    engine = ENGINES[name]
    record = read_record(json.loads((RECORDS / f"{name}.json").read_text("utf-8")))
    games: list[tuple[SetupShape, list[ActionShape]]] = [(record.setup, list(record.actions))]
    rng = random.Random(4)
    if name == "fortress":
        deck = f.Deck.from_data(load_deck_data("fortress"))
        games += [play_fortress(deck, 4, rng, policy)[:2] for policy in ("random", "greedy")]
    else:
        deck_h = h.Deck.from_data(load_deck_data("homalet"))
        games += [play_homalet(deck_h, 5, rng, policy)[:2] for policy in ("random", "greedy")]
    for setup, actions in games:
        running, rows = Running(name), []
        state = engine.new_state(setup)
        for action in actions:
            state = engine.apply(state, action)[0]
            assert isinstance(state, f.State | h.State)
            expected = tuple(s.score for s in (f.scores(state) if isinstance(state, f.State) else h.scores(state)))
            assert running(state) == expected
            rows.append(expected)
        assert replayed_lead_changes(name, engine, setup, actions) == lead_changes(rows)


def played(changes: int | None, actions: int | None = 100) -> PlayedGame:
    return PlayedGame(
        "7", "homalet", "", "v1", ("A", "B", "C"), (3, 1, 2), frozenset({0}), 0, actions, None, False, changes
    )


def test_the_analysis_gives_lead_changes_in_words_json_and_csv() -> None:
    (group,) = summarise([played(2), played(4), played(None, None)])  # a score sheet has no count
    assert group.leads == {"min": 2, "median": 3.0, "mean": 3.0, "max": 4}
    assert group.to_data()["lead_changes"] == group.leads
    titles = {"homalet": Msg("HOMALET", "HOMALET")}
    assert "  lead changes a game: median 3, mean 3, 2 to 4" in report([group], titles)
    assert "  1ゲームの首位交代：中央値 3、平均 3、2〜4" in report([group], titles, "ja")
    rows = list(csv_rows([played(2), played(None, None)]))
    column = CSV_HEADS.index("lead_changes")
    assert [row[column] for row in rows] == ["2"] * 3 + [""] * 3
    (none,) = summarise([played(None, None)])
    assert none.leads is None and not any("lead changes" in line for line in report([none], titles))


def test_with_lead_changes_replays_only_games_with_actions() -> None:
    record = read_record(json.loads((RECORDS / "homalet.json").read_text("utf-8")))
    asked: list[str] = []

    def replay(game: PlayedGame) -> tuple[GameEngine, SetupShape, tuple[ActionShape, ...]] | None:
        asked.append(game.id)
        return (record.engine, record.setup, record.actions) if game.id == "7" else None

    games = [played(None), played(None, None), dataclasses.replace(played(None), id="8")]
    out = with_lead_changes(games, replay)
    assert asked == ["7", "8"]  # the score sheet is never replayed
    assert out[0].lead_changes == replayed_lead_changes("homalet", record.engine, record.setup, record.actions)
    assert out[1].lead_changes is None and out[2].lead_changes is None

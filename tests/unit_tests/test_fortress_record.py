"""The example Six-Suit Fortress record (examples/records/fortress.json, written by
scripts/make_fortress_record.py): a complete 5-player game that folds to a finished game and settles
to the engine's own scores."""

import json
from pathlib import Path

from companion.records.game_records import fold_record, make_record, read_record
from companion.rules import fortress as f
from companion.rules.games import ENGINES
from companion.settle import settle

RECORD = Path(__file__).parents[2] / "examples" / "records" / "fortress.json"


def test_f12_f14_the_example_record_is_a_finished_five_player_game() -> None:
    """F-2 (5 players, a misdeal corrected), F-12 (the game ends), F-14 (settled as the engine scores it)."""
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    record = read_record(data)
    assert record.engine is ENGINES["fortress"] and len(record.setup.players) == f.MAX_PLAYERS
    folded, rulings = fold_record(record)
    assert isinstance(folded, f.State)
    state = folded
    assert f.finished(state) and state.triggered and len(rulings) == len(record.actions)
    assert any(isinstance(a, f.Correct) for a in record.actions)
    assert all(t is not None for t in record.times)
    settled = settle(f.settle_input(state), deck=record.deck)
    assert [p["score"] for p in settled["players"]] == [s.score for s in f.scores(state)]
    top = f.winners([s.score for s in f.scores(state)])
    assert settled["winners"] == [record.setup.players[i] for i in top]
    assert data["version"] == 1  # kept as version 1 wrote it: an earlier record the reader must read
    again = make_record(record.engine, record.setup, record.actions, record.times)
    assert {**again, "version": 1} == data  # it round-trips exactly, the version apart


def test_f4_every_action_of_the_example_reads_back_from_its_notation_line() -> None:
    """F-4 .. F-14 as written at the table: each recorded action is one line, English or Japanese."""
    record = read_record(json.loads(RECORD.read_text(encoding="utf-8")))
    assert isinstance(record.setup, f.Setup)
    state = f.new_state(record.setup)
    for action in record.actions:
        assert isinstance(action, f.ACTIONS)
        for lang in ("en", "ja"):
            assert f.parse_line(state, f.action_line(state, action, lang)) == action
        state, _ = f.apply(state, action)

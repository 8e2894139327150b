"""The example HOMALET record (examples/records/homalet.json): a complete 7-player game that
folds to a finished game whose settle answer agrees with the engine (H-9, H-11, H-12)."""

import importlib.util
import json
from pathlib import Path

from companion.records import game_records
from companion.rules import homalet as h
from companion.rules.games import ENGINES
from companion.settle import settle

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "records" / "homalet.json"


def test_h9_the_example_record_folds_to_a_finished_seven_player_game() -> None:
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    record = game_records.read_record(data)
    assert record.engine is ENGINES["homalet"] and len(record.setup.players) == h.MAX_PLAYERS
    folded, rulings = game_records.fold_record(record)
    assert isinstance(folded, h.State)
    state = folded
    assert h.finished(state) and len(rulings) == len(record.actions)
    kinds = {type(a) for a in record.actions}
    assert kinds == set(h.ACTIONS)  # every kind of action, a correction and season moves among them
    assert any(isinstance(a, h.Play) and a.void for a in record.actions)
    assert all(t is not None for t in record.times)
    answer = settle(h.settle_input(state), deck=record.deck)
    assert [p["score"] for p in answer["players"]] == [s.score for s in h.scores(state)]
    assert answer["winners"] == [
        state.setup.players[i] for i in h.winners([s.score for s in h.scores(state)], state.piles)
    ]


def test_the_example_record_is_what_its_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("make_homalet_record", ROOT / "scripts" / "make_homalet_record.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    example = json.loads(RECORD.read_text(encoding="utf-8"))
    assert example["version"] == 1  # kept as version 1 wrote it: an earlier record the reader must read
    assert {**script.record(15), "version": 1} == example

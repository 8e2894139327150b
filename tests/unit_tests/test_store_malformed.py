"""Hundreds of malformed records and table-notation lines against the store: each is refused with
a sentence in both languages (or, if the damage happens to leave it legal, taken as legal), none
crashes, and a refused one changes nothing stored."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.rules.common import Refusal
from companion.store import Store
from tests.helpers.store_games import played

ROOT = Path(__file__).resolve().parents[2]
JUNK: list[Any] = [
    None,
    True,
    -1,
    0,
    7,
    10**30,
    1.5,
    "",
    "x",
    "R7",
    "07",
    "Lo7",
    [],
    [1],
    {},
    {"type": "x"},
    "\u0000",
    "赤7",
    [[["deep"]]],
    "A1N",
    -(2**63),
    "null",
]


def snapshot(db: Store) -> list[Any]:
    return [
        db.db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
        for table in ("games", "seats", "actions", "checkpoints", "players")
    ]


def mutate(rnd: random.Random, record: dict[str, Any]) -> dict[str, Any]:
    """One or two random damages to a record: a key dropped or retyped, an action broken,
    dropped, repeated or moved, a value replaced by junk."""
    data = copy.deepcopy(record)
    for _ in range(rnd.randint(1, 2)):
        where = rnd.random()
        if where < 0.15:
            key = rnd.choice(list(data))
            if rnd.random() < 0.5:
                del data[key]
            else:
                data[key] = rnd.choice(JUNK)
        elif where < 0.25:
            data["setup"] = copy.deepcopy(data.get("setup")) if isinstance(data.get("setup"), dict) else {}
            setup = data["setup"]
            choice = rnd.randrange(4)
            if choice == 0:
                setup["players"] = rnd.choice([[], ["A"], ["A", "A", "B"], [1, 2, 3], "ABC", ["A"] * 9])
            elif choice == 1:
                setup["start"] = rnd.choice(JUNK)
            else:
                setup.pop(rnd.choice(["players", "start"]), None)
        elif where < 0.35:
            if isinstance(data.get("deck"), dict) and data["deck"]:
                data["deck"][rnd.choice(list(data["deck"]))] = rnd.choice(JUNK)
        else:
            actions = data.get("actions")
            if not isinstance(actions, list) or not actions:
                data["actions"] = rnd.choice(JUNK)
                continue
            i = rnd.randrange(len(actions))
            kind = rnd.randrange(5)
            if kind == 0 and isinstance(actions[i], dict):
                action = actions[i]
                field = rnd.choice(list(action))
                action[field] = rnd.choice(JUNK)
            elif kind == 1:
                actions.insert(rnd.randrange(len(actions)), copy.deepcopy(actions[i]))  # a repeated action
            elif kind == 2:
                j = rnd.randrange(len(actions))
                actions[i], actions[j] = actions[j], actions[i]
            elif kind == 3:
                actions[i] = rnd.choice(JUNK)
            else:
                del actions[: rnd.randint(1, len(actions))]  # the start cut off
    return data


def records() -> list[dict[str, Any]]:
    out = []
    for game, players in (("fortress", 3), ("homalet", 4), ("dragoness", 4)):
        from companion.records.game_records import make_record
        from companion.rules.games import ENGINES

        engine = ENGINES[game]

        setup, actions = played(game, players, seed=5, rounds=1)
        out.append(make_record(engine, setup, actions[:60], ["2026-11-30T10:00:00Z"] * len(actions[:60])))
    out.append(json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text(encoding="utf-8")))
    return out


@pytest.mark.slow
def test_hundreds_of_malformed_records_are_refused_and_change_nothing(tmp_path: Path) -> None:
    rnd = random.Random(11)
    originals = records()
    refused = accepted = 0
    with Store.open(tmp_path / "g.sqlite3") as db:
        for original in originals:
            db.import_record(original)
        for n in range(320):
            damaged = mutate(rnd, originals[n % len(originals)])
            before = snapshot(db)
            try:
                game_id = db.import_record(damaged)
            except Refusal as refusal:
                assert refusal.msg.en and refusal.msg.ja and "\n" not in refusal.msg.en
                assert "Traceback" not in refusal.msg.en
                assert snapshot(db) == before
                refused += 1
            else:  # the damage left a legal record (e.g. a shorter game): it is stored as it reads
                assert db.export_record(game_id)["actions"] == db.load(game_id).record()["actions"]
                db.delete(game_id)
                accepted += 1
    assert refused >= 250


def test_hundreds_of_malformed_lines_are_refused_and_change_nothing(tmp_path: Path) -> None:
    rnd = random.Random(12)
    words = [
        "A1",
        "A1N",
        "R7",
        "r13",
        "07",
        "b",
        "w",
        "void",
        "pick",
        "take",
        "reveal",
        "move",
        ">",
        "deck",
        "hand",
        "pile",
        "Lo7",
        "PG=5",
        "KN",
        "pass",
        "revive",
        "open",
        "correct",
        "Aki",
        "P0",
        "P1",
        "-1",
        "99",
        "n",
        "s",
        "right",
        "left",
        "none",
        "pair",
        "1",
        "3",
        "end",
        "赤7",
        "戦場",
        "パス",
        "=",
        ",",
        "\t",
        "ＡＢＣ",
        "🂡",
        "only-revives",
        "x" * 300,
    ]
    refused = 0
    with Store.open(tmp_path / "g.sqlite3") as db:
        for game, players in (("fortress", 3), ("homalet", 3), ("dragoness", 4)):
            setup, actions = played(game, players, seed=8, rounds=1)
            live = db.load(db.new_game(game, setup.players, getattr(setup, "start", None), setup.deck.to_data()))
            for action in actions[:5]:
                live.play(action)
            for _ in range(110):
                line = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 5)))
                before, position = snapshot(db), live.position
                try:
                    live.play_line(line)
                except Refusal as refusal:
                    assert refusal.msg.en and refusal.msg.ja
                    assert snapshot(db) == before and live.position == position
                    refused += 1
                else:
                    live.undo()  # a random line that was legal: taken back
    assert refused >= 300


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": "companion-record", "version": 99}',
        '{"format": "companion-record", "version": 1, "game": "chess"}',
    ],
)
def test_companion_import_refuses_in_one_line(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    source = tmp_path / "r.json"
    source.write_text(text, encoding="utf-8")
    db = tmp_path / "g.sqlite3"
    assert main(["import", str(source), "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    with Store.open(db) as store:
        assert store.games() == []

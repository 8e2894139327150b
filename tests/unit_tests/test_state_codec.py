"""Checkpoints are data (issue 16, item 1): a state is kept as plain JSON by a codec driven by the
state classes' type hints, and read back checked value by value. Crafted checkpoints of every kind
(pickles that would run code, wrong types, unknown keys and classes, bombs) are ignored as data:
the game is folded from its actions instead, and nothing runs."""

from __future__ import annotations

import ast
import json
import pickle  # only to craft the attacker's payloads: nothing under companion/ may import it
import zlib
from pathlib import Path
from typing import Any

import pytest

from companion.records import game_records
from companion.rules import dragoness, fortress, homalet
from companion.rules.codec import state_codec
from companion.rules.games import ENGINES as REGISTRY
from companion.store import Store, freeze, thaw
from tests.helpers.limited import python

ROOT = Path(__file__).resolve().parents[2]
ENGINES = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}
FORTRESS = REGISTRY["fortress"]


def example(game: str) -> game_records.Record:
    return game_records.read_record(json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text("utf-8")))


@pytest.mark.parametrize("game", ENGINES)
def test_every_state_of_the_example_games_round_trips_through_plain_json(game: str) -> None:
    record = example(game)
    engine = record.engine
    state = engine.new_state(record.setup)
    for action in record.actions:
        state = engine.apply(state, action)[0]
        text = json.dumps(engine.state_to_data(state), allow_nan=False)
        back = engine.state_from_data(record.setup, json.loads(text))
        assert back == state
        assert engine.describe(back) == engine.describe(state)
        assert back.setup is record.setup
        assert thaw(engine, freeze(engine, state), record.setup) == state


def _fortress_data() -> tuple[Any, dict[str, Any]]:
    record = example("fortress")
    state = FORTRESS.fold(record.setup, record.actions[:30])
    assert isinstance(state, fortress.State)
    return record.setup, fortress.state_to_data(state)


def test_a_card_comes_back_as_the_decks_own_and_one_outside_the_deck_is_refused() -> None:
    setup, data = _fortress_data()
    state = fortress.state_from_data(setup, data)
    for card in state.places:
        assert card is setup.deck.card_by_key[card.suit, card.rank]
    places = [pair for pair in data["places"]]
    places[0] = [{"suit": "R", "rank": 99}, places[0][1]]  # F-1: ranks 1 to 13
    with pytest.raises(state_codec.Invalid):
        fortress.state_from_data(setup, {**data, "places": places})


def _variants(data: dict[str, Any]) -> dict[str, Any]:
    """Data that is not a Fortress state, each in its own way."""
    grid = data["grid"]
    return {
        "a wrong type": {**data, "turn": "0"},
        "a bool for a number": {**data, "turn": True},
        "a float": {**data, "deck_count": 3.0},
        "an unknown key": {**data, "__class__": "os.system"},
        "a missing key": {k: v for k, v in data.items() if k != "phase"} | {"started": True, "turn": []},
        "an unknown enum value": {**data, "phase": "exec"},
        "a class named as data": {**data, "pairs": [{"py/object": "os.system", "args": ["echo"]}]},
        "the setup smuggled in": {**data, "setup": {"players": ["x"]}},
        "a mapping as an object": {**data, "grid": dict(grid)},
        "a key twice": {**data, "grid": [*grid, grid[0]]},
        "a set member twice": {**data, "known_hands": [[{"suit": "R", "rank": 1}, {"suit": "R", "rank": 1}]]},
        "a pair of three": {**data, "grid": [[*grid[0], 1]]},
        "a card with a field more": {**data, "pending": [{"suit": "R", "rank": 1, "code": "x"}]},
        "nesting": {**data, "fortresses": json.loads("[" * 40 + "]" * 40)},
        "a list": [data],
        "null": None,
        "a number past any game's": {**data, "turn": 10**200},
    }


def test_data_that_is_not_a_state_is_refused_as_data() -> None:
    setup, data = _fortress_data()
    for what, bad in _variants(data).items():
        with pytest.raises(state_codec.Invalid):
            fortress.state_from_data(setup, bad)
            pytest.fail(what)


def _pickle_calling(module: str, name: str, argument: str) -> bytes:
    """A protocol-4 pickle that calls ``module.name(argument)`` when loaded: the attack of issue 16
    (``companion.rules.common`` / ``dataclasses.builtins.exec`` passed the old unpickler's check)."""

    def text(s: str) -> bytes:
        raw = s.encode()
        return b"\x8c" + bytes([len(raw)]) + raw

    return b"\x80\x04" + text(module) + text(name) + b"\x93" + text(argument) + b"\x85R."


def _blobs(marker: Path, state: Any) -> dict[str, bytes]:
    code = f"open({str(marker)!r}, 'w').write('ran')"
    bomb = zlib.compress(b"[" * 50_000_000, 9)  # 50 MB of brackets from 50 KB
    return {
        "an old pickled checkpoint": zlib.compress(pickle.dumps(state, protocol=5), 1),
        "a pickle calling exec through a rules module": zlib.compress(
            _pickle_calling("companion.rules.common", "dataclasses.builtins.exec", code)
        ),
        "a pickle calling os.system": zlib.compress(_pickle_calling("os", "system", f"touch {marker}")),
        "a pickle calling eval": zlib.compress(_pickle_calling("builtins", "eval", code)),
        "an uncompressed pickle": _pickle_calling("builtins", "exec", code),
        "a zlib bomb": bomb,
        "nesting thousands deep": zlib.compress(b"[" * 100_000 + b"]" * 100_000),
        "JSON that is no state": zlib.compress(b'{"phase": "place"}'),
        "NaN": zlib.compress(b'{"turn": NaN}'),
        "not UTF-8": zlib.compress(b'{"\xff": 1}'),
        "cut short": freeze(FORTRESS, state)[:-5],
        "followed by more": freeze(FORTRESS, state) + b"x",
        "empty": b"",
    }


def test_crafted_checkpoints_are_ignored_and_the_game_is_folded_from_its_actions(tmp_path: Path) -> None:
    record = example("fortress")
    path = tmp_path / "g.sqlite3"
    marker = tmp_path / "ran"
    with Store.open(path) as db:
        game_id = db.import_record(game_records.make_record(FORTRESS, record.setup, record.actions, record.times))
    truth = FORTRESS.fold(record.setup, record.actions)
    for what, blob in _blobs(marker, truth).items():
        with Store.open(path) as db:
            db.db.execute("UPDATE checkpoints SET state = ?", (blob,))
        with Store.open(path) as db:
            live = db.load(game_id)
            assert live.state == truth, what
            assert live.record()["actions"] == json.loads(json.dumps(db.export_record(game_id)))["actions"]
            live.undo(3)
            live.redo(3)
        assert not marker.exists(), what


def test_a_checkpoint_bomb_stays_under_200_mb(tmp_path: Path) -> None:
    """A 400 MB zlib bomb (400 KB stored) read under a 200 MB address-space limit: bounded, ignored."""
    blob = tmp_path / "bomb"
    blob.write_bytes(zlib.compress(b"0" * 400_000_000, 9))
    code = (
        f"import json, pathlib; from companion.rules import fortress; from companion.store import thaw\n"
        f"r = json.loads(pathlib.Path({str(ROOT / 'examples/records/fortress.json')!r}).read_text())\n"
        "from companion.records.game_records import read_record\n"
        "setup = read_record(r).setup\n"
        f"try:\n    thaw(fortress, pathlib.Path({str(blob)!r}).read_bytes(), setup)\n"
        "except ValueError as e:\n    print('refused:', e)\n"
    )
    result = python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused: unpacks to more than")


def _imports(file: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("__import__", "import_module"):
            names |= {
                a.value.split(".")[0] for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
            }
    return names


def test_no_module_of_the_program_imports_pickle_marshal_or_shelve() -> None:
    files = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "printables").rglob("*.py")]
    assert len(files) > 20
    offending = {
        str(f.relative_to(ROOT)): sorted(_imports(f) & {"pickle", "marshal", "shelve", "_pickle", "dill"})
        for f in files
    }
    assert {f: names for f, names in offending.items() if names} == {}
    assert {"pickle"} <= _imports(Path(__file__))  # the check sees an import (this file crafts payloads)


def test_loading_every_command_imports_no_pickle() -> None:
    code = (
        "import sys, companion.store, companion.cli, companion.cli.commands.live, companion.cli.commands.result, "
        "companion.rules.games; print(sorted(m for m in ('pickle', '_pickle', 'shelve') if m in sys.modules))"
    )
    out = python(code)
    assert out.stdout.strip() == "[]", out.stderr

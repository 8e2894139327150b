"""What the store keeps for ``companion serve``'s seat pages (issue 28, schema version 4): the seat
whose phone played an action, beside it and outside the hash chain; the game's revision, raised by
every change; and the secret behind the served links, kept from one start to the next. A version 3
file reads as it is and is lifted to version 4 in place when written."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.store import SCHEMA_VERSION, Store
from tests.helpers.own import own
from tests.helpers.store_games import without_version_4

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def example(game: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))
    return data


def test_an_action_keeps_the_seat_whose_phone_played_it_outside_the_record(tmp_path: Path) -> None:
    record = example("fortress")
    actions = record["actions"]
    assert isinstance(actions, list)
    with Store.open(tmp_path / "a.sqlite3") as db:
        game_id = db.import_record({**record, "actions": actions[:20]})
        live = db.load(game_id)
        revision = live.revision
        data = {k: v for k, v in actions[20].items() if k != "time"}
        line = live.engine.action_line(live.state, live.engine.action_from_data(live.deck, data))
        live.play_line(line, phone=2)
        assert live.revision == revision + 1
        assert live.phones(0, live.position) == [None] * 20 + [2]
        again = db.load(game_id)  # read back from the file
        assert again.phones(18, 21) == [None, None, 2] and again.revision == revision + 1
        again.undo()
        again.redo()
        assert again.revision == revision + 3 and again.phones(20, 21) == [2]
        exported = db.export_record(game_id)
    with Store.open(tmp_path / "b.sqlite3") as db:  # the same move typed here: the same record
        game_id = db.import_record({**record, "actions": actions[:20]})
        db.load(game_id).play_line(line)
        plain = db.export_record(game_id)
    untimed = [[{**a, "time": None} for a in own(list, r["actions"])] for r in (exported, plain)]
    assert untimed[0] == untimed[1]


def test_the_secret_is_kept_until_renewed_and_a_read_only_file_keeps_none(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    made = iter(["first", "second", "third", "fourth"])
    with Store.open(path) as db:
        assert db.secret("serve links", lambda: next(made)) == ("first", True)
        assert db.secret("serve links", lambda: next(made)) == ("first", True)
    with Store.open(path) as db:
        assert db.secret("serve links", lambda: next(made)) == ("first", True)
    with Store.open(path, readonly=True) as db:
        assert db.secret("serve links", lambda: next(made)) == ("first", True)
        assert db.secret("serve links", lambda: next(made), renew=True) == ("second", False)
    with Store.open(path) as db:
        assert db.secret("serve links", lambda: next(made), renew=True) == ("third", True)
        assert db.secret("serve links", lambda: next(made)) == ("third", True)


def test_a_version_3_file_reads_as_it_is_and_is_lifted_to_version_4(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        game_id = db.import_record(example("homalet"))
    connection = sqlite3.connect(path)
    without_version_4(connection)
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()
    with Store.open(path, readonly=True) as db:
        live = db.load(game_id)
        assert db.version == 3 and live.phones(0, 3) == [None, None, None]
        assert db.secret("serve links", lambda: "made")[1] is False  # nothing kept in a file not written
        record = live.record()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 3
    with Store.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        live = db.load(game_id)
        assert live.record() == record and set(live.phones(0, live.position)) == {None}
        assert db.secret("serve links", lambda: "kept") == ("kept", True)

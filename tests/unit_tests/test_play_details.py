"""Play details (issue 21): location, notes, the deck's version and BoardGameGeek id, kept by the store
(schema version 3, migrated in place from version 2) and carried by records (version 2, which read
every version 1 record unchanged)."""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.cards.decks import load_deck_data
from companion.records import game_records
from companion.records.play_details import LOCATION_MAX, NOTES_MAX, Details, check_notes, read_details
from companion.rules.common import Refusal
from companion.rules.games import ENGINES
from companion.store import SCHEMA_VERSION, Store
from tests.helpers.store_games import VERSION_3_COLUMNS, VERSION_4_COLUMNS, played, without_version_3

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def example(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))
    return data


def version_1_records() -> list[dict[str, Any]]:
    """Records as version 1 wrote them: the examples, and the tests' simulated games of each engine."""
    out = [example(game) for game in ("fortress", "homalet", "dragoness")]
    for game, players in (("fortress", 4), ("homalet", 5), ("dragoness", 3)):
        setup, actions = played(game, players, seed=21)
        times = [f"2026-11-30T19:{i // 60 % 60:02d}:{i % 60:02d}Z" for i in range(len(actions))]
        record = game_records.make_record(ENGINES[game], setup, actions, times)
        out.append({**record, "version": 1})
    return out


def test_every_version_1_record_reads_back_unchanged() -> None:
    records = version_1_records()
    assert all(r["version"] == 1 and "details" not in r for r in records)
    for data in records:
        before = copy.deepcopy(data)
        record = game_records.read_record(data)
        assert data == before  # reading changes nothing
        assert record.details == Details()
        again = game_records.make_record(record.engine, record.setup, record.actions, record.times)
        assert {**again, "version": 1} == data  # every deck key, player, action and time as written
        assert game_records.fold_record(record)[0] == game_records.fold_record(game_records.read_record(again))[0]


def test_a_version_2_record_carries_its_details_and_reads_them_back() -> None:
    data = example("fortress")
    record = game_records.read_record(data)
    details = Details("Aki's kitchen", "close game\nR13 decided it", "2.1", 12345)
    written = game_records.make_record(record.engine, record.setup, record.actions, record.times, details)
    assert written["version"] == game_records.VERSION == 2
    assert written["details"] == {
        "location": "Aki's kitchen",
        "notes": "close game\nR13 decided it",
        "deck_version": "2.1",
        "bgg_id": 12345,
    }
    assert game_records.read_record(written).details == details
    plain = game_records.make_record(record.engine, record.setup, record.actions, record.times, Details())
    assert "details" not in plain  # nothing set: nothing written


@pytest.mark.parametrize(
    "details,words",
    [
        ({"locaton": "x"}, '"locaton"'),
        ({"location": "a\nb"}, "location"),
        ({"location": "x" * (LOCATION_MAX + 1)}, "location"),
        ({"notes": "x" * (NOTES_MAX + 1)}, "notes"),
        ({"notes": "bell\x07"}, "notes"),
        ({"bgg_id": 0}, "bgg_id"),
        ({"bgg_id": "12"}, "bgg_id"),
        ({"deck_version": "1+2"}, "version"),
        ("x", '"details"'),
    ],
)
def test_bad_details_in_a_record_are_refused_in_one_sentence(details: Any, words: str) -> None:
    data = {**example("homalet"), "version": 2, "details": details}
    with pytest.raises(Refusal) as refused:
        game_records.read_record(data)
    assert words in refused.value.msg.en and refused.value.msg.ja and "\n" not in refused.value.msg.en


def test_details_in_a_version_1_record_are_refused() -> None:
    with pytest.raises(Refusal, match="version 2"):
        game_records.read_record({**example("homalet"), "details": {"notes": "x"}})


def test_notes_keep_their_lines_and_drop_surrounding_space() -> None:
    assert check_notes("  first\r\nsecond\tthird \n") == "first\nsecond\tthird"
    assert read_details({}) == Details()


def test_a_deck_files_version_and_bgg_id_are_checked_and_kept_with_each_game(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[2] / "assets" / "decks" / "fortress.toml").read_text("utf-8")
    deck = tmp_path / "deck.toml"
    deck.write_text('version = "proto-3"\nbgg_id = 4242\n' + text, "utf-8")
    data = load_deck_data("fortress", deck)
    with Store.open(tmp_path / "g.sqlite3") as store:
        game_id = store.new_game("fortress", ["A", "B", "C"], None, data, location="club")
        live = store.load(game_id)
        assert live.details == Details("club", "", "proto-3", 4242)
        assert live.deck_label().startswith("proto-3+") and len(live.deck_label()) == len("proto-3+") + 8
        assert live.record()["details"] == {"location": "club", "deck_version": "proto-3", "bgg_id": 4242}
    for bad, words in (('version = "a+b"', '"version"'), ("bgg_id = -1", '"bgg_id"'), ("bgg_id = true", '"bgg_id"')):
        deck.write_text(bad + "\n" + text, "utf-8")
        with pytest.raises(Refusal, match=words):
            load_deck_data("fortress", deck)


def test_notes_are_replaced_after_the_game_without_changing_it(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.sqlite3") as store:
        game_id = store.import_record(example("fortress"))
        before = store.load(game_id)
        assert before.finished
        assert store.set_notes(game_id, " first notes ") == "first notes"
        assert store.set_notes(game_id, "second") == "second"
        after = store.load(game_id)
        assert after.details.notes == "second" and after.updated == before.updated
        assert after.actions == before.actions and after.state == before.state
        with pytest.raises(Refusal, match="notes"):
            store.set_notes(game_id, "x" * (NOTES_MAX + 1))
        with pytest.raises(Refusal, match="location"):
            store.new_game("fortress", ["A", "B", "C"], location="a\x1bb")
        assert store.load(game_id).details.notes == "second"
        assert [g.id for g in store.games()] == [game_id]  # the refused game was not stored


def version_2_file(path: Path) -> int:
    """A database as version 2 wrote it: the games table without the play details."""
    with Store.open(path) as store:
        game_id = store.import_record(example("homalet"))
    connection = sqlite3.connect(path)
    without_version_3(connection)
    connection.execute("PRAGMA user_version = 2")
    connection.commit()
    connection.close()
    return game_id


def test_a_version_2_file_is_read_as_it_is_and_migrated_in_place_when_written(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    game_id = version_2_file(path)
    with Store.open(path, readonly=True) as store:
        assert store.version == 2
        old = store.load(game_id)
        state, record = old.state, old.record()
        assert old.details == Details() and store.played_games()
    assert record == {**example("homalet"), "version": 2}
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2
    with Store.open(path) as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        live = store.load(game_id)
        assert live.state == state and live.record() == record and live.details == Details()
        store.set_notes(game_id, "migrated")
    with Store.open(path) as store:
        assert store.load(game_id).details.notes == "migrated"
        columns = [r[1] for r in store.db.execute("PRAGMA table_info(games)")]
        assert columns[-6:] == [*VERSION_3_COLUMNS, *VERSION_4_COLUMNS]


def test_a_version_2_file_that_cannot_be_migrated_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    version_2_file(path)
    connection = sqlite3.connect(path)
    connection.execute("ALTER TABLE games ADD COLUMN notes TEXT")  # a column the migration adds: it cannot run
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(Refusal, match="untouched"):
        Store.open(path)
    assert path.read_bytes() == before


def test_a_file_of_a_newer_version_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as store:
        store.import_record(example("homalet"))
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(Refusal, match="newer"):
        Store.open(path)
    assert path.read_bytes() == before


def test_a_record_with_details_round_trips_through_the_store_and_the_result_codes(tmp_path: Path) -> None:
    from companion.records.qr_record import decode_parts, encode_parts

    data = {
        **example("dragoness"),
        "version": 2,
        "details": {"location": "部室", "notes": "five rounds\nBen went out twice", "deck_version": "7", "bgg_id": 1},
    }
    with Store.open(tmp_path / "g.sqlite3") as store:
        game_id = store.import_record(data)
        assert store.export_record(game_id) == data  # import of an exported record: the same record
        with pytest.raises(Refusal, match="already stored"):  # the details are not what makes a game
            store.import_record({**data, "details": {"notes": "other notes"}})
    assert json.loads(json.dumps(decode_parts(encode_parts(data)))) == data

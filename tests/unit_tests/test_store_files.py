"""Databases the store must not touch: damaged, cut short, another program's, from a newer
version. Each is refused with a sentence and left byte-identical; a read-only one is still read."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from companion.rules.common import Refusal
from companion.store import APPLICATION_ID, SCHEMA_VERSION, Store
from tests.helpers.store_games import played


def stored_game(path: Path, actions: int = 40) -> int:
    setup, moves = played("fortress", 3, seed=11)
    with Store.open(path) as db:
        game_id = db.new_game("fortress", setup.players, setup.start, setup.deck.to_data())
        live = db.load(game_id)
        for action in moves[:actions]:
            live.play(action)
    return game_id


def refused_untouched(path: Path, needle: str, readonly: bool = False) -> None:
    before = path.read_bytes()
    with pytest.raises(Refusal, match=needle) as caught:
        Store.open(path, readonly=readonly)
    assert caught.value.msg.ja and caught.value.msg.en.count("\n") == 0
    assert path.read_bytes() == before


def test_another_programs_files_are_refused_and_left_alone(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("shopping: eggs, milk\n" * 20)
    refused_untouched(text, "not a companion database")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games(id INTEGER PRIMARY KEY, name TEXT)")
        db.execute("INSERT INTO games(name) VALUES ('chess')")
    db.close()
    refused_untouched(other, "not a companion database")
    marked = tmp_path / "marked.sqlite3"
    with sqlite3.connect(marked) as db:
        db.execute("PRAGMA application_id = 1234")
        db.execute("CREATE TABLE t(x)")
    db.close()
    refused_untouched(marked, "not a companion database")


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    stored_game(path, 3)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    refused_untouched(path, "newer companion")
    refused_untouched(path, "newer companion", readonly=True)


@pytest.mark.parametrize("cut", [50, 100, 4096 + 17, -4096])
def test_a_database_cut_short_is_refused(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "g.sqlite3"
    stored_game(path)
    data = path.read_bytes()
    assert len(data) > 3 * 4096
    path.write_bytes(data[:cut])
    refused_untouched(path, "damaged|not a companion database")


def test_a_database_with_damaged_pages_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    stored_game(path)
    data = bytearray(path.read_bytes())
    for offset in range(4096 + 8, len(data), 4096):  # scribble over every page's header after the first
        data[offset : offset + 24] = b"\xff" * 24
    path.write_bytes(bytes(data))
    refused_untouched(path, "damaged")


def test_the_header_marks_the_file_as_ours(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    stored_game(path, 1)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


@pytest.mark.parametrize("how", ["asked", "file not writable"])
def test_a_read_only_database_is_read_but_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    path = tmp_path / "g.sqlite3"
    game_id = stored_game(path, 10)
    before = path.read_bytes()
    if how == "file not writable":  # as chmod 444 would do for anyone but root
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK and real(p, mode))
    with Store.open(path, readonly=how == "asked") as db:
        assert db.readonly
        assert [g.id for g in db.games()] == [game_id] and db.games()[0].actions == 10
        live = db.load(game_id)
        assert live.position == 10 and live.record()["game"] == "fortress"
        assert db.stats() == [] and db.roster() == ["P0", "P1", "P2"]
        for change in (
            lambda: live.undo(),
            lambda: db.delete(game_id),
            lambda: live.play(live.actions[0]),
            lambda: db.new_game("dragoness", ["A", "B"]),
        ):
            with pytest.raises(Refusal, match="read-only"):
                change()
    assert path.read_bytes() == before


def test_read_only_of_a_missing_database_is_refused(tmp_path: Path) -> None:
    with pytest.raises(Refusal, match="no games yet"):
        Store.open(tmp_path / "none.sqlite3", readonly=True)
    assert not (tmp_path / "none.sqlite3").exists()
    with pytest.raises(Refusal, match="is a folder"):
        Store.open(tmp_path)


def test_an_older_database_is_migrated_forward_when_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The schema carries a version; opening an older file for writing lifts it step by step, keeping
    its games (here the current version lifted to a pretend next one that adds a column)."""
    from companion.store import schema as store_module

    path = tmp_path / "g.sqlite3"
    game_id = stored_game(path, 5)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(
        store_module.MIGRATIONS, SCHEMA_VERSION, lambda db: db.execute("ALTER TABLE games ADD COLUMN note TEXT")
    )
    with Store.open(path, readonly=True) as db:  # reading does not migrate
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with Store.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert "note" in [r[1] for r in db.db.execute("PRAGMA table_info(games)")]
        assert db.load(game_id).position == 5

"""A flipped byte in a stored game is detected (issue 16, item 14): each action row holds the hash of
its line and of the row before (a chain seeded with the game's setup), the game row the chain where
it stands, each checkpoint a seal binding it to the actions it folds. A broken chain is refused,
naming the first bad action; an older file is migrated in place, or refused untouched."""

from __future__ import annotations

import json
import shutil
import sqlite3
import zlib
from pathlib import Path

import pytest

from companion.rules.common import Refusal
from companion.store import SCHEMA_VERSION, Store
from tests.helpers.inprocess import assert_refused, call
from tests.helpers.store_games import without_version_3

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def imported(path: Path, game: str = "homalet") -> int:
    with Store.open(path) as db:
        return db.import_record(json.loads((EXAMPLES / f"{game}.json").read_text("utf-8")))


def edit(path: Path, sql: str, *params: object) -> None:
    connection = sqlite3.connect(path)
    connection.execute(sql, params)
    connection.commit()
    connection.close()


@pytest.mark.parametrize(
    "sql,first_bad",
    [
        ("UPDATE actions SET data = replace(data, ':', ': ') WHERE seq = 20", "stored action 20 "),
        ("UPDATE actions SET time = '2026-11-30T19:02:12Z' WHERE seq = 7", "stored action 7 "),
        ("UPDATE actions SET chain = 'x' WHERE seq = 99", "stored action 99 "),
        ("DELETE FROM actions WHERE seq = 50", "stored action 50 "),
        ("UPDATE games SET position = 60", "where game 1 stands"),
        ("UPDATE games SET start = 1", "setup or its stored action 0"),
        ("UPDATE players SET name = 'Akj' WHERE name = 'Aki'", "setup or its stored action 0"),
        ("UPDATE games SET deck = replace(deck, '#', '#0')", "setup or its stored action 0"),
    ],
)
def test_a_changed_row_breaks_the_chain_and_is_refused_naming_the_first_bad_action(
    tmp_path: Path, sql: str, first_bad: str
) -> None:
    path = tmp_path / "g.sqlite3"
    game_id = imported(path)
    with Store.open(path) as db:
        assert db.load(game_id).position == 124
    edit(path, sql)
    for command in (
        ["show", str(game_id)],
        ["show", str(game_id), "--json"],
        ["export", str(game_id)],
        ["undo", str(game_id)],
        ["play", str(game_id), "end"],
    ):
        run = call(*command, "--db", str(path))
        assert_refused(run, command)
        assert first_bad in run.stderr and "hash chain" in run.stderr, run.stderr


def test_a_checkpoint_whose_seal_does_not_match_is_not_read(tmp_path: Path) -> None:
    """A well-formed state written over another position's checkpoint is a different game: the seal
    binds a checkpoint to the actions it folds, so it is ignored and the game folded."""
    path = tmp_path / "g.sqlite3"
    game_id = imported(path, "fortress")
    with Store.open(path) as db:
        truth = db.load(game_id).state
        early = db.db.execute("SELECT state FROM checkpoints WHERE seq = 64").fetchone()[0]
        db.db.execute("UPDATE checkpoints SET state = ? WHERE seq = 138", (early,))
    with Store.open(path) as db:
        assert db.load(game_id).state == truth


def v1_file(path: Path) -> int:
    """A database as version 1 wrote it: no chain, seal or head, a pickled checkpoint."""
    game_id = imported(path, "fortress")
    connection = sqlite3.connect(path)
    connection.execute("ALTER TABLE actions DROP COLUMN chain")
    connection.execute("ALTER TABLE checkpoints DROP COLUMN seal")
    connection.execute("ALTER TABLE games DROP COLUMN head")
    without_version_3(connection)
    connection.execute("UPDATE checkpoints SET state = ?", (zlib.compress(b"\x80\x05N."),))
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    return game_id


def test_a_version_1_file_is_read_as_it_is_and_migrated_in_place_when_written(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    game_id = v1_file(path)
    with Store.open(path, readonly=True) as db:
        assert db.version == 1
        old = db.load(game_id)
        state, record = old.state, old.record()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1
    with Store.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        assert db.db.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0] == 0  # the pickles are gone
        live = db.load(game_id)
        assert live.state == state and live.record() == record
        live.undo(2)
        live.redo(1)
    edit(path, "UPDATE actions SET time = NULL WHERE seq = 3")
    with Store.open(path) as db, pytest.raises(Refusal, match="stored action 3 of game 1 does not match"):
        db.load(game_id)


def test_a_version_1_file_that_cannot_be_migrated_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    v1_file(path)
    edit(path, "ALTER TABLE games ADD COLUMN head TEXT")  # a column the migration adds: it cannot run
    before = path.read_bytes()
    run = call("show", "1", "--db", str(path))
    assert_refused(run)
    assert "damaged" in run.stderr and "untouched" in run.stderr
    assert path.read_bytes() == before


def test_bit_flips_at_every_offset_class_are_refused_or_change_nothing(tmp_path: Path) -> None:
    """Each page of a small database, flipped at offsets spread over its header, cell pointers and
    cells: every copy is refused in one sentence, or shows and exports exactly the original game."""
    path = tmp_path / "g.sqlite3"
    game_id = imported(path, "homalet")
    with Store.open(path) as db:
        db.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    original = path.read_bytes()
    commands = [["show", str(game_id), "--json"], ["export", str(game_id)]]
    expected = [call(*c, "--db", str(path)).stdout for c in commands]
    page = 4096
    offsets = sorted(
        {
            o
            for start in range(0, len(original), page)
            for o in (
                start,
                start + 1,
                start + 5,
                start + 8,
                start + 12,
                start + 40,
                start + 100,
                start + page // 2,
                start + page - 300,
                start + page - 120,
                start + page - 40,
                start + page - 7,
                start + page - 1,
            )
            if o < len(original)
        }
    )
    refused = same = 0
    copy = tmp_path / "flipped.sqlite3"
    for offset in offsets:
        for bit in (0, 5):
            flipped = bytearray(original)
            flipped[offset] ^= 1 << bit
            copy.write_bytes(bytes(flipped))
            for suffix in ("-wal", "-shm"):
                Path(str(copy) + suffix).unlink(missing_ok=True)
            for command, want in zip(commands, expected, strict=True):
                run = call(*command, "--db", str(copy))
                if run.code == 0:
                    assert run.stdout == want, (offset, bit, command)
                    same += 1
                else:
                    assert_refused(run, (offset, bit, command))
                    refused += 1
    assert refused and same and refused + same == 2 * 2 * len(offsets)
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_the_chain_is_the_stores_own_and_moves_with_play_undo_and_redo(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    game_id = imported(path, "dragoness")
    with Store.open(path) as db:
        live = db.load(game_id)
        actions = live.actions
        live.undo(5)
        live.play(actions[-5])
        live.redo(3)  # nothing to redo: the undone actions were replaced
        assert live.position == len(actions) - 4
    with Store.open(path) as db:
        head, position = db.db.execute("SELECT head, position FROM games").fetchone()
        (last,) = db.db.execute("SELECT chain FROM actions WHERE seq = ?", (position - 1,)).fetchone()
        assert head == last
        assert db.load(game_id).actions == actions[:-4]

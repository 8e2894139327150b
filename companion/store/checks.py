"""Checks made on a database file before it is written: its kind, its header, SQLite's own check
of every page, and a read-only connection that never writes the file (nor beside it)."""

from __future__ import annotations

import sqlite3
import struct
from pathlib import Path

from companion.rules.common import refuse
from companion.store import schema
from companion.store.refusals import _damaged, _failed, _foreign, _newer
from companion.store.schema import APPLICATION_ID, _marks


def _check_kind(file: Path) -> None:
    """A database is a regular file, or a path where one can be made: a device, a pipe or a socket
    (or a link to one, or a link to nothing) is refused before SQLite touches anything (it would
    make ``<device>-journal`` beside it)."""
    import stat

    if str(file) == ":memory:":
        return
    try:
        mode = file.stat().st_mode
    except FileNotFoundError:
        if file.is_symlink():
            raise refuse(
                f"{file} is a link to nothing; give the path of a database file with --db",
                f"{file} はどこも指していないリンクです。--db でデータベースファイルのパスを指定してください",
            ) from None
        return
    except OSError as error:
        raise refuse(f"cannot read {file}: {error.strerror}", f"{file} を読めません：{error.strerror}") from None
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise refuse(
            f"{file} is not a regular file (a device, a pipe or a socket); give the path of a database file with --db",
            f"{file} は通常のファイルではありません（デバイス・パイプ・ソケット）。--db でデータベース"
            "ファイルのパスを指定してください",
        )


def _check_header(path: Path, head: bytes, size: int) -> None:
    """Refuse, from the file's first 100 bytes alone, what is surely not this program's database.
    (A header of ours may lag behind the write-ahead log: the rest is asked of SQLite, read-only.)"""
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        if size >= 16 and head.startswith(b"SQLite format 3\x00"):
            raise _damaged(path, "the file is cut short")
        raise _foreign(path)
    (user_version, application_id) = struct.unpack(">i4xi", head[60:72])
    if application_id not in (0, APPLICATION_ID):
        raise _foreign(path)
    if user_version > schema.SCHEMA_VERSION:
        raise _newer(path, user_version)
    page_size = struct.unpack(">H", head[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    (change, pages) = struct.unpack(">ii", head[24:32])
    valid_for = struct.unpack(">i", head[92:96])[0]
    wal = path.with_name(path.name + "-wal")
    if change == valid_for and size < pages * page_size and not wal.exists():
        raise _damaged(path, "the file is cut short")


def _quick_check(file: Path) -> None:
    """SQLite's own check of every page, on a read-only connection (the file is not written)."""
    try:
        connection, copy = _connect_ro(file)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # SQLite's message may quote bad bytes
        raise _failed(file, error) from None
    try:
        app, version, empty = _marks(connection)
        if app != APPLICATION_ID and not (app == 0 and version == 0 and empty):  # empty: being created now
            raise _foreign(file)
        if version > schema.SCHEMA_VERSION:
            raise _newer(file, version)
        problems = [
            line
            for r in connection.execute("PRAGMA quick_check(3)")
            for line in str(r[0]).splitlines()
            if not line.startswith("***")
        ]
        if problems != ["ok"]:
            raise _damaged(file, problems[0] if problems else "SQLite's check failed")
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # SQLite's message may quote bad bytes
        raise _failed(file, error) from None
    finally:
        connection.close()
        if copy is not None:
            import shutil

            shutil.rmtree(copy, ignore_errors=True)


def _connect_ro(file: Path) -> tuple[sqlite3.Connection, Path | None]:
    """A connection that cannot write the file (``mode=ro``), and the temporary folder it reads from
    if any. A file whose folder cannot take SQLite's shared-memory file (a read-only medium) is read
    as immutable when it has no write-ahead log; with one (acknowledged actions may be there alone),
    the file and its log are copied to a temporary folder and read from there: never fewer actions
    than were acknowledged."""
    uri = file.resolve().as_uri()
    try:
        connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection, None
    except sqlite3.OperationalError:
        pass
    wal = file.with_name(file.name + "-wal")
    if not (wal.exists() and wal.stat().st_size):
        connection = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection, None
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="companion-ro."))
    try:
        shutil.copyfile(file, folder / "copy.sqlite3")
        shutil.copyfile(wal, folder / "copy.sqlite3-wal")
        connection = sqlite3.connect(f"{(folder / 'copy.sqlite3').as_uri()}?mode=ro", uri=True, isolation_level=None)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection, folder
    except (OSError, sqlite3.Error) as error:
        shutil.rmtree(folder, ignore_errors=True)
        raise refuse(
            f"{file} is on a medium that cannot be written and its write-ahead log ({wal.name}) cannot be "
            f"read ({error}); copy both files to a folder you can write to and open the copy",
            f"{file} は書き込めない場所にあり、その先行書き込みログ（{wal.name}）を読めません（{error}）。"
            "両方のファイルを書き込めるフォルダにコピーして、コピーを開いてください",
        ) from None

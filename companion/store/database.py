"""An open game database: opening (refusing a file that is damaged, another program's or newer,
lifting an older one), transactions, and the rows of a game as the store wrote them."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Self

from companion.records.play_details import Details
from companion.rules.common import Refusal, refuse
from companion.store import schema
from companion.store.checks import _check_header, _check_kind, _connect_ro, _quick_check
from companion.store.refusals import (
    MAX_ID,
    _busy,
    _damaged,
    _disk_full,
    _failed,
    _foreign,
    _full,
    _newer,
    _no_game,
    _read_only,
    _Untouched,
)
from companion.store.schema import APPLICATION_ID, SCHEMA, _dumps, _marks, _script, chain_seed, default_db_path, now

# --------------------------------------------------------------------------- rows

_GAME_COLUMNS: dict[str, tuple[type, ...]] = {  # what each column of a game's row holds (SQLite would take anything)
    "id": (int,),
    "game": (str,),
    "mode": (str,),
    "deck": (str,),
    "start": (int, type(None)),
    "results": (str, type(None)),
    "position": (int,),
    "revision": (int,),
    "finished": (int,),
    "winners": (str,),
    "head": (str, type(None)),
    "location": (str, type(None)),
    "notes": (str,),
    "deck_version": (str, type(None)),
    "bgg_id": (int, type(None)),
    "simulated": (int,),
    "policy": (str, type(None)),
}
# columns newer than version 1, with the version that added them
_SINCE = {"head": 2, "location": 3, "notes": 3, "deck_version": 3, "bgg_id": 3, "simulated": 3, "policy": 4}
_KIND_WORDS = {int: "whole number", str: "text"}


class Database:
    """One open game database file (:class:`~companion.store.Store` adds the games on it)."""

    def __init__(self, connection: sqlite3.Connection, path: Path, readonly: bool) -> None:
        self.db = connection
        self.path = path
        self.readonly = readonly
        self.version = schema.SCHEMA_VERSION  # a file opened read-only may be older: Store.open reads it
        self._wrote = False  # a change was committed: close() checkpoints the write-ahead log
        self._copy: Path | None = None  # a read-only medium's file and log copied to read both

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: Path | str | None = None, *, readonly: bool = False) -> Self:
        """Open (or create) the database at ``path`` (default: :func:`default_db_path`). A file
        that is damaged, another program's, or from a newer version is refused and left untouched.
        A file that cannot be written is opened read-only."""
        file = Path(path) if path is not None else default_db_path()
        _check_kind(file)
        sidecars = [file.with_name(file.name + end) for end in ("-wal", "-shm", "-journal")]
        before = {p for p in sidecars if p.exists()}
        try:
            return cls._open(file, readonly)
        except _Untouched:  # a damaged, foreign or newer file is left as it was: nothing beside it either
            for created in (p for p in sidecars if p not in before):
                with suppress(OSError):
                    if not (created.name.endswith("-wal") and created.stat().st_size):  # never a log with content
                        created.unlink()
            raise

    @classmethod
    def _open(cls, file: Path, readonly: bool) -> Self:
        exists = file.exists()
        if exists and file.is_dir():
            raise refuse(
                f"{file} is a folder; give the path of a database file with --db",
                f"{file} はフォルダです。--db でデータベースファイルのパスを指定してください",
            )
        size = file.stat().st_size if exists else 0
        if size:
            try:
                with file.open("rb") as handle:
                    head = handle.read(100)
            except OSError as error:
                raise refuse(
                    f"cannot read {file}: {error.strerror}", f"{file} を読めません：{error.strerror}"
                ) from None
            _check_header(file, head, size)
            _quick_check(file)
        writable = (os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)) if exists else True
        if readonly or not writable:
            if not size:
                raise refuse(
                    f"{file} holds no games yet, so there is nothing to read",
                    f"{file} にはまだゲームがありません。読むものがありません",
                )
            try:
                connection, copy = _connect_ro(file)
            except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
                raise _failed(file, error) from None
            store = cls(connection, file, True)
            store._copy = copy
            store.version = int(store.db.execute("PRAGMA user_version").fetchone()[0])
            return store
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(file, isolation_level=None, timeout=schema.BUSY_MS / 1000)
        except (OSError, sqlite3.Error) as error:
            raise refuse(f"cannot open {file}: {error}", f"{file} を開けません：{error}") from None
        store = cls(connection, file, False)
        deadline = time.monotonic() + schema.BUSY_MS / 1000
        while True:
            try:
                store._prepare()
                return store
            except sqlite3.OperationalError as error:
                locked = "locked" in str(error) or "busy" in str(error)
                if locked and time.monotonic() < deadline:  # another program is creating or migrating it
                    time.sleep(0.02)
                    continue
                connection.close()
                raise _busy() if locked else _failed(file, error) from None
            except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # SQLite's message may quote bad bytes
                connection.close()
                raise _failed(file, error) from None
            except Refusal:
                connection.close()
                raise

    def _prepare(self) -> None:
        """Check that the file is ours; create the tables in a new file, or lift an older schema.
        The work is done in a write transaction that looks again first, so two programs opening a
        new or an older file at once do it once."""
        db = self.db
        db.execute(f"PRAGMA busy_timeout = {schema.BUSY_MS}")
        empty = self._ours()
        db.execute("PRAGMA journal_mode = WAL")
        if empty or db.execute("PRAGMA user_version").fetchone()[0] < schema.SCHEMA_VERSION:
            with self._write():
                if self._ours():
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    _script(db, SCHEMA)
                    db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
                version = db.execute("PRAGMA user_version").fetchone()[0]
                while version < schema.SCHEMA_VERSION:
                    schema.MIGRATIONS[version](db)
                    version += 1
                    db.execute(f"PRAGMA user_version = {version}")
        db.execute("PRAGMA synchronous = FULL")  # in WAL mode: fsync at every commit
        db.execute("PRAGMA foreign_keys = ON")

    def _ours(self) -> bool:
        """True for an empty file (no tables yet); another program's file or a newer one is refused."""
        app, version, empty = _marks(self.db)
        if app == 0 and version == 0 and empty:
            return True
        if app != APPLICATION_ID:
            raise _foreign(self.path)
        if version > schema.SCHEMA_VERSION:
            raise _newer(self.path, version)
        return False

    def close(self) -> None:
        """Close; a store that wrote first copies its write-ahead log into the main file, so that the
        .sqlite3 file alone holds every acknowledged action (a copy of it is complete)."""
        if self._wrote:
            with suppress(sqlite3.Error):
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        self.db.close()
        if self._copy is not None:
            import shutil

            shutil.rmtree(self._copy, ignore_errors=True)

    def data_version(self) -> int:
        """A number that changes whenever another connection (another program) commits to the file
        (``PRAGMA data_version``): asking it costs no read of any table, so a screen or a page can
        poll it to follow a game played elsewhere."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE: a second writer waits up to
        BUSY_MS, then is refused), committed (and fsynced) on leaving, rolled back on any error."""
        if self.readonly:
            raise _read_only(self.path)
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise _busy() if "locked" in str(error) or "busy" in str(error) else _failed(self.path, error) from None
        try:
            yield self.db
        except BaseException:
            with suppress(sqlite3.Error):  # SQLite may have rolled back already (a full disk)
                self.db.execute("ROLLBACK")
            raise
        try:
            self.db.execute("COMMIT")
            self._wrote = True
        except sqlite3.OperationalError as error:
            with suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise (_disk_full(self.path) if _full(self.path, error) else _busy()) from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for several reads."""
        self.db.execute("BEGIN")
        try:
            yield self.db
        finally:
            self.db.execute("COMMIT")

    def _player_id(self, name: str) -> int:
        self.db.execute("INSERT OR IGNORE INTO players(name) VALUES (?)", (name,))
        row = self.db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        return int(row[0])

    def _insert_game(
        self,
        game: str,
        mode: str,
        deck_text: str,
        start: int | None,
        players: Sequence[str],
        results: Mapping[str, Any] | None = None,
        times: Sequence[str | None] = (),
        details: Details | None = None,
    ) -> int:
        """A new game's row and seats; an imported game is dated by its first and last action."""
        known = [t for t in times if t]
        created, updated = (known[0], known[-1]) if known else (now(), now())
        kept = details or Details()
        cursor = self.db.execute(
            "INSERT INTO games(game, mode, deck, start, results, created, updated, location, notes, deck_version, "
            "bgg_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game,
                mode,
                deck_text,
                start,
                None if results is None else _dumps(results),
                created,
                updated,
                kept.location,
                kept.notes,
                kept.deck_version,
                kept.bgg_id,
            ),
        )
        game_id = int(cursor.lastrowid or 0)
        self.db.executemany(
            "INSERT INTO seats(game_id, seat, player_id) VALUES (?, ?, ?)",
            [(game_id, seat, self._player_id(name)) for seat, name in enumerate(players)],
        )
        if mode == "track":
            self.db.execute(
                "UPDATE games SET head = ? WHERE id = ?", (chain_seed(game, deck_text, start, players), game_id)
            )
        return game_id

    def _set_result(self, game_id: int, finished: bool, winners: Sequence[str], scores: Sequence[int] | None) -> None:
        self.db.execute(
            "UPDATE games SET finished = ?, winners = ? WHERE id = ?", (int(finished), _dumps(list(winners)), game_id)
        )
        self.db.execute("UPDATE seats SET score = NULL, won = NULL WHERE game_id = ?", (game_id,))
        if scores is not None:
            names = self._names(game_id)
            self.db.executemany(
                "UPDATE seats SET score = ?, won = ? WHERE game_id = ? AND seat = ?",
                [(score, int(names[seat] in winners), game_id, seat) for seat, score in enumerate(scores)],
            )

    def _names(self, game_id: int) -> tuple[str, ...]:
        rows = self.db.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        ).fetchall()
        names = tuple(r[0] for r in rows)
        self._check(names, "s" * len(names), f"the players of game {game_id}")
        return names

    def _check(self, values: Sequence[Any], kinds: str, what: str) -> None:
        """Values read from the file are of the kinds the store wrote (``i`` a whole number, ``s`` a
        text, ``n`` a whole number or null): SQLite keeps whatever a hand-made file put there."""
        wanted = {"i": (int,), "s": (str,), "n": (int, type(None))}
        for value, kind in zip(values, kinds, strict=True):
            if type(value) not in wanted[kind]:
                raise _damaged(self.path, f"{what} holds a value of the wrong kind")

    def _real(self, alias: str = "g", simulated: bool = False) -> str:
        """The SQL condition keeping the real games of table ``alias`` (or, ``simulated``, only the
        simulated ones); a file older than version 3, read as it is, has only real games."""
        if self.version < 3:
            return "0" if simulated else "1"
        return f"{alias}.simulated = {int(simulated)}"

    def _row(self, game_id: int) -> sqlite3.Row:
        if not 0 < game_id <= MAX_ID:
            raise _no_game(game_id)
        cursor = self.db.cursor()
        cursor.row_factory = sqlite3.Row
        row = cursor.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise _no_game(game_id)
        present = set(row.keys())  # an older file has fewer columns
        lacking = sorted(set(_GAME_COLUMNS) - present - {c for c, since in _SINCE.items() if self.version < since})
        if lacking:
            raise _damaged(self.path, f"its games table has no column {lacking[0]}")
        for column, kinds in _GAME_COLUMNS.items():
            if column in present and type(row[column]) not in kinds:  # a row crafted or damaged by hand
                raise refuse(
                    f"{self.path} is damaged (game {game_id}'s {column} is not a "
                    f"{_KIND_WORDS[kinds[0]]}); it was left untouched: restore a copy",
                    f"{self.path} は壊れています（ゲーム {game_id} の {column} の型が違います）。"
                    "変更していません。コピーを戻してください",
                )
        return row  # type: ignore[no-any-return]

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """A database failing under us (damaged pages, a full disk) becomes a sentence."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise _busy() from None
            if "readonly" in str(error) or "read-only" in str(error):
                raise _read_only(self.path) from None
            if _full(self.path, error):
                raise _disk_full(self.path) from None
            if "decode" in str(error):
                raise refuse(
                    f"{self.path} is damaged (a stored text is not UTF-8); it was left untouched: restore "
                    "a copy, or export the games that still read",
                    f"{self.path} は壊れています（保存された文字列が UTF-8 ではありません）。"
                    "変更していません。コピーを戻すか、読めるゲームを書き出してください",
                ) from None
            raise refuse(
                f"the game store {self.path} failed: {error}; nothing was changed",
                f"データベース {self.path} でエラーが起きました：{error}。何も変更していません",
            ) from None
        except sqlite3.DatabaseError as error:
            raise _failed(self.path, error) from None
        except UnicodeDecodeError:  # a text, or SQLite's message about it, that is not UTF-8
            raise _damaged(self.path, "a stored text is not UTF-8") from None

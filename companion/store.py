"""The game store: live games kept in one SQLite file, never lost (docs/store.md).

A tracked game is its setup plus the list of actions played; the state is their fold. Every
accepted action is committed durably (WAL, ``synchronous=FULL``: fsync) before its ruling is
returned. Undo and redo move a cursor (``games.position``) over the stored actions, so an undone
action stays stored, and redo works after a restart, until a new action replaces it. Folded
states are checkpointed every :data:`CHECKPOINT_EVERY` actions and at the game's current position,
so resuming reads one state and undoing folds a few actions, never the whole game.

A database that is damaged, belongs to another program, or was written by a newer version is
refused with a sentence and never written to; a read-only one can still be read.

Kept free of heavy imports: the table app imports it lazily.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import os
import sqlite3
import struct
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.rules.common import Lang, Msg, Refusal, plural, refuse
from companion.rules.engine import AnyEngine

if TYPE_CHECKING:
    from companion.playtest import PlayedGame

APPLICATION_ID = 0x43504E31  # "CPN1": marks the file as this program's (PRAGMA application_id)
SCHEMA_VERSION = 2  # PRAGMA user_version; MIGRATIONS lifts an older file to it
CHECKPOINT_EVERY = 8  # near where the game stands, a folded state is kept every this many actions,
CHECKPOINT_NEAR = 64  # within this many actions of it; further back, every this many; and where it stands
BUSY_MS = 5000  # how long a writer waits for another process's transaction before refusing

SCHEMA = """
CREATE TABLE players(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('track', 'sheet')),
    deck TEXT NOT NULL,                  -- the deck definition as JSON
    start INTEGER,                       -- the start seat (NULL: none, Dragoness D-6)
    results TEXT,                        -- a score-sheet game: its settle input document (JSON)
    position INTEGER NOT NULL DEFAULT 0, -- how many stored actions are in effect (the rest are undone)
    revision INTEGER NOT NULL DEFAULT 0, -- bumped by every change: a stale writer is refused
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winners TEXT NOT NULL DEFAULT '[]',  -- JSON list of names, for a finished game
    digest TEXT,                         -- hash of the record of the actions in effect (NULL: not worked out)
    head TEXT                            -- the hash chain where the game stands (its seed at position 0)
);
CREATE TABLE seats(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    score INTEGER,                       -- the settled score of a finished game
    won INTEGER,                         -- 1 for each winner of a finished game (a shared win counts for each)
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_player ON seats(player_id);
CREATE TABLE actions(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,                -- from 0; rows at or past games.position are undone
    data TEXT NOT NULL,                  -- the action as JSON (engine.action_to_data)
    time TEXT,                           -- ISO 8601 UTC
    chain TEXT,                          -- hash of this row and the previous row's chain (the game's seed for 0)
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE checkpoints(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,                -- the state after this many actions
    engine TEXT NOT NULL,                -- the rules code's fingerprint: another version's states are ignored
    state BLOB NOT NULL,
    seal TEXT,                           -- hash of the chain at seq and the state: a damaged checkpoint is not read
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


def _chain_every_game(db: sqlite3.Connection) -> None:
    """Version 1 → 2: the hash chain of every stored game worked out from its rows; the old
    checkpoints (pickled: never read again) are dropped, the games fold from their actions once."""
    db.execute("ALTER TABLE actions ADD COLUMN chain TEXT")
    db.execute("ALTER TABLE checkpoints ADD COLUMN seal TEXT")
    db.execute("ALTER TABLE games ADD COLUMN head TEXT")
    db.execute("DELETE FROM checkpoints")
    for (game_id,) in db.execute("SELECT id FROM games WHERE mode = 'track'").fetchall():
        chain_game(db, game_id)


def chain_game(db: sqlite3.Connection, game_id: int) -> None:
    """Work out game ``game_id``'s hash chain from its rows as they are stored, and keep it (the
    migration to version 2; a repair tool). Its checkpoints are dropped: they were sealed with the
    old chain."""
    game, deck, start, position = db.execute(
        "SELECT game, deck, start, position FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    names = [
        r[0]
        for r in db.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        )
    ]
    chain = [chain_seed(game, deck, start, names)]
    rows = db.execute("SELECT seq, data, time FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
    for seq, data, stamp in rows:
        chain.append(chain_link(chain[-1], data, stamp))
        db.execute("UPDATE actions SET chain = ? WHERE game_id = ? AND seq = ?", (chain[-1], game_id, seq))
    head = chain[position] if 0 <= position < len(chain) else None
    db.execute("UPDATE games SET head = ? WHERE id = ?", (head, game_id))
    db.execute("DELETE FROM checkpoints WHERE game_id = ?", (game_id,))


# from version N to N+1: what lifts it, in the transaction that opens the file for writing
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _chain_every_game}


def default_db_path() -> Path:
    """``COMPANION_DB`` if set, else ``companion.sqlite3`` in the user's data folder."""
    chosen = os.environ.get("COMPANION_DB")
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_data_dir("companion", appauthor=False)) / "companion.sqlite3"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # one encoder: dumps() makes one a call


def _dumps(value: Any) -> str:
    return _ENCODER.encode(value)


# --------------------------------------------------------------------------- refusals


class _Untouched(Refusal):
    """A file refused as damaged, another program's or newer: what opening it made beside it goes."""


def _untouched(en: str, ja: str) -> Refusal:
    return _Untouched(Msg(en, ja))


def _damaged(path: Path, why: str) -> Refusal:
    why = " ".join(why.splitlines()[:1])[:160] or "SQLite's check failed"  # one line, not SQLite's schema text
    return _untouched(
        f"{path} is damaged ({why}); it was left untouched: restore a copy or choose another file with --db",
        f"{path} は壊れています（{why}）。変更していません。コピーを戻すか、--db で別のファイルを指定してください",
    )


def _foreign(path: Path) -> Refusal:
    return _untouched(
        f"{path} is not a companion database (another program's file); it was left untouched: "
        "choose another file with --db",
        f"{path} は companion のデータベースではありません（別のプログラムのファイルです）。"
        "変更していません。--db で別のファイルを指定してください",
    )


def _newer(path: Path, version: int) -> Refusal:
    return _untouched(
        f"{path} was written by a newer companion (store version {version}; this one reads up to "
        f"{SCHEMA_VERSION}); it was left untouched: update companion",
        f"{path} は新しい companion が書いたものです（保存形式 {version}。読めるのは "
        f"{SCHEMA_VERSION} まで）。変更していません。companion を更新してください",
    )


def _read_only(path: Path) -> Refusal:
    return refuse(
        f"{path} is open read-only: history, statistics and export work, but nothing can be changed",
        f"{path} は読み取り専用で開いています。履歴・統計・書き出しはできますが、変更はできません",
    )


def _busy() -> Refusal:
    return refuse(
        "another program is writing to the game store; nothing was changed: try again",
        "別のプログラムがデータベースに書き込み中です。何も変更していません。もう一度試してください",
    )


def _full(path: Path, error: Exception) -> bool:
    """Whether an SQLite error means the disk is full (SQLite says so, or says "disk I/O error" on a
    disk with no room left: it could not make its shared-memory file)."""
    if "full" in str(error):
        return True
    if "disk I/O" not in str(error):
        return False
    try:
        room = os.statvfs(path.parent if str(path.parent) else ".")
    except OSError:
        return False
    return room.f_bavail * room.f_frsize < 256 * 1024


def _failed(path: Path, error: Exception) -> Refusal:
    """An SQLite error from a file: a full disk said as such, anything else as damage."""
    if isinstance(error, UnicodeDecodeError):
        return _damaged(path, "a text in it is not UTF-8")
    return _disk_full(path) if _full(path, error) else _damaged(path, str(error))


def _disk_full(path: Path) -> Refusal:
    return refuse(
        f"the disk holding {path} is full, so nothing was stored (a move just played was not kept): "
        "free some space (delete files you no longer need) and try again",
        f"{path} のあるディスクがいっぱいなので、何も保存していません（いま指した手も保存されていません）。"
        "不要なファイルを消して空きを作り、もう一度試してください",
    )


def _no_game(game_id: int) -> Refusal:
    return refuse(
        f"there is no game {game_id}; `companion games` lists the stored games",
        f"ゲーム {game_id} はありません。保存されたゲームは `companion games` で一覧できます",
    )


def _changed_elsewhere(game_id: int) -> Refusal:
    return refuse(
        f"game {game_id} was changed by another program meanwhile; nothing was changed: look at it again and retry",
        f"ゲーム {game_id} はその間に別のプログラムで変更されました。何も変更していません。"
        "状態を確かめてやり直してください",
    )


MAX_ID = 2**63 - 1  # SQLite's largest integer: a larger id names no game (and must not overflow)


def _stored_json(path: Path, value: Any, what: Msg) -> Any:
    """A JSON column's value; a row damaged or crafted so that it is not JSON text is refused naming
    what it held (never a Python error)."""
    if isinstance(value, str):
        try:
            return json.loads(value, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            pass
    raise refuse(
        f"{path} is damaged ({what.en} is not JSON text); it was left untouched: restore a copy, or "
        "export the games that still read",
        f"{path} は壊れています（{what.ja}が JSON のテキストではありません）。変更していません。"
        "コピーを戻すか、読めるゲームを書き出してください",
    )


# --------------------------------------------------------------------------- file checks


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
    if user_version > SCHEMA_VERSION:
        raise _newer(path, user_version)
    page_size = struct.unpack(">H", head[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    (change, pages) = struct.unpack(">ii", head[24:32])
    valid_for = struct.unpack(">i", head[92:96])[0]
    wal = path.with_name(path.name + "-wal")
    if change == valid_for and size < pages * page_size and not wal.exists():
        raise _damaged(path, "the file is cut short")


# --------------------------------------------------------------------------- checkpoints

_FINGERPRINTS: dict[str, str] = {}


def _sources(module: ModuleType) -> list[tuple[str, Path]]:
    """The files of ``module``'s code, each with its name inside the module: every ``.py`` file of
    a package (its subpackages too), in a fixed order; a plain module's one file."""
    here = Path(str(module.__file__))
    if not hasattr(module, "__path__"):
        return [(here.name, here)]
    return sorted((path.relative_to(here.parent).as_posix(), path) for path in here.parent.rglob("*.py"))


def fingerprint(engine: AnyEngine) -> str:
    """A hash of the rules code a state was folded by (the engine's whole package, the shared
    vocabulary and the record codec): a checkpoint from other code is not used."""
    name = f"companion.rules.{engine.GAME}"
    if name not in _FINGERPRINTS:
        from companion.rules import common, records, state_codec

        digest = hashlib.sha256()
        for module in (importlib.import_module(name), common, records, state_codec):
            for inside, path in _sources(module):
                digest.update(f"{module.__name__}/{inside}".encode() + b"\0" + path.read_bytes() + b"\0")
        _FINGERPRINTS[name] = digest.hexdigest()[:16]
    return _FINGERPRINTS[name]


def checkpoint_seqs(position: int) -> list[int]:
    """Where checkpoints are kept for a game standing at ``position``: every CHECKPOINT_EVERY actions
    within CHECKPOINT_NEAR of it (undo is quick there), every CHECKPOINT_NEAR further back, and at
    ``position`` itself (resuming reads one state)."""
    near = position - CHECKPOINT_NEAR
    seqs = {s for s in range(CHECKPOINT_EVERY, position, CHECKPOINT_EVERY) if s >= near or s % CHECKPOINT_NEAR == 0}
    return sorted(seqs | {position} - {0})


def freeze(engine: AnyEngine, state: Any) -> bytes:
    """A checkpoint of ``state``: its plain data (``engine.state_to_data``, without the setup) as
    compact JSON, compressed. Nothing in it names code: it is read back as data by :func:`thaw`."""
    return zlib.compress(_dumps(engine.state_to_data(state)).encode("utf-8"), 1)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} in a checkpoint")


def thaw(engine: AnyEngine, blob: bytes, setup: Any) -> Any:
    """The state a checkpoint holds, with the game's setup, read as data and checked field by field
    (``engine.state_from_data``). ValueError (``state_codec.Invalid`` among them) for anything else:
    a blob that does not unpack or unpacks past :data:`~companion.limits.MAX_STATE_BYTES`, that is
    not JSON, or not a state of this game."""
    from companion.limits import MAX_STATE_BYTES, inflate

    if not isinstance(blob, bytes):
        raise ValueError("a checkpoint is bytes")
    try:
        data = json.loads(inflate(blob, MAX_STATE_BYTES).decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    return engine.state_from_data(setup, data)


# --------------------------------------------------------------------------- summaries


@dataclasses.dataclass(frozen=True)
class GameSummary:
    """One stored game as the history lists it."""

    id: int
    game: str
    players: tuple[str, ...]
    created: str
    updated: str
    finished: bool
    winners: tuple[str, ...]
    mode: str  # "track": played action by action; "sheet": stored from its results alone
    actions: int  # actions in effect (0 for a score sheet)

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["players"], data["winners"] = list(self.players), list(self.winners)
        return data


@dataclasses.dataclass(frozen=True)
class StatRow:
    """One player's record at one game, from every finished game stored (exact, not sampled)."""

    player: str
    game: str
    plays: int
    wins: int  # a shared win counts for each winner
    total: int  # the sum of the scores: average = total / plays
    best: int
    worst: int
    last_played: str

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays

    @property
    def average(self) -> float:
        return self.total / self.plays

    def to_data(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "win_rate": self.win_rate, "average": self.average}


@dataclasses.dataclass(frozen=True)
class HeadToHead:
    """Two players over the finished games both played: who won, who scored more."""

    a: str
    b: str
    games: int
    a_wins: int  # games a won (shared wins included)
    b_wins: int
    shared: int  # games both won
    a_ahead: int  # games where a scored more than b
    b_ahead: int
    level: int  # games where they scored the same

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# --------------------------------------------------------------------------- the store

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
}
_KIND_WORDS = {int: "whole number", str: "text"}


class Store:
    """One open game database. Use :meth:`open`; close it with :meth:`close` (or ``with``)."""

    def __init__(self, connection: sqlite3.Connection, path: Path, readonly: bool) -> None:
        self.db = connection
        self.path = path
        self.readonly = readonly
        self.version = SCHEMA_VERSION  # a file opened read-only may be older: Store.open reads it
        self._wrote = False  # a change was committed: close() checkpoints the write-ahead log
        self._copy: Path | None = None  # a read-only medium's file and log copied to read both

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: Path | str | None = None, *, readonly: bool = False) -> Store:
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
    def _open(cls, file: Path, readonly: bool) -> Store:
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
            connection = sqlite3.connect(file, isolation_level=None, timeout=BUSY_MS / 1000)
        except (OSError, sqlite3.Error) as error:
            raise refuse(f"cannot open {file}: {error}", f"{file} を開けません：{error}") from None
        store = cls(connection, file, False)
        deadline = time.monotonic() + BUSY_MS / 1000
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
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        empty = self._ours()
        db.execute("PRAGMA journal_mode = WAL")
        if empty or db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            with self._write():
                if self._ours():
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    _script(db, SCHEMA)
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                version = db.execute("PRAGMA user_version").fetchone()[0]
                while version < SCHEMA_VERSION:
                    MIGRATIONS[version](db)
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
        if version > SCHEMA_VERSION:
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

    def __enter__(self) -> Store:
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

    # ------------------------------------------------------------ games

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
    ) -> int:
        """A new game's row and seats; an imported game is dated by its first and last action."""
        known = [t for t in times if t]
        created, updated = (known[0], known[-1]) if known else (now(), now())
        cursor = self.db.execute(
            "INSERT INTO games(game, mode, deck, start, results, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, mode, deck_text, start, None if results is None else _dumps(results), created, updated),
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

    def new_game(
        self, game: str, players: Sequence[str], start: int | None = None, deck_data: Mapping[str, Any] | None = None
    ) -> int:
        """Start a tracked game; the players are refused as the engine refuses them (count, names,
        start seat). ``deck_data`` is the deck definition (default: the game's own deck file)."""
        engine = engine_for(game)
        if deck_data is None:
            from companion.decks import load_deck_data

            deck_data = load_deck_data(game)
        from companion.rules.deck_rules import read_deck

        deck = read_deck(engine, deck_data)
        setup = make_setup(engine, tuple(players), start, deck)
        with self._guard(), self._write():
            return self._insert_game(
                game, "track", _dumps(deck.to_data()), getattr(setup, "start", None), setup.players
            )

    def new_result_game(self, game: str, results: Mapping[str, Any]) -> int:
        """Store a game from its results alone: ``results`` is the ``companion settle`` input
        document (its ``deck``, a file path, is read now and kept). Refused as settle refuses it."""
        from companion.decks import load_deck_data
        from companion.settle import settle

        engine = engine_for(game)
        if not isinstance(results, Mapping):
            raise refuse(
                "the results must be a JSON object, as companion settle takes",
                "結果は companion settle と同じ JSON オブジェクトです",
            )
        document = dict(results)
        if document.get("game", game) != game:
            from companion.rules.deck_rules import shown

            raise refuse(
                f"the results are for {shown(document.get('game'))}, not {shown(game)}",
                f"この結果は {shown(document.get('game'))} のもので、{shown(game)} のものではありません",
            )
        document["game"] = game
        deck_file = document.get("deck")
        if deck_file is not None and not isinstance(deck_file, str):
            raise refuse('"deck" must be the path of a deck file', '"deck" にはデッキファイルのパスを書きます')
        deck = engine.Deck.from_data(load_deck_data(game, deck_file))
        answer = settle(document, False, "en", deck=deck)  # refuses what settle refuses
        document.pop("deck", None)
        names, scores = _answer_scores(answer)
        finished = bool(answer.get("complete", True))
        with self._guard(), self._write():
            game_id = self._insert_game(game, "sheet", _dumps(deck.to_data()), None, names, document)
            self._set_result(game_id, finished, answer["winners"] if finished else [], scores if finished else None)
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

    def _row(self, game_id: int) -> sqlite3.Row:
        if not 0 < game_id <= MAX_ID:
            raise _no_game(game_id)
        cursor = self.db.cursor()
        cursor.row_factory = sqlite3.Row
        row = cursor.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise _no_game(game_id)
        present = set(row.keys())  # an older file has fewer columns
        lacking = sorted(set(_GAME_COLUMNS) - present - ({"head"} if self.version < 2 else set()))
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

    def load(self, game_id: int) -> LiveGame:
        """The game as it stands (resumed from the nearest checkpoint, not replayed)."""
        with self._guard(), self._read():
            game = LiveGame(self, self._row(game_id), self._names(game_id))
            with suppress(Refusal):  # a game these rules cannot fold to its end still opens: undo and export work
                game.state  # noqa: B018  -- folded inside the snapshot
        return game

    def games(self) -> list[GameSummary]:
        """Every stored game, newest first."""
        with self._guard(), self._read():
            rows = self.db.execute(
                "SELECT id, game, created, updated, finished, winners, mode, position "
                "FROM games ORDER BY updated DESC, id DESC"
            ).fetchall()
            seated: dict[int, list[str]] = {}
            for game_id, name in self.db.execute(
                "SELECT s.game_id, p.name FROM seats s JOIN players p ON p.id = s.player_id ORDER BY s.game_id, s.seat"
            ):
                seated.setdefault(game_id, []).append(name)
        for r in rows:
            self._check(r, "isssissi", f"game {r[0]}")
            self._check(seated.get(r[0], ()), "s" * len(seated.get(r[0], ())), f"the players of game {r[0]}")
        return [
            GameSummary(
                r[0], r[1], tuple(seated.get(r[0], ())), r[2], r[3], bool(r[4]), self._winners(r[0], r[5]), r[6], r[7]
            )
            for r in rows
        ]

    def _winners(self, game_id: int, text: Any) -> tuple[str, ...]:
        winners = _stored_json(self.path, text, Msg(f"the winners of game {game_id}", f"ゲーム {game_id} の勝者"))
        if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
            raise refuse(
                f"{self.path} is damaged (the winners of game {game_id} are not a list of names); it was "
                "left untouched: restore a copy",
                f"{self.path} は壊れています（ゲーム {game_id} の勝者が名前のリストではありません）。"
                "変更していません。コピーを戻してください",
            )
        return tuple(winners)

    def unfinished(self) -> list[GameSummary]:
        return [g for g in self.games() if not g.finished]

    def delete(self, game_id: int) -> None:
        if not 0 < game_id <= MAX_ID:
            raise _no_game(game_id)
        with self._guard(), self._write():
            if not self.db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount:
                raise _no_game(game_id)

    def roster(self) -> list[str]:
        """Every player name stored, the most recently seen first (for name completion)."""
        with self._guard():
            rows = self.db.execute(
                "SELECT p.name FROM players p LEFT JOIN seats s ON s.player_id = p.id "
                "LEFT JOIN games g ON g.id = s.game_id GROUP BY p.id "
                "ORDER BY MAX(g.updated) DESC, MAX(g.id) DESC, p.name"
            ).fetchall()
        names = [r[0] for r in rows]
        self._check(names, "s" * len(names), "a player's name")
        return names

    # ------------------------------------------------------------ statistics

    def stats(self, game: str | None = None, player: str | None = None) -> list[StatRow]:
        """Per player and game, over every finished game stored: plays, wins, scores."""
        where, params = ["g.finished = 1", "s.score IS NOT NULL"], []
        if game is not None:
            where.append("g.game = ?")
            params.append(game)
        if player is not None:
            where.append("p.name = ?")
            params.append(player)
        with self._guard():
            rows = self.db.execute(
                "SELECT p.name, g.game, COUNT(*), SUM(s.won), SUM(s.score), MAX(s.score), MIN(s.score), "
                "MAX(g.updated) FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id "
                f"WHERE {' AND '.join(where)} GROUP BY p.id, g.game "
                "ORDER BY g.game, SUM(s.won) DESC, COUNT(*) DESC, p.name",
                params,
            ).fetchall()
        for r in rows:
            self._check(r, "ssiiiiis", "the statistics")
        return [StatRow(*r) for r in rows]

    def played_games(self) -> list[PlayedGame]:
        """Every finished, settled game as the playtest analysis reads it (companion.playtest), oldest first:
        its deck's version, seats, scores, winners, start seat, actions in effect and minutes from the
        first action's time to the last (none for a score sheet)."""
        from companion.playtest import PlayedGame, deck_version, minutes_between

        with self._guard(), self._read():
            rows = self.db.execute(
                "SELECT g.id, g.game, g.deck, g.start, g.mode, g.position, g.updated, "
                "(SELECT time FROM actions a WHERE a.game_id = g.id AND a.seq = 0), "
                "(SELECT time FROM actions a WHERE a.game_id = g.id AND a.seq = g.position - 1) "
                "FROM games g WHERE g.finished = 1 ORDER BY g.id"
            ).fetchall()
            seats: dict[int, list[tuple[str, int | None, int | None]]] = {}
            for game_id, name, score, won in self.db.execute(
                "SELECT s.game_id, p.name, s.score, s.won FROM seats s JOIN players p ON p.id = s.player_id "
                "JOIN games g ON g.id = s.game_id WHERE g.finished = 1 ORDER BY s.game_id, s.seat"
            ):
                seats.setdefault(game_id, []).append((name, score, won))
        versions: dict[str, str] = {}  # deck JSON -> its version: most games share a few decks
        out = []
        for game_id, game, deck, start, mode, position, updated, first, last in rows:
            seated = seats.get(game_id, [])
            if not seated or any(score is None for _, score, _ in seated):
                continue  # finished but not settled (a settle refusal): nothing to count
            if deck not in versions:
                versions[deck] = deck_version(json.loads(deck))
            end = last if mode == "track" and last else updated
            out.append(
                PlayedGame(
                    str(game_id),
                    game,
                    end,
                    versions[deck],
                    tuple(name for name, _, _ in seated),
                    tuple(int(score or 0) for _, score, _ in seated),
                    frozenset(seat for seat, (_, _, won) in enumerate(seated) if won),
                    start,
                    position if mode == "track" else None,
                    minutes_between(first, last) if mode == "track" else None,
                )
            )
        return out

    def head_to_head(self, a: str, b: str, game: str | None = None) -> HeadToHead:
        """``a`` against ``b`` over the finished games both played (of ``game``, if given)."""
        if a == b:
            raise refuse("head to head needs two different players", "対戦成績には別々の二人が必要です")
        query = (
            "SELECT sa.won, sb.won, sa.score, sb.score FROM games g "
            "JOIN seats sa ON sa.game_id = g.id JOIN players pa ON pa.id = sa.player_id AND pa.name = ? "
            "JOIN seats sb ON sb.game_id = g.id JOIN players pb ON pb.id = sb.player_id AND pb.name = ? "
            "WHERE g.finished = 1 AND sa.score IS NOT NULL AND sb.score IS NOT NULL"
        )
        params: list[Any] = [a, b]
        if game is not None:
            query += " AND g.game = ?"
            params.append(game)
        with self._guard():
            rows = self.db.execute(query, params).fetchall()
        return HeadToHead(
            a,
            b,
            len(rows),
            sum(r[0] for r in rows),
            sum(r[1] for r in rows),
            sum(r[0] and r[1] for r in rows),
            sum(r[2] > r[3] for r in rows),
            sum(r[2] < r[3] for r in rows),
            sum(r[2] == r[3] for r in rows),
        )

    # ------------------------------------------------------------ records

    def export_record(self, game_id: int) -> dict[str, Any]:
        """The game's record (docs/records.md): the actions in effect, with their times."""
        return self.load(game_id).record()

    def import_record(self, data: Mapping[str, Any]) -> int:
        """Store a record as a new game (its actions checked by folding them); a record equal to
        a game already stored is refused."""
        from companion.rules import game_records

        try:
            record = game_records.read_record(data)
        except (AttributeError, TypeError, KeyError, ValueError, IndexError):  # a shape the readers missed
            raise refuse(
                "this is not a game record this program can read: a part of its deck or setup has the wrong shape",
                "このプログラムで読めるゲーム記録ではありません：デッキ定義か設定の一部の形が違います",
            ) from None
        engine, setup = record.engine, record.setup
        states = [engine.new_state(setup)]
        for index, action in enumerate(record.actions):
            try:
                states.append(engine.apply(states[-1], action)[0])
            except Refusal as error:
                raise Refusal(Msg(f"action {index}: ", f"{index}番目の手：") + error.msg) from None
        deck_text = _dumps(setup.deck.to_data())
        start = getattr(setup, "start", None)
        rows = [(_dumps(engine.action_to_data(a)), t) for a, t in zip(record.actions, record.times, strict=True)]
        digest = game_digest(engine.GAME, deck_text, setup.players, start, rows)
        with self._guard(), self._write():
            duplicate = self._find_digest(engine.GAME, len(rows), digest)
            if duplicate is not None:
                raise refuse(
                    f"this record is already stored as game {duplicate}; nothing was imported",
                    f"この記録はゲーム {duplicate} として保存済みです。取り込みませんでした",
                )
            game_id = self._insert_game(engine.GAME, "track", deck_text, start, setup.players, times=record.times)
            chains = [chain_seed(engine.GAME, deck_text, start, setup.players)]
            for text, stamp in rows:
                chains.append(chain_link(chains[-1], text, stamp))
            self.db.executemany(
                "INSERT INTO actions(game_id, seq, data, time, chain) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, text, stamp, chains[seq + 1]) for seq, (text, stamp) in enumerate(rows)],
            )
            mark = fingerprint(engine)
            ends = len(states) - 1  # an imported game: every CHECKPOINT_NEAR actions and at its end
            seqs = [seq for seq in [*range(CHECKPOINT_NEAR, ends, CHECKPOINT_NEAR), ends] if seq]
            blobs = [(seq, freeze(engine, states[seq])) for seq in seqs]
            self.db.executemany(
                "INSERT INTO checkpoints(game_id, seq, engine, state, seal) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, mark, blob, _seal(chains[seq], blob)) for seq, blob in blobs],
            )
            self.db.execute(
                "UPDATE games SET position = ?, digest = ?, head = ? WHERE id = ?",
                (len(rows), digest, chains[-1], game_id),
            )
            self._set_result(game_id, *_outcome(engine, setup, states[-1]))
        return game_id

    def _find_digest(self, game: str, length: int, digest: str) -> int | None:
        """The stored game whose record has this :func:`game_digest`: candidates are the games of
        the same game and length; a candidate's digest is worked out from its rows (no replay)
        when it has none yet, and kept until the game changes."""
        rows = self.db.execute(
            "SELECT id, digest FROM games WHERE game = ? AND mode = 'track' AND position = ?", (game, length)
        ).fetchall()
        for game_id, known in rows:
            if known is None:
                row = self._row(game_id)
                actions = self.db.execute(
                    "SELECT data, time FROM actions WHERE game_id = ? AND seq < ? ORDER BY seq",
                    (game_id, row["position"]),
                ).fetchall()
                known = game_digest(row["game"], row["deck"], self._names(game_id), row["start"], actions)
                self.db.execute("UPDATE games SET digest = ? WHERE id = ?", (known, game_id))
            if known == digest:
                return int(game_id)
        return None

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


def chain_seed(game: str, deck_text: str, start: int | None, players: Sequence[str]) -> str:
    """Where a game's hash chain starts: its game, deck, start seat and players as stored."""
    return hashlib.sha256(
        _dumps(["companion-chain", game, deck_text, start, list(players)]).encode("utf-8")
    ).hexdigest()[:32]


def chain_link(previous: str, data: Any, stamp: Any) -> str:
    """The chain after a stored action: a hash of the previous chain and the row's line and time as
    stored (a row damaged into bytes is hashed as it is, and then fails the check)."""
    digest = hashlib.sha256(previous.encode("ascii"))
    for value in (data, stamp):
        digest.update(
            b"\x00"
            if value is None
            else b"\x01" + (value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogatepass"))
        )
        digest.update(b"\x1f")
    return digest.hexdigest()[:32]


def _seal(chain: str, blob: bytes) -> str:
    """A checkpoint's seal: its state bound to the actions it folds."""
    return hashlib.sha256(chain.encode("ascii") + b"\x00" + blob).hexdigest()[:32]


def unfoldable(game_id: int, seq: int, why: Msg) -> Refusal:
    """Game ``game_id``'s stored action ``seq`` is refused by these rules (a game stored by another
    version of the program): what is wrong, that nothing changed, and what to do."""
    return Refusal(
        Msg(f"game {game_id}, stored action {seq}: ", f"ゲーム{game_id}の保存された{seq}番目の手：")
        + why
        + Msg(
            f"; these rules cannot fold the game past it, so nothing was changed: export the "
            f"game (companion export {game_id}) or play on from the last good action "
            f"(companion undo {game_id} back to {seq} actions)",
            f"。この規則ではここから先を再現できないため、何も変更していません。ゲームを書き出す"
            f"（companion export {game_id}）か、最後の正しい手から続けてください"
            f"（companion undo {game_id} で{seq}手まで戻す）",
        )
    )


def game_digest(
    game: str, deck_text: str, players: Sequence[str], start: int | None, actions: Sequence[tuple[str, str | None]]
) -> str:
    """A hash of a game's record, from its stored pieces (the deck and each action as the store
    keeps them, with its time): equal records, equal digests."""
    digest = hashlib.sha256(_dumps([game, deck_text, list(players), start]).encode("utf-8"))
    for data, stamp in actions:
        digest.update(_dumps([data, stamp]).encode("utf-8"))
    return digest.hexdigest()


def _script(db: sqlite3.Connection, script: str) -> None:
    """Run each statement of ``script`` inside the caller's transaction (``executescript`` would commit)."""
    for statement in script.split(";\n"):
        if statement.strip():
            db.execute(statement)


def _marks(db: sqlite3.Connection) -> tuple[int, int, bool]:
    """The file's application id, schema version, and whether it holds no tables yet: read in one
    statement, so another program creating the file is seen before or after, never halfway."""
    app, version, tables = db.execute(
        "SELECT a.application_id, v.user_version, (SELECT count(*) FROM "
        "sqlite_master) FROM pragma_application_id AS a, pragma_user_version AS v"
    ).fetchone()
    return int(app), int(version), not tables


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
        if version > SCHEMA_VERSION:
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


# --------------------------------------------------------------------------- engines


def engine_for(game: str) -> AnyEngine:
    from companion.rules.games import ENGINES

    engine = ENGINES.get(game)
    if engine is None:
        from companion.rules.deck_rules import shown

        raise refuse(
            f"unknown game {shown(game)}; games are {', '.join(ENGINES)}",
            f"{shown(game)} は不明なゲームです。ゲームは {', '.join(ENGINES)} のどれかです",
        )
    return engine


def make_setup(engine: AnyEngine, players: tuple[str, ...], start: int | None, deck: Any) -> Any:
    """``engine.make_setup`` (docs/engines.md)."""
    return engine.make_setup(players, start, deck)


def _answer_scores(answer: Mapping[str, Any]) -> tuple[list[str], list[int]]:
    """Names in seat order and each one's score, from a settle answer of any game."""
    if "totals" in answer:  # Dragoness
        totals = answer["totals"]
        return list(totals), [int(v) for v in totals.values()]
    return [p["name"] for p in answer["players"]], [int(p["score"]) for p in answer["players"]]


def _outcome(engine: AnyEngine, setup: Any, state: Any) -> tuple[bool, list[str], list[int] | None]:
    """Whether the game is finished, its winners and each seat's score (by settling it). A legal
    last action is stored even if settling refuses: then the game counts as finished without
    scores (``LiveGame.settle`` says why), and stays out of the statistics."""
    if not engine.finished(state):
        return False, [], None
    from companion.settle import settle

    try:
        answer = settle(engine.settle_input(state), False, "en", deck=setup.deck)
    except Refusal:
        return True, [], None
    _, scores = _answer_scores(answer)
    return True, list(answer["winners"]), scores


# --------------------------------------------------------------------------- a live game


class _Stale(Exception):
    """Another program changed the game since this one read it."""


class LiveGame:
    """One stored game, open for play: its state is the fold of the actions in effect.

    States already folded are kept, so undo within a session is a lookup; a new session starts
    from the nearest stored checkpoint. Each change is committed before its result is returned.
    """

    def __init__(self, store: Store, row: sqlite3.Row, players: tuple[str, ...]) -> None:
        self.store = store
        self.id: int = row["id"]
        self.game: str = row["game"]
        self.mode: str = row["mode"]
        self.engine = engine_for(self.game)
        self._seed = chain_seed(self.game, row["deck"], row["start"], players)
        self._sync(row)  # the hash chain is checked before anything stored is read
        from companion.rules.deck_rules import read_deck

        path = store.path
        try:
            self.deck = read_deck(
                self.engine,
                _stored_json(path, row["deck"], Msg(f"the deck of game {self.id}", f"ゲーム {self.id} のデッキ")),
            )
            self.setup = make_setup(self.engine, players, row["start"], self.deck)
        except Refusal as error:
            raise Refusal(
                Msg(
                    f"game {self.id} cannot be read: its stored deck or players: ",
                    f"ゲーム {self.id} を読めません。保存されたデッキかプレイヤー：",
                )
                + error.msg
            ) from None
        self.results: dict[str, Any] | None = (
            None
            if row["results"] is None
            else _stored_json(path, row["results"], Msg(f"the results of game {self.id}", f"ゲーム {self.id} の結果"))
        )
        self._finished_sheet = bool(row["finished"])
        self.created: str = row["created"]

    def _sync(self, row: sqlite3.Row) -> None:
        """Forget what was folded: the stored game is the truth (after another program changed it).
        Its rows are read once and their hash chain checked: a changed byte is refused, naming the
        first action that does not match."""
        self._position: int = row["position"]
        self._revision: int = row["revision"]
        self.updated: str = row["updated"]
        chained = self.store.version >= 2
        columns = "seq, data, time, chain" if chained else "seq, data, time, NULL"
        with self.store._guard():
            rows = self.store.db.execute(
                f"SELECT {columns} FROM actions WHERE game_id = ? ORDER BY seq", (self.id,)
            ).fetchall()
        chains = [self._seed]
        texts: dict[int, Any] = {}
        for index, (seq, data, stamp, stored) in enumerate(rows):
            chains.append(chain_link(chains[-1], data, stamp))
            if seq != index or type(seq) is not int or (chained and stored != chains[-1]):
                raise self._broken(index)
            texts[seq] = data
        if (
            chained
            and self.mode == "track"
            and (not 0 <= self._position < len(chains) or row["head"] != chains[self._position])
        ):
            raise self._broken(None)
        self._chains = chains
        self._texts = texts
        self._stored: int = len(rows)
        self._states: dict[int, Any] = {}
        self._actions: dict[int, Any] = {}
        self._data_version: int = self.store.db.execute("PRAGMA data_version").fetchone()[0]

    def _broken(self, seq: int | None) -> Refusal:
        if seq == 0:
            what = Msg(f"game {self.id}'s setup or its stored action 0", f"ゲーム{self.id}の設定か保存された0番目の手")
        elif seq is not None:
            what = Msg(f"stored action {seq} of game {self.id}", f"ゲーム{self.id}の保存された{seq}番目の手")
        else:
            what = Msg(f"where game {self.id} stands", f"ゲーム {self.id} の現在位置")
        path = self.store.path
        return refuse(
            f"{path} is damaged: {what.en} does not match the hash chain kept with the game (a byte of the "
            "file changed); it was left untouched: restore a copy",
            f"{path} は壊れています：{what.ja}がゲームとともに保存したハッシュの連鎖と合いません"
            "（ファイルの一部が変わっています）。変更していません。コピーを戻してください",
        )

    # ------------------------------------------------------------ reading

    def changes(self) -> tuple[int, int] | None:
        """Read the game again if another program (``companion play``, a second app) changed it since
        this one read it: ``(kept, before)``, the count of leading actions both agree on and the
        position this one had; None if nothing changed. Cheap when nothing changed (one PRAGMA
        ``data_version``, which moves only on another connection's commits)."""
        version = self.store.db.execute("PRAGMA data_version").fetchone()[0]
        if version == self._data_version:
            return None
        self._data_version = version
        before, known = self._position, dict(self._actions)
        with self.store._guard(), self.store._read():  # one read of the row and its actions
            row = self.store._row(self.id)  # refused if the game was deleted elsewhere
            if row["revision"] == self._revision:
                return None
            self._sync(row)
            self._finished_sheet = bool(row["finished"])
        both = min(before, self._position)
        seen = [seq for seq in sorted(known) if seq < both]  # an action not read here is taken as unchanged
        if seen:
            self._decode(seen[0], both)
        differs = (
            seq
            for seq in seen
            if self.engine.action_to_data(known[seq]) != self.engine.action_to_data(self._actions[seq])
        )
        return next(differs, both), before

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.setup.players)

    @property
    def position(self) -> int:
        """How many actions are in effect."""
        return self._position

    @property
    def state(self) -> Any:
        return self._state_at(self._position)

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions in effect, in order."""
        self._decode(0, self._position)
        return tuple(self._actions[i] for i in range(self._position))

    @property
    def can_undo(self) -> bool:
        return self._position > 0

    @property
    def can_redo(self) -> bool:
        return self._stored > self._position

    @property
    def finished(self) -> bool:
        if self.mode == "sheet":
            return self._finished_sheet
        return bool(self.engine.finished(self.state))

    def _decode(self, start: int, stop: int) -> None:
        """Read actions ``start`` .. ``stop - 1`` from the store into the cache."""
        missing = [i for i in range(start, stop) if i not in self._actions]
        if not missing:
            return
        for seq in missing:
            data = self._texts.get(seq)
            if data is not None and seq not in self._actions:
                what = Msg(f"stored action {seq} of game {self.id}", f"ゲーム{self.id}の保存された{seq}番目の手")
                stored = _stored_json(self.store.path, data, what)
                with self._stored_action(seq):
                    self._actions[seq] = self.engine.action_from_data(self.deck, stored)

    @contextmanager
    def _stored_action(self, seq: int) -> Iterator[None]:
        """A stored action these rules cannot read or refuse (a game stored by another version of
        the program) is named, with the rules' reason and what to do."""
        try:
            yield
        except Refusal as error:
            raise unfoldable(self.id, seq, error.msg) from None

    def state_at(self, position: int) -> Any:
        """The state after the first ``position`` stored actions (undone ones included); a stored
        action these rules refuse is :func:`unfoldable`."""
        if not 0 <= position <= self._stored:
            raise refuse(
                f"game {self.id} has {plural(self._stored, 'stored action', 'stored actions')}, not {position}",
                f"ゲーム{self.id}の保存された手は{self._stored}手です（{position}ではありません）",
            )
        return self._state_at(position)

    def _state_at(self, position: int) -> Any:
        if position in self._states:
            return self._states[position]
        base = max((p for p in self._states if p <= position), default=0)
        state = self._states.get(base)
        if position - base > 1 and self.store.version >= 2:  # an older file's checkpoints are not read
            row = self.store.db.execute(
                "SELECT seq, state, seal FROM checkpoints WHERE game_id = ? AND engine = ? AND seq <= ? AND seq > ? "
                "ORDER BY seq DESC LIMIT 1",
                (self.id, fingerprint(self.engine), position, base),
            ).fetchone()
            if (
                row is not None
                and isinstance(row[1], bytes)
                and 0 <= row[0] < len(self._chains)
                and row[2] == _seal(self._chains[row[0]], row[1])
            ):  # bound to the actions it folds
                with suppress(ValueError):  # a checkpoint that is not a state of this game is only a lost shortcut
                    base, state = row[0], thaw(self.engine, row[1], self.setup)
        if state is None:
            base, state = 0, self.engine.new_state(self.setup)
        self._states[base] = state
        self._decode(base, position)
        lost = next((seq for seq in range(base, position) if seq not in self._actions), None)
        if lost is not None:
            raise refuse(
                f"{self.store.path} is damaged (stored action {lost} of game {self.id} is missing); it was "
                "left untouched: restore a copy, or export the games that still read",
                f"{self.store.path} は壊れています（ゲーム{self.id}の保存された{lost}番目の手が"
                "ありません）。変更していません。コピーを戻すか、読めるゲームを書き出してください",
            )
        for seq in range(base, position):
            with self._stored_action(seq):
                state = self.engine.apply(state, self._actions[seq])[0]
            self._states[seq + 1] = state
        self._prune()
        return state

    def _prune(self) -> None:
        """Keep the states near the end and every checkpoint's: memory stays small in a long game."""
        if len(self._states) > 4 * CHECKPOINT_EVERY:
            keep = self._position - 2 * CHECKPOINT_EVERY
            for p in [p for p in self._states if p < keep and p % CHECKPOINT_EVERY]:
                del self._states[p]

    def refresh(self) -> bool:
        """Catch up with another program's change to this game (a move, an undo); True if it had
        changed (:meth:`changes`, for a caller that needs only whether)."""
        return self.changes() is not None

    def rulings(self, count: int) -> list[Msg]:
        """The rulings of the last ``count`` actions in effect, oldest first: each action applied
        again to the state before it (from the nearest checkpoint, not a replay of the game)."""
        start = max(0, self._position - count)
        state = self._state_at(start)
        self._decode(start, self._position)
        out = []
        for seq in range(start, self._position):
            with self._stored_action(seq):
                state, ruling = self.engine.apply(state, self._actions[seq])
            out.append(ruling)
        return out

    # ------------------------------------------------------------ changing

    def _refuse_sheet(self) -> None:
        if self.mode == "sheet":
            raise refuse(
                f"game {self.id} was stored from its results alone: it has no moves to play or undo",
                f"ゲーム {self.id} は結果だけで保存されています。入力する手も取り消す手もありません",
            )

    @contextmanager
    def _change(self) -> Iterator[sqlite3.Connection]:
        """A write transaction on this game, refused if another program changed it meanwhile
        (this game then shows the stored game again)."""
        try:
            with self.store._guard(), self.store._write() as db:
                row = db.execute("SELECT revision FROM games WHERE id = ?", (self.id,)).fetchone()
                if row is None:
                    raise _no_game(self.id)
                if row[0] != self._revision:
                    raise _Stale
                yield db
                db.execute(
                    "UPDATE games SET revision = revision + 1, updated = ?, digest = NULL WHERE id = ?",
                    (now(), self.id),
                )
        except _Stale:
            self._sync(self.store._row(self.id))
            raise _changed_elsewhere(self.id) from None
        self._revision += 1

    def play(self, action: Any) -> Msg:
        """Apply ``action``; it is stored durably before its ruling is returned. A refused action
        (``Refusal``) changes nothing. Undone actions after the current one are dropped."""
        self._refuse_sheet()
        if self.store.readonly:
            raise _read_only(self.store.path)
        position = self._position
        ruling: Msg
        state, ruling = self.engine.apply(self.state, action)
        finish = _outcome(self.engine, self.setup, state)
        data, stamp = _dumps(self.engine.action_to_data(action)), now()
        chain = chain_link(self._chains[position], data, stamp)
        with self._change() as db:
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (self.id, position))
            db.execute("DELETE FROM checkpoints WHERE game_id = ? AND seq > ?", (self.id, position))
            db.execute(
                "INSERT INTO actions(game_id, seq, data, time, chain) VALUES (?, ?, ?, ?, ?)",
                (self.id, position, data, stamp, chain),
            )
            self._chains[position + 1 :] = [chain]
            self._checkpoint(db, position + 1, state)
            db.execute("UPDATE games SET position = ?, head = ? WHERE id = ?", (position + 1, chain, self.id))
            self.store._set_result(self.id, *finish)
        self._texts = {seq: text for seq, text in self._texts.items() if seq < position}
        self._texts[position] = data
        for p in [p for p in self._states if p > position]:
            del self._states[p]
        for p in [p for p in self._actions if p >= position]:
            del self._actions[p]
        self._actions[position] = action
        self._states[position + 1] = state
        self._position, self._stored = position + 1, position + 1
        return ruling

    def _checkpoint(self, db: sqlite3.Connection, position: int, state: Any) -> None:
        """Keep ``state`` as the checkpoint at ``position``, where the game now stands (resuming
        starts there); of the others, those in :func:`checkpoint_seqs` for it stay."""
        db.execute(
            "DELETE FROM checkpoints WHERE game_id = ? AND seq != ? AND (seq % ? != 0 OR (seq % ? != 0 AND seq < ?))",
            (self.id, position, CHECKPOINT_EVERY, CHECKPOINT_NEAR, position - CHECKPOINT_NEAR),
        )
        blob = freeze(self.engine, state)
        db.execute(
            "INSERT OR REPLACE INTO checkpoints(game_id, seq, engine, state, seal) VALUES (?, ?, ?, ?, ?)",
            (self.id, position, fingerprint(self.engine), blob, _seal(self._chains[position], blob)),
        )

    def play_line(self, line: str) -> Msg:
        """A table-notation line (docs/notation.md), read against the current state, then played."""
        self._refuse_sheet()
        action = self.engine.parse_line(self.state, line)
        return self.play(action)

    def undo(self, n: int = 1) -> int:
        """Undo the last ``n`` actions (fewer if fewer are in effect); they stay stored for redo."""
        self._refuse_sheet()
        count = max(0, min(n, self._position))
        if count:
            self._move(self._position - count)
        return count

    def redo(self, n: int = 1) -> int:
        """Redo up to ``n`` undone actions, in order."""
        self._refuse_sheet()
        count = max(0, min(n, self._stored - self._position))
        if count:
            self._move(self._position + count)
        return count

    def _move(self, position: int) -> None:
        """Move to ``position``, folded inside the transaction, after the check that no other program
        changed the game (whose undone actions may be others by now): a refusal changes nothing."""
        with self._change() as db:
            state = self._state_at(position)
            finish = _outcome(self.engine, self.setup, state)
            db.execute(
                "UPDATE games SET position = ?, head = ? WHERE id = ?", (position, self._chains[position], self.id)
            )
            self._checkpoint(db, position, state)
            self.store._set_result(self.id, *finish)
        self._position = position

    # ------------------------------------------------------------ results

    def record(self) -> dict[str, Any]:
        """The record of the actions in effect (docs/records.md)."""
        from companion.rules import game_records

        if self.mode == "sheet":
            raise refuse(
                f"game {self.id} was stored from its results alone: it has no record of moves; "
                "companion show gives its results",
                f"ゲーム {self.id} は結果だけで保存されているので、手の記録はありません。"
                "結果は companion show で見られます",
            )
        times = [
            r[0]
            for r in self.store.db.execute(
                "SELECT time FROM actions WHERE game_id = ? AND seq < ? ORDER BY seq", (self.id, self._position)
            )
        ]
        return game_records.make_record(self.engine, self.setup, self.actions, times)

    def settle(self, explain: bool = False, lang: Lang = "en") -> dict[str, Any] | None:
        """The ``companion settle`` answer for a finished game (None while it goes on)."""
        from companion.settle import settle

        if self.mode == "sheet":
            assert self.results is not None
            return settle(self.results, explain, lang, deck=self.deck)
        state = self.state
        if not self.engine.finished(state):
            return None
        return settle(self.engine.settle_input(state), explain, lang, deck=self.deck)

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
import io
import json
import os
import pickle
import sqlite3
import struct
import time
import zlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.rules.common import Lang, Msg, Refusal, refuse
from companion.rules.engine import AnyEngine

APPLICATION_ID = 0x43504E31  # "CPN1": marks the file as this program's (PRAGMA application_id)
SCHEMA_VERSION = 1  # PRAGMA user_version; MIGRATIONS lifts an older file to it
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
    digest TEXT                          -- hash of the record of the actions in effect (NULL: not worked out)
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
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE checkpoints(
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,                -- the state after this many actions
    engine TEXT NOT NULL,                -- the rules code's fingerprint: another version's states are ignored
    state BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""

MIGRATIONS: dict[int, str] = {}  # from version N to N+1: the SQL that lifts it (none yet)


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


def _damaged(path: Path, why: str) -> Refusal:
    return refuse(f"{path} is damaged ({why}); it was left untouched: restore a copy or choose another file "
                  "with --db",
                  f"{path} は壊れています（{why}）。変更していません。コピーを戻すか、--db で別のファイルを"
                  "指定してください")


def _foreign(path: Path) -> Refusal:
    return refuse(f"{path} is not a companion database (another program's file); it was left untouched: "
                  "choose another file with --db",
                  f"{path} は companion のデータベースではありません（別のプログラムのファイルです）。"
                  "変更していません。--db で別のファイルを指定してください")


def _newer(path: Path, version: int) -> Refusal:
    return refuse(f"{path} was written by a newer companion (store version {version}; this one reads up to "
                  f"{SCHEMA_VERSION}); it was left untouched: update companion",
                  f"{path} は新しい companion が書いたものです（保存形式 {version}。読めるのは "
                  f"{SCHEMA_VERSION} まで）。変更していません。companion を更新してください")


def _read_only(path: Path) -> Refusal:
    return refuse(f"{path} is open read-only: history, statistics and export work, but nothing can be changed",
                  f"{path} は読み取り専用で開いています。履歴・統計・書き出しはできますが、変更はできません")


def _busy() -> Refusal:
    return refuse("another program is writing to the game store; nothing was changed: try again",
                  "別のプログラムがデータベースに書き込み中です。何も変更していません。もう一度試してください")


def _no_game(game_id: int) -> Refusal:
    return refuse(f"there is no game {game_id}; `companion games` lists the stored games",
                  f"ゲーム {game_id} はありません。保存されたゲームは `companion games` で一覧できます")


def _changed_elsewhere(game_id: int) -> Refusal:
    return refuse(f"game {game_id} was changed by another program meanwhile; nothing was changed: "
                  "look at it again and retry",
                  f"ゲーム {game_id} はその間に別のプログラムで変更されました。何も変更していません。"
                  "状態を確かめてやり直してください")


# --------------------------------------------------------------------------- file checks


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
        from companion.rules import common, records

        digest = hashlib.sha256()
        for module in (importlib.import_module(name), common, records):
            for inside, path in _sources(module):
                digest.update(f"{module.__name__}/{inside}".encode() + b"\0" + path.read_bytes() + b"\0")
        _FINGERPRINTS[name] = digest.hexdigest()[:16]
    return _FINGERPRINTS[name]


_SAFE_GLOBALS = {
    "builtins": {"set", "frozenset", "list", "dict", "tuple", "int", "str", "bool", "bytes", "range", "slice"},
    "collections": {"Counter", "OrderedDict", "defaultdict", "deque"},
    "copyreg": {"_reconstructor"},
}


class _StateUnpickler(pickle.Unpickler):
    """Reads back only the rules' own classes: a checkpoint cannot name anything else."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("companion.rules.") or name in _SAFE_GLOBALS.get(module, ()):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not a state class")


def checkpoint_seqs(position: int) -> list[int]:
    """Where checkpoints are kept for a game standing at ``position``: every CHECKPOINT_EVERY actions
    within CHECKPOINT_NEAR of it (undo is quick there), every CHECKPOINT_NEAR further back, and at
    ``position`` itself (resuming reads one state)."""
    near = position - CHECKPOINT_NEAR
    seqs = {s for s in range(CHECKPOINT_EVERY, position, CHECKPOINT_EVERY) if s >= near or s % CHECKPOINT_NEAR == 0}
    return sorted(seqs | {position} - {0})


def freeze(state: Any, setup: Any) -> bytes | None:
    """A checkpoint of ``state`` without its setup (the game's own, put back by :func:`thaw`; a
    deck holds look-up caches); None if it cannot be kept (then there is no checkpoint there)."""
    if getattr(state, "setup", None) is setup and hasattr(state, "__dict__"):
        shell = object.__new__(type(state))  # a shallow copy (copy.copy goes the long way round)
        shell.__dict__.update(vars(state), setup=None)
    else:
        shell = state
    try:
        return zlib.compress(pickle.dumps(shell, protocol=5), 1)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None


def thaw(blob: bytes, setup: Any) -> Any:
    """The state a checkpoint holds, with the game's setup."""
    state = _StateUnpickler(io.BytesIO(zlib.decompress(blob))).load()
    if getattr(state, "setup", setup) is None:
        object.__setattr__(state, "setup", setup)
    return state


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


class Store:
    """One open game database. Use :meth:`open`; close it with :meth:`close` (or ``with``)."""

    def __init__(self, connection: sqlite3.Connection, path: Path, readonly: bool) -> None:
        self.db = connection
        self.path = path
        self.readonly = readonly

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, path: Path | str | None = None, *, readonly: bool = False) -> Store:
        """Open (or create) the database at ``path`` (default: :func:`default_db_path`). A file
        that is damaged, another program's, or from a newer version is refused and left untouched.
        A file that cannot be written is opened read-only."""
        file = Path(path) if path is not None else default_db_path()
        exists = file.exists()
        if exists and file.is_dir():
            raise refuse(f"{file} is a folder; give the path of a database file with --db",
                         f"{file} はフォルダです。--db でデータベースファイルのパスを指定してください")
        size = file.stat().st_size if exists else 0
        if size:
            try:
                with file.open("rb") as handle:
                    head = handle.read(100)
            except OSError as error:
                raise refuse(f"cannot read {file}: {error.strerror}",
                             f"{file} を読めません：{error.strerror}") from None
            _check_header(file, head, size)
            _quick_check(file)
        writable = (os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)) if exists else True
        if readonly or not writable:
            if not size:
                raise refuse(f"{file} holds no games yet, so there is nothing to read",
                             f"{file} にはまだゲームがありません。読むものがありません")
            return cls(_connect_ro(file), file, True)
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
                raise _busy() if locked else _damaged(file, str(error)) from None
            except sqlite3.DatabaseError as error:
                connection.close()
                raise _damaged(file, str(error)) from None
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
                    _script(db, MIGRATIONS[version])
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
        self.db.close()

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
            raise _busy() if "locked" in str(error) or "busy" in str(error) else _damaged(self.path, str(error)) \
                from None
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        try:
            self.db.execute("COMMIT")
        except sqlite3.OperationalError:
            self.db.execute("ROLLBACK")
            raise _busy() from None

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

    def _insert_game(self, game: str, mode: str, deck_text: str, start: int | None,
                     players: Sequence[str], results: Mapping[str, Any] | None = None,
                     times: Sequence[str | None] = ()) -> int:
        """A new game's row and seats; an imported game is dated by its first and last action."""
        known = [t for t in times if t]
        created, updated = (known[0], known[-1]) if known else (now(), now())
        cursor = self.db.execute(
            "INSERT INTO games(game, mode, deck, start, results, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game, mode, deck_text, start, None if results is None else _dumps(results), created, updated))
        game_id = int(cursor.lastrowid or 0)
        self.db.executemany("INSERT INTO seats(game_id, seat, player_id) VALUES (?, ?, ?)",
                            [(game_id, seat, self._player_id(name)) for seat, name in enumerate(players)])
        return game_id

    def new_game(self, game: str, players: Sequence[str], start: int | None = None,
                 deck_data: Mapping[str, Any] | None = None) -> int:
        """Start a tracked game; the players are refused as the engine refuses them (count, names,
        start seat). ``deck_data`` is the deck definition (default: the game's own deck file)."""
        engine = engine_for(game)
        if deck_data is None:
            from companion.decks import load_deck_data

            deck_data = load_deck_data(game)
        deck = engine.Deck.from_data(deck_data)
        setup = make_setup(engine, tuple(players), start, deck)
        with self._write():
            return self._insert_game(game, "track", _dumps(deck.to_data()), getattr(setup, "start", None),
                                     setup.players)

    def new_result_game(self, game: str, results: Mapping[str, Any]) -> int:
        """Store a game from its results alone: ``results`` is the ``companion settle`` input
        document (its ``deck``, a file path, is read now and kept). Refused as settle refuses it."""
        from companion.decks import load_deck_data
        from companion.settle import settle

        engine = engine_for(game)
        if not isinstance(results, Mapping):
            raise refuse("the results must be a JSON object, as companion settle takes",
                         "結果は companion settle と同じ JSON オブジェクトです")
        document = dict(results)
        if document.get("game", game) != game:
            raise refuse(f"the results are for {document.get('game')!r}, not {game!r}",
                         f"この結果は「{document.get('game')}」のもので、「{game}」のものではありません")
        document["game"] = game
        deck_file = document.get("deck")
        if deck_file is not None and not isinstance(deck_file, str):
            raise refuse("\"deck\" must be the path of a deck file", "\"deck\" にはデッキファイルのパスを書きます")
        deck = engine.Deck.from_data(load_deck_data(game, deck_file))
        answer = settle(document, False, "en", deck=deck)  # refuses what settle refuses
        document.pop("deck", None)
        names, scores = _answer_scores(answer)
        finished = bool(answer.get("complete", True))
        with self._write():
            game_id = self._insert_game(game, "sheet", _dumps(deck.to_data()), None, names, document)
            self._set_result(game_id, finished, answer["winners"] if finished else [], scores if finished else None)
        return game_id

    def _set_result(self, game_id: int, finished: bool, winners: Sequence[str],
                    scores: Sequence[int] | None) -> None:
        self.db.execute("UPDATE games SET finished = ?, winners = ? WHERE id = ?",
                        (int(finished), _dumps(list(winners)), game_id))
        self.db.execute("UPDATE seats SET score = NULL, won = NULL WHERE game_id = ?", (game_id,))
        if scores is not None:
            names = self._names(game_id)
            self.db.executemany("UPDATE seats SET score = ?, won = ? WHERE game_id = ? AND seat = ?",
                                [(score, int(names[seat] in winners), game_id, seat)
                                 for seat, score in enumerate(scores)])

    def _names(self, game_id: int) -> tuple[str, ...]:
        rows = self.db.execute("SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id "
                               "WHERE s.game_id = ? ORDER BY s.seat", (game_id,)).fetchall()
        return tuple(r[0] for r in rows)

    def _row(self, game_id: int) -> sqlite3.Row:
        cursor = self.db.cursor()
        cursor.row_factory = sqlite3.Row
        row = cursor.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise _no_game(game_id)
        return row  # type: ignore[no-any-return]

    def load(self, game_id: int) -> LiveGame:
        """The game as it stands (resumed from the nearest checkpoint, not replayed)."""
        with self._guard(), self._read():
            game = LiveGame(self, self._row(game_id), self._names(game_id))
            game.state  # noqa: B018  -- folded inside the snapshot
        return game

    def games(self) -> list[GameSummary]:
        """Every stored game, newest first."""
        with self._guard(), self._read():
            rows = self.db.execute("SELECT id, game, created, updated, finished, winners, mode, position "
                                   "FROM games ORDER BY updated DESC, id DESC").fetchall()
            seated: dict[int, list[str]] = {}
            for game_id, name in self.db.execute("SELECT s.game_id, p.name FROM seats s JOIN players p "
                                                 "ON p.id = s.player_id ORDER BY s.game_id, s.seat"):
                seated.setdefault(game_id, []).append(name)
        return [GameSummary(r[0], r[1], tuple(seated.get(r[0], ())), r[2], r[3], bool(r[4]),
                            tuple(json.loads(r[5])), r[6], r[7]) for r in rows]

    def unfinished(self) -> list[GameSummary]:
        return [g for g in self.games() if not g.finished]

    def delete(self, game_id: int) -> None:
        with self._guard(), self._write():
            if not self.db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount:
                raise _no_game(game_id)

    def roster(self) -> list[str]:
        """Every player name stored, the most recently seen first (for name completion)."""
        with self._guard():
            rows = self.db.execute("SELECT p.name FROM players p LEFT JOIN seats s ON s.player_id = p.id "
                                   "LEFT JOIN games g ON g.id = s.game_id GROUP BY p.id "
                                   "ORDER BY MAX(g.updated) DESC, MAX(g.id) DESC, p.name").fetchall()
        return [r[0] for r in rows]

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
                "ORDER BY g.game, SUM(s.won) DESC, COUNT(*) DESC, p.name", params).fetchall()
        return [StatRow(*r) for r in rows]

    def head_to_head(self, a: str, b: str, game: str | None = None) -> HeadToHead:
        """``a`` against ``b`` over the finished games both played (of ``game``, if given)."""
        if a == b:
            raise refuse("head to head needs two different players", "対戦成績には別々の二人が必要です")
        query = ("SELECT sa.won, sb.won, sa.score, sb.score FROM games g "
                 "JOIN seats sa ON sa.game_id = g.id JOIN players pa ON pa.id = sa.player_id AND pa.name = ? "
                 "JOIN seats sb ON sb.game_id = g.id JOIN players pb ON pb.id = sb.player_id AND pb.name = ? "
                 "WHERE g.finished = 1 AND sa.score IS NOT NULL AND sb.score IS NOT NULL")
        params: list[Any] = [a, b]
        if game is not None:
            query += " AND g.game = ?"
            params.append(game)
        with self._guard():
            rows = self.db.execute(query, params).fetchall()
        return HeadToHead(a, b, len(rows), sum(r[0] for r in rows), sum(r[1] for r in rows),
                          sum(r[0] and r[1] for r in rows), sum(r[2] > r[3] for r in rows),
                          sum(r[2] < r[3] for r in rows), sum(r[2] == r[3] for r in rows))

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
            raise refuse("this is not a game record this program can read: a part of its deck or setup has "
                         "the wrong shape", "このプログラムで読めるゲーム記録ではありません：デッキ定義か設定の"
                         "一部の形が違います") from None
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
                raise refuse(f"this record is already stored as game {duplicate}; nothing was imported",
                             f"この記録はゲーム {duplicate} として保存済みです。取り込みませんでした")
            game_id = self._insert_game(engine.GAME, "track", deck_text, start, setup.players, times=record.times)
            self.db.executemany("INSERT INTO actions(game_id, seq, data, time) VALUES (?, ?, ?, ?)",
                                [(game_id, seq, data, stamp) for seq, (data, stamp) in enumerate(rows)])
            mark = fingerprint(engine)
            ends = len(states) - 1  # an imported game: every CHECKPOINT_NEAR actions and at its end
            blobs = [(seq, freeze(states[seq], setup)) for seq in [*range(CHECKPOINT_NEAR, ends, CHECKPOINT_NEAR), ends]
                     if seq]
            self.db.executemany("INSERT INTO checkpoints(game_id, seq, engine, state) VALUES (?, ?, ?, ?)",
                                [(game_id, seq, mark, blob) for seq, blob in blobs if blob is not None])
            self.db.execute("UPDATE games SET position = ?, digest = ? WHERE id = ?", (len(rows), digest, game_id))
            self._set_result(game_id, *_outcome(engine, setup, states[-1]))
        return game_id

    def _find_digest(self, game: str, length: int, digest: str) -> int | None:
        """The stored game whose record has this :func:`game_digest`: candidates are the games of
        the same game and length; a candidate's digest is worked out from its rows (no replay)
        when it has none yet, and kept until the game changes."""
        rows = self.db.execute("SELECT id, digest FROM games WHERE game = ? AND mode = 'track' AND position = ?",
                               (game, length)).fetchall()
        for game_id, known in rows:
            if known is None:
                row = self._row(game_id)
                actions = self.db.execute("SELECT data, time FROM actions WHERE game_id = ? AND seq < ? "
                                          "ORDER BY seq", (game_id, row["position"])).fetchall()
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
            raise refuse(f"the game store {self.path} failed: {error}; nothing was changed",
                         f"データベース {self.path} でエラーが起きました：{error}。何も変更していません") from None
        except sqlite3.DatabaseError as error:
            raise _damaged(self.path, str(error)) from None


def game_digest(game: str, deck_text: str, players: Sequence[str], start: int | None,
                actions: Sequence[tuple[str, str | None]]) -> str:
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
    app, version, tables = db.execute("SELECT a.application_id, v.user_version, (SELECT count(*) FROM "
                                      "sqlite_master) FROM pragma_application_id AS a, pragma_user_version AS v"
                                      ).fetchone()
    return int(app), int(version), not tables


def _quick_check(file: Path) -> None:
    """SQLite's own check of every page, on a read-only connection (the file is not written)."""
    try:
        connection = _connect_ro(file)
    except sqlite3.DatabaseError as error:
        raise _damaged(file, str(error)) from None
    try:
        app, version, empty = _marks(connection)
        if app != APPLICATION_ID and not (app == 0 and version == 0 and empty):  # empty: being created now
            raise _foreign(file)
        if version > SCHEMA_VERSION:
            raise _newer(file, version)
        problems = [line for r in connection.execute("PRAGMA quick_check(3)") for line in str(r[0]).splitlines()
                    if not line.startswith("***")]
        if problems != ["ok"]:
            raise _damaged(file, problems[0] if problems else "SQLite's check failed")
    except sqlite3.DatabaseError as error:
        raise _damaged(file, str(error)) from None
    finally:
        connection.close()


def _connect_ro(file: Path) -> sqlite3.Connection:
    """A connection that cannot write the file (``mode=ro``); a file whose folder cannot take
    SQLite's shared-memory file is read as immutable."""
    uri = file.resolve().as_uri()
    try:
        connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.OperationalError:
        connection = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection


# --------------------------------------------------------------------------- engines


def engine_for(game: str) -> AnyEngine:
    from companion.rules.games import ENGINES

    engine = ENGINES.get(game)
    if engine is None:
        raise refuse(f"unknown game {game!r}; games are {', '.join(ENGINES)}",
                     f"「{game}」は不明なゲームです。ゲームは {', '.join(ENGINES)} のどれかです")
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
        self.deck = self.engine.Deck.from_data(json.loads(row["deck"]))
        self.setup = make_setup(self.engine, players, row["start"], self.deck)
        self.results: dict[str, Any] | None = None if row["results"] is None else json.loads(row["results"])
        self._finished_sheet = bool(row["finished"])
        self._sync(row)

    def _sync(self, row: sqlite3.Row) -> None:
        """Forget what was folded: the stored game is the truth (after another program changed it)."""
        self._position: int = row["position"]
        self._revision: int = row["revision"]
        self._stored: int = self.store.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                                  (self.id,)).fetchone()[0]
        self._states: dict[int, Any] = {}
        self._actions: dict[int, Any] = {}
        self._data_version: int = self.store.db.execute("PRAGMA data_version").fetchone()[0]

    # ------------------------------------------------------------ reading

    def refresh(self) -> tuple[int, int] | None:
        """Read the game again if another program (``companion play``, a second app) changed it since
        this one read it: ``(kept, before)``, the count of leading actions both agree on and the
        position this one had; None if nothing changed. Cheap when nothing changed (one PRAGMA
        ``data_version``, which moves only on another connection's commits)."""
        version = self.store.db.execute("PRAGMA data_version").fetchone()[0]
        if version == self._data_version:
            return None
        self._data_version = version
        row = self.store._row(self.id)  # refused if the game was deleted elsewhere
        if row["revision"] == self._revision:
            return None
        before, known = self._position, dict(self._actions)
        self._sync(row)
        both = min(before, self._position)
        seen = [seq for seq in sorted(known) if seq < both]  # an action not read here is taken as unchanged
        if seen:
            self._decode(seen[0], both)
        differs = (seq for seq in seen
                   if self.engine.action_to_data(known[seq]) != self.engine.action_to_data(self._actions[seq]))
        return next(differs, both), before

    def state_at(self, position: int) -> Any:
        """The state after the first ``position`` actions in effect (0 .. :attr:`position`)."""
        return self._state_at(position)

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
        rows = self.store.db.execute("SELECT seq, data FROM actions WHERE game_id = ? AND seq >= ? AND seq < ?",
                                     (self.id, missing[0], stop)).fetchall()
        for seq, data in rows:
            if seq not in self._actions:
                with self._stored_action(seq):
                    self._actions[seq] = self.engine.action_from_data(self.deck, json.loads(data))

    @contextmanager
    def _stored_action(self, seq: int) -> Iterator[None]:
        """A stored action these rules cannot read or refuse (a game stored by another version of
        the program) is named, with the rules' reason."""
        try:
            yield
        except Refusal as error:
            where = Msg(f"game {self.id}, stored action {seq}: ", f"ゲーム{self.id}の保存された{seq}番目の手：")
            raise Refusal(where + error.msg) from None

    def _state_at(self, position: int) -> Any:
        if position in self._states:
            return self._states[position]
        base = max((p for p in self._states if p <= position), default=0)
        state = self._states.get(base)
        if position - base > 1:
            row = self.store.db.execute(
                "SELECT seq, state FROM checkpoints WHERE game_id = ? AND engine = ? AND seq <= ? AND seq > ? "
                "ORDER BY seq DESC LIMIT 1", (self.id, fingerprint(self.engine), position, base)).fetchone()
            if row is not None:
                with suppress(Exception):  # an unreadable checkpoint is only a lost shortcut
                    base, state = row[0], thaw(row[1], self.setup)
        if state is None:
            base, state = 0, self.engine.new_state(self.setup)
        self._states[base] = state
        self._decode(base, position)
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

    # ------------------------------------------------------------ changing

    def _refuse_sheet(self) -> None:
        if self.mode == "sheet":
            raise refuse(f"game {self.id} was stored from its results alone: it has no moves to play or undo",
                         f"ゲーム {self.id} は結果だけで保存されています。入力する手も取り消す手もありません")

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
                db.execute("UPDATE games SET revision = revision + 1, updated = ?, digest = NULL WHERE id = ?",
                           (now(), self.id))
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
        with self._change() as db:
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (self.id, position))
            db.execute("DELETE FROM checkpoints WHERE game_id = ? AND seq > ?", (self.id, position))
            db.execute("INSERT INTO actions(game_id, seq, data, time) VALUES (?, ?, ?, ?)",
                       (self.id, position, _dumps(self.engine.action_to_data(action)), now()))
            self._checkpoint(db, position + 1, state)
            db.execute("UPDATE games SET position = ? WHERE id = ?", (position + 1, self.id))
            self.store._set_result(self.id, *finish)
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
        db.execute("DELETE FROM checkpoints WHERE game_id = ? AND seq != ? AND (seq % ? != 0 OR (seq % ? != 0 AND "
                   "seq < ?))", (self.id, position, CHECKPOINT_EVERY, CHECKPOINT_NEAR, position - CHECKPOINT_NEAR))
        blob = freeze(state, self.setup)
        if blob is not None:
            db.execute("INSERT OR REPLACE INTO checkpoints(game_id, seq, engine, state) VALUES (?, ?, ?, ?)",
                       (self.id, position, fingerprint(self.engine), blob))

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
        state = self._state_at(position)
        finish = _outcome(self.engine, self.setup, state)
        with self._change() as db:
            db.execute("UPDATE games SET position = ? WHERE id = ?", (position, self.id))
            self._checkpoint(db, position, state)
            self.store._set_result(self.id, *finish)
        self._position = position

    # ------------------------------------------------------------ results

    def record(self) -> dict[str, Any]:
        """The record of the actions in effect (docs/records.md)."""
        from companion.rules import game_records

        if self.mode == "sheet":
            raise refuse(f"game {self.id} was stored from its results alone: it has no record of moves; "
                         "companion show gives its results",
                         f"ゲーム {self.id} は結果だけで保存されているので、手の記録はありません。"
                         "結果は companion show で見られます")
        times = [r[0] for r in self.store.db.execute(
            "SELECT time FROM actions WHERE game_id = ? AND seq < ? ORDER BY seq", (self.id, self._position))]
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

"""The store's file format: the schema, its version and the migrations that lift an older file,
the hash chain kept with each game's actions, and the small pieces every part of the store writes
with (docs/store.md)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

APPLICATION_ID = 0x43504E31  # "CPN1": marks the file as this program's (PRAGMA application_id)
SCHEMA_VERSION = 4  # PRAGMA user_version; MIGRATIONS lifts an older file to it
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
    head TEXT,                           -- the hash chain where the game stands (its seed at position 0)
    location TEXT,                       -- where it was played (NULL: not said)
    notes TEXT NOT NULL DEFAULT '',      -- free notes, editable after the game
    deck_version TEXT,                   -- the deck file's "version" (NULL: it has none)
    bgg_id INTEGER,                      -- the deck file's "bgg_id", the game's BoardGameGeek id (NULL: none)
    simulated INTEGER NOT NULL DEFAULT 0, -- 1: played by companion simulate (kept out of history and statistics)
    policy TEXT                          -- a simulated game: how its seats chose (NULL: a real game or not said)
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
    phone INTEGER,                       -- the seat whose phone played it (companion serve); NULL: typed here
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
CREATE TABLE secrets(
    name TEXT PRIMARY KEY,               -- what it opens: "serve links" (companion serve's links)
    value TEXT NOT NULL
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


DETAIL_COLUMNS = (
    "location TEXT",
    "notes TEXT NOT NULL DEFAULT ''",
    "deck_version TEXT",
    "bgg_id INTEGER",
    "simulated INTEGER NOT NULL DEFAULT 0",  # 1: played by companion simulate
)


def _play_details(db: sqlite3.Connection) -> None:
    """Version 2 → 3: each game gains its details (location, notes, the deck's version and BoardGameGeek
    id) and the mark of a simulated game (``companion simulate --store``), none for the games stored
    before, every one of them real: nothing else changes, the hash chains stay as they are."""
    for column in DETAIL_COLUMNS:
        db.execute(f"ALTER TABLE games ADD COLUMN {column}")


def _policies_and_phones(db: sqlite3.Connection) -> None:
    """Version 3 → 4: a simulated game names how its seats chose (``companion simulate --policy``), so that
    games of different policies are never analysed together (the games stored before name none); each
    action may say which seat's phone played it (``companion serve``; outside the hash chain, like the
    notes: every action stored before was typed here); and the secrets that keep ``companion serve``'s
    links the same from one start to the next."""
    db.execute("ALTER TABLE games ADD COLUMN policy TEXT")
    db.execute("ALTER TABLE actions ADD COLUMN phone INTEGER")
    db.execute("CREATE TABLE secrets(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")


# from version N to N+1: what lifts it, in the transaction that opens the file for writing
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _chain_every_game,
    2: _play_details,
    3: _policies_and_phones,
}


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


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} in a checkpoint")


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

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

The package's parts: ``schema`` (the file format, its migrations, the hash chain), ``refusals``,
``checks`` (a file looked at before it is written), ``checkpoints``, ``engines``, ``database`` (an
open file: opening, transactions, rows), ``live`` (:class:`LiveGame`), ``stats`` and ``store``
(:class:`Store`). Every name below is imported from ``companion.store``.
"""

from companion.store.checkpoints import _FINGERPRINTS, checkpoint_seqs, fingerprint, freeze, thaw
from companion.store.engines import engine_for, make_setup
from companion.store.live import LiveGame
from companion.store.refusals import MAX_ID, unfoldable
from companion.store.schema import (
    APPLICATION_ID,
    BUSY_MS,
    CHECKPOINT_EVERY,
    CHECKPOINT_NEAR,
    MIGRATIONS,
    SCHEMA,
    SCHEMA_VERSION,
    chain_game,
    chain_link,
    chain_seed,
    default_db_path,
    game_digest,
    now,
)
from companion.store.stats import GameSummary, HeadToHead, StatRow
from companion.store.store import Store

__all__ = [
    "APPLICATION_ID",
    "BUSY_MS",
    "CHECKPOINT_EVERY",
    "CHECKPOINT_NEAR",
    "MAX_ID",
    "MIGRATIONS",
    "SCHEMA",
    "SCHEMA_VERSION",
    "_FINGERPRINTS",
    "GameSummary",
    "HeadToHead",
    "LiveGame",
    "StatRow",
    "Store",
    "chain_game",
    "chain_link",
    "chain_seed",
    "checkpoint_seqs",
    "default_db_path",
    "engine_for",
    "fingerprint",
    "freeze",
    "game_digest",
    "make_setup",
    "now",
    "thaw",
    "unfoldable",
]

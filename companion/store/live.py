"""A live game: one stored game open for play, its state the fold of the actions in effect, each
change committed before its result is returned."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any

from companion.records.play_details import Details
from companion.rules.common import Lang, Msg, Refusal, plural, refuse
from companion.rules.engine import ActionShape, JsonObject, StateShape
from companion.store.checkpoints import _seal, fingerprint, freeze, thaw
from companion.store.database import Database
from companion.store.engines import _outcome, engine_for, make_setup
from companion.store.refusals import _changed_elsewhere, _no_game, _read_only, _stored_json, unfoldable
from companion.store.schema import CHECKPOINT_EVERY, CHECKPOINT_NEAR, _dumps, chain_link, chain_seed, now


class _Stale(Exception):
    """Another program changed the game since this one read it."""


class LiveGame:
    """One stored game, open for play: its state is the fold of the actions in effect.

    States already folded are kept, so undo within a session is a lookup; a new session starts
    from the nearest stored checkpoint. Each change is committed before its result is returned.
    """

    defer_checkpoints = False  # True: a change leaves its checkpoint to save_checkpoints (the app, in idle time)

    def __init__(self, store: Database, row: sqlite3.Row, players: tuple[str, ...]) -> None:
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
        present = set(row.keys())  # a file of version 2 or older, opened read-only, has no details yet

        def column(name: str, default: Any) -> Any:
            return row[name] if name in present else default

        self.details = Details(
            column("location", None), column("notes", ""), column("deck_version", None), column("bgg_id", None)
        )

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
        self._states: dict[int, StateShape] = {}
        self._actions: dict[int, ActionShape] = {}
        self._unsaved: set[int] = set()  # positions whose checkpoint a change left for save_checkpoints
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
    def revision(self) -> int:
        """The game's revision as this one read it: every change (a move, an undo, a redo, by any
        program) raises it, so a request made against one revision is not played on another."""
        return self._revision

    def phones(self, start: int, stop: int) -> list[int | None]:
        """For each stored action ``start`` .. ``stop - 1``: the seat whose phone played it
        (``companion serve``'s seat page), or None where it was typed here (the app, the command
        line) or the file is older than phones."""
        if self.store.version < 4 or stop <= start:
            return [None] * max(0, stop - start)
        with self.store._guard():
            found = dict(
                self.store.db.execute(
                    "SELECT seq, phone FROM actions WHERE game_id = ? AND seq >= ? AND seq < ?", (self.id, start, stop)
                ).fetchall()
            )
        return [found.get(seq) if isinstance(found.get(seq), int) else None for seq in range(start, stop)]

    @property
    def state(self) -> StateShape:
        return self._state_at(self._position)

    @property
    def actions(self) -> tuple[ActionShape, ...]:
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

    def state_at(self, position: int) -> StateShape:
        """The state after the first ``position`` stored actions (undone ones included); a stored
        action these rules refuse is :func:`unfoldable`."""
        if not 0 <= position <= self._stored:
            raise refuse(
                f"game {self.id} has {plural(self._stored, 'stored action', 'stored actions')}, not {position}",
                f"ゲーム{self.id}の保存された手は{self._stored}手です（{position}ではありません）",
            )
        return self._state_at(position)

    def _state_at(self, position: int) -> StateShape:
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

    def play(self, action: ActionShape, phone: int | None = None) -> Msg:
        """Apply ``action``; it is stored durably before its ruling is returned. A refused action
        (``Refusal``) changes nothing. Undone actions after the current one are dropped. ``phone``:
        the seat whose phone played it (``companion serve``), kept beside it (:meth:`phones`)."""
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
            db.execute(  # a file written to is of this version: it has the phone column
                "INSERT INTO actions(game_id, seq, data, time, chain, phone) VALUES (?, ?, ?, ?, ?, ?)",
                (self.id, position, data, stamp, chain, phone),
            )
            self._chains[position + 1 :] = [chain]
            self._keep(db, position + 1, state)
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

    def _keep(self, db: sqlite3.Connection, position: int, state: StateShape) -> None:
        """The checkpoint of ``state`` at ``position``, where the game now stands: written in this
        change's transaction, or (``defer_checkpoints``) left for :meth:`save_checkpoints`. A
        checkpoint only saves folding: a game whose last checkpoints were never written resumes
        from an earlier one and folds the actions after it."""
        if not self.defer_checkpoints:
            self._checkpoint(db, position, [(position, state)])
            return
        self._unsaved.add(position)

    def save_checkpoints(self) -> int:
        """Write the checkpoints the changes since the last call left (``defer_checkpoints``): the
        state where the game stands and, of the positions passed meanwhile, those
        :func:`checkpoint_seqs` keeps; how many were written. Nothing is written if another program
        changed the game meanwhile (its changes wrote their own), or the file is busy: a checkpoint
        not written is only folding to do when the game is opened again."""
        position, unsaved = self._position, self._unsaved
        self._unsaved = set()
        if not unsaved or self.store.readonly or self.store.version < 2:
            return 0
        states = [
            (seq, self._states[seq])
            for seq in sorted(unsaved)
            if seq in self._states and (seq == position or (0 < seq < position and seq % CHECKPOINT_EVERY == 0))
        ]
        if not states or states[-1][0] != position:
            return 0  # the state where it stands is not folded: nothing to keep
        try:
            with self.store._guard(), self.store._write() as db:
                row = db.execute("SELECT revision FROM games WHERE id = ?", (self.id,)).fetchone()
                if row is None or row[0] != self._revision:
                    return 0
                self._checkpoint(db, position, states)
        except Refusal:
            return 0
        return len(states)

    def _checkpoint(self, db: sqlite3.Connection, position: int, states: list[tuple[int, StateShape]]) -> None:
        """Keep each ``(seq, state)`` as a checkpoint, the game standing at ``position`` (resuming
        starts there); of the others, those in :func:`checkpoint_seqs` for it stay."""
        db.execute(
            "DELETE FROM checkpoints WHERE game_id = ? AND seq != ? AND (seq % ? != 0 OR (seq % ? != 0 AND seq < ?))",
            (self.id, position, CHECKPOINT_EVERY, CHECKPOINT_NEAR, position - CHECKPOINT_NEAR),
        )
        engine = fingerprint(self.engine)
        for seq, state in states:
            blob = freeze(self.engine, state)
            db.execute(
                "INSERT OR REPLACE INTO checkpoints(game_id, seq, engine, state, seal) VALUES (?, ?, ?, ?, ?)",
                (self.id, seq, engine, blob, _seal(self._chains[seq], blob)),
            )

    def play_line(self, line: str, phone: int | None = None) -> Msg:
        """A table-notation line (docs/notation.md), read against the current state, then played."""
        self._refuse_sheet()
        action = self.engine.parse_line(self.state, line)
        return self.play(action, phone)

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
            self._keep(db, position, state)
            self.store._set_result(self.id, *finish)
        self._position = position

    # ------------------------------------------------------------ results

    def record(self) -> JsonObject:
        """The record of the actions in effect (docs/records.md)."""
        from companion.records import game_records

        if self.mode == "sheet":
            raise refuse(
                f"game {self.id} was stored from its results alone: it has no record of moves; "
                "companion show gives its results",
                f"ゲーム {self.id} は結果だけで保存されているので、手の記録はありません。"
                "結果は companion show で見られます",
            )
        return game_records.make_record(self.engine, self.setup, self.actions, self.times(), self.details)

    def times(self) -> list[str | None]:
        """The time of each action in effect, as stored (None where it was not kept)."""
        with self.store._guard():
            return [
                r[0]
                for r in self.store.db.execute(
                    "SELECT time FROM actions WHERE game_id = ? AND seq < ? ORDER BY seq", (self.id, self._position)
                )
            ]

    def duration_min(self) -> float | None:
        """Minutes from the first action in effect to the last, by their times (None for a score sheet,
        or where fewer than two times were kept)."""
        from companion.analysis.playtest import minutes_between

        if self.mode == "sheet":
            return None
        known = [t for t in self.times() if t]
        return minutes_between(known[0], known[-1]) if len(known) >= 2 else None

    def deck_label(self) -> str:
        """The deck's version as the playtest analysis names it: the deck file's version and the short
        hash of the deck data played (``2.1+1a2b3c4d``), or the hash alone."""
        from companion.analysis.playtest import deck_version

        return deck_version(self.deck.to_data(), self.details.deck_version)

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

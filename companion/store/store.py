"""The store: the games on an open database: new ones, stored ones listed, loaded, deleted,
their statistics, and records exported and imported."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from companion.records.play_details import check_location, check_notes, deck_details
from companion.rules.common import Msg, Refusal, refuse
from companion.rules.engine import ActionShape, GameEngine, JsonObject, SetupShape
from companion.store import stats
from companion.store.checkpoints import _seal, fingerprint, freeze
from companion.store.database import Database
from companion.store.engines import _answer_scores, _outcome, engine_for, make_setup
from companion.store.live import LiveGame
from companion.store.refusals import MAX_ID, _no_game, _stored_json
from companion.store.schema import CHECKPOINT_NEAR, _dumps, chain_link, chain_seed, game_digest
from companion.store.stats import GameSummary, HeadToHead, StatRow

if TYPE_CHECKING:
    from companion.analysis.playtest import PlayedGame


class Store(Database):
    """One open game database. Use :meth:`open`; close it with :meth:`close` (or ``with``)."""

    def new_game(
        self,
        game: str,
        players: Sequence[str],
        start: int | None = None,
        deck_data: Mapping[str, Any] | None = None,
        location: str | None = None,
    ) -> int:
        """Start a tracked game; the players are refused as the engine refuses them (count, names,
        start seat). ``deck_data`` is the deck definition (default: the game's own deck file): its
        ``version`` and ``bgg_id`` are kept with the game, and ``location``, where it is played."""
        engine = engine_for(game)
        if deck_data is None:
            from companion.cards.decks import load_deck_data

            deck_data = load_deck_data(game)
        from companion.rules.deck_rules import read_deck

        deck = read_deck(engine, deck_data)
        details = dataclasses.replace(deck_details(deck_data), location=check_location(location))
        setup = make_setup(engine, tuple(players), start, deck)
        with self._guard(), self._write():
            return self._insert_game(
                game, "track", _dumps(deck.to_data()), getattr(setup, "start", None), setup.players, details=details
            )

    def set_notes(self, game_id: int, notes: str) -> str:
        """Replace game ``game_id``'s notes (at any time, after the game too): the notes as kept (spaces
        around them dropped). Refused, nothing changed, for text that is too long or holds control
        characters. The game's moves, its time and its record's other parts do not change."""
        text = check_notes(notes)
        with self._guard(), self._write():
            self._row(game_id)  # refuses a game that does not exist (a file written to is of this version)
            self.db.execute("UPDATE games SET notes = ? WHERE id = ?", (text, game_id))
        return text

    def secret(self, name: str, make: Callable[[], str], renew: bool = False) -> tuple[str, bool]:
        """The secret kept as ``name`` in this file (``companion serve``'s links), made with ``make``
        and kept the first time it is asked for, or with ``renew`` (the old one then opens nothing);
        and whether it is kept. A file that cannot be written (or is older than secrets and opened
        read-only) keeps nothing: a secret made now is returned, not kept."""
        if not self.readonly:
            with self._guard(), self._write() as db:
                row = None if renew else db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
                if row is not None and isinstance(row[0], str) and row[0]:
                    return row[0], True
                value = make()
                db.execute("INSERT OR REPLACE INTO secrets(name, value) VALUES (?, ?)", (name, value))
                return value, True
        if self.version >= 4 and not renew:
            with self._guard():
                row = self.db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
            if row is not None and isinstance(row[0], str) and row[0]:
                return row[0], True
        return make(), False

    def new_result_game(self, game: str, results: Mapping[str, Any], location: str | None = None) -> int:
        """Store a game from its results alone: ``results`` is the ``companion settle`` input
        document (its ``deck``, a file path, is read now and kept). Refused as settle refuses it."""
        from companion.cards.decks import load_deck_data
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
        deck_data = load_deck_data(game, deck_file)
        deck = engine.Deck.from_data(deck_data)
        details = dataclasses.replace(deck_details(deck_data), location=check_location(location))
        answer = settle(document, False, "en", deck=deck)  # refuses what settle refuses
        document.pop("deck", None)
        names, scores = _answer_scores(answer)
        make_setup(engine, tuple(names), None, deck)  # the table it is read back as: refused now, not at load
        finished = bool(answer.get("complete", True))
        with self._guard(), self._write():
            game_id = self._insert_game(game, "sheet", _dumps(deck.to_data()), None, names, document, details=details)
            self._set_result(game_id, finished, answer["winners"] if finished else [], scores if finished else None)
        return game_id

    def load(self, game_id: int) -> LiveGame:
        """The game as it stands (resumed from the nearest checkpoint, not replayed)."""
        with self._guard(), self._read():
            game = LiveGame(self, self._row(game_id), self._names(game_id))
            with suppress(Refusal):  # a game these rules cannot fold to its end still opens: undo and export work
                game.state  # noqa: B018  -- folded inside the snapshot
        return game

    def games(self) -> list[GameSummary]:
        """Every stored game, newest first (the simulated ones, ``companion simulate --store``, left out)."""
        with self._guard(), self._read():
            rows = self.db.execute(
                "SELECT id, game, created, updated, finished, winners, mode, position "
                f"FROM games g WHERE {self._real()} ORDER BY updated DESC, id DESC"
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
                f"HAVING COUNT(g.id) = 0 OR SUM({self._real()}) > 0 "  # a seat only at simulated tables: left out
                "ORDER BY MAX(g.updated) DESC, MAX(g.id) DESC, p.name"
            ).fetchall()
        names = [r[0] for r in rows]
        self._check(names, "s" * len(names), "a player's name")
        return names

    # ------------------------------------------------------------ statistics

    def stats(self, game: str | None = None, player: str | None = None) -> list[StatRow]:
        """Per player and game, over every finished game stored: plays, wins, scores."""
        return stats.stat_rows(self, game, player)

    def played_games(self, simulated: bool = False, leads: bool = True) -> list[PlayedGame]:
        """Every finished, settled game as the playtest analysis reads it (companion.analysis.playtest), oldest first;
        with ``leads``, a tracked game with its lead changes (:meth:`with_lead_changes`). The real games;
        ``simulated``: the simulated ones instead."""
        games = stats.played_games(self, simulated)
        return self.with_lead_changes(games) if leads else games

    def with_lead_changes(self, games: Sequence[PlayedGame]) -> list[PlayedGame]:
        """``games`` with their lead changes, each tracked game's actions replayed (a game that cannot be
        read keeps none; a score sheet has none). A replay a game: a few milliseconds each."""
        from companion.analysis.playtest import with_lead_changes

        def replay(game: PlayedGame) -> tuple[GameEngine, SetupShape, tuple[ActionShape, ...]] | None:
            try:
                live = self.load(int(game.id))
                return live.engine, live.setup, live.actions
            except Refusal:
                return None

        return with_lead_changes(games, replay)

    def head_to_head(self, a: str, b: str, game: str | None = None) -> HeadToHead:
        """``a`` against ``b`` over the finished games both played (of ``game``, if given)."""
        return stats.head_to_head(self, a, b, game)

    # ------------------------------------------------------------ records

    def export_record(self, game_id: int) -> JsonObject:
        """The game's record (docs/records.md): the actions in effect, with their times."""
        return self.load(game_id).record()

    def import_record(self, data: Mapping[str, Any], simulated: bool = False, policy: str | None = None) -> int:
        """Store a record as a new game (its actions checked by folding them); a record equal to
        a game already stored is refused. ``simulated``: a game ``companion simulate`` played, kept out
        of history and statistics (``played_games(simulated=True)`` reads them), with ``policy``, how its
        seats chose (``companion.simulate.policies.label``)."""
        from companion.records import game_records

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
        start = engine.start(setup)
        rows = [(_dumps(engine.action_to_data(a)), t) for a, t in zip(record.actions, record.times, strict=True)]
        digest = game_digest(engine.GAME, deck_text, setup.players, start, rows)
        with self._guard(), self._write():
            duplicate = self._find_digest(engine.GAME, len(rows), digest)
            if duplicate is not None:
                raise refuse(
                    f"this record is already stored as game {duplicate}; nothing was imported",
                    f"この記録はゲーム {duplicate} として保存済みです。取り込みませんでした",
                )
            game_id = self._insert_game(
                engine.GAME, "track", deck_text, start, setup.players, times=record.times, details=record.details
            )
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
            if simulated:
                self.db.execute("UPDATE games SET simulated = 1, policy = ? WHERE id = ?", (policy, game_id))
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

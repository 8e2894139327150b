"""The game store: games survive closing, undo and redo survive restarts, refusals change nothing,
and a stale writer never loses or duplicates an action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import store as store_module
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Refusal
from companion.store import CHECKPOINT_EVERY, Store
from tests.helpers.store_games import played

ENGINES = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}


def start(db: Store, game: str, setup: Any) -> int:
    return db.new_game(game, setup.players, getattr(setup, "start", None), setup.deck.to_data())


@pytest.mark.parametrize("game,players", [("fortress", 3), ("homalet", 4), ("dragoness", 5)])
def test_played_actions_survive_closing_and_fold_to_the_same_state(tmp_path: Path, game: str, players: int) -> None:
    engine = ENGINES[game]
    setup, actions = played(game, players, seed=7, rounds=1)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        game_id = start(db, game, setup)
        live = db.load(game_id)
        for action in actions[:40]:
            ruling = live.play(action)
            assert ruling.en and ruling.ja
    with Store.open(path) as db:
        live = db.load(game_id)
        assert live.actions == tuple(actions[:40])
        assert live.state == engine.fold(setup, actions[:40])
        assert live.players == setup.players and live.game == game


def test_undo_and_redo_work_across_restarts(tmp_path: Path) -> None:
    setup, actions = played("fortress", 3, seed=3)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        game_id = start(db, "fortress", setup)
        live = db.load(game_id)
        for action in actions[:10]:
            live.play(action)
        assert live.undo(3) == 3 and live.position == 7
        assert live.can_redo and live.can_undo
    with Store.open(path) as db:
        live = db.load(game_id)
        assert live.actions == tuple(actions[:7])
        assert live.state == fortress.fold(setup, actions[:7])
        assert live.redo(2) == 2
    with Store.open(path) as db:
        live = db.load(game_id)
        assert live.actions == tuple(actions[:9])
        assert live.redo(5) == 1 and not live.can_redo  # only one was left to redo
        assert live.undo(100) == 10 and not live.can_undo
        assert live.state == fortress.new_state(setup)
        assert live.redo(0) == 0 and live.undo(0) == 0


def test_a_new_action_after_undo_replaces_the_undone_ones(tmp_path: Path) -> None:
    setup, actions = played("homalet", 3, seed=5)
    _, other = played("homalet", 3, seed=6)
    with Store.open(tmp_path / "g.sqlite3") as db:
        live = db.load(start(db, "homalet", setup))
        for action in actions[:3]:
            live.play(action)
        live.undo(3)
        live.play(other[0])  # a different first reveal
        assert not live.can_redo
        again = db.load(live.id)
        assert again.actions == (other[0],) and not again.can_redo
        assert db.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (live.id,)).fetchone()[0] == 1


def test_a_refused_action_changes_nothing(tmp_path: Path) -> None:
    setup, actions = played("fortress", 3, seed=1)
    with Store.open(tmp_path / "g.sqlite3") as db:
        live = db.load(start(db, "fortress", setup))
        live.play(actions[0])
        before = db.db.execute("SELECT * FROM games").fetchall(), db.db.execute("SELECT * FROM actions").fetchall()
        with pytest.raises(Refusal):
            live.play(actions[0])  # the same reveal again: that cell is taken
        after = db.db.execute("SELECT * FROM games").fetchall(), db.db.execute("SELECT * FROM actions").fetchall()
        assert before == after and live.position == 1


@pytest.mark.slow
def test_resume_and_undo_at_the_end_of_a_long_game_fold_few_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The longest game (Dragoness, 8 players, five rounds) resumes from a checkpoint."""
    setup, actions = played("dragoness", 8, seed=2)
    assert len(actions) > 4 * CHECKPOINT_EVERY
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        live = db.load(start(db, "dragoness", setup))
        for action in actions:
            live.play(action)
    calls = []
    real = dragoness.apply

    def counting(state: Any, action: Any) -> Any:
        calls.append(action)
        return real(state, action)

    monkeypatch.setattr(dragoness, "apply", counting)
    with Store.open(path) as db:
        live = db.load(live.id)
        assert calls == []  # the state at the end was kept
        live.undo(1)
        assert 0 < len(calls) < CHECKPOINT_EVERY
        calls.clear()
        live.undo(2 * CHECKPOINT_EVERY + 3)
        assert 0 < len(calls) < CHECKPOINT_EVERY
    monkeypatch.setattr(dragoness, "apply", real)
    with Store.open(path) as db:
        live = db.load(live.id)
        assert live.state == dragoness.fold(setup, actions[: len(actions) - (2 * CHECKPOINT_EVERY + 4)])


def test_a_checkpoint_from_other_rules_code_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, actions = played("homalet", 4, seed=9)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        live = db.load(start(db, "homalet", setup))
        for action in actions:
            live.play(action)
        db.db.execute("UPDATE checkpoints SET state = ?", (b"not a state",))  # a damaged checkpoint
    with Store.open(path) as db:
        assert db.load(live.id).state == homalet.fold(setup, actions)
    monkeypatch.setitem(store_module._FINGERPRINTS, "companion.rules.homalet", "other code")
    with Store.open(path) as db:
        assert db.load(live.id).state == homalet.fold(setup, actions)


def test_a_second_program_playing_the_same_game_is_refused_not_duplicated(tmp_path: Path) -> None:
    setup, actions = played("fortress", 4, seed=4)
    path = tmp_path / "g.sqlite3"
    first, second = Store.open(path), Store.open(path)
    game_id = start(first, "fortress", setup)
    a, b = first.load(game_id), second.load(game_id)
    a.play(actions[0])
    with pytest.raises(Refusal, match="changed by another program"):
        b.play(actions[0])
    assert b.position == 1  # it now shows the stored game
    b.play(actions[1])
    with pytest.raises(Refusal, match="changed by another program"):
        a.undo()
    assert first.load(game_id).actions == tuple(actions[:2])
    first.close()
    second.close()


def test_new_game_refuses_bad_tables_and_unknown_games(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.sqlite3") as db:
        with pytest.raises(Refusal, match="unknown game"):
            db.new_game("chess", ["A", "B"])
        with pytest.raises(Refusal, match="3 to 5 players"):
            db.new_game("fortress", ["A", "B"])
        with pytest.raises(Refusal, match="name of their own"):
            db.new_game("homalet", ["A", "A", "B"])
        assert db.games() == [] and db.roster() == []
        with pytest.raises(Refusal, match="no game 5"):
            db.load(5)


def test_games_list_newest_first_and_delete(tmp_path: Path) -> None:
    with Store.open(tmp_path / "g.sqlite3") as db:
        one = db.new_game("fortress", ["Aki", "Ben", "Chie"], start=1)
        two = db.new_game("dragoness", ["Ben", "Dan"])
        listed = db.games()
        assert [g.id for g in listed] == [two, one]
        assert listed[1].players == ("Aki", "Ben", "Chie") and listed[1].mode == "track"
        assert not listed[0].finished and listed[0].winners == ()
        assert db.roster()[:2] == ["Ben", "Dan"] and set(db.roster()) == {"Aki", "Ben", "Chie", "Dan"}
        assert db.load(one).engine.start(db.load(one).setup) == 1
        db.delete(one)
        assert [g.id for g in db.unfinished()] == [two]
        with pytest.raises(Refusal, match="no game"):
            db.delete(one)


def test_a_stored_action_these_rules_refuse_is_named(tmp_path: Path) -> None:
    """A game stored by another version whose rules read an action differently: its state says
    which stored action and why, instead of failing somewhere inside (the game still opens, so that
    it can be undone to the last good action or exported)."""
    setup, actions = played("fortress", 3, seed=6)
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        live = db.load(start(db, "fortress", setup))
        for action in actions[:3]:
            live.play(action)
        db.db.execute("DELETE FROM checkpoints")
        db.db.execute("UPDATE actions SET data = ? WHERE seq = 1", ('{"type": "teleport"}',))
        store_module.chain_game(db.db, live.id)  # as that version stored it
    with Store.open(path) as db, pytest.raises(Refusal, match=r"game 1, stored action 1: unknown action type"):
        db.load(live.id).state  # noqa: B018


@pytest.mark.parametrize("game,players", [("fortress", 4), ("homalet", 3), ("dragoness", 3)])
def test_a_played_games_record_imported_again_is_a_duplicate_until_the_game_changes(
    tmp_path: Path, game: str, players: int
) -> None:
    """The duplicate check hashes a played game from its stored rows: that hash must be the one an
    import of its record computes, and a change to the game must make it another game."""
    setup, actions = played(game, players, seed=12, rounds=1)
    with Store.open(tmp_path / "g.sqlite3") as db:
        live = db.load(start(db, game, setup))
        for action in actions[:30]:
            live.play(action)
        live.undo(4)
        record = live.record()
        with pytest.raises(Refusal, match=f"already stored as game {live.id}"):
            db.import_record(record)
        live.redo(1)
        copy = db.import_record(record)  # the game moved on: the old record is another game now
        assert db.export_record(copy) == record
        with pytest.raises(Refusal, match=f"already stored as game {copy}"):
            db.import_record(record)


@pytest.mark.slow
def test_checkpoints_stay_few_in_a_long_game(tmp_path: Path) -> None:
    """Dense near where the game stands, sparse further back: storage stays small."""
    from companion.store import CHECKPOINT_NEAR, checkpoint_seqs

    setup, actions = played("dragoness", 8, seed=2)
    with Store.open(tmp_path / "g.sqlite3") as db:
        live = db.load(start(db, "dragoness", setup))
        for action in actions:
            live.play(action)
        kept = [r[0] for r in db.db.execute("SELECT seq FROM checkpoints ORDER BY seq")]
        assert kept == checkpoint_seqs(len(actions))
        assert len(kept) <= len(actions) // CHECKPOINT_NEAR + CHECKPOINT_NEAR // CHECKPOINT_EVERY + 2
        live.undo(100)  # the state where it now stands is kept; those undone stay for redo
        kept = [r[0] for r in db.db.execute("SELECT seq FROM checkpoints ORDER BY seq")]
        assert live.position in kept and len(actions) - CHECKPOINT_EVERY < max(kept) <= len(actions)

"""Simulated games in the store (issue 21, ``companion simulate --store``): marked simulated (schema
version 3) and named with their policy (version 4, issue 31), never in the history, the players'
statistics, the roster or the real playtest analysis; read on their own by ``played_games(simulated=True)``.
A version 2 or 3 file reads as it is (every game real; no policy named) and is lifted to version 4 in
place when written."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.cards.decks import load_deck_data
from companion.rules import homalet as h
from companion.simulate import simulate
from companion.store import SCHEMA_VERSION, Store
from tests.helpers.store_games import without_version_3, without_version_4

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
DECK = h.Deck.from_data(load_deck_data("homalet"))


def stored(path: Path) -> tuple[int, list[int]]:
    """The HOMALET example record (real, players Aki .. Gen) and three simulated games (P1 .. P4)."""
    with Store.open(path) as db:
        real = db.import_record(json.loads((EXAMPLES / "homalet.json").read_text("utf-8")))
        sims = [
            db.import_record(s.record, simulated=True, policy=s.played.policy)
            for s in simulate("homalet", DECK, 4, 3, "greedy", seed=1, records=True)
            if s.record is not None
        ]
    return real, sims


def test_simulated_games_stay_out_of_history_and_statistics(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    real, sims = stored(path)
    with Store.open(path) as db:
        assert [g.id for g in db.games()] == [real]  # the history
        assert {r.player for r in db.stats()} == {"Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen"}
        assert not any(name.startswith("P") for name in db.roster())
        assert [g.id for g in db.played_games()] == [str(real)] and not db.played_games()[0].simulated
        simulated = db.played_games(simulated=True)
        assert [g.id for g in simulated] == [str(i) for i in sims] and all(g.simulated for g in simulated)
        assert all(g.lead_changes is not None and g.players == ("P1", "P2", "P3", "P4") for g in simulated)
        assert {g.policy for g in simulated} == {"greedy"} and db.played_games()[0].policy == ""
        assert db.load(sims[0]).finished  # still a stored game: shown, exported, deleted like any
        db.delete(sims[0])
        assert len(db.played_games(simulated=True)) == 2


def test_a_version_2_file_reads_as_it_is_and_is_lifted_to_version_3(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with Store.open(path) as db:
        real = db.import_record(json.loads((EXAMPLES / "homalet.json").read_text("utf-8")))
    connection = sqlite3.connect(path)
    without_version_3(connection)  # as version 2 wrote it
    connection.execute("PRAGMA user_version = 2")
    connection.commit()
    connection.close()
    with Store.open(path, readonly=True) as db:
        assert db.version == 2 and [g.id for g in db.games()] == [real]
        assert len(db.played_games()) == 1 and db.played_games(simulated=True) == []
        assert db.load(real).finished
    with Store.open(path) as db:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        assert db.db.execute("SELECT simulated FROM games").fetchall() == [(0,)]  # what was stored is real
        assert [g.id for g in db.games()] == [real]


def test_a_version_3_file_keeps_its_simulated_games_with_no_policy_named(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    _, sims = stored(path)
    connection = sqlite3.connect(path)
    without_version_4(connection)  # as version 3 wrote it: simulated games, no policy
    connection.execute("PRAGMA user_version = 3")
    connection.commit()
    connection.close()
    with Store.open(path, readonly=True) as db:
        assert db.version == 3 and [g.policy for g in db.played_games(simulated=True)] == ["", "", ""]
    with Store.open(path) as db:  # lifted to version 4: the games stay, their policy unknown
        assert db.version == SCHEMA_VERSION == 4
        assert [g.id for g in db.played_games(simulated=True)] == [str(i) for i in sims]
        assert db.db.execute("SELECT DISTINCT policy FROM games").fetchall() == [(None,)]

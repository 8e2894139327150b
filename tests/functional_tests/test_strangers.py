"""Files from strangers (issue 16), tried from the attacker's side as real processes: tiny inputs that
would take gigabytes, refused commands that changed the game, another writer under an undo, crafted
rows and ids. Every refusal is one sentence, exit 2, and changes nothing."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.records import game_records
from companion.store import Store, chain_game
from tests.helpers.inprocess import assert_refused, call
from tests.helpers.limited import companion

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "records"


def one_line_refusal(result: Any) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout[-300:], result.stderr[-300:])
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr[:500]
    assert "unexpected error" not in result.stderr and "Traceback" not in result.stderr
    return str(result.stderr)


def imported(tmp_path: Path, game: str = "fortress") -> tuple[Path, int]:
    db = tmp_path / "games.sqlite3"
    with Store.open(db) as store:
        game_id = store.import_record(json.loads((EXAMPLES / f"{game}.json").read_text("utf-8")))
    return db, game_id


def rewrite_action(db: Path, game_id: int, seq: int, data: dict[str, Any]) -> None:
    """Another program (other rules code) stored this action: written with the store's own API."""
    with Store.open(db) as store:
        store.db.execute("UPDATE actions SET data = ? WHERE game_id = ? AND seq = ?", (json.dumps(data), game_id, seq))
        chain_game(store.db, game_id)  # the hash chain of each row, as that program would have written it


# --------------------------------------------------------------------------- item 2: bombs


def test_a_qr_part_claiming_a_hundred_million_parts_is_refused_in_a_short_line(tmp_path: Path) -> None:
    for count in ("100000000", "1000000", "65"):
        part = tmp_path / "part.txt"
        part.write_text(f"CR1:1/{count}:ABCDEF12:AAA\n")
        err = one_line_refusal(companion("import", str(part), "--db", str(tmp_path / "g.sqlite3"), timeout=30))
        assert len(err) < 300, err


def test_missing_parts_are_said_as_ranges(tmp_path: Path) -> None:
    parts = tmp_path / "parts.txt"
    parts.write_text("CR1:1/64:ABCDEF12:AAA\nCR1:7/64:ABCDEF12:AAA\nCR1:9/64:ABCDEF12:AAA\n")
    err = one_line_refusal(companion("import", str(parts), "--db", str(tmp_path / "g.sqlite3")))
    assert "parts 2–6, 8 and 10–64 of 64 are missing" in err


def test_a_part_number_of_5000_digits_or_of_other_scripts_digits_is_no_part(tmp_path: Path) -> None:
    for heading in (f"CR1:{'9' * 5000}/2:ABCDEF12:AAA", "CR1:፩/2:ABCDEF12:AAA", "CR1:1/2:ABCDEF12:AAA\nCR1:2/፩:A"):
        part = tmp_path / "part.txt"
        part.write_text(heading + "\n", encoding="utf-8")
        err = one_line_refusal(companion("import", str(part), "--db", str(tmp_path / "g.sqlite3")))
        assert len(err) < 300


def test_play_reading_dev_zero_is_refused_at_once_under_200_mb(tmp_path: Path) -> None:
    db, game_id = imported(tmp_path)
    with open("/dev/zero", "rb") as zero:
        err = one_line_refusal(companion("play", str(game_id), "-", "--db", str(db), stdin=zero.fileno(), timeout=30))
    assert "longer than 4,096 bytes" in err


def test_play_reading_endless_short_lines_is_refused_past_the_input_limit(tmp_path: Path) -> None:
    db, game_id = imported(tmp_path)
    with Store.open(db) as store:
        store.load(game_id).undo(1)
    comments = b"# a comment\n" * 200_000  # 2.4 MB of lines, each short
    err = one_line_refusal(companion("play", str(game_id), "-", "--db", str(db), stdin=comments, timeout=30))
    assert "more than 1,000,000 bytes" in err


def test_play_refuses_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    db, game_id = imported(tmp_path)
    err = one_line_refusal(companion("play", str(game_id), "-", "--db", str(db), stdin=b"\xff\xfe R1\n"))
    assert "not UTF-8" in err


@pytest.mark.parametrize("game,key,value", [("fortress", "ranks", 1_000_000), ("dragoness", "numbers", 10_000_000)])
def test_a_deck_of_millions_of_cards_in_a_record_is_refused_under_200_mb(
    tmp_path: Path, game: str, key: str, value: int
) -> None:
    record = json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))
    record["deck"][key] = value
    record["actions"] = []
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    for command in (["replay", str(path)], ["import", str(path), "--db", str(tmp_path / "g.sqlite3")]):
        err = one_line_refusal(companion(*command, timeout=30))
        assert f'"{key}" must be a whole number from 1 to' in err


# --------------------------------------------------------------------------- items 4 and 5


def test_a_refused_undo_changes_nothing_and_says_what_to_do(tmp_path: Path) -> None:
    """A stored action these rules refuse (stored by other rules code, whose checkpoints are not
    used): a command that would fold past it is refused, changes nothing and says what to do; undo
    back to the last good action and export still work."""
    db, game_id = imported(tmp_path)
    with Store.open(db) as store:
        before = store.load(game_id).position
        data = json.loads(
            store.db.execute("SELECT data FROM actions WHERE game_id = ? AND seq = 40", (game_id,)).fetchone()[0]
        )
        store.db.execute("UPDATE checkpoints SET engine = 'other rules code'")
    assert data["type"] == "build"
    rewrite_action(db, game_id, 40, {**data, "card": "K13"})  # another card than the one captured
    for command in (["show", str(game_id)], ["undo", str(game_id), "50"], ["undo", str(game_id)]):
        run = call(*command, "--db", str(db))
        assert_refused(run, command)
        assert f"game {game_id}, stored action 40: K13 was not captured" in run.stderr
        assert "nothing was changed" in run.stderr and f"companion export {game_id}" in run.stderr
        with Store.open(db) as store:
            assert store.load(game_id).position == before
    assert call("export", str(game_id), "--db", str(db)).code == 0
    run = call("undo", str(game_id), str(before - 40), "--db", str(db))  # back to the last good action
    assert run.code == 0 and run.stdout.decode() == f"undid {before - 40} actions (…); 40 actions in effect\n"
    run = call("redo", str(game_id), "5", "--db", str(db))
    assert_refused(run)
    assert "stored action 40" in run.stderr
    with Store.open(db) as store:
        assert store.load(game_id).position == 40
    assert call("show", str(game_id), "--db", str(db)).code == 0


def test_redo_after_another_program_played_is_refused_and_shows_the_stored_game(tmp_path: Path) -> None:
    """docs/store.md: "game N was changed by another program"; it was a KeyError in _state_at."""
    db, game_id = imported(tmp_path)
    with Store.open(db) as mine:
        live = mine.load(game_id)
        live.undo(3)
        line = call("export", str(game_id), "--lines", "--db", str(db)).stdout.decode().splitlines()
        with Store.open(db) as other:
            other.load(game_id).undo(1)  # the other program undoes once more, then plays the same move again
        run = call("play", str(game_id), line[-1], "--db", str(db))
        assert run.code == 0, run.stderr
        with pytest.raises(Exception, match=f"game {game_id} was changed by another program meanwhile"):
            live.redo(2)
        assert live.position == len(line) and not live.can_redo
        assert live.state == Store.open(db).load(game_id).state


# --------------------------------------------------------------------------- item 10


def test_ids_past_sqlites_integers_are_no_game(tmp_path: Path) -> None:
    db, _ = imported(tmp_path)
    for big in (str(2**63), str(-(2**63) - 1), "9" * 40):
        for command in (
            ["show", big],
            ["show", big, "--json"],
            ["export", big],
            ["undo", big],
            ["redo", big],
            ["play", big, "x"],
            ["delete", big, "--yes"],
            ["print", "result", big, "-o", str(tmp_path / "r.pdf")],
        ):
            run = call(*command, "--db", str(db))
            assert_refused(run, command)
            assert "there is no game" in run.stderr


def test_damaged_rows_are_named_in_one_sentence(tmp_path: Path) -> None:
    db, game_id = imported(tmp_path, "homalet")
    cases = {
        "an action that is not JSON": ("UPDATE actions SET data = '{not json' WHERE seq = 3", "stored action 3"),
        "an action that is not UTF-8": ("UPDATE actions SET data = CAST(x'7bff22' AS TEXT) WHERE seq = 3", "UTF-8"),
        "an action that is a blob": ("UPDATE actions SET data = x'00ff' WHERE seq = 3", "stored action 3"),
        "a deck that is not JSON": ("UPDATE games SET deck = '[1,'", "the deck of game"),
        "a deck name that is a string": (
            "UPDATE games SET deck = json_set(deck, '$.name', 'x')",
            '"name" must be a table',
        ),
        "winners that are not JSON": ("UPDATE games SET winners = 'x'", "winners"),
        "winners that are a number": ("UPDATE games SET winners = '7'", "winners"),
        "a name that is not UTF-8": ("UPDATE players SET name = CAST(x'41ff42' AS TEXT) WHERE id = 1", "UTF-8"),
    }
    for what, (sql, said) in cases.items():
        copy = tmp_path / "copy.sqlite3"
        shutil.copy(db, copy)
        connection = sqlite3.connect(copy)
        connection.execute("DELETE FROM checkpoints")  # the actions are read, not a checkpoint
        connection.execute(sql)
        connection.commit()
        connection.close()
        if "UTF-8" not in what:  # stored so by a program (the hash chain holds), not changed by a flipped byte
            with Store.open(copy) as store:
                chain_game(store.db, game_id)
        outcomes = [
            call(*command, "--db", str(copy))
            for command in (["show", str(game_id)], ["export", str(game_id)], ["games"], ["stats"])
        ]
        refused = [run for run in outcomes if run.code != 0]
        assert refused, what
        for run in refused:
            assert_refused(run, what)
        assert any(said in run.stderr for run in refused), (what, [r.stderr for r in refused])
        os.remove(copy)


def test_a_deck_name_that_is_a_string_in_a_record_is_refused_in_every_game(tmp_path: Path) -> None:
    for game in ("fortress", "homalet", "dragoness"):
        record = json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))
        record["deck"]["name"] = "My deck"
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(record))
        for command in (["replay", str(path)], ["import", str(path), "--db", str(tmp_path / "g.sqlite3")]):
            run = call(*command)
            assert_refused(run, command)
            assert '"name" must be a table of keys and values, not "My deck"' in run.stderr
    with pytest.raises(Exception, match="must be a table"):
        game_records.read_record(
            {
                **json.loads((EXAMPLES / "homalet.json").read_text()),
                "deck": {**json.loads((EXAMPLES / "homalet.json").read_text())["deck"], "name": "x"},
            }
        )


# --------------------------------------------------------------------------- item 6


def test_h1_settle_refuses_homalet_cards_not_in_the_deck_for_that_many_players(tmp_path: Path) -> None:
    """H-1: three players play with 00 to 29; a 30 or 35 earned points (a spring bonus) before."""
    for card in ("30", "35", 69):
        data: dict[str, Any] = {
            "game": "homalet",
            "players": [{"name": "A", "pile": ["07", card]}, {"name": "B", "pile": ["12"]}, {"name": "C", "pile": []}],
        }
        path = tmp_path / "h.json"
        path.write_text(json.dumps(data))
        for command in (
            ["settle", str(path)],
            ["new", "homalet", "--results", str(path), "--db", str(tmp_path / "g.sqlite3")],
        ):
            run = call(*command)
            assert_refused(run, command)
            shown = card if isinstance(card, str) else f"{card:02d}"
            assert run.stderr == f"player A: {shown} is not used with 3 players: the game uses 00 to 29 (H-1)\n"
    data["players"][0]["pile"] = ["07", "29"]
    path.write_text(json.dumps(data))
    assert call("settle", str(path)).code == 0


def test_f11_settle_counts_fortress_columns_from_1_like_everything_people_read(tmp_path: Path) -> None:
    columns = [["R1"], ["R2"], ["R3"], ["R4"], ["R5"], ["R6"], ["R7"], ["Y1"]]
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": columns}]}))
    run = call("settle", str(path))
    assert_refused(run)
    assert "columns 1 and 8 both hold 1s" in run.stderr
    path.write_text(json.dumps({"game": "fortress", "players": [{"name": "Aki", "fortress": [["R1"], "R2"]}]}))
    run = call("settle", str(path))
    assert_refused(run)
    assert "column 2" in run.stderr, run.stderr


# --------------------------------------------------------------------------- items 7 and 11


NAMES = ["Aki\nBen", "Aki\rBen", "Aki\x1b[31m", "x" * 101, "Aki\tBen", "Aki\u2028Ben"]
WHY = "holds a control character or line break"  # the problem named (issue 27, item 11)


def why(name: str) -> str:
    return "is longer than 100 characters" if len(name) > 100 else WHY


def test_names_a_game_could_never_be_scored_with_are_refused_at_new_and_import(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    record = json.loads((EXAMPLES / "homalet.json").read_text("utf-8"))
    for name in NAMES:
        run = call("new", "homalet", "--players", f"{name},Ben,Chie", "--db", str(db))
        assert_refused(run, name)
        assert why(name) in run.stderr
        assert "\x1b" not in run.stderr
        path = tmp_path / "r.json"
        path.write_text(
            json.dumps({**record, "setup": {**record["setup"], "players": [name, *record["setup"]["players"][1:]]}})
        )
        for command in (["import", str(path), "--db", str(db)], ["replay", str(path)]):
            run = call(*command)
            assert_refused(run, (name, command))
            assert why(name) in run.stderr
    assert call("games", "--json", "--db", str(db)).stdout == b"[]\n" or not db.exists()


def test_play_echoes_the_typed_line_escaped(tmp_path: Path) -> None:
    db, game_id = imported(tmp_path, "homalet")
    with Store.open(db) as store:
        store.load(game_id).undo(1)
    for line, shown in (("bad\x1b[2Jline", '"bad\\u001b[2Jline"'), ("two\nlines", '"two\\nlines"')):
        run = call("play", str(game_id), line, "--db", str(db))
        assert_refused(run, line)
        assert run.stderr.startswith(shown + ": "), run.stderr
        assert "\x1b" not in run.stderr


# --------------------------------------------------------------------------- item 12


def test_records_refuse_unknown_keys_everywhere_with_the_closest_known_one(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "homalet.json").read_text("utf-8"))
    play = next(i for i, a in enumerate(record["actions"]) if a["type"] == "play")

    def changed(where: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(json.dumps(record))
        if where == "top":
            data["actoins"] = data.pop("actions")
        elif where == "setup":
            data["setup"]["strat"] = 0
        elif where == "action":
            data["actions"][play]["viod"] = True
        else:
            data["deck"]["colours"] = data["deck"]["colors"]
        return data

    for where, said in (
        ("top", '"actoins" (did you mean "actions"?)'),
        ("setup", '"strat" (did you mean "start"?)'),
        ("action", f'action {play}: a play action: unknown key "viod" (did you mean "void"?)'),
        ("deck", '"colours" (did you mean "colors"?)'),
    ):
        path = tmp_path / "r.json"
        path.write_text(json.dumps(changed(where)))
        for command in (["replay", str(path)], ["import", str(path), "--db", str(tmp_path / "g.sqlite3")]):
            run = call(*command)
            assert_refused(run, (where, command))
            assert said in run.stderr, run.stderr


def test_the_readme_and_store_doc_state_the_limits_the_code_applies() -> None:
    from companion.base import limits
    from companion.records import qr_record

    rules = (ROOT / "docs" / "input-rules.md").read_text("utf-8")
    assert f"at most {qr_record.MAX_PARTS} parts" in rules
    assert f"longer than {limits.MAX_LINE_BYTES:,} bytes" in rules
    assert f"{limits.MAX_STDIN_BYTES:,} bytes in all" in rules
    store = (ROOT / "docs" / "store.md").read_text("utf-8")
    from companion.store import SCHEMA_VERSION

    assert "no pickle anywhere" in store and "hash chain" in store and f"now {SCHEMA_VERSION}" in store

"""A fuzz of files from strangers (issue 16, "done when"): hundreds of crafted databases, records and
QR texts, each run through the commands that read it. Every run either works or is refused in one
sentence (exit 2, no catch-all message, no traceback), and no crafted payload ever runs code."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import pytest

from companion.records.qr_record import encode_parts
from companion.store import Store
from tests.helpers.inprocess import Run, assert_refused, call

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def checked(run: Run, context: object) -> None:
    """Worked, or refused in one sentence."""
    if run.code != 0:
        assert_refused(run, context)
    assert "unexpected error" not in run.stderr and "予期しない" not in run.stderr, (context, run.stderr)


def payload(marker: Path) -> bytes:
    """A pickle that would create ``marker`` if anything unpickled it."""
    code = f"open({str(marker)!r}, 'w')".encode()

    def text(raw: bytes) -> bytes:
        return b"\x8c" + bytes([len(raw)]) + raw

    return b"\x80\x04" + text(b"builtins") + text(b"exec") + b"\x93" + text(code) + b"\x85R."


def odd_values(rnd: random.Random, marker: Path) -> list[Any]:
    return [
        None,
        0,
        -1,
        2**63 - 1,
        2**62,
        1.5,
        "",
        "x" * 5000,
        "\x1b[2J",
        "{",
        "[]",
        "{}",
        "null",
        '"a"',
        json.dumps({"type": "play", "player": 0, "card": 7, "field": "battle", "void": False}),
        json.dumps({"name": "x"}),
        json.dumps([[1] * 3] * 3),
        b"\x00\xff",
        zlib.compress(payload(marker)),
        payload(marker),
        zlib.compress(b"0" * 5_000_000),
        rnd.randbytes(rnd.randint(1, 64)),
        json.dumps({"format": 1, "game": "fortress", "ranks": 10**6, "suits": []}),
        "Aki\nBen",
        "[" * 3000,
    ]


COMMANDS = (["show", "1", "--json"], ["show", "2"], ["export", "2"], ["games"], ["stats"], ["undo", "1"], ["redo", "1"])
COLUMNS = {
    "games": ["game", "mode", "deck", "start", "results", "position", "revision", "finished", "winners", "head"],
    "actions": ["seq", "data", "time", "chain"],
    "checkpoints": ["seq", "engine", "state", "seal"],
    "players": ["name"],
    "seats": ["seat", "player_id", "score", "won"],
}


@pytest.mark.slow(seconds=15)
def test_fuzz_crafted_databases(tmp_path: Path) -> None:
    rnd = random.Random(16)
    good = tmp_path / "good.sqlite3"
    with Store.open(good) as store:
        for game in ("fortress", "homalet"):
            store.import_record(json.loads((EXAMPLES / f"{game}.json").read_text("utf-8")))
    marker = tmp_path / "ran"
    values = odd_values(rnd, marker)
    fingerprint = sqlite3.connect(good).execute("SELECT engine FROM checkpoints LIMIT 1").fetchone()[0]
    original = good.read_bytes()
    copy = tmp_path / "copy.sqlite3"
    for command in COMMANDS:  # the file as written works: a refusal below is the crafting's
        shutil.copy(good, copy)
        assert call(*command, "--db", str(copy)).code == 0, command
    tried = 0
    for case in range(400):
        for suffix in ("-wal", "-shm"):  # the last case's
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
        what: object = "flipped bytes"
        if case % 4 == 3:  # bytes flipped anywhere in the file
            data = bytearray(original)
            for _ in range(rnd.randint(1, 4)):
                data[rnd.randrange(len(data))] ^= 1 << rnd.randrange(8)
            copy.write_bytes(bytes(data))
        else:  # a column given a crafted value, as a hand-made file would
            shutil.copy(good, copy)
            table = rnd.choice(list(COLUMNS))
            column = rnd.choice(COLUMNS[table])
            value = rnd.choice(values)
            what = (table, column, repr(value)[:60])
            connection = sqlite3.connect(copy)
            key = "rowid" if table in ("games", "players") else "seat" if table == "seats" else "seq"
            try:  # some rows of the table, chosen by the seed
                connection.execute(f"UPDATE {table} SET {column} = ? WHERE {key} % 5 = {rnd.randrange(5)}", (value,))
            except sqlite3.DatabaseError:  # a value SQLite itself refuses to store (NOT NULL, UNIQUE)
                connection.close()
                continue
            if table == "checkpoints" and column == "state":  # the attack: a payload that passes the fingerprint
                connection.execute("UPDATE checkpoints SET engine = ?", (fingerprint,))
            connection.commit()
            connection.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
        for command in COMMANDS:
            checked(call(*command, "--db", str(copy)), (case, what, command))
        assert not marker.exists(), case
        tried += 1
    assert tried >= 200


def mutate(rnd: random.Random, value: Any, depth: int = 0) -> Any:
    """``value`` with one part of it changed: a key dropped or added, a type swapped, a number pushed."""
    if isinstance(value, dict) and value and rnd.random() < 0.7:
        key = rnd.choice(list(value))
        out = dict(value)
        roll = rnd.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.25:
            out[key + "x"] = out[key]
        else:
            out[key] = mutate(rnd, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and rnd.random() < 0.7:
        out_list = list(value)
        i = rnd.randrange(len(out_list))
        out_list[i] = mutate(rnd, out_list[i], depth + 1)
        return out_list
    return rnd.choice(
        [
            None,
            True,
            -1,
            0,
            10**40,
            2**63,
            1e308,
            "",
            "R99",
            "x" * 300,
            "\u0000",
            "Lo፩",
            "٣",
            [],
            {},
            [[[[[]]]]],
            {"name": "x"},
            "Aki\nBen",
            13,
            70,
            "30",
        ]
    )


def test_fuzz_crafted_records(tmp_path: Path) -> None:
    rnd = random.Random(1616)
    records = {
        game: json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))
        for game in ("fortress", "homalet", "dragoness")
    }
    path = tmp_path / "r.json"
    db = tmp_path / "g.sqlite3"
    for case in range(200):
        record = records[rnd.choice(list(records))]
        crafted = record
        for _ in range(rnd.randint(1, 3)):
            crafted = mutate(rnd, crafted)
        path.write_text(json.dumps(crafted, ensure_ascii=rnd.random() < 0.5))
        checked(call("replay", str(path)), case)
        checked(call("import", str(path), "--db", str(db)), case)


def test_fuzz_crafted_qr_texts(tmp_path: Path) -> None:
    rnd = random.Random(61)
    parts = encode_parts(json.loads((EXAMPLES / "dragoness.json").read_text("utf-8")))
    check = parts[0].split(":")[2]
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$%*+-./: ፩٣\x1b"
    path = tmp_path / "codes.txt"
    db = tmp_path / "g.sqlite3"
    for case in range(150):
        chosen = list(parts)
        roll = rnd.random()
        if roll < 0.3:  # a character of a body changed
            i = rnd.randrange(len(chosen))
            body = list(chosen[i])
            body[rnd.randrange(20, len(body))] = rnd.choice(alphabet)
            chosen[i] = "".join(body)
        elif roll < 0.5:  # a heading crafted
            index, count = rnd.choice(
                [
                    ("1", "100000000"),
                    ("1", "1000000"),
                    ("9" * 5000, "2"),
                    ("0", "5"),
                    ("3", "2"),
                    ("1", "64"),
                    ("2", "65"),
                    ("፩", "2"),
                    ("1", "٣"),
                ]
            )
            chosen = [f"CR1:{index}/{count}:{check}:{parts[0].split(':', 4)[4]}"]
        elif roll < 0.7:  # parts dropped or repeated
            chosen = rnd.sample(parts, rnd.randint(1, len(parts))) * rnd.randint(1, 2)
        elif roll < 0.85:  # random text
            chosen = ["CR" + "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 60)))]
        else:  # another version, another check
            chosen = [p.replace("CR1:", rnd.choice(["CR2:", "CR0:", "CR:", "CR01:"]), 1) for p in parts]
        path.write_text("\n".join(chosen) + "\n", encoding="utf-8")
        run = call("import", str(path), "--db", str(db))
        checked(run, case)
        assert len(run.stderr) < 600, run.stderr

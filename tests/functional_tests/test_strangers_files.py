"""Database files from strangers (issue 16, items 3, 8, 9, 13), as real processes: a write-ahead log
on a read-only medium, devices and links given as --db, a full disk, damaged copies refused without
leaving anything beside them."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import Store
from tests.helpers.limited import companion, companions

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "records"
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs and making devices needs root")


def one_line_refusal(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout[-300:], result.stderr[-300:])
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr
    assert "unexpected error" not in result.stderr and "Traceback" not in result.stderr
    return result.stderr


def table_of(game: str) -> list[str]:
    """``new``'s options for the example game's table."""
    setup = json.loads((EXAMPLES / f"{game}.json").read_text("utf-8"))["setup"]
    start = [] if setup["start"] is None else ["--start", setup["players"][setup["start"]]]
    return [game, "--players", ",".join(setup["players"]), *start]


def lines_of(game: str) -> list[str]:
    """The example game as table-notation lines, as ``companion export --lines`` writes them."""
    from companion.records import game_records

    record = game_records.read_record(json.loads((EXAMPLES / f"{game}.json").read_text("utf-8")))
    engine, state, lines = record.engine, record.engine.new_state(record.setup), []
    for action in record.actions:
        lines.append(engine.action_line(state, action))
        state = engine.apply(state, action)[0]
    return lines


@pytest.fixture
def mounted(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of our own (2 MB), unmounted afterwards."""
    folder = tmp_path / "medium"
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


# --------------------------------------------------------------------------- item 3


def killed_after_playing(db: Path, lines: list[str]) -> None:
    """A program that played ``lines`` (each acknowledged) and was then killed: the log holds them."""
    code = (
        "import os, signal, sys\nfrom companion.store import Store\n"
        f"db = Store.open({str(db)!r})\nlive = db.load(1)\n"
        f"for line in {lines!r}:\n    live.play_line(line)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


@ROOT_ONLY
def test_a_log_on_a_read_only_medium_is_read_never_fewer_actions_than_acknowledged(
    tmp_path: Path, mounted: Path
) -> None:
    lines = lines_of("fortress")[:40]
    db = tmp_path / "g.sqlite3"
    assert companion("new", *table_of("fortress"), "--db", str(db)).returncode == 0
    killed_after_playing(db, lines)
    assert Path(f"{db}-wal").stat().st_size > 0
    shutil.copy(db, mounted / "g.sqlite3")
    shutil.copy(f"{db}-wal", mounted / "g.sqlite3-wal")
    subprocess.run(["mount", "-o", "remount,ro", str(mounted)], check=True)
    shown = companion("show", "1", "--json", "--db", str(mounted / "g.sqlite3"))
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["actions"] == 40
    exported = companion("export", "1", "--lines", "--db", str(mounted / "g.sqlite3"))
    assert exported.stdout.splitlines() == lines
    assert sorted(p.name for p in mounted.iterdir()) == ["g.sqlite3", "g.sqlite3-wal"]


def test_every_command_that_wrote_leaves_the_database_file_complete_alone(tmp_path: Path) -> None:
    """While another program holds the file open (the log is not removed at close), a copy of the
    .sqlite3 file alone, without its log, still holds every acknowledged action."""
    lines = lines_of("homalet")[:30]
    db = tmp_path / "g.sqlite3"
    other = sqlite3.connect(db)  # the table app, say, left open
    try:
        assert companion("new", *table_of("homalet"), "--db", str(db)).returncode == 0
        other.execute("SELECT 1").fetchall()
        played = companion("play", "1", "-", "--db", str(db), stdin="\n".join(lines).encode())
        assert played.returncode == 0, played.stderr
        assert companion("undo", "1", "2", "--db", str(db)).returncode == 0
        alone = tmp_path / "copy.sqlite3"
        shutil.copy(db, alone)  # the file only, as a chat would send it
        shown = companion("show", "1", "--json", "--db", str(alone))
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout)["actions"] == 28 and json.loads(shown.stdout)["can_redo"]
    finally:
        other.close()


def test_the_app_closes_its_store_on_quit() -> None:
    source = (ROOT / "companion" / "app" / "app.py").read_text("utf-8")
    assert "def on_unmount" in source and "self._store.close()" in source


# --------------------------------------------------------------------------- item 8


@ROOT_ONLY
def test_a_device_or_a_link_to_one_given_as_db_is_refused_before_sqlite_touches_it(tmp_path: Path) -> None:
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null's numbers, in our own folder
    link = tmp_path / "link.sqlite3"
    link.symlink_to(device)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    nowhere = tmp_path / "dangling.sqlite3"
    nowhere.symlink_to(tmp_path / "missing" / "x.sqlite3")
    commands = [
        [*command, "--db", str(db)]
        for db in (device, link, fifo)
        for command in (["show", "1"], ["games"], ["new", "fortress", "--players", "A,B,C"], ["import", "x"])
    ]
    # in one process under the limits (SQLite opening the fifo would block it: the time bound says so)
    runs = companions([*commands, ["new", "fortress", "--players", "A,B,C", "--db", str(nowhere)]], timeout=30)
    for argv, result in zip(commands, runs[:-1], strict=True):
        err = one_line_refusal(result)
        assert "is not a regular file" in err and "damaged" not in err, (argv, err)
    assert "a link to nothing" in one_line_refusal(runs[-1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling.sqlite3", "fifo", "link.sqlite3", "null"]


def test_export_to_a_link_writes_through_it_to_its_target(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with Store.open(db) as store:
        store.import_record(json.loads((EXAMPLES / "homalet.json").read_text("utf-8")))
    target = tmp_path / "records" / "game.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    done = companion("export", "1", "-o", str(link), "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text("utf-8"))["game"] == "homalet"
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]  # written atomically, no temporary left


# --------------------------------------------------------------------------- item 9


@ROOT_ONLY
def test_a_full_disk_is_said_as_a_full_disk_and_the_action_as_not_stored(tmp_path: Path, mounted: Path) -> None:
    db = mounted / "g.sqlite3"
    assert companion("new", "homalet", "--players", "Aki,Ben,Chie", "--db", str(db)).returncode == 0
    lines = ["reveal 01 02", "reveal 03 04", "reveal 05 06"]
    assert companion("play", "1", lines[0], "--db", str(db)).returncode == 0
    filler = mounted / "filler"
    try:
        with filler.open("wb", buffering=0) as handle:
            while True:
                handle.write(b"\0" * 4096)
    except OSError:  # the disk is full
        pass
    err = one_line_refusal(companion("play", "1", lines[1], "--db", str(db)))
    assert "is full" in err and "was not kept" in err and "damaged" not in err
    filler.unlink()
    shown = companion("show", "1", "--json", "--db", str(db))
    assert json.loads(shown.stdout)["actions"] == 1
    assert companion("play", "1", lines[1], "--db", str(db)).returncode == 0


# --------------------------------------------------------------------------- item 13


def damaged_copies(good: bytes, folder: Path) -> dict[str, Path]:
    """Seven ways a copy can be refused: cut short, foreign, newer, a garbled header, a garbled page,
    a page of zeros, a damaged schema."""
    page = 4096
    kinds = {
        "cut short": good[: len(good) // 2],
        "foreign": b"SQLite format 3\x00" + good[16:60] + b"\x00\x00\x00\x00" + (1234).to_bytes(4, "big") + good[72:],
        "newer": good[:60] + (99).to_bytes(4, "big") + good[64:],
        "garbled header": good[:16] + b"\xff" * 84 + good[100:],
        "garbled page": good[: page * 2] + b"\xa5" * page + good[page * 3 :],
        "zeroed page": good[:page] + b"\x00" * page + good[page * 2 :],
    }
    out = {}
    for name, data in kinds.items():
        path = folder / f"{name.replace(' ', '-')}.sqlite3"
        path.write_bytes(data)
        out[name] = path
    schema = folder / "schema.sqlite3"
    schema.write_bytes(good)
    connection = sqlite3.connect(schema)
    connection.execute("PRAGMA writable_schema = ON")
    connection.execute(
        "UPDATE sqlite_master SET sql = 'CREATE TABLE games(id INTEGER PRIMARY KEY, oops' WHERE name = 'games'"
    )
    connection.commit()
    connection.close()
    out["damaged schema"] = schema
    return out


def test_refused_damaged_copies_leave_nothing_beside_them_and_say_one_line(tmp_path: Path) -> None:
    db = tmp_path / "good.sqlite3"
    with Store.open(db) as store:
        store.import_record(json.loads((EXAMPLES / "dragoness.json").read_text("utf-8")))
    good = db.read_bytes()
    folder = tmp_path / "copies"
    folder.mkdir()
    copies = damaged_copies(good, folder)
    before = {what: path.read_bytes() for what, path in copies.items()}
    commands = [
        (what, [*command, "--db", str(path)])
        for what, path in copies.items()
        for command in (["show", "1"], ["games"], ["play", "1", "pass"], ["export", "1"])
    ]
    # the 28 commands in one process under the limits (they were 28 processes: the starts were the cost)
    for (what, argv), result in zip(commands, companions([argv for _, argv in commands]), strict=True):
        err = one_line_refusal(result)
        assert len(err) < 400, (what, argv, err)
    for what, path in copies.items():
        assert path.read_bytes() == before[what], what
        beside = sorted(p.name for p in folder.iterdir() if p.name.startswith(path.name) and p != path)
        assert beside == [], (what, beside)

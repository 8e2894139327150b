"""Faults while writing files never destroy a file nor leave a temporary one behind (issue 10):
``-o -``, device and pipe targets, SIGTERM and SIGKILL midway, the PNG folder and ``--force``,
and the progress bar only on a terminal."""

from __future__ import annotations

import errno
import io
import os
import pty
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.inprocess import assert_refused, call

COMPANION = [sys.executable, "-m", "companion", "--lang", "en"]


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.part"))


def wait_for_a_temporary(child: subprocess.Popen[bytes], folder: Path) -> None:
    """Until the child is midway: one of its temporary files exists."""
    deadline = time.monotonic() + 120
    while not temporaries(folder):
        assert child.poll() is None, "finished before it was stopped"
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_dash_writes_the_pdf_to_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = call("print", "sheet", "fortress", "--players", "3", "-o", "-")
    assert run.code == 0
    assert run.stdout.startswith(b"%PDF-") and run.stdout.rstrip().endswith(b"%%EOF")
    assert run.stderr == "wrote standard output\n"
    assert os.listdir(tmp_path) == []  # no file named "-"


@pytest.mark.parametrize("what", [("kit",), ("png", "homalet")])
def test_dash_is_refused_for_what_writes_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, what: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    run = call("print", *what, "-o", "-")
    assert_refused(run)
    assert run.stderr.startswith(f"-o - writes one PDF to standard output, but print {what[0]} writes a folder")
    assert os.listdir(tmp_path) == []


def test_a_device_target_is_written_into_never_replaced() -> None:
    run = call("print", "sheet", "fortress", "--players", "3", "-o", os.devnull)
    assert run.code == 0, run.stderr
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)  # still the device node, not a PDF renamed over it


def test_a_named_pipe_target_receives_the_pdf(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    run = call("print", "sheet", "fortress", "--players", "3", "-o", str(fifo))
    reader.join(timeout=60)
    assert run.code == 0, run.stderr
    assert received and received[0].startswith(b"%PDF-")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


def test_sigterm_midway_through_print_kit_exits_143_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    child = subprocess.Popen(
        [*COMPANION, "print", "kit", "-o", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    wait_for_a_temporary(child, tmp_path)
    child.send_signal(signal.SIGTERM)
    child.send_signal(signal.SIGTERM)  # an impatient second one must not interrupt the cleaning up
    stdout, stderr = child.communicate(timeout=60)
    assert child.returncode == 143
    assert stderr == b"terminated; no partial file was left\n" and stdout == b""
    assert temporaries(tmp_path) == []
    assert all(p.stat().st_size > 0 and p.read_bytes().startswith(b"%PDF-") for p in out.iterdir())


def test_a_run_killed_with_sigkill_leaves_its_temporary_which_the_next_run_removes(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    child = subprocess.Popen([*COMPANION, "print", "deck", "dragoness", "-o", str(target)])
    wait_for_a_temporary(child, tmp_path)
    child.kill()
    child.wait(timeout=60)
    left = temporaries(tmp_path)
    assert len(left) == 1 and left[0].startswith(f".deck.pdf.{child.pid}.")
    assert not target.exists()
    busy = tmp_path / f".deck.pdf.{os.getpid()}.x.part"  # a temporary of a run still going on: kept
    busy.write_bytes(b"")
    run = call("print", "deck", "dragoness", "-o", str(target))
    assert run.code == 0, run.stderr
    assert temporaries(tmp_path) == [busy.name]
    assert target.read_bytes().startswith(b"%PDF-")


def small_deck(folder: Path, ranks: int) -> Path:
    """A Fortress deck of one suit: ``ranks`` cards, so that a PNG run takes a moment."""
    path = folder / f"deck{ranks}.toml"
    path.write_text(
        f'game = "fortress"\nranks = {ranks}\n[[suits]]\ncode = "R"\nen = "red"\nja = "赤"\ncolor = "#c62828"\n',
        encoding="utf-8",
    )
    return path


def png(folder: Path, ranks: int, *extra: str) -> Any:
    return call("print", "png", "fortress", "--deck", str(small_deck(folder.parent, ranks)), "-o", str(folder), *extra)


def test_the_png_folder_holds_exactly_the_cards_of_this_run(tmp_path: Path) -> None:
    folder = tmp_path / "png"
    assert png(folder, 4).code == 0
    before = sorted(os.listdir(folder))
    assert before == [*(f"fortress-{n:03d}-R{n}.png" for n in range(1, 5)), "fortress-back.png"]
    run = png(folder, 2)  # two stale cards would remain: refused, nothing touched
    assert_refused(run)
    assert run.stderr == (
        f"folder {folder} already holds 2 other files (such as fortress-003-R3.png); "
        "give --force to replace the folder, or choose an empty one\n"
    )
    assert sorted(os.listdir(folder)) == before
    run = png(folder, 2, "--force")
    assert run.code == 0, run.stderr
    assert sorted(os.listdir(folder)) == ["fortress-001-R1.png", "fortress-002-R2.png", "fortress-back.png"]
    assert png(folder, 2).code == 0  # the same cards again: nothing stale, no --force needed
    assert png(folder, 3).code == 0  # more cards: every old file is one of them
    assert len(os.listdir(folder)) == 4
    assert temporaries(tmp_path) == [] and sorted(os.listdir(tmp_path)) == [
        "deck2.toml",
        "deck3.toml",
        "deck4.toml",
        "png",
    ]


def test_force_never_replaces_a_folder_holding_subfolders(tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    (folder / "2024").mkdir(parents=True)
    (folder / "note.txt").write_text("keep me")
    run = png(folder, 1, "--force")
    assert_refused(run)
    assert "holds subfolders or links; --force replaces only a folder of files" in run.stderr
    assert (folder / "note.txt").read_text() == "keep me"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_on_a_terminal(tmp_path: Path) -> None:
    main, secondary = pty.openpty()
    deck = small_deck(tmp_path, 3)
    child = subprocess.Popen(
        [*COMPANION, "print", "png", "fortress", "--deck", str(deck), "-o", str(tmp_path / "p")],
        stderr=secondary,
        stdout=subprocess.PIPE,
    )
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    stdout, _ = child.communicate(timeout=60)
    os.close(main)
    bar = b"".join(chunks).decode()
    assert "[#######-----------------------] 1/4 cards" in bar  # three cards and the back
    assert "[##############################] 4/4 cards" in bar and bar.endswith("\n")
    assert stdout.decode() == f"wrote 4 PNG files to {tmp_path / 'p'}\n"


def test_an_error_never_lands_glued_to_the_bar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    saved: list[object] = []
    real_save = Image.Image.save

    def save(self: Image.Image, fp: Any, *args: Any, **kwargs: Any) -> None:
        if len(saved) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        saved.append(fp)
        real_save(self, fp, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "save", save)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    from companion.cli import main

    folder = tmp_path / "png"
    assert main(["print", "png", "homalet", "--players", "3", "-o", str(folder)]) == 2
    lines = terminal.getvalue().split("\n")
    assert lines[-2] == f"cannot write {folder}: the disk is full" and lines[-1] == ""
    assert "3/31 cards" in lines[-3]
    assert os.listdir(tmp_path) == []  # the half-made folder is gone


def test_a_closed_pipe_after_dash_is_not_an_error() -> None:
    child = subprocess.Popen(
        [*COMPANION, "print", "deck", "fortress", "-o", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=120) == 0
    assert err == b""


@pytest.mark.parametrize(
    "args",
    [
        ("sheet", "fortress", "--players", "3", "-o", "no\nsuch/x.pdf"),
        ("png", "fortress", "-o", "no\nsuch/x"),
        ("deck", "fortress", "--bleed", "nan", "-o", "x.pdf"),
        ("deck", "fortress", "--bleed", "1e400", "-o", "x.pdf"),
        ("sheet", "fortress", "--players", "99999999999999999999", "-o", "x.pdf"),
        ("png", "fortress", "-o", os.devnull),
        ("kit", "-o", "file.txt"),
        ("summary", "homalet", "-o", "."),
        ("deck", "homalet", "--deck", "file.txt", "-o", "x.pdf"),
    ],
)
def test_bad_print_invocations_are_one_line_and_write_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("not a deck")
    for lang in ("en", "ja"):
        assert_refused(call("--lang", lang, "print", *args), args)
    assert os.listdir(tmp_path) == ["file.txt"]

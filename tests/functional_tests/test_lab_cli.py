"""``companion lab`` as a designer uses it (issue 31): two deck files compared at three player counts in
one report with charts; a deck with one suit fewer told apart from the default in a sentence in both
languages; JSON, CSV and an HTML file that needs nothing from the network; refusals in one sentence;
Ctrl+C (a real SIGINT) keeps the games finished so far."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIVE = str(ROOT / "examples" / "decks" / "fortress-five-suits.toml")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_deck_with_one_suit_fewer_is_told_apart_from_the_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    html = tmp_path / "lab.html"
    code, out, err = run(
        capsys, "lab", "fortress", FIVE, "--players", "3-5", "--games", "60", "--seed", "2", "--workers", "1",
        "--json", "--html", str(html),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert [d["label"] for d in data["decks"]] == ["A", "B"] and data["decks"][1]["file"] == "fortress-five-suits.toml"
    assert [(c["deck"], c["players"], c["analysis"]["games"]) for c in data["cells"]] == [
        (deck, players, 60) for deck in "AB" for players in (3, 4, 5)
    ]
    shorter = {d["players"] for d in data["decks"][1]["differences"] if d["measure"] == "length" and not d["more"]}
    assert shorter == {3, 4, 5}  # 65 cards instead of 78: every game is shorter, beyond chance
    sentence = data["decks"][1]["sentence"]
    assert sentence["en"].startswith("B (fortress-five-suits.toml) against A: games are shorter at 3, 4 and 5 players")
    assert sentence["ja"].startswith("B（fortress-five-suits.toml）はAと比べて、ゲームが短い（3・4・5人。")
    assert all(cell["events"]["hole"]["games"] >= 0 for cell in data["cells"])  # every rule counted, fired or not
    page = html.read_text("utf-8")
    assert page.count("<svg") == 9 and "fortress-five-suits.toml" in page and sentence["ja"] in page
    assert not re.search(r"(src|href)=\"?(https?:)?//", page)  # opens offline: nothing fetched


def test_the_same_deck_twice_differs_in_nothing_and_csv_has_a_row_a_player_a_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["lab", "homalet", "homalet", "--players", "3,5", "--games", "12", "--seed", "4", "--workers", "1"]
    code, out, _ = run(capsys, "--lang", "en", *args)
    assert code == 0 and "B (homalet.toml) against A: nothing differs beyond chance." in out
    assert "3 players (means a game)" in out and "5 players (means a game)" in out and "winter effects (H-6)" in out
    code, out, _ = run(capsys, *args, "--csv")
    rows = out.splitlines()
    assert code == 0 and rows[0].startswith("deck,game_id,") and rows[0].endswith(",policy")
    assert len(rows) == 1 + 2 * 12 * (3 + 5) and rows[1].startswith("A,sim-1,,homalet,") and rows[1].endswith(",random")
    code, out, _ = run(capsys, "--lang", "ja", *args)
    assert (
        code == 0
        and "Bは（homalet.toml）" not in out
        and "B（homalet.toml）はAと比べて、偶然を超える違いがありません。" in out
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["fortress", "homalet", "--players", "3"], "the decks compared are of one game"),
        (["fortress", "--players", "2-4"], "Six-Suit Fortress takes 3 to 5 players, not 2"),
        (["fortress", "--players", "three"], "--players is a player count, a range or a list"),
        (["no-such-deck.toml", "--players", "3"], "deck file no-such-deck.toml does not exist"),
        (["fortress", "--players", "3", "--games", "0"], "--games is a number of games from 1"),
        (["fortress", "--players", "3-4", "--policy", "lookahead,greedy,greedy"], "4 for 4 players, not 3"),
        (["fortress", *["fortress"] * 8, "--players", "3"], "compare 8 decks at most, not 9"),
    ],
)
def test_lab_refusals(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    code, out, err = run(capsys, "--lang", "en", "lab", *args)
    assert (code, out) == (2, "") and words in err and err.count("\n") == 1


def _read_until(fd: int, wanted: re.Pattern[str], seconds: float) -> str:
    """What the terminal ``fd`` shows until ``wanted`` appears in it (or ``seconds`` pass, or it closes)."""
    seen, deadline = "", time.monotonic() + seconds
    while time.monotonic() < deadline and not wanted.search(seen):
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk.decode("utf-8", "replace")
    return seen


@pytest.mark.slow
def test_ctrl_c_keeps_the_games_finished_so_far(tmp_path: Path) -> None:
    """Run as at a terminal (standard error a pseudo-terminal: the progress bar shows), Ctrl+C once some
    games are done: the report is of the games finished, said so, and the workers are gone."""
    html = tmp_path / "lab.html"
    command = [sys.executable, "-m", "companion", "--lang", "en", "lab", "fortress", FIVE, "--players", "3-5",
               "--games", "100000", "--seed", "1", "--workers", "2", "--json", "--html", str(html)]  # fmt: skip
    terminal, screen = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=screen, text=True, cwd=ROOT)
    os.close(screen)
    try:
        shown = _read_until(terminal, re.compile(r"\] [1-9]\d*0/600000"), 180)  # the bar: ten games or more
        assert process.poll() is None and "/600000" in shown, shown
        process.send_signal(signal.SIGINT)
        out = process.communicate(timeout=60)[0]
        err = shown + _read_until(terminal, re.compile(r"(?!)"), 5)  # all it shows till it closes
    finally:
        os.close(terminal)
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    data = json.loads(out)
    done = sum(c["analysis"]["games"] for c in data["cells"] if c["analysis"])
    assert data["stopped"] and 10 <= done < 600_000 and f"stopped by Ctrl+C after {done} of 600000 games" in err
    assert "Traceback" not in err and "Stopped by Ctrl+C" in html.read_text("utf-8")
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout
    assert children == ""  # the worker processes are gone
    assert os.listdir(tmp_path) == ["lab.html"]  # no partial file beside it

"""``companion simulate`` as a designer uses it (issue 21): the playtest analysis of simulated games,
as a report, JSON or CSV, in both languages; nothing stored; refusals in one sentence; and the
benchmark script keeps working (it asserts nothing about speed: timings belong to the script)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_reports_seats_and_length(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "games.sqlite3"))
    code, out, err = run(
        capsys, "--lang", "en", "simulate", "fortress", "--players", "4", "--games", "40", "--seed", "5"
    )
    assert (code, err) == (0, "")  # no bar: standard error is no terminal here
    assert out.startswith("Six-Suit Fortress · deck ") and "4 players · policy random · 40 games, 40 simulated" in out
    assert out.count("    seat ") == 4 and "start player: " in out and "length in actions" in out
    assert not (tmp_path / "games.sqlite3").exists()  # never mixed into real history
    code, out, _ = run(
        capsys,
        "--lang",
        "ja",
        "simulate",
        "fortress",
        "--players",
        "3",
        "--games",
        "5",
        "--policy",
        "greedy",
        "--seed",
        "5",
    )
    assert code == 0 and "3人・方針 greedy・5ゲーム（うちシミュレーション5）" in out and "少なすぎ" in out


def test_simulate_json_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "fortress", "--players", "5", "--games", "6", "--seed", "1", "--json")
    (group,) = json.loads(out)
    assert code == 0 and (group["players"], group["games"], group["simulated"]) == (5, 6, 6)
    assert sum(seat["wins"] for seat in group["seats"]) >= 6  # each game has a winner; a shared win counts for each
    code, out, _ = run(capsys, "simulate", "fortress", "--players", "3", "--games", "2", "--seed", "1", "--csv")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 1 + 2 * 3 and lines[1].startswith("sim-1,,fortress,")
    assert run(capsys, "simulate", "fortress", "--players", "3", "--games", "2", "--seed", "1", "--csv")[1] == out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["homalet", "--players", "8"], "3 to 7 players"),
        (["fortress", "--players", "7"], "3 to 5 players"),
        (["fortress", "--players", "4", "--games", "0"], "--games is a number of games from 1"),
    ],
)
def test_simulate_refusals(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    code, out, err = run(capsys, "--lang", "en", "simulate", *args)
    assert (code, out) == (2, "") and words in err and err.count("\n") == 1


def test_bench_simulate_script_reports_every_measure() -> None:
    script = ROOT / "scripts" / "bench_simulate.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "4", "--runs", "1"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    for label in (
        "fortress  random  4 players, 4 games:",
        "fortress  greedy  4 players, 4 games:",
        "homalet   random  5 players, 4 games:",
        "dragoness greedy  4 players, 1 games:",
        "ratio simulate / fold",
        "memory peak:",
        "slowest fortress: ",
        "slowest homalet: ",
        "slowest dragoness: ",
    ):
        assert label in done.stdout, done.stdout
    done = subprocess.run(
        [sys.executable, str(script), "--cores", "--cores-games", "6", "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr  # it checks the games are the same both ways
    assert (
        "CPU time, workers 2 / 1: " in done.stdout and "workers 2 / 1: ratio " in done.stdout and "load " in done.stdout
    )


@pytest.mark.parametrize(
    ("game", "players", "title"), [("homalet", 5, "HOMALET"), ("dragoness", 4, "Reign of Dragoness")]
)
def test_simulate_homalet_and_dragoness(
    capsys: pytest.CaptureFixture[str], game: str, players: int, title: str
) -> None:
    code, out, err = run(
        capsys, "--lang", "en", "simulate", game, "--players", str(players), "--games", "6", "--seed", "2"
    )
    assert (code, err) == (0, "") and out.startswith(f"{title} · deck ")
    assert f"{players} players · policy random · 6 games, 6 simulated" in out and out.count("    seat ") == players
    assert "lead changes a game: median " in out
    assert ("start player: " in out) == (game == "homalet")  # D-6: Dragoness has no start player
    code, out, _ = run(capsys, "simulate", game, "--players", str(players), "--games", "3", "--seed", "2", "--json")
    (group,) = json.loads(out)
    assert code == 0 and (group["game"], group["games"], group["simulated"]) == (game, 3, 3)
    assert set(group["lead_changes"]) == {"min", "median", "mean", "max"}

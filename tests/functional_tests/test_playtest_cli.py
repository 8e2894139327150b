"""``companion stats --playtest`` with lead changes (issue 21): each stored tracked game replayed for
how often the leader on its running score changed; a score sheet has no count."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from companion.analysis.playtest import replayed_lead_changes
from companion.cli import main
from companion.records.game_records import read_record

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], db: Path, *args: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["--lang", lang, *args, "--db", str(db)])
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_playtest_counts_lead_changes_of_the_example_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_DB", raising=False)
    db = tmp_path / "games.sqlite3"
    expected = {}
    for game in ("fortress", "homalet", "dragoness"):
        path = ROOT / "examples" / "records" / f"{game}.json"
        assert run(capsys, db, "import", str(path))[0] == 0
        record = read_record(json.loads(path.read_text("utf-8")))
        expected[game] = replayed_lead_changes(game, record.engine, record.setup, record.actions)
    assert expected["dragoness"] == 1  # by hand: Fumi leads the round points until Hana's 10 (D-10)
    code, out, err = run(capsys, db, "stats", "--playtest", "--json")
    assert (code, err) == (0, "")
    for group in json.loads(out):
        count = expected[group["game"]]
        assert group["lead_changes"] == {"min": count, "median": count, "mean": count, "max": count}
    code, out, _ = run(capsys, db, "stats", "--playtest", "--csv", "--game", "dragoness")
    rows = [line.split(",") for line in out.splitlines()]
    column = rows[0].index("lead_changes")
    assert code == 0 and rows[0][-1] == "policy" and {row[column] for row in rows[1:]} == {"1"}
    assert {row[-1] for row in rows[1:]} == {""}  # real games: no policy
    code, out, _ = run(capsys, db, "stats", "--playtest", "--game", "dragoness", lang="ja")
    assert code == 0 and "1ゲームの首位交代：中央値 1、平均 1、1〜1" in out


def test_simulate_store_keeps_simulated_games_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COMPANION_DB", raising=False)
    db = tmp_path / "games.sqlite3"
    assert run(capsys, db, "import", str(ROOT / "examples" / "records" / "fortress.json"))[0] == 0
    code, out, err = run(
        capsys, db, "simulate", "fortress", "--players", "3", "--games", "4", "--seed", "9", "--store", "--json"
    )
    (group,) = json.loads(out)  # standard output holds the JSON alone
    assert code == 0 and group["simulated"] == 4
    assert (
        err == "stored 4 simulated games as games 2 to 5 (marked simulated: kept out of history and statistics; "
        "stats --playtest --simulated analyses them)\n"
    )
    code, out, _ = run(capsys, db, "games", "--json")
    assert code == 0 and [g["id"] for g in json.loads(out)] == [1]  # the history: the real game alone
    real = json.loads(run(capsys, db, "stats", "--playtest", "--json")[1])
    assert [(g["players"], g["games"], g["simulated"]) for g in real] == [(5, 1, 0)]
    simulated = json.loads(run(capsys, db, "stats", "--playtest", "--simulated", "--json")[1])
    assert [(g["players"], g["games"], g["simulated"]) for g in simulated] == [(3, 4, 4)]
    assert simulated[0]["seats"] == group["seats"] and simulated[0]["lead_changes"] == group["lead_changes"]
    code, out, err = run(capsys, db, "simulate", "fortress", "--players", "3", "--games", "4", "--seed", "9", "--store")
    assert (code, out) == (2, "") and "already stored as game 2" in err and err.count("\n") == 1
    code, out, err = run(capsys, db, "stats", "--simulated")
    assert (code, out) == (2, "") and "--simulated and --policy go with --playtest" in err
    code, _, err = run(capsys, db, "stats", "--playtest", "--simulated", "--csv", lang="ja")
    assert code == 0 and err == ""


def test_games_of_different_policies_are_never_counted_together(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: the policy is named in every result (JSON, CSV, the store) and --policy keeps one."""
    monkeypatch.delenv("COMPANION_DB", raising=False)
    db = tmp_path / "games.sqlite3"
    base = ["simulate", "homalet", "--players", "3", "--games", "3", "--workers", "1", "--store", "--json"]
    (greedy,) = json.loads(run(capsys, db, *base, "--seed", "1", "--policy", "greedy")[1])
    (smart,) = json.loads(run(capsys, db, *base, "--seed", "2", "--policy", "lookahead:2,greedy,greedy")[1])
    assert (greedy["policy"], smart["policy"]) == ("greedy", "lookahead:2,greedy,greedy")
    both = json.loads(run(capsys, db, "stats", "--playtest", "--simulated", "--json")[1])
    assert sorted((g["policy"], g["games"]) for g in both) == [("greedy", 3), ("lookahead:2,greedy,greedy", 3)]
    for wanted, found in (
        ("greedy,greedy,greedy", "greedy"),
        ("LOOKAHEAD:2,greedy,greedy", "lookahead:2,greedy,greedy"),
    ):
        (one,) = json.loads(run(capsys, db, "stats", "--playtest", "--simulated", "--policy", wanted, "--json")[1])
        assert one["policy"] == found and one["games"] == 3
    assert json.loads(run(capsys, db, "stats", "--playtest", "--simulated", "--policy", "random", "--json")[1]) == []
    rows = list(csv.reader(run(capsys, db, "stats", "--playtest", "--simulated", "--csv")[1].splitlines()))
    assert rows[0][-1] == "policy" and {r[-1] for r in rows[1:]} == {"greedy", "lookahead:2,greedy,greedy"}
    out = run(capsys, db, "stats", "--playtest", "--simulated")[1]
    assert "HOMALET · deck 221dcc3d · 3 players · policy lookahead:2,greedy,greedy · 3 games, 3 simulated" in out

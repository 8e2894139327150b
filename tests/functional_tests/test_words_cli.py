"""The command line as a new player met it: undo and redo name their lines, export says what it
wrote, stats find players as the notation reads names, Japanese titles, --lang after any command,
a repeated player named, settle --text, show without repeats."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from companion.cli import main


class Cli:
    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.db, self.capsys, self.monkeypatch = db, capsys, monkeypatch

    def __call__(self, *args: str, stdin: str = "") -> tuple[int, str, str]:
        """``companion ARGS --db PATH``: --lang, if any, is where the test puts it."""
        self.monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"))
        code = main([*args, "--db", str(self.db)])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.delenv("COMPANION_DB", raising=False)
    monkeypatch.setenv("LANG", "C")
    return Cli(tmp_path / "games.sqlite3", capsys, monkeypatch)


def fortress_game(cli: Cli) -> str:
    code, out, _ = cli("new", "fortress", "--players", "Aki,Ben,Chie")
    assert code == 0
    game = out.strip()
    code, _, err = cli(
        "play",
        game,
        "A1 Y6",
        "A2 R3",
        "A3 G7",
        "A4 B1",
        "B1 K2",
        "B2 P9",
        "B3 R11",
        "B4 Y12",
        "R13 A1N n",
        "Y6 right",
        "G7 right",
    )
    assert code == 0, err
    return game


def test_undo_and_redo_name_the_lines_they_moved(cli: Cli) -> None:
    game = fortress_game(cli)
    code, out, _ = cli("undo", game, "2")
    assert code == 0 and out.strip() == "undid 2 actions (Y6 right | G7 right); 9 actions in effect"
    code, out, _ = cli("redo", game, "--lang", "ja")
    assert code == 0 and out.strip() == "1手やり直しました（黄6 右）。有効な手は10手です"
    code, out, _ = cli("redo", game, "5")
    assert out.strip() == "redid 1 action (G7 right); 11 actions in effect"
    assert cli("redo", game)[1].strip() == "nothing to redo"


def test_export_to_a_file_says_what_it_wrote(cli: Cli, tmp_path: Path) -> None:
    game = fortress_game(cli)
    target = tmp_path / "game.json"
    code, out, _ = cli("export", game, "-o", str(target))
    assert code == 0 and out.strip() == f"wrote the record of game {game} to {target}"
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "fortress"
    lines = tmp_path / "game.txt"
    code, out, _ = cli("export", game, "--lines", "-o", str(lines), "--lang", "ja")
    assert out.strip() == f"ゲーム {game} の卓上記法11行を {lines} に書き出しました"
    assert len(lines.read_text(encoding="utf-8").splitlines()) == 11


def finished_homalet(cli: Cli, tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    results.write_text(
        json.dumps(
            {
                "game": "homalet",
                "players": [
                    {"name": "Aki", "pile": ["07", "17"]},
                    {"name": "Ben Lee", "pile": ["01"]},
                    {"name": "Chie", "pile": []},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert cli("new", "homalet", "--results", str(results))[0] == 0


def test_stats_finds_a_player_as_the_notation_reads_names(cli: Cli, tmp_path: Path) -> None:
    assert cli("stats", "--player", "aki")[1].strip() == "no finished games to count yet"
    finished_homalet(cli, tmp_path)
    for name in ("aki", "ＡＫＩ", " Aki "):
        code, out, _ = cli("stats", "--player", name)
        assert code == 0 and out.splitlines()[1].startswith("Aki "), name
    code, out, _ = cli("stats", "--player", "ben  lee", "--json")
    assert [row["player"] for row in json.loads(out)] == ["Ben Lee"]
    code, out, err = cli("stats", "--player", "zed")
    assert code == 2 and err.strip() == 'no player named "zed"; players: Aki, Ben Lee, Chie'
    code, out, _ = cli("stats", "--vs", "aki", "BEN LEE")
    heads = out.splitlines()[0]
    assert heads.split()[:4] == ["player", "A", "player", "B"] and "A scored more" in heads


def test_games_and_stats_show_japanese_titles(cli: Cli, tmp_path: Path) -> None:
    finished_homalet(cli, tmp_path)
    cli("new", "dragoness", "--players", "Aki,Ben,Chie")
    code, out, _ = cli("games", "--lang", "ja")
    assert "レイン・オブ・ドラゴンネス" in out and "dragoness" not in out
    code, out, _ = cli("--lang", "ja", "stats")
    assert "HOMALET" in out and "homalet" not in out
    code, out, _ = cli("games")
    assert code == 0 and "Reign of Dragoness" in out


def test_lang_after_any_command(cli: Cli, tmp_path: Path) -> None:
    game = fortress_game(cli)
    code, out, _ = cli("show", game, "--lang", "ja")
    assert code == 0 and out.startswith(f"ゲーム {game}：6スートの砦")
    record = tmp_path / "r.json"
    cli("export", game, "-o", str(record))
    cli.capsys.readouterr()
    assert main(["replay", str(record), "--lang", "ja"]) == 0  # replay takes no --db
    assert "現在：" in cli.capsys.readouterr().out
    code, _, err = cli("play", game, "Q1 A1N n", "--lang", "ja")
    assert code == 2 and "書き方" in err


def test_new_names_the_repeated_player(cli: Cli) -> None:
    code, _, err = cli("new", "homalet", "--players", "Aki,Ben,Aki")
    assert code == 2 and err.strip() == '--players names "Aki" twice; each player needs a name of their own'
    code, _, err = cli("new", "homalet", "--players", "Aki,Ben,Aki", "--lang", "ja")
    assert err.strip() == "--players に「Aki」が2回あります。プレイヤーにはそれぞれ別の名前が必要です"


def test_show_says_the_now_line_once(cli: Cli) -> None:
    code, out, _ = cli("new", "dragoness", "--players", "Aki,Ben,Chie,Dan")
    game = out.strip()
    assert cli("play", game, "open Aki Lo1", "Lo1")[0] == 0
    for lang in ("en", "ja"):
        code, out, _ = cli("show", game, "--lang", lang)
        lines = out.splitlines()
        assert code == 0 and len(lines) == len(set(lines)), out
        assert sum(line.startswith(("Ben plays", "Benが")) for line in lines) == 1  # the "now" line, once


def test_settle_text_prints_plain_lines_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    example = str(Path(__file__).resolve().parents[2] / "examples" / "fortress.json")
    assert main(["settle", example, "--text"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Aki: face-down pair from column 1 onto column 4")
    assert out[-1] == "Winner: Aki with 11 points (F-14)."
    assert main(["settle", example, "--text", "--lang", "ja"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Aki：裏向きペアを1列目から4列目へ") and out[-1] == "勝者：Aki（11点）。"

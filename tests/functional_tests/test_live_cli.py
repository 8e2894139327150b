"""The live-game commands as a table or a script uses them: new, play, undo, redo, show, games,
delete, stats, export (record and lines), import; --db on each; refusals exit 2 in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.rules import dragoness, fortress, homalet
from tests.helpers.store_games import played

ROOT = Path(__file__).resolve().parents[2]
ENGINES: dict[str, Any] = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}


class Run:
    """``companion ... --db PATH`` in this process: (exit status, stdout, stderr)."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
        self.db, self.capsys, self.monkeypatch = db, capsys, monkeypatch

    def __call__(self, *args: str, stdin: str = "", lang: str = "en") -> tuple[int, str, str]:
        self.monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8"))
        code = main(["--lang", lang, *args, "--db", str(self.db)])
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    monkeypatch.delenv("COMPANION_DB", raising=False)
    return Run(tmp_path / "games.sqlite3", capsys, monkeypatch)


def seating(setup: Any) -> list[str]:
    """``new``'s table options for ``setup``: the players, and the start player where there is one."""
    start = getattr(setup, "start", None)
    return ["--players", ",".join(setup.players), *([] if start is None else ["--start", setup.players[start]])]


def notation(game: str, players: int, seed: int) -> tuple[Any, list[str]]:
    engine = ENGINES[game]
    setup, actions = played(game, players, seed=seed)
    state, lines = engine.new_state(setup), []
    for action in actions:
        lines.append(engine.action_line(state, action))
        state, _ = engine.apply(state, action)
    return setup, lines


@pytest.mark.parametrize("game,players", [("fortress", 3), ("homalet", 4), ("dragoness", 3)])
def test_a_whole_game_through_the_command_line(run: Run, game: str, players: int) -> None:
    setup, lines = notation(game, players, seed=31)
    code, out, _ = run("new", game, *seating(setup))
    assert code == 0 and out.strip().isdigit()
    game_id = out.strip()
    code, out, err = run("play", game_id, lines[0], lines[1])
    assert code == 0 and len(out.splitlines()) == 2 and err == ""
    code, out, err = run("play", game_id, "-", stdin="\n".join(lines[2:]) + "\n")
    assert code == 0, err
    assert len(out.splitlines()) == len(lines) - 2  # one ruling per action
    code, out, _ = run("show", game_id, "--json")
    shown = json.loads(out)
    assert shown["game"] == game and shown["players"] == list(setup.players)
    assert shown["actions"] == len(lines) and shown["finished"] is True
    assert shown["settle"]["winners"] and "settle_refused" not in shown
    code, out, _ = run("games", "--json")
    assert json.loads(out)[0]["finished"] is True
    code, exported, _ = run("export", game_id, "--lines")
    assert exported.splitlines() == lines
    code, record_text, _ = run("export", game_id)
    code, out, err = run("import", "-", stdin=record_text)
    assert code == 2 and "already stored as game" in err  # the same record twice
    run("delete", game_id, "--yes")
    code, out, _ = run("import", "-", stdin=record_text)
    assert code == 0
    code, again, _ = run("export", out.strip())
    assert json.loads(again) == json.loads(record_text)  # a round trip gives an identical record
    code, out, _ = run("new", game, *seating(setup))
    code, _, _ = run("play", out.strip(), "-", stdin=exported)  # the lines play back
    assert code == 0
    assert run("export", out.strip(), "--lines")[1] == exported


def test_a_refused_line_stops_play_and_keeps_the_lines_before(run: Run) -> None:
    _, lines = notation("fortress", 3, seed=4)
    game_id = run("new", "fortress", "--players", "P0,P1,P2", "--start", "P1")[1].strip()
    code, out, err = run("play", game_id, lines[0], lines[1], "Z9 nowhere", lines[2])
    assert code == 2 and len(out.splitlines()) == 2
    assert err.startswith("Z9 nowhere: ") and err.count("\n") == 1
    shown = json.loads(run("show", game_id, "--json")[1])
    assert shown["actions"] == 2
    code, out, err = run("play", game_id, "Z9 どこ", lang="ja")
    assert code == 2 and "「Z9 どこ」：" in err
    # issue 18: the reason and the one form that fits, a did-you-mean for a mistyped word, one line
    code, _, err = run("play", game_id, "R7 A1N nmber")
    assert code == 2 and err == "R7 A1N nmber: 'nmber' is not a word of this line: did you mean R7 A1N number?\n"
    code, _, err = run("play", game_id, "R7 A1N x", lang="ja")
    assert code == 2 and err.count("\n") == 1 and err.endswith("書き方：カード 場所 数｜スート（例：赤7 A1上 数）\n")


def test_undo_redo_and_show_in_words(run: Run) -> None:
    setup, lines = notation("homalet", 3, seed=2)
    game_id = run("new", "homalet", *seating(setup))[1].strip()
    run("play", game_id, *lines[:6])
    assert run("undo", game_id, "4")[1] == f"undid 4 actions ({' | '.join(lines[2:6])}); 2 actions in effect\n"
    assert run("redo", game_id)[1] == f"redid 1 action ({lines[2]}); 3 actions in effect\n"
    assert run("undo", game_id, "9")[1].startswith("undid 3 actions")
    assert run("undo", game_id)[1] == "nothing to undo\n"
    assert run("redo", game_id, "2", lang="ja")[1].startswith("2手やり直しました（公開 ")
    code, out, _ = run("show", game_id)
    assert code == 0 and out.startswith(f"Game 1: HOMALET, {', '.join(setup.players)}\n") and len(out.splitlines()) > 3
    assert run("undo", game_id, "0")[0] == 2


def test_score_sheet_games_count_in_games_and_stats(run: Run, tmp_path: Path) -> None:
    example = ROOT / "examples" / "fortress.json"
    code, out, _ = run("new", "fortress", "--results", str(example))
    assert code == 0
    sheet = json.loads(example.read_text(encoding="utf-8"))
    code, listed, _ = run("games")
    assert "finished, won by Aki" in listed and "Aki, Ben, Chie" in listed
    code, out, _ = run("stats", "--json", "--game", "fortress")
    rows = {r["player"]: r for r in json.loads(out)}
    assert rows["Aki"]["wins"] == 1 and rows["Aki"]["plays"] == 1 and set(rows) == {p["name"] for p in sheet["players"]}
    code, out, _ = run("stats", "--csv")
    assert out.splitlines()[0].startswith("player,game,plays,wins,win_rate,average")
    code, out, _ = run("stats", "--vs", "Aki", "Ben", "--json")
    assert json.loads(out)["a_wins"] == 1 and json.loads(out)["games"] == 1
    code, out, err = run("new", "fortress", "--players", "Aki,Ben", "--results", str(example))
    assert code == 2 and "Chie" in err
    code, out, err = run("export", "1", "--lines")
    assert code == 2 and "results alone" in err


def test_delete_asks_first(run: Run) -> None:
    game_id = run("new", "dragoness", "--players", "A,B")[1].strip()
    code, out, _ = run("delete", game_id, stdin="n\n")
    assert code == 1 and "not deleted" in out
    code, out, _ = run("delete", game_id, stdin="y\n")
    assert code == 0 and run("games", "--json")[1].strip() == "[]"
    code, _, err = run("delete", game_id, "--yes")
    assert code == 2 and f"no game {game_id}" in err


@pytest.mark.parametrize(
    "args,needle",
    [
        (["new", "fortress", "--players", "A,B"], "3 to 5 players"),
        (["new", "fortress"], "name the players"),
        (["new", "fortress", "--players", "A,B,C", "--start", "Zed"], "start player Zed"),
        (["play", "7", "x"], "no game 7"),
        (["show", "7"], "no game 7"),
        (["export", "7"], "no game 7"),
        (["undo", "7"], "no game 7"),
        (["stats", "--vs", "A", "A"], "two different players"),
    ],
)
def test_refusals_are_one_line_and_exit_2(run: Run, args: list[str], needle: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and needle in err and err.count("\n") == 1 and out == ""


def test_reading_commands_create_no_database(run: Run) -> None:
    assert run("games") == (0, "no games stored yet\n", "")
    assert run("stats")[1] == "no finished games to count yet\n"
    assert not run.db.exists()


def test_export_bgstats_url_of_an_imported_record_and_of_a_score_sheet(run: Run) -> None:
    from companion.results import bgstats

    assert run("import", str(ROOT / "examples" / "records" / "fortress.json"))[0] == 0
    code, out, err = run("export", "1", "--bgstats-url")
    assert (code, err) == (0, "")
    record = json.loads((ROOT / "examples" / "records" / "fortress.json").read_text(encoding="utf-8"))
    assert bgstats.play_of_url(out.strip()) == bgstats.play_from_record(record)  # the same play, the same id
    piles = [{"name": "Aki", "pile": ["01"]}, {"name": "Ben", "pile": ["07", "17"]}, {"name": "Chie", "pile": []}]
    sheet = json.dumps({"game": "homalet", "players": piles})
    assert run("new", "homalet", "--results", "-", stdin=sheet) == (0, "2\n", "")
    code, out, _ = run("export", "2", "--bgstats-url")
    play = bgstats.play_of_url(out.strip())
    assert code == 0
    assert [(p["name"], p["winner"]) for p in play["players"]] == [("Aki", False), ("Ben", True), ("Chie", False)]
    assert play["players"][0]["sourcePlayerId"] == bgstats.player_id("Aki")
    assert run("export", "2", "--bgstats-url")[1] == out  # sending twice is the same play


def test_export_bgstats_url_of_an_unfinished_game_is_refused(run: Run) -> None:
    assert run("new", "fortress", "--players", "A,B,C")[0] == 0
    code, out, err = run("export", "1", "--bgstats-url")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "not over" in err
    assert "終わって" in run("export", "1", "--bgstats-url", lang="ja")[2]


def test_stats_playtest_of_the_example_records(run: Run) -> None:
    for game in ("fortress", "homalet", "dragoness"):
        assert run("import", str(ROOT / "examples" / "records" / f"{game}.json"))[0] == 0
    code, out, err = run("stats", "--playtest", "--json")
    groups = json.loads(out)
    assert (code, err) == (0, "") and [(g["game"], g["players"], g["games"]) for g in groups] == [
        ("dragoness", 8, 1),
        ("fortress", 5, 1),
        ("homalet", 7, 1),
    ]
    fortress = groups[1]
    assert [s["wins"] for s in fortress["seats"]] == [0, 0, 0, 1, 0]  # Dai, seat 4, won
    assert fortress["start_player"]["wins"] == 0 and fortress["margins"] == {"2": 1}  # 24 over Aki's 22
    assert fortress["actions"]["max"] == 138 and fortress["minutes"]["max"] == 49.6
    assert groups[0]["start_player"] is None and "too few" in groups[0]["warning"]
    code, out, _ = run("stats", "--playtest", "--csv", "--game", "homalet")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("game_id,date,game,deck_version,players,seat") and len(lines) == 1 + 7
    version = groups[1]["deck_version"]
    assert json.loads(run("stats", "--playtest", "--json", "--deck-version", version)[1])[0]["game"] == "fortress"
    assert json.loads(run("stats", "--playtest", "--json", "--players", "7")[1])[0]["game"] == "homalet"
    code, out, _ = run("stats", "--playtest", lang="ja")
    assert code == 0 and "席ごとの勝ち" in out and "レイン" in out


def test_stats_playtest_refuses_options_of_the_other_stats(run: Run) -> None:
    code, out, err = run("stats", "--players", "3")
    assert (code, out) == (2, "") and "--playtest" in err and err.count("\n") == 1
    code, out, err = run("stats", "--playtest", "--player", "Aki")
    assert (code, out) == (2, "") and "--player" in err


def test_db_before_the_command_serves_every_command(
    run: Run, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``companion --db PATH COMMAND``: the database named before the command is the one used, by the
    live commands and by ``print result``; a --db after the command still wins."""
    example = ROOT / "examples" / "fortress.json"
    first = str(tmp_path / "first.sqlite3")
    assert main(["--lang", "en", "--db", first, "new", "fortress", "--results", str(example)]) == 0
    assert capsys.readouterr().out.strip() == "1"
    assert main(["--db=" + first, "--lang", "en", "games"]) == 0
    assert "won by Aki" in capsys.readouterr().out
    assert main(["--lang", "en", "--db", first, "games", "--db", str(run.db)]) == 0  # the command's own wins
    assert capsys.readouterr().out == "no games stored yet\n"
    sheet = tmp_path / "result.pdf"
    assert main(["--lang", "en", "--db", first, "print", "result", "1", "-o", str(sheet)]) == 0
    assert sheet.read_bytes().startswith(b"%PDF")
    assert not run.db.exists()


@pytest.mark.parametrize(
    "argv,opened",
    [
        (["--db", "x.sqlite3"], {"db": "x.sqlite3"}),
        (["--lang", "ja", "--db=x.sqlite3"], {"lang": "ja", "db": "x.sqlite3"}),
        (["--lang", "en"], {"lang": "en"}),
        ([], {}),
        (["--db"], None),
        (["--db", "a", "--db", "b"], None),
        (["--db", "a", "games"], None),
        (["--lang", "fr"], None),
    ],
)
def test_db_alone_opens_the_app_on_that_file(
    argv: list[str], opened: dict[str, str] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.cli import app_options

    assert app_options(argv) == opened
    if opened is not None:
        seen: list[str | None] = []

        def opening(lang: str | None = None, db_path: str | None = None) -> int:
            seen.append(db_path)
            return 0

        monkeypatch.setattr("companion.app.run", opening)
        assert main(argv) == 0 and seen == [opened.get("db")]

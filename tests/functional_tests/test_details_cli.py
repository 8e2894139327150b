"""The play details on the command line (issue 21): ``new --location``, ``note ID TEXT``, and the details
in ``show``, ``export`` and the BG Stats link; ``stats --playtest --deck-version`` by version or hash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.records.play_details import NOTES_MAX
from companion.results import bgstats
from tests.helpers.inprocess import assert_refused, call

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "records"


def ok(*argv: str, stdin: bytes = b"") -> str:
    run = call(*argv, stdin=stdin)
    assert run.code == 0, run.stderr
    return run.stdout.decode("utf-8")


def shown(db: Path, game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", game_id, "--json", "--db", str(db)))
    return data


def test_location_and_notes_are_kept_shown_and_exported(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    game = ok("new", "fortress", "--players", "A,B,C", "--location", "Aki's flat", "--db", str(db)).strip()
    assert shown(db, game)["details"]["location"] == "Aki's flat"
    assert "(9 characters)" in ok("note", game, "good game", "--db", str(db))
    assert "2文字" in ok("note", game, "接戦", "--db", str(db), "--lang", "ja")
    details = shown(db, game)["details"]
    assert details["notes"] == "接戦" and details["bgg_id"] is None and len(details["deck_version"]) == 8
    text = ok("show", game, "--db", str(db))
    assert "Location: Aki's flat" in text and "Notes: 接戦" in text
    assert "会場：Aki's flat" in ok("show", game, "--db", str(db), "--lang", "ja")
    record = json.loads(ok("export", game, "--db", str(db)))
    assert record["version"] == 2 and record["details"] == {"location": "Aki's flat", "notes": "接戦"}
    assert "cleared" in ok("note", game, "", "--db", str(db))
    assert shown(db, game)["details"]["notes"] == ""


def test_notes_from_standard_input_and_the_bg_stats_link_carry_them(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    game = ok("import", str(EXAMPLES / "homalet.json"), "--db", str(db)).strip()
    before = bgstats.play_of_url(ok("export", game, "--bgstats-url", "--db", str(db)).strip())
    ok("note", game, "-", "--db", str(db), stdin=b"first line\nsecond line\n")
    play = bgstats.play_of_url(ok("export", game, "--bgstats-url", "--db", str(db)).strip())
    assert play["comments"] == "first line\nsecond line"
    assert play["sourcePlayId"] == before["sourcePlayId"] and "durationMin" in play
    assert shown(db, game)["details"]["duration_min"] == pytest.approx(play["durationMin"], abs=0.5)


@pytest.mark.parametrize(
    "argv,stdin,words",
    [
        (("note", "1", "x" * (NOTES_MAX + 1)), b"", "2,000 characters"),
        (("note", "1", "a\x1bb"), b"", "control characters"),
        (("note", "1", "-"), b"\xff\xfe\xfa", "UTF-8"),
        (("note", "1", "-"), b"x" * (4 * NOTES_MAX + 1), "longer than 2,000"),
        (("note", "9", "x"), b"", "no game 9"),
    ],
)
def test_bad_notes_are_refused_in_one_sentence_and_change_nothing(
    tmp_path: Path, argv: tuple[str, ...], stdin: bytes, words: str
) -> None:
    db = tmp_path / "g.sqlite3"
    ok("import", str(EXAMPLES / "fortress.json"), "--db", str(db))
    ok("note", "1", "kept", "--db", str(db))
    run = call(*argv, "--db", str(db), stdin=stdin)
    assert_refused(run)
    assert words in run.stderr and run.stderr.count("\n") == 1
    assert shown(db, "1")["details"]["notes"] == "kept"
    ja = call(*argv, "--db", str(db), "--lang", "ja", stdin=stdin)
    assert_refused(ja)
    assert any(ord(c) > 0x3000 for c in ja.stderr)  # said in Japanese
    assert shown(db, "1")["details"]["notes"] == "kept"


def test_a_bad_location_is_refused_and_no_game_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = call("new", "homalet", "--players", "A,B,C", "--location", "x" * 101, "--db", str(db))
    assert_refused(run)
    assert "location" in run.stderr and "100" in run.stderr
    assert json.loads(ok("games", "--json", "--db", str(db))) == []


def test_stats_playtest_picks_a_deck_version_by_its_version_or_its_hash(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    text = (ROOT / "assets" / "decks" / "fortress.toml").read_text("utf-8")
    deck = tmp_path / "v2.toml"  # a second printing: a version, and a red a shade apart
    deck.write_text('version = "v2"\nbgg_id = 4242\n' + text.replace("#740206", "#740207"), "utf-8")
    ok("import", str(EXAMPLES / "fortress.json"), "--db", str(db))
    results = str(ROOT / "examples" / "fortress.json")
    ok("new", "fortress", "--results", results, "--deck", str(deck), "--location", "club", "--db", str(db))
    labels = {g["deck_version"] for g in json.loads(ok("stats", "--playtest", "--json", "--db", str(db)))}
    assert len(labels) == 2
    tagged = next(label for label in labels if label.startswith("v2+"))
    plain = next(label for label in labels if label != tagged)
    for wanted, label in (("v2", tagged), (tagged.split("+")[1], tagged), (plain, plain), (plain[:5], plain)):
        groups = json.loads(ok("stats", "--playtest", "--json", "--deck-version", wanted, "--db", str(db)))
        assert [g["deck_version"] for g in groups] == [label]
    assert json.loads(ok("stats", "--playtest", "--json", "--deck-version", "v3", "--db", str(db))) == []
    link = bgstats.play_of_url(ok("export", "2", "--bgstats-url", "--db", str(db)).strip())
    assert link["game"]["bggId"] == 4242 and link["location"] == "club"

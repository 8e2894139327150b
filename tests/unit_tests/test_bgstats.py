"""A finished game as a BG Stats play (issue 21): the link decoded back matches a golden document per
example record, writes only the fields BG Stats documents, and keeps its ids stable. Offline: nothing
here opens the network."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.results import bgstats
from companion.rules.common import Refusal

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("fortress", "homalet", "dragoness")


def example(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game", GAMES)
def test_the_link_decoded_back_is_the_golden_play(game: str) -> None:
    link = bgstats.url(bgstats.play_from_record(example(game)))
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B")
    assert " " not in link and '"' not in link
    golden = json.loads((ROOT / "tests" / "golden" / "bgstats" / f"{game}.json").read_text(encoding="utf-8"))
    assert bgstats.play_of_url(link) == golden


@pytest.mark.parametrize("game", GAMES)
def test_only_the_documented_field_names(game: str) -> None:
    play = bgstats.play_from_record(example(game))
    assert set(play) <= set(bgstats.PLAY_FIELDS)
    assert set(play["game"]) <= set(bgstats.GAME_FIELDS)
    for player in play["players"]:
        assert set(player) <= set(bgstats.PLAYER_FIELDS)


def test_scores_winners_and_places_follow_settle() -> None:
    # HOMALET: Dai and Emi both have 9; Emi wins the tie as the rules settle it (H-12), so Dai is second
    players = {p["name"]: p for p in bgstats.play_from_record(example("homalet"))["players"]}
    assert (players["Emi"]["winner"], players["Emi"]["rank"], players["Emi"]["score"]) == (True, 1, 9)
    assert (players["Dai"]["winner"], players["Dai"]["rank"], players["Dai"]["score"]) == (False, 2, 9)
    assert players["Aki"]["startPlayer"] and not players["Ben"]["startPlayer"]
    # Reign of Dragoness sends the five-round total (D-11); it has no start player (D-6)
    dragoness = {p["name"]: p for p in bgstats.play_from_record(example("dragoness"))["players"]}
    assert dragoness["Hana"]["score"] == 10 and dragoness["Hana"]["winner"]
    assert not any(p["startPlayer"] for p in dragoness.values())


def test_a_shared_win_marks_each_winner_first() -> None:
    answer = {
        "players": [{"name": "A", "score": 5}, {"name": "B", "score": 5}, {"name": "C", "score": 2}],
        "winners": ["A", "B"],
    }
    play = bgstats.make_play("fortress", ["A", "B", "C"], 2, answer, [None], "k")
    assert [(p["winner"], p["rank"]) for p in play["players"]] == [(True, 1), (True, 1), (False, 3)]
    assert "playDate" not in play and "durationMin" not in play  # no time known: none invented


def test_the_date_is_the_utc_end_and_the_duration_from_the_action_times() -> None:
    play = bgstats.play_from_record(example("fortress"))
    assert play["playDate"] == "2026-11-30 19:49:45"
    assert play["durationMin"] == 50  # 19:00:11 to 19:49:45


def test_ids_are_stable_and_players_keep_theirs_across_games() -> None:
    first = bgstats.play_from_record(example("fortress"))
    again = bgstats.play_from_record(json.loads(json.dumps(example("fortress"))))
    other = bgstats.play_from_record(example("homalet"))
    assert first["sourcePlayId"] == again["sourcePlayId"] != other["sourcePlayId"]
    ids = {p["name"]: p["sourcePlayerId"] for p in first["players"]}
    assert all(ids[p["name"]] == p["sourcePlayerId"] for p in other["players"] if p["name"] in ids)
    assert len(set(ids.values())) == len(ids)


def test_an_unfinished_record_is_refused_in_a_sentence() -> None:
    data = example("fortress")
    data["actions"] = data["actions"][:10]
    with pytest.raises(Refusal) as caught:
        bgstats.play_from_record(data)
    assert "not over" in caught.value.msg.en and "終わって" in caught.value.msg.ja


def test_the_details_become_location_comments_and_bgg_id_and_keep_the_plays_id() -> None:
    plain = bgstats.play_from_record(example("homalet"))
    detailed = {
        **example("homalet"),
        "version": 2,
        "details": {"location": "club", "notes": "tight finish", "deck_version": "2", "bgg_id": 4242},
    }
    play = bgstats.play_from_record(detailed)
    assert play["location"] == "club" and play["comments"] == "tight finish"
    assert play["game"]["bggId"] == 4242
    assert set(play) <= set(bgstats.PLAY_FIELDS) and set(play["game"]) <= set(bgstats.GAME_FIELDS)
    assert play["sourcePlayId"] == plain["sourcePlayId"]  # editing the notes does not make another play
    assert "location" not in plain and "comments" not in plain and "bggId" not in plain["game"]
    assert {k: v for k, v in play.items() if k not in ("location", "comments", "game")} == {
        k: v for k, v in plain.items() if k != "game"
    }

"""History and statistics: the store's numbers equal those counted by hand from each game's
settle answer (the score sheet's arithmetic), over random score-sheet games."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.common import Refusal
from companion.settle import settle
from companion.store import Store

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi"]


def dragoness_sheet(rnd: random.Random) -> dict[str, Any]:
    """D-11: five rounds, each with who went out and everyone else's cards left."""
    players = rnd.sample(NAMES, rnd.randint(2, 5))
    rounds = []
    for _ in range(5):
        out = rnd.choice(players)
        rounds.append({"out": out, "cards_left": {p: rnd.randint(1, 13) for p in players if p != out}})
    return {"game": "dragoness", "players": players, "rounds": rounds}


def homalet_sheet(rnd: random.Random) -> dict[str, Any]:
    """H-1: score piles of distinct cards."""
    players = rnd.sample(NAMES, rnd.randint(3, 5))
    cards = rnd.sample(range(len(players) * 10), len(players) * 4)
    return {
        "game": "homalet",
        "players": [{"name": p, "pile": [f"{c:02d}" for c in cards[i :: len(players)]]} for i, p in enumerate(players)],
    }


def by_hand(sheets: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    """Plays, wins, total, best and worst per (player, game), from each settle answer."""
    out: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: {"plays": 0, "wins": 0, "scores": []})
    for sheet in sheets:
        answer = settle(sheet)
        scores = answer["totals"] if "totals" in answer else {p["name"]: p["score"] for p in answer["players"]}
        for name, score in scores.items():
            row = out[(name, sheet["game"])]
            row["plays"] += 1
            row["wins"] += name in answer["winners"]
            row["scores"].append(score)
    return out


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 12))
def test_stats_equal_the_score_sheets_counted_by_hand(seed: int, count: int) -> None:
    rnd = random.Random(seed)
    sheets = [rnd.choice([dragoness_sheet, homalet_sheet])(rnd) for _ in range(count)]
    with Store.open(":memory:") as db:
        for sheet in sheets:
            db.new_result_game(sheet["game"], sheet)
        expected = by_hand(sheets)
        rows = db.stats()
        assert {(r.player, r.game) for r in rows} == set(expected)
        for r in rows:
            want = expected[(r.player, r.game)]
            assert (r.plays, r.wins, r.total, r.best, r.worst) == (
                want["plays"],
                want["wins"],
                sum(want["scores"]),
                max(want["scores"]),
                min(want["scores"]),
            )
            assert r.average == sum(want["scores"]) / want["plays"] and r.win_rate == want["wins"] / want["plays"]
        assert [r for r in rows if r.game == "homalet"] == db.stats(game="homalet")
        assert all(r.player == "Aki" for r in db.stats(player="Aki"))
        a, b = "Aki", "Ben"
        both = [s for s in sheets if {a, b} <= {p if isinstance(p, str) else p["name"] for p in s["players"]}]
        vs = db.head_to_head(a, b)
        assert vs.games == len(both)
        wins = [settle(s)["winners"] for s in both]
        assert (vs.a_wins, vs.b_wins, vs.shared) == (
            sum(a in w for w in wins),
            sum(b in w for w in wins),
            sum(a in w and b in w for w in wins),
        )
        assert vs.a_ahead + vs.b_ahead + vs.level == vs.games
        assert len(db.games()) == count and set(db.roster()) <= set(NAMES)


def test_an_incomplete_dragoness_sheet_is_stored_but_not_counted() -> None:
    sheet = dragoness_sheet(random.Random(1))
    sheet["rounds"] = sheet["rounds"][:3]
    with Store.open(":memory:") as db:
        game_id = db.new_result_game("dragoness", sheet)
        (summary,) = db.games()
        assert summary.id == game_id and not summary.finished and summary.mode == "sheet"
        assert db.stats() == []
        live = db.load(game_id)
        assert live.settle() is not None and live.settle()["complete"] is False  # type: ignore[index]
        for change in (lambda: live.undo(), lambda: live.redo(), lambda: live.play_line("x"), live.record):
            with pytest.raises(Refusal, match="results alone"):
                change()


def test_a_sheet_settle_refuses_is_not_stored() -> None:
    with Store.open(":memory:") as db:
        with pytest.raises(Refusal, match="each card exists once"):
            db.new_result_game("homalet", {"players": [{"name": "A", "pile": ["07"]}, {"name": "B", "pile": ["07"]}]})
        with pytest.raises(Refusal, match='not "homalet"'):
            db.new_result_game("homalet", {"game": "dragoness", "players": []})
        with pytest.raises(Refusal, match="JSON object"):
            db.new_result_game("homalet", [])  # type: ignore[arg-type]
        assert db.games() == [] and db.roster() == []


@pytest.mark.parametrize(
    ("game", "sheet", "said"),
    [
        ("homalet", {"players": [{"name": "A", "pile": ["07"]}, {"name": "B", "pile": ["12"]}]}, "3 to 7 players"),
        ("fortress", {"players": [{"name": "A", "fortress": [["R1"]], "hand": []}]}, "players, not 1"),
    ],
)
def test_a_sheet_with_a_table_the_rules_do_not_have_is_refused_before_it_is_stored(
    game: str, sheet: dict[str, Any], said: str
) -> None:
    """H-1 (HOMALET is for 3 to 7) and F-1: settle scores a partial sheet, but a stored game must be a
    table the rules know, or it could not be read back ("game N cannot be read")."""
    with Store.open(":memory:") as db:
        with pytest.raises(Refusal, match=said):
            db.new_result_game(game, sheet)
        assert db.games() == [] and db.roster() == []


def test_a_sheet_keeps_its_deck_file(tmp_path: Path) -> None:
    """A "deck" path in the results is read when the game is stored: the file may go away later."""
    from companion.cards.decks import default_deck_path

    deck = tmp_path / "mine.toml"
    deck.write_bytes(default_deck_path("homalet").read_bytes())
    sheet = homalet_sheet(random.Random(3))
    with Store.open(tmp_path / "g.sqlite3") as db:
        game_id = db.new_result_game("homalet", {**sheet, "deck": str(deck)})
        deck.unlink()
        assert db.load(game_id).settle() == settle(sheet)


def test_played_games_give_the_playtest_analysis_what_each_game_was(tmp_path: Path) -> None:
    import json

    with Store.open(tmp_path / "games.sqlite3") as store:
        record = json.loads((Path(__file__).parents[2] / "examples" / "records" / "fortress.json").read_text("utf-8"))
        tracked = store.import_record(record)
        sheet = store.new_result_game("homalet", homalet_sheet(random.Random(4)))
        store.new_game("fortress", ["Aki", "Ben", "Chie"])  # not finished: not counted
        games = {g.id: g for g in store.played_games()}
    assert set(games) == {str(tracked), str(sheet)}
    fortress = games[str(tracked)]
    assert fortress.players == ("Aki", "Ben", "Chie", "Dai", "Emi") and fortress.start == 2
    assert fortress.scores == (22, 8, 1, 24, 14) and fortress.winners == frozenset({3})  # Dai (F-14)
    assert (fortress.actions, fortress.minutes, fortress.date) == (138, 49.6, "2026-11-30T19:49:45Z")
    assert games[str(sheet)].actions is None and games[str(sheet)].minutes is None  # a sheet has no moves
    assert fortress.deck_version != games[str(sheet)].deck_version and not fortress.simulated

"""Issue 27, item 4: the Six-Suit Fortress "score so far" says what is known (F-13, F-14). After every
action of the example game, for every player: the fortress's points are its columns × its tallest
column as the test counts them; the penalty is said only once the whole hand is known (the app
counted −7 from the two cards it had seen in a hand of 13); the face-down pair counts only once the
game is over, and is named whenever it does (it was counted silently after the end was triggered)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app.widgets.boards import board
from companion.records.game_records import fold_record, read_record
from companion.rules import fortress
from companion.rules.common import Lang
from tests.helpers.own import own

RECORD = json.loads((Path(__file__).resolve().parents[2] / "examples/records/fortress.json").read_text("utf-8"))
LANGS: list[Lang] = ["en", "ja"]


def states() -> Iterator[fortress.State]:
    """The example game's state after each of its actions."""
    for n in range(1, len(RECORD["actions"]) + 1):
        state, _ = fold_record(read_record({**RECORD, "actions": RECORD["actions"][:n]}))
        yield own(fortress.State, state)


@functools.cache
def all_states() -> list[fortress.State]:
    """Folded once, by the worker that runs these tests (not at collection, in every worker)."""
    return list(states())


def plain_points(columns: list[list[Any]]) -> int:
    """F-14's columns × the tallest column, of the fortress as it stands."""
    heights = [len(c) for c in columns if c]
    return len(heights) * max(heights, default=0)


def paired_points(columns: list[list[Any]], source: int, target: int) -> int:
    """The same with the face-down pair laid (F-13): two cards off column ``source``, one card on
    ``target`` (columns counted from 1, as the words say them); an emptied column stops counting."""
    heights = [len(c) for c in columns]
    heights[source - 1] -= 2
    heights[target - 1] += 1
    standing = [h for h in heights if h > 0]
    return len(standing) * max(standing, default=0)


def hand_known(state: fortress.State, p: int) -> list[Any] | None:
    """The whole hand, when the table has shown it: the final hand, or every card seen going there."""
    final = state.final_hands[p]
    if final is not None:
        return list(final)
    known = state.known_hands[p]
    return sorted(known) if len(known) == state.hand_counts[p] else None


def penalty_of(hand: list[Any]) -> int:
    """F-14: the lowest rank of each suit in the hand, added up."""
    lowest: dict[str, int] = {}
    for card in hand:
        lowest[card.suit] = min(lowest.get(card.suit, 99), card.rank)
    return sum(lowest.values())


def test_the_example_game_has_the_cases_of_the_issue() -> None:
    """Hands partly seen, hands wholly known, and a pair that would change the score before the end."""
    partly = [s for s in all_states() if any(0 < len(s.known_hands[p]) < s.hand_counts[p] for p in range(5))]
    wholly = [s for s in all_states() if any(hand_known(s, p) for p in range(5))]
    silent = [
        s
        for s in all_states()
        if s.phase not in (fortress.Phase.FINAL, fortress.Phase.OVER)
        and any(fortress.best_pair([len(c) for c in s.fortresses[p]]) for p in range(5))
    ]
    assert partly and wholly and silent


def line_of(text: str, name: str) -> str:
    (line,) = [line for line in text.splitlines() if line.startswith((f"{name}: ", f"{name}は"))]
    return line


@pytest.mark.parametrize("lang", LANGS)
def test_f14_the_description_gives_a_score_only_for_a_known_hand(lang: Lang) -> None:
    """``show``/``replay``: a known hand's score is the fortress's points less its penalty; an unknown
    hand's line gives the fortress's points and says the penalty is not known, with no other number."""
    for number, state in enumerate(all_states(), 1):
        said = fortress.describe(state).text(lang)
        ending = state.phase in (fortress.Phase.FINAL, fortress.Phase.OVER)
        for p, name in enumerate(state.setup.players):
            line = line_of(said, name)
            where = (number, line)
            columns = state.fortresses[p]
            pair = re.search(r"(?:face-down pair|裏向きペア) (\d+) → (\d+)", line)
            if pair is None:
                points = plain_points(columns)
            else:  # F-13: named only once the game is over
                assert ending, where
                points = paired_points(columns, int(pair[1]), int(pair[2]))
                assert points > plain_points(columns), where  # a pair is counted only where it helps
            hand = hand_known(state, p)
            score = r"(?:score so far|score|現在の勝利点|勝利点)"
            if hand is None:
                unknown = "less the penalty of a hand not shown yet" if lang == "en" else "手札が未公開のため失点は未定"
                assert unknown in line, where
                found = re.search(score + r" ?(?:は砦の)?(-?\d+)(?: for the fortress|点)", line)
                assert found is not None and int(found[1]) == points, where
            else:
                found = re.search(score + r" ?(-?\d+)", line)
                assert found is not None and int(found[1]) == points - penalty_of(hand), where
                assert "not shown" not in line and "未公開" not in line, where


@pytest.mark.parametrize("size", [(49, 19), (78, 35)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", LANGS)
def test_f13_f14_the_board_says_what_is_known(lang: Lang, size: tuple[int, int]) -> None:
    """The board, in the room it has at 80×24 and 120×40: each player's score is the known part,
    ``−?`` after it while the hand is not known, and where the board says how the score is made,
    ``hand not shown`` instead of a penalty; the pair marked only once the game is over."""
    said_unknown = 0
    for number, state in enumerate(all_states(), 1):
        rows = board(fortress_engine(), state, lang, *size).plain.replace("\u00a0", " ").split("\n")
        names = state.setup.players
        starts = [next(i for i, row in enumerate(rows) if row[1:].startswith(name)) for name in names]
        for p, start in enumerate(starts):
            block = " ".join(rows[start : starts[p + 1] if p + 1 < len(starts) else None])
            where = (number, block)
            pair = re.search(r"(?:face-down pair|裏向きペア) (\d+) → (\d+)", block)
            columns = state.fortresses[p]
            points = plain_points(columns) if pair is None else paired_points(columns, int(pair[1]), int(pair[2]))
            if pair is not None:
                assert state.phase in (fortress.Phase.FINAL, fortress.Phase.OVER), where
            hand = hand_known(state, p)
            found = re.search(r"(?:score|点数) +(-?\d+)(−\?)?", block)
            assert found is not None, where
            if hand is not None:
                assert (int(found[1]), found[2]) == (points - penalty_of(hand), None), where
                continue
            assert (int(found[1]), found[2]) == (points, "−?"), where
            assert " in hand" not in block and " − 手札" not in block, where  # no penalty of the cards seen
            unknown = "hand not shown" if lang == "en" else "手札は未公開"
            if "×" in block:  # the board says how the score is made: it says the hand is not known
                assert unknown in block, where
            said_unknown += unknown in block
    assert said_unknown or size[0] < 60  # the roomy board says it in words


def fortress_engine() -> Any:
    from companion.rules.games import ENGINES

    return ENGINES["fortress"]

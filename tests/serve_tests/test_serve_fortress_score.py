"""The scoreboard's Fortress score says only what the table has shown (F-13, F-14): a hand not shown is
no penalty yet, and the face-down pair counts (and is named) only once the game is over."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.records.game_records import fold_record, read_record
from companion.rules import fortress
from companion.serve.pictures import picture

RECORD = json.loads((Path(__file__).resolve().parents[2] / "examples" / "records" / "fortress.json").read_text())


def _states() -> list[fortress.State]:
    data = dict(RECORD)
    states = []
    for n in (20, 60, len(RECORD["actions"]) - 1, len(RECORD["actions"])):
        data["actions"] = RECORD["actions"][:n]
        state, _ = fold_record(read_record(data))
        assert isinstance(state, fortress.State)
        states.append(state)
    return states


def test_f14_a_hand_not_shown_is_said_not_counted_on_the_scoreboard() -> None:
    for state in _states():
        html = picture(state, "en")
        shown = re.findall(r"score so far ([^<]+)<", html)
        assert len(shown) == len(state.setup.players)
        for p, text in enumerate(shown):
            # worked out here: the fortress's points are columns × tallest; the penalty only of a hand known whole
            heights = [len(c) for c in state.fortresses[p]]
            final = state.final_hands[p]
            known_whole = final is not None or len(state.known_hands[p]) == state.hand_counts[p]
            if state.phase in (fortress.Phase.FINAL, fortress.Phase.OVER) or known_whole:
                continue  # the end's arithmetic is the settlement's (tested there); here: the game going on
            assert text == f"{len(heights) * max(heights, default=0)}−?", (p, text)
        if state.phase not in (fortress.Phase.FINAL, fortress.Phase.OVER):
            assert "face-down pair" not in html  # F-13: laid before scoring, not during the game

"""Reign of Dragoness rounds worked out by the tests themselves from a record's actions (not by the
engine's fold), and read back out of the words a settlement says: each name with its own count of
cards left and its points (issue 27, item 2)."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cards.decks import load_deck_data
from companion.rules import dragoness
from companion.simulate import simulate

HAND = 13  # D-2: 13 cards dealt to each player
RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


@dataclass(frozen=True)
class Round:
    """A finished round: who went out, everyone else's cards left and everyone's points (D-10)."""

    out: str
    left: dict[str, int]
    points: dict[str, int]


def points_of(out: str, left: Mapping[str, int]) -> dict[str, int]:
    """D-10 as the test reads it: first out 3; the fewest cards left 2, the next fewest 1; a tie for
    second takes 2 each and no 1 is given; a tie for third takes 1 each."""
    points = {out: 3} | {name: 0 for name in left}
    counts = sorted(set(left.values()))
    second = [n for n, c in left.items() if c == counts[0]] if counts else []
    for name in second:
        points[name] = 2
    if len(second) == 1 and len(counts) > 1:
        for name, count in left.items():
            if count == counts[1]:
                points[name] = 1
    return points


def rounds_of(record: Mapping[str, Any]) -> list[Round]:
    """Each finished round of a Dragoness record, counted from its actions: 13 cards a hand at each
    deal, less each card played (a Revive is one card), a corrected count taken as said, a hand of
    only Revives counting as empty (D-10); the round ends when a hand is empty."""
    players: list[str] = list(record["setup"]["players"])
    hands = [HAND] * len(players)
    rounds = []
    for action in record["actions"]:
        kind, p = action["type"], action["player"]
        if kind == "play_cards":
            hands[p] -= len(action["cards"])
        elif kind == "revive":
            hands[p] -= 1
        elif kind == "correct":
            hands[p] = action["count"]
        elif kind == "only_revives":
            hands[p] = 0
        if kind != "opening" and hands[p] == 0:
            left = {name: hands[i] for i, name in enumerate(players) if i != p}
            rounds.append(Round(players[p], left, points_of(players[p], left)))
            hands = [HAND] * len(players)
    return rounds


EXAMPLE = "examples/records/dragoness.json"
TABLES = [(players, policy) for players in (2, 3, 5, 8) for policy in ("random", "greedy")]
RECORD_NAMES = [EXAMPLE, *(f"simulated {players} players {policy}" for players, policy in TABLES)]


def dragoness_records() -> Iterator[tuple[str, dict[str, Any]]]:
    """The example record and a simulated game of 2, 3, 5 and 8 players (records), each with its name
    (:data:`RECORD_NAMES`, known without playing them)."""
    for name in RECORD_NAMES:
        yield name, dragoness_record(name)


@functools.cache
def dragoness_record(name: str) -> dict[str, Any]:
    """One of :data:`RECORD_NAMES`' records (a simulated one played when first asked for)."""
    if name == EXAMPLE:
        return dict(json.loads((RECORDS / "dragoness.json").read_text(encoding="utf-8")))
    players, policy = TABLES[RECORD_NAMES.index(name) - 1]
    deck = dragoness.Deck.from_data(load_deck_data("dragoness", None))
    seed = random.Random(players).randrange(1000)
    (sim,) = simulate("dragoness", deck, players, 1, policy, seed=seed, records=True)
    assert sim.record is not None
    return dict(sim.record)


def settle_document(record: Mapping[str, Any]) -> dict[str, Any]:
    """What ``companion settle`` reads for the rounds the test counted."""
    return {
        "game": "dragoness",
        "players": list(record["setup"]["players"]),
        "rounds": [{"out": r.out, "cards_left": r.left} for r in rounds_of(record)],
    }


def _segment(text: str, number: int, lang: str) -> str:
    """Round ``number``'s sentence in ``text``: from its start to the next round's (or what follows
    the last round: the totals, the winner)."""
    start_mark = f"round {number}: " if lang == "en" else f"第{number}ラウンド："
    start = text.index(start_mark)
    after = f"round {number + 1}: " if lang == "en" else f"第{number + 1}ラウンド："
    ends = [after, "Totals", "Winner"] if lang == "en" else [after, "合計", "勝者"]
    found = [i for i in (text.find(mark, start + len(start_mark)) for mark in ends) if i >= 0]
    return text[start : min(found, default=len(text))]


def said_rounds(text: str, names: Sequence[str], rounds: Sequence[Round], lang: str) -> list[str]:
    """What is wrong in ``text``'s account of ``rounds``: each round's first out named as such, each
    other name said once with its own count of cards left and its own points (empty: all right)."""
    wrong = []
    for number, r in enumerate(rounds, 1):
        segment = _segment(text, number, lang)
        first = f"{r.out} went out first: 3" if lang == "en" else f"最初に上がった{r.out}に3点"
        if first not in segment:
            wrong.append(f"round {number}: {first!r} not in {segment!r}")
        for name in names:
            if name == r.out:
                continue
            said = re.escape(name)
            form = (
                rf"(?<!\w){said} (\d+)(?:,| and| cards? left)[^:]*: (\d+)"
                if lang == "en"
                else rf"(?<!\w){said}（残り(\d+)枚）[^に]*に(\d+)点"
            )
            found = re.findall(form, segment)
            if [(int(a), int(b)) for a, b in found] != [(r.left[name], r.points[name])]:
                wrong.append(
                    f"round {number}: {name} has {r.left[name]} cards left and {r.points[name]} points, "
                    f"the text reads {found} in {segment!r}"
                )
    return wrong

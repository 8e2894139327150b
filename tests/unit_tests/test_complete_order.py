"""Issue 18 (four keys a move): what the Fortress and HOMALET ``complete`` say of their choices
besides the words: the choices a line may be begun with (``lead``: the next empty cell of a refill,
the next captured card to build, a final hand or pair in seat order, ``reveal``, ``pick``, ``take``)
and the ones only guessed (an unseen card), and the order of the build choices. Checked along the
example records, state after state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.records import game_records
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.completion import Choice


def choice(choices: list[str]) -> Choice:
    """The first of ``choices``, as :func:`companion.rules.completion.walk` answers it."""
    assert isinstance(choices[0], Choice)
    return choices[0]


RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


def states(game: str) -> Iterator[tuple[Any, Any]]:
    """Each state of the example record with the action played from it."""
    record = game_records.read_record(json.loads((RECORDS / f"{game}.json").read_text(encoding="utf-8")))
    state = record.engine.new_state(record.setup)
    for action in record.actions:
        yield state, action
        state, _ = record.engine.apply(state, action)


def test_a_refill_is_begun_with_the_first_empty_cell_and_its_cards_are_guesses() -> None:
    """F-9: every empty cell is filled, in any order: the first leads; the card is the table's to say."""
    seen = 0
    for state, _ in states("fortress"):
        if state.phase is not f.Phase.REVEAL:
            continue
        first = choice(f.complete(state, "", "en", 1))
        cell = next(c for c, v in state.grid.items() if v is None)
        assert first == cell and first.lead and not first.guess
        card = choice(f.complete(state, cell + " ", "en", 1))
        assert card.guess and not card.lead
        seen += 1
    assert seen > 30


def test_a_build_is_begun_with_a_card_that_fits_and_its_places_go_up_before_out() -> None:
    """F-8, F-11, F-14: the captured card offered first fits the fortress when any does (a kept card
    costs a penalty), the one with a single legal place first; its places list a column raised
    before a new one, the hand last."""
    seen = 0
    likely = [f.Where.ON_LEFT, f.Where.ON_RIGHT, f.Where.RIGHT, f.Where.LEFT, f.Where.HAND]
    for state, _ in states("fortress"):
        if state.phase is not f.Phase.BUILD:
            continue
        builds = {str(b.card): b.legal for b in f.allowed(state).builds}
        first = choice(f.complete(state, "", "en", 1))
        assert first.lead and first in builds
        fitting = [card for card, legal in builds.items() if set(legal) - {f.Where.HAND}]
        if fitting:
            assert first in fitting
            assert len(builds[first]) == min(len(builds[c]) for c in fitting)
        places = [line.split()[1] for line in f.complete(state, first + " ", "en")]
        assert places == [w.value for w in sorted(builds[first], key=likely.index)]
        seen += 1
    assert seen > 50


def test_the_end_goes_round_the_table_a_hand_then_that_players_pair() -> None:
    """F-13: each player's final hand, then the same player's face-down pair, seat by seat; the
    word and the name lead, the best pair is suggested first."""
    seen = 0
    for state, action in states("fortress"):
        if state.phase is not f.Phase.FINAL:
            continue
        first = choice(f.complete(state, "", "en", 1))
        named = choice(f.complete(state, first + " ", "en", 1))
        assert first.lead and named.lead
        assert f.action_line(state, action).startswith(named + " ")  # the record goes round the table too
        seen += 1
    assert seen == 10


def test_homalet_refills_picks_and_takes_are_begun_with_their_word() -> None:
    """H-8, H-5, H-7: ``reveal`` (its cards guessed), ``pick`` and ``take`` lead; a play does not."""
    words = {h.Phase.REFILL: "reveal", h.Phase.PICK: "pick", h.Phase.TAKE: "take"}
    seen: set[str] = set()
    for state, _ in states("homalet"):
        first = choice(h.complete(state, "", "en", 1))
        word = words.get(state.phase)
        if word is None:
            assert not first.lead
            continue
        assert first == word and first.lead
        if word == "reveal":
            assert choice(h.complete(state, "reveal ", "en", 1)).guess
        seen.add(word)
    assert seen == set(words.values())

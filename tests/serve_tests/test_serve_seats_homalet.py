"""HOMALET from the seat pages, without a browser (issue 28): every action of whole games — reveals,
plays with and without a void claim (H-4), picks (H-5), a season's moves and their end (H-6), takes
(H-7), corrections — is reached from the offers of the seat that acts by the taps a phone makes
(the longest step the line begins with, then the button that plays it); only a correction's own
reason, which no offer can hold, is typed, after the count it tapped. A hand count and a set's
number are numbers on the page, never HOMALET's cards of the same digits."""

from __future__ import annotations

import re

import pytest

from companion.rules import homalet
from companion.rules.completion import REASONS
from companion.rules.games import ENGINES
from companion.serve.offers import Offering, actor, waiting_seat
from companion.serve.seat_view import controller_html
from tests.helpers.store_games import played

NAMES = ("Aki", "Ben", "Chie", "Dai")
ENGINE = ENGINES["homalet"]


def game(seed: int) -> tuple[homalet.Setup, list[homalet.Action]]:
    setup, actions = played("homalet", 4, seed)
    return homalet.make_setup(NAMES, setup.start, setup.deck), actions


def tapped(offering: Offering, seat: int, line: str) -> tuple[bool, str]:
    """Whether ``seat``'s page plays ``line`` by taps alone, and the words tapped before (the form
    holds them: the rest of the line is typed)."""
    prefix = ""
    for _ in range(12):
        offers = offering.offers(seat, prefix)
        plays = [offers.itself.line] if offers.itself else []
        plays += [one.line for step in offers.steps for one in step.lines]
        if line in plays:
            return True, offers.prefix
        words = line.split()
        going = [
            s.prefix
            for s in (*offers.steps, *offers.corrections)
            if s.prefix and words[: len(s.prefix.split())] == s.prefix.split()
            if len(s.prefix.split()) > len(offers.prefix.split())
        ]
        if not going:
            return False, offers.prefix
        prefix = max(going, key=lambda p: len(p.split()))
    return False, prefix


@pytest.mark.parametrize("seed", [2, 93, 598])
def test_every_action_of_a_whole_homalet_game_is_tapped_on_the_acting_seats_page(seed: int) -> None:
    setup, actions = game(seed)
    state = ENGINE.new_state(setup)
    reasons = {r.en for r in REASONS}
    kinds: set[str] = set()
    for position, action in enumerate(actions):
        who = actor(state, action)
        seat = who if who is not None else (waiting_seat(state) or state.turn)
        line = ENGINE.action_line(state, action)
        whole, before = tapped(Offering(ENGINE, state, "en"), seat, line)
        if isinstance(action, homalet.Correct) and action.reason not in reasons:
            # the table's own reason is typed, after the name and the count tapped
            assert not whole and before == f"correct {NAMES[action.player]} {action.count}", (seed, position, line)
        else:
            assert whole, (seed, position, line, before)
        kinds.add(type(action).__name__)
        state = ENGINE.apply(state, action)[0]
    assert ENGINE.finished(state)
    if seed == 598:  # the game the browser test plays holds every kind
        assert kinds == {t.__name__ for t in homalet.ACTIONS}


def test_a_hand_count_and_a_sets_number_are_numbers_never_cards() -> None:
    setup, actions = game(598)
    state = ENGINE.new_state(setup)
    at = next(i for i, a in enumerate(actions) if isinstance(a, homalet.Correct))
    for action in actions[:at]:
        state = ENGINE.apply(state, action)[0]
    correction = actions[at]
    assert isinstance(correction, homalet.Correct)
    seat = correction.player
    offering = Offering(ENGINE, state, "en")
    offers = offering.offers(seat, f"correct {NAMES[seat]}")
    counts = list(offers.steps)
    assert str(correction.count) in [s.words for s in counts]
    for step in counts:
        assert step.words.isdigit() and step.card is None, step
        assert step.prefix == f"correct {NAMES[seat]} {step.words}", step  # goes on: a reason may be typed
    page = controller_html(offers, state, "en")
    assert "data-card" not in page  # no count drawn as HOMALET's card 06
    assert re.search(rf'data-prefix="correct {NAMES[seat]} {correction.count}"', page)
    # a set's number: the sets offered after ``take`` are numbers too
    taking = next(i for i, a in enumerate(actions) if isinstance(a, homalet.TakeSet))
    state = ENGINE.new_state(setup)
    for action in actions[:taking]:
        state = ENGINE.apply(state, action)[0]
    taker = actions[taking]
    assert isinstance(taker, homalet.TakeSet)
    sets = Offering(ENGINE, state, "en").offers(taker.player, "take")
    assert sets.steps and all(s.card is None and s.words.isdigit() for s in sets.steps)


def test_a_correction_only_one_seat_may_make_is_offered_on_that_seats_page_only() -> None:
    """When the engine allows one seat's correction alone (its ``complete`` answers ``correct Ben
    0`` whole), that seat's page offers ``correct Ben`` and the others offer none (they showed a
    ``correct`` step leading nowhere)."""
    setup, actions = game(2)
    state = ENGINE.new_state(setup)
    for action in actions[:70]:
        state = ENGINE.apply(state, action)[0]
    assert ENGINE.complete(state, "correct ") == ["correct Ben 0"]
    offering = Offering(ENGINE, state, "en")
    for seat in range(4):
        found = [s.prefix for s in offering.offers(seat).corrections]
        assert found == (["correct Ben"] if seat == 1 else []), (seat, found)
    assert [s.prefix for s in offering.offers(1, "correct Ben").steps] == ["correct Ben 0"]

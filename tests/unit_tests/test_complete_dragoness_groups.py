"""Reign of Dragoness ``complete`` offers exactly the cards some legal group goes on with (issue 17),
where only the gems of the highest card decide (D-3, D-7): a pile of one number to beat by gems,
where the cards of a number are not interchangeable and a wild card's gems count (D-5).

Legality is decided here without ``complete``: every group of the pile's size from the cards not
yet played is tried with ``apply`` (the wild cards unnamed: the engine takes the strongest
reading); the cards typed next are compared with those the legal groups hold.
"""

from __future__ import annotations

import itertools

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from companion.rules.common import Refusal
from tests.helpers.dragoness_groups import accepted, going_on, offered, unplayed

DECK = d.Deck.from_data(load_deck_data("dragoness"))
NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana")


def table(players: int, *lines: str) -> d.State:
    """A new table of ``players`` (Aki holds Lo1), then each line played by the seat on turn."""
    state, _ = d.apply(d.new_state(d.Setup(NAMES[:players], DECK)), d.Opening(0, DECK.parse("Lo1")))
    for line in lines:
        state, _ = d.apply(state, d.PlayCards(state.turn, tuple(DECK.parse(w) for w in line.split())))
    return state


def legal_groups(state: d.State) -> set[tuple[d.Card, ...]]:
    """Every group of the pile's size, from the cards not yet played, that ``apply`` accepts."""
    assert state.top is not None
    return accepted(state, itertools.combinations(unplayed(state, DECK), state.top.size))


def test_d3_d5_a_pile_of_twelves_beaten_only_with_the_knights_gems_offers_every_card_in_every_order() -> None:
    # 3 players: clans Lo..Sa, one Squire (9-12 as Lochen, 1 gem), one Knight (1-12 as Gylden, 8 gems)
    state = table(3, "Lo1 Fr1 Cy1", "Cy12 Et12 Sa12")  # a set of three 12s, highest 12 with 5 gems
    groups = legal_groups(state)
    names = {" ".join(map(str, g)) for g in groups}
    assert names == {"Fr12 KN Lo12", "Fr12 KN SQ", "KN Lo12 SQ"}  # the Knight's gems beat the pile (D-3)
    for group in groups:
        for order in itertools.permutations(group):
            for k in range(len(order)):
                typed = order[:k]
                assert offered(state, DECK, typed) == going_on(groups, typed), typed


def test_d3_d7_a_pair_of_fives_is_beaten_by_the_gems_of_its_highest_card_only() -> None:
    # 8 players, every clan: a pair of 5s whose highest card is Ethery 5 (4 gems)
    state = table(8, "Lo1 Fr1", "Lo5 Et5")
    groups = legal_groups(state)
    assert any(DECK.parse("Fr5") in g for g in groups)  # with a stronger 5 (Fr5 Sa5) ...
    assert not any(set(g) == {DECK.parse("Fr5"), DECK.parse("Cy5")} for g in groups)  # ... not with a weaker one
    assert offered(state, DECK, ()) == going_on(groups, ())
    for first in sorted(going_on(groups, ())):
        typed = (DECK.parse(first),)
        assert offered(state, DECK, typed) == going_on(groups, typed), first


def test_d3_d7_a_single_twelve_is_beaten_only_by_a_card_stronger_alone_not_by_every_twelve() -> None:
    # 3 players (clans Lo..Sa): a single Ethery 12 (4 gems) on the pile; of the other 12s only
    # Sapphire's (5 gems) beats it, so one 12 offered says nothing of the next one (D-3)
    state = table(3, "Lo1", "Et12")
    groups = accepted(state, ((c,) for c in dict.fromkeys(unplayed(state, DECK))))
    cards = offered(state, DECK, ())
    assert cards == going_on(groups, ())
    assert {"Sa12", "KN", "DR"} <= cards  # the Knight alone counts 12 with Gylden's 8 gems (D-5)
    assert not cards & {"Lo12", "Fr12", "Cy12"}


def test_d3_d7_after_a_run_to_a_ten_no_eight_goes_on_unless_a_wild_card_makes_a_stronger_ten() -> None:
    # 3 players: a run 8-9-10 whose 10 is Sapphire's (5 gems, the strongest natural 10 here). An
    # 8 goes on only in 8-9-10 with a stronger 10, which only the Knight can be (as Gylden, D-5):
    # every 8 alike, offered with the Knight unplayed and none once it is played
    with_knight = table(3, "Lo1 Fr2 Cy3", "Cy8 Fr9 Sa10")
    without = table(3, "Lo1 KN Cy3", "Cy8 Fr9 Sa10")  # the Knight led as a 2
    eights = {"Lo8", "Fr8", "Et8", "Sa8"}
    for state, offers_eights in ((with_knight, True), (without, False)):
        groups = legal_groups(state)
        cards = offered(state, DECK, ())
        assert cards == going_on(groups, ())
        assert (cards & eights == eights) if offers_eights else not cards & eights
        assert {"Lo11", "Sa12"} <= cards  # a run to 11 or 12 beats any 10


def test_d10_only_revives_is_offered_for_exactly_the_seats_the_engine_lets_show_such_a_hand() -> None:
    # 3 players, one Revive card: after Ben's hand is corrected to one card, only Ben may show a
    # hand of only Revive cards (D-10); Aki and Chie hold more cards than Revives are unplayed
    state = table(3, "Lo1")
    state, _ = d.apply(state, d.Correct(1, 1, "dropped a card"))
    word = d.action_line(state, d.OnlyRevives(1)).split()[0]
    allowed = set()
    for seat, name in enumerate(state.setup.players):
        try:
            d.apply(state, d.OnlyRevives(seat))
        except Refusal:
            continue
        allowed.add(name)
    assert allowed == {"Ben"}
    assert {c.split()[1] for c in d.complete(state, word + " ")} == allowed
    assert any(c.split()[0] == word for c in d.complete(state, ""))  # offered from the empty line

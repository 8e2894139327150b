"""Reign of Dragoness ``complete`` after a wild card typed first, leading (issue 17): a card whose
only legal groups are runs with the wild card standing inside or at an end of the row (D-4, D-5)
must be offered. ``complete`` refuses, before asking the engine, filled groups that no set or run
can read at all (``dragoness.readable``); this holds that check to every legal group.

Legality is decided here without ``complete``: the leader's hand is recounted to three cards, and
every group of two or three cards not yet played that holds the cards typed is tried with
``apply`` (the wild cards unnamed: the engine takes the strongest reading).
"""

from __future__ import annotations

import itertools

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from tests.helpers.dragoness_groups import accepted, going_on, offered, unplayed

DECK = d.Deck.from_data(load_deck_data("dragoness"))
NAMES = ("Aki", "Ben", "Chie")


def leading() -> d.State:
    """3 players (clans Lo..Sa, one Page 1-8, one Squire 9-12, one Knight 1-12): Aki opens with Lo1,
    both others pass, so Aki leads any pattern (D-8); Aki's hand is recounted to three cards."""
    state, _ = d.apply(d.new_state(d.Setup(NAMES, DECK)), d.Opening(0, DECK.parse("Lo1")))
    state, _ = d.apply(state, d.PlayCards(0, (DECK.parse("Lo1"),)))
    state, _ = d.apply(state, d.Pass(1))
    state, _ = d.apply(state, d.Pass(2))
    assert state.phase is d.Phase.LEAD and state.turn == 0
    state, _ = d.apply(state, d.Correct(0, 3, "recounted"))
    assert state.phase is d.Phase.LEAD and state.hand_counts[0] == 3
    return state


def legal_groups(state: d.State, typed: tuple[d.Card, ...]) -> set[tuple[d.Card, ...]]:
    """Every group of two or three cards not yet played holding ``typed`` that ``apply`` accepts."""
    cards = unplayed(state, DECK, typed)
    return accepted(
        state, ((*typed, *rest) for size in (2, 3) for rest in itertools.combinations(cards, size - len(typed)))
    )


@pytest.mark.parametrize("typed", ["SQ", "PG", "KN", "SQ KN", "KN SQ", "PG SQ", "PG KN"])
def test_d4_d5_after_a_wild_card_typed_first_every_card_of_a_legal_group_is_offered(typed: str) -> None:
    state = leading()
    cards = tuple(DECK.parse(w) for w in typed.split())
    groups = legal_groups(state, cards)
    assert offered(state, DECK, cards) == going_on(groups, cards)


def test_d4_d5_a_seven_plays_after_the_squire_only_in_the_row_7_8_9_the_squire_on_top() -> None:
    state = leading()
    squire, seven = DECK.parse("SQ"), DECK.parse("Fr7")
    groups = legal_groups(state, (squire, seven))
    assert groups  # Fr7 with an 8 or a wild card as 8, the Squire as 9: no set holds both (D-4)
    assert all(DECK.kind(c) is not d.Kind.DRAGON or c.number in (7, 8) for g in groups for c in g)
    assert "Fr7" in offered(state, DECK, (squire,))
    assert "Fr8" in offered(state, DECK, (squire, seven))
    # two wild cards: the Knight as 8 and the Squire as 9 (the only row, D-5)
    knight = DECK.parse("KN")
    assert {(*g,) for g in legal_groups(state, (squire, knight)) if seven in g}
    assert "Fr7" in offered(state, DECK, (squire, knight))

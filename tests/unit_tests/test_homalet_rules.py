"""HOMALET rules H-1 .. H-12."""

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import homalet as h
from companion.rules.common import Refusal

B, W = h.Field.BATTLE, h.Field.WILD


def test_h1_cards_by_player_count() -> None:
    assert list(h.cards_for(3)) == list(range(30))
    assert list(h.cards_for(7)) == list(range(70))


@pytest.mark.parametrize("token,card", [("07", 7), ("7", 7), ("00", 0), ("69", 69), ("０７", 7), (12, 12)])
def test_h1_card_notation(token: str, card: int) -> None:
    assert h.parse_card(token) == card


@pytest.mark.parametrize("token", ["70", "-1", "x", "007", "", "7a"])
def test_h1_bad_card_is_refused_with_range(token: str) -> None:
    with pytest.raises(Refusal, match="00 to 69"):
        h.parse_card(token)


def test_h2_prototype_colours_and_seasons(hdeck: h.Deck) -> None:
    names = ["crimson", "indigo", "jade", "gold", "violet"]
    for n in range(70):
        assert hdeck.colour_of[n] == names[(n + n // 10) % 5]
    assert [c.ja for c in hdeck.colours] == ["紅", "藍", "翠", "黄", "紫"]
    marks = {n: hdeck.season(n) for n in range(70) if hdeck.season(n) is not None}
    assert sorted(marks) == list(range(10, 70, 5))
    assert marks[10] is h.Season.SPRING and marks[15] is h.Season.SUMMER
    assert marks[20] is h.Season.AUTUMN and marks[25] is h.Season.WINTER and marks[65] is h.Season.WINTER
    assert h.Deck.from_data(hdeck.to_data()) == hdeck


def test_h2_a_deck_file_missing_a_card_is_refused(tmp_path: object, hdeck: h.Deck) -> None:
    data = hdeck.to_data()
    del data["cards"]["42"]
    with pytest.raises(Refusal, match="every card 00 to 69"):
        h.Deck.from_data(data)
    data = hdeck.to_data()
    data["cards"]["42"]["color"] = "pink"
    with pytest.raises(Refusal, match="pink"):
        h.Deck.from_data(data)


def test_h2_a_table_deck_file_changes_colours(tmp_path: object, hdeck: h.Deck) -> None:
    data = load_deck_data("homalet")
    data["cards"]["07"] = {"color": "crimson", "season": "spring"}
    deck = h.Deck.from_data(data)
    assert deck.colour(7).en == "crimson" and deck.season(7) is h.Season.SPRING


SETS = ((20, 21), (22, 23), (24, 25))


def start(deck: h.Deck, n: int = 3, start_seat: int = 0, sets: tuple[tuple[int, ...], ...] = SETS) -> h.State:
    state = h.new_state(h.Setup(tuple(["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen"][:n]), start_seat, deck))
    for s in sets:
        state, _ = h.apply(state, h.RevealSet(s))
    return state


def play(state: h.State, *actions: h.Action) -> tuple[h.State, list[str]]:
    out = []
    for a in actions:
        state, r = h.apply(state, a)
        out.append(r.en)
    return state, out


def test_h3_setup_deals_six_and_lays_three_sets(hdeck: h.Deck) -> None:
    state = h.new_state(h.Setup(("A", "B", "C", "D"), 2, hdeck))
    assert state.hand_counts == (6,) * 4 and state.deck_count == 40 - 24
    with pytest.raises(Refusal, match="not used with 4 players"):
        h.apply(state, h.RevealSet((40, 1)))
    with pytest.raises(Refusal, match="2 card"):
        h.apply(state, h.RevealSet((1,)))
    state, _ = play(state, h.RevealSet((1, 2)), h.RevealSet((3, 4)), h.RevealSet((5, 6)))
    assert state.phase is h.Phase.PLAY and state.turn == 2 and state.deck_count == 10


def test_h4_follow_colour_needs_void_confirmation_and_is_recorded(hdeck: h.Deck) -> None:
    state = start(hdeck)
    state, rulings = play(state, h.Play(0, 0, B))  # 00 crimson leads the battlefield
    assert "leading crimson" in rulings[0]
    with pytest.raises(Refusal, match="it is Ben's turn"):
        h.apply(state, h.Play(2, 1, B))
    with pytest.raises(Refusal, match="if holding any; if Ben holds no crimson, write 01 b void"):
        h.apply(state, h.Play(1, 1, B))  # 01 indigo
    state, rulings = play(state, h.Play(1, 1, B, void=True))
    assert "declaring no crimson" in rulings[0]
    assert state.voids == ((1, 1, B, "crimson"),)
    # the wilderness follows its own lead: empty field takes any colour
    state, rulings = play(state, h.Play(2, 2, W))
    assert "leading jade" in rulings[0]


def test_h4_no_wilderness_set_forces_the_battlefield(hdeck: h.Deck) -> None:
    state = start(hdeck)
    state.wilderness = ()
    with pytest.raises(Refusal, match="no wilderness set is left"):
        h.apply(state, h.Play(0, 0, W))


def test_h4_players_without_cards_are_skipped(hdeck: h.Deck) -> None:
    state = start(hdeck)
    state, _ = play(state, h.Correct(1, 0, "dropped all her cards"))
    state, _ = play(state, h.Play(0, 0, B))
    assert state.turn == 2


def test_h5_most_cards_wins_and_winners_pick_largest_first(hdeck: h.Deck) -> None:
    state = start(hdeck, n=4)
    # 00 crimson, 09 (9+0)%5=4 violet, 05 crimson, 14 (14+1)%5=0 crimson
    state, rulings = play(state, h.Play(0, 0, B), h.Play(1, 9, B, void=True), h.Play(2, 5, B), h.Play(3, 14, B))
    assert "crimson has the most cards (3)" in rulings[-1]
    assert "Dai (14), Chie (05), Aki (00)" in rulings[-1]
    assert state.phase is h.Phase.PICK and state.pickers == (3, 2, 0)
    with pytest.raises(Refusal, match="Dai picks next"):
        h.apply(state, h.Pick(2, 9))
    with pytest.raises(Refusal, match="not on the battlefield"):
        h.apply(state, h.Pick(3, 20))  # a wilderness card is never taken
    state, _ = play(state, h.Pick(3, 9), h.Pick(2, 0))
    with pytest.raises(Refusal, match="available: 05 14"):
        h.apply(state, h.Pick(0, 9))
    state, _ = play(state, h.Pick(0, 14))
    assert state.piles == ((14,), (), (0,), (9,))
    assert sorted(state.discard) == [5]  # the rest of the battlefield (H-8)


def test_h5_tie_goes_to_the_colour_holding_the_largest_number(hdeck: h.Deck) -> None:
    state = start(hdeck)
    # 00 crimson, 01 indigo, 29 (29+2)%5=1 indigo... use 02 jade and 11 (11+1)%5=2 jade vs 00 crimson alone
    state, rulings = play(state, h.Play(0, 1, B), h.Play(1, 0, B, void=True), h.Play(2, 2, B, void=True))
    assert "3 colours tie with 1 card each; jade holds the largest number, 02" in rulings[-1]
    assert state.pickers == (2,)


def test_h6_spring_is_remembered_for_scoring(hdeck: h.Deck) -> None:
    state = start(hdeck, sets=((1, 2), (3, 4), (5, 6)))
    # 10 indigo spring, 11 jade, 29 indigo: indigo wins; Chie (29) picks first, then Aki (10)
    state, rulings = play(state, h.Play(0, 10, B), h.Play(1, 11, B, void=True), h.Play(2, 29, B))
    assert state.pickers == (2, 0)
    state, rulings = play(state, h.Pick(2, 10))
    assert "Spring: +1 point at scoring (H-6)" in rulings[0]
    assert state.phase is h.Phase.PICK
    state, _ = play(state, h.Pick(0, 29))
    assert [s.spring for s in h.scores(state)] == [0, 0, 1]


def test_h6_season_effects_move_cards_and_autumn_needs_a_deck(hdeck: h.Deck) -> None:
    state = start(hdeck, sets=((1, 2), (3, 4), (5, 6)))
    # 15 summer indigo (15+1)%5=1; 16 jade; 21 (21+2)%5=3 gold
    state, rulings = play(state, h.Play(0, 15, B), h.Play(1, 16, B, void=True), h.Play(2, 21, B, void=True))
    assert state.pickers == (2,)
    state, rulings = play(state, h.Pick(2, 15))
    assert state.phase is h.Phase.EFFECT and "Summer effect" in rulings[0]
    with pytest.raises(Refusal, match="name the card"):
        h.apply(state, h.Adjust(h.Zone.HAND, h.Zone.DISCARD, None, 2))
    with pytest.raises(Refusal, match="cannot take a wilderness set now"):
        h.apply(state, h.TakeSet(0, 0))
    state, rulings = play(state, h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, 2), h.EndEffect())
    assert state.hand_counts[2] == 6 and "Summer: a card from the deck to Chie's hand." in rulings[0]
    # autumn on an empty deck: no effect opens
    state = start(hdeck, sets=((1, 2), (3, 4), (5, 6)))
    state.deck_count = 0
    state, rulings = play(state, h.Play(0, 20, B), h.Play(1, 21, B, void=True), h.Play(2, 22, B, void=True))
    state, rulings = play(state, h.Pick(state.pickers[0], 20))
    assert "Autumn cannot apply: the deck is empty (H-6)" in rulings[0]
    assert state.phase is not h.Phase.EFFECT


def test_h7_wilderness_smallest_first_three_sets_at_most(hdeck: h.Deck) -> None:
    state = start(hdeck, n=4, sets=((30, 31), (32, 33), (34, 35)))
    state, rulings = play(
        state, h.Play(0, 9, W), h.Play(1, 3, W, void=True), h.Play(2, 5, W, void=True), h.Play(3, 7, W, void=True)
    )
    assert "Ben (03), Chie (05), Dai (07)" in rulings[-1] and "No set is left for Aki" in rulings[-1]
    with pytest.raises(Refusal, match="Ben takes next"):
        h.apply(state, h.TakeSet(2, 0))
    state, _ = play(state, h.TakeSet(1, 2), h.TakeSet(2, 0))
    assert state.known_hands[1] == {34, 35} and state.hand_counts[1] == 7
    state, rulings = play(state, h.TakeSet(3, 0))
    assert sorted(state.discard) == [3, 5, 7, 9]  # H-8: cards played to the wilderness
    assert state.phase is h.Phase.REFILL and state.round == 2 and state.round_start == 1  # H-10


def test_h8_refill_takes_a_last_single_card(hdeck: h.Deck) -> None:
    state = start(hdeck, sets=((1, 2), (3, 4), (5, 6)))
    state.deck_count = 3
    state, _ = play(state, h.Play(0, 9, W), h.Play(1, 8, W, void=True), h.Play(2, 7, B))
    state, _ = play(state, h.Pick(2, 7), h.TakeSet(1, 0), h.TakeSet(0, 0))
    assert state.phase is h.Phase.REFILL
    state, _ = play(state, h.RevealSet((10, 11)))
    with pytest.raises(Refusal, match="1 card"):
        h.apply(state, h.RevealSet((12, 13)))
    state, _ = play(state, h.RevealSet((12,)))
    assert state.wilderness == ((5, 6), (10, 11), (12,)) and state.phase is h.Phase.PLAY


def test_h9_game_ends_when_two_hands_are_empty_at_cleanup(hdeck: h.Deck) -> None:
    state = start(hdeck)
    state.hand_counts = (1, 1, 3)
    state, rulings = play(state, h.Play(0, 0, B), h.Play(1, 1, B, void=True), h.Play(2, 5, B))
    state, rulings = play(state, h.Pick(2, 5), h.Pick(0, 1))
    assert state.phase is h.Phase.OVER and "the game is over (H-9)" in rulings[-1]


def test_h10_start_passes_left(hdeck: h.Deck) -> None:
    state = start(hdeck, start_seat=2)
    state, _ = play(state, h.Play(2, 0, B), h.Play(0, 1, B, void=True), h.Play(1, 2, B, void=True))
    state, _ = play(state, h.Pick(1, 0))
    assert state.round == 2 and state.round_start == 0 and state.turn == 0


def test_h11_example_and_bonuses_card_by_card(hdeck: h.Deck) -> None:
    result = h.score([7, 17, 26, 38, 45], hdeck)
    assert (result.cards, result.same_digit, result.run, result.spring, result.score) == (5, 2, 5, 0, 12)
    assert "07: 1 +1 same digit +1 run;" in result.explanation.en
    assert h.run_digits({9, 0, 1}) == set()  # no wrap 9 -> 0
    assert h.run_digits({0, 1, 2, 4, 5}) == {0, 1, 2}
    spring = h.score([10, 30, 1], hdeck)  # two springs, digit 0 shared
    assert (spring.same_digit, spring.spring, spring.score) == (2, 2, 7)


def test_h12_tie_goes_to_the_largest_card() -> None:
    assert h.winners([5, 5, 3], [[1, 28], [29, 2], [27]]) == [1]
    assert h.winners([5, 4], [[1], [29]]) == [0]

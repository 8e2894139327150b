"""Six-Suit Fortress as played: actions, turns, refill and the end (F-4, F-8 .. F-14)."""

import pytest

from companion.rules import fortress as f
from companion.rules.common import Refusal
from tests.helpers.fortress_play import GRID, play, start_game


def test_f4_setup_reveals_eight_then_the_start_player_plays(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID, start=1)
    assert state.phase is f.Phase.PLACE and state.turn == 1
    assert state.deck_count == 78 - 39 - 8


def test_f5_placement_explains_and_captures_three(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    state, (ruling,) = play(state, f.Place(0, c("R13"), "A1N", f.Mode.NUMBER))
    assert "13 ≥ 6 + 7: captures 3" in ruling
    assert state.pending == [c("R13"), c("Y6"), c("G7")]
    assert state.grid["A1"] is None and state.grid["A3"] is None
    assert state.hand_counts[0] == 12


def test_f8_builds_in_any_order_checked_by_f11_and_rest_to_hand(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    state, _ = play(state, f.Place(0, c("R13"), "A1N", f.Mode.NUMBER))
    state, _ = play(state, f.Build(c("Y6"), f.Where.RIGHT))
    with pytest.raises(Refusal, match=r"13 cannot start a column right of 6: only 7, 8, 9") as caught:
        f.apply(state, f.Build(c("R13"), f.Where.RIGHT))
    assert "may go: hand" in caught.value.msg.en
    state, _ = play(state, f.Build(c("G7"), f.Where.RIGHT), f.Build(c("R13"), f.Where.HAND))
    assert state.fortresses[0] == [[c("Y6")], [c("G7")]]
    assert state.hand_counts[0] == 13 and state.known_hands[0] == {c("R13")}
    assert state.phase is f.Phase.REVEAL  # F-9: two cells to refill


def test_f9_refill_from_deck_then_next_player(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    state, _ = play(
        state,
        f.Place(0, c("R13"), "A1N", f.Mode.NUMBER),
        f.Build(c("R13"), f.Where.RIGHT),
        f.Build(c("Y6"), f.Where.HAND),
        f.Build(c("G7"), f.Where.HAND),
    )
    with pytest.raises(Refusal, match="already holds"):
        f.apply(state, f.Reveal("A2", c("B10")))
    with pytest.raises(Refusal, match=r"cannot place a card now: reveal a deck card into an empty cell \(A1 A3\)"):
        f.apply(state, f.Place(1, c("B10"), "A2N", f.Mode.NUMBER))
    state, rulings = play(state, f.Reveal("A1", c("B10")), f.Reveal("A3", c("B11")))
    assert state.phase is f.Phase.PLACE and state.turn == 1
    assert rulings[-1].endswith("Ben to play.")


def test_f9_no_refill_when_only_the_placed_card_is_captured(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    state, _ = play(state, f.Place(0, c("R1"), "A1N", f.Mode.NUMBER), f.Build(c("R1"), f.Where.RIGHT))
    assert state.phase is f.Phase.PLACE and state.turn == 1 and state.grid_count() == 8


def test_f10_wrong_player_and_known_cards_are_refused_with_reasons(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    with pytest.raises(Refusal, match="it is Aki's turn, not Ben's"):
        f.apply(state, f.Place(1, c("R13"), "A1N", f.Mode.NUMBER))
    with pytest.raises(Refusal, match="Y6 is already on the grid at A1"):
        f.apply(state, f.Place(0, c("Y6"), "A1N", f.Mode.NUMBER))
    state, _ = play(
        state,
        f.Place(0, c("R13"), "A1N", f.Mode.NUMBER),
        f.Build(c("R13"), f.Where.HAND),
        f.Build(c("Y6"), f.Where.HAND),
        f.Build(c("G7"), f.Where.HAND),
        f.Reveal("A1", c("B10")),
        f.Reveal("A3", c("B11")),
    )
    with pytest.raises(Refusal, match="R13 is already in Aki's hand"):
        f.apply(state, f.Place(1, c("R13"), "A2N", f.Mode.NUMBER))


def test_f12_hand_emptied_mid_round_plays_on_to_the_last_seat(fdeck: f.Deck) -> None:
    # 4 players, start seat 1: the last seat is 0. Dai (seat 3) empties first.
    state = f.new_state(f.Setup(("Aki", "Ben", "Chie", "Dai"), 1, fdeck))
    for cell, token in zip(f.CELLS, GRID.split(), strict=True):
        state, _ = f.apply(state, f.Reveal(cell, fdeck.parse(token)))
    state, _ = f.apply(state, f.Correct(3, 1, "Dai holds a single card"))
    c = fdeck.parse
    state, _ = play(state, f.Place(1, c("R10"), "B1N", f.Mode.SUIT), f.Build(c("R10"), f.Where.HAND))
    state, _ = play(state, f.Place(2, c("R11"), "B1N", f.Mode.SUIT), f.Build(c("R11"), f.Where.HAND))
    state, rulings = play(state, f.Place(3, c("R12"), "B1N", f.Mode.SUIT), f.Build(c("R12"), f.Where.RIGHT))
    assert "The end is triggered (Dai has no cards left): play goes on until Aki" in rulings[-1]
    assert state.phase is f.Phase.PLACE and state.turn == 0
    state, rulings = play(state, f.Place(0, c("R13"), "B1N", f.Mode.SUIT), f.Build(c("R13"), f.Where.RIGHT))
    assert state.phase is f.Phase.FINAL and "The game is over" in rulings[-1]


def test_f12_trigger_on_the_last_seats_turn_ends_after_that_turn(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID, n=3, start=1)  # last seat is 0
    state, _ = f.apply(state, f.Correct(0, 1, "Aki holds a single card"))
    c = fdeck.parse
    state, _ = play(
        state,
        f.Place(1, c("R10"), "B1N", f.Mode.SUIT),
        f.Build(c("R10"), f.Where.HAND),
        f.Place(2, c("R11"), "B1N", f.Mode.SUIT),
        f.Build(c("R11"), f.Where.HAND),
    )
    state, _ = play(state, f.Place(0, c("R12"), "B1N", f.Mode.SUIT), f.Build(c("R12"), f.Where.RIGHT))
    assert state.phase is f.Phase.FINAL


def test_f10_empty_hand_is_skipped(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID, n=3, start=0)  # last seat is 2
    state, _ = f.apply(state, f.Correct(0, 1, "Aki holds a single card"))
    c = fdeck.parse
    state, _ = play(state, f.Place(0, c("R10"), "B1N", f.Mode.SUIT), f.Build(c("R10"), f.Where.RIGHT))
    assert state.turn == 1 and state.triggered
    state, _ = play(
        state,
        f.Place(1, c("R11"), "B1N", f.Mode.SUIT),
        f.Build(c("R11"), f.Where.HAND),
        f.Place(2, c("R12"), "B1N", f.Mode.SUIT),
        f.Build(c("R12"), f.Where.HAND),
    )
    assert state.phase is f.Phase.FINAL


def test_f7_spot_by_an_empty_cell_is_refused_once_the_deck_is_out(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    state, _ = f.apply(state, f.Correct(2, 13 + state.deck_count, "Chie was dealt the rest of the deck"))
    assert state.deck_count == 0
    c = fdeck.parse
    state, _ = play(
        state,
        f.Place(0, c("R13"), "A1N", f.Mode.NUMBER),
        f.Build(c("R13"), f.Where.HAND),
        f.Build(c("Y6"), f.Where.HAND),
        f.Build(c("G7"), f.Where.HAND),
    )
    assert state.phase is f.Phase.PLACE and state.turn == 1  # no refill: the deck is empty
    with pytest.raises(Refusal, match=r"touches empty cell A1 and cannot be used \(F-7\)"):
        f.apply(state, f.Place(1, c("R12"), "A1W", f.Mode.NUMBER))
    state, rulings = play(state, f.Place(1, c("R12"), "A2E", f.Mode.NUMBER))  # behind A2 is A1: empty
    assert "the cell behind is empty: captures 2" in rulings[0]


def test_f13_f14_final_hands_pairs_and_winner(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID, n=3, start=0)
    c = fdeck.parse
    state = state.copy()  # a test shortcut: the final position set by hand
    state.hand_counts = [1, 0, 2]
    state.phase = f.Phase.FINAL
    state.fortresses[0] = [[c("R5"), c("Y5")], [c("G6")], [c("B9")], [c("K12"), c("P12"), c("R12")], [c("G1")]]
    with pytest.raises(Refusal, match="Aki holds 1 card"):
        f.apply(state, f.FinalHand(0, (c("R3"), c("B2"))))
    with pytest.raises(Refusal, match="Y6 is already on the grid"):
        f.apply(state, f.FinalHand(0, (c("Y6"),)))
    with pytest.raises(Refusal, match="2 or more"):
        f.apply(state, f.ChoosePair(0, f.Pair(1, 3)))
    state, _ = play(
        state,
        f.FinalHand(0, (c("R3"),)),
        f.FinalHand(1, ()),
        f.FinalHand(2, (c("B2"), c("B8"))),
        f.ChoosePair(0, f.Pair(0, 3)),
        f.ChoosePair(1, None),
    )
    assert state.phase is f.Phase.FINAL
    state, rulings = play(state, f.ChoosePair(2, None))
    assert state.phase is f.Phase.OVER
    scores = f.scores(state)
    assert [s.score for s in scores] == [16 - 3, 0, -2]
    assert rulings[-1].endswith("Winner: Aki with 13 points (F-14).")


def test_f8_a_card_not_captured_this_turn_is_named_in_japanese_words(fdeck: f.Deck) -> None:
    """F-8 (issue 22): building a card that was not captured is refused naming it and the cards still
    to build as the table says them in Japanese (赤13, not R13), the same by the line and the action."""
    state = start_game(fdeck, GRID)
    c = fdeck.parse
    state, _ = play(state, f.Place(0, c("R13"), "A1N", f.Mode.NUMBER))
    with pytest.raises(Refusal) as by_action:
        f.apply(state, f.Build(c("B2"), f.Where.RIGHT))
    with pytest.raises(Refusal) as by_line:
        f.parse_line(state, "B2")
    assert by_line.value.msg.ja.startswith(by_action.value.msg.ja)  # the line adds the form to type
    assert by_action.value.msg.en.startswith("B2 was not captured this turn; still to build: R13 Y6 G7")
    assert by_action.value.msg.ja == "青2はこの手番の獲得カードではありません。未配置は赤13・黄6・緑7です（F-8）"
    with pytest.raises(Refusal) as twice:
        f.apply(start_game(fdeck, GRID), f.Place(0, c("Y6"), "A2N", f.Mode.NUMBER))  # Y6 lies at A1
    assert twice.value.msg.ja.startswith("黄6はすでに")

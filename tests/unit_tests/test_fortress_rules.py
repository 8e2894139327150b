"""Six-Suit Fortress rules F-1 .. F-14, function by function."""

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import fortress as f
from companion.rules.common import Refusal

C = f.Card


def cards(deck: f.Deck, text: str) -> list[f.Card]:
    return [deck.parse(t) for t in text.split()]


# F-1 -------------------------------------------------------------------------------------------


def test_f1_deck_has_78_distinct_cards_in_six_suits(fdeck: f.Deck) -> None:
    all_cards = fdeck.cards()
    assert len(all_cards) == 78 == len(set(all_cards))
    assert [s.code for s in fdeck.suits] == ["R", "Y", "G", "B", "P", "K"]
    assert {s.ja for s in fdeck.suits} == {"赤", "黄", "緑", "青", "紫", "黒"}


@pytest.mark.parametrize(
    "token,card",
    [
        ("R7", C("R", 7)),
        ("r7", C("R", 7)),
        ("K13", C("K", 13)),
        ("赤7", C("R", 7)),
        ("ｂ１", C("B", 1)),
        (" y10 ", C("Y", 10)),
    ],
)
def test_f1_card_notation_parses(fdeck: f.Deck, token: str, card: f.Card) -> None:
    assert fdeck.parse(token) == card


@pytest.mark.parametrize("token", ["X7", "R0", "R14", "R", "7", "RR7", "赤", "", "R7.5"])
def test_f1_bad_card_is_refused_naming_token_and_forms(fdeck: f.Deck, token: str) -> None:
    with pytest.raises(Refusal) as caught:
        fdeck.parse(token)
    assert repr(token) in caught.value.msg.en
    assert "R7" in caught.value.msg.en and "赤7" in caught.value.msg.ja


def test_f1_deck_round_trips_through_its_data(fdeck: f.Deck) -> None:
    assert f.Deck.from_data(fdeck.to_data()) == fdeck


def test_f1_broken_deck_file_is_refused(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.toml"
    path.write_text('game = "fortress"\nranks = 13\n[[suits]]\ncode = "RR"\nen="x"\nja="x"\ncolor="#000"\n')
    with pytest.raises(Refusal, match="one ASCII letter"):
        f.Deck.from_data(load_deck_data("fortress", path))
    path.write_text("not toml [")
    with pytest.raises(Refusal, match="cannot be read"):
        load_deck_data("fortress", path)
    with pytest.raises(Refusal, match="does not exist"):
        load_deck_data("fortress", path.parent / "missing.toml")


# F-2, F-3, F-4 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n,deal,deck", [(3, 13, 31), (4, 10, 30), (5, 8, 30)])
def test_f2_deal_sizes_and_deck_after_the_grids(fdeck: f.Deck, n: int, deal: int, deck: int) -> None:
    state = f.new_state(f.Setup(tuple("ABCDE"[:n]), 0, fdeck))
    assert state.hand_counts == [deal] * n
    assert state.deck_count - f.GRID_SIZE == deck


@pytest.mark.parametrize("n", [2, 6])
def test_f2_player_count_outside_3_to_5_is_refused(fdeck: f.Deck, n: int) -> None:
    with pytest.raises(Refusal, match="3 to 5 players"):
        f.Setup(tuple("ABCDEF"[:n]), 0, fdeck)


def test_f3_sixteen_spots_two_per_cell() -> None:
    assert len(f.SPOTS) == 16 == len(set(f.SPOTS))
    for cell in f.CELLS:
        assert sum(s.startswith(cell) for s in f.SPOTS) == 2
    assert f.parse_spot("a1n") == "A1N" and f.parse_spot("B4右") == "B4E"
    with pytest.raises(Refusal, match=r"'A1E' is inside the grid: A1's east side touches A2; .* A1N and A1W") as inner:
        f.parse_spot("A1E")  # A1's east side is inside the grid: said so, with A1's two spots (issue 27)
    assert "A1の右はA2に接しています" in inner.value.msg.ja and "A1上かA1左" in inner.value.msg.ja
    with pytest.raises(Refusal, match=r"A4上.* inside the grid: A4's north side touches A2; .* A4S and A4E"):
        f.parse_spot("A4上")
    with pytest.raises(Refusal, match="not a spot"):
        f.parse_spot("A5N")


@pytest.mark.parametrize(
    "spot,a,b",
    [
        ("A1N", "A1", "A3"),
        ("A1W", "A1", "A2"),
        ("A2E", "A2", "A1"),
        ("B3S", "B3", "B1"),
        ("B4E", "B4", "B3"),
        ("B4S", "B4", "B2"),
    ],
)
def test_f4_touching_cell_and_the_cell_behind(spot: str, a: str, b: str) -> None:
    assert f.spot_cells(spot) == (a, b)


# F-5, F-6, F-7 -----------------------------------------------------------------------------------


def test_f5_number_captures_three_when_at_least_the_sum() -> None:
    n, why = f.resolve_capture(C("R", 13), C("Y", 6), C("G", 7), f.Mode.NUMBER)
    assert n == 3 and why.en == "13 ≥ 6 + 7: captures 3"


def test_f5_number_captures_two_when_at_least_the_touching_card() -> None:
    n, why = f.resolve_capture(C("R", 12), C("Y", 6), C("G", 7), f.Mode.NUMBER)
    assert n == 2 and "12 < 6 + 7" in why.en
    assert f.resolve_capture(C("R", 6), C("Y", 6), C("G", 1), f.Mode.NUMBER)[0] == 2  # equal counts


def test_f5_number_captures_one_when_smaller() -> None:
    n, why = f.resolve_capture(C("R", 5), C("Y", 6), C("G", 1), f.Mode.NUMBER)
    assert n == 1 and why.en == "5 < 6: captures 1"


def test_f6_suit_captures_three_two_or_one() -> None:
    assert f.resolve_capture(C("R", 1), C("R", 9), C("R", 12), f.Mode.SUIT)[0] == 3
    assert f.resolve_capture(C("R", 1), C("R", 9), C("B", 12), f.Mode.SUIT)[0] == 2
    assert f.resolve_capture(C("R", 1), C("B", 9), C("R", 12), f.Mode.SUIT)[0] == 1


def test_f7_empty_cell_behind_limits_capture_to_two() -> None:
    assert f.resolve_capture(C("R", 13), C("Y", 1), None, f.Mode.NUMBER)[0] == 2
    assert f.resolve_capture(C("R", 13), C("R", 1), None, f.Mode.SUIT)[0] == 2


# F-11 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("right,ok", [(5, {6, 7, 8}), (13, {1, 2, 3}), (12, {13, 1, 2}), (11, {12, 13, 1})])
def test_f11_new_column_right_takes_one_to_three_higher_with_wrap(right: int, ok: set[int]) -> None:
    allowed = {n for n in range(1, 14) if f.placement_problem([4, right], n, f.Where.RIGHT) is None}
    assert allowed == ok


@pytest.mark.parametrize("left,ok", [(5, {2, 3, 4}), (1, {13, 12, 11}), (2, {1, 13, 12})])
def test_f11_new_column_left_takes_one_to_three_lower_with_wrap(left: int, ok: set[int]) -> None:
    allowed = {n for n in range(1, 14) if f.placement_problem([left, 9], n, f.Where.LEFT) is None}
    assert allowed == ok


def test_f11_only_end_columns_stack_and_only_their_rank() -> None:
    row = [5, 7, 9]
    assert f.placement_problem(row, 5, f.Where.ON_LEFT) is None
    assert f.placement_problem(row, 9, f.Where.ON_RIGHT) is None
    assert f.placement_problem(row, 7, f.Where.ON_RIGHT) is not None  # inner columns never change
    assert f.placements(row, 7) == []


def test_f11_single_column_is_open_on_both_sides() -> None:
    assert f.placements([13], 13) == [f.Where.ON_RIGHT]
    assert f.placements([13], 1) == [f.Where.RIGHT]
    assert f.placements([13], 11) == [f.Where.LEFT]
    assert f.placements([2], 1) == [f.Where.LEFT]
    assert f.placements([], 6) == [f.Where.RIGHT]


def test_f11_card_that_fits_two_places_offers_both() -> None:
    # 8 is right of 5 (+3) and left of 11 (-3)
    assert f.placements([11, 13, 2, 5], 8) == [f.Where.LEFT, f.Where.RIGHT]


def test_f11_refusal_names_what_is_allowed() -> None:
    problem = f.placement_problem([5, 12], 4, f.Where.RIGHT)
    assert problem is not None and "13, 1, 2" in problem.en


def test_f11_finished_row_check() -> None:
    def R(*ranks: int) -> list[list[f.Card]]:
        return [[C("R", r)] for r in ranks]

    assert f.row_problem(R(5, 6, 9, 12, 1)) is None
    assert f.row_problem(R(5, 9)) is not None  # +4
    assert f.row_problem(R(5, 5)) is not None  # same rank as a new column
    assert f.row_problem([[C("R", 5), C("Y", 6)]]) is not None


# F-13, F-14 ------------------------------------------------------------------------------------


def test_f13_best_pair_uses_a_column_that_then_stops_counting() -> None:
    assert f.best_pair([2, 1, 1, 3, 1]) == f.Pair(0, 3)  # 5x3=15 -> 4x4=16


def test_f13_ties_prefer_no_pair() -> None:
    assert f.best_pair([2, 2]) is None  # 2x2=4; pair -> 1x3=3 or (0,1) -> 1 col x 3 = 3
    assert f.best_pair([3, 1]) is None  # 2x3=6; (0,1): 2x2=4
    assert f.best_pair([1, 1, 1]) is None  # nothing of 2 or more


def test_f13_best_pair_is_exhaustive_against_brute_force() -> None:
    import itertools

    for heights in itertools.product(range(0, 5), repeat=4):
        hs = [h for h in heights if h > 0]
        best = f.best_pair(hs)
        base = f.points(hs)[2]
        everything = [
            f.points(f.heights_after(hs, f.Pair(s, t)))[2] for s in range(len(hs)) for t in range(len(hs)) if hs[s] >= 2
        ]
        top = max([base, *everything])
        got = f.points(f.heights_after(hs, best))[2]
        assert got == top
        assert (best is None) == (top == base)


def test_f13_pair_from_a_short_column_is_refused() -> None:
    problem = f.pair_problem([1, 3], f.Pair(0, 1))
    assert problem is not None and "2 or more" in problem.en


def test_f14_score_is_columns_times_tallest_minus_lowest_per_suit(fdeck: f.Deck) -> None:
    columns = [cards(fdeck, "R5 Y5"), cards(fdeck, "G6"), cards(fdeck, "B9")]
    result = f.score(columns, cards(fdeck, "R3 R10 B2 K13"), None)
    assert (result.columns, result.tallest, result.points) == (3, 2, 6)
    assert result.penalty_by_suit == {"R": 3, "B": 2, "K": 13}
    assert result.score == 6 - 18
    assert "6 − 18 = -12" in result.explanation.en
    # the penalty's cards as the notation writes them (a wrapped line never parts a suit from its number)
    assert "lowest of each suit in hand: B2 + K13 + R3 = 18" in result.explanation.en


def test_f14_tie_is_shared() -> None:
    assert f.winners([5, 9, 9, 1]) == [1, 2]


def test_fits_is_the_f11_placement_check_without_the_words() -> None:
    """F-11 (±3, 13 and 1 adjacent; no rank twice in the row, an assumption): ``fits`` answers what
    ``placement_problem`` refuses, cases worked out by hand."""
    from companion.rules.fortress import Where, fits, placement_problem

    cases = [
        ([], 7, Where.RIGHT, True),  # the first card starts the row
        ([], 7, Where.ON_LEFT, False),
        ([5], 8, Where.RIGHT, True),  # 5 + 3
        ([5], 9, Where.RIGHT, False),  # 5 + 4
        ([5], 2, Where.LEFT, True),  # 5 - 3
        ([12], 2, Where.RIGHT, True),  # 12, 13, 1, 2: three steps across the wrap
        ([1], 11, Where.LEFT, True),  # 1, 13, 12, 11
        ([1, 4], 1, Where.RIGHT, False),  # 1 is in the row already
        ([1, 4], 4, Where.ON_RIGHT, True),
        ([1, 4], 1, Where.ON_RIGHT, False),
        ([1, 4], 1, Where.ON_LEFT, True),
        ([1, 4], 9, Where.HAND, True),  # the hand always (F-8)
    ]
    for ranks, rank, where, expected in cases:
        assert fits(ranks, rank, where) is expected, (ranks, rank, where)
        assert (placement_problem(ranks, rank, where) is None) is expected, (ranks, rank, where)

"""Reign of Dragoness rules D-1 .. D-11."""

from dataclasses import replace

import pytest

from companion.rules import dragoness as d
from companion.rules.common import Refusal

S, SET, RUN = d.Shape.SINGLE, d.Shape.SET, d.Shape.RUN


def g(deck: d.Deck, text: str) -> list[d.Card]:
    return [deck.parse(t) for t in text.split()]


def reads(deck: d.Deck, text: str) -> list[d.Pattern]:
    return d.patterns(deck, g(deck, text))


# D-1, D-2 ----------------------------------------------------------------------------------------


def test_d1_box_has_105_cards(ddeck: d.Deck) -> None:
    box = ddeck.all_cards()
    assert sum(box.values()) == 105
    assert [c.gems for c in ddeck.clans] == list(range(1, 9))
    assert [c.en for c in ddeck.clans] == ["Lochen", "Frond", "Cyclone", "Ethery", "Saphire", "Ridge", "Merk", "Gylden"]
    assert box[d.Card("DR")] == 1 and box[d.Card("RV")] == 2 and box[d.Card("KN")] == 2


@pytest.mark.parametrize(
    "token,card",
    [
        ("Lo7", d.Card("Lo", 7)),
        ("gy12", d.Card("Gy", 12)),
        ("DR", d.Card("DR")),
        ("pg", d.Card("PG")),
        ("ローシェン7", d.Card("Lo", 7)),
        ("従者", d.Card("SQ")),
        ("Dragon Knight", d.Card("KN")),
        ("Revive", d.Card("RV")),
    ],
)
def test_d1_notation(ddeck: d.Deck, token: str, card: d.Card) -> None:
    assert ddeck.parse(token) == card


@pytest.mark.parametrize("token", ["Lo13", "Xx5", "Lo0", "D", ""])
def test_d1_bad_card_lists_valid_forms(ddeck: d.Deck, token: str) -> None:
    with pytest.raises(Refusal) as caught:
        ddeck.parse(token)
    assert "Lo Fr Cy Et Sa Ri Me Gy" in caught.value.msg.en and "DR PG SQ KN RV" in caught.value.msg.en


@pytest.mark.parametrize(
    "n,size,clans,pages,revives",
    [(2, 65, 5, 1, 1), (4, 65, 5, 1, 1), (5, 78, 6, 1, 2), (6, 91, 7, 2, 2), (7, 105, 8, 2, 2), (8, 105, 8, 2, 2)],
)
def test_d2_deck_by_player_count(ddeck: d.Deck, n: int, size: int, clans: int, pages: int, revives: int) -> None:
    cards = ddeck.for_players(n)
    assert sum(cards.values()) == size
    assert len({c.code for c in cards if c.number}) == clans
    assert cards[d.Card("PG")] == pages and cards[d.Card("RV")] == revives


def test_d2_player_count_outside_2_to_8_is_refused(ddeck: d.Deck) -> None:
    with pytest.raises(Refusal, match="2 to 8 players"):
        ddeck.for_players(9)
    with pytest.raises(Refusal, match="2 to 8 players"):
        d.Setup(("A",), ddeck)


# D-3, D-4 ----------------------------------------------------------------------------------------


def test_d3_strength_number_then_gems(ddeck: d.Deck) -> None:
    lo9, gy8, fr9 = (reads(ddeck, x)[0].high for x in ("Lo9", "Gy8", "Fr9"))
    assert d.stronger(lo9, gy8) and d.stronger(fr9, lo9)
    dr = reads(ddeck, "DR")[0].high
    assert all(d.stronger(dr, reads(ddeck, f"Gy{n}")[0].high) for n in range(1, 13))


def test_d4_patterns(ddeck: d.Deck) -> None:
    assert reads(ddeck, "Lo5")[0].shape is S
    assert reads(ddeck, "Lo5 Fr5 Cy5 Et5 Sa5")[0].shape is SET
    assert reads(ddeck, "Lo5 Fr6 Cy7")[0].shape is RUN
    assert reads(ddeck, "Lo5 Fr6 Cy7 Et8 Sa9")[0].shape is RUN
    assert reads(ddeck, "Lo5 Fr6") == []  # two different numbers
    assert reads(ddeck, "Lo5 Fr7 Cy8") == []  # a gap
    assert reads(ddeck, "Lo11 Fr12 Cy1") == []  # no wrap [assumption]
    assert reads(ddeck, "Lo1 Fr2 Cy3 Et4 Sa5 Ri6") == []  # six cards


def test_d4_dragoness_tops_a_run_but_never_joins_a_set(ddeck: d.Deck) -> None:
    run = reads(ddeck, "Lo11 Fr12 DR")
    assert len(run) == 1 and run[0].shape is RUN and run[0].high[0] == 13
    assert reads(ddeck, "DR Gy12") == []
    assert reads(ddeck, "Lo9 Lo10 Fr11 Fr12 DR")[0].shape is RUN


# D-5: every wild -------------------------------------------------------------------------------


def test_d5_alone_values(ddeck: d.Deck) -> None:
    lo, gy = 1, 8
    assert reads(ddeck, "PG")[0].high == (8, lo)
    assert reads(ddeck, "SQ")[0].high == (9, lo)
    assert reads(ddeck, "KN")[0].high == (12, gy)


def test_d5_page_is_any_of_1_to_8_as_lochen(ddeck: d.Deck) -> None:
    assert [p.high for p in reads(ddeck, "PG Fr3")] == [(3, 2)]
    assert reads(ddeck, "PG Fr9") == []  # 9 is out of the Page's range
    assert {p.wild_numbers([d.Kind.PAGE, d.Kind.DRAGON, d.Kind.DRAGON]) for p in reads(ddeck, "PG Fr7 Cy8")} == {(6,)}


def test_d5_squire_is_any_of_9_to_12_as_lochen(ddeck: d.Deck) -> None:
    sets = reads(ddeck, "SQ Cy10")
    assert len(sets) == 1 and sets[0].values[0] == (10, 1)
    assert reads(ddeck, "SQ Cy8") == []


def test_d5_knight_is_any_of_1_to_12_as_gylden(ddeck: d.Deck) -> None:
    pair = reads(ddeck, "KN Lo2")
    assert pair[0].values[0] == (2, 8) and pair[0].high == (2, 8)  # the Knight's gems make it the high card
    runs = reads(ddeck, "KN Lo11 Fr12")
    assert [p.high for p in runs] == [(12, 2)]  # 10-11-12 (13 is the Dragoness only)


def test_d5_wilds_together(ddeck: d.Deck) -> None:
    assert reads(ddeck, "PG SQ") == []  # 1-8 and 9-12 never meet
    assert {p.values[0][0] for p in reads(ddeck, "PG PG")} == set(range(1, 9))
    assert reads(ddeck, "PG SQ Lo9")[0].shape is RUN  # 8-9-10 or 7...: PG 8, Lo9, SQ 10


# game flow ------------------------------------------------------------------------------------------


def game(deck: d.Deck, n: int = 3) -> d.State:
    return d.new_state(d.Setup(tuple(["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana"][:n]), deck))


def play(state: d.State, *actions: d.Action) -> tuple[d.State, list[str]]:
    out = []
    for a in actions:
        state, r = d.apply(state, a)
        out.append(r.en)
    return state, out


def P(state: d.State, seat: int, text: str, wilds: tuple[int, ...] | None = None) -> d.PlayCards:
    return d.PlayCards(seat, tuple(g(state.setup.deck, text)), wilds)


def test_d6_first_lead_contains_the_lowest_card(ddeck: d.Deck) -> None:
    state = game(ddeck)
    with pytest.raises(Refusal, match="not a special"):
        d.apply(state, d.Opening(1, d.Card("PG")))
    state, _ = play(state, d.Opening(1, d.Card("Lo", 1)))
    assert state.phase is d.Phase.LEAD and state.turn == 1
    with pytest.raises(Refusal, match="must contain Lo1"):
        d.apply(state, P(state, 1, "Fr2"))
    state, rulings = play(state, P(state, 1, "Lo1 Fr2 Cy3"))
    assert "leads Lo1 Fr2 Cy3: run 1–3" in rulings[0] and state.turn == 2


def test_d7_follow_same_shape_and_size_stronger(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"))
    with pytest.raises(Refusal, match="does not match the pile: play a single card"):
        d.apply(state, P(state, 1, "Lo4 Fr4"))
    state, _ = play(state, P(state, 1, "Fr1"))  # same number, more gems
    with pytest.raises(Refusal, match="already been played"):
        d.apply(state, P(state, 2, "Fr1"))
    state, _ = play(state, P(state, 2, "Cy5"))
    with pytest.raises(Refusal, match="not stronger"):
        d.apply(state, P(state, 0, "Fr5"))  # same number, fewer gems
    with pytest.raises(Refusal, match="it is Aki's turn"):
        d.apply(state, d.Pass(1))


def test_d7_d8_passed_players_stay_out_and_the_pile_is_won(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"), d.Pass(1), P(state, 2, "Fr3"))
    assert state.turn == 0  # Ben passed and stays out
    state, rulings = play(state, d.Pass(0))
    assert "Everyone else passed: Chie wins the pile and leads (D-8)" in rulings[0]
    assert state.phase is d.Phase.LEAD and state.turn == 2
    assert state.played == tuple(g(ddeck, "Lo1 Fr3")) and state.pile == ()
    with pytest.raises(Refusal, match="leader cannot pass"):
        d.apply(state, d.Pass(2))


def test_d5_engine_picks_strongest_beating_reading_or_the_declared_one(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1 Fr2 Cy3"))
    _, rulings = play(state, P(state, 1, "PG Fr3 Cy4"))
    assert "run 3–5" in rulings[0] and "the strongest legal reading is taken: 5" in rulings[0]
    _, rulings = play(state, P(state, 1, "PG Fr3 Cy4", wilds=(2,)))
    assert "run 2–4" in rulings[0] and "as named" in rulings[0]
    with pytest.raises(Refusal, match="cannot be 7"):
        d.apply(state, P(state, 1, "PG Fr3 Cy4", wilds=(7,)))


def test_d9_revive_rejoins_and_forces_a_weaker_same_shape(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"), d.Pass(1), P(state, 2, "Cy9"))
    state, rulings = play(state, d.Revive(0))
    assert "everyone who passed rejoins" in rulings[0] and state.passed == set()
    assert state.phase is d.Phase.REVIVED and state.turn == 0 and state.hand_counts[0] == 11
    with pytest.raises(Refusal, match="cannot pass now"):
        d.apply(state, d.Pass(0))
    with pytest.raises(Refusal, match="not weaker"):
        d.apply(state, P(state, 0, "Et9"))  # 9 with more gems than the Cyclone 9
    state, rulings = play(state, P(state, 0, "Sa8"))
    assert state.phase is d.Phase.FOLLOW and state.turn == 1  # Ben is back in
    state, _ = play(state, P(state, 1, "Lo9"))
    assert state.top is not None and state.top.high == (9, 1)


def test_d5_d9_strongest_legal_reading_is_taken_after_a_revive_and_said(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1 Fr1"), P(state, 1, "Cy7 Et7"), d.Revive(2))
    state, rulings = play(state, P(state, 2, "KN Lo5"))
    assert state.top is not None and state.top.high == (5, 8) and "set 2 × 5" in rulings[0]
    state, _ = play(state, d.Pass(0), d.Pass(1))
    assert state.phase is d.Phase.LEAD and state.turn == 2


@pytest.mark.parametrize("top", ["DR", "Lo12", "KN"])
def test_d9_revive_is_blocked_on_the_dragoness_or_a_12(ddeck: d.Deck, top: str) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"), P(state, 1, top))
    with pytest.raises(Refusal, match="cannot be played on"):
        d.apply(state, d.Revive(2))


def test_d9_revive_blocked_on_a_knight_counting_as_12_in_a_run(ddeck: d.Deck) -> None:
    state = game(ddeck)
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1 Fr2 Cy3"), P(state, 1, "Lo10 Fr11 KN"))
    with pytest.raises(Refusal, match="a 12"):
        d.apply(state, d.Revive(2))


def test_d9_no_revive_left_in_the_deck(ddeck: d.Deck) -> None:
    state = game(ddeck)  # 3 players: one Revive in the deck
    state, _ = play(
        state,
        d.Opening(0, d.Card("Lo", 1)),
        P(state, 0, "Lo1"),
        P(state, 1, "Cy9"),
        d.Revive(2),
        P(state, 2, "PG"),
        P(state, 0, "Fr9"),
    )
    with pytest.raises(Refusal, match=r"every Revive in the deck \(1 card\) has already been played"):
        d.apply(state, d.Revive(1))


def test_d10_round_ends_when_a_hand_empties_and_scores_with_ties(ddeck: d.Deck) -> None:
    state = replace(game(ddeck, n=4), hand_counts=(1, 5, 3, 5))
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)))
    state, rulings = play(state, P(state, 0, "Lo1"))
    assert "Aki is out: round 1 ends" in rulings[0]
    assert state.results == (d.RoundResult(0, (0, 5, 3, 5), (3, 1, 2, 1)),)  # a tie for third: each 1
    assert state.round == 2 and state.phase is d.Phase.OPENING and state.hand_counts == (13,) * 4


def test_d10_only_revives_counts_as_empty(ddeck: d.Deck) -> None:
    state = game(ddeck, n=7)  # two Revives in the deck
    state, _ = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"))
    with pytest.raises(Refusal, match="only 2 Revive"):
        d.apply(state, d.OnlyRevives(3))
    state = replace(state, hand_counts=(12, 13, 13, 2, 13, 13, 13))
    state, rulings = play(state, d.OnlyRevives(3))
    assert "counts as empty" in rulings[0] and state.results[0].points[3] == 3


@pytest.mark.parametrize(
    "left,points",
    [
        ({1: 3, 2: 5, 3: 3}, {0: 3, 1: 2, 2: 0, 3: 2}),  # tie for second: no 1
        ({1: 3, 2: 5, 3: 4}, {0: 3, 1: 2, 2: 0, 3: 1}),
        ({1: 3, 2: 5, 3: 5}, {0: 3, 1: 2, 2: 1, 3: 1}),  # tie for third: each 1
        ({1: 9}, {0: 3, 1: 2}),
    ],
)
def test_d10_round_points(left: dict[int, int], points: dict[int, int]) -> None:
    assert d.round_points(0, left)[0] == points


def test_d11_five_rounds_and_shared_winners(ddeck: d.Deck) -> None:
    state = game(ddeck, n=2)
    for _ in range(5):
        state = replace(state, hand_counts=(1, 13))
        state, rulings = play(state, d.Opening(0, d.Card("Lo", 1)), P(state, 0, "Lo1"))
    assert state.phase is d.Phase.OVER and state.totals() == [15, 10]
    assert "After 5 rounds. Winner: Aki with " in rulings[-1] and "(D-11)" in rulings[-1]
    assert d.winners([7, 7, 3]) == [0, 1]

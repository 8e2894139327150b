"""Reign of Dragoness defects a live table would hit (issue 9), each pinned by its rule id."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from companion.rules import dragoness as d
from companion.rules.common import Msg, Refusal

NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana")


def game(deck: d.Deck, n: int = 3, names: tuple[str, ...] = NAMES) -> d.State:
    return d.new_state(d.make_setup(names[:n], None, deck))


def cards(deck: d.Deck, text: str) -> tuple[d.Card, ...]:
    return tuple(deck.parse(t) for t in text.split())


def run(state: d.State, *lines: str) -> tuple[d.State, list[Msg]]:
    """Apply table-notation lines in turn; the rulings."""
    out = []
    for line in lines:
        state, ruling = d.apply(state, d.parse_line(state, line))
        out.append(ruling)
    return state, out


def refused(state: d.State, action: Any) -> Msg:
    with pytest.raises(Refusal) as caught:
        d.apply(state, action)
    return caught.value.msg


# D-9: a Revive that could never be completed ---------------------------------------------------


def test_d9_revive_on_a_single_lochen_1_is_refused_nothing_is_weaker(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1")
    why = refused(state, d.Revive(1))
    assert "a single card weaker than single 1 (highest 1 with 1 gem) cannot be made" in why.en
    assert "could never be completed (D-9)" in why.en and "蘇生カードを出せません" in why.ja
    assert d.allowed(state).revive is False and d.allowed(state).revive_why_not == why


def test_d9_revive_on_the_lowest_run_is_refused(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1 Lo2 Lo3")
    why = refused(state, d.Revive(1))
    assert "a run of 3 cards weaker than run 1–3 (highest 3 with 1 gem) cannot be made" in why.en


def test_d9_revive_on_a_set_of_1s_is_allowed_while_a_weaker_set_can_still_be_made(ddeck: d.Deck) -> None:
    """Under Fr1 Cy1 (1 with 3 gems) Lo1 with a Page as 1 is weaker; under Lo1 with a Page as 1
    (1 with 1 gem) nothing is."""
    state, _ = run(game(ddeck), "open Aki Fr1", "Fr1 Cy1")
    assert d.allowed(state).revive is True  # Lo1 + PG=1 (1 with 1 gem) is still possible
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1 PG=1")  # 1 with 1 gem: nothing is weaker
    assert "a set of 2 cards weaker than set 2 × 1 (highest 1 with 1 gem) cannot" in refused(state, d.Revive(1)).en


def test_d9_revive_by_a_player_too_short_of_cards_is_refused(ddeck: d.Deck) -> None:
    """A set of 3 revived by a player with 3 cards: the Revive itself is one of them."""
    state = game(ddeck)
    state = d.apply(state, d.Opening(0, d.Card("Lo", 1)))[0]
    state = d.apply(state, d.Correct(1, 3, "counted again"))[0]
    state, _ = run(state, "Lo1", "pass", "pass", "Lo9 Fr9 Cy9")
    why = refused(state, d.Revive(1))
    assert why.en == ("Ben holds 3 cards: after the Revive 2 cards are left, too few for a set of 3 cards (D-9)")
    assert why.ja == "Benの手札は3枚で、蘇生カードの後に残る2枚では3枚のセットを出せません（D-9）"
    state = d.apply(state, d.Correct(1, 4, "found one"))[0]
    after, _ = d.apply(state, d.Revive(1))  # with 4, the Revive leaves 3: enough
    assert after.phase is d.Phase.REVIVED


def test_d9_not_weaker_refusal_explains_weaker(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1", "Cy9", "revive")
    why = refused(state, d.PlayCards(2, cards(ddeck, "Et9")))
    assert "a lower number, or the same number and fewer gems, D-9" in why.en and "higher" not in why.en
    assert "数字が小さいか、同じ数字で宝石が少なく" in why.ja


def test_d9_no_correction_strands_a_reviver(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1 Fr1", "Cy7 Et7", "revive")
    assert "must still play a pattern of 2 cards" in refused(state, d.Correct(2, 1, "miscounted")).en
    over, ruling = d.apply(state, d.Correct(2, 0, "the hand is empty"))
    assert "Chie is out: round 1 ends" in ruling.en and over.round == 2


# Unknown cards and clans (D-1, D-2) -------------------------------------------------------------


@pytest.mark.parametrize("card", [d.Card("Xx", 5), d.Card("Lo", 13), d.Card("PG", 3), d.Card("Zz")])
def test_d1_a_card_not_of_the_deck_is_refused_not_a_crash(ddeck: d.Deck, card: d.Card) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1")
    assert f"{card} is not a card of this deck" in refused(state, d.PlayCards(0, (card,))).en
    assert "is not a card of this deck" in refused(game(ddeck), d.Opening(0, card)).en
    assert ddeck.label(card) == str(card)
    if card.code not in ("Lo", "PG"):
        with pytest.raises(Refusal, match="is not a clan of this deck"):
            ddeck.clan(card.code)


def test_d2_a_clan_this_table_does_not_use_lists_only_the_clans_it_uses(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1")
    why = refused(state, d.PlayCards(1, cards(ddeck, "Gy5")))
    assert "Gy5 is not in the deck for 3 players (D-2)" in why.en
    assert "(Lo Fr Cy Et Sa)" in why.en and "Gy" not in why.en.split("(D-2)")[1]
    assert "DR PG SQ KN RV" in why.en
    six = game(ddeck, 6)
    assert "(Lo Fr Cy Et Sa Ri Me)" in refused(six, d.Opening(0, d.Card("Gy", 1))).en


# D-6: the opening proved wrong later in the round -------------------------------------------------


def test_d6_a_lower_card_played_later_says_the_opening_broke_d6(ddeck: d.Deck) -> None:
    state, rulings = run(game(ddeck), "open Aki Fr1", "Fr1", "Cy4")
    assert not any("D-6 (" in r.en for r in rulings)
    state, rulings = run(state, "pass", "pass", "Lo1")  # Ben wins the pile with Cy4 and leads Lo1
    assert "Lo1 is lower than the opening card Fr1: the opening broke D-6" in rulings[-1].en
    assert "開始はD-6（最も低いカードの持ち主が先攻）に反していました" in rulings[-1].ja
    assert state.lower == d.Card("Lo", 1)
    assert "the opening broke D-6" in d.describe(state).en
    state, rulings = run(state, "Lo5")  # said once, when it is found
    assert "D-6" not in rulings[-1].en


def test_d6_an_opening_that_really_was_lowest_is_never_questioned(ddeck: d.Deck) -> None:
    state, rulings = run(game(ddeck), "open Aki Lo1", "Lo1", "Fr1", "Cy1")
    assert state.lower is None and not any("broke D-6" in r.en for r in rulings)


# D-2: Setup.cards is shared and must not be changed --------------------------------------------


def test_d2_setup_cards_cannot_be_changed_by_a_caller(ddeck: d.Deck) -> None:
    setup = d.make_setup(("A", "B", "C"), None, ddeck)
    with pytest.raises(TypeError):
        setup.cards[d.Card("Lo", 1)] = 5  # type: ignore[index]
    mine = ddeck.for_players(3)  # a counter of its own
    mine[d.Card("Lo", 1)] += 7
    del mine[d.Card("DR")]
    later = d.make_setup(("X", "Y", "Z"), None, ddeck)
    assert later.cards[d.Card("Lo", 1)] == 1 and later.cards[d.Card("DR")] == 1
    assert sum(later.cards.values()) == 65


# Plain values where the engine wants its own types ------------------------------------------------


def test_strings_for_cards_players_and_wilds_are_refused_never_misread(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1")
    assert "'Lo1' is not a card" in refused(state, d.PlayCards(0, ("Lo1",))).en  # type: ignore[arg-type]
    assert "must be a list of cards, not 'Lo1'" in refused(state, d.PlayCards(0, "Lo1")).en  # type: ignore[arg-type]
    assert "seat number, not '0'" in refused(state, d.PlayCards("0", cards(ddeck, "Lo1"))).en  # type: ignore[arg-type]
    assert "whole numbers" in refused(state, d.PlayCards(0, cards(ddeck, "Lo1"), "5")).en  # type: ignore[arg-type]
    assert "seat number" in refused(state, d.Pass(True)).en
    assert "not a Reign of Dragoness action" in refused(state, "pass").en
    # one Correct in every game, with the same checks (issue 17): a count that is not a number is refused as made
    with pytest.raises(Refusal, match="the hand count must be a whole number, not '5'"):
        d.Correct(1, "5", "x")  # type: ignore[arg-type]


def test_kind_values_are_read_as_the_enum(ddeck: d.Deck) -> None:
    assert ddeck.special("revive") is ddeck.special(d.Kind.REVIVE)
    with pytest.raises(Refusal, match="'joker' is not a kind of special card"):
        ddeck.special("joker")


# D-5: the reading of wild cards -----------------------------------------------------------------


def revived_on_set_of_7s(deck: d.Deck) -> d.State:
    state, _ = run(game(deck), "open Aki Lo1", "Lo1 Fr1", "Cy7 Et7", "revive")
    return state


def test_d5_after_a_revive_the_strongest_legal_reading_is_taken_and_said(ddeck: d.Deck) -> None:
    state = revived_on_set_of_7s(ddeck)
    after, ruling = d.apply(state, d.PlayCards(2, cards(ddeck, "KN PG")))
    assert after.top is not None and after.top.high == (6, 8)  # 6s, the Knight's 8 gems on top
    assert "the strongest legal reading is taken: 6, 6 (D-5)" in ruling.en
    assert "出せる中で最も強い6・6とします" in ruling.ja


def test_d5_the_player_names_the_reading(ddeck: d.Deck) -> None:
    state = revived_on_set_of_7s(ddeck)
    after, ruling = d.apply(state, d.parse_line(state, "KN=2 PG=2"))
    assert after.top is not None and after.top.high == (2, 8) and "as named" in ruling.en
    assert "cannot be 7, 7 here" in refused(state, d.PlayCards(2, cards(ddeck, "KN PG"), (7, 7))).en
    assert "a Page counts as 1–8, not 9" in refused(state, d.PlayCards(2, cards(ddeck, "KN PG"), (9, 9))).en
    assert "name 2 numbers or none" in refused(state, d.PlayCards(2, cards(ddeck, "KN PG"), (3,))).en


def test_d5_readings_lists_every_legal_reading_best_first(ddeck: d.Deck) -> None:
    state = revived_on_set_of_7s(ddeck)
    found = d.readings(state, cards(ddeck, "KN PG"))
    assert [r.wilds for r in found] == [(n, n) for n in range(6, 0, -1)]  # under 7s, strongest first
    assert found[0].to_data()["high"] == [6, 8]
    assert d.readings(state, cards(ddeck, "Lo9 Fr9")) == []  # stronger than the 7s: not legal now
    lead, _ = run(game(ddeck), "open Aki Lo1", "Lo1", "pass", "pass")
    both = d.readings(lead, cards(ddeck, "KN Lo5 Fr6"))
    assert [(r.pattern.shape, r.wilds, r.pattern.high) for r in both] == [
        (d.Shape.RUN, (7,), (7, 8)),
        (d.Shape.RUN, (4,), (6, 2)),
    ]


# Wording: plurals and both languages ------------------------------------------------------------


def test_plurals_are_right_in_english(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1")
    state = d.apply(state, d.Correct(0, 1, "dropped cards"))[0]
    assert refused(state, d.PlayCards(0, cards(ddeck, "Lo1 Fr1"))).en == "Aki holds only 1 card"
    assert d.round_points(0, {1: 1, 2: 1})[1].en == (
        "first out: 3; 2 players tie for second with 1 card: 2 each, no 1 given."
    )
    assert d.round_points(0, {1: 1, 2: 2})[1].en == "first out: 3; second (1 card): 2; third (2 cards): 1."
    assert (
        "(1 card) has already been played"
        in refused(run(game(ddeck), "open Aki Lo1", "Lo1", "Cy9", "revive", "PG", "Fr9")[0], d.Revive(1)).en
    )
    assert "(highest 1 with 1 gem)" in d.patterns(ddeck, cards(ddeck, "Lo1"))[0].describe().en


JA_NAMES = ("あき", "べん", "ちえ", "だい")


def english_words(text: str) -> list[str]:
    """Latin words of three letters or more (card codes are two letters, rule ids D-n)."""
    return re.findall(r"[A-Za-z]{3,}", text)


def test_japanese_text_has_no_english_words(ddeck: d.Deck) -> None:
    state = game(ddeck, 4, JA_NAMES)
    texts: list[Msg] = [d.describe(state), d.allowed(state).describe(), d.NOTATION]
    lines = [
        "開始 あき Fr1",
        "Fr1",
        "Cy4",
        "パス",
        "パス",
        "Lo1",
        "訂正 べん 12 数え間違い",
        "Lo9 Fr9",
        "Lo11 Fr11",
        "リバイブ",
        "Et3 Sa3",
        "PG SQ",
        "Lo12",
        "PG Fr2 Cy3",
    ]
    for line in lines:
        try:
            state, ruling = d.apply(state, d.parse_line(state, line))
            texts += [ruling, d.describe(state), d.allowed(state).describe()]
        except Refusal as error:
            texts.append(error.msg)
    for bad in ["", "Xx1", "Lo1=3", "PG=x", "開始 ぞう Lo1", "訂正 あき 五 理由", "パス 今"]:
        with pytest.raises(Refusal) as caught:
            d.parse_line(state, bad)
        texts.append(caught.value.msg)
    texts += [d.round_points(0, {1: 1, 2: 1, 3: 4})[1], d.round_points(0, {1: 1, 2: 2, 3: 2})[1]]
    assert len(texts) > 30
    for msg in texts:
        assert not english_words(msg.ja), msg.ja


# The shared interface --------------------------------------------------------------------------


def test_make_setup_ignores_the_start_seat(ddeck: d.Deck) -> None:
    """D-6: there is no start player; the holder of the lowest card leads."""
    assert d.make_setup(["A", "B"], 1, ddeck) == d.make_setup(("A", "B"), None, ddeck) == d.Setup(("A", "B"), ddeck)
    with pytest.raises(Refusal, match="each player needs a name of their own"):
        d.make_setup(["A", "A"], None, ddeck)


def test_d10_correct_keeps_the_reason_and_the_game_goes_on(ddeck: d.Deck) -> None:
    state, _ = run(game(ddeck), "open Aki Lo1", "Lo1")
    state, ruling = d.apply(state, d.parse_line(state, "correct Chie 11   dropped  a card "))
    assert ruling.en == "Chie's hand is corrected from 13 cards to 11 (dropped a card)."
    assert state.hand_counts == (12, 13, 11) and state.turn == 1 and state.phase is d.Phase.FOLLOW
    assert d.action_to_data(d.Correct(2, 11, "dropped a card")) == {
        "type": "correct",
        "player": 2,
        "count": 11,
        "reason": "dropped a card",
    }
    assert "0 to 13, not 14" in refused(state, d.Correct(0, 14, "x")).en
    assert "needs its reason" in refused(state, d.Correct(0, 5, "  ")).en
    full = game(ddeck, 5)  # 78 cards, 65 dealt: 13 unused
    assert d.apply(full, d.Correct(0, 13, "recounted"))[0].hand_counts[0] == 13


def test_correct_cannot_make_more_cards_than_the_deck_holds(ddeck: d.Deck) -> None:
    eight, _ = run(game(ddeck, 8), "open Aki Lo1", "Lo1 Fr1")  # 105 cards: 2 played, 91 in the others' hands
    assert refused(eight, d.Correct(0, 13, "recount")).en == (
        "Aki cannot hold 13 cards: with the cards played and the other hands at most 12 cards are left for Aki"
    )
    assert d.apply(eight, d.Correct(0, 12, "recount"))[0].hand_counts[0] == 12


def test_d11_settle_input_agrees_with_the_engine_for_the_example_record() -> None:
    import json
    from pathlib import Path

    from companion.records import game_records
    from companion.settle import settle

    path = Path(__file__).resolve().parents[2] / "examples" / "records" / "dragoness.json"
    record = game_records.read_record(json.loads(path.read_text(encoding="utf-8")))
    assert len(record.setup.players) == 8
    state, rulings = game_records.fold_record(record)
    assert isinstance(state, d.State)
    assert d.finished(state) and len(state.results) == d.ROUNDS
    answer = settle(d.settle_input(state), deck=record.deck)
    names = state.setup.players
    assert answer["rounds"] == [{names[p]: r.points[p] for p in range(8)} for r in state.results]
    assert answer["totals"] == {names[p]: t for p, t in enumerate(state.totals())}
    assert answer["winners"] == [names[i] for i in d.winners(state.totals())] and answer["complete"] is True
    kinds = Counter(type(a).__name__ for a in record.actions)
    assert kinds["Opening"] == 5 and kinds["Revive"] > 0 and kinds["Correct"] > 0
    assert any(isinstance(a, d.PlayCards) and a.wilds for a in record.actions)
    assert "After 5 rounds. Winner: " in rulings[-1].en


def test_settle_input_refuses_before_any_round_has_ended(ddeck: d.Deck) -> None:
    with pytest.raises(Refusal, match="no round has ended yet"):
        d.settle_input(game(ddeck))

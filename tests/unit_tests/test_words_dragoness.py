"""Reign of Dragoness lines for a new player: a name before a play, refusals naming what to type
now, no Markdown in what players read (each test names its rule)."""

import pytest

from companion.rules import dragoness as d
from companion.rules.common import Msg, Refusal

NAMES = ["Aki", "Ben", "Chie", "Dan"]


def opened(deck: d.Deck) -> d.State:
    state = d.new_state(d.make_setup(NAMES, None, deck))
    state, _ = d.apply(state, d.parse_line(state, "open Aki Lo1"))
    return state


def refused(call: object, *args: object) -> Msg:
    with pytest.raises(Refusal) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value.msg


def test_d7_a_leading_name_is_accepted_for_the_player_on_turn(ddeck: d.Deck) -> None:
    state = opened(ddeck)
    assert d.parse_line(state, "Aki Lo1 Fr1") == d.parse_line(state, "Lo1 Fr1")
    assert d.parse_line(state, "aki Lo1, Fr1") == d.PlayCards(0, (ddeck.parse("Lo1"), ddeck.parse("Fr1")))


def test_d7_a_leading_name_of_someone_else_says_whose_turn_it_is(ddeck: d.Deck) -> None:
    state = opened(ddeck)
    msg = refused(d.parse_line, state, "Dan Lo6 Fr6 Cy6")
    assert msg.en.startswith("it is Aki's turn, not Dan's (D-7): write the cards played, like Lo1")
    assert msg.ja.startswith("今はAkiの番です（Danではありません、D-7）。出すカードを書きます（例：Lo1）")


def test_d7_pass_with_a_name_and_the_follow_refusal_names_pass_and_revive(ddeck: d.Deck) -> None:
    state = opened(ddeck)
    state, _ = d.apply(state, d.parse_line(state, "Lo1"))
    assert d.parse_line(state, "Ben pass") == d.Pass(1)
    msg = refused(d.apply, state, d.Opening(1, ddeck.parse("Fr1")))
    assert msg.en.startswith(
        "cannot name the lowest card now: Ben follows, passes or revives; write the cards played, like "
    )
    assert msg.en.endswith(", or pass, or revive")
    assert "「パス」か「リバイブ」と書きます" in msg.ja


def test_d6_a_play_before_the_opening_names_the_open_line(ddeck: d.Deck) -> None:
    state = d.new_state(d.make_setup(NAMES, None, ddeck))
    msg = refused(d.apply, state, d.parse_line(state, "Lo6"))
    assert "write open NAME CARD for the holder of the lowest card, like open Aki Lo1 (D-6)" in msg.en
    assert "（例：開始 Aki Lo1、D-6）" in msg.ja
    example = msg.en.split("like ")[1].split(" (")[0]
    assert d.parse_line(state, example) == d.Opening(0, ddeck.parse("Lo1"))
    named = refused(d.parse_line, state, "Dan Lo6 Fr6")
    assert named.en.startswith("Dan cannot play now:") and "open Aki Lo1" in named.en


def test_no_backticks_in_what_any_engine_shows_players(ddeck: d.Deck) -> None:
    from companion.rules import fortress, homalet

    for engine in (d, fortress, homalet):
        assert "`" not in engine.NOTATION.en + engine.NOTATION.ja, engine.GAME
    assert "`" not in ddeck.forms(4).en + ddeck.forms(4).ja
    msg = refused(d.parse_line, opened(ddeck), "Lo7 Xx3")
    assert "`" not in msg.en + msg.ja


def test_d8_a_pass_by_the_leader_names_a_lead_line(ddeck: d.Deck) -> None:
    state = opened(ddeck)
    msg = refused(d.apply, state, d.parse_line(state, "pass"))
    assert msg.en == "the leader cannot pass: lead any pattern (D-8); write the cards played, like Lo1"
    assert msg.ja.endswith("出すカードを書きます（例：Lo1）")

"""Six-Suit Fortress lines for a new player: a name before a move, too many words, refusals naming
what to type now, and columns counted from 1 where players read or type them (each test names its rule)."""

import pytest

from companion.rules import fortress as f
from companion.rules.common import Msg, Refusal
from tests.helpers.fortress_play import GRID, play, start_game


def refused(call: object, *args: object) -> Msg:
    with pytest.raises(Refusal) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value.msg


def test_f4_a_leading_name_is_accepted_for_the_player_on_turn(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    assert f.parse_line(state, "Aki R13 A1N n") == f.parse_line(state, "R13 A1N n")
    assert f.parse_line(state, "aki 赤13 A1上 数") == f.Place(0, fdeck.parse("R13"), "A1N", f.Mode.NUMBER)
    state, _ = play(state, f.Place(0, fdeck.parse("R13"), "A1N", f.Mode.NUMBER))
    assert f.parse_line(state, "Aki Y6 right") == f.Build(fdeck.parse("Y6"), f.Where.RIGHT)


def test_f4_a_leading_name_of_someone_else_says_whose_turn_it_is(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    msg = refused(f.parse_line, state, "Ben R13 A1N n")
    assert msg.en.startswith("it is Aki's turn, not Ben's (F-4): write the card, the spot and n (number) or s")
    assert msg.ja.startswith("今はAkiの番です（Benではありません）。カード・場所・数かスートを書きます")


def test_f9_an_extra_word_is_named_as_too_many_words_not_a_bad_card(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    for line in ("A1 K5 extra", "R7 A1N n now"):
        msg = refused(f.parse_line, state, line)
        assert msg.en.startswith("the line has too many words"), line
        assert "is not a card" not in msg.en and msg.en.endswith("; write CARD SPOT n|s, like R7 A1N n")
        assert msg.ja.startswith("語が多すぎます")
    msg = refused(f.parse_line, state, "R7 right please")
    assert msg.en.startswith("the line has too many words: a build is CARD PLACE, like R7 right; 'please' is extra")


def test_f9_a_refusal_in_the_wrong_phase_names_the_line_to_type(fdeck: f.Deck) -> None:
    state = start_game(fdeck, GRID)
    msg = refused(f.apply, state, f.Reveal("A1", fdeck.parse("R7")))
    assert msg.en.startswith("cannot reveal a card now: Aki places a card; write the card, the spot and n")
    example = msg.en.split("like ")[1].split(" (F-4)")[0]
    assert isinstance(f.parse_line(state, example), f.Place)
    state, _ = play(state, f.Place(0, fdeck.parse("R13"), "A1N", f.Mode.NUMBER))
    msg = refused(f.apply, state, f.Place(0, fdeck.parse("R1"), "B1N", f.Mode.SUIT))
    assert "write each captured card and where it goes, like R13 " in msg.en
    assert "獲得したカードごとに置き場所を書きます（例：赤13 " in msg.ja


def test_f13_players_type_and_read_columns_from_1(fdeck: f.Deck) -> None:
    c = fdeck.parse
    state = start_game(fdeck, GRID)
    state, _ = play(state, f.Correct(0, 0, "x"), f.Correct(1, 0, "x"), f.Correct(2, 0, "x"))
    assert state.phase is f.Phase.FINAL
    state = state.copy()
    state.fortresses[0] = [[c("Y6")], [c("G7"), c("R7")]]  # a position reached in play: two columns
    msg = refused(f.parse_line, state, "pair Aki 0 1")
    assert "counted from 1 at the left" in msg.en and "左端を1として" in msg.ja
    msg = refused(f.apply, state, f.parse_line(state, "pair Aki 1 2"))
    assert "column 1 holds 1 card" in msg.en and "1列目は1枚" in msg.ja
    msg = refused(f.apply, state, f.parse_line(state, "pair Aki 1 3"))
    assert "columns are numbered 1 to 2 from the left" in msg.en
    after, ruling = f.apply(state, f.parse_line(state, "pair Aki 2 1"))
    assert after.pairs[0] == f.Pair(1, 0)
    assert ruling.en == "Aki lays a face-down pair from column 2 onto column 1."
    assert ruling.ja == "Akiは2列目から1列目へ裏向きペア。"


def test_f13_a_pair_line_is_1_based_and_the_record_0_based(fdeck: f.Deck) -> None:
    c = fdeck.parse
    state = start_game(fdeck, GRID)
    state, _ = play(state, f.Correct(0, 0, "x"), f.Correct(1, 0, "x"), f.Correct(2, 0, "x"))
    action = f.ChoosePair(0, f.Pair(0, 2))
    assert f.action_line(state, action) == "pair Aki 1 3" and f.action_line(state, action, "ja") == "ペア Aki 1 3"
    assert f.parse_line(state, "pair Aki 1 3") == action
    assert f.action_to_data(action)["pair"] == [0, 2]  # the record keeps indexes from 0
    explained = f.score([[c("R5"), c("Y5")], [c("G6")], [c("B9")]], [], f.Pair(0, 2)).explanation
    assert "face-down pair from column 1 onto column 3" in explained.en
    assert "裏向きペアを1列目から3列目へ" in explained.ja

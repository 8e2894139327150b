"""The shared vocabulary (companion/rules/common/, issue 17 item 2): one number reader, one player
reader, one Correct, one state copy and one top-scorer rule, used alike by the three engines; and
the engine parts of issue 16 (items 10 and 15) that hold through them."""

from __future__ import annotations

from typing import Any

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import (
    MAX_DIGITS,
    Correct,
    Lang,
    Refusal,
    ascii_number,
    evolve,
    names_overlap,
    read_number,
    read_player,
    top_scorers,
)
from companion.rules.engine import GameEngine, StateShape
from companion.rules.games import ENGINES

DECKS = {game: engine.Deck.from_data(load_deck_data(game)) for game, engine in ENGINES.items()}


def start(game: str, players: tuple[str, ...]) -> Any:  # the registry's engines take their own states
    engine = ENGINES[game]
    return engine.new_state(engine.make_setup(players, 0, DECKS[game]))


def refusal(engine: GameEngine, state: StateShape, line: str) -> Refusal:
    with pytest.raises(Refusal) as caught:
        engine.parse_line(state, line)
    return caught.value


# issue 16 item 10: numbers of 4,300+ digits and non-ASCII digits are refused with a sentence -----------

LONG = "1" * 5000


@pytest.mark.parametrize(
    "game,line,part",
    [
        ("fortress", "R፩ A1N n", "'R፩' is not a card"),
        ("fortress", f"R{LONG} A1N n", "is not a card"),
        ("fortress", "correct Aki ፩ x", "'፩' is not a hand count"),
        ("fortress", f"correct Aki {LONG} x", "is too long for a hand count: write at most 6 digits"),
        ("fortress", "pair Aki ፩ 2", "'፩' is not a column number"),
        ("dragoness", "Lo፩", "'Lo፩' is not a card"),
        ("dragoness", f"Lo{LONG}", "is not a card"),
        ("dragoness", "PG=፩ Lo1", "'፩' after PG= is not a number"),
        ("dragoness", f"PG={LONG} Lo1", "after PG= is not a number"),
        ("dragoness", "correct Aki ፩ x", "'፩' is not a count"),
        ("dragoness", f"correct Aki {LONG} x", "is not a count"),
        ("homalet", "correct Aki ፩ x", "comes the hand's true count, a number"),
        ("homalet", f"correct Aki {LONG} x", "comes the hand's true count, a number"),
        ("homalet", "0፩ b", "is not a HOMALET card"),
        ("homalet", f"{LONG} b", "is not a HOMALET card"),
    ],
)
def test_i16_10_long_and_foreign_digits_are_refused_in_one_short_sentence(game: str, line: str, part: str) -> None:
    error = refusal(ENGINES[game], start(game, ("Aki", "Ben", "Chie")), line)
    assert part in error.msg.en
    assert error.msg.ja and "Traceback" not in error.msg.en
    assert len(error.msg.en) < 1200 and LONG not in error.msg.en  # a long token is quoted cut, not whole


def test_the_number_reader_is_bounded_and_ascii() -> None:
    assert ascii_number("07") == 7 and ascii_number("５") == 5 and ascii_number(" 12 ") == 12
    assert ascii_number("፩") is None and ascii_number("٣") is None and ascii_number("1.5") is None
    assert ascii_number("-1") is None and ascii_number("") is None and ascii_number("9" * (MAX_DIGITS + 1)) is None
    assert ascii_number("123", digits=2) is None
    with pytest.raises(Refusal, match="'x' is not a count: write a whole number 0 or more"):
        read_number("x", d.Msg("a count", "枚数"))


# issue 16 item 15: one player reader, seat numbers in every game, round trips -------------------------


@pytest.mark.parametrize("game", sorted(ENGINES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_i16_15_a_name_that_starts_another_round_trips(game: str, lang: Lang) -> None:
    engine = ENGINES[game]
    state = start(game, ("Aki", "Aki 5", "Chie"))
    for seat in (0, 1):
        action = engine.Correct(seat, 5, "dropped")
        line = engine.action_line(state, action, lang)
        assert engine.parse_line(state, line) == action, line
    assert engine.parse_line(state, "correct Aki 5 4 x") == engine.Correct(1, 4, "x")  # the longest name


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_i16_15_every_game_takes_seat_numbers_from_0(game: str) -> None:
    engine = ENGINES[game]
    state = start(game, ("Aki", "Ben", "Chie"))
    assert engine.parse_line(state, "correct 2 5 x") == engine.Correct(2, 5, "x")
    assert "'3' is not a player (Aki, Ben, Chie, or a seat 0 to 2)" in refusal(engine, state, "correct 3 5 x").msg.en


def test_i16_15_a_dragoness_player_named_like_a_card_can_name_themself() -> None:
    state = start("dragoness", ("Aki", "Page", "Chie"))
    for line in ("open Aki Lo1", "Lo1"):
        state, _ = d.apply(state, d.parse_line(state, line))
    assert state.turn == 1
    assert d.parse_line(state, "Page pass") == d.Pass(1)
    assert d.parse_line(state, "Page revive") == d.Revive(1)
    # a line that reads as a play whole is the play (the Page card), as before
    assert d.parse_line(state, "Page Lo2") == d.PlayCards(1, (d.Card("PG"), d.Card("Lo", 2)))
    assert d.parse_line(state, "PG=3 Lo3") == d.PlayCards(1, (d.Card("PG"), d.Card("Lo", 3)), (3,))  # still a card


def test_the_player_reader() -> None:
    players = ("Aki", "Aki 5", "ben", "7")
    assert read_player(players, ["Aki", "5", "x"]) == (1, 2)  # the longest name first
    assert read_player(players, ["aki", "x"]) == (0, 1)  # any case
    assert read_player(players, ["ＢＥＮ"]) == (2, 1)  # width and case never matter
    assert read_player(players, ["7"]) == (3, 1)  # a name that looks like a number is the name
    assert read_player(players, ["2", "x"]) == (2, 1)  # a seat number
    assert read_player(players, ["4"]) is None and read_player(players, ["፩"]) is None
    assert read_player(players, []) is None
    assert read_player(("Ab", "ab"), ["ab"]) == (1, 1)  # as written before ignoring case


# one Correct, one state copy, one top-scorer rule ----------------------------------------------------


def test_one_correct_with_the_same_checks_in_every_game() -> None:
    assert f.Correct is h.Correct is d.Correct is Correct
    for engine in ENGINES.values():
        assert engine.Correct(0, 3, "  ｄｒｏｐｐｅｄ   a  card ").reason == "dropped a card"  # width and spaces
        for bad in ((True, 3, "x"), (0, "3", "x"), (0, 3, None), (None, 3, "x")):
            with pytest.raises(Refusal) as caught:
                engine.Correct(*bad)
            assert caught.value.msg.en and caught.value.msg.ja


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_evolve_copies_a_state_of_every_game(game: str) -> None:
    state = start(game, ("Aki", "Ben", "Chie"))
    other = evolve(state)
    assert other is not state and other == state and type(other) is type(state)
    changed = evolve(state, turn=2)
    assert changed.turn == 2 and state.turn == 0


def test_top_scorers_share_a_tie() -> None:
    assert top_scorers([3, 7, 7, 1]) == [1, 2]
    assert top_scorers([]) == []
    assert f.winners([1, 5]) == d.winners([1, 5]) == [1]
    assert h.winners([5, 5], [[3], [9]]) == [1]  # HOMALET breaks the tie by the largest card (H-12)


def test_names_overlap_says_when_a_line_must_be_read_back() -> None:
    assert names_overlap(("Aki", "Aki 5", "Ben"))
    assert names_overlap(("aki", "ＡＫＩ 5"))  # case and width do not matter
    assert not names_overlap(("Aki", "Akira", "Ben"))  # a name starts another only word by word
    assert not names_overlap(("Aki", "Ben 5"))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_i16_10_a_deck_name_that_is_a_string_is_refused_with_a_sentence(game: str) -> None:
    engine = ENGINES[game]
    data = dict(load_deck_data(game))
    for name in ("Mine", 5, ["a"]):
        with pytest.raises(Refusal, match='the deck\'s "name" must be a table of en and ja'):
            engine.Deck.from_data({**data, "name": name})
    deck = engine.Deck.from_data({**data, "name": {"en": "Mine"}})
    shown = deck.to_data()["name"]
    assert isinstance(shown, dict) and shown["en"] == "Mine" and shown["ja"]

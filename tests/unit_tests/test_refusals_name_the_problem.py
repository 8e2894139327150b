"""Issue 27, item 8: a refusal names the real problem (the rules' own reasons, both languages), and
what is offered first is what a table types most."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cards.decks import load_deck_data
from companion.records import game_records
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Refusal
from tests.helpers.app_games import GAMES, PLAYERS

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


def fortress_after(count: int) -> fortress.State:
    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    state = fortress.new_state(fortress.make_setup(PLAYERS, 0, deck))
    for line in GAMES["fortress"][:count]:
        state, _ = fortress.apply(state, fortress.parse_line(state, line))
    return state


def refusal(state: fortress.State, line: str) -> Refusal:
    with pytest.raises(Refusal) as refused:
        fortress.apply(state, fortress.parse_line(state, line))
    return refused.value


def test_f4_an_inner_side_is_said_to_be_inside_the_grid_with_the_cells_two_spots() -> None:
    state = fortress_after(8)  # the grids revealed: Aki places
    said = refusal(state, "B7 A1E n").msg  # the lines at A1's two outer sides, nothing else added
    assert said.en == "'A1E' is inside the grid: A1's east side touches A2; write B7 A1N n or B7 A1W n (F-4)"
    assert said.ja == "「A1E」はグリッドの内側です（A1の右はA2に接しています）。書き方：青7 A1上 数、青7 A1左 数（F-4）"
    upper = refusal(state, "B7 A3上 s").msg
    assert upper.en.startswith("'A3上' is inside the grid: A3's north side touches A1; write B7 A3S s or B7 A3W s")
    assert refusal(state, "B7 A1E").msg.en.endswith("write B7 A1N or B7 A1W (F-4)")  # no declaration chosen for them


def test_f8_a_card_built_already_is_said_to_be_built_not_uncaptured() -> None:
    state = fortress_after(12)  # R13 A1N n: Aki captured R13, R1 and G3
    state, _ = fortress.apply(state, fortress.parse_line(state, "R13 right"))
    said = refusal(state, "R13 right").msg
    assert said.en.startswith("R13 is already built in Aki's fortress; still to build: ")
    assert "was not captured" not in said.en
    assert said.ja.startswith("赤13はすでにAkiの砦に配置済みです。未配置は")
    never = refusal(state, "K2 right").msg  # a card the engine has not seen: not captured this turn
    assert never.en.startswith("K2 was not captured this turn; still to build: ")


def test_f4_a_name_before_a_card_and_spot_written_together_names_the_joined_word() -> None:
    """The notation allows naming the player on turn (``Aki B7 A1N n``): ``Aki B7A1N n`` is refused
    for the word ``B7A1N`` (the card and the spot written together), with the line written apart;
    a name of someone whose turn it is not is refused for that first."""
    state = fortress_after(8)
    fortress.parse_line(state, "Aki B7 A1N n")  # the player on turn may be named
    said = refusal(state, "Aki B7A1N n").msg
    assert said.en == "'B7A1N' is a card and a spot written together: write them apart, B7 A1N n"
    assert "is not a card" not in said.en and "B7 A1N n" in said.ja
    assert refusal(state, "B7A1N n").msg.en == said.en  # without the name too
    other = refusal(state, "Ben B7A1N n").msg
    assert other.en.startswith("it is Aki's turn, not Ben's (F-4)") and "'Ben' is not a card" not in other.en


def test_d7_pass_is_the_first_choice_after_p_and_on_an_empty_line() -> None:
    deck = dragoness.Deck.from_data(load_deck_data("dragoness"))
    state = dragoness.new_state(dragoness.make_setup(PLAYERS, None, deck))
    for line in ("open Aki Lo1", "Lo1 Fr1 Cy1"):
        state, _ = dragoness.apply(state, dragoness.parse_line(state, line))
    assert dragoness.complete(state, "p", "en", 1) == ["pass"]
    assert dragoness.complete(state, "", "en", 1) == ["pass"]
    assert dragoness.complete(state, "パ", "ja", 1) == ["パス"]
    leader = dragoness.new_state(dragoness.make_setup(PLAYERS, None, deck))
    leader, _ = dragoness.apply(leader, dragoness.parse_line(leader, "open Aki Lo1"))
    assert "pass" not in dragoness.complete(leader, "", "en")  # the leader cannot pass (D-8): never offered


def homalet_without_wilderness() -> homalet.State:
    """The example record at a play with no wilderness set left (H-4: the battlefield only)."""
    record = game_records.read_record(json.loads((RECORDS / "homalet.json").read_text("utf-8")))
    state = record.engine.new_state(record.setup)
    for action in record.actions:
        assert isinstance(state, homalet.State)
        if state.phase is homalet.Phase.PLAY and not state.wilderness:
            return state
        state, _ = record.engine.apply(state, action)
    raise AssertionError("the record never closes the wilderness")


def test_h4_a_closed_wilderness_is_never_offered() -> None:
    state = homalet_without_wilderness()
    lines = [line for line in homalet.complete(state, "") if not line.startswith(("correct", "訂正"))]
    for card in lines[:20]:
        following = homalet.complete(state, card + " ")
        assert following and all(line.split()[1] == "b" for line in following), following
    for lang in ("en", "ja"):
        said = homalet.allowed(state).describe().text(lang)
        assert not re.search(r"\b\d\d w\b" if lang == "en" else r"\d\d 在野", said), said
    allowed = homalet.allowed(state).describe()
    assert "the wilderness is closed: no set left, H-4" in allowed.en and "在野は組が残っていない" in allowed.ja
    with pytest.raises(Refusal) as refused:
        homalet.parse_line(state, "07 x")
    assert not re.search(r"\b\d\d w\b", refused.value.msg.en) and not re.search(r"\d\d 在野", refused.value.msg.ja)
    assert "no set left" in refused.value.msg.en

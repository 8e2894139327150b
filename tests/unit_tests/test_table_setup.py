"""Every game's table: its player count (F-2, H-1, D-2), a name of their own for each player, and
a start seat at the table; one shared check, the same sentences for the engines and printables."""

from __future__ import annotations

import pytest

from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import Refusal
from printables.sheets import check_players as sheet_players


def refused(make: object) -> Refusal:
    with pytest.raises(Refusal) as caught:
        make()  # type: ignore[operator]
    return caught.value


def test_h1_player_count_outside_3_to_7_is_refused(hdeck: h.Deck) -> None:
    msg = refused(lambda: h.Setup(tuple("ABCDEFGH"), 0, hdeck)).msg
    assert msg.en == "HOMALET takes 3 to 7 players, not 8"
    assert msg.ja == "HOMALETは3〜7人用です（8人は不可）"
    assert refused(lambda: h.Setup(("A", "B"), 0, hdeck)).msg.en == "HOMALET takes 3 to 7 players, not 2"


def test_f2_d2_counts_are_worded_as_the_printables_word_them(fdeck: f.Deck, ddeck: d.Deck) -> None:
    assert refused(lambda: f.Setup(tuple("AB"), 0, fdeck)).msg == refused(lambda: sheet_players("fortress", 2)).msg
    assert refused(lambda: d.Setup(("A",), ddeck)).msg == refused(lambda: sheet_players("dragoness", 1)).msg
    assert refused(lambda: d.Setup(("A",), ddeck)).msg.ja == "レイン・オブ・ドラゴンネスは2〜8人用です（1人は不可）"


@pytest.mark.parametrize(
    "names,said",
    [
        (("A", "B", "A"), "each player needs a name of their own"),
        (("A", "B", " "), 'the name " " shows nothing: a name needs a letter, a digit or a sign'),  # issue 27
    ],
)
def test_each_player_needs_a_name_of_their_own(
    fdeck: f.Deck, hdeck: h.Deck, ddeck: d.Deck, names: tuple[str, ...], said: str
) -> None:
    for make in (lambda: f.Setup(names, 0, fdeck), lambda: h.Setup(names, 0, hdeck), lambda: d.Setup(names, ddeck)):
        assert refused(make).msg.en == said


@pytest.mark.parametrize("start", [-1, 3])
def test_the_start_player_sits_at_the_table(fdeck: f.Deck, hdeck: h.Deck, start: int) -> None:
    for make in (lambda: f.Setup(("A", "B", "C"), start, fdeck), lambda: h.Setup(("A", "B", "C"), start, hdeck)):
        msg = refused(make).msg
        assert (msg.en, msg.ja) == ("the start player is a seat from 0 to 2", "スタートプレイヤーは0〜2の席です")
    assert f.Setup(("A", "B", "C"), 2, fdeck).start == 2


@pytest.mark.parametrize(
    "names", [("Aki", "Aki ", "Ben"), ("Aki", "aki", "Ben"), ("Aki", "Ａｋｉ", "Ben"), ("Ben Ito", "Ben  Ito", "Chie")]
)
def test_names_the_notation_cannot_tell_apart_are_refused(fdeck: f.Deck, names: tuple[str, ...]) -> None:
    """F-2: a table of named players whose names stay apart when the table notation reads them."""
    with pytest.raises(Refusal, match="differ only in spacing, width or case"):
        f.make_setup(names, 0, fdeck)

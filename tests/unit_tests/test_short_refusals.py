"""Short refusals (issues 18 and 22): a refused table line is the reason and the one line to type
instead, in both languages, with a did-you-mean for a mistyped word; a bare card during a Fortress
build says where it may go; and every refusal fits two rows of the app at 80 columns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from companion.app.words import W, say, with_help
from companion.records import game_records
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Complete, Refusal

ROOT = Path(__file__).resolve().parents[2]
ENGINES: dict[str, Any] = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}
# lines a table mistypes, tried in every phase of each example game
MISTAKES = [
    "zzz",
    "Zz9 x",
    "R7 A1X n",
    "R7 A1N x",
    "07 x",
    "07",
    "pick",
    "take x",
    "Lo7 Xx",
    "hand Zed R3",
    "pair Aki 0 1",
    "a b c d e",
    "open Zed Lo1",
    "correct Aki",
    "move deck > floor",
    "Zed 07 b",
    "B3",
    "R7",
    "07 b void extra",
    "",
    "pas",
    "revael 12 34",
]
ROW = 78  # the ruling's width at 80 columns (one cell of padding each side)


def first_states(game: str) -> list[Any]:
    """The state where each phase of the example record first comes up."""
    engine = ENGINES[game]
    record = game_records.read_record(json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text()))
    state, seen, out = engine.new_state(record.setup), set(), []
    for action in record.actions:
        if state.phase not in seen:
            seen.add(state.phase)
            out.append(state)
        state, _ = engine.apply(state, action)
    return out


def refused(engine: Any, state: Any, line: str) -> Refusal:
    with pytest.raises(Refusal) as caught:
        engine.parse_line(state, line)
    return caught.value


@pytest.mark.parametrize("game", list(ENGINES))
def test_every_refused_line_fits_two_rows_at_80_columns_in_both_languages(game: str) -> None:
    engine = ENGINES[game]
    for state in first_states(game):
        for line in MISTAKES:
            try:
                engine.parse_line(state, line)
            except Refusal as refusal:
                for lang in ("en", "ja"):
                    shown = say(W.track_refused, lang) + with_help(refusal.msg.text(lang), lang)
                    assert cell_len(shown) <= 2 * ROW, (state.phase, line, shown)
                    assert engine.NOTATION.text(lang) not in shown  # never the whole notation


def test_f11_a_bare_card_during_a_build_says_where_it_may_go() -> None:
    state = next(s for s in first_states("fortress") if s.phase is fortress.Phase.BUILD)
    card = state.pending[0]
    ja = state.setup.deck.label(card, "ja")
    refusal = refused(fortress, state, str(card))
    assert isinstance(refusal, Complete)
    assert refusal.msg.en.startswith(f"{card} may go ") and "(F-11): write " in refusal.msg.en
    assert refusal.msg.ja.startswith(f"{ja}の置き場所は") and "（F-11）。書き方：" in refusal.msg.ja
    assert "hand" in refusal.msg.en and "手札" in refusal.msg.ja  # the hand is always a place


def test_f8_a_mistyped_place_asks_did_you_mean() -> None:
    state = next(s for s in first_states("fortress") if s.phase is fortress.Phase.BUILD)
    card = state.pending[0]
    refusal = refused(fortress, state, f"{card} hnad")
    assert refusal.msg.en == f"'hnad' is not a word of this line: did you mean {card} hand?"
    assert refusal.msg.ja == f"「hnad」は読めません。「{card} hand」の誤りですか？"
    assert fortress.parse_line(state, f"{card} hand") == fortress.Build(card, fortress.Where.HAND)


def test_f4_a_refused_placement_gives_the_placement_form_only() -> None:
    state = next(s for s in first_states("fortress") if s.phase is fortress.Phase.PLACE)
    refusal = refused(fortress, state, "R7 A1N x")
    assert refusal.msg.en == "'x' is neither n (number) nor s (suit); write CARD SPOT n|s, like R7 A1N n"
    assert refusal.msg.ja == "「x」は数でもスートでもありません。書き方：カード 場所 数｜スート（例：赤7 A1上 数）"
    assert "did you mean R7 A1N number?" in refused(fortress, state, "R7 A1N nmber").msg.en


def test_h4_a_mistyped_field_and_command_ask_did_you_mean() -> None:
    state = next(s for s in first_states("homalet") if s.phase is homalet.Phase.PLAY)
    assert refused(homalet, state, "07 batle").msg.ja == "「batle」は読めません。「07 battle」の誤りですか？"
    assert refused(homalet, state, "pikc 07").msg.en == "'pikc' is not a word of this line: did you mean pick 07?"
    # a name is never "corrected" into a command word
    assert not isinstance(refused(homalet, state, "Zed 07 b"), Complete)


def test_d7_a_mistyped_pass_asks_did_you_mean() -> None:
    state = next(s for s in first_states("dragoness") if s.phase is dragoness.Phase.FOLLOW)
    refusal = refused(dragoness, state, "pas")
    assert refusal.msg.en == "'pas' is not a word of this line: did you mean pass?"
    assert refusal.msg.ja == "「pas」は読めません。「pass」の誤りですか？"


def test_the_app_adds_where_the_whole_notation_is() -> None:
    assert with_help("「x」は場ではありません", "ja") == "「x」は場ではありません。F1でヘルプ"
    assert with_help("「pas」の誤りですか？", "ja") == "「pas」の誤りですか？F1でヘルプ"
    assert with_help("'x' is not a field", "en") == "'x' is not a field. F1: help"

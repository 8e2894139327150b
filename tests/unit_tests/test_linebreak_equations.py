"""The line breaker keeps an equation's sides and a name's number whole (issue 27, item 6): the
Fortress capture "13 ≥ 1 + 9", the HOMALET score "基本点 5 + 同数ボーナス 2 + …" and "山札 21"
are never broken beside an operator or between a word and its number; an equation wider than a
line is cut before an operator, so each of its terms stays whole. A particle before a number is
still a place to break ("ゲームは 5 ラウンドで")."""

from __future__ import annotations

import itertools

import pytest

from companion.text import cell_width, wrap

CAPTURE = "Chieが緑10をB3左に数字として置き、13 ≥ 1 + 9：3枚獲得（緑10・黄9・青1）。"
SCORE = "得点 = 基本点 5 + 同数ボーナス 2 + 連番ボーナス 0 + 春マーク 0 = 7。"
TERMS = ("基本点 5", "同数ボーナス 2", "連番ボーナス 0", "春マーク 0")


@pytest.mark.parametrize("width", range(20, 60))
def test_an_equation_and_a_card_are_never_broken(width: int) -> None:
    """From the width of "13 ≥ 1 + 9：3枚獲得" (it is glued to its counter) up; the cards 緑10,
    黄9, 青1 whole at every width."""
    lines = wrap(CAPTURE, width, cell_width)
    assert any("13 ≥ 1 + 9" in line for line in lines), lines
    for card in ("緑10", "黄9", "青1"):
        assert any(card in line for line in lines), (card, lines)


@pytest.mark.parametrize("width", range(16, 70))
def test_a_long_equation_is_cut_before_an_operator_and_its_terms_stay_whole(width: int) -> None:
    lines = wrap(SCORE, width, cell_width)
    for term in TERMS:
        assert any(term in line for line in lines), (term, lines)
    for line in lines[1:]:
        assert line[0] in "=+" or line.startswith("（"), lines  # each later line starts at an operator
    assert all(cell_width(line) <= width for line in lines), lines


def test_a_name_keeps_its_number_but_a_particle_does_not() -> None:
    assert wrap("山札 21 ラウンド 5", 10, cell_width) == ["山札 21", "ラウンド 5"]
    assert "5 ラウンドで" in "|".join(wrap("ゲームは 5 ラウンドで終わります。", 14, cell_width))


def test_full_width_operators_hold_their_terms_together() -> None:
    key = "（基本点＋同数ボーナス＋連番ボーナス＋春マーク）"
    for width in range(14, 48):
        lines = wrap(key, width, cell_width)
        for term in ("基本点", "同数ボーナス", "連番ボーナス", "春マーク"):
            assert any(term in line for line in lines), (width, lines)


FORTRESS = "裏向きペアなし。得点 = 横の枚数 3 × 最も多い縦列 1 = 3。手札がないので失点 0。勝利点 3 − 0 = 3。"


@pytest.mark.parametrize("width", range(20, 60))
def test_a_term_of_several_phrases_stays_whole_beside_its_operator(width: int) -> None:
    """F-14's words in the settlement: 最も多い縦列 is three phrases to BudouX, one term here; the
    sentence after the equation breaks as usual."""
    lines = wrap(FORTRESS, width, cell_width)
    for term in ("横の枚数 3", "最も多い縦列 1", "勝利点 3 − 0 = 3。"):
        assert any(term in line for line in lines), (term, lines)


MOVE = (
    "効果で動かすカードごとに「移動」の行を書き（例：移動 山札 > 手札 Dai。見えたカードは"
    "「移動 04 手札 Dai > 捨て札」のように番号も書きます）、最後に「終了」と書きます（H-6）。"
)


@pytest.mark.parametrize("width", range(16, 48))
def test_an_arrow_of_the_notation_is_not_an_operator(width: int) -> None:
    """H-6's move line: ">" is the notation's arrow, never a line of its own, nor a line of one
    name; a line the player would type, quoted 「…」, is whole where the line holds it."""
    lines = wrap(MOVE, width, cell_width)
    assert not any(line.strip() in (">", "Dai") for line in lines), lines
    if width >= cell_width("「移動 04 手札 Dai > 捨て札」のように"):  # a quote that fits is whole (with its phrase)
        assert any("「移動 04 手札 Dai > 捨て札」" in line for line in lines), lines
    assert all(cell_width(line) <= width for line in lines), lines


@pytest.mark.parametrize("width", range(12, 48))
def test_the_games_words_are_never_cut(width: int) -> None:
    """捨て札 and 裏向き are one word each, though BudouX cuts them in some sentences (捨て|札 after a
    quoted move line, 裏|向き at the start of a settlement's line)."""
    for text in (MOVE, FORTRESS):
        lines = wrap(text, width, cell_width)
        assert not any(a.endswith("捨て") and b.startswith("札") for a, b in itertools.pairwise(lines))
        assert not any(a.endswith("裏") and b.startswith("向き") for a, b in itertools.pairwise(lines))

"""The project's one line breaker (companion.text.linebreak), at terminal cell widths as the app
uses it, with real sentences from the app and the rule summaries: Japanese between BudouX's
phrases (read here from BudouX itself), no line starting with a closing mark or ending with an
opening one, a number kept with its counter, English between words; BudouX loaded only for
Japanese."""

from __future__ import annotations

import itertools
import subprocess
import sys

import budoux
import pytest

from companion.app.words import WORDS
from companion.rules.games import ENGINES
from companion.text import cell_width, wrap
from printables.summary_text import sections

NEVER_FIRST = set("、。，．）」』】〕〉》］｝・：；？！ーぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NEVER_LAST = set("（「『【〔〈《［｛")
PHRASES = budoux.load_default_japanese_parser()


def japanese_texts() -> list[str]:
    out = [msg.ja for msg in WORDS.values()]
    for game in ENGINES:
        for head, points in sections(game):
            out += [head.ja, *(p.ja for p in points)]
    return [t for t in out if t.strip()]


def english_texts() -> list[str]:
    out = [msg.en for msg in WORDS.values()]
    for game in ENGINES:
        for _, points in sections(game):
            out += [p.en for p in points]
    return [t for t in out if t.strip()]


def boundaries(text: str) -> set[int]:
    """Where BudouX or a space allows a break, as character offsets in ``text`` without spaces."""
    allowed: set[int] = set()
    done = 0
    for word in text.split(" "):
        if not word:
            continue
        allowed.add(done)
        for phrase in PHRASES.parse(word)[:-1]:
            done += len(phrase)
            allowed.add(done)
        done += len(PHRASES.parse(word)[-1])
    return allowed


@pytest.mark.parametrize("width", [16, 24, 38, 60])
def test_japanese_breaks_only_between_phrases_and_obeys_kinsoku(width: int) -> None:
    for text in japanese_texts():
        for paragraph in text.split("\n"):
            lines = wrap(paragraph, width, cell_width)
            assert "".join(lines).replace(" ", "") == paragraph.replace(" ", ""), paragraph
            allowed = boundaries(paragraph)
            done = 0
            for before, after in itertools.pairwise(lines):
                done += len(before.replace(" ", ""))
                assert after[0] not in NEVER_FIRST, (before, after)
                assert before[-1] not in NEVER_LAST, (before, after)
                if done not in allowed:  # inside a phrase: only one wider than the whole line
                    bare = paragraph.replace(" ", "")
                    left = max(b for b in allowed if b < done)
                    right = min((b for b in allowed if b > done), default=len(bare))
                    while right < len(bare) and bare[right] in NEVER_FIRST:  # a closing mark goes with it
                        right += 1
                    assert cell_width(bare[left:right]) > width, (paragraph, before, after)
            for line in lines:
                if cell_width(line) > width:  # only what cannot break (one phrase) overflows
                    assert len(line) == 1 or " " not in line


def test_the_issues_examples() -> None:
    """Issue 18: "ラン 3–5（最高⏎5・宝石2）"; issue 19: "12。", "数|字。", "5 | ラウンド" alone."""
    assert wrap("ラン 3–5（最高5・宝石2）", 16, cell_width) == ["ラン 3–5", "（最高5・宝石2）"]
    for width in range(14, 40):  # from the widest of the wholes
        for text in (
            "まだ5ラウンド分が入力されていません。",
            "ゲームは 5 ラウンドで終わります。",
            "単独ではギルデン12。",
            "右は1〜3大きい数字を出せます。",
        ):
            lines = wrap(text, width, cell_width)
            joined = "|".join(lines)
            for whole in ("5ラウンド", "5 ラウンド", "ギルデン12。", "1〜3", "数字を", "出せます。"):
                if whole in text:
                    assert whole in joined, (width, lines)


def test_english_breaks_between_words() -> None:
    for text in english_texts():
        for width in (20, 33, 50):
            lines = wrap(text.replace("\n", " "), width, cell_width)
            assert " ".join(lines).split() == text.split()
            for line in lines:
                assert cell_width(line) <= width or " " not in line, line


def test_a_word_wider_than_the_line_is_cut_to_fit() -> None:
    lines = wrap("ドラゴンナイトドラゴンナイト", 10, cell_width)
    assert all(cell_width(line) <= 10 for line in lines)
    assert "".join(lines) == "ドラゴンナイトドラゴンナイト"


def test_cell_width_counts_wide_characters_twice() -> None:
    assert cell_width("日本語 OK") == 9
    assert cell_width("e\u0301") == 1


def test_the_breaker_is_pure_and_loads_budoux_only_for_japanese() -> None:
    code = (
        "import sys, companion.text as t\n"
        "t.wrap('English only, between words.', 10, t.cell_width)\n"
        "print(sorted(m for m in ('budoux', 'reportlab', 'textual', 'rich') if m in sys.modules))\n"
        "t.wrap('日本語の文です。', 10, t.cell_width)\n"
        "print('budoux' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "True"]

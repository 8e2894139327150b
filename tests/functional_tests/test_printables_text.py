"""Line breaking on cards, summaries and sheets (the project's one breaker, companion.text, at the
font's widths): English at spaces whatever symbols the text holds, Japanese by the kinsoku rules,
katakana words whole where they fit. The rules are written here again (independently of the
breaker) and checked on it and on printed PDFs."""

from __future__ import annotations

import itertools
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.games import ENGINES
from companion.text.linebreak import segments
from printables.draw import text_width, wrap
from printables.fonts import register_fonts
from printables.summary_text import sections
from tests.helpers.cli import cli_here

register_fonts()

# What the Japanese rules forbid, as this test reads them.
NEVER_FIRST = set("、。，．）」』】〕〉》］｝・：；？！ーぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NEVER_LAST = set("（「『【〔〈《［｛")


def katakana(ch: str) -> bool:
    return "ァ" <= ch <= "ヺ" or ch == "ー"


def all_texts() -> list[str]:
    out = []
    for game in ENGINES:
        for head, points in sections(game):
            for msg in (head, *points):
                out += [msg.en, msg.ja]
    return out


def test_english_with_arrows_and_times_wraps_at_spaces() -> None:
    """The issue's case: one → in a paragraph made it wrap by character ("sp / ring")."""
    text = "Taking a season card applies its effect at once; spring → +1 point, 2 × 3 columns."
    lines = wrap(text, 8, 90)
    assert len(lines) > 1
    assert " ".join(lines) == text
    for line in lines:
        assert text_width(line, 8) <= 90


@pytest.mark.parametrize("width", [60, 95, 140, 230])
def test_every_summary_text_obeys_the_rules(width: float) -> None:
    for text in all_texts():
        lines = wrap(text, 8.4, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or added
        for line in lines:
            assert line == line.strip()
            if text_width(line, 8.4) > width:  # only a single unbreakable piece may overflow
                assert len(segments(line)) == 1 or len(line) == 1, line
        for before, after in itertools.pairwise(lines):
            assert after[0] not in NEVER_FIRST, (before, after)
            assert before[-1] not in NEVER_LAST, (before, after)
            if text.isascii():
                assert f"{before} {after}" in " ".join(lines)


def test_katakana_words_stay_whole_where_they_fit() -> None:
    """A katakana word is cut only when it (with the brackets and marks kinsoku ties to it) is wider
    than the line; the kinsoku rules come first."""
    text = "ワイルド：1〜12 のどれか（ドラゴンナイト）。単独ではギルデン12。リバイブはフォローの代わりに出せます。"
    for width in range(40, 200, 7):
        lines = wrap(text, 8, width)
        for before, after in itertools.pairwise(lines):
            if katakana(before[-1]) and katakana(after[0]):
                tail = len(before)
                while tail > 0 and katakana(before[tail - 1]):
                    tail -= 1
                while tail > 0 and before[tail - 1] in NEVER_LAST:  # an opening bracket goes with it
                    tail -= 1
                head = 0
                while head < len(after) and katakana(after[head]):
                    head += 1
                while head < len(after) and after[head] in NEVER_FIRST:  # and so do closing marks
                    head += 1
                word = before[tail:] + after[:head]  # the word the break cuts, with what kinsoku ties to it
                assert text_width(word, 8) > width, (width, before, after)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(["spring", "→", "×", "±3", "A+B", "12", "Lochen", "(1–8)", "≧", "win."]),
        min_size=1,
        max_size=25,
    ),
    st.integers(30, 200),
)
def test_english_never_breaks_inside_a_word(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap(text, 8, width)
    assert [w for line in lines for w in line.split(" ")] == words


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="あいうかきくアイウカキクー、。（）「」漢字12 ", min_size=1, max_size=60), st.integers(20, 150))
def test_japanese_lines_never_start_or_end_wrongly(text: str, width: int) -> None:
    text = " ".join(text.split())
    if not text:
        return
    lines = wrap(text, 8, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    chars = [i for i, ch in enumerate(text) if ch != " "]  # where each non-space character stands
    done = 0
    for before, after in itertools.pairwise(lines):
        done += len(before.replace(" ", ""))
        if before[-1] not in NEVER_LAST and after[0] not in NEVER_FIRST:
            continue
        # a forbidden break is allowed only when what kinsoku ties together is wider than the line
        left, right = done - 1, done
        while left > 0 and (text[chars[left]] in NEVER_FIRST or text[chars[left - 1]] in NEVER_LAST):
            left -= 1
        while right + 1 < len(chars) and (text[chars[right + 1]] in NEVER_FIRST or text[chars[right]] in NEVER_LAST):
            right += 1
        cluster = text[chars[left] : chars[right] + 1]
        assert text_width(cluster, 8) > width, (text, lines, cluster)


def pdf_lines(path: Path) -> list[str]:
    lines = []
    for page in pdfium.PdfDocument(str(path)):
        text = page.get_textpage().get_text_range()
        lines += [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]
    return lines


@pytest.mark.parametrize(
    "args",
    [
        ("summary", "dragoness", "--lang", "ja"),
        ("summary", "homalet", "--lang", "ja"),
        ("deck", "dragoness", "--players", "8"),
    ],
)
def test_printed_japanese_lines_obey_the_rules(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "out.pdf"
    out = cli_here("print", *args, "-o", str(path))  # in this process: the PDF is tested
    assert out.returncode == 0, out.stderr
    lines = pdf_lines(path)
    assert len(lines) > 20
    for line in lines:
        assert line[0] not in NEVER_FIRST, line
        assert line[-1] not in NEVER_LAST, line

"""Terminal cells of a text as a terminal draws it (companion.text.cells): an emoji sequence is one
two-cell picture (issue 27, item 11: names people use), the same count as Rich's (and tmux's)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from companion.text import cell_width
from companion.text.cells import cells

SAME_AS_RICH = [
    "Aki",
    "山田\u3000太郎",
    "ﾔﾏﾀﾞ",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467",  # 👩‍👩‍👧
    "\U0001f9d1\U0001f3fe\u200d\U0001f373",  # 🧑🏾‍🍳
    "\U0001f44d\U0001f3fd",  # 👍🏽
    "\U0001f1ef\U0001f1f5\U0001f1eb\U0001f1f7",  # 🇯🇵🇫🇷
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # 🏴󠁧󠁢󠁳󠁣󠁴󠁿
    "1\ufe0f\u20e3",  # 1️⃣
    "\u2764\ufe0f",  # ❤️
    "Zoe\u0308",
    "\U0001f469\u200d\U0001f469\u200d\U0001f467, Ben, Chie",
    "R1● Y2▲ B4◆ K6⬢ P5★",
]


@pytest.mark.parametrize("text", SAME_AS_RICH)
def test_cells_are_counted_as_rich_and_the_terminal_count_them(text: str) -> None:
    assert cells(text) == cell_len(text) == cell_width(text)


def test_an_emoji_name_is_two_cells_however_it_is_composed() -> None:
    assert cells("\U0001f469\u200d\U0001f469\u200d\U0001f467") == 2  # was 8: each emoji 2, each joiner 1
    assert cells("\U0001f1ef\U0001f1f5") == 2 and cells("\U0001f1ef") == 2

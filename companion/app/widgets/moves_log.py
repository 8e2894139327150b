"""The move log: the game's last moves, one row a move, newest first.

A move's row is what its ruling says first (who did what: "Chie takes 40 into the score pile."),
not what the table is asked to do next: that is said once, in the ruling row under the board, and
in what is allowed now. A row longer than the log is shortened with "…" (the ruling row and the
details, F3, say the move whole). The log is read from the store's actions, so it is there again
after a restart, and it follows an undo.
"""

from __future__ import annotations

import functools

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from companion.app.words import W, say
from companion.rules.common import Lang, Msg

BULLET = "· "
SHORTEST = 16  # cells: a first sentence shorter than this ("訂正。", "第1ラウンド。") takes the next one too
OPENING = "(（「"
CLOSING = ")）」"


@functools.lru_cache(maxsize=256)  # each move's row is read again at each move: worked out once
def move_line(ruling: Msg) -> Msg:
    """The row of the move ``ruling`` rules on, in both languages: its first sentence."""
    return Msg(_first(ruling.en, "en"), _first(ruling.ja, "ja"))


def _first(words: str, lang: Lang) -> str:
    """The first sentence of ``words`` (outside brackets), or the first two when the first is short."""
    depth, start = 0, 0
    for i, ch in enumerate(words):
        if ch in OPENING:
            depth += 1
        elif ch in CLOSING:
            depth = max(0, depth - 1)
        elif depth == 0 and _ends(words, i, lang):
            if cell_len(words[: i + 1]) >= SHORTEST or start:
                return words[: i + 1].strip()
            start = i + 1
    return words.strip()


def _ends(words: str, i: int, lang: Lang) -> bool:
    """Whether a sentence ends at ``words[i]``."""
    if lang == "ja":
        return words[i] == "。"
    return words[i] == "." and (i + 1 == len(words) or words[i + 1] == " ")


def log_text(lines: list[Msg], lang: Lang, width: int, rows: int | None = None, indent: str = "") -> Text:
    """The log under its heading: ``lines`` (newest first) a row each, cut to ``width`` cells, as
    many as ``rows`` holds (the heading is one of them); each row after ``indent`` (under a board,
    whose rows begin with a space)."""
    if not lines:
        return Text()
    text = Text()
    text.append(indent + say(W.track_log, lang), style="bold")
    room = max(1, width - cell_len(indent + BULLET))
    for line in lines[: None if rows is None else max(0, rows - 1)]:
        text.append("\n" + indent + BULLET + _fitted(line.text(lang), room), style="dim")
    return text


@functools.lru_cache(maxsize=512)
def _fitted(words: str, cells: int) -> str:
    """``words`` in ``cells`` terminal cells, shortened with "…" (the same rows at each move: once)."""
    return words if cell_len(words) <= cells else set_cell_size(words, cells - 1).rstrip() + "…"

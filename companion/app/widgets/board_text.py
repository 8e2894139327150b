"""What the boards share: a player's row head, rows wrapped under their own column, the line a
click on a choice writes, and cutting or aligning words in terminal cells."""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.text import Text

from companion.app.complete import LegalLines
from companion.rules.common import Lang, Refusal
from companion.rules.engine import ActionShape, GameEngine, StateShape

TURN = "▶"
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
TALL_WIDTH = 70  # a board at least this wide draws its cards with three-row tiles (where it has the rows)
HANG_ROOM = 12  # cells a wrapped row needs beside its head to go on under its own column
HANG_NEAR = 4  # else it goes on from here


def choice_of(engine: GameEngine, state: StateShape, action: ActionShape, lang: Lang) -> str | None:
    """The engine's line for ``action``, offered when a choice is clicked (None unless the engine's
    ``complete`` offers it now)."""
    try:
        line = str(engine.action_line(state, action, lang))
    except Refusal:
        return None
    return line if LegalLines(engine, state, lang).offered(line) else None


def hang(row: Text, indent: int, width: int | None) -> Text:
    """One board row wrapped at spaces to ``width`` cells, its further lines starting under column
    ``indent`` (a long fortress or score pile stays in its column instead of wrapping to column 1)."""
    if width is None or row.cell_len <= width or width <= HANG_NEAR + 4:
        return row
    if width - indent < HANG_ROOM:
        indent = HANG_NEAR  # too little room beside the row's head: go on under it, near the left
    plain = row.plain
    cuts: list[int] = []
    used = 0  # cells on the line being filled
    space = None  # where the last space on this line ends
    start = 0
    for i, ch in enumerate(plain):
        cells = cell_len(ch)
        if used + cells > width and i > start:
            cut = space if space is not None and space > start else i
            cuts.append(cut)
            start, space = cut, None
            used = indent + cell_len(plain[cut:i])
        used += cells
        if ch == " ":
            space = i + 1
    out = Text()
    for n, piece in enumerate(row.divide(cuts)):
        piece.rstrip()
        if n:
            out.append("\n" + " " * indent)
            piece = piece[len(piece.plain) - len(piece.plain.lstrip(" ")) :]
        out.append_text(piece)
    return out


def row_name(text: Text, name: str, active: bool, width: int = 10) -> None:
    text.append(TURN if active else " ", style="bold")
    cut = cut_name(name, width)
    text.append(cut + " " * (width - cell_len(cut)) + " ", style="bold" if active else "")


def cut_name(name: str, cells: int) -> str:
    """``name`` in at most ``cells`` terminal cells: whole, or shortened with an ellipsis ("Alexa…";
    a Japanese character or an emoji is two cells, and is never cut in half)."""
    return name if cell_len(name) <= cells else cut_to(name, cells - 1) + "…"


def right_aligned(word: str, cells: int) -> str:
    """``word`` right-aligned in ``cells`` terminal cells (a Japanese character takes two)."""
    return " " * (cells - cell_len(word)) + word


def cut_to(name: str, cells: int) -> str:
    """The longest start of ``name`` in ``cells`` terminal cells, never inside a character made of
    several (an accent on its letter, an emoji joined with others: 👩‍👩‍👧)."""
    out = ""
    for cluster in _clusters(name):
        if cell_len(out + cluster) > cells:
            break
        out += cluster
    return out


def _clusters(text: str) -> list[str]:
    """``text`` as the characters a person sees: each with its combining marks, variation selectors
    and what a zero-width joiner joins to it."""
    out: list[str] = []
    joined = False
    for ch in text:
        if out and (joined or unicodedata.combining(ch) or ch in "\u200d\ufe0e\ufe0f" or 0x1F3FB <= ord(ch) <= 0x1F3FF):
            out[-1] += ch
        else:
            out.append(ch)
        joined = ch == "\u200d"
    return out

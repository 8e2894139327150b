"""Paragraphs set for paper: the project's line breaker (companion.text) with a printer's rules on
top of it, for the summaries and the result sheet.

- ``glue`` rules say where a line may not break besides the breaker's own: a suit's one-letter code
  and its name ("P purple", "K 黒"), an equation and its result ("春マーク 0 = 4。"), an operator and
  the number after it ("+ 2"), a name and its number ("Aki 8").
- A paragraph does not end in a runt: a last line of one short piece ("0).") takes the piece before it.
- A line that starts with an opening bracket (［F-1］, （残り…）) hangs by the bracket's built-in
  half-em of space, so that it starts flush with the other lines.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from companion.text import linebreak, segments
from printables.draw import text_width

Glue = Callable[[str, str, bool], bool]  # (text before, text after, a space between) -> may not break

RUNT = 0.2  # a last line narrower than this share of the measure, in one piece, is a runt
OPENING = frozenset("（［「『【〔〈《｛")  # full-width: the glyph sits in the right half of its em
HANG = 0.5  # the em the opening bracket's built-in space takes


def no_glue(before: str, after: str, spaced: bool) -> bool:
    return False


_CODE = re.compile(r"(?<![A-Za-z0-9])[A-Z]$")  # a one-letter code ending a piece: "K", "・P", "(P"


def code_and_name(before: str, after: str, spaced: bool) -> bool:
    """A one-letter code stays with the name after it: "P purple", "K 黒" (a suit and its colour)."""
    return spaced and _CODE.search(before) is not None and not after[0].isspace()


OPERATORS = frozenset("+−-×÷=＋＝")
_NUMBER = re.compile(r"[0-9]")


def equations(before: str, after: str, spaced: bool) -> bool:
    """Arithmetic read as a whole: "=" never starts or ends a line (the result stays with its
    equation), no line ends with an operator, and a number stays with the word or operator before
    it ("Aki 8", "tallest 4", "+ 2")."""
    last, first = before[-1], after[0]
    if first in "=＝" or last in "=＝":
        return True
    if last in OPERATORS and spaced:
        return True
    return spaced and bool(_NUMBER.match(first)) and not last.isspace()


def both(*rules: Glue) -> Glue:
    def glued(before: str, after: str, spaced: bool) -> bool:
        return any(rule(before, after, spaced) for rule in rules)

    return glued


def wrap(text: str, size: float, width: float, glue: Glue = no_glue) -> list[str]:
    """Lines of ``text`` at ``size`` points in the printables' font, no wider than ``width``: broken
    where companion.text allows and ``glue`` does not forbid, with no runt at a paragraph's end."""
    return list(_wrap(text, size, width, glue))


@functools.lru_cache(maxsize=1024)
def _wrap(text: str, size: float, width: float, glue: Glue) -> tuple[str, ...]:
    measure = functools.partial(text_width, size=size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        pieces = _glued(segments(paragraph), glue)
        lines += [_join(line) for line in _no_runt(_fill(pieces, width, measure), width, measure)]
    return tuple(lines)


Piece = tuple[str, bool]  # the text, and whether a space stood before it


def _opened(pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces cut after each "・" ("赤・Y" is "赤・" and "Y"): a line may end with a middle dot (a
    list of names, "ドラゴンネス・ページ・従者", breaks between them), and a code glued to the name
    after it must not glue a whole list into one piece."""
    out: list[Piece] = []
    for text, spaced in pieces:
        parts = re.split(r"(?<=・)(?=.)", text)
        out += [(part, spaced and n == 0) for n, part in enumerate(parts)]
    return out


def _glued(pieces: Sequence[Piece], glue: Glue) -> list[Piece]:
    out: list[list[object]] = []
    for text, spaced in _opened(pieces):
        if out and glue(str(out[-1][0]), text, spaced):
            out[-1][0] = f"{out[-1][0]}{' ' if spaced else ''}{text}"
        else:
            out.append([text, spaced])
    return [(str(t), bool(s)) for t, s in out]


def _width(line: Sequence[Piece], measure: Callable[[str], float]) -> float:
    return measure(_join(line))


def _join(line: Sequence[Piece]) -> str:
    return "".join(f"{' ' if spaced and n else ''}{text}" for n, (text, spaced) in enumerate(line))


def _fill(pieces: Sequence[Piece], width: float, measure: Callable[[str], float]) -> list[list[Piece]]:
    """Greedy: as many pieces on each line as fit. A piece wider than a line (a glued run, a long
    katakana word) is cut where the breaker allows, and the line goes on after the cut."""
    lines: list[list[Piece]] = []
    current: list[Piece] = []
    for piece in pieces:
        if current and _width([*current, piece], measure) > width:
            lines.append(current)
            current = []
        current.append(piece)
        if _width(current, measure) > width:
            broken = linebreak.wrap(_join(current), width, measure)
            lines += [[(line, False)] for line in broken[:-1]]
            current = [(broken[-1], False)]
    return [*lines, current]


def _no_runt(lines: list[list[Piece]], width: float, measure: Callable[[str], float]) -> list[list[Piece]]:
    """The last line, if it is one short piece, takes the last piece of the line before (when both
    still fit): "…from 9 to" / "0)." becomes "…from 9" / "to 0).\""""
    if len(lines) < 2 or len(lines[-1]) != 1 or len(lines[-2]) < 2:
        return lines
    if _width(lines[-1], measure) >= RUNT * width:
        return lines
    moved = [lines[-2][-1], *lines[-1]]
    if _width(moved, measure) > width:
        return lines
    return [*lines[:-2], lines[-2][:-1], moved]


def hang(line: str, size: float) -> float:
    """How far left of the text's edge to start ``line`` at ``size`` points: an opening full-width
    bracket's built-in space, so that "［F-1］" starts flush with the other lines."""
    return HANG * size if line[:1] in OPENING else 0.0

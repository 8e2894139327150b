"""The project's one line breaker, for the terminal and for paper alike.

Japanese breaks between phrases (BudouX, the segmenter browsers use), never inside a katakana
word, never with a line starting with a closing mark (、。）」…) or ending with an opening one
(（「…), never between a number and what follows it ("5 ラウンド", "12。", "1〜3"), never beside
an operator of an equation nor between a word and its number ("13 ≥ 1 + 9", "基本点 3" stay whole;
an equation wider than a line is cut before an operator); English breaks at spaces. How wide a
piece of text is comes from the caller: cells for the terminal (``cell_width``), points in a font
for a PDF. Standard library only, apart from BudouX, which is
loaded on the first Japanese paragraph (English-only callers never pay for it).
"""

from __future__ import annotations

import functools
import itertools
import unicodedata

from companion.text.cells import cells

TYPE_CHECKING = False  # typing's names only for the checker: importing typing costs 6 ms on its own
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Measure = Callable[[str], float]

# Japanese line-breaking rules (kinsoku): what may not begin a line, and what may not end one.
NO_START = frozenset(
    "、。，．,.・：；:;？！?!）)」』】〕〉》］]｝}ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥〜～％%"
)
NO_END = frozenset("（(「『【〔〈《［[｛{")
RANGE = frozenset("〜～–-")  # "1〜3", "3–5": a range of numbers is not broken either
# an equation is kept whole, else cut before one of these ("<" and ">" are not: "move 04 hand Dai > discard")
OPERATORS = frozenset("=≥≤≠＝≧≦＜＞+−×÷＋－")

_parser: Any = None  # BudouX's Japanese parser, once read


def _phrases(word: str) -> list[str]:
    """BudouX's phrases of ``word`` (its model is read on first use)."""
    global _parser
    if _parser is None:
        import budoux  # ~10 ms with its model: only when a Japanese paragraph is broken

        _parser = budoux.load_default_japanese_parser()
    phrases: list[str] = _parser.parse(word)
    return phrases


def is_japanese(ch: str) -> bool:
    """Kana, kanji, Japanese punctuation and full-width forms."""
    return ("\u3000" <= ch <= "\u9fff") or ("\uff00" <= ch <= "\uffef")


def _is_kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or ch == "々"


def _is_katakana(ch: str) -> bool:
    return ("\u30a0" <= ch <= "\u30ff" and ch != "・") or ch == "ー"


def _word_char(ch: str) -> bool:
    """A character of a Latin word or a number (not Japanese, not a space, not a non-ASCII mark such
    as "…", after which a line may break)."""
    return not is_japanese(ch) and not ch.isspace() and (ch.isascii() or unicodedata.category(ch) != "Po")


def _glued(before: str, after: str, spaced: bool) -> bool:
    """Whether no line may break between ``before`` and ``after`` (``spaced``: a space between)."""
    last, first = before[-1], after[0]
    if first in NO_START or last in NO_END:  # even across a space
        return True
    if spaced and before.count("「") > before.count("」"):
        return True  # a line the player types, quoted: 「移動 [カード] 元 > 先」 is not broken at its spaces
    if _operator(before.rsplit(" ", 1)[-1], spaced, last) or _operator(after.split(" ", 1)[0], spaced, first):
        return True  # "13 ≥ 1 + 9", "3＋0": an equation is not broken beside its operators
    if last.isdigit() and (first.isdigit() or (is_japanese(first) and first not in NO_END)):
        return True  # a number and its counter or particle: "5 ラウンド", "12枚", "3 で"
    if last in RANGE and first.isdigit() and len(before) > 1 and before[-2].isdigit():
        return True  # "1〜" then "3"
    if spaced and first.isdigit() and (_is_kanji(last) or _is_katakana(last)):
        return True  # a name and its number: "基本点 3", "ボーナス 0" (not a particle: "ゲームは 5 …")
    if spaced:
        return False
    # inside one word: BudouX may cut a Latin word or a number in a Japanese sentence ("R1|0"), or a
    # katakana word; neither is a place to break
    return (_word_char(last) and _word_char(first)) or (_is_katakana(last) and _is_katakana(first))


def _operator(word: str, spaced: bool, ch: str) -> bool:
    """Whether ``word`` (the word beside a possible break) is an operator: across a space, the whole
    word is one ("≥", "+"); without one, the character at the break is ("3＋0")."""
    return word in OPERATORS if spaced else ch in OPERATORS


# words of the games (docs/glossary.md) that BudouX cuts inside in some sentences (捨て|札, 裏|向き)
TERMS = ("捨て札", "獲得札", "裏向き", "蘇生カード", "スタートプレイヤー")


def _whole_terms(word: str, pieces: list[str]) -> list[str]:
    """``pieces`` (the phrases of ``word``) joined where a phrase boundary falls inside a term."""
    cuts, at = [], 0
    for piece in pieces[:-1]:
        at += len(piece)
        cuts.append(at)
    for term in TERMS:
        start = word.find(term)
        while start >= 0:
            cuts = [c for c in cuts if not start < c < start + len(term)]
            start = word.find(term, start + 1)
    bounds = [0, *cuts, len(word)]
    return [word[a:b] for a, b in itertools.pairwise(bounds)]


def _operand_of(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the left side of an operator: the operator follows it, or its number
    does ("横の枚数 3 ×")."""
    after = words[i + 1 :]
    return bool(after) and (after[0] in OPERATORS or (len(after) > 1 and after[0].isdigit() and after[1] in OPERATORS))


SENTENCE = frozenset("。、：；」』）)")  # where a term beside an operator ends, at the latest


def _term(pieces: list[str], after_operator: bool, before_operator: bool) -> list[str]:
    """A word's phrases with the part beside an operator joined into one, up to the end of its
    sentence or a note in brackets ("3。手札が…" keeps "3。" with the operator, "9：3枚獲得（…）"
    keeps "9：3枚獲得")."""

    def ends(piece: str) -> bool:  # the term ends in this piece (its sentence does, or a note follows)
        return any(ch in SENTENCE for ch in piece)

    if after_operator:
        end = 0
        while end + 1 < len(pieces) and not ends(pieces[end]) and pieces[end + 1][0] not in NO_END:
            end += 1
        pieces = ["".join(pieces[: end + 1]), *pieces[end + 1 :]]
    if before_operator and len(pieces) > 1:
        start = len(pieces) - 1
        while start > 0 and not ends(pieces[start - 1]) and pieces[start][0] not in NO_END:
            start -= 1
        pieces = [*pieces[:start], "".join(pieces[start:])]
    return pieces


@functools.lru_cache(maxsize=4096)
def segments(paragraph: str) -> tuple[tuple[str, bool], ...]:
    """``paragraph`` cut where a line may break: each piece with whether a space stood before it."""
    units: list[list[Any]] = []  # [text, space before]
    words = [word for word in paragraph.split(" ") if word]
    for i, word in enumerate(words):
        pieces = _whole_terms(word, _phrases(word)) if any(is_japanese(ch) for ch in word) else [word]
        if len(pieces) > 1:  # a term of an equation is whole: "× 最も多い縦列 1", "横の枚数 3 ×"
            pieces = _term(pieces, i > 0 and words[i - 1] in OPERATORS, i + 1 < len(words) and _operand_of(words, i))
        for n, piece in enumerate(pieces):
            spaced = n == 0 and bool(units)
            if units and _glued(units[-1][0], piece, spaced):
                units[-1][0] += (" " if spaced else "") + piece
            else:
                units.append([piece, spaced])
    return tuple((str(u[0]), bool(u[1])) for u in units)


def wrap(text: str, width: float, measure: Measure) -> list[str]:
    """Lines of ``text`` no wider than ``width`` as ``measure`` reads widths (each "\\n" starts a
    new line). A piece that cannot break (a long word, a long phrase) and is wider than a whole line
    is cut where the kinsoku rules allow, outside katakana words and numbers where it can be."""
    lines: list[str] = []
    space = measure(" ")
    for paragraph in text.split("\n"):
        current, used = "", 0.0
        for piece, spaced in segments(paragraph):
            # widths add up (no kerning in the fonts or cells used), so each piece is measured once
            size = measure(piece)
            extra = size + (space if spaced and current else 0.0)
            if used + extra <= width or not current:
                current = f"{current}{' ' if spaced and current else ''}{piece}"
                used += extra
            else:
                lines.append(current)
                current, used = piece, size
            while used > width and len(current) > 1:  # a piece wider than a line
                cut = _cut(current, width, measure)
                lines.append(current[:cut].rstrip(" "))
                current = current[cut:].lstrip(" ")
                used = measure(current)
        lines.append(current)
    return lines


def _cut(piece: str, width: float, measure: Measure) -> int:
    """Where to cut a piece wider than a line: as late as fits, at a space if there is one, else
    where the kinsoku rules allow outside a katakana word or a number, else where they allow."""
    fit = len(piece) - 1
    while fit > 1 and measure(piece[:fit]) > width:
        fit -= 1

    def allowed(n: int) -> bool:  # read past the spaces a cut there would drop
        before, after = piece[:n].rstrip(" "), piece[n:].lstrip(" ")
        return bool(before) and bool(after) and after[0] not in NO_START and before[-1] not in NO_END

    def inside_word(n: int) -> bool:
        a, b = piece[n - 1], piece[n]
        return (
            (_is_katakana(a) and _is_katakana(b))
            or (a.isdigit() and (b.isdigit() or is_japanese(b)))
            or ((_is_kanji(a) or _is_katakana(a)) and b.isdigit())  # a card: 青1, ローシェン2
            or (a.isascii() and b.isascii() and a.isalnum() and b.isalnum())
        )

    for n in range(fit, 0, -1):  # an equation: before an operator, its terms kept whole
        if piece[n] in OPERATORS and allowed(n) and (piece[n - 1] == " " or not piece[n].isascii()):
            return n
    for n in range(fit, 0, -1):
        if (piece[n] == " " or piece[n - 1] == " ") and allowed(n):
            return n
    for n in range(fit, 0, -1):
        if allowed(n) and not inside_word(n):
            return n
    for n in range(fit, 0, -1):
        if allowed(n):
            return n
    return max(fit, 1)


def cell_width(text: str) -> int:
    """Terminal cells ``text`` takes: two for wide (East Asian) characters and for an emoji however
    it is composed (a player's name may be 👩‍👩‍👧), none for combining marks (:mod:`companion.text.cells`)."""
    return cells(text)

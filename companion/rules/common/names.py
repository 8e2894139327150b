"""The one rule for a player's name, wherever it enters (``companion new``, an imported record, the
app's new-game form, the table app served to a browser, a settlement's input).

A name is the text people use for themselves: any script, combining marks (kept in their composed
form, NFC), emoji and emoji sequences (👩‍👩‍👧: emoji joined by zero-width joiners, skin tones,
flags, keycaps). What is refused is what can disguise a name or break the line it is shown on:
control characters and line breaks, text-direction controls (which can make one name read as
another), invisible characters (a zero-width space, a joiner that joins nothing, a filler that
looks like a blank), a name that shows nothing, a name that begins with a combining mark (it would
join whatever is written before it), and characters with no agreed look (private use, unassigned).
Each refusal is one sentence naming the character and the problem, in both languages.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence

from companion.rules.common.words import Msg

NAME_CHARS = 100  # longer than any player's name

_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner: between two letters or emoji only
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")  # letters and marks that draw nothing
_SPACES = frozenset(" \u3000")  # the ordinary space and the ideographic space a Japanese keyboard types
_BLACK_FLAG = "\U0001f3f4"  # a subdivision flag is it followed by tag characters (🏴󠁧󠁢󠁳󠁣󠁴󠁿)
_TAGS = range(0xE0020, 0xE0080)


def composed(name: str) -> str:
    """``name`` in its composed form (NFC): ``e`` and a combining accent become ``é``."""
    return unicodedata.normalize("NFC", name)


def table_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names as a table keeps them: each in its composed form (anything else is left
    for :func:`name_problem` to refuse)."""
    return tuple(composed(n) if isinstance(n, str) else n for n in names)


def _code(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def _visible(ch: str) -> bool:
    """``ch`` draws something by itself."""
    return unicodedata.category(ch) not in ("Zs", "Mn", "Me", "Cf", "Cc", "Zl", "Zp") and ch not in _FILLERS


def _joins(name: str, i: int) -> bool:
    """The joiner at ``i`` stands between two characters that draw something, not both ASCII
    (emoji, a script that joins letters): there it changes how they are drawn, and hides nothing."""
    before = i - 1
    while before >= 0 and unicodedata.category(name[before]) in ("Mn", "Me", "Sk"):  # a skin tone, a selector
        before -= 1
    if before < 0 or i + 1 >= len(name):
        return False
    left, right = name[before], name[i + 1]
    return _visible(left) and _visible(right) and not (left.isascii() and right.isascii())


def _in_flag(name: str, i: int) -> bool:
    """The tag character at ``i`` belongs to a subdivision flag (🏴 and tags, ending in U+E007F)."""
    start = i
    while start > 0 and ord(name[start - 1]) in _TAGS:
        start -= 1
    end = i
    while end + 1 < len(name) and ord(name[end + 1]) in _TAGS:
        end += 1
    return start > 0 and name[start - 1] == _BLACK_FLAG and name[end] == "\U000e007f"


def _character_problem(name: str, i: int) -> Msg | None:
    """What is wrong with the character at ``i`` in a name, or None."""
    ch = name[i]
    kind = unicodedata.category(ch)
    code = _code(ch)
    if kind in ("Cc", "Zl", "Zp"):
        return Msg(
            f"holds a control character or line break ({code}), which would break the line it is shown on",
            f"制御文字か改行（{code}）を含んでいて、表示する行が崩れます",
        )
    if ch in _DIRECTION:
        return Msg(
            f"holds a text-direction control ({code}), which can make it read as another name",
            f"文字の向きを変える制御文字（{code}）を含んでいて、別の名前に見せかけられます",
        )
    if ch in _JOINERS:
        if _joins(name, i):
            return None
        return Msg(
            f"holds a zero-width joiner ({code}) that joins nothing, which hides in the name",
            f"何もつないでいないゼロ幅の結合文字（{code}）を含んでいて、名前の中に隠れます",
        )
    if ord(ch) in _TAGS and _in_flag(name, i):
        return None
    if kind == "Cf" or ch in _FILLERS:
        return Msg(
            f"holds an invisible character ({code}), which hides in the name",
            f"見えない文字（{code}）を含んでいて、名前の中に隠れます",
        )
    if kind in ("Co", "Cn", "Cs"):
        return Msg(
            f"holds a character with no agreed look ({code}), which shows differently on each device",
            f"決まった字形のない文字（{code}）を含んでいて、端末ごとに違って見えます",
        )
    if kind == "Zs" and ch not in _SPACES:
        return Msg(
            f"holds an unusual space ({code}); use an ordinary space",
            f"特殊な空白（{code}）を含んでいます。普通の空白を使ってください",
        )
    return None


def name_problem(value: object) -> Msg | None:
    """What is wrong with ``value`` as a player's name (the end of a sentence after the name), or
    None for a good name. The name is read in its composed form (NFC)."""
    if not isinstance(value, str):
        return Msg("is not text", "文字列ではありません")
    name = composed(value) if len(value) <= 4 * NAME_CHARS else value  # (a hostile length is not normalised)
    if len(name) > NAME_CHARS:
        return Msg(f"is longer than {NAME_CHARS} characters", f"{NAME_CHARS}文字を超えています")
    for i in range(len(name)):
        problem = _character_problem(name, i)
        if problem is not None:
            return problem
    if not any(_visible(ch) for ch in name):
        return Msg(
            "shows nothing: a name needs a letter, a digit or a sign", "何も表示されません。文字・数字・記号が必要です"
        )
    first = name.lstrip(" \u3000")[0]
    if unicodedata.category(first) in ("Mn", "Me"):
        return Msg(
            f"begins with a combining mark ({_code(first)}), which would join whatever is written before it",
            f"結合文字（{_code(first)}）で始まっていて、前に書かれたものとつながってしまいます",
        )
    return None


def shown_name(value: object) -> str:
    """``value`` as a refusal quotes it: on one line, every character that draws nothing or breaks
    the line written as its code (``\\u202e``), at most 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)  # as the input spelled it: null, true, "Aki"
    except (TypeError, ValueError):
        text = type(value).__name__
    text = "".join(c if c == " " or (_visible(c) and c.isprintable()) else f"\\u{ord(c):04x}" for c in text)
    return text if len(text) <= 40 else text[:39] + "…"


def name_sentence(value: object) -> Msg:
    """The refusal of ``value`` as a name, in one sentence: the name as written, and its problem."""
    problem = name_problem(value) or Msg("is not a name", "名前ではありません")
    text = shown_name(value)
    return Msg(f"the name {text} {problem.en}", f"名前 {text} は{problem.ja}")

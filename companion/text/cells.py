"""Terminal cells a text takes, as a terminal draws it (and as Rich and tmux count it): two for a
wide (East Asian) character and for an emoji, however it is composed, none for a combining mark or
an invisible format character. Standard library only (the command line uses it without Rich).

An emoji sequence is one picture: emoji joined by zero-width joiners (👩‍👩‍👧), an emoji and its
skin tone (👍🏽), a pair of regional indicators (🇯🇵), a black flag and its tags (🏴󠁧󠁢󠁳󠁣󠁴󠁿), a
keycap (1️⃣); a narrow symbol asked for as an emoji (❤️, U+FE0F) is drawn two cells wide.
"""

from __future__ import annotations

import unicodedata

_ZWJ = "\u200d"
_EMOJI_PRESENTATION = "\ufe0f"
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_REGIONAL = range(0x1F1E6, 0x1F200)


def _pictograph(ch: str) -> bool:
    """``ch`` is drawn as an emoji picture (the planes and blocks emoji come from)."""
    code = ord(ch)
    return code >= 0x1F000 or 0x2600 <= code < 0x2800 or 0x2B00 <= code < 0x2C00 or 0x2300 <= code < 0x2400


def cells(text: str) -> int:
    """The cells ``text`` takes on a terminal."""
    total = 0
    last = 0  # the cells of the last character counted (a selector may widen it)
    in_emoji = False  # the last character counted is an emoji (a joiner or a skin tone may follow)
    joined = False  # a zero-width joiner after an emoji: the next emoji is part of the same picture
    regional = False  # an odd regional indicator was counted: the next one completes its flag
    for ch in text:
        code = ord(ch)
        if ch == _ZWJ:
            joined = in_emoji
            continue
        if ch == _EMOJI_PRESENTATION:
            if last == 1:  # a narrow symbol drawn as an emoji
                total += 1
                last = 2
                in_emoji = True
            continue
        if code in _SKIN_TONES and in_emoji:
            continue
        kind = unicodedata.category(ch)
        if kind in ("Mn", "Me", "Cf"):
            continue
        if code in _REGIONAL:
            if regional:
                regional = False
                continue
            regional = True
            total, last, in_emoji, joined = total + 2, 2, True, False
            continue
        regional = False
        if joined and _pictograph(ch):
            joined = False
            continue
        joined = False
        last = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        in_emoji = _pictograph(ch)
        total += last
    return total

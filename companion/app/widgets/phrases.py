"""Japanese on screen broken between phrases: the project's one line breaker
(``companion.text.wrap``: BudouX phrases, no line starting with 、。）」 or ending with （「, a number
kept with its counter) applied to a part's text at its width, keeping the text's styles. English
is left to Textual, which breaks it at spaces as the breaker would."""

from __future__ import annotations

from rich.text import Text

from companion.text import cell_width, wrap


def broken(content: Text | str, width: int) -> Text | str:
    """``content`` with a line break wherever the breaker ends a line at ``width`` cells; as it is
    if it holds no Japanese, if the width is not known yet, or if the lines cannot be found in it."""
    plain = content.plain if isinstance(content, Text) else content
    if width <= 0 or not any(ord(ch) > 0x2FFF for ch in plain):
        return content
    lines = wrap(plain, width, cell_width)
    if isinstance(content, str):
        return "\n".join(lines)
    pieces: list[Text] = []
    at = 0
    for line in lines:
        start = plain.find(line, at)
        if start < 0 or plain[at:start].strip(" \n"):
            return content  # the breaker changed the text: leave it to Textual
        pieces.append(content[start : start + len(line)])
        at = start + len(line)
    return Text("\n").join(pieces)

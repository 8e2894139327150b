"""A user's value in a message, and the check of a table's keys: shared by the deck rules and the
record readers (a leaf of the rules: it imports no engine)."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Collection, Mapping
from typing import Any

from companion.rules.common import Msg, Refusal

SHOWN = 40  # the most characters of a user's value a message repeats


def shown(value: Any, longest: int = SHOWN) -> str:
    """``value`` as the input wrote it (JSON/TOML spelling: ``true``, ``null``, ``"R5"``), on one
    line and at most ``longest`` characters: never a Python form in a message."""
    if isinstance(value, str | int | float | bool | list | dict) or value is None:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except ValueError:  # a float too large for JSON, or a nested list that is too deep
            text = "…"
    else:
        text = str(value)
    text = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
    return text if len(text) <= longest else text[: longest - 1] + "…"


def check_keys(
    table: Mapping[str, Any],
    allowed: Collection[str],
    required: Collection[str],
    where: Msg | Callable[[], Msg],
    listed: Msg | None = None,
) -> None:
    """Refuse a key not in ``allowed`` (suggesting the closest) and a key of ``required`` that is missing.
    ``where`` names the table, ending in a separator (``Msg("player Aki: ", …)``); a function making it
    is called only for a refusal (HOMALET checks 70 card tables). ``listed``: the allowed keys in
    words, where listing them would be long."""
    if all(key in allowed for key in table) and all(key in table for key in required):
        return
    where = where() if callable(where) else where
    for key in table:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), list(allowed), n=1, cutoff=0.6)
            hint = (
                Msg(f" (did you mean {shown(close[0])}?)", f"（{shown(close[0])} の誤りでは？）")
                if close
                else Msg("", "")
            )
            names = listed or Msg(", ".join(shown(k) for k in allowed), "、".join(shown(k) for k in allowed))
            raise Refusal(
                where
                + Msg(f"unknown key {shown(key)}", f"{shown(key)} は使えないキーです")
                + hint
                + Msg(f"; the keys allowed here are {names.en}", f"。使えるのは {names.ja} です")
            )
    for key in required:
        if key not in table:
            raise Refusal(where + Msg(f"{shown(key)} is missing", f"{shown(key)} がありません"))

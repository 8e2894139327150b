"""A person's JSON documents: read strictly (bounded, UTF-8, no key written twice, no number of
thousands of digits, no NaN), refused in one sentence naming what is wrong; and written back one
top-level key a line, as the examples read."""

from __future__ import annotations

import json
import sys
from typing import Any

from companion.base.reasons import os_reason
from companion.rules.common import Msg, Refusal, refuse
from companion.rules.deck_rules import label, shown

PATH_SHOWN = 300  # paths are repeated whole unless absurdly long
MAX_INPUT_BYTES = 1_000_000  # a settle document is a few kilobytes; /dev/zero must not be read until memory runs out
MAX_DIGITS = 30  # a number longer than this is no count of cards


class _Unreadable(Refusal):
    """JSON that parses but that no command takes: a repeated key, a number too long, NaN."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each written once (else one of two values would be silently dropped)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Unreadable(
                Msg(
                    f"the key {shown(key)} is written twice in one object; write it once",
                    f"キー {shown(key)} が一つのオブジェクトに2回あります。1回だけ書いてください",
                )
            )
        out[key] = value
    return out


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Unreadable(
            Msg(
                f"a number of {len(text)} digits is too long for a game",
                f"{len(text)}桁の数は長すぎます（ゲームで使う数ではありません）",
            )
        )
    return int(text)


def _constant(text: str) -> Any:
    raise _Unreadable(Msg(f"{text} is not a number JSON allows", f"{text} は JSON で使える数ではありません"))


def strict_json(text: str) -> Any:
    """``json.loads`` for a user's document, refusing what it would silently take (a key written twice:
    one value dropped) or fail on in Python's words (a number of thousands of digits; NaN)."""
    return json.loads(text, object_pairs_hook=_object, parse_int=_integer, parse_constant=_constant)


def read_input(path: str) -> str:
    """The text in ``path`` (``-``: standard input): UTF-8 with or without a byte-order mark, at most
    :data:`MAX_INPUT_BYTES` (so /dev/zero is refused at once); anything else is refused in one sentence."""
    return decode_input(read_bytes(path, MAX_INPUT_BYTES), path)


def read_bytes(path: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of ``path`` (``-``: standard input), so that a caller sees what is too long."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        source = source_name(path)
        raise refuse(
            f"cannot read {source.en}: {os_reason(error, 'en')}", f"{source.ja} を読めません：{os_reason(error, 'ja')}"
        ) from None


def decode_input(raw: bytes, path: str) -> str:
    """``raw`` read from ``path`` as :func:`read_input` takes it: UTF-8 text of a bounded size."""
    source = source_name(path)
    if len(raw) > MAX_INPUT_BYTES:
        raise refuse(
            f"{source.en} is larger than {MAX_INPUT_BYTES:,} bytes; a game is a few kilobytes",
            f"{source.ja} が{MAX_INPUT_BYTES:,}バイトを超えています（ゲームの記録は数キロバイトです）",
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(
            f"cannot read {source.en}: it is not UTF-8 text",
            f"{source.ja} を読めません：UTF-8 のテキストではありません",
        ) from None


def source_name(path: str) -> Msg:
    """How a message names ``path``: standard input, or the path (shortened if absurdly long)."""
    return Msg("standard input", "標準入力") if path == "-" else Msg(label(path, PATH_SHOWN), label(path, PATH_SHOWN))


SETTLE_INPUT = Msg(
    'settle reads a JSON object with "game" and "players"',
    '"game" と "players" を持つ JSON オブジェクトを入力してください',
)
RECORD_INPUT = Msg(
    "a game record is a JSON object (docs/records.md)", "ゲーム記録は JSON オブジェクトです（docs/records.md）"
)


def read_document(path: str, expected: Msg = SETTLE_INPUT) -> Any:
    """The JSON document in ``path`` (see :func:`read_input`), refused in one sentence if it is empty,
    not JSON, repeats a key in an object, or holds a number of thousands of digits. ``expected`` says
    what the input should have been, for the empty case."""
    return parse_document(read_input(path), path, expected)


def parse_document(text: str, path: str, expected: Msg = SETTLE_INPUT) -> Any:
    """The JSON document ``text`` read from ``path``, refused as :func:`read_document` says."""
    source = source_name(path)
    if not text.strip():
        raise Refusal(Msg(f"{source.en} is empty: ", f"{source.ja} が空です：") + expected)
    try:
        return strict_json(text)
    except json.JSONDecodeError as error:
        raise refuse(
            f"{source.en} is not valid JSON: {error}", f"{source.ja} は正しい JSON ではありません：{error}"
        ) from None
    except _Unreadable as error:
        raise Refusal(Msg(f"{source.en}: ", f"{source.ja}：") + error.msg) from None
    except RecursionError:
        raise refuse(
            f"{source.en} is nested too deeply to be read", f"{source.ja} は入れ子が深すぎて読めません"
        ) from None


def format_json(value: dict[str, Any]) -> str:
    """One top-level key a line; a list of objects one object a line (as the examples read)."""

    def dump(item: Any) -> str:
        return json.dumps(item, ensure_ascii=False)

    lines = []
    for key, item in value.items():
        if isinstance(item, list) and item and all(isinstance(x, dict) for x in item):
            pad = " " * (len(dump(key)) + 4)
            text = "[" + (",\n" + pad).join(dump(x) for x in item) + "]"
        else:
            text = dump(item)
        lines.append(f"{dump(key)}: {text}")
    return "{" + ",\n ".join(lines) + "}"

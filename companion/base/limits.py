"""Bounds on what is read from files and streams that may come from anybody (docs/store.md, the
README's "Input rules"): a small input must never take a large amount of memory or time.

Standard library only; each reader refuses in one sentence (a ``Refusal``) or raises ``ValueError``
for the caller to say what was damaged."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import BinaryIO

from companion.rules.common import refuse

MAX_LINE_BYTES = 4096  # a line of table notation is a few dozen characters
MAX_STDIN_BYTES = 1_000_000  # the lines of a whole game are a few kilobytes
MAX_STATE_BYTES = 4_000_000  # a checkpoint's state unpacked; the longest game's is under 10 KB


def inflate(blob: bytes, limit: int) -> bytes:
    """``blob`` decompressed (zlib), never past ``limit`` bytes: ValueError for more, for data cut
    short, or for data that is not zlib (a compression bomb stops at the limit)."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(blob, limit + 1)
    except zlib.error as error:
        raise ValueError(f"not zlib data ({error})") from None
    if len(out) > limit:
        raise ValueError(f"unpacks to more than {limit} bytes")
    if not inflater.eof or inflater.unconsumed_tail or inflater.unused_data:
        raise ValueError("cut short or followed by other data")
    return out


def bounded_lines(stream: BinaryIO, source_en: str = "standard input", source_ja: str = "標準入力") -> Iterator[str]:
    """Each line of ``stream`` as it comes (without its line end), UTF-8. A line longer than
    :data:`MAX_LINE_BYTES`, more than :data:`MAX_STDIN_BYTES` in all, or bytes that are not UTF-8 are
    refused at once, before the rest is read."""
    total = 0
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        total += len(raw)
        if len(raw.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            raise refuse(
                f"line {number} of {source_en} is longer than {MAX_LINE_BYTES:,} bytes; a line of table "
                "notation is a few words",
                f"{source_ja}の{number}行目が{MAX_LINE_BYTES:,}バイトを超えています（卓上記法の1行は数語です）",
            )
        if total > MAX_STDIN_BYTES:
            raise refuse(
                f"{source_en} holds more than {MAX_STDIN_BYTES:,} bytes; the lines of a whole game are a few kilobytes",
                f"{source_ja}が{MAX_STDIN_BYTES:,}バイトを超えています（1ゲームの行は数キロバイトです）",
            )
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            raise refuse(
                f"line {number} of {source_en} is not UTF-8 text",
                f"{source_ja}の{number}行目は UTF-8 のテキストではありません",
            ) from None
        yield text.rstrip("\r\n")

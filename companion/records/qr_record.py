"""A game record (docs/records.md) as the text of QR codes, and back.

A record is tens of kilobytes of JSON; a comfortably scannable code holds under a kilobyte. So the
record is written as compact JSON with the action times moved out as second-by-second differences
(they are most of what does not compress), compressed with whichever of zlib, bz2 and LZMA gives
the fewest bytes, and written in a 44-character alphabet that QR codes store in their compact
alphanumeric mode (base45 of RFC 9285 without the space, so no line ever ends in a space that an
editor could drop). The text is cut into parts of at most :data:`PART_CHARS` characters, each
headed ``CR1:<index>/<count>:<check>:`` so that the parts can be read in any order, each one says
alone which record it belongs to and how many there are, and the check (8 hex digits of the SHA-256
of the data) both keeps two records' parts apart and catches damage.

Pure: no I/O. Every refusal is one sentence naming what is missing, foreign or damaged."""

from __future__ import annotations

import bz2
import hashlib
import json
import lzma
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from companion.rules.common import Refusal, refuse

PREFIX = "CR"
VERSION = 1
PART_CHARS = 900  # a version-19 code at most (93 modules): 5 cm printed at 0.5 mm a module
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$%*+-./:"
BASE = len(ALPHABET)  # 44: 44³ = 85,184 > 65,535, so two bytes still fit in three characters
MAX_RECORD_BYTES = 1_000_000  # as for a record read from a file: a game is a few tens of kilobytes
MAX_PARTS = 64  # the longest game takes 5 codes; a heading claiming thousands must not be believed
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)}
_PART = re.compile(r"CR([0-9]{1,4}):([0-9]{1,4})/([0-9]{1,4}):([0-9A-F]{8}):(.*)", re.DOTALL)  # ASCII digits, short
_TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z")

# The first byte of the data: how the JSON was compressed (low two bits), and whether the times
# were moved out of the actions (bit 2).
_ZLIB, _BZ2, _LZMA = 0, 1, 2
_TIMES_APART = 4
_LZMA_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME}]


class TooLarge(ValueError):
    """Data that unpacks to more than :data:`MAX_RECORD_BYTES`."""


# --------------------------------------------------------------------------- base 44


def to_text(data: bytes) -> str:
    """Two bytes to three characters (least significant first, as base45 does); a last odd byte to two."""
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [ALPHABET[n % BASE], ALPHABET[n // BASE % BASE], ALPHABET[n // BASE // BASE]]
    if len(data) % 2:
        out += [ALPHABET[data[-1] % BASE], ALPHABET[data[-1] // BASE]]
    return "".join(out)


def from_text(text: str) -> bytes:
    """The reverse of :func:`to_text`; ValueError for a character or group no encoder writes."""
    if len(text) % 3 == 1:
        raise ValueError("a dangling character")
    out = bytearray()
    for i in range(0, len(text), 3):
        group = text[i : i + 3]
        n = sum(_VALUES[ch] * BASE**k for k, ch in enumerate(group))  # KeyError is a LookupError
        if n > (0xFFFF if len(group) == 3 else 0xFF):
            raise ValueError("a group out of range")
        out += n.to_bytes(len(group) - 1, "big")
    return bytes(out)


# --------------------------------------------------------------------------- compact JSON


def _seconds(stamp: str) -> int | None:
    """Seconds since 1970 of a time the store writes (``2026-11-30T19:02:11Z``), else None."""
    import calendar

    m = _TIME.fullmatch(stamp)
    if m is None:
        return None
    y, mo, d, h, mi, s = (int(g) for g in m.groups())
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and mi < 60 and s < 60):
        return None
    return calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0))


def _stamp(seconds: int) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def _times_apart(record: Any) -> Any:
    """``[record without times, [first time in seconds, difference, …]]`` (a missing time stays null and
    the next difference counts from the last known time), or None when the times are not all the
    store's kind (then the record is kept whole)."""
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list) or not actions:
        return None
    times: list[int | None] = []
    last = 0
    bare = []
    for action in actions:
        if not isinstance(action, dict) or list(action)[-1:] != ["time"]:
            return None
        stamp = action["time"]
        if stamp is None:
            times.append(None)
        else:
            seconds = _seconds(stamp) if isinstance(stamp, str) else None
            if seconds is None:
                return None
            times.append(seconds - last)
            last = seconds
        bare.append({k: v for k, v in action.items() if k != "time"})
    return [{**record, "actions": bare}, times]


def _times_back(compact: Any) -> Any:
    record, times = compact
    last = 0
    actions = []
    for action, delta in zip(record["actions"], times, strict=True):
        if delta is None:
            actions.append({**action, "time": None})
        else:
            last += delta
            actions.append({**action, "time": _stamp(last)})
    return {**record, "actions": actions}


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def _compressors(raw: bytes) -> Iterable[tuple[int, bytes]]:
    yield _ZLIB, zlib.compress(raw, 9)
    yield _BZ2, bz2.compress(raw, 9)
    yield _LZMA, lzma.compress(raw, format=lzma.FORMAT_RAW, filters=_lzma_filters(len(raw)))


def _lzma_filters(size: int) -> list[dict[str, int]]:
    """Preset 9e with a dictionary no larger than the data needs (4 KiB at least, LZMA's smallest):
    the same bytes for a record (the dictionary only bounds how far back a match may reach), without
    making a 64 MiB dictionary for each record (60 ms each time, most of a record's packing)."""
    return [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": min(64 << 20, max(4096, size))}]


def pack(record: Any) -> bytes:
    """The record as the fewest bytes: a flag byte, then the compressed compact JSON."""
    whole = _dumps(record)
    body, flags = whole, 0
    compact = _times_apart(record)
    if compact is not None:
        try:
            same = _dumps(_times_back(compact)) == whole
        except (KeyError, TypeError, ValueError, OverflowError, OSError):
            same = False
        if same:
            body, flags = _dumps(compact), _TIMES_APART
    method, packed = min(_compressors(body), key=lambda pair: len(pair[1]))
    return bytes([flags | method]) + packed


def _inflate(method: int, packed: bytes) -> bytes:
    """Decompressed, never past :data:`MAX_RECORD_BYTES` (a small code must not fill the memory)."""
    limit = MAX_RECORD_BYTES + 1
    out: bytes
    if method == _ZLIB:
        inflater = zlib.decompressobj()
        out = inflater.decompress(packed, limit)
        complete = inflater.eof and not inflater.unconsumed_tail
    elif method == _BZ2:
        bunzip = bz2.BZ2Decompressor()
        out = bunzip.decompress(packed, limit)
        complete = bunzip.eof
    elif method == _LZMA:
        unxz = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)
        out = unxz.decompress(packed, limit)
        complete = unxz.eof
    else:
        raise ValueError("unknown compression")
    if len(out) > MAX_RECORD_BYTES:
        raise TooLarge
    if not complete:
        raise ValueError("cut short")
    return out


def unpack(data: bytes) -> Any:
    """The record packed by :func:`pack`. ValueError (:class:`TooLarge` among them), LookupError,
    TypeError or a decompressor's error for data no packer wrote."""
    if not data or data[0] & ~(_TIMES_APART | 3):
        raise ValueError("unknown flags")
    value = json.loads(_inflate(data[0] & 3, data[1:]).decode("utf-8"))
    return _times_back(value) if data[0] & _TIMES_APART else value


# --------------------------------------------------------------------------- parts


def check_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:8].upper()


def encode_parts(record: Any, part_chars: int = PART_CHARS) -> list[str]:
    """The record as the texts of its QR codes, in order: as few as fit ``part_chars`` characters each
    (heading included), of nearly equal length so that the codes print the same size."""
    data = pack(record)
    check = check_of(data)
    text = to_text(data)
    count = 1
    while True:
        heading = len(f"{PREFIX}{VERSION}:{count}/{count}:{check}:")
        size = -(-len(text) // count)
        if heading + size <= part_chars or size <= 1:
            break
        count += 1
    return [f"{PREFIX}{VERSION}:{i + 1}/{count}:{check}:{text[i * size : (i + 1) * size]}" for i in range(count)]


def is_part(text: str) -> bool:
    """Whether a code's text looks like one of a record's parts (another QR code in a photo does not)."""
    return re.match(r"CR[0-9]+:", text.strip()) is not None


def complete(parts: Iterable[str]) -> bool:
    """Whether these texts hold every part of each record they name (at least one): reading a photo
    can stop trying once this holds."""
    found: dict[tuple[str, int], set[int]] = {}
    for text in parts:
        m = _PART.fullmatch(text.strip())
        if m is not None and int(m[3]) <= MAX_PARTS:
            found.setdefault((m[4], int(m[3])), set()).add(int(m[2]))
    return bool(found) and all(seen >= set(range(1, count + 1)) for (_check, count), seen in found.items())


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 24 else text[:20] + "…"


def _damaged(check: str, en: str, ja: str) -> Refusal:
    return refuse(
        f"the codes of record {check} are damaged ({en}): scan them again, or print the sheet again",
        f"記録 {check} のコードが壊れています（{ja}）。読み取り直すか、結果の用紙を印刷し直してください",
    )


def decode_parts(parts: Sequence[str]) -> Any:
    """The record whose parts these are (in any order, a part read twice counted once). Refused in one
    sentence: something that is no part, a part from a newer companion, parts of different records,
    missing parts (named), or damaged data."""
    found: dict[str, dict[int, str]] = {}
    counts: dict[str, int] = {}
    for raw in parts:
        text = raw.strip()
        if not text:
            continue
        m = _PART.fullmatch(text)
        if m is None:
            if not is_part(text):
                raise refuse(
                    f"“{_shown(text)}” is not a part of a game record's QR codes (each begins with {PREFIX}{VERSION}:)",
                    f"「{_shown(text)}」はゲーム記録の QR コードの一部ではありません（どれも "
                    f"{PREFIX}{VERSION}: で始まります）",
                )
            raise refuse(
                f"“{_shown(text)}” is a damaged part of a game record: its heading must read "
                f"{PREFIX}{VERSION}:<number>/<count>:<check>:",
                f"「{_shown(text)}」はゲーム記録の壊れた一部です。先頭は"
                f"「{PREFIX}{VERSION}:番号/個数:検査値:」の形です",
            )
        version, index, count, check, body = int(m[1]), int(m[2]), int(m[3]), m[4], m[5]
        if version > VERSION:
            raise refuse(
                f"these codes were written by a newer companion (format {PREFIX}{version}); this one "
                f"reads {PREFIX}{VERSION}: update companion",
                f"このコードは新しい companion が書いたもの（形式 {PREFIX}{version}）です。読めるのは "
                f"{PREFIX}{VERSION} です。companion を更新してください",
            )
        if count > MAX_PARTS:
            raise _damaged(
                check,
                f"a record has at most {MAX_PARTS} codes, not {count}",
                f"記録のコードは{MAX_PARTS}個までです（{count}個は不可）",
            )
        if version < 1 or not 1 <= index <= count:
            raise _damaged(check, f"part {index} of {count}", f"{count}個中の{index}番")
        if counts.setdefault(check, count) != count:
            raise _damaged(check, "its parts disagree on how many there are", "部分の個数が食い違っています")
        seen = found.setdefault(check, {})
        if seen.setdefault(index, body) != body:
            raise _damaged(
                check,
                f"part {index} was read twice with different contents",
                f"{index}番が二度、違う内容で読み取られました",
            )
    if not found:
        raise refuse("no part of a game record's QR codes was given", "ゲーム記録の QR コードがありません")
    if len(found) > 1:
        names = ", ".join(sorted(found))
        raise refuse(
            f"these codes come from {len(found)} different game records ({names}): give the codes of one record only",
            f"このコードは{len(found)}つの別々のゲーム記録（{names}）のものです。"
            "一つの記録のコードだけを読み込んでください",
        )
    ((check, seen),) = found.items()
    count = counts[check]
    missing = [i for i in range(1, count + 1) if i not in seen]
    if missing:
        raise missing_refusal(check, count, missing)
    text = "".join(seen[i] for i in range(1, count + 1))
    try:
        data = from_text(text)
    except (LookupError, ValueError):
        raise _damaged(check, "a character no code holds", "コードにない文字があります") from None
    if check_of(data) != check:
        raise _damaged(check, "the data does not match its check", "データが検査値と合いません")
    try:
        return unpack(data)
    except TooLarge:
        raise refuse(
            f"the codes of record {check} unpack to more than {MAX_RECORD_BYTES:,} bytes; a game is a "
            "few tens of kilobytes",
            f"記録 {check} のコードを展開すると{MAX_RECORD_BYTES:,}バイトを超えます"
            "（ゲームの記録は数十キロバイトです）",
        ) from None
    except (
        ValueError,
        LookupError,
        TypeError,
        ArithmeticError,
        EOFError,
        OSError,
        zlib.error,
        lzma.LZMAError,
        RecursionError,
    ):
        raise _damaged(check, "the data cannot be unpacked", "データを展開できません") from None


def _ranges(numbers: Sequence[int]) -> list[str]:
    """``[2, 3, 4, 7]`` → ``["2–4", "7"]``: missing parts said in a short line."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}–{prev}")
        if n is not None:
            start = prev = n
    return out


def missing_refusal(check: str, count: int, missing: Sequence[int]) -> Refusal:
    """``part 3 of 5 … is missing`` / ``parts 2 and 4 of 5 … are missing`` / ``parts 2–40 of 64 …``:
    what to scan again, consecutive parts said as a range."""
    numbers = _ranges(missing)
    listed = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " and " + numbers[-1]
    words = "part {} of {} is" if len(missing) == 1 else "parts {} of {} are"
    return refuse(
        f"{words.format(listed, count)} missing (record {check}): give every code on the sheet",
        f"記録 {check} の{count}個のコードのうち{'、'.join(numbers)}番がありません。"
        "用紙のすべてのコードをそろえて読み込んでください",
    )

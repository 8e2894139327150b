"""A game record in QR codes (companion.records.qr_record): every record comes back identical, whatever
order its parts are given in, and a missing, foreign or damaged part is refused in one sentence."""

from __future__ import annotations

import json
import lzma
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.records import qr_record as q
from companion.rules.common import Refusal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"
RECORDS = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(EXAMPLES.glob("*.json"))}
QR_ALPHANUMERIC = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")  # ISO/IEC 18004, table 5


def shortened(record: dict[str, Any], keep: int) -> dict[str, Any]:
    return {**record, "actions": record["actions"][:keep]}


def refusal(parts: list[str]) -> str:
    with pytest.raises(Refusal) as caught:
        q.decode_parts(parts)
    text = caught.value.msg.en
    assert "\n" not in text and "\n" not in caught.value.msg.ja
    return text


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """An example game's record cut short, its times sometimes missing or not the store's kind."""
    record = RECORDS[draw(st.sampled_from(sorted(RECORDS)))]
    record = shortened(record, draw(st.integers(0, len(record["actions"]))))
    change = draw(st.sampled_from(["none", "none", "null", "odd"]))
    if record["actions"] and change != "none":
        actions = list(record["actions"])
        i = draw(st.integers(0, len(actions) - 1))
        actions[i] = {**actions[i], "time": None if change == "null" else "2026-11-30T19:00:00.250+09:00"}
        record = {**record, "actions": actions}
    return dict(record)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(records(), st.randoms(use_true_random=False))
def test_every_record_comes_back_identical_from_its_parts_in_any_order(
    record: dict[str, Any], rnd: random.Random
) -> None:
    parts = q.encode_parts(record)
    assert all(len(part) <= q.PART_CHARS for part in parts)
    assert all(set(part) <= QR_ALPHANUMERIC and " " not in part for part in parts)  # compact QR mode; no spaces
    rnd.shuffle(parts)
    again = q.decode_parts(parts + parts[: rnd.randint(0, len(parts))])  # a part read twice counts once
    assert again == record
    assert json.dumps(again, ensure_ascii=False) == json.dumps(record, ensure_ascii=False)  # key order too


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_base44_text_reads_back_the_same_bytes(data: bytes) -> None:
    text = q.to_text(data)
    assert len(text) == len(data) // 2 * 3 + len(data) % 2 * 2
    assert q.from_text(text) == data


@pytest.mark.parametrize("text", ["A", "::::", "::", "0A0B"[:1] + "$"])
def test_base44_refuses_what_no_encoder_writes(text: str) -> None:
    with pytest.raises((ValueError, LookupError)):
        q.from_text(text)


def test_the_example_games_fit_a_few_codes_and_the_times_are_moved_out() -> None:
    for name, record in RECORDS.items():
        data = q.pack(record)
        assert data[0] & 4, name  # the store's times: kept as differences
        assert len(data) < len(json.dumps(record, separators=(",", ":")).encode()) / 4, name
        parts = q.encode_parts(record)
        assert 1 <= len(parts) <= 6, name
        lengths = {len(p) for p in parts}
        assert max(lengths) - min(lengths) <= 1, name  # the codes print the same size


def test_lzma_with_a_dictionary_the_size_of_the_record_writes_the_bytes_of_preset_9e() -> None:
    """The dictionary is cut to the record's size to save making 64 MiB for each record: the codes
    printed are the same bytes as with the whole preset's dictionary."""
    whole = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME}]
    for name, record in RECORDS.items():
        for body in (q._dumps(record), q._dumps(q._times_apart(record)), b"", b"{}"):
            cut = q._lzma_filters(len(body))
            assert cut[0]["dict_size"] < 64 << 20
            wanted = lzma.compress(body, format=lzma.FORMAT_RAW, filters=whole)
            assert lzma.compress(body, format=lzma.FORMAT_RAW, filters=cut) == wanted, (name, len(body))


def test_each_part_says_alone_which_record_and_how_many() -> None:
    parts = q.encode_parts(RECORDS["fortress"])
    assert len(parts) == 3
    check = parts[0].split(":")[2]
    for n, part in enumerate(parts, 1):
        assert part.startswith(f"CR1:{n}/3:{check}:")
    assert refusal([parts[1]]) == f"parts 1 and 3 of 3 are missing (record {check}): give every code on the sheet"


def test_a_missing_part_is_named() -> None:
    parts = q.encode_parts(RECORDS["dragoness"])
    count = len(parts)
    check = parts[0].split(":")[2]
    assert refusal(parts[:2] + parts[3:]) == (
        f"part 3 of {count} is missing (record {check}): give every code on the sheet"
    )


def test_parts_of_two_records_are_refused() -> None:
    one = q.encode_parts(RECORDS["fortress"])
    other = q.encode_parts(shortened(RECORDS["fortress"], 40))
    text = refusal(one + other[:1])
    assert text.startswith("these codes come from 2 different game records (")
    assert other[0].split(":")[2] in text and one[0].split(":")[2] in text


def test_damaged_data_is_refused_not_misread() -> None:
    parts = q.encode_parts(RECORDS["homalet"])
    head, body = parts[1].rsplit(":", 1)
    swapped = "0" if body[5] != "0" else "1"
    text = refusal([parts[0], f"{head}:{body[:5]}{swapped}{body[6:]}", parts[2]])
    assert "are damaged" in text and "does not match its check" in text
    assert "are damaged" in refusal([parts[0], parts[1] + "AB", parts[2]])
    assert "read twice with different contents" in refusal([*parts, parts[1][:-1] + "X"])
    assert "disagree on how many" in refusal([parts[0], parts[1].replace("2/3:", "2/4:", 1)])
    assert "is a damaged part" in refusal(["CR1:1/x:ABCDEF12:00"])


def test_text_that_is_no_part_and_parts_from_a_newer_companion() -> None:
    assert refusal(["https://example.com/fortress"]).startswith("“https://example.com/…” is not a part of a game")
    assert "newer companion (format CR2)" in refusal(["CR2:1/1:ABCDEF12:00"])
    assert refusal(["", "  "]) == "no part of a game record's QR codes was given"


def test_a_small_code_that_would_unpack_to_gigabytes_is_refused() -> None:
    data = bytes([0]) + zlib.compress(b" " * (q.MAX_RECORD_BYTES + 10), 9)
    part = whole(data)
    assert len(part) < 3000
    assert "unpack to more than 1,000,000 bytes" in refusal([part])


@pytest.mark.parametrize("method", [0, 1, 2])
def test_data_cut_short_is_damaged_for_every_compressor(method: int) -> None:
    raw = json.dumps(RECORDS["homalet"]).encode()
    packed = dict(q._compressors(raw))[method]
    data = bytes([method]) + packed[: len(packed) // 2]
    assert "cannot be unpacked" in refusal([whole(data)])


def whole(data: bytes) -> str:
    """``data`` as one part with its right check: damage that the check cannot catch."""
    return f"CR1:1/1:{q.check_of(data)}:{q.to_text(data)}"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=200), JSON, st.integers(0, 7))
def test_data_no_encoder_wrote_is_refused_in_a_sentence_never_a_traceback(data: bytes, value: Any, flags: int) -> None:
    """Data whose check is right (a hand-made code, or a bug) but whose bytes, compression or JSON
    are not what :func:`q.pack` writes: a refusal or a value, nothing else."""
    body = json.dumps(value).encode()
    for attempt in (data, bytes([flags]) + data, bytes([flags]) + dict(q._compressors(body)).get(flags & 3, data)):
        try:
            q.decode_parts([whole(attempt)])
        except Refusal as refused:
            assert refused.msg.en and refused.msg.ja

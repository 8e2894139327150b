"""A QR code's standard mask, chosen as the qrcode library chooses it, in about a third of the time (the
printed sheets' codes, printables.qr, and the settlement screen's, companion.app.widgets.qr). Only
the qrcode library: the app imports it without reportlab."""

from __future__ import annotations

import functools
import itertools
import re

import qrcode
from qrcode.util import mask_func


def make(code: qrcode.QRCode) -> None:
    """``code.make(fit=True)``, its mask (when none was given) chosen by :func:`standard_mask`."""
    code.best_mask_pattern = functools.partial(standard_mask, code)
    code.make(fit=True)


def standard_mask(code: qrcode.QRCode) -> int:
    """The mask the library's ``best_mask_pattern`` chooses for ``code`` (the standard's penalty rules,
    as the library counts them: runs of five or more, 2×2 blocks, finder-like patterns, the share of
    dark modules; the lowest penalty, the first of equals), worked out from one placement of the data
    instead of eight, each row a string of 0 and 1 searched by the regular expression engine: about
    a third of the library's time (placing the data once is most of what is left);
    tests/functional_tests/test_printables_result.py checks that it chooses as the
    library does."""
    code.makeImpl(True, 0)
    n = code.modules_count
    cells = _data_cells(code.version)
    placed = [int("".join("1" if dark else "0" for dark in row), 2) for row in code.modules]
    plain = [row ^ (mask & data) for row, mask, data in zip(placed, _mask_rows(n, 0), cells, strict=True)]
    best, pattern = 0, 0
    for i in range(8):
        rows = [row ^ (mask & data) for row, mask, data in zip(plain, _mask_rows(n, i), cells, strict=True)]
        lost = _penalty(rows, n)
        if i == 0 or best > lost:
            best, pattern = lost, i
    return pattern


_RUN = re.compile(r"0{5,}|1{5,}")
_FINDER = re.compile(r"(?=10111010000|00001011101)")


def _penalty(rows: list[int], n: int) -> int:
    """The library's ``util.lost_point`` of an n×n matrix, each row as bits (the first column highest)."""
    lines = [format(row, f"0{n}b") for row in rows]
    text = "2".join(lines + ["".join(column) for column in zip(*lines, strict=True)])  # no run crosses a 2
    runs = _RUN.findall(text)
    lost = sum(map(len, runs)) - 2 * len(runs)
    full = (1 << (n - 1)) - 1
    for upper, lower in itertools.pairwise(rows):
        dark = upper & lower
        light = ~(upper | lower)
        lost += 3 * (((dark & (dark >> 1)) & full).bit_count() + ((light & (light >> 1)) & full).bit_count())
    lost += 40 * len(_FINDER.findall(text))
    percent = float(sum(row.bit_count() for row in rows)) / (n**2)
    return lost + int(abs(percent * 100 - 50) / 5) * 10


@functools.lru_cache(maxsize=64)
def _data_cells(version: int) -> tuple[int, ...]:
    """Each row's data modules (a bit a column, the first column highest) of a code of ``version``:
    the modules the library's function patterns, format and version information leave empty."""
    code = qrcode.QRCode(version=version)
    n = code.modules_count = version * 4 + 17
    code.modules = [[None] * n for _ in range(n)]
    code.setup_position_probe_pattern(0, 0)
    code.setup_position_probe_pattern(n - 7, 0)
    code.setup_position_probe_pattern(0, n - 7)
    code.setup_position_adjust_pattern()
    code.setup_timing_pattern()
    code.setup_type_info(True, 0)
    if version >= 7:
        code.setup_type_number(True)
    return tuple(int("".join("1" if cell is None else "0" for cell in row), 2) for row in code.modules)


@functools.lru_cache(maxsize=512)
def _mask_rows(n: int, pattern: int) -> tuple[int, ...]:
    """Mask ``pattern``'s modules of an n×n code, each row as bits (the first column highest)."""
    flip = mask_func(pattern)
    return tuple(int("".join("1" if flip(r, c) else "0" for c in range(n)), 2) for r in range(n))

"""QR codes drawn as vector squares in a reportlab form (drawn once, placed anywhere)."""

from __future__ import annotations

import functools

import qrcode
from qrcode.util import ALPHA_NUM, MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData
from reportlab.pdfgen.canvas import Canvas

from printables.draw import place_form


@functools.lru_cache(maxsize=64)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code for ``data`` (quiet zone included); the same data, the same code."""
    raw = data.encode("utf-8")
    # One segment: the library's mixed-mode encoding fails on some data ("glog(0)" for a payload of
    # digit pairs). Alphanumeric mode (5.5 bits a character, against 8) when every character allows it,
    # as a game record's parts do (companion.rules.qr_record); else UTF-8 bytes, read alike everywhere.
    if raw and all(b in ALPHA_NUM for b in raw):
        try:
            return _matrix(raw, MODE_ALPHA_NUM)
        except ValueError:  # a block of all-zero codewords ("00" pairs) fails in the library: bytes have none
            pass
    return _matrix(raw, MODE_8BIT_BYTE)


def _matrix(raw: bytes, mode: int) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(QRData(raw, mode=mode))
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def define_qr_form(c: Canvas, name: str, data: str) -> int:
    """Define form ``name``: the QR code for ``data``, one unit per module (quiet zone included).
    Returns its size in modules; scale it when drawing."""
    matrix = qr_matrix(data)
    n = len(matrix)
    c.beginForm(name, 0, 0, n, n)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, n, n, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(matrix):
        x = 0
        while x < n:  # one rectangle per horizontal run of dark modules
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                c.rect(start, n - 1 - r, x - start, 1, stroke=0, fill=1)
            else:
                x += 1
    c.endForm()
    return n


def draw_qr(c: Canvas, name: str, modules: int, x: float, y: float, size: float) -> None:
    place_form(c, name, x, y, size / modules)

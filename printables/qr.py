"""QR codes drawn as vector squares in a reportlab form (drawn once, placed anywhere)."""

from __future__ import annotations

import functools

import qrcode
from qrcode.util import MODE_8BIT_BYTE, QRData
from reportlab.pdfgen.canvas import Canvas

from printables.draw import place_form


@functools.lru_cache(maxsize=64)
def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code for ``data`` (quiet zone included); the same data, the same code."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    # One byte-mode segment of UTF-8: the library's mixed-mode encoding fails on some data
    # ("glog(0)" for a payload of digit pairs), and byte mode reads back the same on every reader.
    code.add_data(QRData(data.encode("utf-8"), mode=MODE_8BIT_BYTE))
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

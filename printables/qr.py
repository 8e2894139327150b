"""QR codes drawn as vector squares in a reportlab form (drawn once, placed anywhere).

Printed codes are made for a phone's soft photo of paper: error correction level H (30 % of the
codewords can be lost; at level M a blur of half a module defeats a plain decoder on every code),
and, of the eight masks the standard allows, one that a plain decoder (zxing-cpp) is seen to read
through that blur. A blur of half a module is near the edge of what a plain decoder reads: a
little more and no code reads; at it, a code's reading depends on its pattern of modules, and the
standard's choice of mask (made for other things: no large blocks, no false finder patterns) is
not always the one that reads."""

from __future__ import annotations

import functools

import qrcode
from qrcode.util import ALPHA_NUM, MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData
from reportlab.pdfgen.canvas import Canvas

from printables.draw import place_form
from printables.qr_mask import make

LEVELS = {
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}
QUIET = 4  # modules of white around each code (the standard's quiet zone)
Matrix = tuple[tuple[bool, ...], ...]


@functools.lru_cache(maxsize=256)
def qr_matrix(data: str, level: str = "H", skip: int = 0) -> Matrix:
    """The modules of the QR code for ``data`` at error correction ``level`` (quiet zone included);
    the same data, the same code. Its mask: the first that a plain decoder reads through a photo's
    blur (the standard's choice first), passing over ``skip`` of them (for a code that did not
    read where it was placed: printables.code_check)."""
    raw = data.encode("utf-8")
    # One segment: the library's mixed-mode encoding fails on some data ("glog(0)" for a payload of
    # digit pairs). Alphanumeric mode (5.5 bits a character, against 8) when every character allows it,
    # as a game record's parts do (companion.records.qr_record); else UTF-8 bytes, read alike everywhere.
    if raw and all(b in ALPHA_NUM for b in raw):
        try:
            return _matrix(raw, MODE_ALPHA_NUM, level, skip)
        except ValueError:  # a block of all-zero codewords ("00" pairs) fails in the library: bytes have none
            pass
    return _matrix(raw, MODE_8BIT_BYTE, level, skip)


def _matrix(raw: bytes, mode: int, level: str, skip: int) -> Matrix:
    """The masks in the order: the standard's, then 0 to 7; those read at every one of the PHASES
    first, then the others; the one after ``skip`` of them (round the eight again past the last)."""
    standard = _code(raw, mode, level, None)
    candidates = [standard]
    passed = 0
    for mask in (None, *range(8)):  # made one by one: most codes read with the first
        candidate = standard if mask is None else _code(raw, mode, level, mask)
        if mask is not None:
            if candidate == standard:
                continue
            candidates.append(candidate)
        if _survives(candidate, raw) == len(PHASES):
            if passed == skip:
                return candidate
            passed += 1
    return candidates[(skip - passed) % len(candidates)]


@functools.lru_cache(maxsize=512)
def _code(raw: bytes, mode: int, level: str, mask: int | None) -> Matrix:
    code = qrcode.QRCode(error_correction=LEVELS[level], border=QUIET, mask_pattern=mask)
    code.add_data(QRData(raw, mode=mode))
    make(code)
    return tuple(tuple(row) for row in code.get_matrix())


# The photo a code must survive: a module of 1.0 mm taken at 150 dpi (5.9 pixels), blurred by a
# Gaussian of half a module, read at eight places against the pixels: the module grid shifted by
# parts of a pixel, and the code by whole pixels against the reader's 8-pixel blocks (its threshold
# is worked out block by block, and a code that reads at one place may not a pixel away).
STRESS_PIXELS = 150 / 25.4
STRESS_BLUR = 0.5
BLOCK = 8
PHASES = tuple(((2.3 * i) % BLOCK, (5.3 * i + 1.7) % BLOCK) for i in range(8))


@functools.lru_cache(maxsize=512)
def _survives(matrix: Matrix, raw: bytes) -> int:
    """At how many of the PHASES a plain decoder reads ``raw`` back from the blurred code."""
    import zxingcpp
    from PIL import Image, ImageFilter

    n = len(matrix)
    modules = Image.new("L", (n, n))
    modules.putdata([0 if dark else 255 for row in matrix for dark in row])
    side = int((n - 1) * STRESS_PIXELS)
    reads = 0
    for x, y in PHASES:  # each pixel the share of the module grid it covers (as a renderer smooths)
        fx, fy = x % 1 / STRESS_PIXELS, y % 1 / STRESS_PIXELS
        picture = modules.resize(
            (side, side), Image.Resampling.BOX, box=(fx, fy, fx + side / STRESS_PIXELS, fy + side / STRESS_PIXELS)
        )
        page = Image.new("L", (side + BLOCK, side + BLOCK), 255)
        page.paste(picture, (int(x), int(y)))
        blurred = page.filter(ImageFilter.GaussianBlur(STRESS_BLUR * STRESS_PIXELS))
        found = zxingcpp.read_barcodes(blurred, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        reads += any(code.bytes == raw for code in found)
    return reads


def define_qr_form(c: Canvas, name: str, data: str, level: str = "H", skip: int = 0) -> int:
    """Define form ``name``: the QR code for ``data`` (:func:`qr_matrix`), one unit per module (quiet
    zone included). Returns its size in modules; scale it when drawing."""
    matrix = qr_matrix(data, level, skip)
    n = len(matrix)
    c.beginForm(name, 0, 0, n, n)
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, n, n, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    # The dark modules as one shape (a rectangle per horizontal run, filled together): rectangles
    # filled one by one are each snapped or smoothed alone, so a renderer leaves light seams where
    # rows meet and modules of uneven width; under a photo's blur those cost the code its reading
    # (at 150 dpi with a blur of half a module, 29 of 32 such codes read, against 32 of 32).
    path = c.beginPath()
    for r, row in enumerate(matrix):
        x = 0
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                path.rect(start, n - 1 - r, x - start, 1)
            else:
                x += 1
    c.drawPath(path, stroke=0, fill=1)
    c.endForm()
    return n


def draw_qr(c: Canvas, name: str, modules: int, x: float, y: float, size: float) -> None:
    place_form(c, name, x, y, size / modules)

"""A page of record codes checked before it is printed: the codes as they are placed, rendered as a
scan or a phone's photo would show them (150 dpi, blurred by half a module; 100 dpi, sharp), read by
a plain decoder (zxing-cpp). A code that does not read there is made again with another of its
masks (printables.qr), and the page checked again.

Why: a blur of half a module is at the edge of what a plain decoder reads (a few hundredths of a
module more and no code reads), so at that blur a code's reading depends on where its modules fall
on the pixels. Checking each code where it is placed is what makes every code of a sheet read, not
nearly every code."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printables.qr import define_qr_form, draw_qr

CHECKS = ((150, 0.5), (100, 0.0))  # (dots per inch, Gaussian blur in modules)
TRIES = 8  # a code's masks


@dataclass
class Placed:
    """A code on a page: its text, its size with the quiet zone (points), its lower left corner,
    the size of a module (points), and which of its masks (``skip``, printables.qr)."""

    data: str
    size: float
    x: float
    y: float
    module: float
    skip: int = 0


def choose_masks(page: tuple[float, float], codes: Sequence[Placed]) -> None:
    """Set each code's ``skip`` to the first of its masks that reads where it is placed."""
    pending = list(codes)
    for _ in range(TRIES if codes else 0):
        unread = _unread(page, codes)
        pending = [code for code in pending if code.data in unread]
        if not pending:
            return
        for code in pending:
            code.skip += 1
    for code in pending:  # none of its masks read at every check here: the first, which reads elsewhere
        code.skip = 0


def _unread(page: tuple[float, float], codes: Sequence[Placed]) -> set[str]:
    import pypdfium2 as pdfium
    import zxingcpp
    from PIL import ImageFilter

    out = io.BytesIO()
    c = Canvas(out, pagesize=page)
    for n, code in enumerate(codes):
        modules = define_qr_form(c, f"code-{n}", code.data, skip=code.skip)
        draw_qr(c, f"code-{n}", modules, code.x, code.y, code.size)
    c.showPage()
    c.save()
    document = pdfium.PdfDocument(out.getvalue())
    unread: set[str] = set()
    for dpi, blur in CHECKS:
        image = document[0].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        if blur:
            image = image.filter(ImageFilter.GaussianBlur(blur * codes[0].module / 72 * dpi))
        found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        texts = {code.text for code in found}
        unread |= {code.data for code in codes if code.data not in texts}
    document.close()
    return unread

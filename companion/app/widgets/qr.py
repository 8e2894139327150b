"""A QR code drawn in the terminal: two modules a character cell, with half blocks, dark on light
(the colours a phone's camera expects), with the quiet zone the standard asks for."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

QUIET = 2  # modules of light border; phones read 2 reliably off a screen
_STYLE = Style(color="black", bgcolor="white")
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def qr_matrix(data: str) -> list[list[bool]]:
    """The modules of the smallest QR code (error correction L) holding ``data``; True is dark."""
    import qrcode  # imported here: only the settlement draws a code

    from printables.qr_mask import make

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_L, border=QUIET)
    code.add_data(data.encode("utf-8"))
    make(code)  # the library's own mask, chosen in a third of its time
    return [list(map(bool, row)) for row in code.get_matrix()]


def half_blocks(matrix: list[list[bool]]) -> list[str]:
    """Two rows of modules a line: the upper in the top half of the cell, the lower in the bottom."""
    rows = [*matrix, [False] * len(matrix[0])] if len(matrix) % 2 else matrix
    return [
        "".join(_HALF[(top, bottom)] for top, bottom in zip(rows[i], rows[i + 1], strict=True))
        for i in range(0, len(rows), 2)
    ]


def qr_text(data: str) -> Text:
    """The QR code of ``data`` as Rich text, ready for a Static."""
    return Text("\n".join(half_blocks(qr_matrix(data))), style=_STYLE, no_wrap=True, overflow="crop")

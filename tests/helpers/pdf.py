"""Reading what a printed PDF draws: its content operators with where each ran."""

from __future__ import annotations

from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream


def ops_with_ctm(reader: PdfReader, page_no: int) -> list[tuple[bytes, list[object], tuple[float, float]]]:
    """Each content operator of a page with the translation in force when it ran."""
    ops = ContentStream(reader.pages[page_no].get_contents(), reader).operations
    ctm, stack, out = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], []
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(x) for x in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        out.append((op, list(operands), (ctm[4], ctm[5])))
    return out


def resources(reader: PdfReader, page_no: int) -> Any:
    """A page's resources dictionary (pypdf types its objects as PdfObject, which mypy cannot index)."""
    page: Any = reader.pages[page_no]
    return page["/Resources"]

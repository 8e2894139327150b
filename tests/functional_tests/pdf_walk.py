"""A small PDF content walker for the print tests, independent of the code it judges: every text
shown and every form placed, on a page and inside the forms it places, with the full transform and
the fill colour in force (read with pypdf)."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF's row-vector order: the matrix of ``cm m`` inside ``n``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


@dataclass(frozen=True)
class Text:
    size: float  # the font size as printed (the transforms applied), points
    fill: tuple[float, float, float]  # RGB 0..1
    origin: tuple[float, float]  # where the string starts, page points
    forms: tuple[str, ...]  # the forms it is drawn inside, outermost first


@dataclass(frozen=True)
class Placed:
    name: str
    matrix: Matrix
    forms: tuple[str, ...]


# each form's content operators, parsed once for a PDF: a deck places the same frame, symbol and
# glyph forms on every page, and parsing them again for each placing was nearly all of a walk's cost
_FORM_OPS: weakref.WeakKeyDictionary[PdfReader, dict[tuple[int, int], list[Any]]] = weakref.WeakKeyDictionary()


def operations(content: Any, reader: PdfReader) -> list[Any]:
    """A content stream's operators and their operands (as ``ContentStream.operations``), those of an
    indirect object (a form) read once for ``reader``."""
    ref = getattr(content, "indirect_reference", None)
    if ref is None:
        return list(ContentStream(content, reader).operations)
    forms = _FORM_OPS.setdefault(reader, {})
    key = (ref.idnum, ref.generation)
    if key not in forms:
        forms[key] = list(ContentStream(content, reader).operations)
    return forms[key]


def walk(reader: PdfReader, page_no: int) -> tuple[list[Text], list[Placed]]:
    page = reader.pages[page_no]
    texts: list[Text] = []
    placed: list[Placed] = []

    def run(
        content: object, resources: object, ctm: Matrix, fill: tuple[float, float, float], forms: tuple[str, ...]
    ) -> None:
        stack: list[tuple[Matrix, tuple[float, float, float]]] = []
        tm: Matrix = IDENTITY
        line: Matrix = IDENTITY
        size = 0.0
        leading = 0.0
        xobjects = resources.get("/XObject", {}) if resources is not None else {}  # type: ignore[attr-defined]
        for operands, op in operations(content, reader):
            if op == b"q":
                stack.append((ctm, fill))
            elif op == b"Q":
                ctm, fill = stack.pop()
            elif op == b"cm":
                ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif op == b"rg":
                fill = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op == b"g":
                fill = (float(operands[0]),) * 3
            elif op == b"BT":
                tm = line = IDENTITY
            elif op == b"Tf":
                size = float(operands[1])
            elif op == b"TL":
                leading = float(operands[0])
            elif op == b"Tm":
                tm = line = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op in (b"Td", b"TD"):
                line = mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), line)
                tm = line
                if op == b"TD":
                    leading = -float(operands[1])
            elif op in (b"T*", b"'", b'"'):
                line = mul((1, 0, 0, 1, 0, -leading), line)
                tm = line
            if op in (b"Tj", b"TJ", b"'", b'"'):
                full = mul(tm, ctm)
                scale = math.sqrt(abs(full[0] * full[3] - full[1] * full[2]))
                raw = operands[-1]
                pieces = raw if isinstance(raw, list) else [raw]
                if sum(len(p) for p in pieces if not isinstance(p, int | float)):
                    texts.append(Text(size * scale, fill, (full[4], full[5]), forms))
            elif op == b"Do":
                name = str(operands[0])
                obj = xobjects[name].get_object()
                placed.append(Placed(name, ctm, forms))
                if obj.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
                    run(obj, obj.get("/Resources", resources), mul(matrix, ctm), fill, (*forms, name))  # type: ignore[arg-type]

    run(page.get_contents(), page.get("/Resources"), IDENTITY, (0.0, 0.0, 0.0), ())
    return texts, placed


def luminance(rgb: tuple[float, float, float]) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)

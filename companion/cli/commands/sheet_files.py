"""What ``companion import`` reads a result sheet's QR codes from: photos and scans (PNG, JPEG) and
the sheet's PDF, each bounded in memory and time whoever made the file.

A picture is measured before it is decoded (a small PNG can claim gigapixels), and a JPEG is decoded
no larger than the reader needs. A PDF is rendered (pypdfium2) in a child process under its own
memory and time limits: a crafted PDF can make the renderer allocate without bound or abort, and
the child's failure is then one sentence here, not the end of companion."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from companion.base.documents import source_name
from companion.rules.common import Msg, refuse

PNG, JPEG, PDF = b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"%PDF-"
MAX_DECODED_BYTES = 40_000_000  # a picture decoded whole: a 300 dpi colour scan of A4 is 26 MB
READ_PIXELS = 16_000_000  # what the reader is given at most: A4 at 400 dpi
ENLARGED_PIXELS = 24_000_000  # the largest picture a reading attempt makes (24 MB in grey)
MAX_PDF_PAGES = 12  # a result sheet has a few pages; the longest game's has 3
MAX_PAGE_POINTS = 1700  # 60 cm: a result sheet is printed on A4 or Letter
PDF_DPI = 200  # a page rendered at this: 7.9 pixels to a 1 mm module
CHILD_MEMORY = 768 * 2**20  # the renderer's address space
CHILD_SECONDS = 60
KINDS = Msg(
    "companion import reads a game record (JSON), the text of its QR codes, or a photo, scan (PNG, JPEG) or "
    "PDF of its result sheet",
    "companion import が読めるのは、ゲーム記録（JSON）、その QR コードの文字列、結果用紙の写真・スキャン"
    "（PNG、JPEG）または PDF です",
)


def kind(raw: bytes) -> str | None:
    """ "picture" or "pdf" from a file's first bytes, else None."""
    if raw.startswith((PNG, JPEG)):
        return "picture"
    return "pdf" if raw.startswith(PDF) else None


def _too_large(path: str, en: str, ja: str) -> Exception:
    source = source_name(path)
    return refuse(f"cannot read {source.en}: {en}", f"{source.ja} を読めません：{ja}")


def codes_in(raw: bytes, path: str, found: str, thorough: bool, known: Sequence[str] = ()) -> list[str]:
    """The record codes in a picture or a PDF (``found``: :func:`kind`), every page's together; read
    until, with the parts ``known`` from elsewhere, every part of the record is read."""
    if found == "picture":
        return codes_in_image(raw, path, thorough, known)
    return [text for page in codes_in_pdf(raw, path, thorough, known) for text in page]


def codes_in_image(raw: bytes, path: str, thorough: bool = True, known: Sequence[str] = ()) -> list[str]:
    """The texts of the game-record QR codes in a photo or scan (other codes are left out; none may be
    found). A damaged picture, or one too large to decode in bounded memory, is refused."""
    return codes_in_picture(_picture(raw, path), thorough, known)


_BYTES_PER_PIXEL = {"1": 1, "L": 1, "P": 1, "LA": 2, "PA": 2, "RGB": 3, "YCbCr": 3, "RGBA": 4, "CMYK": 4}


def _picture(raw: bytes, path: str) -> Any:
    """The picture in grey, no larger than READ_PIXELS, decoded in at most MAX_DECODED_BYTES."""
    import warnings

    from PIL import Image, ImageOps

    damaged = _too_large(
        path,
        "the picture is damaged, cut short or too large",
        "画像が壊れているか、途中で切れているか、大きすぎます",
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # Pillow's: over 89 million pixels
            opened = Image.open(io.BytesIO(raw), formats=["PNG", "JPEG"])
            width, height = opened.size
            if opened.format == "JPEG":  # decoded in grey, scaled by 1/2, 1/4 or 1/8 as it is read
                scale = max(1.0, (width * height / READ_PIXELS) ** 0.5)
                opened.draft("L", (int(width / scale), int(height / scale)))
            elif width * height * _BYTES_PER_PIXEL.get(opened.mode, 4) > MAX_DECODED_BYTES:
                raise _too_large(
                    path,
                    f"the picture has {width} × {height} pixels, more than a result sheet needs; scan it "
                    "at 300 dpi or less",
                    f"画像が{width}×{height}ピクセルで、結果用紙には大きすぎます。300 dpi 以下でスキャンしてください",
                )
            image = ImageOps.exif_transpose(opened).convert("L")
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise damaged from None
    if image.width * image.height > READ_PIXELS:  # a large grey scan: the reader needs no more
        scale = (image.width * image.height / READ_PIXELS) ** 0.5
        image = image.resize((int(image.width / scale), int(image.height / scale)), Image.Resampling.BOX)
    return image


def codes_in_picture(image: Any, thorough: bool = True, known: Sequence[str] = ()) -> list[str]:
    """The game-record codes read in a grey picture, tried on a few versions of it until every part
    of the record is read: those it shows with the parts ``known`` from the other pages and pictures
    (a page of a long record never holds every part; once the others' and its own make the whole
    record, the slower versions are not tried). Not ``thorough``: only the picture as it is, at two
    thresholds."""
    import itertools

    import zxingcpp

    from companion.records.qr_record import complete, is_part

    found: list[str] = []
    for attempt, binarizer in itertools.islice(_attempts(image), None if thorough else 2):
        for code in zxingcpp.read_barcodes(
            attempt, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), binarizer=binarizer
        ):
            if is_part(code.text) and code.text not in found:
                found.append(code.text)
        if complete([*known, *found]):
            break
    return found


def _attempts(image: Any) -> Any:
    """The picture as it is, with another threshold, then enlarged and sharpened (a coarse scan: the
    reader wants three pixels or more a module), then halved (a large photo's noise), each only if
    the earlier ones missed a part."""
    import zxingcpp
    from PIL import Image, ImageFilter

    yield image, zxingcpp.Binarizer.LocalAverage
    yield image, zxingcpp.Binarizer.GlobalHistogram
    width, height = image.size
    for factor in (2, 3, 4):
        if width * height * factor * factor <= ENLARGED_PIXELS:  # a coarse picture; a sharp one was read already
            size = (width * factor, height * factor)
            larger = image.resize(size, Image.Resampling.BICUBIC)
            # sharpened by more and more: a blurred phone photo (1.3 px of blur at 100 dpi on the
            # paper) needs the strongest, which would spoil a sharp one. The blur of radius × factor
            # is made at the picture's own size and enlarged as the picture was: the same to a level
            # or two in 255, in a ninth to a sixteenth of the work (a blurred photo is read 3-4× sooner)
            for radius, percents in ((1.0, (120, 250)), (0.7, (300,))):  # one blur held at a time
                blurred = image.filter(ImageFilter.GaussianBlur(radius)).resize(size, Image.Resampling.BICUBIC)
                for percent in percents:
                    # the unsharp mask: the picture plus percent % of what it differs from its blur
                    # (a blend beyond 1 moves away from the blurred picture, clipped to 0 .. 255)
                    yield Image.blend(blurred, larger, 1 + percent / 100), zxingcpp.Binarizer.LocalAverage
    if min(width, height) > 1200:
        half = image.resize((width // 2, height // 2), Image.Resampling.BOX)
        yield half, zxingcpp.Binarizer.LocalAverage
        yield half.filter(ImageFilter.UnsharpMask(1, 150, 0)), zxingcpp.Binarizer.LocalAverage


# --------------------------------------------------------------------------- PDF


def codes_in_pdf(raw: bytes, path: str, thorough: bool = True, known: Sequence[str] = ()) -> list[list[str]]:
    """The game-record codes on each page of a PDF (a result sheet as printed, or a scan saved as
    PDF), rendered and read in a child process (told the parts ``known`` from elsewhere); a PDF that
    is damaged, has too many or too large pages, or that the renderer cannot finish within the child's
    limits is refused in one sentence."""
    run = f"from companion.cli.commands.sheet_files import pdf_worker; pdf_worker({thorough})"
    worker = [sys.executable, "-c", run]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    failed = _too_large(
        path,
        "the PDF is damaged, or too large or too complex to render as a result sheet",
        "PDF が壊れているか、結果用紙として描画するには大きすぎるか複雑すぎます",
    )
    try:
        given = json.dumps(list(known)).encode("utf-8") + b"\n" + raw  # a line of JSON, then the PDF
        done = subprocess.run(worker, input=given, capture_output=True, timeout=2 * CHILD_SECONDS, env=env)
    except subprocess.TimeoutExpired:
        raise failed from None
    try:
        answer = json.loads(done.stdout.decode("utf-8")) if done.returncode == 0 else {}
    except ValueError:
        answer = {}
    if "pages" in answer and isinstance(answer["pages"], list):
        return [[str(text) for text in page] for page in answer["pages"]]
    if answer.get("refused") == "pages":
        count = int(answer["count"])
        raise _too_large(
            path,
            f"the PDF has {count:,} pages; a result sheet has at most {MAX_PDF_PAGES}",
            f"PDF が{count:,}ページあります。結果用紙は{MAX_PDF_PAGES}ページまでです",
        )
    if answer.get("refused") == "size":
        page, width, height = (int(answer[key]) for key in ("page", "width", "height"))
        raise _too_large(
            path,
            f"page {page} of the PDF is {width} × {height} mm; a result sheet is printed on A4 or Letter",
            f"PDF の{page}ページ目が{width}×{height} mm です。結果用紙は A4 か Letter に印刷されます",
        )
    raise failed


def pdf_worker(thorough: bool = True) -> None:
    """The child: on standard input a line of JSON (the parts read elsewhere) and then the PDF; the
    codes of each page as JSON on standard output
    (``{"pages": [[text, …], …]}``), or what it refused (``{"refused": "pages", "count": n}``)."""
    import resource

    limit = CHILD_MEMORY
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        limit = min(limit, soft)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (CHILD_SECONDS, CHILD_SECONDS))
    import pypdfium2 as pdfium

    known = [str(text) for text in json.loads(sys.stdin.buffer.readline())]  # the parts read elsewhere
    document = pdfium.PdfDocument(sys.stdin.buffer.read())
    count = len(document)
    if count > MAX_PDF_PAGES:
        print(json.dumps({"refused": "pages", "count": count}))
        return
    pages: list[list[str]] = []
    for number in range(count):
        page = document[number]
        width, height = page.get_size()
        if max(width, height) > MAX_PAGE_POINTS or min(width, height) <= 0:
            size = {"width": round(width / 72 * 25.4), "height": round(height / 72 * 25.4)}
            print(json.dumps({"refused": "size", "page": number + 1, **size}))
            return
        image = page.render(scale=PDF_DPI / 72, grayscale=True).to_pil().convert("L")
        pages.append(codes_in_picture(image, thorough, [*known, *(text for page in pages for text in page)]))
        page.close()
    print(json.dumps({"pages": pages}))

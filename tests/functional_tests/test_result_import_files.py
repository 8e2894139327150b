"""Issue 30 item 8: a result comes back from what people have. Photos of every page of a sheet,
some of them without a code; the sheet's PDF itself (from a file or standard input); a file that is
none of the kinds read says which are. Hostile files (a PDF whose content inflates to half a gigabyte, a
million pages, a page 5 m wide, a PNG that decodes to 75 MB, one claiming 400 million pixels) are
refused in one sentence, in a process held to 200 MB of memory."""

from __future__ import annotations

import io
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image

from companion.store import Store
from tests.functional_tests.test_strangers import one_line_refusal
from tests.helpers.inprocess import assert_refused, call
from tests.helpers.limited import companion

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The example Dragoness game's result sheet (three pages, ten codes) and a photo of each page."""
    folder = tmp_path_factory.mktemp("sheet")
    db = folder / "games.sqlite3"
    with Store.open(db) as store:
        game_id = store.import_record(json.loads((EXAMPLES / "dragoness.json").read_text("utf-8")))
        record = store.export_record(game_id)
    pdf = folder / "result.pdf"
    assert call("print", "result", str(game_id), "--db", str(db), "-o", str(pdf)).code == 0
    photos = []
    for n, page in enumerate(pdfium.PdfDocument(str(pdf))):
        photos.append(folder / f"p{n}.jpg")
        page.render(scale=150 / 72).to_pil().save(photos[-1], quality=80)
    return {"pdf": pdf, "photos": photos, "record": record}


def imported(tmp_path: Path, *files: str, stdin: bytes = b"") -> Any:
    db = tmp_path / "fresh.sqlite3"
    done = call("import", *files, "--db", str(db), stdin=stdin)
    assert (done.code, done.stdout, done.stderr) == (0, b"1\n", ""), done
    with Store.open(db, readonly=True) as store:
        return store.export_record(1)


def test_photos_of_every_page_import_even_where_a_page_holds_no_code(tmp_path: Path, sheet: dict[str, Any]) -> None:
    """A photo of the scores alone (no code on it) among the photos of the pages is passed over."""
    scores = tmp_path / "scores.png"
    page = Image.open(sheet["photos"][0])
    page.crop((0, 0, page.width, page.height // 2)).save(scores)  # the table and the arithmetic, no code
    files = [str(scores), *map(str, sheet["photos"])]
    assert imported(tmp_path, *files) == sheet["record"]


def test_a_page_without_codes_is_passed_over_when_the_others_hold_them(tmp_path: Path) -> None:
    """A two-page sheet whose first page holds only the scores (the codes all on the second): both
    pages given, as the user photographed them."""
    from companion.settle import settle
    from printables.result import print_result, record_codes

    record = json.loads((EXAMPLES / "homalet.json").read_text("utf-8"))
    answer: dict[str, Any] = settle(json.loads((EXAMPLES.parent / "fortress.json").read_text("utf-8")), True, "en")
    answer["players"][0]["explanation"] = "a long note. " * 400  # fills the first page
    path = tmp_path / "r.pdf"
    assert print_result(path, answer, record_codes(record), "en") >= 2
    photos = []
    for n, page in enumerate(pdfium.PdfDocument(str(path))):
        photos.append(tmp_path / f"p{n}.png")
        page.render(scale=150 / 72).to_pil().save(photos[-1])
    alone = call("import", str(photos[0]), "--db", str(tmp_path / "x.sqlite3"))
    assert alone.stderr.startswith("no QR code of a game record could be read in")  # no code on the first page
    assert imported(tmp_path, *map(str, photos))["game"] == "homalet"


def test_the_sheet_pdf_imports_from_a_file_and_from_standard_input(tmp_path: Path, sheet: dict[str, Any]) -> None:
    assert imported(tmp_path, str(sheet["pdf"])) == sheet["record"]
    assert imported(tmp_path / "piped", "-", stdin=sheet["pdf"].read_bytes()) == sheet["record"]


def test_a_pdf_without_codes_and_photos_without_codes_are_refused(tmp_path: Path) -> None:
    blank = tmp_path / "blank.pdf"
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(blank))
    c.drawString(100, 700, "a letter, not a result sheet")
    c.showPage()
    c.save()
    white = tmp_path / "white.png"
    Image.new("L", (600, 800), 255).save(white)
    done = call("import", str(blank), str(white), "--db", str(tmp_path / "g.sqlite3"))
    assert_refused(done)
    assert done.stderr == (
        f"no QR code of a game record could be read in {blank}, {white}: photograph or scan the whole "
        "result sheet, flat, sharp and well lit\n"
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_file_of_another_kind_says_which_kinds_are_read(tmp_path: Path, lang: str) -> None:
    odd = tmp_path / "result.zip"
    odd.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 4)
    done = call("--lang", lang, "import", str(odd), "--db", str(tmp_path / "g.sqlite3"))
    assert_refused(done)
    assert (
        done.stderr
        == {
            "en": f"cannot read {odd}: companion import reads a game record (JSON), the text of its QR codes, or a "
            "photo, scan (PNG, JPEG) or PDF of its result sheet\n",
            "ja": f"{odd} を読めません：companion import が読めるのは、ゲーム記録（JSON）、その QR コードの文字列、"
            "結果用紙の写真・スキャン（PNG、JPEG）または PDF です\n",
        }[lang]
    )
    assert "UTF-8" not in done.stderr


# --------------------------------------------------------------------------- hostile files


def _pdf(objects: list[bytes]) -> bytes:
    """A PDF of these objects (1 the catalogue), with a correct cross-reference table."""
    out = [b"%PDF-1.7\n"]
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(sum(map(len, out)))
        out.append(b"%d 0 obj\n%s\nendobj\n" % (n, body))
    xref = sum(map(len, out))
    out.append(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out += [b"%010d 00000 n \n" % offset for offset in offsets]
    out.append(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return b"".join(out)


def _deflated(byte: bytes, size: int) -> bytes:
    squeeze = zlib.compressobj(9)
    block = byte * 2**24
    return b"".join(squeeze.compress(block) for _ in range(size // len(block))) + squeeze.flush()


def _page(contents: bytes, box: bytes = b"0 0 595 842") -> list[bytes]:
    data = _deflated(b" ", 2**29) if contents == b"bomb" else contents
    return [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [" + box + b"] /Contents 4 0 R >>",
        b"<< /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream" % (len(data), data),
    ]


def _png(width: int, height: int, mode: str) -> bytes:
    out = io.BytesIO()
    Image.new(mode, (width, height), "white").save(out, "PNG")
    return out.getvalue()


def _png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` pixels (its data cut short)."""
    import struct

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + header
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk))


HOSTILE: dict[str, tuple[str, Callable[[], bytes], str]] = {
    "content inflating to 512 MB": ("bomb.pdf", lambda: _pdf(_page(b"bomb")), "the PDF is damaged, or too large"),
    "a million pages": (
        "pages.pdf",
        lambda: _pdf(
            [
                b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [" + b" ".join([b"3 0 R"] * 1_000_000) + b"] /Count 1000000 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
            ]
        ),
        "the PDF has 1,000,000 pages; a result sheet has at most 12",
    ),
    "a page 5 m wide": (
        "wide.pdf",
        lambda: _pdf(_page(b"", b"0 0 14400 14400")),
        "page 1 of the PDF is 5080 × 5080 mm; a result sheet is printed on A4 or Letter",
    ),
    "a PNG decoding to 75 MB": ("colour.png", lambda: _png(5000, 5000, "RGB"), "the picture has 5000 × 5000 pixels"),
    "a PNG claiming 400 million pixels": (
        "claims.png",
        lambda: _png_claiming(20000, 20000),
        "the picture is damaged, cut short or too large",
    ),
    "a damaged PDF": ("cut.pdf", lambda: b"%PDF-1.7\n1 0 obj\n<< /Type", "the PDF is damaged"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_file_is_refused_in_one_sentence_under_200_mb(tmp_path: Path, case: str) -> None:
    name, make, said = HOSTILE[case]
    path = tmp_path / name
    path.write_bytes(make())
    err = one_line_refusal(companion("import", str(path), "--db", str(tmp_path / "g.sqlite3"), timeout=150))
    assert err.startswith(f"cannot read {path}: {said}"), err
    with Store.open(tmp_path / "g.sqlite3", readonly=True) as store:
        assert store.games() == []  # nothing was stored


def test_a_scan_larger_than_needed_in_grey_is_read_smaller(tmp_path: Path, sheet: dict[str, Any]) -> None:
    """A 600 dpi grey scan of a page (35 million pixels) is read: the reader gets it at 16 million."""
    page = pdfium.PdfDocument(str(sheet["pdf"]))[1].render(scale=600 / 72, grayscale=True).to_pil().convert("L")
    assert page.width * page.height > 30_000_000
    scan = tmp_path / "scan.png"
    page.save(scan)
    first = tmp_path / "first.png"
    pdfium.PdfDocument(str(sheet["pdf"]))[0].render(scale=150 / 72).to_pil().save(first)
    last = tmp_path / "last.png"
    pdfium.PdfDocument(str(sheet["pdf"]))[2].render(scale=150 / 72).to_pil().save(last)
    done = companion("import", str(first), str(scan), str(last), "--db", str(tmp_path / "g.sqlite3"), timeout=150)
    assert (done.returncode, done.stdout, done.stderr) == (0, "1\n", "")


def test_a_picture_is_read_no_longer_than_the_record_needs(
    sheet: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The slower versions of a picture (enlarged, sharpened) are tried only while a part of the record is
    missing, counting the parts read in the other pictures: a page of a long record never holds every
    part, so without them each page went through every version."""
    import zxingcpp

    from companion.cli.commands import sheet_files
    from companion.records.qr_record import complete

    tries: list[int] = []
    read = zxingcpp.read_barcodes

    def counted(*args: Any, **kwargs: Any) -> Any:
        tries.append(1)
        return read(*args, **kwargs)

    monkeypatch.setattr(zxingcpp, "read_barcodes", counted)
    pages = [sheet_files.codes_in_image(path.read_bytes(), str(path), thorough=False) for path in sheet["photos"]]
    everything = [text for page in pages for text in page]
    assert complete(everything) and all(pages)  # every part, read quickly, on each of the pages
    tries.clear()
    assert sheet_files.codes_in_image(sheet["photos"][0].read_bytes(), "p0.jpg", thorough=True) == pages[0]
    assert len(tries) > 3  # alone, the first page is not the whole record: every version of it is tried
    tries.clear()
    for path, page in zip(sheet["photos"], pages, strict=True):
        others = [text for text in everything if text not in page]
        assert sheet_files.codes_in_image(path.read_bytes(), str(path), True, others) == page
    assert len(tries) == len(pages)  # with the others' parts, each page's first reading makes the whole


@pytest.mark.parametrize("factor", [2, 3, 4])
def test_the_enlarged_attempts_are_the_unsharp_masks_they_stand_for(factor: int) -> None:
    """The reader's enlarged and sharpened versions of a coarse photo blur it at its own size and
    enlarge the blur (a ninth to a sixteenth of the work): each is Pillow's unsharp mask of the
    enlarged picture (radius × the factor, the same percent, threshold 0) to within a level or two in
    255, a small part of what the sharpening changes."""
    from PIL import ImageChops, ImageFilter, ImageStat

    from companion.cli.commands.sheet_files import ENLARGED_PIXELS, _attempts

    # dark and light modules of 4 px, blurred 1.3 px: a code in a phone photo at 100 dpi
    modules = Image.effect_noise((150, 200), 120).convert("L").point(lambda v: 30 if v < 128 else 220)
    photo = modules.resize((600, 800), Image.Resampling.NEAREST).filter(ImageFilter.GaussianBlur(1.3))
    assert ENLARGED_PIXELS >= 600 * 800 * 16  # all three factors are tried
    attempts = [picture for picture, _ in _attempts(photo)]
    assert len(attempts) == 2 + 3 * 3  # as it is, another threshold, three sharpenings at ×2, ×3, ×4
    larger = photo.resize((600 * factor, 800 * factor), Image.Resampling.BICUBIC)
    first = 2 + 3 * (factor - 2)
    for picture, (radius, percent) in zip(
        attempts[first : first + 3], [(1.0, 120), (1.0, 250), (0.7, 300)], strict=True
    ):
        expected = larger.filter(ImageFilter.UnsharpMask(radius * factor, percent, 0))
        assert picture.size == expected.size
        off = ImageStat.Stat(ImageChops.difference(picture, expected)).mean[0]
        sharpening = ImageStat.Stat(ImageChops.difference(expected, larger)).mean[0]
        assert off < 2.5 and off < 0.2 * sharpening, (radius, percent, off, sharpening)

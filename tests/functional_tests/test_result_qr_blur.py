"""Issue 30 item 5: a result sheet's codes (and the rule summary's publisher code) survive a real
photo. Every page is rendered as a plain decoder would get it (pdfium), at 150 dpi blurred by a
Gaussian of half a module (the module measured on the PDF) and at 100 dpi sharp, and read by a
plain zxing-cpp: every code must read, for a sheet of each game and the longest game there is (a
simulated Dragoness game of 8 players and five rounds). The codes are at error correction level H,
each module at least 1 mm; a sheet printed before (level M, 0.8 mm, 900-character parts) still
imports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import zxingcpp
from PIL import Image, ImageFilter
from pypdf import PdfReader

from companion.records import game_records, qr_record
from companion.store import Store
from printables.result import record_codes
from tests.functional_tests.pdf_walk import walk
from tests.helpers.inprocess import call
from tests.helpers.store_games import played

MM = 72 / 25.4
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
SHEETS = ["fortress", "homalet", "dragoness", "long dragoness"]


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The three example games and a simulated 8-player Dragoness game (five rounds, 993 actions: the
    largest record), stored and printed by ``companion print result``; the record each sheet carries."""
    folder = tmp_path_factory.mktemp("blur")
    db = folder / "games.sqlite3"
    ids = {}
    with Store.open(db) as store:
        for game in ("fortress", "homalet", "dragoness"):
            ids[game] = store.import_record(json.loads((EXAMPLES / "records" / f"{game}.json").read_text("utf-8")))
        setup, actions = played("dragoness", 8, seed=8)
        ids["long dragoness"] = store.new_game("dragoness", setup.players, None, setup.deck.to_data())
        live = store.load(ids["long dragoness"])
        for action in actions:
            live.play(action)
        records = {name: store.export_record(game_id) for name, game_id in ids.items()}
    paths = {}
    for name, game_id in ids.items():
        paths[name] = folder / f"{name}.pdf"
        done = call("print", "result", str(game_id), "--db", str(db), "-o", str(paths[name]))
        assert done.code == 0, done
    return {"paths": paths, "records": records}


def modules(path: Path) -> list[float]:
    """The module of every record code placed in the PDF, in millimetres (the form is one unit a module)."""
    reader = PdfReader(path)
    return [
        placed.matrix[0] / MM
        for page in range(len(reader.pages))
        for placed in walk(reader, page)[1]
        if "record-" in placed.name
    ]


def read(image: Image.Image) -> list[zxingcpp.Barcode]:
    return list(zxingcpp.read_barcodes(image.convert("L"), formats=QR))  # a plain decoder: its defaults


def soft_photo(page: pdfium.PdfPage, module: float) -> Image.Image:
    """``page`` at 150 dpi blurred by half a module (in mm; Pillow's radius is the Gaussian's standard
    deviation). Made grey first, as the decoder reads it: within two levels in 255 of a blur in
    colour, for a third of the work."""
    image: Image.Image = page.render(scale=150 / 72).to_pil()
    return image.convert("L").filter(ImageFilter.GaussianBlur(0.5 * module / 25.4 * 150))


def photographed(path: Path, module: float) -> tuple[set[str], set[str]]:
    """The codes read on every page at 150 dpi blurred by half a module, and at 100 dpi sharp."""
    blurred: set[str] = set()
    sharp: set[str] = set()
    for page in pdfium.PdfDocument(str(path)):
        blurred |= {code.text for code in read(soft_photo(page, module))}
        sharp |= {code.text for code in read(page.render(scale=100 / 72).to_pil())}
    return blurred, sharp


@pytest.mark.slow
@pytest.mark.parametrize("name", SHEETS)
def test_every_code_reads_through_half_a_module_of_blur_and_at_100_dpi(sheets: dict[str, Any], name: str) -> None:
    path = sheets["paths"][name]
    codes = record_codes(sheets["records"][name])
    placed = modules(path)
    assert len(placed) == len(codes) and min(placed) >= 1.0 - 1e-6, placed  # every module 1 mm or more
    blurred, sharp = photographed(path, min(placed))
    assert sorted(blurred) == sorted(codes), f"{len(blurred)} of {len(codes)} read through the blur"
    assert sorted(sharp) == sorted(codes), f"{len(sharp)} of {len(codes)} read at 100 dpi"
    assert qr_record.decode_parts(sorted(blurred)) == sheets["records"][name]  # the record, whole


def test_the_codes_are_at_level_h_in_the_alphanumeric_mode(sheets: dict[str, Any]) -> None:
    path = sheets["paths"]["long dragoness"]
    found = [code for page in pdfium.PdfDocument(str(path)) for code in read(page.render(scale=300 / 72).to_pil())]
    assert len(found) == len(record_codes(sheets["records"]["long dragoness"])) >= 10
    assert {code.ec_level for code in found} == {"H"}
    assert all(len(code.text) <= 408 for code in found)  # a version-17 code at most: two to a row


def test_the_summary_publisher_code_reads_through_the_blur(tmp_path: Path) -> None:
    for lang in ("en", "ja"):
        path = tmp_path / f"summary-{lang}.pdf"
        assert call("print", "summary", "fortress", "--lang", lang, "-o", str(path)).code == 0
        reader = PdfReader(path)
        sizes = [
            (page, placed.matrix[0] / MM)
            for page in range(len(reader.pages))
            for placed in walk(reader, page)[1]
            if "qr-" in placed.name
        ]
        assert len(sizes) == 1 and sizes[0][1] >= 1.0 - 1e-6, sizes
        page_no, module = sizes[0]
        page = pdfium.PdfDocument(str(path))[page_no]
        blurred = read(soft_photo(page, module))
        sharp = read(page.render(scale=100 / 72).to_pil())
        url = "https://yuruart.strikingly.com"
        assert [code.text for code in blurred] == [url] and [code.text for code in sharp] == [url]
        assert read(page.render(scale=300 / 72).to_pil())[0].ec_level == "H"


def test_a_sheet_printed_before_still_imports(tmp_path: Path) -> None:
    """A sheet of the earlier format (level M, 0.8 mm modules, parts of up to 900 characters) read
    from a photo of its page: the codes' text format is the same, so the record comes back."""
    import qrcode
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    record = json.loads((EXAMPLES / "records" / "homalet.json").read_text("utf-8"))
    record = {**record, "version": game_records.VERSION}
    parts = qr_record.encode_parts(record)  # 900 characters a part, as sheets were printed
    assert len(parts) == 3
    path = tmp_path / "old.pdf"
    c = Canvas(str(path), pagesize=A4)
    for n, part in enumerate(parts):
        code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
        code.add_data(part)
        code.make(fit=True)
        matrix = code.get_matrix()
        for r, row in enumerate(matrix):
            for x, dark in enumerate(row):
                if dark:
                    c.rect(15 * MM + 95 * MM * (n % 2) + x * 0.8 * MM, 280 * MM - 100 * MM * (n // 2) - r * 0.8 * MM,
                           0.8 * MM, 0.8 * MM, stroke=0, fill=1)  # fmt: skip
    c.showPage()
    c.save()
    photo = tmp_path / "old.png"
    pdfium.PdfDocument(str(path))[0].render(scale=200 / 72).to_pil().save(photo)
    done = call("import", str(photo), "--db", str(tmp_path / "games.sqlite3"))
    assert (done.code, done.stdout, done.stderr) == (0, b"1\n", "")
    with Store.open(tmp_path / "games.sqlite3", readonly=True) as store:
        assert store.export_record(1) == record

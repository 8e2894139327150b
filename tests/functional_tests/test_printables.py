"""The printables as a person receives them: PDF pages, positions, fonts, QR codes, PNGs."""

import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printables.faces import deck_art
from printables.summary_text import PUBLISHER
from tests.helpers.cli import cli_here as cli  # in this process: what is tested is what it prints
from tests.helpers.pdf import ops_with_ctm, resources

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)
POKER = (63 * MM, 88 * MM)


def placements(reader: PdfReader, page_no: int) -> list[tuple[str, float, float]]:
    """Every form drawn on a page, with the translation it was drawn at."""
    return [
        (str(operands[0]), round(x, 2), round(y, 2))
        for op, operands, (x, y) in ops_with_ctm(reader, page_no)
        if op == b"Do"
    ]


def fronts(reader: PdfReader, page_no: int) -> list[tuple[float, float]]:
    return sorted((x, y) for name, x, y in placements(reader, page_no) if "frame-" in name)


def backs(reader: PdfReader, page_no: int) -> list[tuple[float, float]]:
    return sorted((x, y) for name, x, y in placements(reader, page_no) if "back-" in name)


@pytest.fixture(scope="module")
def fortress_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("deck") / "fortress.pdf"
    out = cli("print", "deck", "fortress", "-o", str(path))
    assert out.returncode == 0, out.stderr
    assert "78 Six-Suit Fortress cards on 18 pages" in out.stdout
    return path


def test_deck_pages_are_a4_with_trim_and_bleed_boxes(fortress_deck: Path) -> None:
    reader = PdfReader(fortress_deck)
    assert len(reader.pages) == 18  # 9 cards a sheet: 9 fronts + 9 backs
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - A4[0]) < 0.1 and abs(float(page.mediabox.height) - A4[1]) < 0.1
        trim = [float(v) for v in page.trimbox]
        assert abs((trim[2] - trim[0]) - 3 * POKER[0]) < 0.1 and abs((trim[3] - trim[1]) - 3 * POKER[1]) < 0.1
        assert abs((trim[0] + trim[2]) / 2 - A4[0] / 2) < 0.1  # the grid is centred


def test_card_positions_and_sizes(fortress_deck: Path) -> None:
    reader = PdfReader(fortress_deck)
    spots = fronts(reader, 0)
    xs = sorted({x for x, _ in spots})
    ys = sorted({y for _, y in spots})
    assert len(spots) == 9 and len(xs) == 3 and len(ys) == 3
    assert all(abs((b - a) - POKER[0]) < 0.05 for a, b in itertools.pairwise(xs))
    assert all(abs((b - a) - POKER[1]) < 0.05 for a, b in itertools.pairwise(ys))
    form = resources(reader, 0)["/XObject"]["/FormXob.frame-R"].get_object()
    x1, y1, x2, y2 = (float(v) for v in form["/BBox"])
    assert abs((x2 - x1) - POKER[0]) < 0.05 and abs((y2 - y1) - POKER[1]) < 0.05


def test_every_card_is_printed_with_its_text(fortress_deck: Path) -> None:
    reader = PdfReader(fortress_deck)
    pages = [reader.pages[i].extract_text() for i in range(0, len(reader.pages), 2)]
    art = deck_art("fortress")
    for sheet, text in enumerate(pages):
        for card in art.cards[sheet * 9 : (sheet + 1) * 9]:
            for piece in art.text(card):
                assert piece in text, (card, piece)
    assert "Print at 100 %" in reader.pages[1].extract_text()


def _fonts(obj: Any, seen: set[int]) -> list[Any]:
    """Every font dictionary reachable from a resources dictionary, forms included."""
    out: list[Any] = []
    found = obj.get("/Resources") if hasattr(obj, "get") else None
    if found is None:
        return out
    found = found.get_object()
    for font in (found.get("/Font") or {}).values():
        out.append(font.get_object())
    for xobj in (found.get("/XObject") or {}).values():
        indirect = getattr(xobj, "indirect_reference", None)
        ref = indirect.idnum if indirect else id(xobj)
        if ref not in seen:
            seen.add(ref)
            out += _fonts(xobj.get_object(), seen)
    return out


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "dragoness"),
        ("summary", "homalet", "--lang", "ja"),
        ("sheet", "fortress", "--players", "4", "--lang", "en"),
    ],
)
def test_every_font_is_embedded_no_helvetica(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "out.pdf"
    assert cli("print", *args, "-o", str(path)).returncode == 0
    reader = PdfReader(path)
    fonts = [f for page in reader.pages for f in _fonts(page, set())]
    assert fonts
    for font in fonts:
        assert "Helvetica" not in str(font["/BaseFont"])
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor  # an embedded TrueType (glyf) program
        assert "+" in str(font["/BaseFont"])  # a subset


def behind_on_paper(
    x: float, y: float, w: float, h: float, width: float, height: float, duplex: str
) -> tuple[float, float]:
    """Where the back of the card at (x, y) must be drawn, worked out on the paper: a landscape
    page goes onto portrait paper turned a quarter (as printers do), the paper turns over about its
    long or short edge, and the point is mapped back onto the back page."""
    landscape = width > height
    paper_w, paper_h = min(width, height), max(width, height)

    def to_paper(px: float, py: float) -> tuple[float, float]:
        return (height - py, px) if landscape else (px, py)

    def from_paper(u: float, v: float) -> tuple[float, float]:
        return (v, height - u) if landscape else (u, v)

    corners = []
    for px, py in ((x, y), (x + w, y + h)):
        u, v = to_paper(px, py)
        u, v = (paper_w - u, v) if duplex == "long" else (u, paper_h - v)
        corners.append(from_paper(u, v))
    return round(min(c[0] for c in corners), 2), round(min(c[1] for c in corners), 2)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper,size,bleed", [("a4", "poker", "0"), ("letter", "bridge", "3"), ("a4", "mini", "1")])
def test_backs_land_behind_their_fronts(tmp_path: Path, duplex: str, paper: str, size: str, bleed: str) -> None:
    path = tmp_path / "deck.pdf"
    out = cli(
        "print",
        "deck",
        "homalet",
        "--players",
        "3",
        "--paper",
        paper,
        "--size",
        size,
        "--bleed",
        bleed,
        "--duplex",
        duplex,
        "-o",
        str(path),
    )
    assert out.returncode == 0, out.stderr
    reader = PdfReader(path)
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    form = resources(reader, 0)["/XObject"]
    frame = next(v.get_object() for k, v in form.items() if "frame-" in k)
    x1, y1, x2, y2 = (float(v) for v in frame["/BBox"])
    b = float(bleed) * MM
    card_w, card_h = x2 - x1 - 2 * b, y2 - y1 - 2 * b
    total = 0
    for page in range(0, len(reader.pages), 2):
        front = fronts(reader, page)
        total += len(front)
        expected = sorted(behind_on_paper(x, y, card_w, card_h, width, height, duplex) for x, y in front)
        got = backs(reader, page + 1)
        assert len(got) == len(front)
        assert all(abs(g[0] - e[0]) < 0.02 and abs(g[1] - e[1]) < 0.02 for g, e in zip(got, expected, strict=True))
    assert total == 30  # HOMALET for 3 players: 00-29, the last sheet partly filled


def test_duplex_none_prints_fronts_only(tmp_path: Path) -> None:
    path = tmp_path / "deck.pdf"
    assert cli("print", "deck", "fortress", "--duplex", "none", "-o", str(path)).returncode == 0
    reader = PdfReader(path)
    assert len(reader.pages) == 9 and not any(backs(reader, i) for i in range(9))


def test_bleed_keeps_cards_apart_and_sets_the_bleed_box(tmp_path: Path) -> None:
    path = tmp_path / "deck.pdf"
    assert cli("print", "deck", "fortress", "--bleed", "3", "-o", str(path)).returncode == 0
    page = PdfReader(path).pages[0]
    trim, bleed = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
    assert abs((trim[0] - bleed[0]) - 3 * MM) < 0.05 and abs((bleed[3] - trim[3]) - 3 * MM) < 0.05


def test_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path in (a, b):
        assert cli("print", "deck", "dragoness", "--players", "5", "-o", str(path)).returncode == 0
    assert a.read_bytes() == b.read_bytes()


def test_the_78_card_duplex_deck_is_under_100_kb(fortress_deck: Path) -> None:
    assert fortress_deck.stat().st_size < 100_000


def test_summary_qr_code_decodes_to_the_publisher_page(tmp_path: Path) -> None:
    path = tmp_path / "summary.pdf"
    assert cli("print", "summary", "fortress", "--lang", "ja", "-o", str(path)).returncode == 0
    document = pdfium.PdfDocument(str(path))
    found = []
    for page in document:
        image = page.render(scale=200 / 72).to_pil()
        found += [r.text for r in zxingcpp.read_barcodes(image)]
    assert found == [PUBLISHER["fortress"]]


@pytest.mark.parametrize("lang,ids", [("en", ["[F-7]", "[F-13]", "[F-14]"]), ("ja", ["［F-7］", "［F-13］"])])
def test_summary_shows_the_assumptions(tmp_path: Path, lang: str, ids: list[str]) -> None:
    path = tmp_path / "summary.pdf"
    assert cli("print", "summary", "fortress", "--lang", lang, "-o", str(path)).returncode == 0
    text = "".join(p.extract_text() for p in PdfReader(path).pages).replace("\n", "")
    for rule in ids:
        assert rule in text


def test_sheet_prints_one_row_per_player_and_the_tie_rules(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    assert cli("print", "sheet", "dragoness", "--players", "6", "--lang", "en", "-o", str(path)).returncode == 0
    page = PdfReader(path).pages[0]
    text = page.extract_text().replace("\n", " ")
    assert "A tie for second: 2 each and no 1" in text and "R5 points" in text
    horizontal = [op for op in ContentStream(page.get_contents(), None).operations if op[1] == b"l"]
    assert len(horizontal) >= 6


def test_png_one_per_card_at_300_dpi_with_bleed(tmp_path: Path) -> None:
    out = cli("print", "png", "homalet", "--players", "3", "-o", str(tmp_path / "png"))
    assert out.returncode == 0, out.stderr
    files = sorted((tmp_path / "png").glob("*.png"))
    assert len(files) == 31 and (tmp_path / "png" / "homalet-back.png") in files  # 30 cards and the back
    assert {Image.open(f).size for f in files} == {(819, 1114)}  # 63 × 88 mm and 1/8 in bleed at 300 dpi
    assert out.stderr == ""  # no progress bar when standard error is not a terminal (test_faults draws one)
    assert out.stdout == f"wrote 31 PNG files to {tmp_path / 'png'}\n"


def test_kit_prints_everything_in_both_languages(tmp_path: Path) -> None:
    out = cli("print", "kit", "-o", str(tmp_path / "kit"))
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in (tmp_path / "kit").iterdir())
    assert len(names) == 15
    assert "homalet-summary-ja.pdf" in names and "dragoness-sheet-8p-en.pdf" in names
    assert not [n for n in names if n.endswith(".part")]


@pytest.mark.parametrize(
    "args,needle",
    [
        (("deck", "chess"), "invalid choice: 'chess'"),
        (("deck", "fortress", "--paper", "a3"), "invalid choice: 'a3'"),
        (("deck", "fortress", "--size", "tarot"), "invalid choice: 'tarot'"),
        (("deck", "homalet", "--players", "8"), "HOMALET takes 3 to 7 players, not 8"),
        (("sheet", "fortress", "--players", "6"), "Six-Suit Fortress takes 3 to 5 players, not 6"),
        (("deck", "fortress", "--bleed", "9"), "bleed 9 mm is out of range"),
    ],
)
def test_bad_print_options_are_one_line_and_write_nothing(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    out = cli("print", *args, "-o", str(tmp_path / "x.pdf"))
    assert out.returncode == 2 and needle in out.stderr and out.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_unwritable_path_is_one_line(tmp_path: Path) -> None:
    out = cli("print", "deck", "fortress", "-o", str(tmp_path / "missing" / "x.pdf"))
    assert out.returncode == 2 and "does not exist" in out.stderr and out.stderr.count("\n") == 1


def test_unwritable_folder_is_refused_before_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from companion.base.files import WriteRefused, atomic_target

    monkeypatch.setattr(os, "access", lambda *_: False)  # as for a read-only folder (root writes anywhere)
    with pytest.raises(WriteRefused, match="is not writable"), atomic_target(tmp_path / "x.pdf"):
        pass
    assert list(tmp_path.iterdir()) == []


def test_a_failed_print_leaves_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printables import deck as deck_module
    from printables.layout import make_grid

    def broken(*args: object, **kwargs: object) -> int:
        Path(str(args[0])).write_bytes(b"%PDF-partial")
        raise RuntimeError("the printer caught fire")

    monkeypatch.setattr(deck_module, "draw_deck", broken)
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        deck_module.print_deck(target, deck_art("fortress"), make_grid("a4", "poker"), "long")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def test_settle_still_reads_json_beside_print(tmp_path: Path) -> None:
    doc = {"game": "homalet", "players": [{"name": "A", "pile": ["1"]}]}
    out = subprocess.run(
        [sys.executable, "-m", "companion", "settle", "-"], input=json.dumps(doc), capture_output=True, text=True
    )
    assert json.loads(out.stdout)["players"][0]["score"] == 1


def test_print_errors_speak_japanese_too(tmp_path: Path) -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "--lang",
            "ja",
            "print",
            "deck",
            "homalet",
            "--players",
            "9",
            "-o",
            str(tmp_path / "x.pdf"),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2 and out.stderr == "HOMALETは3〜7人用です（9人は不可）\n"

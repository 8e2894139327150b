"""Print round three (issue 19), each item measured on the output: positions and sizes read from the
PDFs (pypdf content walk, pdfium glyph boxes), contrast from the drawn colours, PNG sizes in pixels,
and record codes decoded from degraded photos made here."""

from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageFilter
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.rules.common import Lang
from companion.settle import settle
from printables.result import print_result
from printables.summary_text import sections
from tests.functional_tests.pdf_walk import apply, contrast, walk
from tests.helpers.cli import cli_here

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "docs" / "printing.md").read_text(encoding="utf-8")  # the printing reference (was in README.md)
WHITE = (1.0, 1.0, 1.0)


def cli(*args: str) -> None:
    out = cli_here(*args)  # in this process: what is tested is what it prints
    assert out.returncode == 0, out.stderr


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kit")
    cli("print", "kit", "-o", str(folder / "kit"))
    for game in ("fortress", "homalet", "dragoness"):
        for size in ("mini", "bridge"):
            cli("print", "deck", game, "--size", size, "-o", str(folder / "kit" / f"{game}-{size}.pdf"))
    cli("print", "calibrate", "-o", str(folder / "kit" / "calibrate.pdf"))
    return folder / "kit"


def glyphs(path: Path, page_no: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    page = pdfium.PdfDocument(str(path))[page_no]
    text = page.get_textpage()
    return [
        (text.get_text_range(i, 1), text.get_charbox(i))
        for i in range(text.count_chars())
        if text.get_text_range(i, 1).strip()
    ]


def xobject(reader: PdfReader, page_no: int, name: str) -> Any:
    """A form placed on a page, by its resource name."""
    resources: Any = reader.pages[page_no]["/Resources"]
    return resources["/XObject"][name].get_object()


def mark_lines(reader: PdfReader, page_no: int) -> list[tuple[float, float, float, float]]:
    """The cut marks on a page (the lines of its marks-* form), in page points."""
    _, placed = walk(reader, page_no)
    out = []
    for p in placed:
        if "marks-" not in p.name:
            continue
        form = xobject(reader, page_no, p.name)
        start = (0.0, 0.0)
        for operands, op in ContentStream(form, reader).operations:
            if op == b"m":
                start = apply(p.matrix, float(operands[0]), float(operands[1]))
            elif op == b"l":
                end = apply(p.matrix, float(operands[0]), float(operands[1]))
                out.append((*start, *end))
    return out


# --------------------------------------------------------------------------- 1. gems clear of the index


@pytest.mark.parametrize("size", ["poker", "bridge", "mini"])
def test_1_gem_rows_stand_clear_of_the_corner_index(kit: Path, size: str) -> None:
    path = kit / "dragoness-deck.pdf" if size == "poker" else kit / f"dragoness-{size}.pdf"
    reader = PdfReader(path)
    checked = 0
    for page_no in range(0, len(reader.pages), 2 if size != "mini" else 1):
        _, placed = walk(reader, page_no)
        gems = [p for p in placed if p.name.endswith("gem") and any("gems-Me" in f or "gems-Gy" in f for f in p.forms)]
        if not gems:
            continue
        boxes = [box for _, box in glyphs(path, page_no)]
        for gem in gems:
            cx, cy = gem.matrix[4], gem.matrix[5]
            half_w, half_h = 0.72 * 48 * gem.matrix[0], 48 * gem.matrix[3]
            for left, bottom, right, top in boxes:
                if bottom < cy + half_h and top > cy - half_h:  # beside it
                    gap = max(left - (cx + half_w), (cx - half_w) - right)
                    assert gap >= 1.5 * MM, (size, page_no, gap / MM)
            checked += 1
    assert checked >= 15 * 6


# --------------------------------------------------------------------------- 2, 3. sizes and contrast


def test_2_3_nothing_under_6_pt_and_text_stands_out_at_4_5_to_1(kit: Path, tmp_path: Path) -> None:
    answer = settle(
        {
            "game": "homalet",
            "players": [{"name": "Emi", "pile": ["52", "07", "17"]}, {"name": "Dai", "pile": ["51", "08", "18"]}],
        },
        True,
        "en",
    )
    print_result(tmp_path / "result.pdf", answer, ["CR1 1/1 ABC"], "en")
    backs = {"fortress": (0x26, 0x32, 0x38), "homalet": (0x3E, 0x27, 0x23), "dragoness": (0x1A, 0x23, 0x7E)}
    seen = 0
    for path in [*sorted(kit.glob("*.pdf")), tmp_path / "result.pdf"]:
        reader = PdfReader(path)
        for page_no in range(len(reader.pages)):
            texts, _ = walk(reader, page_no)
            for t in texts:
                assert t.size >= 6 - 1e-6, (path.name, page_no, t)
                back = next((b for f in t.forms for g, b in backs.items() if f"back-{g}" in f), None)
                ground = WHITE if back is None else tuple(v / 255 for v in back)
                assert contrast(t.fill, ground) >= 4.5, (path.name, page_no, t)  # type: ignore[arg-type]
                seen += 1
    assert seen > 9000  # the backs' titles are outlines, not text (the same either way up): not counted


def test_3_index_text_is_a_darker_shade_of_the_light_suit_colours(kit: Path) -> None:
    """The index of a light colour (Fortress green, HOMALET jade, ...) is drawn darker, in the same
    hue, while its frame keeps the light colour."""
    import colorsys

    reader = PdfReader(kit / "fortress-deck.pdf")
    texts = [t for page_no in range(0, len(reader.pages), 2) for t in walk(reader, page_no)[0]]
    green = next(t.fill for t in texts if any(f.endswith("corner-G") for f in t.forms))
    light = (0x6B / 255, 0x98 / 255, 0x79 / 255)
    assert contrast(light, WHITE) < 4.5 <= contrast(green, WHITE)
    assert abs(colorsys.rgb_to_hsv(*green)[0] - colorsys.rgb_to_hsv(*light)[0]) < 0.01


# --------------------------------------------------------------------------- 4. backs


def test_4_backs_are_full_bleed_and_the_same_upside_down(tmp_path: Path) -> None:
    path = tmp_path / "d.pdf"
    cli("print", "deck", "homalet", "--bleed", "3", "-o", str(path))
    reader = PdfReader(path)
    form = xobject(reader, 1, "/FormXob.back-homalet")
    ops = ContentStream(form, reader).operations
    assert not [op for _, op in ops if op in (b"S", b"s", b"B", b"b")]  # no frame or line at all
    centres, points = [], []
    for operands, op in ops:
        if op in (b"m", b"l"):
            points.append((float(operands[0]), float(operands[1])))
        elif op in (b"f", b"h") and len(points) == 4:
            centres.append((round(sum(x for x, _ in points) / 4), round(sum(y for _, y in points) / 4)))
            points = []
        elif op == b"f":
            points = []
    w, h = 63 * MM, 88 * MM
    assert len(centres) > 40
    turned = {(round(w - x), round(h - y)) for x, y in centres}
    assert all(any(abs(x - u) <= 1 and abs(y - v) <= 1 for u, v in turned) for x, y in centres)
    assert sum(y > h / 2 for _, y in centres) == sum(y < h / 2 for _, y in centres)
    step = w / 6
    for edge in (min(x for x, _ in centres), min(y for _, y in centres)):
        # the pattern covers the card to within a step of every side (symmetric: both ends), and no
        # diamond comes within 3 mm of the trim, where a mis-cut would cut it (issue 30)
        assert 3 * MM < edge < step


# --------------------------------------------------------------------------- 5. bleed against mis-cuts


def test_5_with_bleed_a_mis_cut_shows_the_cards_own_colour(tmp_path: Path) -> None:
    path = tmp_path / "d.pdf"
    cli("print", "deck", "fortress", "--bleed", "3", "-o", str(path))
    reader = PdfReader(path)
    _, placed = walk(reader, 0)
    origins = [(p.matrix[4], p.matrix[5]) for p in placed if "frame-" in p.name]
    image = pdfium.PdfDocument(str(path))[0].render(scale=150 / 72).to_pil().convert("RGB")
    height = float(reader.pages[0].mediabox.height)

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        value: Any = image.getpixel((round(x * 150 / 72), round((height - y) * 150 / 72)))
        return tuple(value)[:3]

    for ox, oy in origins:
        mid = oy + 44 * MM
        own = pixel(ox + 1 * MM, mid)
        for x in (ox - 0.5 * MM, ox + 63 * MM + 0.5 * MM):  # half a millimetre past the cut
            assert sum(abs(a - b) for a, b in zip(pixel(x, mid), own, strict=True)) < 12
    assert "--bleed" in README and "mis-cut" in README


# --------------------------------------------------------------------------- 6. card texts


def test_6_special_card_texts_clear_the_frame_and_keep_phrases(kit: Path) -> None:
    from printables.corner import FRAME_INSET, FRAME_WIDTH

    for name in ("dragoness-deck.pdf", "dragoness-mini.pdf", "dragoness-bridge.pdf"):
        path = kit / name
        reader = PdfReader(path)
        page_no = len(reader.pages) - 2  # the last fronts: the special cards
        _, placed = walk(reader, page_no)
        frames = [(p.matrix[4], p.matrix[5]) for p in placed if "frame-special" in p.name]
        form = xobject(reader, page_no, "/FormXob.frame-special")
        assert form["/BBox"]
        w = {"dragoness-deck.pdf": 63, "dragoness-mini.pdf": 44, "dragoness-bridge.pdf": 57}[name] * MM
        inner = FRAME_INSET + FRAME_WIDTH[True]
        assert frames
        h = {"dragoness-deck.pdf": 88, "dragoness-mini.pdf": 63, "dragoness-bridge.pdf": 88}[name] * MM
        for ch, (left, bottom, right, top) in glyphs(path, page_no):
            for ox, oy in frames:
                if ox <= (left + right) / 2 <= ox + w and oy <= (bottom + top) / 2 <= oy + h:
                    if (right - ox <= 8 * MM and oy + h - bottom <= 15 * MM) or (
                        ox + w - left <= 8 * MM and top - oy <= 15 * MM
                    ):
                        continue  # a corner index: the frame steps around it (test_printables_cards)
                    assert left - ox >= inner + 1 * MM and ox + w - right >= inner + 1 * MM, (name, ch)
        text = pdfium.PdfDocument(str(path))[page_no].get_textpage().get_text_range()
        for line in text.replace("\r", "").split("\n"):
            line = line.strip()
            assert not (line.endswith("。") and len(line) <= 3), (name, line)  # no lone "12。", "い。"


# --------------------------------------------------------------------------- 7, 8. print shops


def test_7_single_cards_have_a_3_mm_bleed_by_default(tmp_path: Path) -> None:
    path = tmp_path / "s.pdf"
    cli("print", "deck", "fortress", "--layout", "single", "--duplex", "none", "-o", str(path))
    page = PdfReader(path).pages[0]
    media = [float(v) for v in page.mediabox]
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    assert bleed == media
    assert [round(v / MM, 2) for v in trim] == [3, 3, 66, 91]
    assert [round(v / MM, 2) for v in media] == [0, 0, 69, 94]
    assert "3 mm bleed" in README


@pytest.mark.parametrize("size,trim", [("poker", (63, 88)), ("bridge", (57, 88)), ("mini", (44, 63))])
def test_8_png_cards_have_the_pdfs_trim(tmp_path: Path, size: str, trim: tuple[int, int]) -> None:
    pdf = tmp_path / "s.pdf"
    cli("print", "deck", "homalet", "--size", size, "--layout", "single", "--duplex", "none", "-o", str(pdf))
    box = PdfReader(pdf).pages[0].trimbox
    pdf_trim = (float(box.width) / MM, float(box.height) / MM)
    assert [round(v, 2) for v in pdf_trim] == list(trim)
    cli("print", "png", "homalet", "--players", "3", "--size", size, "-o", str(tmp_path / "png"))
    sizes = {Image.open(f).size for f in (tmp_path / "png").glob("*.png")}
    assert len(sizes) == 1
    px = sizes.pop()
    bleed = 25.4 / 8
    for pixels, want in zip(px, pdf_trim, strict=True):
        assert abs(pixels * 25.4 / 300 - 2 * bleed - want) <= 25.4 / 300  # within a pixel
    assert f"{px[0]} × {px[1]}" in README


# --------------------------------------------------------------------------- 9, 10, 11. marks, note, ruler


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini"])
@pytest.mark.parametrize("bleed", ["0", "3"])
def test_9_10_cut_marks_at_least_3_mm_and_the_note_clear_of_them(
    tmp_path: Path, paper: str, size: str, bleed: str
) -> None:
    path = tmp_path / "d.pdf"
    cli("print", "deck", "fortress", "--paper", paper, "--size", size, "--bleed", bleed, "-o", str(path))
    reader = PdfReader(path)
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    marks = mark_lines(reader, 0)
    assert marks
    for x1, y1, x2, y2 in marks:
        assert abs(x2 - x1) + abs(y2 - y1) >= 3 * MM - 0.01
        for x, y in ((x1, y1), (x2, y2)):
            assert 5 * MM - 0.01 <= x <= width - 5 * MM + 0.01 and 5 * MM - 0.01 <= y <= height - 5 * MM + 0.01
    note = [box for _, box in glyphs(path, 0)]  # every glyph; the cards' own are left out below
    _, placed = walk(reader, 0)
    cards = [(p.matrix[4], p.matrix[5]) for p in placed if "frame-" in p.name]
    w, h = {"poker": (63, 88), "bridge": (57, 88), "mini": (44, 63)}[size]
    outside = [
        box
        for box in note
        if not any(
            ox <= (box[0] + box[2]) / 2 <= ox + w * MM and oy <= (box[1] + box[3]) / 2 <= oy + h * MM
            for ox, oy in cards
        )
    ]
    assert outside  # the note and the ruler's label
    for left, bottom, right, top in outside:
        for x1, y1, x2, y2 in marks:
            dx = max(min(x1, x2) - right, left - max(x1, x2), 0)
            dy = max(min(y1, y2) - top, bottom - max(y1, y2), 0)
            assert max(dx, dy) >= 2.5 * MM, ((left / MM, bottom / MM), (x1 / MM, y1 / MM))


def test_10_the_calibration_scales_read_the_whole_offset_range(kit: Path) -> None:
    path = kit / "calibrate.pdf"
    found = "".join(ch for ch, _ in glyphs(path, 1))
    for label in ("-10", "+10", "-5", "+5"):
        assert found.count(label) >= 6, label  # both scales of all three crosses
    page = pdfium.PdfDocument(str(path))[1].get_textpage()
    boxes = [page.get_charbox(i) for i in range(page.count_chars())]
    chars = [page.get_text_range(i, 1) for i in range(page.count_chars())]
    starts = [i for i in range(len(chars) - 2) if "".join(chars[i : i + 3]) in ("-10", "+10")]
    xs = sorted((boxes[i][0] + boxes[i + 2][2]) / 2 for i in starts)
    assert any(abs((b - a) / MM - 20) < 1 for a, b in itertools.combinations(xs, 2))  # -10 to +10 is 20 mm


@pytest.mark.parametrize("size", ["poker", "bridge", "mini"])
def test_11_the_readme_states_the_ruler_printed(kit: Path, size: str) -> None:
    path = kit / "fortress-deck.pdf" if size == "poker" else kit / f"fortress-{size}.pdf"
    text = pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range()
    length = int(re.search(r"(\d+) mm", text).group(1))  # type: ignore[union-attr]
    reader = PdfReader(path)
    ticks = [op for op in ContentStream(reader.pages[0].get_contents(), reader).operations if op[1] == b"l"]
    assert len(ticks) >= length + 1  # a tick a millimetre, the label true
    sentence = re.search(r"carries a ruler[^.]*\.", README)
    assert sentence and f"{length} mm" in sentence.group(0), (size, length)
    if size == "mini":
        assert "mini" in sentence.group(0)


# --------------------------------------------------------------------------- 12, 13. summaries and sheets


def card_texts(path: Path, paper: str) -> list[str]:
    from printables.layout import make_grid
    from printables.summary import CARD

    grid = make_grid(paper, CARD)
    out = []
    for page in pdfium.PdfDocument(str(path)):
        text = page.get_textpage()
        for slot in range(grid.per_page):
            x, y = grid.slot(slot)
            out.append(re.sub(r"\s", "", text.get_text_bounded(x, y, x + CARD[0], y + CARD[1])))
    return out


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_12_a_rule_is_never_cut_across_two_cards(tmp_path: Path, game: str, lang: Lang, paper: str) -> None:
    path = tmp_path / "s.pdf"
    cli("print", "summary", game, "--lang", lang, "--paper", paper, "-o", str(path))
    cards = card_texts(path, paper)
    for _, points in sections(game):
        for point in points:
            whole = re.sub(r"\s", "", point.text(lang))
            assert any(whole in card for card in cards), (game, lang, whole[:30])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_13_sheet_headings_break_between_words(tmp_path: Path, paper: str) -> None:
    path = tmp_path / "s.pdf"
    cli("print", "sheet", "homalet", "--players", "7", "--lang", "en", "--paper", paper, "-o", str(path))
    lines = [
        line.strip()
        for line in pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range().replace("\r", "").split("\n")
    ]
    words = {"Player", "Cards", "Same", "digit", "Run", "Spring", "Largest", "card", "Total"}
    head = [w for line in lines for w in line.split() if w.isalpha() and w in words | {"Sprin", "g", "Larges", "t"}]
    assert "Spring" in head and "Sprin" not in head and "Larges" not in head
    summary = tmp_path / "summary.pdf"
    for game in ("fortress", "dragoness"):
        cli("print", "summary", game, "--lang", "en", "-o", str(summary))
        text = " ".join(p.get_textpage().get_text_range() for p in pdfium.PdfDocument(str(summary)))
        assert "≧" not in text and "(only Revive" not in text


# --------------------------------------------------------------------------- 14, 15. result sheet

TIE = {
    "game": "homalet",
    "players": [{"name": "Emi", "pile": ["52", "07", "17"]}, {"name": "Dai", "pile": ["51", "08", "18"]}],
}


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_14_the_codes_heading_keeps_its_descenders(tmp_path: Path, game: str, lang: str) -> None:
    from tests.functional_tests.test_printables_result import GAMES

    path = tmp_path / "r.pdf"
    print_result(path, settle(GAMES[game], True, lang), ["CR1 1/2 ABCDEF", "CR1 2/2 GHIJKL"], lang)  # type: ignore[arg-type]
    reader = PdfReader(path)
    _, placed = walk(reader, 0)
    tops = [
        p.matrix[5] + p.matrix[3] * float(xobject(reader, 0, p.name)["/BBox"][3]) for p in placed if "record-" in p.name
    ]
    assert tops
    code_top = max(tops)
    heading = [box for ch, box in glyphs(path, 0) if box[1] > code_top - 1]
    lowest = min(box[1] for box in heading)
    assert lowest - code_top >= 1 * MM, (lowest - code_top) / MM


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_15_the_result_sheet_says_the_tie_rule_that_decided(tmp_path: Path, lang: str) -> None:
    """H-12: Emi and Dai both have 5 points; Emi's largest card 52 beats Dai's 51."""
    answer = settle(TIE, True, lang)  # type: ignore[arg-type]
    path = tmp_path / "r.pdf"
    print_result(path, answer, [], lang)  # type: ignore[arg-type]
    text = pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range()
    assert "52" in text and "51" in text and ("H-12" in text if lang == "en" else "同点" in text)
    assert ("Largest card" if lang == "en" else "最大の数字") in text
    why = answer["winners_explanation"]
    assert re.sub(r"\s", "", why) in re.sub(r"\s", "", text)  # the winner's line and the rule that decided


# --------------------------------------------------------------------------- 16. blurred phone photos


def phone(image: Image.Image, dpi: float) -> bytes:
    """The sheet as a phone photographs it: at ``dpi`` on the paper, turned 7°, in perspective (the
    far edge 30 % narrower), lit unevenly, blurred 1.3 px and saved as JPEG quality 40."""
    image = image.convert("L").rotate(7, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=200)
    w, h = image.size
    squeeze = 0.075 * w  # the far (top) edge seen 15 % narrower than the near one: the whole sheet stays in view
    image = image.transform(
        (w, h),
        Image.Transform.QUAD,
        (-squeeze, 0, 0, h, w, h, w + squeeze, 0),
        resample=Image.Resampling.BICUBIC,
        fillcolor=200,
    )
    light = Image.linear_gradient("L").resize((w, h)).point(lambda v: 120 + v * 135 // 255)
    image = Image.composite(image, Image.new("L", (w, h), 0), light)  # from 47 % light at the top to full
    image = image.filter(ImageFilter.GaussianBlur(1.3))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=40)
    return out.getvalue()


@pytest.fixture(scope="module")
def long_record_sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, list[str]]:
    """A long Dragoness record's codes printed on a result sheet, once for both photos' resolutions:
    the sheet, its pages and the codes' texts."""
    from printables.result import record_codes

    record = json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text(encoding="utf-8"))
    parts = record_codes(record)
    path = tmp_path_factory.mktemp("long") / "r.pdf"
    answer = settle(json.loads((ROOT / "examples" / "fortress.json").read_text(encoding="utf-8")), True, "en")
    return path, print_result(path, answer, parts, "en"), parts


@pytest.mark.parametrize("dpi", [100, 120])
def test_16_record_codes_read_from_a_blurred_phone_photo(
    long_record_sheet: tuple[Path, int, list[str]], dpi: int
) -> None:
    """A long Dragoness record (ten codes at level H): two under the scores, the rest on pages of
    their own, every module 1 mm; a photo of each page imports."""
    from companion.cli.commands.sheet_files import codes_in_image

    path, pages, parts = long_record_sheet
    assert len(parts) >= 10
    assert pages == 3
    reader = PdfReader(path)
    modules = [p.matrix[0] for n in range(pages) for p in walk(reader, n)[1] if "record-" in p.name]
    assert len(modules) == len(parts) and min(modules) >= 1.0 * MM - 1e-9  # each module 1 mm or more
    found: list[str] = []
    for page in pdfium.PdfDocument(str(path)):
        found += codes_in_image(phone(page.render(scale=dpi / 72).to_pil(), dpi), "photo.jpg", known=found)
    assert sorted(found) == sorted(parts)

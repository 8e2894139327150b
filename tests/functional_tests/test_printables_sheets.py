"""Sheets as a printer and a print shop need them: nothing within 5 mm of the paper's edge, a
calibration ruler, the print-dialog hints, the orientation that holds the most cards, a back offset
and its calibration sheet, one-card pages with their boxes, distinct font subsets, and rule-summary
cards that keep headings with their text and are numbered. Geometry is read from the PDFs."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.helpers.cli import cli_here as cli  # in this process: what is tested is what it prints
from tests.helpers.pdf import ops_with_ctm, resources

MM = 72 / 25.4


def printed(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "out.pdf"
    out = cli("print", *args, "-o", str(path))
    assert out.returncode == 0, out.stderr
    return path


def object_bounds(path: Path, page_no: int) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Every top-level object on a page (text, path, image, whole form) with its box in points."""
    page = pdfium.PdfDocument(str(path))[page_no]
    return [(obj.type, tuple(obj.get_bounds())) for obj in page.get_objects(max_depth=1)]


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "fortress"),
        ("deck", "homalet", "--paper", "letter"),
        ("deck", "dragoness", "--bleed", "3"),
        ("deck", "fortress", "--paper", "letter", "--size", "mini", "--bleed", "5"),
        ("summary", "homalet", "--lang", "ja"),
        ("summary", "fortress", "--paper", "letter", "--lang", "en"),
        ("sheet", "dragoness", "--players", "8", "--lang", "ja"),
        ("calibrate",),
    ],
)
def test_nothing_within_5_mm_of_the_paper_edge(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Most printers cannot print the outer few millimetres: marks, notes, rulers and faces keep 5 mm."""
    path = printed(tmp_path, *args)
    reader = PdfReader(path)
    for page_no in range(min(2, len(reader.pages))):
        width, height = (float(v) for v in reader.pages[page_no].mediabox[2:])
        bounds = object_bounds(path, page_no)
        assert bounds
        for kind, (x1, y1, x2, y2) in bounds:
            edge = min(x1, y1, width - x2, height - y2)
            assert edge >= 5 * MM - 0.15, (args, page_no, kind, edge / MM)


def ruler_ticks(reader: PdfReader, page_no: int) -> list[float]:
    """Positions along the ruler of its millimetre ticks (the short lines 1, 1.6 and 2.5 mm long)."""
    ops = ops_with_ctm(reader, page_no)
    ticks = []
    start: tuple[float, float] | None = None
    for op, operands, (tx, ty) in ops:
        if op == b"m":
            start = (float(operands[0]), float(operands[1]))  # type: ignore[arg-type]
        elif op == b"l" and start is not None:
            end = (float(operands[0]), float(operands[1]))  # type: ignore[arg-type]
            length = abs(end[1] - start[1]) + abs(end[0] - start[0])
            if start[0] == end[0] and any(abs(length - t * MM) < 0.01 for t in (1, 1.6, 2.5)):
                ticks.append(round(start[0] + tx + ty, 3))  # along the ruler, whichever way it is turned
    return ticks


@pytest.mark.parametrize(
    "args", [("deck", "fortress"), ("deck", "dragoness", "--bleed", "3"), ("summary", "homalet", "--lang", "en")]
)
def test_first_sheet_carries_a_50_mm_ruler(tmp_path: Path, args: tuple[str, ...]) -> None:
    reader = PdfReader(printed(tmp_path, *args))
    ticks = sorted(ruler_ticks(reader, 0))
    assert len(ticks) == 51
    assert abs((ticks[-1] - ticks[0]) - 50 * MM) < 0.01
    assert all(abs((b - a) - MM) < 0.01 for a, b in itertools.pairwise(ticks))
    assert "50 mm" in reader.pages[0].extract_text()
    if len(reader.pages) > 1:
        assert ruler_ticks(reader, 1) == []  # the first sheet only


@pytest.mark.parametrize(
    "duplex,hint", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("none", "/Simplex")]
)
def test_print_dialog_hints(tmp_path: Path, duplex: str, hint: str) -> None:
    reader = PdfReader(printed(tmp_path, "deck", "homalet", "--players", "3", "--duplex", duplex))
    root: Any = reader.trailer["/Root"]
    prefs = root["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == hint


def test_bleed_picks_the_orientation_with_most_cards(tmp_path: Path) -> None:
    """With 3 mm bleed, A4 landscape holds 8 poker cards where portrait holds 6."""
    reader = PdfReader(printed(tmp_path, "deck", "fortress", "--bleed", "3"))
    page = reader.pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)
    fronts = [1 for op, operands, _ in ops_with_ctm(reader, 0) if op == b"Do" and "frame-" in str(operands[0])]
    assert len(fronts) == 8
    portrait = PdfReader(printed(tmp_path, "deck", "fortress")).pages[0]
    assert float(portrait.mediabox.width) < float(portrait.mediabox.height)  # 9 a sheet without bleed


def back_spots(reader: PdfReader, page_no: int) -> list[tuple[float, float]]:
    return sorted(
        (round(x, 2), round(y, 2))
        for op, operands, (x, y) in ops_with_ctm(reader, page_no)
        if op == b"Do" and "back-" in str(operands[0])
    )


def test_back_offset_moves_every_back_and_nothing_else(tmp_path: Path) -> None:
    plain = PdfReader(printed(tmp_path, "deck", "homalet", "--players", "3"))
    moved_path = tmp_path / "moved.pdf"
    assert (
        cli("print", "deck", "homalet", "--players", "3", "--back-offset", "1.5,-0.5", "-o", str(moved_path)).returncode
        == 0
    )
    moved = PdfReader(moved_path)
    for page_no in (1, 3):
        for (x0, y0), (x1, y1) in zip(back_spots(plain, page_no), back_spots(moved, page_no), strict=True):
            assert abs((x1 - x0) - 1.5 * MM) < 0.02 and abs((y1 - y0) + 0.5 * MM) < 0.02
        trim0 = [float(v) for v in plain.pages[page_no].trimbox]
        trim1 = [float(v) for v in moved.pages[page_no].trimbox]
        assert abs(trim1[0] - trim0[0] - 1.5 * MM) < 0.02
    fronts, moved_fronts = plain.pages[0].get_contents(), moved.pages[0].get_contents()
    assert fronts is not None and moved_fronts is not None
    assert fronts.get_data() == moved_fronts.get_data()  # fronts alone


@pytest.mark.parametrize(
    "value,needle", [("1,x", "is not X,Y"), ("11,0", "out of range"), ("nan,0", "out of range"), ("1", "is not X,Y")]
)
def test_bad_back_offset_is_one_line(tmp_path: Path, value: str, needle: str) -> None:
    out = cli("print", "deck", "fortress", "--back-offset", value, "-o", str(tmp_path / "x.pdf"))
    assert out.returncode == 2 and needle in out.stderr and out.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def cross_and_zero_ticks(reader: PdfReader) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The front's cross centres and the back's X/Y zero ticks (found by their line widths)."""

    def lines(page_no: int, width: float) -> list[tuple[float, float, float, float]]:
        out, current, start = [], 0.0, None
        for op, operands, (tx, ty) in ops_with_ctm(reader, page_no):
            if op == b"w":
                current = float(operands[0])  # type: ignore[arg-type]
            elif op == b"m":
                start = (float(operands[0]) + tx, float(operands[1]) + ty)  # type: ignore[arg-type]
            elif op == b"l" and start is not None and abs(current - width) < 1e-6:
                out.append((*start, float(operands[0]) + tx, float(operands[1]) + ty))  # type: ignore[arg-type]
        return out

    front = lines(0, 0.5)
    crosses = [((h[0] + h[2]) / 2, h[1]) for h in front if h[1] == h[3]]
    zeros = lines(1, 0.8)
    x_zero = [z[0] for z in zeros if z[0] == z[2]]  # vertical tick on the X scale
    y_zero = [z[1] for z in zeros if z[1] == z[3]]  # horizontal tick on the Y scale
    return crosses, list(zip(x_zero, y_zero, strict=True))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_scales_sit_behind_the_front_crosses(tmp_path: Path, duplex: str) -> None:
    """On the back, each scale's 0 is where the front's cross lands when the sheet is turned over
    the chosen edge; with --back-offset the scales move by it (so a corrected printer reads 0,0)."""
    reader = PdfReader(printed(tmp_path, "calibrate", "--duplex", duplex))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    crosses, zeros = cross_and_zero_ticks(reader)
    assert len(crosses) == 3 and len(zeros) == 3
    flipped = sorted(((width - x, y) if duplex == "long" else (x, height - y)) for x, y in crosses)
    assert all(abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01 for a, b in zip(flipped, sorted(zeros), strict=True))
    moved = PdfReader(printed(tmp_path, "calibrate", "--duplex", duplex, "--back-offset", "2,-1"))
    _, shifted = cross_and_zero_ticks(moved)
    assert all(
        abs(b[0] - a[0] - 2 * MM) < 0.01 and abs(b[1] - a[1] + MM) < 0.01
        for a, b in zip(sorted(zeros), sorted(shifted), strict=True)
    )
    assert "--back-offset X,Y" in reader.pages[1].extract_text()


def test_single_layout_has_one_card_a_page_with_its_boxes(tmp_path: Path) -> None:
    reader = PdfReader(printed(tmp_path, "deck", "dragoness", "--players", "3", "--layout", "single", "--bleed", "3"))
    assert len(reader.pages) == 2 * 65  # each card's front, then its back
    for page in reader.pages[:4]:
        media = [float(v) for v in page.mediabox]
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert abs((media[2] - media[0]) - 69 * MM) < 0.05 and abs((media[3] - media[1]) - 94 * MM) < 0.05
        assert bleed == media
        assert abs(trim[0] - 3 * MM) < 0.01 and abs((trim[2] - trim[0]) - 63 * MM) < 0.01
        assert abs((trim[3] - trim[1]) - 88 * MM) < 0.01
    assert "Lochen" in reader.pages[0].extract_text()
    back: Any = reader.pages[1]
    assert list(back["/Resources"]["/XObject"]) == ["/FormXob.back-dragoness"]  # the back (its title: outlines)


def test_every_file_of_the_kit_has_its_own_font_subset_tags(tmp_path: Path) -> None:
    """Imposition tools merging PDFs match fonts by name: the same tag in two files would mix them up."""
    assert cli("print", "kit", "-o", str(tmp_path / "kit")).returncode == 0
    seen: dict[str, str] = {}
    for path in sorted((tmp_path / "kit").glob("*.pdf")):
        tags = set(re.findall(rb"/BaseFont /([A-Z]{6})\+", path.read_bytes()))
        assert tags, path.name
        for tag in tags:
            assert tag.decode() not in seen, (path.name, seen.get(tag.decode()))
            seen[tag.decode()] = path.name


def summary_cards(path: Path) -> list[str]:
    """The text of each summary card, in order, cut out of its page by the card's box."""
    cards = []
    doc = pdfium.PdfDocument(str(path))
    for page in doc:
        text = page.get_textpage()
        width, height = page.get_width(), page.get_height()
        for y in (height / 2, 0):
            for x in (0, width / 2):
                chunk = text.get_text_bounded(x, y, x + width / 2, y + height / 2).strip()
                if chunk and "Print at 100 %" not in chunk[:20]:
                    cards.append(chunk)
    return cards


@pytest.mark.parametrize(
    "game,lang", [("fortress", "en"), ("homalet", "en"), ("fortress", "ja"), ("dragoness", "ja"), ("homalet", "ja")]
)
def test_summary_cards_keep_headings_with_their_text_and_are_numbered(tmp_path: Path, game: str, lang: str) -> None:
    from printables.summary_text import sections

    path = printed(tmp_path, "summary", game, "--lang", lang)
    cards = [card for card in summary_cards(path) if re.search(r"\d+/\d+", card)]
    assert len(cards) >= 2
    total = len(cards)
    for n, card in enumerate(cards, 1):
        assert f"{n}/{total}" in card
        lines = [line for line in card.splitlines() if line.strip() and not re.fullmatch(r"\s*\d+/\d+\s*", line)]
        headings = {head.text(lang) for head, _ in sections(game)}  # type: ignore[arg-type]
        assert lines[-1].strip() not in headings, (n, lines[-1])


def test_no_cut_marks_beside_empty_slots(tmp_path: Path) -> None:
    """A summary of 3 cards on a 2 × 2 sheet: no mark stands beside the empty slot (bottom right)."""
    reader = PdfReader(printed(tmp_path, "summary", "fortress", "--lang", "en"))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    card_w, card_h = 95 * MM, 130 * MM
    x0, y0 = (width - 2 * card_w) / 2, (height - 2 * card_h) / 2
    marks = []
    xobjects = resources(reader, 0)["/XObject"]
    for name in xobjects:
        if "marks-" not in name:  # the cut marks are a form placed untransformed
            continue
        start = None
        for operands, op in ContentStream(xobjects[name].get_object(), reader).operations:
            if op == b"m":
                start = (float(operands[0]), float(operands[1]))
            elif op == b"l" and start is not None:
                marks.append((*start, float(operands[0]), float(operands[1])))
    assert marks
    right_of_empty = [m for m in marks if min(m[0], m[2]) > x0 + 2 * card_w and max(m[1], m[3]) < y0 + card_h - 1]
    below_empty = [m for m in marks if min(m[0], m[2]) > x0 + card_w + 1 and max(m[1], m[3]) < y0]
    assert right_of_empty == [] and below_empty == []
    below_first = [m for m in marks if max(m[0], m[2]) < x0 + card_w + 1 and max(m[1], m[3]) < y0]
    assert len(below_first) == 2  # the bottom-left card still has its two marks below


@pytest.mark.slow
def test_png_writes_the_back(tmp_path: Path) -> None:
    from PIL import Image

    out = cli("print", "png", "fortress", "-o", str(tmp_path / "png"))
    assert out.returncode == 0, out.stderr
    back = tmp_path / "png" / "fortress-back.png"
    assert back.exists() and Image.open(back).size == (819, 1114)
    colours = Image.open(back).convert("RGB").getcolors(1_000_000)
    assert colours and max(colours)[1] == (0x26, 0x32, 0x38)  # mostly the back's colour
    # written with zlib's run-length strategy (a quarter less CPU): no larger than Pillow's default
    some = sorted((tmp_path / "png").glob("*.png"))[::4]
    again = 0
    for path in some:
        buffer = io.BytesIO()
        Image.open(path).save(buffer, format="PNG")
        again += buffer.tell()
    assert sum(path.stat().st_size for path in some) < again


def word_x(path: Path, word: str) -> list[float]:
    """The left x of every occurrence of ``word`` on the first page."""
    page = pdfium.PdfDocument(str(path))[0]
    text = page.get_textpage()
    full = text.get_text_range()
    xs, start = [], full.find(word)
    while start >= 0:
        xs.append(text.get_charbox(start)[0])
        start = full.find(word, start + 1)
    return xs


def test_sheet_has_two_tables_reaching_the_margins(tmp_path: Path) -> None:
    path = printed(tmp_path, "sheet", "dragoness", "--players", "5", "--lang", "en")
    reader = PdfReader(path)
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert width < height  # portrait: two tables one above the other
    assert reader.pages[0].extract_text().count("Reign of Dragoness — score sheet") == 2
    outlines = []
    for op, operands, _ in ops_with_ctm(reader, 0):
        if op == b"re":
            x, _y, w, h = (float(v) for v in operands)  # type: ignore[arg-type]
            if w > width / 2 and h > height / 5:
                outlines.append((x, w))
    assert len(outlines) >= 2
    for x, w in outlines:
        assert abs(x - 10 * MM) < 0.5 and abs((x + w) - (width - 10 * MM)) < 0.5


def test_homalet_sheet_records_every_card_for_the_tie_break(tmp_path: Path) -> None:
    """Room for 7 cards a digit with 7 players: each card 00-69 has its box in every row."""
    path = printed(tmp_path, "sheet", "homalet", "--players", "7", "--lang", "en")
    text = pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range()
    tokens = text.split()
    for card in range(70):
        assert tokens.count(f"{card:02d}") == 7 * 2, card  # 7 rows, 2 tables
    assert "Largest card" in " ".join(tokens)
    three = printed(tmp_path, "sheet", "homalet", "--players", "3", "--lang", "en")
    tokens = pdfium.PdfDocument(str(three))[0].get_textpage().get_text_range().split()
    assert tokens.count("29") == 3 * 2 and "30" not in tokens  # only the cards a table of 3 uses


@pytest.mark.parametrize(
    "lang,pair,columns,tallest",
    [("en", "Face-down", "Columns", "Tallest"), ("ja", "裏向きペア", "横の枚数", "最も多い縦列")],
)
def test_fortress_sheet_puts_the_pair_before_what_it_changes(
    tmp_path: Path, lang: str, pair: str, columns: str, tallest: str
) -> None:
    path = printed(tmp_path, "sheet", "fortress", "--players", "4", "--lang", lang)
    assert min(word_x(path, pair)) < min(word_x(path, columns)) < min(word_x(path, tallest))


@pytest.mark.parametrize(
    "args,title",
    [
        (("sheet", "fortress", "--players", "3", "--lang", "ja"), "6スートの砦 — 得点表"),
        (("summary", "homalet", "--lang", "ja"), "HOMALET — ルール要約"),
        (("sheet", "homalet", "--players", "3", "--lang", "en"), "HOMALET — score sheet"),
    ],
)
def test_titles_are_in_one_language(tmp_path: Path, args: tuple[str, ...], title: str) -> None:
    reader = PdfReader(printed(tmp_path, *args))
    assert reader.metadata is not None and reader.metadata.title == title

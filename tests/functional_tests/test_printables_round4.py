"""Print round four (issue 30, items 1, 2, 3, 4 and 7): files a print-on-demand shop takes as they
are, indices a fanned hand shows, backs that do not betray a card, Dragoness colours apart, and
special cards laid out alike on every size. Each measured on the output, with readers independent
of the code they judge: PNG headers read chunk by chunk, sizes worked out here from the presets'
data file, positions read from the PDFs (pdfium's glyph boxes, the pypdf content walk), backs
compared with themselves turned, colours judged with the tests' own CIEDE2000."""

from __future__ import annotations

import dataclasses
import itertools
import struct
import subprocess
import tomllib
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.functional_tests.pdf_walk import apply, walk
from tests.helpers.cli import cli_here
from tests.helpers.colour_vision import contrast, distance, hex_rgb, lab, to_linear

MM = 72 / 25.4
INCH = 72.0
DPI = 300
ROOT = Path(__file__).resolve().parents[2]
PRESETS_FILE = ROOT / "assets" / "presets.toml"
METRIC = {"poker": (63, 88), "bridge": (57, 88), "mini": (44, 63)}  # mm


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return cli_here(*args)  # in this process: what is tested is what the command writes


def ok(*args: str) -> None:
    out = cli(*args)
    assert out.returncode == 0, out.stderr


Printed = Callable[..., Path]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Printed:
    """``companion print ARGS``'s output (a PDF, or a folder of PNGs), printed once for all the tests
    here that read the same one: the tests only read what it wrote."""
    folder = tmp_path_factory.mktemp("round4")
    made: dict[tuple[str, ...], Path] = {}

    def make(*args: str) -> Path:
        if args not in made:
            out = folder / (f"{len(made)}.pdf" if args[0] == "deck" else f"{len(made)}")
            ok("print", *args, "-o", str(out))
            made[args] = out
        return made[args]

    return make


def shop_presets() -> dict[str, dict[str, Any]]:
    data = tomllib.loads(PRESETS_FILE.read_text(encoding="utf-8"))
    presets: dict[str, dict[str, Any]] = data["presets"]
    return presets


def expected(name: str) -> tuple[tuple[float, float], float, float, tuple[int, int]]:
    """A preset's trim (points), bleed and safe zone (points) and its PNG's pixels, worked out here."""
    p = shop_presets()[name]
    unit = INCH if p["unit"] == "in" else MM
    w, h = (float(v) * unit for v in p["trim"])
    bleed = float(p["bleed"]) * unit
    safe = float(p["safe"]) * unit
    pixels = (w + 2 * bleed) * DPI / 72, (h + 2 * bleed) * DPI / 72
    assert all(abs(v - round(v)) < 1e-6 for v in pixels)  # the shops' templates are whole pixels
    return (w, h), bleed, safe, (round(pixels[0]), round(pixels[1]))


def peak(image: Image.Image) -> int:
    """The largest value in an image (of a difference: how far the two pictures are apart)."""
    extrema: Any = image.convert("L").getextrema()
    return int(extrema[1])


def png_chunks(path: Path) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks in file order (type, data), each CRC checked."""
    raw = path.read_bytes()
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    at, out = 8, []
    while at < len(raw):
        (length,) = struct.unpack(">I", raw[at : at + 4])
        kind, data = raw[at + 4 : at + 8], raw[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", raw[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data), kind
        out.append((kind, data))
        at += 12 + length
    return out


# --------------------------------------------------------------------------- 1. print-on-demand sizes


def test_1_the_presets_are_data_with_the_three_shop_sizes() -> None:
    """At least a 2.5 × 3.5 in poker, a 2.25 × 3.5 in bridge and a 1.75 × 2.5 in mini preset, each
    with its bleed and safe zone, in the data file; and the program's presets are that file's."""
    from printables.presets import presets, read_presets

    trims = {tuple(p["trim"]) for p in shop_presets().values() if p["unit"] == "in"}
    assert {(2.5, 3.5), (2.25, 3.5), (1.75, 2.5)} <= trims
    assert all(float(p["bleed"]) > 0 and float(p["safe"]) > 0 for p in shop_presets().values())
    assert set(presets()) == set(shop_presets())
    for name in shop_presets():
        _trim, bleed, safe, pixels = expected(name)
        spec = presets()[name]
        assert spec.pixels == pixels and abs(spec.safe - safe) < 1e-9 and abs(spec.bleed[0] - bleed) < 1e-9
    edited = PRESETS_FILE.read_text(encoding="utf-8") + '\n[presets.my-shop]\nshop = "Mine"\ncard = "poker"\n'
    edited += 'unit = "mm"\ntrim = [63.5, 88.9]\nbleed = 3.175\nsafe = 5\n'
    assert read_presets(edited)["my-shop"].pixels == (825, 1125)  # a preset added to the file is a preset
    with pytest.raises(Exception, match="whole number of pixels"):
        read_presets(edited.replace("bleed = 3.175", "bleed = 3"))


@pytest.mark.parametrize("name", ["mpc-poker", "tgc-bridge", "mpc-mini", "tgc-mini"])
def test_1_a_presets_pngs_are_the_shops_pixels_in_srgb_at_300_dpi(printed: Printed, name: str) -> None:
    _trim, _bleed, _safe, pixels = expected(name)
    folder = printed("png", "fortress", "--preset", name)
    files = sorted(folder.glob("*.png"))
    assert len(files) == 79  # 78 cards and the back
    for path in [*files[::7], folder / "fortress-back.png"]:
        assert Image.open(path).size == pixels, path.name
        chunks = png_chunks(path)
        kinds = [kind for kind, _ in chunks]
        ihdr = chunks[0][1]
        assert ihdr[9] == 2  # colour type 2: RGB, no alpha
        assert b"sRGB" in kinds and kinds.index(b"sRGB") < kinds.index(b"IDAT"), kinds
        phys = dict(chunks)[b"pHYs"]
        x, y, unit = struct.unpack(">IIB", phys)
        assert unit == 1 and x == y and abs(x * 0.0254 - DPI) < 0.01  # pixels a metre: 300 dpi


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_1_metric_pngs_keep_their_size_and_say_srgb_and_300_dpi(printed: Printed, size: str) -> None:
    folder = printed("png", "homalet", "--players", "3", "--size", size)
    w, h = METRIC[size]
    for path in sorted(folder.glob("*.png"))[::10]:
        px = Image.open(path).size
        for pixels, trim in zip(px, (w, h), strict=True):
            assert abs(pixels * 25.4 / DPI - 25.4 / 4 - trim) <= 25.4 / DPI  # the trim, 1/8 in bleed a side
        kinds = [kind for kind, _ in png_chunks(path)]
        assert b"sRGB" in kinds and b"pHYs" in kinds


@pytest.mark.parametrize("name", ["tgc-poker", "mpc-mini"])
def test_1_a_presets_single_pdf_is_its_pngs(printed: Printed, name: str) -> None:
    """--layout single with a preset: each page is the PNG's size, TrimBox on the preset's trim,
    BleedBox on the page; rendered at 300 dpi a page is its PNG (front and back)."""
    trim, bleed, _, pixels = expected(name)
    pdf = printed("deck", "dragoness", "--players", "3", "--layout", "single", "--preset", name)
    folder = printed("png", "dragoness", "--players", "3", "--preset", name)
    reader = PdfReader(pdf)
    for page in reader.pages[:6]:
        media = [float(v) for v in page.mediabox]
        assert [round(v * DPI / 72, 3) for v in media] == [0, 0, *pixels]
        assert [float(v) for v in page.bleedbox] == media
        box = [float(v) for v in page.trimbox]
        want = [bleed, bleed, bleed + trim[0], bleed + trim[1]]
        assert all(abs(a - b) < 0.01 for a, b in zip(box, want, strict=True)), (box, want)
    document = pdfium.PdfDocument(str(pdf))
    pngs = sorted(folder.glob("dragoness-0*.png"))
    for page_no, png in ((0, pngs[0]), (1, folder / "dragoness-back.png"), (2 * 60, pngs[60])):
        page = document[page_no]
        image = page.render(scale=DPI / 72 * (1 - 1e-6)).to_pil().convert("RGB")
        assert image.size == pixels
        diff = ImageChops.difference(image, Image.open(png).convert("RGB"))
        assert peak(diff) <= 8, png.name  # the same picture: the same trim, bleed and index


@pytest.mark.parametrize(
    "args,needle",
    [
        (("png", "fortress", "--preset", "huge"), "unknown preset 'huge': choose mpc-poker"),
        (("png", "fortress", "--preset", "mpc-poker", "--size", "mini"), "leave out --size"),
        (("deck", "fortress", "--layout", "single", "--preset", "tgc-mini", "--bleed", "2"), "leave out --bleed"),
    ],
)
def test_1_bad_presets_are_one_line_and_write_nothing(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    out = cli("print", *args, "-o", str(tmp_path / "out"))
    assert out.returncode == 2 and needle in out.stderr and out.stderr.count("\n") == 1, out.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("page", ["README.md", "docs/printing.md"])
def test_1_the_readme_and_docs_give_each_presets_size_in_mm_inches_and_pixels(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "docs/printing.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| `--")}
    for name, p in shop_presets().items():
        (w, h), _bleed, _, pixels = expected(name)
        row = rows[f"`--preset {name}`"]
        assert f"{w / MM:.2f} × {h / MM:.2f}" in row and f"{w / INCH:g} × {h / INCH:g}" in row, row
        assert f"{pixels[0]} × {pixels[1]}" in row and str(p["shop"]) in row, row
    for size, (w, h) in METRIC.items():
        assert f"{w} × {h}" in (rows[f"`--size {size}`"] if page.startswith("docs") else text)


# --------------------------------------------------------------------------- 2. indices a fanned hand shows

Box = tuple[float, float, float, float]  # left, bottom, right, top in page points


def corner_parts(
    reader: PdfReader, document: pdfium.PdfDocument, page_no: int, trim: Box, depth: float
) -> tuple[list[Box], list[Box], list[str], list[str], list[Box]]:
    """What lies in the top-left and (turned) the bottom-right corner a fanned hand shows, 10 mm wide
    and ``depth`` deep: the boxes of the glyphs and symbols there, as distances from the corner's two
    trim edges (across, down, across + width, down + height), the text of each corner, and the
    boxes of the symbols alone at the top-left. ``reader`` and ``document`` are the same PDF, opened
    once for all its pages (opening it again for each page was most of a deck's reading)."""
    x1, y1, x2, y2 = trim
    text = document[page_no].get_textpage()
    top: list[Box] = []
    bottom: list[Box] = []
    shapes: list[Box] = []
    for i in range(text.count_chars()):
        if not text.get_text_range(i, 1).strip():
            continue
        left, low, right, high = text.get_charbox(i)
        if right - x1 <= 10 * MM and y2 - low <= depth:
            top.append((left - x1, y2 - high, right - x1, y2 - low))
        elif x2 - left <= 10 * MM and high - y1 <= depth:
            bottom.append((x2 - right, low - y1, x2 - left, high - y1))
    _, placed = walk(reader, page_no)
    for p in placed:
        if not any(key in p.name for key in ("sym-", ".gem", "season-")) or not p.forms:
            continue
        form = xobject(reader, page_no, (*p.forms, p.name))
        corners = [apply(p.matrix, x, y) for x, y in path_points(form, reader)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        if x - x1 <= 10 * MM and y2 - y <= depth:
            top.append((min(xs) - x1, y2 - max(ys), max(xs) - x1, y2 - min(ys)))
            shapes.append(top[-1])
        elif x2 - x <= 10 * MM and y - y1 <= depth:
            bottom.append((x2 - max(xs), min(ys) - y1, x2 - min(xs), max(ys) - y1))
    words = [
        str(text.get_text_bounded(x1, y2 - depth, x1 + 10 * MM, y2)).split(),
        str(text.get_text_bounded(x2 - 10 * MM, y1, x2, y1 + depth)).split(),
    ]
    return top, bottom, words[0], words[1], shapes


def xobject(reader: PdfReader, page_no: int, names: tuple[str, ...]) -> Any:
    """The form at the end of ``names`` (each placed inside the one before, from the page down),
    looked up in the resources in force where it is placed."""
    resources: Any = reader.pages[page_no]["/Resources"]
    form: Any = None
    for name in names:
        form = resources["/XObject"][name].get_object()
        resources = form.get("/Resources", resources)
    return form


def path_points(form: Any, reader: PdfReader) -> list[tuple[float, float]]:
    """The points a form's paths pass through or bend towards (its shape's bounds), in its units."""
    points = []
    for operands, op in ContentStream(form, reader).operations:
        if op in (b"m", b"l", b"c", b"v", b"y"):
            values = [float(v) for v in operands]
            points += list(zip(values[::2], values[1::2], strict=True))
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            points += [(x, y), (x + w, y + h)]
    return points


SPECS = [
    ("size", "poker", 3 * MM),
    ("size", "mini", 3 * MM),
    ("preset", "tgc-poker", 0),
    ("preset", "mpc-bridge", 0),
    ("preset", "mpc-mini", 0),
]


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("option,value,safe", SPECS)
def test_2_every_index_stands_3_to_8_mm_from_the_corner(
    printed: Printed, game: str, option: str, value: str, safe: float
) -> None:
    """On every card of every deck and size: the index's number and symbol between 3 and 8 mm from
    the trim across (so a fan showing 10 mm of each card shows all of it), the number's top 3 to 8 mm
    below the top trim, everything inside the shop's safe zone, the number above the symbol, and the
    turned index at the bottom-right the same."""
    if option == "preset":
        safe = expected(value)[2]
    path = printed("deck", game, "--layout", "single", "--duplex", "none", f"--{option}", value)
    reader, document = PdfReader(path), pdfium.PdfDocument(str(path))
    limit = max(safe, 3 * MM)
    for page_no in range(len(reader.pages)):
        trim = tuple(float(v) for v in reader.pages[page_no].trimbox)
        depth = 24 * MM if game == "homalet" else 16 * MM  # HOMALET's index holds the season too
        top, bottom, top_words, bottom_words, symbols = corner_parts(reader, document, page_no, trim, depth)  # type: ignore[arg-type]
        assert top and sorted(top_words) == sorted(bottom_words), (page_no, top_words, bottom_words)
        for boxes in (top, bottom):
            across = min(b[0] for b in boxes), max(b[2] for b in boxes)
            number_top = min(b[1] for b in boxes)
            assert across[0] >= limit - 0.05 and across[1] <= 8 * MM, (page_no, [v / MM for v in across])
            assert limit - 0.05 <= number_top <= 8 * MM, (page_no, number_top / MM)
        if game != "dragoness" or page_no < len(reader.pages) - 9:  # a dragon or a suit: its symbol
            symbols = [b for b in symbols if b[1] < 15 * MM]  # the suit's symbol (not HOMALET's season seal)
            number = min(b[3] for b in top if b[1] < number_top + 1 * MM)  # the number's foot
            assert symbols and all(s[1] > number - 0.01 for s in symbols), page_no  # number above symbol


def test_2_homalets_season_marks_are_in_both_indices(printed: Printed) -> None:
    path = printed("deck", "homalet", "--layout", "single", "--duplex", "none", "--size", "mini")
    data = tomllib.loads((ROOT / "assets" / "decks" / "homalet.toml").read_text(encoding="utf-8"))
    marks = {"spring": "春", "summer": "夏", "autumn": "秋", "winter": "冬"}
    reader, document = PdfReader(path), pdfium.PdfDocument(str(path))
    seasons = 0
    for number, card in data["cards"].items():
        page_no = int(number)
        trim = tuple(float(v) for v in reader.pages[page_no].trimbox)
        _, _, top, bottom, _ = corner_parts(reader, document, page_no, trim, 24 * MM)  # type: ignore[arg-type]
        season = card.get("season")
        for words in (top, bottom):
            assert (marks[season] in words) if season else not set(marks.values()) & set(words), (number, words)
            assert ("+1" in words) == (season == "spring"), (number, words)
        seasons += season is not None
    assert seasons >= 10


# --------------------------------------------------------------------------- 3. backs


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize(
    "option,value", [("size", "poker"), ("size", "mini"), ("preset", "tgc-poker"), ("preset", "mpc-bridge")]
)
def test_3_a_back_turned_over_is_the_same_and_no_diamond_meets_the_trim(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, option: str, value: str
) -> None:
    """The back PNG against itself turned half a circle: no pixel differs by more than 16 of 255
    (before: the title read upside down, 1.8 % of pixels); and from the bleed's edge to the safe zone
    inside the trim there is nothing but the ground (no diamond cut by the trim line).

    The back is the one ``companion print png`` writes, the command run as given with the deck's faces
    left out: only the back is read here (the faces' PNGs are test_1's), and the back is drawn from the
    game, the size and the safe zone, not from the cards (12 whole decks of PNGs were most of this
    file's time)."""
    from printables import faces, kit

    def backs_only(*args: Any, **kwargs: Any) -> faces.DeckArt:
        return dataclasses.replace(faces.deck_art(*args, **kwargs), cards=[])

    monkeypatch.setattr(kit, "deck_art", backs_only)
    folder = tmp_path / "png"
    ok("print", "png", game, "--players", "3" if game != "fortress" else "5", f"--{option}", value, "-o", str(folder))
    assert sorted(p.name for p in folder.iterdir()) == [f"{game}-back.png"]
    back = Image.open(folder / f"{game}-back.png").convert("RGB")
    assert peak(ImageChops.difference(back, back.rotate(180))) <= 16
    if option == "preset":
        _, bleed, safe, _ = expected(value)
    else:
        safe, bleed = 3 * MM, 25.4 / 8 * MM
    border = round((bleed + safe) * DPI / 72)
    ground: Any = back.getpixel((0, 0))
    w, h = back.size
    for box in ((0, 0, w, border), (0, h - border, w, h), (0, 0, border, h), (w - border, 0, w, h)):
        colours: Any = back.crop(box).getcolors(maxcolors=1000)
        assert colours is not None and all(
            max(abs(a - b) for a, b in zip(c, ground, strict=True)) <= 2 for _, c in colours
        ), (box, colours[:5] if colours else None)
    assert len(back.getcolors(maxcolors=100000) or []) > 2  # a pattern and a title, not a plain ground


# --------------------------------------------------------------------------- 4. Dragoness colours apart

DRAGONESS_FILE = ROOT / "assets" / "decks" / "dragoness.toml"
APART = 20.0  # CIEDE2000 between any two of the clans' and the special cards' colours
LIGHTER = 5.0  # CIE L* between any two of them: apart printed in greyscale too
NOT_BLACK = 25.0  # CIE L* of every colour but Merk's black (the old Frond, 20, read as black beside it)


def dragoness_colours() -> dict[str, str]:
    """The clans' colours and the special cards', as the deck file gives them."""
    data = tomllib.loads(DRAGONESS_FILE.read_text(encoding="utf-8"))
    colours = {clan["code"]: clan["color"] for clan in data["clans"]}
    colours["special"] = data["special_color"]
    return colours


def lightness(hex_code: str) -> float:
    return lab(to_linear(hex_rgb(hex_code)))[0]


def test_4_dragoness_colours_stand_apart_in_colour_and_in_greyscale() -> None:
    """Every pair of the eight clans' colours and the special cards' colour: at least CIEDE2000 20
    apart (before: Gylden and the special cards 15.4, Lochen and them 19.7), and at least 5 apart in
    CIE lightness, so a greyscale print keeps them apart too; and none but Merk's black so dark that
    it reads as black beside it (before: Frond, L* 20). Nine colours 5 apart, each 3:1 on white (L*
    61.7 at most), leave little room: 5 is what fits above 25."""
    colours = dragoness_colours()
    assert len(colours) == 9
    for code, colour in colours.items():  # none but Merk's black reads as black beside it
        assert code == "Me" or lightness(colour) >= NOT_BLACK, (code, round(lightness(colour), 1))
    for (a, x), (b, y) in itertools.combinations(colours.items(), 2):
        assert distance(x, y) >= APART, (a, b, round(distance(x, y), 1))
        assert abs(lightness(x) - lightness(y)) >= LIGHTER, (a, b, round(lightness(x), 1), round(lightness(y), 1))


def test_4_the_judges_catch_the_old_dragoness_colours() -> None:
    """The checks above, on the colours the issue names: the special cards' old dark gold beside
    Gylden, and Frond's near-black green beside Merk's black in greyscale."""
    assert distance("#7a5c00", "#a98005") < APART  # special cards and Gylden
    assert abs(lightness("#7a5c00") - lightness("#845544")) < LIGHTER  # special cards and Lochen, in grey
    assert lightness("#1f3614") < NOT_BLACK  # Frond beside Merk
    assert contrast("#00acc1") < 3  # the old cyan gem on white


def test_4_every_icon_stands_out_3_to_1_on_white(printed: Printed) -> None:
    """The fills of every symbol form printed (suits, HOMALET's colours and seasons, the gem) and the
    frames' colours: at least 3:1 against the white card (WCAG's ratio for graphics)."""
    for game in ("fortress", "homalet", "dragoness"):
        reader = PdfReader(printed("deck", game, "--duplex", "none"))
        fills = set()
        for page_no in range(len(reader.pages)):
            page: Any = reader.pages[page_no]
            xobjects: Any = page["/Resources"]["/XObject"]
            for name, ref in xobjects.items():
                if not any(key in name for key in ("sym-", ".gem", "season-", "frame-")):
                    continue
                for operands, op in ContentStream(ref.get_object(), reader).operations:
                    if op in (b"rg", b"RG"):
                        rgb = tuple(float(v) for v in operands)
                        if rgb != (1.0, 1.0, 1.0):  # the white of a frame's card and a seal's middle
                            fills.add("#" + "".join(f"{round(v * 255):02x}" for v in rgb))
        assert len(fills) >= 5, game
        for fill in fills:
            assert contrast(fill) >= 3, (game, fill, round(contrast(fill), 2))


def test_4_the_special_and_gem_colours_are_the_deck_files(tmp_path: Path) -> None:
    """The colours live in the deck file: a table's own file with other special and gem colours
    prints in those, on paper and on the app's tiles alike; a file without them still loads."""
    from companion.cards.cardlook import contrast as tile_contrast
    from companion.cards.cardlook import dragoness_look
    from companion.cards.decks import load_deck_data
    from companion.rules import dragoness

    text = DRAGONESS_FILE.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    own = tmp_path / "own.toml"
    own.write_text(
        text.replace(data["special_color"], "#5a1e82").replace(data["gem_color"], "#00695c"), encoding="utf-8"
    )
    path = tmp_path / "own.pdf"
    ok("print", "deck", "dragoness", "--players", "3", "--duplex", "none", "--deck", str(own), "-o", str(path))
    reader = PdfReader(path)
    last: Any = reader.pages[len(reader.pages) - 1]
    xobjects = last["/Resources"]["/XObject"]
    strokes = [op for op in ContentStream(xobjects["/FormXob.frame-special"].get_object(), reader).operations]
    assert [[round(float(v) * 255) for v in o] for o, op in strokes if op == b"RG"] == [[0x5A, 0x1E, 0x82]]
    placed = next(p for p in walk(reader, 0)[1] if p.name.endswith(".gem"))  # in the dragons' gem rows
    gem = ContentStream(xobject(reader, 0, (*placed.forms, placed.name)), reader).operations
    assert [[round(float(v) * 255) for v in o] for o, op in gem if op == b"rg"] == [[0x00, 0x69, 0x5C]]
    deck = dragoness.Deck.from_data(load_deck_data("dragoness", own))
    special = next(card for card in deck.all_cards() if deck.kind(card) != "dragon")
    look = dragoness_look(deck, special)
    assert look.colour == "#5a1e82" and tile_contrast(look.ink, look.ground) >= 4.5
    old = tmp_path / "old.toml"  # a deck file written before the keys existed
    old.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith(("special_color", "gem_color"))),
        encoding="utf-8",
    )
    assert dragoness.Deck.from_data(load_deck_data("dragoness", old)).special_color == "#7a5c00"


# --------------------------------------------------------------------------- 7. special cards on every size


Line = tuple[float, float, float, float, float, str]  # left, bottom, right, top, size, text


def lines_of(document: pdfium.PdfDocument, page_no: int) -> list[Line]:
    """The text lines of a page as pdfium reads them (it breaks lines where the baseline changes):
    (left, bottom, right, top, size, text), across by the characters' advances (a line is centred on
    its advances: "（" and "。" hold their ink to one side of theirs), up and down by their ink, and
    the line's height as the font's (the lowest of pdfium's loose boxes of its characters: "(" has a
    taller one)."""
    text = document[page_no].get_textpage()
    lines: list[Line] = []
    boxes: list[tuple[float, float, float, float, float]] = []
    chars = ""
    for i in range(text.count_chars() + 1):
        ch = text.get_text_range(i, 1) if i < text.count_chars() else "\n"
        if ch in "\r\n":
            if boxes:
                lines.append(
                    (
                        min(b[0] for b in boxes),
                        min(b[1] for b in boxes),
                        max(b[2] for b in boxes),
                        max(b[3] for b in boxes),
                        round(min(b[4] for b in boxes), 1),
                        chars.strip(),
                    )
                )
            boxes, chars = [], ""
        else:
            chars += ch
            if ch.strip():
                loose, tight = text.get_charbox(i, loose=True), text.get_charbox(i)
                boxes.append((loose[0], tight[1], loose[2], tight[3], loose[3] - loose[1]))
    return sorted(lines, key=lambda line: -line[1])


INDEX_WORDS = {"13", "1–8", "9–12", "1–12", "⇄", "DR", "PG", "SQ", "KN", "RV"}  # a special's value and code


@pytest.mark.parametrize("size", ["mini", "bridge", "poker"])
def test_7_special_cards_lay_out_alike_on_every_size(printed: Printed, size: str) -> None:
    """Every special card, the Revive on mini included: its body lines centred on the card (no
    zig-zag), its title below the index (not beside it), the whole block in the middle of the room
    between the index and the frame at the foot (the Revive's text reaching the bottom quarter)."""
    path = printed("deck", "dragoness", "--layout", "single", "--duplex", "none", "--size", size)
    reader, document = PdfReader(path), pdfium.PdfDocument(str(path))
    specials = range(len(reader.pages) - 9, len(reader.pages))  # DR, 2 PG, 2 SQ, 2 KN, 2 RV
    for page_no in specials:
        x1, y1, x2, y2 = (float(v) for v in reader.pages[page_no].trimbox)
        w, h = x2 - x1, y2 - y1
        lines = lines_of(document, page_no)
        index = [ln for ln in lines if ln[5] in INDEX_WORDS and ln[2] < x1 + w / 3 and ln[3] > y1 + h / 2]
        turned = [ln for ln in lines if ln[5] in INDEX_WORDS and ln[0] > x2 - w / 3 and ln[1] < y1 + h / 2]
        middle = [ln for ln in lines if ln not in index and ln not in turned]
        assert index and turned and middle
        body_height = min(ln[4] for ln in middle)
        body = [ln for ln in middle if abs(ln[4] - body_height) < 0.2]
        assert len(body) >= 3
        for left, _, right, _, _, _ in body:
            assert abs((left + right) / 2 - (x1 + w / 2)) < 0.3 * MM, (page_no, (left + right) / 2 - x1 - w / 2)
        index_foot = min(ln[1] for ln in index)
        title_top = max(ln[3] for ln in middle)
        assert title_top < index_foot, (page_no, "the title stands beside the index")
        text_foot = min(ln[1] for ln in body)
        above, below = index_foot - title_top, text_foot - (y1 + 4 * MM + 4.5)  # to the frame at the foot
        assert abs(above - below) < 4 * MM, (page_no, above / MM, below / MM)  # the block in its room's middle
        if page_no >= len(reader.pages) - 2:  # the Revive, the longest text: down into the bottom quarter
            assert text_foot - y1 < h / 4, (page_no, (text_foot - y1) / h)

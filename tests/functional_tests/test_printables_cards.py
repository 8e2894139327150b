"""Card faces as a designer and a player judge them: the frame and every word inside the safe area,
corner indices that identify a card in a fanned hand, 6/9 underlined, palettes that stay apart for
every kind of colour vision, the Dragoness deck in gem order. Positions are read from the PDF
(pdfium's glyph boxes, the frame found in a rendering), colours with an independent simulation."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.cards.decks import default_deck_path
from printables.faces import needs_underline
from tests.helpers.cli import cli_here
from tests.helpers.colour_vision import contrast, distance, hex_rgb
from tests.helpers.pdf import ops_with_ctm, resources

MM = 72 / 25.4
POKER = (63 * MM, 88 * MM)
SAFE = 3 * MM
DPI = 300
STRIP = (10 * MM, 22 * MM)  # the corner a fanned hand shows: 10 mm of the card, down to below the index
CORNER_DEPTH = 24 * MM  # the corner indices reach no lower than this from the top (and up from the bottom)


def _print_deck(path: Path, game: str, *extra: str) -> Path:
    out = cli_here("print", "deck", game, *extra, "-o", str(path))  # in this process: the PDF is tested
    assert out.returncode == 0, out.stderr
    return path


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("decks")
    return {game: _print_deck(folder / f"{game}.pdf", game) for game in ("fortress", "homalet", "dragoness")}


def card_origins(reader: PdfReader, page_no: int) -> list[tuple[float, float]]:
    """Trim-box origins of the card fronts on a page, in reading order (top row first)."""
    spots = [
        (x, y) for op, operands, (x, y) in ops_with_ctm(reader, page_no) if op == b"Do" and "frame-" in str(operands[0])
    ]
    return sorted(spots, key=lambda p: (-round(p[1]), p[0]))


def glyph_boxes(path: Path, page_no: int, loose: bool = False) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every visible character on a page with its box (left, bottom, right, top) in points: tight
    around the ink, or ``loose``: the font's whole line height and the glyph's advance."""
    page = pdfium.PdfDocument(str(path))[page_no]
    text = page.get_textpage()
    out = []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            out.append((ch, text.get_charbox(i, loose=loose)))
    return out


def frame_edges(path: Path, page_no: int, origin: tuple[float, float], colour: str) -> tuple[float, float]:
    """Scanning the rendered card inward from its left trim at mid-height: the distances (points) from
    the trim to the first and the last pixel of the frame's run of its colour."""
    page = pdfium.PdfDocument(str(path))[page_no]
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    height = page.get_height()
    scale = DPI / 72
    target = tuple(round(v * 255) for v in hex_rgb(colour))
    y = round((height - (origin[1] + POKER[1] / 2)) * scale)
    hits: list[float] = []
    for step in range(0, round(POKER[0] * 0.3 * scale)):
        x = round(origin[0] * scale) + step
        pixel = image.getpixel((x, y))
        if sum(abs(a - b) for a, b in zip(pixel, target, strict=True)) < 60:
            hits.append(step / scale)
        elif hits:  # the first run of frame-coloured pixels is the frame
            break
    assert hits, "no frame found"
    return hits[0], hits[-1]


FIRST_SHEET_COLOUR = {"fortress": "fortress", "homalet": "homalet", "dragoness": "dragoness"}


def _deck_colours(game: str) -> list[str]:
    data = tomllib.loads(default_deck_path(game).read_text())
    return [c["color"] for c in data.get("suits", data.get("colors", data.get("clans", [])))]


@pytest.mark.parametrize("game,page_no", [("fortress", 0), ("homalet", 0), ("dragoness", 0), ("dragoness", 22)])
def test_frame_and_all_text_inside_the_safe_area(decks: dict[str, Path], game: str, page_no: int) -> None:
    """The frame's outer edge at least 4 mm in (a 1 mm cutting error leaves it 3 mm inside the trim);
    every glyph of the middle at least 1.5 mm inside the frame's inner edge, and every glyph of the
    corner indices (the frame steps around them) 3 to 8 mm from the trim, inside the safe area."""
    path = decks[game]
    reader = PdfReader(path)
    origins = card_origins(reader, page_no)
    assert origins
    glyphs = glyph_boxes(path, page_no)
    names = [str(ops[0]) for op, ops, _ in ops_with_ctm(reader, page_no) if op == b"Do" and "frame-" in str(ops[0])]
    for (ox, oy), name in zip(origins[:3], names[:3], strict=False):
        form = resources(reader, page_no)["/XObject"][name].get_object()
        stream = ContentStream(form, reader).operations
        stroke = next(tuple(float(v) for v in operands) for operands, op in stream if op == b"RG")
        colour = "#" + "".join(f"{round(v * 255):02x}" for v in stroke)
        outer, inner = frame_edges(path, page_no, (ox, oy), colour)
        assert outer >= SAFE + 1 * MM - 0.3, (name, outer / MM)
        limit = inner + 1.5 * MM
        inside = [
            (ch, box)
            for ch, box in glyphs
            if ox <= (box[0] + box[2]) / 2 <= ox + POKER[0] and oy <= (box[1] + box[3]) / 2 <= oy + POKER[1]
        ]
        assert len(inside) >= 8
        indices = 0
        for ch, (left, bottom, right, top) in inside:
            near = (left - ox, oy + POKER[1] - top)  # from the left and top trim
            turned = (ox + POKER[0] - right, bottom - oy)  # from the right and bottom trim
            for x, y in (near, turned):
                if x < 8 * MM and y < CORNER_DEPTH:  # a corner index
                    width = right - left
                    assert x >= SAFE and y >= SAFE and x + width <= 8 * MM, (name, ch, x / MM, y / MM)
                    indices += 1
                    break
            else:
                assert left - ox >= limit and ox + POKER[0] - right >= limit, (name, ch, (left - ox) / MM)
                assert bottom - oy >= limit and oy + POKER[1] - top >= limit, (name, ch, (bottom - oy) / MM)
        assert indices >= 4, name


def corner_text(path: Path, page_no: int, origin: tuple[float, float], turned: bool) -> str:
    """The text in a corner as a fanned hand shows it: 10 mm wide, the top 22 mm of the card
    (the bottom-right corner for the turned index)."""
    page = pdfium.PdfDocument(str(path))[page_no]
    text = page.get_textpage()
    ox, oy = origin
    w, h = POKER
    if turned:
        return str(text.get_text_bounded(ox + w - STRIP[0], oy, ox + w, oy + STRIP[1]))
    return str(text.get_text_bounded(ox, oy + h - STRIP[1], ox + STRIP[0], oy + h))


def corner_forms(reader: PdfReader, page_no: int, origin: tuple[float, float]) -> list[str]:
    """The forms drawn in the card's top-left corner strip and, turned, in its bottom-right one
    (looking inside the forms placed on the card, where the repeated parts of an index live)."""
    ox, oy = origin
    w, h = POKER
    xobjects = resources(reader, page_no)["/XObject"]
    placed = [
        str(ops[0])
        for op, ops, (x, y) in ops_with_ctm(reader, page_no)
        if op == b"Do" and abs(x - ox) < 0.01 and abs(y - oy) < 0.01
    ]
    top, bottom = set(), set()
    for name in placed:
        form = xobjects[name].get_object()
        ctm, stack = (0.0, 0.0), []
        for operands, op in ContentStream(form, reader).operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = (ctm[0] + float(operands[4]), ctm[1] + float(operands[5]))
            elif op == b"Do":
                x, y = ctm
                if x <= STRIP[0] and y >= h - STRIP[1]:
                    top.add(str(operands[0]))
                if x >= w - STRIP[0] and y <= STRIP[1]:
                    bottom.add(str(operands[0]))
    return sorted(top & bottom)


def test_fortress_corner_shows_rank_suit_letter_and_symbol(decks: dict[str, Path]) -> None:
    reader = PdfReader(decks["fortress"])
    for i, origin in enumerate(card_origins(reader, 0)):  # red 1..9
        for turned in (False, True):
            words = corner_text(decks["fortress"], 0, origin, turned).split()
            assert str(i + 1) in words and "R" in words, (i, turned, words)
        assert any("sym-R" in name for name in corner_forms(reader, 0, origin))


def test_homalet_corner_shows_number_and_colour_symbol(decks: dict[str, Path]) -> None:
    reader = PdfReader(decks["homalet"])
    keys = ["crimson", "indigo", "jade", "gold", "violet"]
    for i, origin in enumerate(card_origins(reader, 0)):  # 00..08, colours n mod 5 below 10
        assert f"{i:02d}" in corner_text(decks["homalet"], 0, origin, False).split()
        assert f"{i:02d}" in corner_text(decks["homalet"], 0, origin, True).split()
        assert any(f"sym-{keys[i % 5]}" in name for name in corner_forms(reader, 0, origin))


def test_homalet_colours_have_distinct_symbols(decks: dict[str, Path]) -> None:
    """Every HOMALET colour comes with its own shape (not colour alone)."""
    from companion.cards.cardlook import COLOUR_SHAPES as SHAPES

    assert len(set(SHAPES)) == len(SHAPES) >= len(_deck_colours("homalet"))


def test_dragoness_corner_shows_number_clan_and_gem_count(decks: dict[str, Path]) -> None:
    reader = PdfReader(decks["dragoness"])
    origins = card_origins(reader, 0)  # Lochen 1..9 (gem order: Lochen first)
    for i, origin in enumerate(origins):
        for turned in (False, True):
            words = corner_text(decks["dragoness"], 0, origin, turned).split()
            assert str(i + 1) in words and "Lo" in words and "1" in words, (i, turned, words)
        assert any("gem" in name for name in corner_forms(reader, 0, origin))


def test_dragoness_specials_show_their_value_in_both_corners(decks: dict[str, Path]) -> None:
    reader = PdfReader(decks["dragoness"])
    last = len(reader.pages) - 2  # the last sheet of fronts holds the specials
    seen = set()
    for page_no in (last - 2, last):
        for origin in card_origins(reader, page_no):
            top = corner_text(decks["dragoness"], page_no, origin, False).split()
            bottom = corner_text(decks["dragoness"], page_no, origin, True).split()
            assert top and sorted(top) == sorted(bottom), (top, bottom)
            seen.update(top)
    assert "13" in seen and "DR" in seen


def test_dragoness_deck_prints_in_gem_order(decks: dict[str, Path]) -> None:
    from printables.faces import deck_art

    art = deck_art("dragoness")
    clans = [card.code for card in art.cards if card.number][:96]
    order = list(dict.fromkeys(clans))
    assert order == ["Lo", "Fr", "Cy", "Et", "Sa", "Ri", "Me", "Gy"]
    first = PdfReader(decks["dragoness"]).pages[0].extract_text()
    assert "Lochen" in first and "Cyclone" not in first


@pytest.mark.parametrize(
    "game,labels,ambiguous",
    [
        ("fortress", [str(n) for n in range(1, 14)], {"6", "9"}),
        ("dragoness", [str(n) for n in range(1, 14)], {"6", "9"}),
        ("homalet", [f"{n:02d}" for n in range(70)], {"09", "60", "19", "61", "01", "10"}),
    ],
)
def test_numbers_that_read_upside_down_are_underlined(game: str, labels: list[str], ambiguous: set[str]) -> None:
    """6/9 in every deck, and in HOMALET the pairs that read as each other turned (09/60, 19/61, 01/10)."""
    assert {label for label in labels if needs_underline(label, labels)} == ambiguous


def test_six_and_nine_carry_their_bars_on_the_page(decks: dict[str, Path]) -> None:
    """On the first Fortress sheet (1..9) only the 6 and the 9 have bars: under the big number and
    under both corner indices."""
    reader = PdfReader(decks["fortress"])
    origins = card_origins(reader, 0)
    bars = {i: 0 for i in range(9)}
    for op, _, (x, y) in ops_with_ctm(reader, 0):
        if op == b"re":
            for i, (ox, oy) in enumerate(origins):
                if abs(x - ox) < 0.01 and abs(y - oy) < 0.01:
                    bars[i] += 1
    assert bars == {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 3, 6: 0, 7: 0, 8: 3}


def text_lines_on_back(path: Path, page_no: int, origin: tuple[float, float]) -> int:
    """How many lines of white text a back holds: runs of pixel rows with white in them (the
    pattern is a tint of the back's colour, never white), in a back rendered at 150 dpi."""
    page = pdfium.PdfDocument(str(path))[page_no]
    scale = 150 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    ox, oy = origin
    top = round((page.get_height() - oy - POKER[1]) * scale)
    left = round(ox * scale)
    box = image.crop((left, top, left + round(POKER[0] * scale), top + round(POKER[1] * scale)))
    rows = [(box.crop((0, y, box.width, y + 1)).getextrema()[1] or 0) > 230 for y in range(box.height)]
    return sum(1 for a, b in itertools.pairwise([False, *rows]) if b and not a)


def test_a_title_the_same_in_both_languages_is_printed_once_each_way_up(tmp_path: Path) -> None:
    """HOMALET is HOMALET in Japanese too: its back holds one line of title each way up (two in all),
    the Dragoness back its two languages each way up (four)."""
    for game, lines in (("homalet", 2), ("dragoness", 4)):
        path = _print_deck(tmp_path / f"{game}.pdf", game, "--players", "3")
        reader = PdfReader(path)
        ox, oy = sorted(card_origins(reader, 0))[0]
        x = float(reader.pages[1].mediabox.width) - ox - POKER[0]  # long-edge duplex: a left card's back is right
        assert text_lines_on_back(path, 1, (x, oy)) == lines, game


KINDS = (None, "deuteranopia", "protanopia", "tritanopia")


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
def test_palette_stays_apart_for_every_colour_vision(game: str) -> None:
    """Every pair of a deck's colours at least CIEDE2000 12 apart for normal vision and simulated
    deuteranopia, protanopia and tritanopia; every colour at least 3:1 against the white panel."""
    colours = _deck_colours(game)
    for a, b in itertools.combinations(colours, 2):
        for kind in KINDS:
            assert distance(a, b, kind) >= 12, (game, a, b, kind, distance(a, b, kind))
    for c in colours:
        assert contrast(c) >= 3, (game, c, contrast(c))


def test_colour_simulation_finds_the_old_collisions() -> None:
    """The judge itself: the old palettes' flaws named in the issue are caught."""
    assert distance("#6d4c41", "#5d4037") < 12  # Dragoness Lochen and Ridge, the same brown
    assert distance("#c62828", "#2e7d32", "deuteranopia") < 12  # Fortress red/green
    assert distance("#1a237e", "#6a1b9a", "deuteranopia") < 12  # HOMALET indigo/violet
    assert contrast("#f9a825") < 3  # HOMALET gold on white


@pytest.mark.parametrize("size", ["poker", "mini"])
@pytest.mark.parametrize("game,page_no", [("dragoness", 0), ("homalet", 0), ("fortress", 0), ("dragoness", -2)])
def test_the_corners_hold_the_index_alone(tmp_path: Path, game: str, size: str, page_no: int) -> None:
    """On every card size, the corner a fanned hand shows (10 mm of the card, down to below its
    index) holds the index and nothing else: the middle text never runs into it."""
    path = _print_deck(tmp_path / "d.pdf", game, "--size", size)
    reader = PdfReader(path)
    page_no %= len(reader.pages)
    xobjects = resources(reader, page_no)["/XObject"]
    frame = next(v.get_object() for k, v in xobjects.items() if "frame-" in k)
    x1, y1, x2, y2 = (float(v) for v in frame["/BBox"])
    w, h = x2 - x1, y2 - y1
    text = pdfium.PdfDocument(str(path))[page_no].get_textpage()
    checked = 0
    right, depth = STRIP[0], STRIP[1] if game == "homalet" else 15 * MM  # HOMALET's index holds the season too
    for ox, oy in card_origins(reader, page_no):
        top = text.get_text_bounded(ox, oy + h - depth, ox + right, oy + h).split()
        bottom = text.get_text_bounded(ox + w - right, oy, ox + w, oy + depth).split()
        assert top and sorted(top) == sorted(bottom), (top, bottom)
        # number, word, count (or season and +1): no middle text
        assert len(top) <= 4 and all(len(word) <= 5 for word in top), top
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize(
    "game,size,page_no",
    [
        ("dragoness", "mini", 0),
        ("homalet", "mini", 0),
        ("fortress", "mini", 0),
        ("dragoness", "poker", 22),
        ("homalet", "bridge", 0),
        ("dragoness", "mini", 10),
    ],
)
def test_no_text_runs_into_other_text(tmp_path: Path, game: str, size: str, page_no: int) -> None:
    """On every card size, no character's ink overlaps another's (text printed over text)."""
    path = _print_deck(tmp_path / "d.pdf", game, "--size", size)
    reader = PdfReader(path)
    frame = next(v.get_object() for k, v in resources(reader, page_no)["/XObject"].items() if "frame-" in k)
    x1, y1, x2, y2 = (float(v) for v in frame["/BBox"])
    cards = [(ox, oy, ox + x2 - x1, oy + y2 - y1) for ox, oy in card_origins(reader, page_no)]
    glyphs = [
        box
        for _, box in glyph_boxes(path, page_no)  # the cards' text, not the sheet's note
        if any(a <= (box[0] + box[2]) / 2 <= c and b <= (box[1] + box[3]) / 2 <= d for a, b, c, d in cards)
    ]
    assert len(glyphs) > 50
    shrink = 0.25  # anti-aliasing and rounding
    boxes = [(a + shrink, b + shrink, c - shrink, d - shrink) for a, b, c, d in glyphs]
    boxes.sort()
    for i, (x1, y1, x2, y2) in enumerate(boxes):
        for u1, v1, u2, v2 in boxes[i + 1 :]:
            if u1 >= x2:
                break
            assert not (v1 < y2 and v2 > y1), ((x1, y1, x2, y2), (u1, v1, u2, v2))

"""Issue 30 item 6: typesetting, measured where each line breaks and where it starts (the glyph
boxes pdfium reads from the PDFs), and where the codes and headings stand (the PDF's content)."""

from __future__ import annotations

import ctypes
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from companion.store import Store
from tests.functional_tests.pdf_walk import walk
from tests.helpers.inprocess import call
from tests.helpers.standard_masks import codes_in_the_standard_mask

MM = 72 / 25.4
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class Line:
    """A line of text as printed: its glyphs with their ink boxes and font sizes, and its baseline
    (the bottom of the font's box, the same for every glyph of the line)."""

    def __init__(self, baseline: float) -> None:
        self.chars: list[tuple[str, tuple[float, float, float, float], float]] = []
        self.baseline = baseline

    @property
    def text(self) -> str:
        return "".join(ch for ch, _, _ in self.chars).strip()

    @property
    def left(self) -> float:
        """Where its first glyph's ink starts."""
        return min(box[0] for ch, box, _ in self.chars if ch.strip())


def lines(path: Path, page_no: int, gap: float = 5 * MM) -> list[Line]:
    """The page's lines in the order they were drawn: a new line where the baseline changes or the
    text jumps back, or ahead by more than ``gap`` (a card beside, a table cell)."""
    page = pdfium.PdfDocument(str(path))[page_no]
    text = page.get_textpage()
    out: list[Line] = []
    last: tuple[float, float, float, float] | None = None
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch in "\r\n":
            continue
        box = text.get_charbox(i)
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, i, x, y)  # on the baseline
        loose = (x.value, y.value, x.value + box[2] - box[0], y.value)
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i)
        if not ch.strip():
            if out:
                out[-1].chars.append((ch, box, size))
            continue
        if last is None or abs(loose[1] - last[1]) > 1 or loose[0] < last[0] - 1 or loose[0] > last[2] + gap:
            out.append(Line(loose[1]))
        out[-1].chars.append((ch, box, size))
        last = loose
    return out


def document_lines(path: Path) -> list[Line]:
    return [line for n in range(len(pdfium.PdfDocument(str(path)))) for line in lines(path, n)]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The summaries and score sheets of every game in both languages, and the example games' result
    sheets, printed by the commands."""
    folder = tmp_path_factory.mktemp("typeset")
    out: dict[str, Path] = {}
    db = folder / "games.sqlite3"
    with Store.open(db) as store:
        ids = {
            game: store.import_record(json.loads((EXAMPLES / "records" / f"{game}.json").read_text("utf-8")))
            for game in ("fortress", "homalet", "dragoness")
        }
    with codes_in_the_standard_mask():  # the codes' places are read here, not the codes
        for game in ("fortress", "homalet", "dragoness"):
            for lang in ("en", "ja"):
                for kind, extra in (("summary", ()), ("sheet", ("--players", "5")), ("result", ())):
                    path = folder / f"{kind}-{game}-{lang}.pdf"
                    what = (str(ids[game]), "--db", str(db)) if kind == "result" else (game, *extra)
                    assert call("print", kind, *what, "--lang", lang, "-o", str(path)).code == 0
                    out[f"{kind}-{game}-{lang}"] = path
    return out


# --------------------------------------------------------------------------- the rule summaries


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_suit_code_is_never_parted_from_its_name(printed: dict[str, Path], lang: str) -> None:
    """F-1 names the prototype suits "R red, Y yellow …" / "R 赤・Y 黄…": each code on the line of its name."""
    names = {"en": ["red", "yellow", "green", "blue", "purple", "black"], "ja": ["赤", "黄", "緑", "青", "紫", "黒"]}
    text = [line.text for line in document_lines(printed[f"summary-fortress-{lang}"])]
    f1 = next(i for i, line in enumerate(text) if "F-1" in line)
    block = text[f1 : f1 + 3]
    for code, name in zip("RYGBPK", names[lang], strict=True):
        assert any(f"{code} {name}" in line for line in block), (code, name, block)
        assert not any(line.endswith(f" {code}") or line.endswith(f"・{code}") for line in block), block


def test_japanese_bullets_opening_with_a_bracket_start_flush(printed: dict[str, Path]) -> None:
    """A bullet that opens with ［F-1］ starts where the others do: the bracket's built-in half-em of
    space hangs outside the measure (today the bracket's ink starts half an em further in)."""
    for game in ("fortress", "homalet", "dragoness"):
        path = printed[f"summary-{game}-ja"]
        found = document_lines(path)
        bullets = [n for n, line in enumerate(found) if line.text.startswith("•")]
        assert bullets
        bracketed: list[float] = []
        plain: list[float] = []
        for n in bullets:  # the first line of each bullet: its body's first glyph, after the bullet sign
            chars = [c for c in found[n].chars if c[0].strip()][1:]
            first, box, size = chars[0]
            (bracketed if first == "［" else plain).append((box[0] - found[n].left) / size)
        assert bracketed and plain
        # a kanji's ink starts about a tenth of an em into its box; the bracket's, as far into its half
        assert max(bracketed) < max(plain) + 0.15, (bracketed, plain)


def test_the_japanese_publisher_caption_has_a_full_width_colon(printed: dict[str, Path]) -> None:
    text = " ".join(line.text for line in document_lines(printed["summary-fortress-ja"]))
    assert "発行元のページ：" in text and "発行元のページ:" not in text


def test_no_summary_paragraph_ends_in_a_lone_short_word(printed: dict[str, Path]) -> None:
    """A runt such as "0)." alone on the last line of an English HOMALET rule: every body line (one
    that starts at a bullet's indent) holds more than one word, or in Japanese more than four characters."""
    for game in ("fortress", "homalet", "dragoness"):
        for lang in ("en", "ja"):
            found = document_lines(printed[f"summary-{game}-{lang}"])
            starts = [line.left for line in found if line.text.startswith("•")]
            for line in found:
                if not any(abs(line.left - s) < 2 for s in starts) and line.text[:1] != "•":
                    words = line.text.split()
                    runt = len(words) == 1 and len(words[0]) <= 4 if lang == "en" else len(line.text) <= 4
                    assert not runt or re.fullmatch(r"\d+/\d+", line.text), (game, lang, line.text)


# --------------------------------------------------------------------------- the result sheet


def arithmetic(path: Path) -> list[str]:
    """The lines of the sheet's arithmetic, from its heading to the codes' heading."""
    text = [line.text for line in lines(path, 0)]
    start = next(n for n, t in enumerate(text) if t in ("The arithmetic", "計算の内訳"))
    ends = ("The game record", "ゲーム記録", "Print at")  # the codes, or the page's foot
    end = next((n for n, t in enumerate(text) if t.startswith(ends)), len(text))
    return text[start + 1 : end]


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_equation_is_never_broken_before_its_result(printed: dict[str, Path], game: str, lang: str) -> None:
    """No line ends with "=" (its result on the next: "春マーク 0 =" / "4。"), none starts with "=", and
    none is a result alone."""
    found = arithmetic(printed[f"result-{game}-{lang}"])
    assert found
    for line in found:
        assert not line.endswith(("=", "＝")) and not line.startswith(("=", "＝")), line
        assert not re.fullmatch(r"\d+[。.]", line), line
        assert not line.endswith(("+", "＋", "−", "×")), line  # no line ends with an operator either


def test_the_japanese_sheet_writes_one_plus_sign(printed: dict[str, Path]) -> None:
    text = " ".join(arithmetic(printed["result-homalet-ja"]))
    assert " + " in text and "＋" not in text  # "基本1＋同数1" no longer beside "基本点 5 + 同数ボーナス 2"


@pytest.mark.parametrize("width", [60, 80, 95, 110, 130])
def test_a_name_and_its_count_stay_on_one_line(width: float) -> None:
    """The Dragoness settlement pairs each name with its own count ("Aki 8, Ben 11 cards left": the
    wording is companion/settle's): the sheet never breaks between a name and its number."""
    from printables import typeset
    from printables.fonts import register_fonts

    register_fonts()
    text = (
        "round 1: Fumi went out first: 3; Hana 1 card left: 2; Aki 5 and Emi 5 cards left: 1 each; "
        "Ben 6, Chie 6, Dai 8, Gen 8 cards left: 0."
    )
    broken = typeset.wrap(text, 8.5, width * MM, typeset.equations)
    assert len(broken) > 1
    for line, after in itertools.pairwise(broken):
        assert not re.match(r"\d", after), (line, after)  # a number never starts a line
        assert not line.endswith(("Aki", "Emi", "Ben", "Chie", "Dai", "Gen", "Hana")), (line, after)


def page_used(path: Path) -> float:
    """How far down the first page its content reaches, as a share of the page (the print note at
    the foot left out)."""
    image = pdfium.PdfDocument(str(path))[0].render(scale=50 / 72).to_pil().convert("L")
    foot = round(20 * MM * 50 / 72)
    rows = [y for y in range(image.height - foot) if image.crop((0, y, image.width, y + 1)).getextrema()[0] < 200]
    return float(max(rows) / image.height)


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
def test_the_first_page_is_used_and_the_codes_are_centred(printed: dict[str, Path], game: str) -> None:
    """Codes start under the scores where a row fits (page 1 was about 55 % blank), and every row of
    codes is centred on the page (the grid was left-aligned)."""
    path = printed[f"result-{game}-en"]
    assert page_used(path) > 0.75
    reader = PdfReader(path)
    width = float(reader.pages[0].mediabox[2])
    for page in range(len(reader.pages)):
        placed = [p for p in walk(reader, page)[1] if "record-" in p.name]
        assert page > 0 or placed  # the first page holds codes
        rows: dict[float, list[Any]] = {}
        for p in placed:
            rows.setdefault(round(p.matrix[5]), []).append(p)
        for row in rows.values():
            left = min(p.matrix[4] for p in row)
            right = max(p.matrix[4] + p.matrix[0] * _modules(reader, page, p.name) for p in row)
            assert abs((left + right) / 2 - width / 2) < 0.5 * MM, (game, page, left, right)


def _modules(reader: PdfReader, page: int, name: str) -> float:
    resources: Any = reader.pages[page]["/Resources"]
    return float(resources["/XObject"][name].get_object()["/BBox"][2])


# --------------------------------------------------------------------------- the score sheets


def vertical_lines(path: Path) -> list[float]:
    """The x of the table's vertical lines in the first table's heading row (from the drawing)."""
    from tests.helpers.pdf import ops_with_ctm

    reader = PdfReader(path)
    xs = []
    start: tuple[float, float] | None = None
    for op, operands, (dx, dy) in ops_with_ctm(reader, 0):
        if op == b"m":
            start = (float(operands[0]) + dx, float(operands[1]) + dy)  # type: ignore[arg-type]
        elif op == b"l" and start is not None:
            x, y = float(operands[0]) + dx, float(operands[1]) + dy  # type: ignore[arg-type]
            if abs(x - start[0]) < 0.01 and abs(y - start[1]) > 50:
                xs.append(round(x, 2))
    return sorted(set(xs))


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_score_sheet_headings_are_full_size_and_clear_of_the_lines(
    printed: dict[str, Path], game: str, lang: str
) -> None:
    """Every heading at 7.5 pt (none shrunk: "Spring", "Points (columns × tallest)") and at least
    1.2 mm from its cell's lines."""
    path = printed[f"sheet-{game}-{lang}"]
    found = lines(path, 0, gap=2 * MM)  # each cell's heading apart
    player = next(line for line in found if line.text in ("Player", "プレイヤー"))
    row = [line for line in found if abs(line.baseline - player.baseline) < 5 * MM]  # the heading row's lines
    table = PdfReader(path).pages[0].mediabox
    edges = [10 * MM, *vertical_lines(path), float(table[2]) - 10 * MM]
    assert len(row) >= 6
    for line in row:
        ink = [(box, size) for ch, box, size in line.chars if ch.strip()]
        assert {round(size, 2) for _, size in ink} == {7.5}, (line.text, {size for _, size in ink})
        left, right = min(b[0] for b, _ in ink), max(b[2] for b, _ in ink)
        cell = max(x for x in edges if x <= left + 0.01), min(x for x in edges if x >= right - 0.01)
        assert left - cell[0] >= 1.2 * MM and cell[1] - right >= 1.2 * MM, (line.text, left - cell[0], cell[1] - right)

"""The result sheet drawn from a settle answer and QR payloads (the store that supplies them is
another part): every player's score and arithmetic, the winners, and each code reading back to
exactly its payload, on one page or across pages."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import qrcode
import zxingcpp
from qrcode.util import ALPHA_NUM, MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData

from companion.rules.common import Lang
from companion.settle import settle
from printables.qr import LEVELS
from printables.qr_mask import standard_mask
from printables.result import print_result

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = {
    "fortress": json.loads((EXAMPLES / "fortress.json").read_text()),
    "homalet": {
        "game": "homalet",
        "players": [{"name": "A", "pile": ["07", "17", "26", "38", "45"]}, {"name": "B", "pile": ["01", "02"]}],
    },
    "dragoness": {
        "game": "dragoness",
        "players": ["A", "B", "C", "D"],
        "rounds": [{"out": "A", "cards_left": {"B": 3, "C": 5, "D": 3}}],
    },
}


def decoded(path: Path) -> list[str]:
    found = []
    for page in pdfium.PdfDocument(str(path)):
        image = page.render(scale=200 / 72).to_pil()
        codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        found += [r.text for r in codes]
    return found


def text_of(path: Path) -> str:
    return " ".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(path)))


@pytest.mark.parametrize("game", ["fortress", "homalet", "dragoness"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_result_sheet_shows_scores_arithmetic_winners_and_codes(tmp_path: Path, game: str, lang: Lang) -> None:
    answer = settle(GAMES[game], True, lang)
    payloads = [f"CR1 {n}/3 " + "ABCDEFGHIJ"[n] * (40 + 30 * n) for n in range(3)]
    path = tmp_path / "result.pdf"
    assert print_result(path, answer, payloads, lang) == 1
    assert sorted(decoded(path)) == sorted(payloads)
    text = text_of(path).replace("\r\n", " ")
    for winner in answer["winners"]:
        assert winner in text
    if game == "dragoness":
        for name, total in answer["totals"].items():
            assert name in text and str(total) in text
        assert answer["explanation"][0][:12] in text
    else:
        for player in answer["players"]:
            assert player["name"] in text and str(player["score"]) in text
            assert player["explanation"][:15].replace("＋", " + ") in text  # one plus sign on the sheet
    assert ("Winner" if lang == "en" else "勝者") in text


def test_many_codes_flow_onto_more_pages_and_each_reads_alone(tmp_path: Path) -> None:
    answer = settle(GAMES["fortress"], True, "en")
    payloads = [f"CR1 {n}/20 " + f"{n:02d}" * 200 for n in range(20)]
    path = tmp_path / "result.pdf"
    pages = print_result(path, answer, payloads, "en")
    assert pages >= 2
    assert sorted(decoded(path)) == sorted(payloads)
    assert "20/20" in text_of(path)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_dragoness_sheet_names_who_went_out_first_under_each_round(lang: Lang) -> None:
    """D-10 on paper: the score table has a column per round, the first out's cell marked * and, under
    the rounds, the name of who went out first in each."""
    from printables.result import columns

    doc = {
        "game": "dragoness",
        "players": ["Aki", "Ben", "Chie"],
        "rounds": [
            {"out": "Ben", "cards_left": {"Aki": 3, "Chie": 5}},
            {"out": "Chie", "cards_left": {"Aki": 1, "Ben": 4}},
        ],
    }
    header, rows = columns(settle(doc, True, lang), lang)
    assert len(header) == 4 and header[-1] == ("Total" if lang == "en" else "合計")
    assert rows[:3] == [["Aki", "2", "2", "4"], ["Ben", "3 *", "1", "4"], ["Chie", "1", "3 *", "4"]]
    assert rows[3][1:3] == ["Ben", "Chie"] and rows[3][0].startswith("*")


def test_the_standard_mask_is_the_one_the_qr_library_chooses() -> None:
    """printables.qr_mask works out the standard's mask from one placement of the data; the library's own
    ``best_mask_pattern`` places it eight times. For codes of both modes, every level and sizes up to
    version 12 (where version information is drawn), both choose the same mask."""
    rng = random.Random(30)
    versions, masks = set(), set()
    for _ in range(48):
        level = rng.choice("MQH")
        if rng.random() < 0.6:
            mode, raw = MODE_ALPHA_NUM, bytes(rng.choice(ALPHA_NUM) for _ in range(rng.randint(1, 300)))
        else:
            mode, raw = MODE_8BIT_BYTE, bytes(rng.randrange(256) for _ in range(rng.randint(1, 200)))
        code = qrcode.QRCode(error_correction=LEVELS[level])
        code.add_data(QRData(raw, mode=mode))
        code.best_fit()
        chosen = qrcode.QRCode.best_mask_pattern(code)
        assert standard_mask(code) == chosen, (level, mode, raw)
        versions.add(code.version)
        masks.add(chosen)
    assert max(versions) >= 7 and len(masks) >= 5  # version information drawn; most masks chosen once

"""Results on paper: ``companion print result`` prints a finished game's sheet with its record in QR
codes, and ``companion import`` reads that record back from the codes' text or from a photo or scan
of the sheet (scaled, slightly turned, blurred, saved as JPEG) into an identical record; what cannot
be read is refused in one line that says what is missing."""

from __future__ import annotations

import functools
import io
import json
import random
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import qrcode
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter

from companion.records import game_records, qr_record
from companion.store import Store
from tests.helpers.inprocess import Run, assert_refused, call

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = {
    game: json.loads((EXAMPLES / "records" / f"{game}.json").read_text(encoding="utf-8"))
    for game in ("fortress", "homalet", "dragoness")
}
# the records as the store exports them, and so prints them: the examples (version 1) at this version
PRINTED = {game: {**record, "version": game_records.VERSION} for game, record in RECORDS.items()}
QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A store holding the three example games (finished), an unfinished game and a score-sheet game,
    and each finished game's result sheet printed by the command."""
    folder = tmp_path_factory.mktemp("results")
    db = folder / "games.sqlite3"
    ids: dict[str, int] = {}
    with Store.open(db) as store:
        for game, record in RECORDS.items():
            ids[game] = store.import_record(record)
        ids["unfinished"] = store.new_game("fortress", ["Aki", "Ben", "Chie"])
        ids["sheet"] = store.new_result_game("fortress", json.loads((EXAMPLES / "fortress.json").read_text()))
    sheets = {}
    for game in RECORDS:
        sheets[game] = folder / f"{game}.pdf"
        done = call("print", "result", str(ids[game]), "--db", str(db), "-o", str(sheets[game]))
        assert done.code == 0, done
    return {"db": db, "ids": ids, "sheets": sheets, "folder": folder}


def render(pdf: Path, dpi: float) -> list[Image.Image]:
    """Every page of the sheet (the codes start under the scores and go on over the next pages)."""
    return [page.render(scale=dpi / 72).to_pil().convert("RGB") for page in pdfium.PdfDocument(str(pdf))]


def degraded(image: Image.Image, scale: float, angle: float, blur: float, quality: int | None) -> bytes:
    """The sheet as a phone or a cheap scanner gives it: resized, turned, soft, compressed."""
    image = image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.BILINEAR)
    image = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=(228, 224, 214))
    image = image.filter(ImageFilter.GaussianBlur(blur))
    out = io.BytesIO()
    if quality is None:
        image.save(out, "PNG")
    else:
        image.save(out, "JPEG", quality=quality)
    return out.getvalue()


def printed_codes(game: str) -> list[str]:
    """The texts of the codes a sheet prints for the example record of ``game``."""
    from printables.result import record_codes

    return record_codes(PRINTED[game])


@functools.cache
def exported(db: Path, game_id: int) -> str:
    with Store.open(db, readonly=True) as store:
        return json.dumps(store.export_record(game_id), ensure_ascii=False)


def import_into_fresh_store(tmp_path: Path, *files: Path, stdin: bytes = b"") -> tuple[Run, Path]:
    fresh = tmp_path / "fresh.sqlite3"
    return call("import", *map(str, files), "--db", str(fresh), stdin=stdin), fresh


@pytest.mark.parametrize(
    "game,dpi,scale,angle,blur,quality",
    [
        ("fortress", 150, 0.9, 2.0, 0.8, 60),
        ("homalet", 200, 0.75, -1.5, 1.0, 50),
        ("dragoness", 150, 1.0, -2.5, 0.7, 55),
        ("dragoness", 110, 1.0, 1.0, 0.5, None),  # a coarse scan: about two pixels a module
    ],
)
def test_a_photographed_sheet_imports_the_identical_record(
    tmp_path: Path,
    table: dict[str, Any],
    game: str,
    dpi: float,
    scale: float,
    angle: float,
    blur: float,
    quality: int | None,
) -> None:
    photos = []
    for n, page in enumerate(render(table["sheets"][game], dpi)):  # a photo of each page
        photos.append(tmp_path / (f"page{n}.png" if quality is None else f"page{n}.jpg"))
        photos[-1].write_bytes(degraded(page, scale, angle, blur, quality))
    done, fresh = import_into_fresh_store(tmp_path, *photos)
    assert (done.code, done.stdout, done.stderr) == (0, b"1\n", "")
    assert exported(fresh, 1) == exported(table["db"], table["ids"][game])
    again, _ = import_into_fresh_store(tmp_path, *photos)  # a duplicate is refused as for a record file
    assert_refused(again)
    assert again.stderr == "this record is already stored as game 1; nothing was imported\n"


def code_boxes(image: Image.Image) -> dict[str, tuple[int, int, int, int]]:
    """Each record code's text start (``CR1:3/5``) and its bounding box in ``image``."""
    boxes = {}
    for code in zxingcpp.read_barcodes(image.convert("L"), formats=QR):
        p = code.position
        xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
        ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
        boxes[code.text.split(":")[1]] = (min(xs), min(ys), max(xs), max(ys))
    return boxes


@pytest.mark.slow
def test_the_codes_can_come_in_several_photos(tmp_path: Path, table: dict[str, Any]) -> None:
    """A close-up of each column of codes on each page: photos that each show some of the codes."""
    files: list[Path] = []
    read = 0
    for page in render(table["sheets"]["dragoness"], 200):
        boxes = code_boxes(page)
        read += len(boxes)
        for side in (0, 1):  # the left codes, then the right ones
            part = page.copy()
            draw = ImageDraw.Draw(part)
            for x0, y0, x1, y1 in boxes.values():
                if (x0 > page.width / 2) != bool(side):
                    draw.rectangle((x0 - 8, y0 - 8, x1 + 8, y1 + 8), fill="white")
            files.append(tmp_path / f"photo{len(files)}.jpg")
            files[-1].write_bytes(degraded(part, 0.8, 1.0 - 2 * side, 0.6, 70))
    count = len(printed_codes("dragoness"))
    assert read == count  # every code on the pages photographed reads, each in its own place
    done, fresh = import_into_fresh_store(tmp_path, *files)
    assert (done.code, done.stderr) == (0, "")
    assert exported(fresh, 1) == exported(table["db"], table["ids"]["dragoness"])


def test_a_photo_missing_one_code_says_which(tmp_path: Path, table: dict[str, Any]) -> None:
    photos = []
    count = len(printed_codes("dragoness"))
    for n, image in enumerate(render(table["sheets"]["dragoness"], 150)):
        boxes = code_boxes(image)
        if f"3/{count}" in boxes:
            x0, y0, x1, y1 = boxes[f"3/{count}"]
            ImageDraw.Draw(image).rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), fill="white")  # a thumb over code 3
        photos.append(tmp_path / f"thumb{n}.jpg")
        photos[-1].write_bytes(degraded(image, 1.0, 1.0, 0.5, 70))
    done, fresh = import_into_fresh_store(tmp_path, *photos)
    assert_refused(done)
    check = printed_codes("dragoness")[0].split(":")[2]
    assert done.stderr == f"part 3 of {count} is missing (record {check}): give every code on the sheet\n"
    # the same parts (every code but the third) said in Japanese: given as text, not read from the
    # photos a second time (the sentence comes from the parts, however they were read)
    held = tmp_path / "held.txt"
    held.write_text("\n".join(text for n, text in enumerate(printed_codes("dragoness")) if n != 2), encoding="utf-8")
    japanese = call("--lang", "ja", "import", str(held), "--db", str(fresh))
    assert_refused(japanese)
    assert japanese.stderr == (
        f"記録 {check} の{count}個のコードのうち3番がありません。用紙のすべてのコードをそろえて読み込んでください\n"
    )
    with Store.open(fresh, readonly=True) as store:
        assert store.games() == []  # nothing was stored


@pytest.mark.parametrize("picture", ["blank", "other code"])
def test_an_image_without_record_codes_is_refused(tmp_path: Path, picture: str) -> None:
    if picture == "blank":
        image = Image.new("RGB", (900, 1270), "white")
        ImageDraw.Draw(image).rectangle((100, 100, 800, 400), outline="black", width=4)
    else:  # a rule summary's link, say: not a record's code
        image = qrcode.make("https://example.com/six-suit-fortress").get_image().convert("RGB")
    photo = tmp_path / "picture.png"
    image.save(photo)
    done, _ = import_into_fresh_store(tmp_path, photo)
    assert_refused(done)
    assert done.stderr == (
        f"no QR code of a game record could be read in {photo}: photograph or scan the whole "
        "result sheet, flat, sharp and well lit\n"
    )


@pytest.mark.parametrize("quality", [None, 80])
def test_a_damaged_picture_is_refused(tmp_path: Path, table: dict[str, Any], quality: int | None) -> None:
    good = degraded(render(table["sheets"]["homalet"], 60)[-1], 1, 0, 0, quality)
    photo = tmp_path / "damaged"
    rnd = random.Random(quality)
    noise = bytes(rnd.randrange(256) for _ in range(400))
    cuts = [
        good[:5000],
        good[:12],
        good[:-200],
        good[:8] + noise,
        good[:300] + bytes(len(good) - 300),
        good[:60] + b"\xff" * 64 + good[124:],
    ]
    for n, bad in enumerate(cuts):
        photo.write_bytes(bad)
        done, _ = import_into_fresh_store(tmp_path, photo)
        assert_refused(done, n)
        assert done.stderr in (
            f"cannot read {photo}: the picture is damaged, cut short or too large\n",
            f"no QR code of a game record could be read in {photo}: photograph or scan the "
            "whole result sheet, flat, sharp and well lit\n",
        ), n
    photo.write_bytes(good[:5000])
    assert import_into_fresh_store(tmp_path, photo)[0].stderr.startswith(f"cannot read {photo}: the picture is")


def test_the_codes_text_imports_from_a_file_or_standard_input_in_any_order(
    tmp_path: Path, table: dict[str, Any]
) -> None:
    parts = qr_record.encode_parts(RECORDS["homalet"])
    random.Random(4).shuffle(parts)
    text = tmp_path / "codes.txt"
    text.write_text("\n".join(parts) + "\n\n", encoding="utf-8")
    done, fresh = import_into_fresh_store(tmp_path, text)
    assert (done.code, done.stdout) == (0, b"1\n")
    assert exported(fresh, 1) == exported(table["db"], table["ids"]["homalet"])
    piped = call("import", "-", "--db", str(tmp_path / "other.sqlite3"), stdin="\r\n".join(parts).encode())
    assert (piped.code, piped.stdout) == (0, b"1\n")
    short = call("import", "-", "--db", str(tmp_path / "third.sqlite3"), stdin="\n".join(parts[1:]).encode())
    assert_refused(short)
    assert "of 3 is missing (record" in short.stderr


def test_a_record_file_is_imported_alone(tmp_path: Path, table: dict[str, Any]) -> None:
    record = EXAMPLES / "records" / "fortress.json"
    text = tmp_path / "codes.txt"
    text.write_text("\n".join(qr_record.encode_parts(RECORDS["homalet"])), encoding="utf-8")
    done, _ = import_into_fresh_store(tmp_path, text, record)
    assert_refused(done)
    assert done.stderr.startswith(f"{record} is not the text of a record's QR codes nor a photo or PDF of them")
    alone, fresh = import_into_fresh_store(tmp_path, record)  # as before: a record file on its own
    assert (alone.code, alone.stdout) == (0, b"1\n")
    assert exported(fresh, 1) == exported(table["db"], table["ids"]["fortress"])


def test_the_sheet_shows_the_players_scores_arithmetic_and_winners(table: dict[str, Any]) -> None:
    with Store.open(table["db"], readonly=True) as store:
        answer = store.load(table["ids"]["fortress"]).settle(explain=True)
    assert answer is not None
    page = pdfium.PdfDocument(str(table["sheets"]["fortress"]))[0]
    text = page.get_textpage().get_text_range().replace("\r\n", " ")
    for player in answer["players"]:
        assert player["name"] in text and str(player["score"]) in text
        assert player["explanation"][:25] in text
    assert f"Winner: {', '.join(answer['winners'])}" in text
    check = printed_codes("fortress")[0].split(":")[2]
    ended = RECORDS["fortress"]["actions"][-1]["time"].replace("T", " ")[:16]
    assert f"Game {table['ids']['fortress']} · ended {ended} UTC · record {check}" in text  # as an import names it
    codes = sorted(
        c.text
        for page in render(table["sheets"]["fortress"], 216)
        for c in zxingcpp.read_barcodes(page.convert("L"), formats=QR)
    )
    assert codes == sorted(printed_codes("fortress"))


def test_print_result_in_japanese_to_standard_output(table: dict[str, Any]) -> None:
    """``--lang`` after ``print result`` is the sheet's language, as for the other print kinds."""
    done = call("print", "result", str(table["ids"]["homalet"]), "--lang", "ja", "--db", str(table["db"]), "-o", "-")
    assert done.code == 0 and done.stdout.startswith(b"%PDF")
    assert done.stderr.startswith("wrote standard output: game ")
    page = pdfium.PdfDocument(done.stdout)[0]
    assert "勝者" in page.get_textpage().get_text_range()


def test_print_result_refuses_an_unfinished_or_unknown_game(tmp_path: Path, table: dict[str, Any]) -> None:
    out = tmp_path / "result.pdf"
    unfinished = table["ids"]["unfinished"]
    done = call("print", "result", str(unfinished), "--db", str(table["db"]), "-o", str(out))
    assert_refused(done)
    assert done.stderr == (
        f"game {unfinished} is not finished: a result sheet is printed once the game is over "
        "(companion show tells what is left to play)\n"
    )
    unknown = call("print", "result", "99", "--db", str(table["db"]), "-o", str(out))
    assert_refused(unknown)
    assert unknown.stderr == "there is no game 99; `companion games` lists the stored games\n"
    nowhere = call("print", "result", "1", "--db", str(tmp_path / "none.sqlite3"), "-o", str(out))
    assert_refused(nowhere)
    assert not out.exists() and not (tmp_path / "none.sqlite3").exists()
    japanese = call("--lang", "ja", "print", "result", str(unfinished), "--db", str(table["db"]), "-o", str(out))
    assert_refused(japanese)
    assert japanese.stderr.startswith(f"ゲーム {unfinished} はまだ終わっていません")


def test_a_score_sheet_game_prints_its_result_without_codes(tmp_path: Path, table: dict[str, Any]) -> None:
    out = tmp_path / "sheet.pdf"
    done = call("print", "result", str(table["ids"]["sheet"]), "--db", str(table["db"]), "-o", str(out))
    assert done.code == 0
    assert "carries no record of moves" in done.stdout.decode()
    page = pdfium.PdfDocument(str(out))[0]
    assert zxingcpp.read_barcodes(page.render(scale=2).to_pil().convert("L"), formats=QR) == []
    assert "Winner" in page.get_textpage().get_text_range()


def test_record_codes_are_small_in_the_alphanumeric_mode() -> None:
    """Each part prints in QR's alphanumeric mode at level H: a quarter fewer modules than as bytes, at
    most version 17 (85 modules and the quiet zone: 9.3 cm at 1 mm a module, two to a row)."""
    from qrcode.util import MODE_8BIT_BYTE, QRData

    from printables.qr import qr_matrix

    for part in printed_codes("dragoness"):
        as_bytes = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_H, border=4)
        as_bytes.add_data(QRData(part.encode(), mode=MODE_8BIT_BYTE))
        as_bytes.make(fit=True)
        modules = len(qr_matrix(part))
        assert modules <= 85 + 8
        assert modules**2 < 0.8 * len(as_bytes.get_matrix()) ** 2
    assert len(qr_matrix("00" * 300)) > 0  # a run of zero codewords, which the library's alphanumeric mode fails on


def test_a_photo_on_standard_input(tmp_path: Path, table: dict[str, Any]) -> None:
    """A photo of the last page piped in, with one of the first page as a file."""
    first, last = render(table["sheets"]["homalet"], 150)
    page = tmp_path / "first.jpg"
    page.write_bytes(degraded(first, 1.0, 1.0, 0.6, 65))
    photo = degraded(last, 1.0, -1.0, 0.6, 65)
    done = call("import", str(page), "-", "--db", str(tmp_path / "piped.sqlite3"), stdin=photo)
    assert (done.code, done.stdout, done.stderr) == (0, b"1\n", "")
    assert exported(tmp_path / "piped.sqlite3", 1) == exported(table["db"], table["ids"]["homalet"])

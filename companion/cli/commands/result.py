"""Results on paper: ``companion print result ID`` (a finished game's result sheet carrying its record
as QR codes) and what ``companion import`` reads besides a record file: the codes' text, or photos and
scans of a result sheet (zxing-cpp reads their codes).

The codes' text is :mod:`companion.rules.qr_record`; the sheet is drawn by :mod:`printables.result`."""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.documents import source_name
from companion.result_sheet import draw_result
from companion.rules.common import Lang, Msg, Refusal, plural, refuse

WORDS = {
    "print.result": Msg(
        "a finished game's result sheet: players, every score with its arithmetic, the winners, "
        "and the game record as QR codes (companion import reads a photo of them back)",
        "終わったゲームの結果用紙：プレイヤー、各得点とその計算、勝者、そして QR コードにした"
        "ゲーム記録（companion import がその写真から読み戻します）",
    ),
}
IMAGE_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")
MAX_IMAGE_BYTES = 50_000_000  # a phone's photo is a few megabytes


def add_result_parser(kinds: Any, lang: Lang, say: Callable[[str], str]) -> None:
    """``print result``, added to ``print``'s kinds; ``say`` gives companion.cli.words' help texts."""
    from printables.options import PAPER_NAMES

    help_text = WORDS["print.result"].text(lang)
    result = kinds.add_parser("result", help=help_text, description=help_text)
    result.add_argument("id", type=int, help=say("id"))
    result.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None, help=say("doc_lang"))
    result.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    result.add_argument("--db", metavar="PATH", help=say("db"))
    result.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))


def run_print_result(args: argparse.Namespace, lang: Lang) -> int:
    """Write the result sheet of stored game ``args.id``; a refusal is one line and exit status 2."""
    from companion.documents import PATH_SHOWN
    from companion.exits import EXIT_BAD_INPUT
    from companion.reasons import os_reason
    from companion.rules.deck_rules import label

    doc_lang: Lang = args.doc_lang or lang
    out = label(args.output, PATH_SHOWN)
    try:
        answer, payloads, subtitle = _finished_game(args, doc_lang)
        if args.output == "-":
            with tempfile.TemporaryDirectory(prefix="companion.") as folder:
                path = Path(folder) / "result.pdf"
                pages = draw_result(path, answer, payloads, doc_lang, args.paper, subtitle)
                with path.open("rb") as pdf:
                    shutil.copyfileobj(pdf, sys.stdout.buffer)
                sys.stdout.buffer.flush()
            shown = Msg("standard output", "標準出力")
        else:
            pages = draw_result(Path(args.output), answer, payloads, doc_lang, args.paper, subtitle)
            shown = Msg(out, out)
    except Refusal as error:  # LayoutError included
        print(error.msg.text(lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        raise  # the reader of standard output has gone: main says nothing
    except OSError as error:
        reason = os_reason(error, lang)
        print(Msg(f"cannot write {out}: {reason}", f"{out} に書き込めません：{reason}").text(lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    if payloads:
        done = Msg(
            f"wrote {shown.en}: game {args.id}'s result on {plural(pages, 'page', 'pages')}, its record in "
            f"{plural(len(payloads), 'QR code', 'QR codes')} (companion import reads a photo of them)",
            f"{shown.ja} を書き出しました：ゲーム {args.id} の結果（{pages}ページ）と、記録を収めた"
            f"{len(payloads)}個のQRコード（companion import でその写真を読み込めます）",
        )
    else:
        done = Msg(
            f"wrote {shown.en}: game {args.id}'s result; it was stored from its results alone, so the sheet "
            "carries no record of moves",
            f"{shown.ja} を書き出しました：ゲーム {args.id} の結果。結果だけで保存されたゲームなので、"
            "手の記録のコードはありません",
        )
    print(done.text(lang), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


def _finished_game(args: argparse.Namespace, lang: Lang) -> tuple[dict[str, Any], list[str], str]:
    """:func:`companion.result_sheet.sheet_content` of game ``args.id`` in the database the command names."""
    from companion.result_sheet import sheet_content
    from companion.store import Store, default_db_path

    path = Path(args.db) if args.db is not None else default_db_path()
    if not path.exists():
        path = Path(":memory:")  # nothing stored yet: the game is refused as unknown, no file is created
    with Store.open(path, readonly=True) as store:
        return sheet_content(store, args.id, lang)


# --------------------------------------------------------------------------- import


def read_import(paths: Sequence[str]) -> Any:
    """The record that ``companion import`` was given: one record file (JSON), or the parts of its QR
    codes from any mix of text files (one part a line) and photos or scans of its result sheet."""
    from companion.documents import RECORD_INPUT, decode_input, parse_document, read_bytes
    from companion.rules.qr_record import decode_parts, is_part

    parts: list[str] = []
    for path in paths:
        raw = read_bytes(path, MAX_IMAGE_BYTES)
        if raw.startswith(IMAGE_SIGNATURES):
            parts += codes_in_image(raw, path)
            continue
        text = decode_input(raw, path)
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines and is_part(lines[0]):
            parts += lines
            continue
        if len(paths) > 1:
            source = source_name(path)
            raise refuse(
                f"{source.en} is not the text of a record's QR codes nor a photo of them (PNG, JPEG); a "
                "record file (JSON) is imported on its own",
                f"{source.ja} は記録の QR コードの文字列でも、その写真（PNG、JPEG）でもありません。"
                "記録ファイル（JSON）は1つだけで取り込んでください",
            )
        return parse_document(text, path, RECORD_INPUT)
    return decode_parts(parts)


def codes_in_image(raw: bytes, path: str) -> list[str]:
    """The texts of the game-record QR codes in a photo or scan (other codes are left out), tried on a
    few versions of the picture until every part of the record it shows is read."""
    import warnings

    import zxingcpp
    from PIL import Image, ImageOps

    from companion.rules.qr_record import complete, is_part

    source = source_name(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = ImageOps.exif_transpose(Image.open(io.BytesIO(raw))).convert("L")
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise refuse(
            f"cannot read {source.en}: the picture is damaged, cut short or too large",
            f"{source.ja} を読めません：画像が壊れているか、途中で切れているか、大きすぎます",
        ) from None
    found: list[str] = []
    for attempt, binarizer in _attempts(image):
        for code in zxingcpp.read_barcodes(
            attempt, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode), binarizer=binarizer
        ):
            if is_part(code.text) and code.text not in found:
                found.append(code.text)
        if complete(found):
            break
    if not found:
        raise refuse(
            f"no QR code of a game record could be read in {source.en}: photograph or scan the whole "
            "result sheet, flat, sharp and well lit",
            f"{source.ja} からゲーム記録の QR コードを読み取れませんでした。結果用紙全体を、平らに、"
            "ピントを合わせて明るい所で撮影するかスキャンしてください",
        )
    return found


def _attempts(image: Any) -> Any:
    """The picture as it is, with another threshold, then enlarged and sharpened (a coarse scan: the
    reader wants three pixels or more a module), then halved (a large photo's noise), each only if
    the earlier ones missed a part."""
    import zxingcpp
    from PIL import Image, ImageFilter

    yield image, zxingcpp.Binarizer.LocalAverage
    yield image, zxingcpp.Binarizer.GlobalHistogram
    width, height = image.size
    for factor in (2, 3, 4):
        if width * height * factor * factor <= ENLARGED_PIXELS:  # a coarse picture; a sharp one was read already
            larger = image.resize((width * factor, height * factor), Image.Resampling.BICUBIC)
            # sharpened by more and more: a blurred phone photo (1.3 px of blur at 100 dpi on the
            # paper) needs the strongest, which would spoil a sharp one
            for radius, percent in ((factor, 120), (factor, 250), (0.7 * factor, 300)):
                yield larger.filter(ImageFilter.UnsharpMask(radius, percent, 0)), zxingcpp.Binarizer.LocalAverage
    if min(width, height) > 1200:
        half = image.resize((width // 2, height // 2), Image.Resampling.BOX)
        yield half, zxingcpp.Binarizer.LocalAverage
        yield half.filter(ImageFilter.UnsharpMask(1, 150, 0)), zxingcpp.Binarizer.LocalAverage


ENLARGED_PIXELS = 24_000_000  # the largest picture an attempt makes (24 MB in grey): memory stays bounded

"""Results on paper: ``companion print result ID`` (a finished game's result sheet carrying its record
as QR codes) and what ``companion import`` reads besides a record file: the codes' text, or photos and
scans of a result sheet (zxing-cpp reads their codes).

The codes' text is :mod:`companion.records.qr_record`; the sheet is drawn by :mod:`printables.result`;
pictures and PDFs are read by :mod:`companion.cli.commands.sheet_files`."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.base.documents import MAX_INPUT_BYTES, source_name
from companion.results.result_sheet import draw_result
from companion.rules.common import Lang, Msg, Refusal, plural, refuse

WORDS = {
    "print.result": Msg(
        "a finished game's result sheet: players, every score with its arithmetic, the winners, "
        "and the game record as QR codes (companion import reads a photo of them back)",
        "終わったゲームの結果用紙：プレイヤー、各得点とその計算、勝者、そして QR コードにした"
        "ゲーム記録（companion import がその写真から読み戻します）",
    ),
}
MAX_IMAGE_BYTES = 50_000_000  # a phone's photo is a few megabytes; a scanned sheet's PDF, tens


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
    from companion.base.documents import PATH_SHOWN
    from companion.base.exits import EXIT_BAD_INPUT
    from companion.base.reasons import os_reason
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
    """:func:`companion.results.result_sheet.sheet_content` of game ``args.id`` in the database the command names."""
    from companion.results.result_sheet import sheet_content
    from companion.store import Store, default_db_path

    path = Path(args.db) if args.db is not None else default_db_path()
    if not path.exists():
        path = Path(":memory:")  # nothing stored yet: the game is refused as unknown, no file is created
    with Store.open(path, readonly=True) as store:
        return sheet_content(store, args.id, lang)


# --------------------------------------------------------------------------- import


def read_import(paths: Sequence[str]) -> Any:
    """The record that ``companion import`` was given: one record file (JSON), or the parts of its QR
    codes from any mix of text files (one part a line), photos or scans of its result sheet and the
    sheet's PDF. Pictures and pages without a code are passed over when others hold the codes.
    Pictures are read quickly first; only if a part is then missing are they read again, more slowly
    (enlarged, sharpened: a coarse or blurred photo), until every part is read."""
    from companion.base.documents import RECORD_INPUT, decode_input, parse_document, read_bytes
    from companion.cli.commands.sheet_files import KINDS, codes_in, kind
    from companion.records.qr_record import complete, decode_parts, is_part

    parts: list[str] = []
    pictures: list[tuple[str, str, bytes | None]] = []  # path, kind, and the bytes if they cannot be read again
    for path in paths:
        raw = read_bytes(path, MAX_IMAGE_BYTES)
        found = kind(raw)
        if found is not None:
            pictures.append((path, found, raw if path == "-" else None))
            parts += codes_in(raw, path, found, thorough=False)
            continue
        source = source_name(path)
        try:
            text = decode_input(raw, path)
        except Refusal:
            if _text_start(raw):  # text, but too long to be a record: decode_input said so
                raise
            raise refuse(f"cannot read {source.en}: {KINDS.en}", f"{source.ja} を読めません：{KINDS.ja}") from None
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines and is_part(lines[0]):
            parts += lines
            continue
        if len(paths) > 1:
            raise refuse(
                f"{source.en} is not the text of a record's QR codes nor a photo or PDF of them (PNG, JPEG, PDF); "
                "a record file (JSON) is imported on its own",
                f"{source.ja} は記録の QR コードの文字列でも、その写真や PDF（PNG、JPEG、PDF）でもありません。"
                "記録ファイル（JSON）は1つだけで取り込んでください",
            )
        return parse_document(text, path, RECORD_INPUT)
    if pictures and not complete(parts):
        for path, found, kept in pictures:
            raw = kept if kept is not None else read_bytes(path, MAX_IMAGE_BYTES)
            parts += [text for text in codes_in(raw, path, found, thorough=True, known=parts) if text not in parts]
    if pictures and not parts:
        raise _no_codes([path for path, _, _ in pictures])
    return decode_parts(parts)


def _text_start(raw: bytes) -> bool:
    """Whether ``raw`` begins as UTF-8 text (a file too long to decode whole may still be text)."""
    import codecs

    try:
        codecs.getincrementaldecoder("utf-8")().decode(raw[:4096], final=False)
    except UnicodeDecodeError:
        return False
    return len(raw) > MAX_INPUT_BYTES


def _no_codes(paths: Sequence[str]) -> Refusal:
    """None of the pictures or PDFs held a record's code."""
    names = [source_name(path) for path in paths]
    return refuse(
        f"no QR code of a game record could be read in {', '.join(n.en for n in names)}: photograph or scan "
        "the whole result sheet, flat, sharp and well lit",
        f"{'、'.join(n.ja for n in names)} からゲーム記録の QR コードを読み取れませんでした。結果用紙全体を、"
        "平らに、ピントを合わせて明るい所で撮影するかスキャンしてください",
    )

"""One PNG per card for print-on-demand services: 300 dpi, the PDFs' trim (63 × 88 mm poker cards)
with a 1/8 inch bleed on every side (819 × 1114 px for poker cards)."""

from __future__ import annotations

import io
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.units import inch

from companion.files import current_umask, remove_leftovers, temp_name, where
from companion.rules.common import Lang, plural
from companion.rules.deck_rules import label
from printables.faces import DeckArt
from printables.layout import SIZES, LayoutError, new_canvas

DPI = 300
BLEED = inch / 8  # about: each side's bleed is this, give or take half a pixel to make whole pixels
PNG_SIZES = SIZES  # the same trim as the PDFs: 63 × 88 mm poker cards from either source


def png_box(size: str) -> tuple[float, float, float, float]:
    """A card PNG's page: the trim (points) and the bleed on each axis, chosen so that trim plus
    bleed is a whole number of pixels at DPI (the trim exactly the PDFs'; the bleed 1/8 in within
    half a pixel)."""
    w, h = PNG_SIZES[size]
    bx, by = ((round((side + 2 * BLEED) * DPI / 72) * 72 / DPI - side) / 2 for side in (w, h))
    return w, h, bx, by


def png_pixels(size: str) -> tuple[int, int]:
    w, h, bx, by = png_box(size)
    return round((w + 2 * bx) * DPI / 72), round((h + 2 * by) * DPI / 72)


def cards_pdf(art: DeckArt, size: str) -> bytes:
    """A PDF with one page per card, each page the card plus its bleed, and last the back (which
    print-on-demand services ask for too)."""
    if size not in PNG_SIZES:
        raise LayoutError(
            f"unknown card size {size!r}: choose {', '.join(PNG_SIZES)}",
            f"カードの大きさ「{size}」はありません。{'・'.join(PNG_SIZES)}から選んでください",
        )
    w, h, bx, by = png_box(size)
    buffer = io.BytesIO()
    c = new_canvas(buffer, (w + 2 * bx, h + 2 * by), f"{art.game} cards")
    art.forms(c, w, h, max(bx, by))
    for card in art.cards:
        c.translate(bx, by)
        art.draw(c, card, w, h)
        c.showPage()
    c.translate(bx, by)
    c.doForm(f"back-{art.game}")
    c.showPage()
    c.save()
    return buffer.getvalue()


def progress_bar(done: int, total: int, lang: Lang = "en", width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total} {'枚' if lang == 'ja' else 'cards'}"


def check_png_folder(target: Path, names: list[str], force: bool) -> None:
    """Refuse, before any work, a folder the cards cannot replace: one holding files other than this
    run's cards (unless ``force``; even then only a folder of plain files, never one with subfolders),
    or one whose parent cannot be written."""
    parent = target.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise LayoutError(
            f"cannot write into {where(target)}: folder {where(parent)} does not exist or is not writable",
            f"{where(target)} に書き込めません：フォルダ {where(parent)} がないか、書き込めません",
        )
    if not target.exists():
        return
    if not target.is_dir():
        raise LayoutError(
            f"cannot write into {where(target)}: it is not a folder",
            f"{where(target)} に書き込めません：フォルダではありません",
        )
    entries = sorted(os.listdir(target))
    others = [e for e in entries if e not in set(names)]
    if others and not force:
        raise LayoutError(
            f"folder {where(target)} already holds {plural(len(others), 'other file', 'other files')} "
            f"(such as {label(others[0])}); give --force to replace the folder, or choose an empty one",
            f"フォルダ {where(target)} には今回のカード以外のファイルが{len(others)}個あります"
            f"（{label(others[0])} など）。--force で置き換えるか、空のフォルダを指定してください",
        )
    if force and any(not (target / e).is_file() or (target / e).is_symlink() for e in entries):
        raise LayoutError(
            f"folder {where(target)} holds subfolders or links; --force replaces only a folder of files: "
            "choose another folder",
            f"フォルダ {where(target)} にはサブフォルダかリンクがあります。--force で置き換えられるのは"
            "ファイルだけのフォルダです。別のフォルダを指定してください",
        )


def _replace_folder(temp: Path, target: Path) -> None:
    """Put the finished folder ``temp`` in place of ``target`` (renames, so never half of each)."""
    os.chmod(temp, 0o777 & ~current_umask())
    if not target.exists():
        os.rename(temp, target)
        return
    old = target.parent / f"{temp_name(target)}old.part"
    os.rename(target, old)
    os.rename(temp, target)
    shutil.rmtree(old, ignore_errors=True)


def _bar(text: str) -> None:
    print(text, end="", file=sys.stderr, flush=True)


def write_pngs(
    folder: str | Path,
    art: DeckArt,
    size: str = "poker",
    report: Callable[[str], None] | None = None,
    lang: Lang = "en",
    force: bool = False,
) -> list[Path]:
    """One PNG per card into ``folder``, which afterwards holds exactly these cards: they are drawn
    into a temporary folder beside it that replaces it at the end (so a stopped run changes nothing).
    The progress bar is drawn only on a terminal."""
    target = Path(folder)
    names = [f"{art.game}-{index + 1:03d}-{art.name(card)}.png" for index, card in enumerate(art.cards)]
    names.append(f"{art.game}-back.png")  # print-on-demand services ask for the back too
    check_png_folder(target, names, force)
    remove_leftovers(target.parent, target.name)
    if report is None:
        report = _bar if sys.stderr.isatty() else (lambda text: None)
    temp = Path(tempfile.mkdtemp(prefix=temp_name(target), suffix=".part", dir=target.parent))
    drawn = False
    try:
        pdf = pdfium.PdfDocument(cards_pdf(art, size))
        pixels = png_pixels(size)
        total = len(pdf)
        for index in range(total):  # the cards, then the back
            # The page is a whole number of pixels, but PDFium rounds its size in points up (a
            # hair over, 749 for 748): render at exactly DPI and keep the page's own pixels.
            image = pdf[index].render(scale=DPI / 72).to_pil().crop((0, 0, *pixels))
            image.save(temp / names[index], format="PNG", dpi=(DPI, DPI))
            report(progress_bar(index + 1, total, lang))
            drawn = True
        pdf.close()
        _replace_folder(temp, target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    finally:
        if drawn:
            report("\n")  # end the bar's line, so that what follows (a message, an error) starts a line of its own
    return [target / name for name in names]

"""One PNG per card for print-on-demand services, at 300 dpi: a shop's preset (``--preset``, exactly
its pixels) or a metric size (the PDFs' trim, 63 × 88 mm poker cards, with a 1/8 inch bleed: 819 ×
1114 px). Each file says what it is in its header: sRGB (an sRGB chunk, with the gAMA and cHRM the
PNG specification pairs with it) and 300 dpi (pHYs), so a shop's software neither guesses the colours
nor rescales the card."""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
from PIL import PngImagePlugin

from companion.base.exits import raise_if_stopped
from companion.base.files import current_umask, remove_leftovers, temp_name, where
from companion.rules.common import Lang, plural
from companion.rules.deck_rules import label
from printables.faces import DeckArt
from printables.layout import LayoutError, new_canvas
from printables.presets import DPI, CardSpec

# sRGB, rendering intent perceptual; and, as the PNG specification asks of a file with an sRGB chunk,
# the gAMA and cHRM that sRGB stands for (for readers that know only those)
SRGB_CHUNKS = (
    (b"sRGB", b"\x00"),
    (b"gAMA", struct.pack(">I", 45455)),
    (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
)


def cards_pdf(art: DeckArt, spec: CardSpec) -> bytes:
    """A PDF with one page per card, each page the card plus its bleed, and last the back (which
    print-on-demand services ask for too)."""
    w, h = spec.trim
    bx, by = spec.bleed
    buffer = io.BytesIO()
    c = new_canvas(buffer, spec.page, f"{art.game} cards")
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


def png_info() -> PngImagePlugin.PngInfo:
    info = PngImagePlugin.PngInfo()
    for name, data in SRGB_CHUNKS:
        info.add(name, data)
    return info


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
    spec: CardSpec,
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
        pdf = pdfium.PdfDocument(cards_pdf(art, spec))
        pixels = spec.pixels
        total = len(pdf)
        for index in range(total):  # the cards, then the back
            # The page is a whole number of pixels, but PDFium keeps its size in single precision (a
            # hair over: 142.8000031 pt for 142.8) and pypdfium2 makes the bitmap that size rounded up,
            # then stretches the page to fill it (596 px for 595: the card no longer centred, a back
            # no longer the same turned over). A scale a millionth under DPI gives the exact pixels.
            image = pdf[index].render(scale=DPI / 72 * (1 - 1e-6)).to_pil().convert("RGB")
            if image.size != pixels:
                raise RuntimeError(f"rendered {image.size}, not {pixels}")
            # zlib's run-length strategy: a card is flat colour, so after PNG's row filters its bytes
            # are runs; a quarter to a third less CPU than the default, and files 1-3 % smaller
            image.save(temp / names[index], format="PNG", dpi=(DPI, DPI), pnginfo=png_info(), compress_type=zlib.Z_RLE)
            report(progress_bar(index + 1, total, lang))
            drawn = True
        pdf.close()
        raise_if_stopped()  # a SIGTERM whose exception a library swallowed: the folder is not finished
        _replace_folder(temp, target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    finally:
        if drawn:
            report("\n")  # end the bar's line, so that what follows (a message, an error) starts a line of its own
    return [target / name for name in names]

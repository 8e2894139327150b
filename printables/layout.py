"""Paper, card sizes, the card grid, cut marks, duplex backs, and atomic PDF files."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.decks import PATH_SHOWN
from companion.rules.common import Msg, Refusal
from companion.rules.deck_rules import label
from printables.fonts import FONT, register_fonts

rl_config.useA85 = 0  # binary (still compressed) streams: smaller and faster than ASCII85 text

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": letter}
SIZES: dict[str, tuple[float, float]] = {  # trim size in points
    "poker": (63 * mm, 88 * mm),
    "bridge": (57 * mm, 88 * mm),
    "mini": (44 * mm, 63 * mm),
}
Duplex = Literal["long", "short", "none"]
MARGIN = 7 * mm  # the printable edge plus room for cut marks
MARK = 4 * mm  # cut mark length


class LayoutError(Refusal):
    """Options that cannot make a printable, or a place it cannot be written (one line for the user)."""

    def __init__(self, en: str, ja: str) -> None:
        super().__init__(Msg(en, ja))


@dataclass(frozen=True)
class Grid:
    """Cards laid out centred on a sheet. Slot 0 is the top-left card; coordinates are each
    card's trim box, bottom-left origin, in points."""

    page: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left corner of the bottom-left card's trim box."""
        pw, ph = self.pitch
        x = (self.page[0] - self.cols * pw) / 2 + self.bleed
        y = (self.page[1] - self.rows * ph) / 2 + self.bleed
        return x, y

    def slot(self, index: int) -> tuple[float, float]:
        col, row = index % self.cols, index // self.cols
        x0, y0 = self.origin
        pw, ph = self.pitch
        return x0 + col * pw, y0 + (self.rows - 1 - row) * ph

    def back_slot(self, index: int, duplex: Duplex) -> tuple[float, float]:
        """Where the back of the card in ``index`` goes on the following page, so that it lands
        behind its front after the sheet is turned: mirrored left-right for long-edge duplex,
        top-bottom for short-edge."""
        x, y = self.slot(index)
        if duplex == "long":
            return self.page[0] - x - self.card[0], y
        if duplex == "short":
            return x, self.page[1] - y - self.card[1]
        return x, y

    def trim_box(self) -> tuple[float, float, float, float]:
        x0, y0 = self.origin
        pw, ph = self.pitch
        return (x0, y0, x0 + (self.cols - 1) * pw + self.card[0], y0 + (self.rows - 1) * ph + self.card[1])

    def bleed_box(self) -> tuple[float, float, float, float]:
        x1, y1, x2, y2 = self.trim_box()
        b = self.bleed
        return (x1 - b, y1 - b, x2 + b, y2 + b)


def paper_size(paper: str) -> tuple[float, float]:
    """The portrait size of ``paper`` in points; an unknown name is refused."""
    if paper not in PAPERS:
        raise LayoutError(f"unknown paper {paper!r}: choose {' or '.join(PAPERS)}",
                          f"用紙 {paper!r} はありません：{' か '.join(PAPERS)} を選んでください")
    return PAPERS[paper]


def make_grid(paper: str, size: str | tuple[float, float], bleed_mm: float = 0.0) -> Grid:
    page = paper_size(paper)
    card = SIZES.get(size) if isinstance(size, str) else size
    if card is None:
        raise LayoutError(f"unknown card size {size!r}: choose {', '.join(SIZES)}",
                          f"カードの大きさ {size!r} はありません：{'・'.join(SIZES)} から選んでください")
    if not 0 <= bleed_mm <= 5:
        raise LayoutError(f"bleed {bleed_mm:g} mm is out of range: choose 0 to 5 mm",
                          f"塗り足し {bleed_mm:g} mm は範囲外です：0〜5 mm で指定してください")
    bleed = bleed_mm * mm
    cols = int((page[0] - 2 * MARGIN) // (card[0] + 2 * bleed))
    rows = int((page[1] - 2 * MARGIN) // (card[1] + 2 * bleed))
    if cols < 1 or rows < 1:
        raise LayoutError("the card does not fit on the paper", "カードが用紙に収まりません")
    return Grid(page, card, bleed, cols, rows)


def cut_marks(c: Canvas, grid: Grid) -> None:
    """Short lines in the margin at every trim edge, never over a card face."""
    x1, y1, x2, y2 = grid.bleed_box()
    xs: set[float] = set()
    ys: set[float] = set()
    for i in range(grid.per_page):
        x, y = grid.slot(i)
        xs.update((round(x, 3), round(x + grid.card[0], 3)))
        ys.update((round(y, 3), round(y + grid.card[1], 3)))
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeGray(0.25)
    gap = 1 * mm
    for x in sorted(xs):
        c.line(x, y2 + gap, x, y2 + gap + MARK)
        c.line(x, y1 - gap, x, y1 - gap - MARK)
    for y in sorted(ys):
        c.line(x1 - gap, y, x1 - gap - MARK, y)
        c.line(x2 + gap, y, x2 + gap + MARK, y)
    c.restoreState()


PRINT_NOTE = "Print at 100 % (actual size) — 100%（実際のサイズ）で印刷してください"


def page_note(c: Canvas, page: tuple[float, float], text: str = "", grid: Grid | None = None) -> None:
    """The "print at 100 %" reminder on every sheet: at the foot, or along the left margin when
    the cut marks leave no room at the foot."""
    c.saveState()
    c.setFont(FONT, 6.5)
    c.setFillGray(0.35)
    line = PRINT_NOTE + (f"   {text}" if text else "")
    foot = grid.bleed_box()[1] - 1 * mm - MARK if grid is not None else MARGIN
    if grid is None or foot >= 5 * mm:
        c.drawCentredString(page[0] / 2, min(foot, MARGIN) / 2 - 1, line)
    else:
        c.translate(grid.bleed_box()[0] / 2 + 1, page[1] / 2)
        c.rotate(90)
        c.drawCentredString(0, 0, line)
    c.restoreState()


def set_boxes(c: Canvas, grid: Grid) -> None:
    c.setTrimBox(grid.trim_box())
    c.setBleedBox(grid.bleed_box())


def new_canvas(target: str | Path | BinaryIO, page: tuple[float, float], title: str) -> Canvas:
    """A canvas whose output is the same bytes for the same input, in the embedded Japanese font."""
    register_fonts()
    c = Canvas(str(target) if isinstance(target, str | Path) else target, pagesize=page, invariant=1,
               initialFontName=FONT, initialFontSize=10, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("companion")
    c.setCreator("companion printables")
    return c


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def where(path: str | Path) -> str:
    """A path as messages show it: as typed, or quoted and escaped if it would break the line."""
    return label(str(path), PATH_SHOWN)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def remove_leftovers(folder: Path, name: str) -> None:
    """Remove temporary files (or folders) for ``name`` left by a run that was killed (SIGKILL leaves
    them): named ``.NAME.PID.*.part``, and only those whose process is gone (a run going on keeps its own)."""
    for entry in folder.glob(f".{glob.escape(name)}.*.part"):
        pid = entry.name[len(name) + 2:].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()


def temp_name(target: Path) -> str:
    """The prefix of a temporary file beside ``target``: hidden, with this process's id."""
    return f".{target.name}.{os.getpid()}."


@contextlib.contextmanager
def atomic_target(path: str | Path) -> Iterator[Path]:
    """A temporary file beside ``path``, renamed onto it only when the body succeeds. A target that
    exists and is not a regular file (``/dev/null``, a pipe) is never replaced: the finished file is
    copied into it instead."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise LayoutError(f"cannot write {where(target)}: it is a folder",
                          f"{where(target)} はフォルダなので書き込めません")
    if not folder.is_dir():
        raise LayoutError(f"cannot write {where(target)}: folder {where(folder)} does not exist",
                          f"{where(target)} に書き込めません：フォルダ {where(folder)} がありません")
    special = target.exists() and not target.is_file()
    if not special and not os.access(folder, os.W_OK):
        raise LayoutError(f"cannot write {where(target)}: folder {where(folder)} is not writable",
                          f"{where(target)} に書き込めません：フォルダ {where(folder)} は書き込み禁止です")
    if special:  # build it where temporary files go, then copy
        fd, temp = tempfile.mkstemp(prefix="companion.", suffix=".part")
    else:
        remove_leftovers(folder, target.name)
        fd, temp = tempfile.mkstemp(prefix=temp_name(target), suffix=".part", dir=folder)
    os.close(fd)
    try:
        yield Path(temp)
        if special:
            with open(temp, "rb") as source, open(target, "wb") as sink:
                shutil.copyfileobj(source, sink)
            os.unlink(temp)
            return
        with open(temp, "rb") as handle:
            os.fsync(handle.fileno())
        os.chmod(temp, 0o666 & ~current_umask())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def output_folder(path: str | Path) -> Path:
    """A folder to write into: created if only it is missing; refused if it cannot be written."""
    out = Path(path)
    if not out.exists():
        if not out.parent.is_dir():
            raise LayoutError(f"cannot write into {where(out)}: folder {where(out.parent)} does not exist",
                              f"{where(out)} に書き込めません：フォルダ {where(out.parent)} がありません")
        out.mkdir()
    if not out.is_dir() or not os.access(out, os.W_OK):
        raise LayoutError(f"cannot write into {where(out)}: it is not a writable folder",
                          f"{where(out)} に書き込めません：書き込めるフォルダではありません")
    return out

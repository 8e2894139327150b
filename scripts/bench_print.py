"""Benchmark: the whole print kit against a bare reportlab floor, in the same process.

The floor draws the same number of card faces and backs, nine to an A4 sheet, each as a
rectangle and two lines of plain Helvetica text (no embedded font, no artwork). Both run
warm, interleaved, several times; the medians and their ratio are reported with file sizes.
"Warm" means the font file is loaded; what the kit remembers of its content (string widths, QR
codes) is forgotten before each run, so each run does what one ``companion print kit`` does.

Beside the issue's ratio, two like-for-like measures: the decks alone against the floor (the
same cards), and the kit against the floor plus the fixed cost of as many near-empty files as
the kit writes, each embedding the Japanese font (what any kit of that many files pays).

    python scripts/bench_print.py [--runs N]

Goals (issue 5): kit <= 1.5 x floor; the kit in under 1 s; the 78-card duplex deck < 100 KB.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.cards.decks import GAMES
from printables.deck import print_deck
from printables.draw import _wrap as draw_wrap
from printables.draw import text_width
from printables.faces import deck_art
from printables.kit import build_kit
from printables.layout import _bands as layout_bands
from printables.layout import make_grid, mark_lines, new_canvas
from printables.qr import qr_matrix


def floor(folder: Path, cards: int) -> list[Path]:
    """Plain rectangles and text for ``cards`` fronts and as many backs."""
    out = folder / "floor.pdf"
    c = Canvas(str(out), pagesize=A4, invariant=1)
    w, h = 63 * mm, 88 * mm
    for side in range((cards + 8) // 9 * 2):
        for i in range(9):
            x, y = 15 * mm + (i % 3) * w, 20 * mm + (i // 3) * h
            c.rect(x, y, w, h)
            c.setFont("Helvetica", 40)
            c.drawCentredString(x + w / 2, y + h / 2, str(side * 9 + i))
            c.setFont("Helvetica", 10)
            c.drawCentredString(x + w / 2, y + 20, "back" if side % 2 else "front")
        c.showPage()
    c.save()
    return [out]


def decks_only(folder: Path) -> list[Path]:
    """The like-for-like part of the kit: the three decks, fronts and backs."""
    grid = make_grid("a4", "poker")
    out = []
    for game in GAMES:
        path = folder / f"{game}.pdf"
        print_deck(path, deck_art(game), grid, "long")
        out.append(path)
    return out


def fixed_cost(folder: Path, files: int) -> list[Path]:
    """What every document pays whatever it holds: one page, one Japanese word, the font subset."""
    out = []
    for i in range(files):
        path = folder / f"empty{i}.pdf"
        c = new_canvas(path, A4, "empty")
        c.drawString(100, 100, "砦")
        c.showPage()
        c.save()
        out.append(path)
    return out


def forget() -> None:
    """Drop what an earlier run remembered of the content and layout, keeping the loaded font."""
    for cache in (text_width, qr_matrix, draw_wrap, mark_lines, layout_bands):
        cache.cache_clear()


CPU: list[float] = []  # processor time of each timed call, beside its wall-clock time


def timed(fn: object, *args: object) -> tuple[float, list[Path]]:
    start, cpu = time.perf_counter(), time.process_time()
    files = fn(*args)  # type: ignore[operator]
    CPU.append(time.process_time() - cpu)
    return time.perf_counter() - start, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    cards = sum(len(deck_art(g).cards) for g in GAMES)
    kit_times, floor_times, deck_times, fixed_times, kit_cpu = [], [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        first, _ = timed(build_kit, root / "cold")  # includes loading the font
        for run in range(args.runs):
            forget()
            t, kit_files = timed(build_kit, root / f"kit{run}")
            kit_times.append(t)
            kit_cpu.append(CPU[-1])
            t, floor_files = timed(floor, root, cards)
            floor_times.append(t)
            t, _ = timed(decks_only, root)
            deck_times.append(t)
            t, _ = timed(fixed_cost, root, len(kit_files))
            fixed_times.append(t)
        kit, flo = statistics.median(kit_times), statistics.median(floor_times)
        decks, fixed = statistics.median(deck_times), statistics.median(fixed_times)
        deck = root / "kit0" / "fortress-deck.pdf"
        print(f"cards in the kit decks: {cards} fronts + {cards} backs; kit files: {len(kit_files)}")
        print(f"kit (cold, first run):  {first * 1000:7.1f} ms")
        kit_kb = sum(f.stat().st_size for f in kit_files) / 1024
        floor_kb = sum(f.stat().st_size for f in floor_files) / 1024
        print(f"kit (median of {args.runs}):    {kit * 1000:7.1f} ms   total size {kit_kb:7.1f} KB")
        print(
            f"kit processor time:     {statistics.median(kit_cpu) * 1000:7.1f} ms   (steadier than wall time "
            "on a shared machine)"
        )
        print(f"floor (median of {args.runs}):  {flo * 1000:7.1f} ms   size {floor_kb:7.1f} KB")
        print(f"ratio kit / floor:      {kit / flo:7.2f}   (goal <= 1.5)")
        print(f"decks only (same cards as the floor): {decks * 1000:6.1f} ms, ratio {decks / flo:5.2f}")
        print(
            f"fixed cost of {len(kit_files)} near-empty documents with the embedded font: {fixed * 1000:6.1f} ms"
            f" = {fixed / flo:4.2f} x floor"
        )
        print(f"ratio kit / (floor + fixed cost): {kit / (flo + fixed):5.2f}")
        print(f"kit in under 1 s:       {'yes' if kit < 1 else 'NO'}")
        print(f"78-card duplex deck:    {deck.stat().st_size / 1024:7.1f} KB (goal < 100 KB)")
        for f in sorted(kit_files):
            print(f"  {f.name:32s} {f.stat().st_size / 1024:7.1f} KB")


if __name__ == "__main__":
    main()

"""A deck as sheets of card fronts, each followed by its backs for duplex printing."""

from __future__ import annotations

from pathlib import Path

from companion.base.files import atomic_target
from printables.faces import TITLES, DeckArt
from printables.layout import (
    Duplex,
    Grid,
    calibration_ruler,
    cut_marks,
    new_canvas,
    page_note,
    set_boxes,
)
from printables.presets import CardSpec


def draw_deck(
    target: str | Path, art: DeckArt, grid: Grid, duplex: Duplex, back_offset: tuple[float, float] = (0.0, 0.0)
) -> int:
    """Write the deck PDF to ``target``; return the number of pages. ``back_offset`` (points) moves
    everything on the back pages but the note, to correct a printer's duplex misregistration."""
    c = new_canvas(target, grid.page, f"{TITLES[art.game].en} — deck", duplex)
    w, h = grid.card
    art.forms(c, w, h, grid.bleed)
    pages = 0
    total = (len(art.cards) + grid.per_page - 1) // grid.per_page
    for sheet in range(total):
        batch = art.cards[sheet * grid.per_page : (sheet + 1) * grid.per_page]
        set_boxes(c, grid)
        for i, card in enumerate(batch):
            x, y = grid.slot(i)
            c.saveState()
            c.translate(x, y)
            art.draw(c, card, w, h)
            c.restoreState()
        spots = [grid.slot(i) for i in range(len(batch))]
        cut_marks(c, grid, spots)
        if sheet == 0:
            calibration_ruler(c, grid, spots)
        page_note(c, grid.page, f"{TITLES[art.game].en} {sheet + 1}/{total} fronts", grid, spots)
        c.showPage()
        pages += 1
        if duplex != "none":
            set_boxes(c, grid, back_offset)
            c.saveState()
            c.translate(*back_offset)
            for i in range(len(batch)):
                x, y = grid.back_slot(i, duplex)
                c.saveState()
                c.translate(x, y)
                c.doForm(f"back-{art.game}")
                c.restoreState()
            spots = [grid.back_slot(i, duplex) for i in range(len(batch))]
            cut_marks(c, grid, spots)
            c.restoreState()
            page_note(
                c, grid.page, f"{TITLES[art.game].en} {sheet + 1}/{total} backs ({duplex}-edge duplex)", grid, spots
            )
            c.showPage()
            pages += 1
    c.save()
    return pages


def print_deck(
    path: str | Path, art: DeckArt, grid: Grid, duplex: Duplex, back_offset: tuple[float, float] = (0.0, 0.0)
) -> int:
    with atomic_target(path) as temp:
        return draw_deck(temp, art, grid, duplex, back_offset)


def draw_single(target: str | Path, art: DeckArt, spec: CardSpec, duplex: Duplex) -> int:
    """One card a page, each page the card and its bleed (``spec``: a shop's preset page for page
    the same as its PNGs), with the card's TrimBox and BleedBox, for print shops that impose the
    cards themselves: front, then its back (unless duplex is none)."""
    w, h = spec.trim
    bx, by = spec.bleed
    page = spec.page
    c = new_canvas(target, page, f"{TITLES[art.game].en} — cards, one a page", duplex)
    art.forms(c, w, h, max(bx, by))
    pages = 0
    for card in art.cards:
        for side in ("front", "back") if duplex != "none" else ("front",):
            c.setTrimBox((bx, by, bx + w, by + h))
            c.setBleedBox((0, 0, page[0], page[1]))
            c.translate(bx, by)
            if side == "front":
                art.draw(c, card, w, h)
            else:
                c.doForm(f"back-{art.game}")
            c.showPage()
            pages += 1
    c.save()
    return pages


def print_single(path: str | Path, art: DeckArt, spec: CardSpec, duplex: Duplex) -> int:
    with atomic_target(path) as temp:
        return draw_single(temp, art, spec, duplex)

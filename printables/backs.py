"""Card backs that do not betray a card: a back turned half a circle is the same back (the lattice is
centred on the card, and the title is printed twice, once each way up, like a court card), and no
element of the pattern crosses the trim line or comes nearer it than the shop's safe zone, so a
mis-cut or a duplex drift cuts no diamond in half (the ground, which runs into the bleed, is all a
mis-cut can show)."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.rules.common import Msg
from printables.draw import colour, fit_size, shape_path, tint
from printables.outlines import fill_text

BACK_COLOURS = {"fortress": "#263238", "homalet": "#3e2723", "dragoness": "#1a237e"}
BACK_STEP = 1 / 8  # the back's diamond lattice: its spacing, about, as a fraction of the card width
DIAMOND = 0.22  # a diamond's radius, as a fraction of the spacing (it reaches 0.72 of that across)
TITLE_GAP = 0.02  # between the card's centre line and each title block, as a fraction of the height


def title_lines(title: Msg, w: float, h: float) -> list[tuple[str, float, float]]:
    """The upright title block, above the centre line: (text, baseline, size); the same block turned
    stands below it."""
    room = w - 2 * (2 * mm + 4 * mm)
    bottom = h / 2 + TITLE_GAP * h
    if title.ja == title.en:  # a title that is the same word in both languages is printed once a way
        size = fit_size(title.en, 0.13 * w, room)
        return [(title.en, bottom + 0.25 * size, size)]
    ja, en = fit_size(title.ja, 0.1 * w, room), fit_size(title.en, 0.065 * w, room)
    en_base = bottom + 0.25 * en
    return [(title.ja, en_base + 0.95 * en + 0.2 * ja, ja), (title.en, en_base, en)]


def back_diamonds(w: float, h: float, margin: float, band: float) -> tuple[float, list[tuple[float, float]]]:
    """The back's diamonds: their radius and centres. A staggered lattice centred on the card (so the
    back looks the same turned half a circle), its spacing stretched a little on each axis so that the
    outermost diamonds' tips lie exactly ``margin`` inside the trim on all four sides (an even border,
    and no diamond a cut can reach), none within ``band`` of the centre line (the titles' room)."""
    target = w * BACK_STEP
    r = target * DIAMOND
    reach_x, reach_y = w / 2 - margin - 0.72 * r, h / 2 - margin - r  # centre to the outermost centres
    cols, rows = max(1, round(reach_x / target)), max(1, round(reach_y / target))
    step_x, step_y = reach_x / cols, reach_y / rows
    spots = []
    for j in range(-rows, rows + 1):
        y = h / 2 + j * step_y
        if abs(y - h / 2) - r < band:
            continue
        xs = (
            [w / 2 + i * step_x for i in range(-cols, cols + 1)]
            if j % 2 == 0
            else [w / 2 + (i + 0.5) * step_x for i in range(-cols, cols)]
        )
        spots += [(x, y) for x in xs]
    return r, spots


def back_form(c: Canvas, name: str, title: Msg, base: str, w: float, h: float, bleed: float, margin: float) -> None:
    """The back as the form ``name``: the ground ``base`` into the bleed, the lattice, the titles."""
    c.beginForm(name, -bleed, -bleed, w + bleed, h + bleed)
    c.setFillColor(colour(base))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    lines = title_lines(title, w, h)
    top = max(y + 0.9 * s for _, y, s in lines)  # the upright block's top
    c.setFillColor(tint(base, 0.55))
    r, spots = back_diamonds(w, h, margin, top - h / 2 + 0.02 * h)
    for x, y in spots:
        shape_path(c, "diamond", x, y, r)
    c.setFillColor(colour("#ffffff"))
    fill_text(c, [(line, w / 2, y, s) for line, y, s in lines], (w, h))  # outlines: the same either way up
    c.endForm()

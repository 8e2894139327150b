"""The Reign of Dragoness table drawn from its state (``companion.app.widgets.boards``): the round,
the pile's top pattern as tiles, and a table of each player's hand count and points round by round.

The table never wraps: its columns are as wide as what they hold, and when the board is narrow
(80×24 with eight players) the names are shortened with an ellipsis, then the marks beside the
rows ("passed", "◀ pile") take their short form, all measured in terminal cells (a Japanese
character or an emoji is two). Given the room, the pile's cards are larger tiles and the totals
stand as bars under the table (D-10, D-11)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from companion.app.widgets.board_text import TALL_WIDTH, TURN, cut_name, hang, right_aligned
from companion.app.widgets.fortress_board import face_rows
from companion.app.widgets.tiles import click, tile, tile_style
from companion.app.words import W, say
from companion.cards.cardlook import dragoness_look
from companion.rules import dragoness
from companion.rules.common import Lang

FLAT, TALL, BIG = 1, 3, 5  # rows of a pile card's tile
TILE_WIDTH = {TALL: 7, BIG: 9}  # cells of a tall tile at least (a longer label widens it)
BAR = "█"  # a round's points in the bars; rounds alternate with a lighter block
BAR_ALT = "▓"
BAR_CELLS = 2  # cells a point: 15 points at most (five rounds of 3) make 30 cells
NAME_CELLS = 10  # a name's column at most
NAME_LEAST = 4  # ... and at least, once shortened ("Al…")
ROUND_CELLS = 4  # a round's column: the points right-aligned in 3 and the * of who went out first
HAND_CELLS = 5  # the hand count's column: "hand" right-aligned in 4 and a space


def dragoness_board(state: dragoness.State, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
    """Round n of 5; the pile's top pattern as tiles (a special card with the value it stands for),
    its type and the card to beat; then the round table (each player's hand count, points round by
    round and in total, who has passed or leads the pile); given ``height`` rows and at least
    ``TALL_WIDTH`` cells, the pile's cards as five-row or three-row tiles and the totals as bars
    under the table, the roomiest that fits."""
    if width is None or height is None or width < TALL_WIDTH:
        return _drawn(state, lang, width, TALL if width is not None and width >= TALL_WIDTH else FLAT, False)
    drawn = None
    for tiles, bars in ((BIG, True), (TALL, True), (BIG, False), (TALL, False)):
        if bars and not state.results:
            continue
        drawn = _drawn(state, lang, width, tiles, bars)
        if len(drawn.plain.rstrip("\n").split("\n")) <= height:
            return drawn
    return _drawn(state, lang, width, FLAT, False)


def _drawn(state: dragoness.State, lang: Lang, width: int | None, tiles: int, bars: bool) -> Text:
    text = _pile(state, lang, width, tiles)
    text.append("\n\n")
    layout = Columns.fit(state, lang, width)
    text.append_text(_table(state, lang, layout))
    if bars:
        text.append("\n\n")
        text.append_text(_bars(state, lang, layout))
    return text


def _pile(state: dragoness.State, lang: Lang, width: int | None, tiles: int) -> Text:
    """The round, the pile's top pattern (one-row tiles, or ``tiles`` rows each), its type and the
    card to beat."""
    deck = state.setup.deck
    rounds = dragoness.ROUNDS
    text = Text()
    pile = Text()  # the round and the pile on one line, which goes on under the pile's first card
    pile.append(f" {say(W.board_round, lang)} {min(state.round, rounds)}/{rounds}", style="bold")
    pile.append(f"   {say(W.board_pile, lang)}: ", style="bold")
    indent = pile.cell_len
    top = state.top
    if top is None:
        pile.append("—", style="dim")
        text.append_text(pile)
        return text
    cards = state.pile[len(state.pile) - top.size :]
    beneath = len(state.pile) - top.size
    looks = [dragoness_look(deck, c, lang, value[0]) for c, value in zip(cards, top.values, strict=True)]
    if tiles == FLAT:
        for c, look in zip(cards, looks, strict=True):
            tile(pile, look, str(c))
            pile.append(" ")
    if beneath:
        pile.append(say(W.board_beneath, lang).format(beneath), style="dim")
    text.append_text(hang(pile, indent, width))
    if tiles != FLAT:  # the top pattern as cards seen from above, side by side
        faces = [face_rows(look, tiles, max(TILE_WIDTH[tiles], cell_len(look.label) + 2)) for look in looks]
        for r in range(tiles):
            text.append("\n" + " " * indent)
            for c, look, rows in zip(cards, looks, faces, strict=True):
                text.append(rows[r].replace(" ", "\u00a0"), style=tile_style(look) + click(str(c)))
                text.append(" ")
    words = dragoness.pattern_kind(top.shape, top.size).text(lang)
    beat = dragoness.value_words(top.high).text(lang)
    text.append(f"\n   {words}", style="dim")
    text.append(say(W.board_to_beat, lang), style="bold")
    text.append(beat, style="bold")
    return text


@dataclass(frozen=True)
class Columns:
    """How the round table is laid out: the name column's cells, and the marks' words."""

    names: int
    passed: str
    on_top: str

    @property
    def width(self) -> int:
        """Cells of a row with its mark: the turn mark, the name, the hand, five rounds, the total."""
        marks = max(cell_len(self.passed), cell_len(self.on_top))
        return 1 + self.names + 1 + HAND_CELLS + ROUND_CELLS * dragoness.ROUNDS + 7 + marks

    @classmethod
    def fit(cls, state: dragoness.State, lang: Lang, width: int | None) -> Columns:
        """The widest layout that fits ``width`` cells: names whole (up to ``NAME_CELLS``), then
        shortened, then the short marks; the narrowest if nothing fits."""
        longest = min(NAME_CELLS, max(cell_len(n) for n in state.setup.players))
        marks = [(say(W.board_passed, lang), say(W.board_on_top, lang))]
        marks.append((say(W.board_passed_short, lang), say(W.board_on_top_short, lang)))
        layout = cls(longest, *marks[0])
        if width is None:
            return layout
        for passed, on_top in marks:
            layout = cls(longest, passed, on_top)
            spare = width - layout.width
            if spare >= 0:
                return layout
            if longest + spare >= NAME_LEAST:
                return cls(longest + spare, passed, on_top)
        return cls(min(longest, NAME_LEAST), *marks[-1])


def _name(text: Text, name: str, active: bool, cells: int) -> None:
    """A row's head: the turn mark and the name in ``cells`` cells (shortened with "…")."""
    text.append(TURN if active else " ", style="bold")
    cut = cut_name(name, cells)
    text.append(cut + " " * (cells - cell_len(cut)) + " ", style="bold" if active else "")


def _table(state: dragoness.State, lang: Lang, layout: Columns) -> Text:
    """Each player's hand count, points round by round (``*``: went out first) and in total, and
    whether they passed or lead the pile; the key to the ``*`` once a round is over."""
    rounds = dragoness.ROUNDS
    text = Text()
    totals = state.totals()
    playing = state.phase in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED)
    head = Text(" " * (layout.names + 2) + right_aligned(say(W.board_hand, lang), HAND_CELLS - 1) + " ", style="bold")
    for r in range(1, rounds + 1):
        word = right_aligned(f"{say(W.board_r, lang)}{r}", ROUND_CELLS - 1)
        head.append(word, style="bold underline" if r == state.round else "bold")
        head.append(" ")  # over the * of who went out first
    head.append(" " + right_aligned(say(W.board_total, lang), 5), style="bold")
    text.append_text(head)
    text.append("\n")
    for p, name in enumerate(state.setup.players):
        _name(text, name, playing and p == state.turn, layout.names)
        cells = [f"{r.points[p]:>3}" + ("*" if r.out == p else " ") for r in state.results[:rounds]]
        cells += ["  · "] * (rounds - len(cells))
        text.append(f"{state.hand_counts[p]:>4} " + "".join(cells))  # one piece: quick to draw
        text.append(f" {totals[p]:>5} ", style="bold")
        if p in state.passed:
            text.append(layout.passed, style="dim italic")
        if state.top_player == p:
            text.append(layout.on_top, style="italic")
        text.append("\n")
    if state.results:
        text.append(say(W.board_first_out, lang), style="dim")
    return text


def _bars(state: dragoness.State, lang: Lang, layout: Columns) -> Text:
    """Each player's total as a bar, ``BAR_CELLS`` blocks a point, each round's points in turn in
    ``BAR`` and ``BAR_ALT`` (the length is the total, written after it: no colour needed), the
    leaders' totals bold."""
    totals = state.totals()
    best = max(totals)
    text = Text()
    text.append(f" {say(W.board_total, lang)}", style="bold")
    for p, name in enumerate(state.setup.players):
        text.append("\n")
        _name(text, name, False, layout.names)
        for r, result in enumerate(state.results[: dragoness.ROUNDS]):
            text.append((BAR if r % 2 == 0 else BAR_ALT) * (BAR_CELLS * result.points[p]))
        text.append(f" {totals[p]}", style="bold" if totals[p] == best else "dim")
    return text

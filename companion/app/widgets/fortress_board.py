"""The Six-Suit Fortress table drawn from its state (``companion.app.widgets.boards``): both 2×2
grids with their 16 spots, the deck and the captured cards, and each player's fortress.

The board grows with the room it is given: the grid cards as one-row, three-row or five-row tiles,
and each fortress either as a row of tiles (a column's height a superscript) or, where the rows
are there, as its columns standing up, one tile a card, so that the tallest column (F-14) is seen.
The best arrangement that fits ``width`` × ``height`` is drawn; nothing is cut."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from companion.app.widgets.board_text import SUPERSCRIPT, TALL_WIDTH, hang, row_name
from companion.app.widgets.tiles import click, tile, tile_style
from companion.app.words import W, say
from companion.cards.cardlook import Look, fortress_look
from companion.rules import fortress
from companion.rules.common import Lang, plural

NONE, FLAT, TALL, BIG = 0, 1, 3, 5  # rows of a grid card's tile (none: no grid, once the game is over)
CELL = {NONE: 0, FLAT: 6, TALL: 7, BIG: 9}  # its width: " R13● ", a three-row and a five-row tile
STACK = 5  # a fortress card standing in its column: "R13●" and a cell of ground
STACK_GAP = 1
STACK_INDENT = 3
FACE_DOWN = "░" * STACK  # the face-down pair, laid on its column (F-13)
SCROLL_BAR = 0  # cells a board too tall for its room loses to the scroll bar (the app keeps its column: none)


def side(rows: int, lang: Lang) -> int:
    """Cells of a spot's name beside a grid: "A1W" and a space; "A1左" and a space beside a tall
    tile (beside a one-row tile, whose ground has a space each side, without: 80 columns hold it)."""
    return 5 if lang == "ja" and rows > FLAT else 4


def grid_width(rows: int, lang: Lang = "en") -> int:
    """The cells both grids take with tiles of ``rows`` rows (a spot's name on either side)."""
    return 2 * (5 + 2 * side(rows, lang) + 2 * CELL[rows]) - 2


def spot_label(spot: str, lang: Lang) -> str:
    """A spot as the table writes it: ``A1N``, in Japanese ``A1上`` (the rulings' word)."""
    return fortress.spot_ja(spot) if lang == "ja" else spot


def grid_height(rows: int) -> int:
    """The rows both grids take: the north spots, two rows of tiles (apart by a blank row when the
    tiles are tall), the south spots."""
    return 0 if rows == NONE else 2 + 2 * rows + (1 if rows > FLAT else 0)


def face_rows(look: Look, rows: int, width: int) -> list[str]:
    """A card seen from above in ``rows`` rows: its index at the top left, the symbol in the
    middle, the index turned at the bottom right (blank ground between on a five-row tile)."""
    label = look.label
    top, bottom = f" {label}".ljust(width), f"{label} ".rjust(width)
    middle = look.glyph.center(width)
    if rows == TALL:
        return [top, middle, bottom]
    blank = " " * width
    return [top, blank, middle, blank, bottom]


def _grid_lines(state: fortress.State, rows: int, lang: Lang = "en") -> list[Text]:
    """Both 2×2 grids, their 16 spots around them (named as the table writes them in ``lang``),
    each spot and empty cell clickable."""
    if rows == NONE:
        return []
    deck = state.setup.deck
    width = CELL[rows]
    lines: list[Text] = []

    beside = side(rows, lang)

    def spot(text: Text, name: str, cells: int) -> None:
        label = spot_label(name, lang) if name else ""
        pad = cells - cell_len(label)
        text.append(" " * (pad // 2))
        text.append(label, style=click(label, "dim"))
        text.append(" " * (pad - pad // 2))

    def cell(text: Text, name: str, row: int) -> None:
        c = state.grid.get(name)
        if c is None:
            mark = "--" if row == rows // 2 else ""
            text.append(mark.center(width), style=click(name, "dim"))  # a click names the cell to refill
        elif rows == FLAT:
            tile(text, fortress_look(deck, c), str(c), width=width)
        else:
            look = fortress_look(deck, c)
            face = face_rows(look, rows, width)[row]
            text.append(face.replace(" ", "\u00a0"), style=tile_style(look, str(c)))

    def spot_row(where: str, left: int, right: int) -> Text:
        text = Text()
        for g in fortress.GRIDS:
            text.append(" " * (1 + beside))
            spot(text, f"{g}{left}{where}", width)
            text.append(" ")
            spot(text, f"{g}{right}{where}", width)
            text.append(" " * (3 + beside))
        return text

    lines.append(spot_row("N", 1, 2))
    for top, bottom in ((1, 2), (3, 4)):
        for row in range(rows):
            text = Text()
            for g in fortress.GRIDS:
                middle = row == rows // 2
                text.append(" ")
                spot(text, f"{g}{top}W" if middle else "", beside)
                cell(text, f"{g}{top}", row)
                text.append(" ")
                cell(text, f"{g}{bottom}", row)
                text.append(" ")
                spot(text, f"{g}{bottom}E" if middle else "", beside)
                text.append("  ")
            lines.append(text)
        if rows > FLAT and top == 1:
            lines.append(Text())
    lines.append(spot_row("S", 3, 4))
    for line in lines:
        _trim(line)
    return lines


@functools.lru_cache(maxsize=1024)
def _style(look: Look, token: str | None, underline: bool) -> Style:
    """A standing card's tile colours (worked out once a card: the contrast arithmetic is not free)."""
    return tile_style(look, token, extra="underline" if underline else "")


def _trim(text: Text) -> None:
    """``text`` without its trailing spaces (a tile's no-break spaces are its ground: they stay,
    where ``Text.rstrip`` would take them)."""
    plain = text.plain
    spaces = len(plain) - len(plain.rstrip(" "))
    if spaces:  # (right_crop(0) would take everything)
        text.right_crop(spaces)


def _deck_line(state: fortress.State, lang: Lang) -> Text:
    deck = state.setup.deck
    text = Text(f" {say(W.board_deck, lang)} {state.deck_count}", style="bold")
    if state.pending:
        text.append(f"   {say(W.board_captured, lang)} ")
        for c in state.pending:
            tile(text, fortress_look(deck, c), str(c))
            text.append(" ")
    return text


class _Table:
    """What every way of drawing the players shares: their scores so far as far as they are known
    (``fortress.so_far``: the face-down pair once the game is over, the penalty once the hand is
    known), who is on turn."""

    def __init__(self, state: fortress.State, lang: Lang) -> None:
        self.state, self.lang = state, lang
        self.scores = fortress.so_far(state)
        self.active = state.turn if state.phase in (fortress.Phase.PLACE, fortress.Phase.BUILD) else None
        self.ending = state.phase in (fortress.Phase.FINAL, fortress.Phase.OVER)

    def pair(self, p: int) -> fortress.Pair | None:
        return self.scores[p].pair  # only once the game is over (F-13)

    def head(self, p: int, name: str, parts: bool) -> Text:
        """The player's name, hand count and score (with ``parts``, how the score is made)."""
        score = self.scores[p]
        row = Text()
        row_name(row, name, p == self.active)
        row.append(f"{say(W.board_hand, self.lang)}{self.state.hand_counts[p]:>2} ")
        shown = f" {score.points}−?" if score.score is None else f"{score.score:>3}"  # − a penalty not known yet
        row.append(f"{say(W.board_score, self.lang)}{shown}  ", style="bold")
        if parts and (score.columns or score.score is None):
            made = []
            if score.columns:
                columns = plural(score.columns, "column", "columns") if self.lang == "en" else score.columns
                made.append(say(W.board_made, self.lang).format(columns, score.tallest))
            if score.penalty:
                made[-1] += say(W.board_made_penalty, self.lang).format(score.penalty)
            if score.score is None:  # the hand is not known: say so, never a penalty of the cards seen
                if made:
                    made[-1] += ";" if self.lang == "en" else " ／"
                made.append(say(W.board_hand_unknown, self.lang))
            # each part kept on one line, the row wrapped between them
            row.append(" ".join(part.replace(" ", "\u00a0") for part in made) + "  ", style="dim")
        return row

    def pair_words(self, row: Text, p: int) -> None:
        pair = self.pair(p)
        if pair is not None:
            words = say(W.board_pair, self.lang).format(pair.source + 1, pair.target + 1)
            row.append(words.replace(" ", "\u00a0"), style="italic")  # kept on one line


def _rows(table: _Table, width: int | None, under: bool = False) -> Text:
    """Each player on a row: name, hand, score, the fortress as a row of tiles (each column's
    height a superscript), the two columns of the face-down pair underlined; wrapped under the
    fortress's first tile, or (``under``) the fortress on the rows under the name, from the left."""
    state, deck = table.state, table.state.setup.deck
    text = Text()
    for p, name in enumerate(state.setup.players):
        row = table.head(p, name, parts=False)
        if under:
            _trim(row)
            text.append_text(row)
            if not state.fortresses[p]:
                text.append("\n")
                continue
            text.append("\n")
            row = Text(" " * STACK_INDENT)
        indent = row.cell_len
        pair = table.pair(p)
        for i, column in enumerate(state.fortresses[p]):
            paired = pair is not None and i in (pair.source, pair.target)
            for c in column:
                look = fortress_look(deck, c)
                row.append(look.face.replace(" ", "\u00a0"), style=_style(look, None, paired))
            row.append(f"{str(len(column)).translate(SUPERSCRIPT)} ", style="dim")  # the column's height
        table.pair_words(row, p)
        text.append_text(hang(row, indent, width))
        text.append("\n")
    return text


def _standing_fits(state: fortress.State, width: int) -> bool:
    widest = max((len(f) for f in state.fortresses), default=0)
    return STACK_INDENT + widest * (STACK + STACK_GAP) <= width


def _standing_heads(table: _Table, width: int) -> list[Text]:
    """Each player's head row for :func:`_standing`: name, hand, score and how it is made, the
    face-down pair; wrapped to ``width``."""
    heads = []
    for p, name in enumerate(table.state.setup.players):
        head = table.head(p, name, parts=True)
        table.pair_words(head, p)
        _trim(head)
        heads.append(hang(head, 12, width))
    return heads


def _standing_height(table: _Table, heads: list[Text], gap: int, numbers: bool) -> int:
    """The rows :func:`_standing` takes."""
    rows = sum(_count(head) for head in heads) + gap * (len(heads) - 1)
    for p, columns in enumerate(table.state.fortresses):
        pair = table.pair(p)
        heights = [len(c) + (1 if pair is not None and i == pair.target else 0) for i, c in enumerate(columns)]
        rows += max(heights, default=0) + (1 if numbers and table.ending and columns else 0)
    return rows


def _standing(table: _Table, heads: list[Text], gap: int, numbers: bool) -> Text:
    """Each player's head row (name, hand, score and how it is made), then the fortress as its
    columns standing up from a common foot, one tile a card, so the tallest is seen; once the
    game is over, the face-down pair that counts laid on its column (░) and the columns numbered
    as ``pair`` names them (with ``numbers``). ``gap`` blank rows before each player but the first."""
    state, deck = table.state, table.state.setup.deck
    text = Text()
    for p, head in enumerate(heads):
        if p:
            text.append("\n" * gap)
        text.append_text(head)
        text.append("\n")
        columns = state.fortresses[p]
        pair = table.pair(p)
        heights = [len(c) + (1 if pair is not None and i == pair.target else 0) for i, c in enumerate(columns)]
        for level in range(max(heights, default=0), 0, -1):  # the top row first
            row = Text(" " * STACK_INDENT)
            for i, column in enumerate(columns):
                paired = pair is not None and i in (pair.source, pair.target)
                if level <= len(column):
                    c = column[level - 1]
                    look = fortress_look(deck, c)
                    row.append(look.face.center(STACK).replace(" ", "\u00a0"), style=_style(look, str(c), paired))
                elif pair is not None and i == pair.target and level == len(column) + 1:
                    row.append(FACE_DOWN, style="dim")
                else:
                    row.append(" " * STACK)
                row.append(" " * STACK_GAP)
            _trim(row)
            text.append_text(row)
            text.append("\n")
        if numbers and table.ending and columns:
            named = "".join(str(i + 1).center(STACK) + " " * STACK_GAP for i in range(len(columns)))
            text.append((" " * STACK_INDENT + named).rstrip() + "\n", style="dim")
    return text


def _count(text: Text) -> int:
    return len(text.plain.rstrip("\n").split("\n"))


def _ways(width: int, ending: bool, lang: Lang = "en") -> Iterator[tuple[int, str]]:
    """The grid tiles and the fortresses' drawing to try, the roomiest first: standing columns
    before a larger grid (the score is in the fortresses); once the game is over, no grid rather
    than fortresses that do not fit (nothing is played there any more)."""
    sizes = [rows for rows in (BIG, TALL, FLAT) if grid_width(rows, lang) <= width] or [FLAT]
    if ending:
        sizes.append(NONE)
    for players in ("standing", "beside", "under"):
        for rows in sizes:
            yield rows, players


def fortress_board(state: fortress.State, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
    """Both 2×2 grids as tiles with their 16 spots labelled as in the notation; the deck and the
    cards captured; each player's hand count, score so far and fortress, and, once the game is
    over, the face-down pair that counts. Given ``width`` and ``height``, the roomiest drawing
    that fits them (see the module's words); else one that fits ``width``."""
    table = _Table(state, lang)
    deck_line = _deck_line(state, lang)
    if width is None or height is None:
        rows = TALL if width is not None and width >= TALL_WIDTH else FLAT
        return _joined(_grid_lines(state, rows, lang), deck_line, _rows(table, width))
    drawn: dict[str, Text] = {}
    heads = _standing_heads(table, width) if _standing_fits(state, width) else None
    for rows, way in _ways(width, table.ending, lang):
        room = height - grid_height(rows) - 1
        if way == "standing":
            if heads is None:
                continue
            for gap, numbers in ((1, True), (0, True), (0, False)):
                if _standing_height(table, heads, gap, numbers) <= room:
                    return _joined(_grid_lines(state, rows, lang), deck_line, _standing(table, heads, gap, numbers))
        else:
            if way not in drawn:
                drawn[way] = _rows(table, width, under=way == "under")
            if _count(drawn[way]) <= room:
                return _joined(_grid_lines(state, rows, lang), deck_line, drawn[way])
    # taller than its room: drawn for the width left beside the scroll bar it brings
    narrower = max(1, width - SCROLL_BAR)
    grid = _grid_lines(state, NONE if table.ending else FLAT, lang)
    return _joined(grid, deck_line, _rows(table, narrower, under=width < TALL_WIDTH))


def _joined(grid: list[Text], deck_line: Text, players: Text) -> Text:
    text = Text("\n").join(grid)
    if grid:
        text.append("\n")
    text.append_text(deck_line)
    text.append("\n")
    text.append_text(players)
    return text

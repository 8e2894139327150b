"""Each game's table drawn as a picture made of text from its state: every card a tile in its deck's
colour with its rank or number and the deck's symbol (``tiles``), so nothing depends on colour
alone. Drawing only: every number shown (scores, counts, points) is the engine's; the same state in
sentences is the details panel's (F3)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from companion.app.widgets.board_text import SUPERSCRIPT, TALL_WIDTH, hang, right_aligned, row_name
from companion.app.widgets.homalet_board import homalet_board
from companion.app.widgets.tiles import click, tall_tile, tile
from companion.app.words import W, say
from companion.cardlook import dragoness_look, fortress_look
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from companion.rules.engine import GameEngine, StateShape

# --------------------------------------------------------------------------- Six-Suit Fortress

CELL = 6  # a one-row tile: " R13● "
TALL = 7  # a three-row tile


def _grid_lines(state: fortress.State, tall: bool) -> list[Text]:
    """Both 2×2 grids, their 16 spots around them, each spot and empty cell clickable."""
    deck = state.setup.deck
    cell_width = TALL if tall else CELL
    rows = 3 if tall else 1
    lines: list[Text] = []

    def spot(text: Text, name: str, width: int) -> None:
        pad = width - len(name)
        text.append(" " * (pad // 2))
        text.append(name, style=click(name, "dim"))
        text.append(" " * (pad - pad // 2))

    def cell(text: Text, name: str, row: int) -> None:
        c = state.grid.get(name)
        if c is None:
            mark = "--" if row == rows // 2 else ""
            text.append(mark.center(cell_width), style=click(name, "dim"))  # a click names the cell to refill
        elif tall:
            face, style = tall_tile(fortress_look(deck, c))[row]
            text.append(face.replace(" ", "\u00a0"), style=style + click(str(c)))
        else:
            tile(text, fortress_look(deck, c), str(c), width=cell_width)

    def spot_row(side: str, left: int, right: int) -> Text:
        text = Text()
        for g in fortress.GRIDS:
            text.append(" " * 5)
            spot(text, f"{g}{left}{side}", cell_width)
            text.append(" ")
            spot(text, f"{g}{right}{side}", cell_width)
            text.append(" " * 7)
        return text

    lines.append(spot_row("N", 1, 2))
    for top, bottom in ((1, 2), (3, 4)):
        for row in range(rows):
            text = Text()
            for g in fortress.GRIDS:
                middle = row == rows // 2
                text.append(" ")
                spot(text, f"{g}{top}W" if middle else "", 4)
                cell(text, f"{g}{top}", row)
                text.append(" ")
                cell(text, f"{g}{bottom}", row)
                text.append(" ")
                spot(text, f"{g}{bottom}E" if middle else "", 4)
                text.append("  ")
            lines.append(text)
        if tall and top == 1:
            lines.append(Text())
    lines.append(spot_row("S", 3, 4))
    return lines


def fortress_board(state: fortress.State, lang: Lang, width: int | None = None) -> Text:
    """Both 2×2 grids as tiles with their 16 spots labelled as in the notation; the deck and the
    cards captured; each player's fortress as columns of tiles (a column as long as it is high),
    hand count and score so far, and, once the game is over, the face-down pair that counts."""
    deck = state.setup.deck
    tall = width is not None and width >= TALL_WIDTH
    text = Text("\n").join(_grid_lines(state, tall))
    text.append(f"\n {say(W.board_deck, lang)} {state.deck_count}", style="bold")
    if state.pending:
        text.append(f"   {say(W.board_captured, lang)} ")
        for c in state.pending:
            tile(text, fortress_look(deck, c), str(c))
            text.append(" ")
    text.append("\n")
    scores = fortress.scores(state)
    active = state.turn if state.phase in (fortress.Phase.PLACE, fortress.Phase.BUILD) else None
    ending = state.phase in (fortress.Phase.FINAL, fortress.Phase.OVER)
    for p, name in enumerate(state.setup.players):
        row = Text()
        row_name(row, name, p == active)
        row.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        row.append(f"{say(W.board_score, lang)}{scores[p].score:>3}  ", style="bold")
        indent = row.cell_len
        pair = scores[p].pair if ending else None
        for i, column in enumerate(state.fortresses[p]):
            paired = pair is not None and i in (pair.source, pair.target)
            for c in column:
                tile(row, fortress_look(deck, c), pad=False, extra="underline" if paired else "")
            row.append(f"{str(len(column)).translate(SUPERSCRIPT)} ", style="dim")  # the column's height
        if pair is not None:
            words = say(W.board_pair, lang).format(pair.source + 1, pair.target + 1)
            row.append(words.replace(" ", "\u00a0"), style="italic")  # kept on one line
        text.append_text(hang(row, indent, width))
        text.append("\n")
    return text


# --------------------------------------------------------------------------- Reign of Dragoness


def dragoness_board(state: dragoness.State, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
    """Round n of 5; the pile's top pattern as tiles (a special card with the value it stands for),
    its type and the card to beat; then a table: each player's hand count, points round by round
    and in total, and who has passed or leads the pile; given the rows and at least ``TALL_WIDTH``
    cells, the totals as bars under it (D-10, D-11), the leader seen at a glance."""
    text = _dragoness_table(state, lang, width)
    if width is not None and height is not None and width >= TALL_WIDTH and state.results:
        bars = _dragoness_bars(state, lang)
        if len(text.plain.split("\n")) + 1 + len(bars.plain.split("\n")) <= height:
            text.append("\n\n")
            text.append_text(bars)
    return text


BAR = "█"  # a round's points in the bars; rounds alternate with a lighter block
BAR_ALT = "▓"
BAR_CELLS = 2  # cells a point: 15 points at most (five rounds of 3) make 30 cells


def _dragoness_bars(state: dragoness.State, lang: Lang) -> Text:
    """Each player's total as a bar, ``BAR_CELLS`` blocks a point, each round's points in turn in
    ``BAR`` and ``BAR_ALT`` (the length is the total, written after it: no colour needed), the
    leaders' totals bold."""
    totals = state.totals()
    best = max(totals)
    text = Text()
    text.append(f" {say(W.board_total, lang)}", style="bold")
    for p, name in enumerate(state.setup.players):
        text.append("\n")
        row_name(text, name, False)
        for r, result in enumerate(state.results[: dragoness.ROUNDS]):
            text.append((BAR if r % 2 == 0 else BAR_ALT) * (BAR_CELLS * result.points[p]))
        text.append(f" {totals[p]}", style="bold" if totals[p] == best else "dim")
    return text


def _dragoness_table(state: dragoness.State, lang: Lang, width: int | None) -> Text:
    """The pile and the round table (``dragoness_board`` without the bars)."""
    deck = state.setup.deck
    text = Text()
    rounds = dragoness.ROUNDS
    text.append(f" {say(W.board_round, lang)} {min(state.round, rounds)}/{rounds}", style="bold")
    pile = Text(f"   {say(W.board_pile, lang)}: ", style="bold")
    indent = pile.cell_len
    top = state.top
    if top is not None:
        cards = state.pile[len(state.pile) - top.size :]
        beneath = len(state.pile) - top.size
        looks = [dragoness_look(deck, c, lang, value[0]) for c, value in zip(cards, top.values, strict=True)]
        tall = width is not None and width >= TALL_WIDTH
        for c, look in zip(cards, looks, strict=True):
            if not tall:
                tile(pile, look, str(c))
                pile.append(" ")
        if beneath:
            pile.append(say(W.board_beneath, lang).format(beneath), style="dim")
        text.append_text(hang(pile, indent, width))
        if tall:  # the top pattern as cards seen from above, side by side
            rows = [tall_tile(look, max(TALL, cell_len(look.label) + 2)) for look in looks]
            for r in range(3):
                text.append("\n" + " " * indent)
                for c, card_rows in zip(cards, rows, strict=True):
                    face, style = card_rows[r]
                    text.append(face.replace(" ", "\u00a0"), style=style + click(str(c)))
                    text.append(" ")
        words = dragoness.pattern_kind(top.shape, top.size).text(lang)
        beat = dragoness.value_words(top.high).text(lang)
        text.append(f"\n   {words}", style="dim")
        text.append(say(W.board_to_beat, lang), style="bold")
        text.append(beat, style="bold")
    else:
        pile.append("—", style="dim")
        text.append_text(pile)
    text.append("\n\n")
    totals = state.totals()
    playing = state.phase in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED)
    head = Text(" " * 12 + right_aligned(say(W.board_hand, lang), 4) + " ", style="bold")
    for r in range(1, rounds + 1):
        head.append(
            right_aligned(f"{say(W.board_r, lang)}{r}", 3), style="bold underline" if r == state.round else "bold"
        )
        head.append(" ")  # over the * of who went out first
    head.append(" " + right_aligned(say(W.board_total, lang), 5), style="bold")
    text.append_text(head)
    text.append("\n")
    for p, name in enumerate(state.setup.players):
        row_name(text, name, playing and p == state.turn)
        cells = [f"{r.points[p]:>3}" + ("*" if r.out == p else " ") for r in state.results[:rounds]]
        cells += ["  · "] * (rounds - len(cells))
        text.append(f"{state.hand_counts[p]:>4} " + "".join(cells))  # one piece: quick to draw
        text.append(f" {totals[p]:>5} ", style="bold")
        if p in state.passed:
            text.append(say(W.board_passed, lang), style="dim italic")
        if state.top_player == p:
            text.append(say(W.board_on_top, lang), style="italic")
        text.append("\n")
    if state.results:
        text.append(say(W.board_first_out, lang), style="dim")
    return text


def board(
    engine: GameEngine, state: StateShape, lang: Lang, width: int | None = None, height: int | None = None
) -> Text:
    """The table of ``engine``'s game in ``state``; player rows wrapped to ``width`` cells if given;
    ``height`` rows given, a board that has them uses them (HOMALET's larger tiles, Dragoness' bars)."""
    if isinstance(state, homalet.State):
        text = homalet_board(state, lang, width, height)
    elif isinstance(state, dragoness.State):
        text = dragoness_board(state, lang, width, height)
    elif isinstance(state, fortress.State):
        text = fortress_board(state, lang, width)
    else:
        raise TypeError(f"no board for the {engine.GAME} state {type(state).__qualname__}")
    text.rstrip()
    return text

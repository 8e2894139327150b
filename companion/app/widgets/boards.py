"""Each game's table drawn as a picture made of text from its state: every card a tile in its deck's
colour with its rank or number and the deck's symbol (``tiles``), so nothing depends on colour
alone. Drawing only: every number shown (scores, counts, points) is the engine's; the same state in
sentences is the details panel's (F3)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from companion.app.widgets.board_text import TALL_WIDTH, hang, right_aligned, row_name
from companion.app.widgets.fortress_board import fortress_board
from companion.app.widgets.homalet_board import homalet_board
from companion.app.widgets.tiles import click, tall_tile, tile
from companion.app.words import W, say
from companion.cardlook import dragoness_look
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from companion.rules.engine import GameEngine, StateShape

# --------------------------------------------------------------------------- Six-Suit Fortress
# (its own module: fortress_board)

TALL = 7  # a three-row tile


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
    ``height`` rows given, a board that has them uses them (HOMALET's larger tiles, Dragoness' bars,
    the Fortress grids' larger tiles and its fortresses' columns standing up)."""
    if isinstance(state, homalet.State):
        text = homalet_board(state, lang, width, height)
    elif isinstance(state, dragoness.State):
        text = dragoness_board(state, lang, width, height)
    elif isinstance(state, fortress.State):
        text = fortress_board(state, lang, width, height)
    else:
        raise TypeError(f"no board for the {engine.GAME} state {type(state).__qualname__}")
    text.rstrip()
    return text

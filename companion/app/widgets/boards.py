"""Each game's table drawn as a picture made of text from its state: every card a tile in its deck's
colour with its rank or number and the deck's symbol (``tiles``), so nothing depends on colour
alone. Drawing only: every number shown (scores, counts, points) is the engine's; the same state in
sentences is the details panel's (F3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from companion.app.complete import LegalLines
from companion.app.widgets.tiles import click, tall_tile, tile
from companion.app.words import W, say
from companion.cardlook import dragoness_look, fortress_look, homalet_colour_look, homalet_look
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.rules.engine import AnyEngine
from companion.rules.games import HOMALET

TURN = "▶"
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
TALL_WIDTH = 70
HANG_ROOM = 12  # cells a wrapped row needs beside its head to go on under its own column
HANG_NEAR = 4  # else it goes on from here  # a board at least this wide draws the Fortress grids with three-row tiles


def _choice(engine: AnyEngine, state: Any, action: Any, lang: Lang) -> str | None:
    """The engine's line for ``action``, offered when a choice is clicked (None unless the engine's
    ``complete`` offers it now)."""
    try:
        line = str(engine.action_line(state, action, lang))
    except Refusal:
        return None
    return line if LegalLines(engine, state, lang).offered(line) else None


def hang(row: Text, indent: int, width: int | None) -> Text:
    """One board row wrapped at spaces to ``width`` cells, its further lines starting under column
    ``indent`` (a long fortress or score pile stays in its column instead of wrapping to column 1)."""
    if width is None or row.cell_len <= width or width <= HANG_NEAR + 4:
        return row
    if width - indent < HANG_ROOM:
        indent = HANG_NEAR  # too little room beside the row's head: go on under it, near the left
    plain = row.plain
    cuts: list[int] = []
    used = 0  # cells on the line being filled
    space = None  # where the last space on this line ends
    start = 0
    for i, ch in enumerate(plain):
        cells = cell_len(ch)
        if used + cells > width and i > start:
            cut = space if space is not None and space > start else i
            cuts.append(cut)
            start, space = cut, None
            used = indent + cell_len(plain[cut:i])
        used += cells
        if ch == " ":
            space = i + 1
    out = Text()
    for n, piece in enumerate(row.divide(cuts)):
        piece.rstrip()
        if n:
            out.append("\n" + " " * indent)
            piece = piece[len(piece.plain) - len(piece.plain.lstrip(" ")) :]
        out.append_text(piece)
    return out


def _row_name(text: Text, name: str, active: bool, width: int = 10) -> None:
    text.append(TURN if active else " ", style="bold")
    cut = name if cell_len(name) <= width else _cut(name, width - 1) + "…"
    text.append(cut + " " * (width - cell_len(cut)) + " ", style="bold" if active else "")


def _right(word: str, cells: int) -> str:
    """``word`` right-aligned in ``cells`` terminal cells (a Japanese character takes two)."""
    return " " * (cells - cell_len(word)) + word


def _cut(name: str, cells: int) -> str:
    out = ""
    for ch in name:
        if cell_len(out + ch) > cells:
            break
        out += ch
    return out


# --------------------------------------------------------------------------- Six-Suit Fortress

CELL = 6  # a one-row tile: " R13● "
TALL = 7  # a three-row tile


def _grid_lines(state: Any, tall: bool) -> list[Text]:
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


def fortress_board(state: Any, lang: Lang, width: int | None = None) -> Text:
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
        _row_name(row, name, p == active)
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


# --------------------------------------------------------------------------- HOMALET


def homalet_board(state: Any, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
    """The battlefield and wilderness with their lead colours and each card with its player (a
    battlefield card already picked marked), the wilderness sets, each player's hand count and
    score pile with its live score and breakdown. Given a board of at least ``TALL_WIDTH`` cells
    and ``height`` rows that hold it, the fields and sets are drawn with three-row tiles (the
    player's name under each card); else with one-row tiles."""
    if width is not None and height is not None and width >= TALL_WIDTH:
        roomy = _homalet_roomy(state, lang, width)
        if len(roomy.plain.rstrip("\n").split("\n")) <= height:
            return roomy
    deck = state.setup.deck
    text = Text()

    taking = state.phase is homalet.Phase.TAKE and state.takers

    def card(c: int, into: Text, taken: bool = False, pick: bool = False) -> None:
        _homalet_card(state, lang, c, into, taken, pick)

    names = state.setup.players
    label = max(cell_len(homalet.FIELD_NAMES[f].text(lang)) for f in homalet.Field)
    for where in homalet.Field:
        row = Text()
        title = homalet.FIELD_NAMES[where].text(lang)
        row.append(f" {title}" + " " * (label - cell_len(title)) + " ", style="bold")
        lead = state.lead(where)
        if lead is not None:
            row.append(f"{say(W.board_lead, lang)} ")
            tile(row, homalet_colour_look(deck, lead, lang))
            row.append("  ")
        indent = row.cell_len
        for p, c, f in state.played:
            if f is where:
                card(c, row, taken=c in state.battle_taken, pick=where is homalet.Field.BATTLE)
                row.append(f"\u00a0{names[p][:6]}  ", style="dim")  # a card and its player stay on one line
        text.append_text(hang(row, indent, width))
        text.append("\n")
    row = Text(f" {say(W.board_sets, lang)} ", style="bold")
    indent = row.cell_len
    for i, cards in enumerate(state.wilderness):
        choice = _choice(HOMALET, state, homalet.TakeSet(state.takers[0], i), lang) if taking else None
        row.append(f"{i + 1}:", style=click(choice, "underline", line=True) if choice else Style(dim=True))
        for c in cards:
            card(c, row)
            row.append(" ")
        row.append(" ")
    text.append_text(hang(row, indent, width))
    wide = width is None or width >= TALL_WIDTH
    text.append(f"\n {say(W.board_deck, lang)} {state.deck_count}  {say(W.board_round, lang)} {state.round}")
    if not wide:  # what the numbers in brackets are
        text.append("  " + say(W.board_breakdown_key, lang), style="dim")
    text.append("\n")
    _homalet_players(text, state, lang, width, wide)
    return text


def _homalet_card(state: Any, lang: Lang, c: int, into: Text, taken: bool = False, pick: bool = False) -> None:
    """One HOMALET card as a one-row tile (a battlefield card already taken struck through and
    ticked; one the picker may take underlined, a click writing the pick), its season after it."""
    look = homalet_look(state.setup.deck, c)
    choice = _pick(state, lang, c) if pick else None
    if taken:
        tile(into, look, f"{c:02d}", extra="strike")
        into.append("✓", style="dim")
    elif choice is not None:
        tile(into, look, choice, line=True, extra="underline")
    else:
        tile(into, look, f"{c:02d}")
    season = _season(state, lang, c)
    if season:
        into.append(season, style="dim")


def _pick(state: Any, lang: Lang, c: int) -> str | None:
    """The line picking battlefield card ``c`` now, if the picker may (H-5)."""
    if state.phase is not homalet.Phase.PICK or not state.pickers:
        return None
    return _choice(HOMALET, state, homalet.Pick(state.pickers[0], c), lang)


def _season(state: Any, lang: Lang, c: int) -> str:
    """The card's season mark, short (春 / Sp), or nothing (H-2)."""
    season = state.setup.deck.season(c)
    if season is None:
        return ""
    name = homalet.SEASON_NAMES[season].text(lang)
    return name[:1] if lang == "ja" else name[:2].capitalize()


def _homalet_players(text: Text, state: Any, lang: Lang, width: int | None, wide: bool) -> None:
    """Each player's row: hand count, score so far and its breakdown (H-11), the pile as tiles."""
    scores = homalet.scores(state)
    actor = state.actor()
    for p, name in enumerate(state.setup.players):
        row = Text()
        _row_name(row, name, p == actor)
        row.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        s = scores[p]
        row.append(f"{say(W.board_score, lang)}{s.score:>3} ", style="bold")
        parts = (s.cards, s.same_digit, s.run, s.spring)
        if wide:
            row.append(say(W.board_breakdown, lang).format(*parts) + " ", style="dim")
        else:
            row.append("(" + "+".join(map(str, parts)) + ") ", style="dim")
        indent = row.cell_len
        for c in sorted(state.piles[p]):
            _homalet_card(state, lang, c, row)
            row.append(" ")
        text.append_text(hang(row, indent, width))
        text.append("\n")


HOMALET_TALL = 7  # a three-row HOMALET tile: the number at its corners, the colour's symbol and season between
TALL_GAP = 2  # cells between two three-row tiles


def _centred(word: str, cells: int) -> str:
    """``word`` centred in ``cells`` terminal cells (a Japanese character takes two)."""
    room = max(0, cells - cell_len(word))
    return " " * (room // 2) + word + " " * (room - room // 2)


def _tall_card(state: Any, lang: Lang, c: int, taken: bool = False, pick: bool = False) -> list[tuple[str, Style]]:
    """One HOMALET card as a three-row tile, clickable like the one-row tile (``_homalet_card``)."""
    look = homalet_look(state.setup.deck, c)
    choice = _pick(state, lang, c) if pick else None
    token, line = (choice, True) if choice is not None and not taken else (f"{c:02d}", False)
    marks = Style(strike=True) if taken else Style(underline=True) if choice is not None and not taken else Style()
    season = _season(state, lang, c)
    rows = tall_tile(look, HOMALET_TALL)
    middle = _centred(f"{look.glyph} {season}" if season else look.glyph, HOMALET_TALL)
    rows[1] = (middle, rows[1][1])
    return [(face, style + marks + click(token, line=line)) for face, style in rows]


def _tall_lines(items: list[tuple[list[tuple[str, Style]], Text]], indent: int, width: int) -> list[Text]:
    """Three-row tiles side by side from column ``indent``, each with a line under it (its player),
    going on below when the row is full: four lines for each row of tiles."""
    cell = HOMALET_TALL + TALL_GAP
    per_row = max(1, (width - indent) // cell)
    lines: list[Text] = []
    for start in range(0, len(items), per_row):
        chunk = items[start : start + per_row]
        rows = [Text(" " * indent) for _ in range(4)]
        for tile_rows, under in chunk:
            for r, (face, style) in enumerate(tile_rows):
                rows[r].append(face.replace(" ", "\u00a0"), style=style)
                rows[r].append(" " * TALL_GAP)
            rows[3].append_text(under)
            rows[3].append(" " * (cell - under.cell_len))
        lines.extend(rows)
    return lines


def _homalet_roomy(state: Any, lang: Lang, width: int) -> Text:
    """The HOMALET table for a board with room: each field a heading with its lead colour over its
    cards as three-row tiles, each with its player under it (a battlefield card already taken
    struck through and ticked); the wilderness sets likewise; then the deck, the round and the
    player rows of the one-row layout."""
    deck = state.setup.deck
    names = state.setup.players
    lines: list[Text] = []
    for where in homalet.Field:
        head = Text(f" {homalet.FIELD_NAMES[where].text(lang)}", style="bold")
        lead = state.lead(where)
        if lead is not None:
            head.append(f"   {say(W.board_lead, lang)} ")
            tile(head, homalet_colour_look(deck, lead, lang))
        lines.append(head)
        items = []
        for p, c, f in state.played:
            if f is where:
                taken = c in state.battle_taken
                tall = _tall_card(state, lang, c, taken=taken, pick=where is homalet.Field.BATTLE)
                under = Text(_cut(("✓" if taken else "") + names[p], HOMALET_TALL), style="dim")
                items.append((tall, under))
        lines.extend(_tall_lines(items, 3, width) if items else [Text(), Text("   —", style="dim"), Text(), Text()])
        lines.append(Text())
    lines.append(Text(f" {say(W.board_sets, lang)}", style="bold"))
    taking = state.phase is homalet.Phase.TAKE and state.takers
    sets = Text()
    rows = [Text("  "), Text("  "), Text("  ")]
    for i, cards in enumerate(state.wilderness):
        choice = _choice(HOMALET, state, homalet.TakeSet(state.takers[0], i), lang) if taking else None
        label = f"{i + 1}:"
        needed = cell_len(label) + 1 + len(cards) * (HOMALET_TALL + 1) + 2
        if rows[0].cell_len + needed > width and rows[0].cell_len > 2:  # the sets go on below
            for row in rows:
                sets.append_text(row)
                sets.append("\n")
            rows = [Text("  "), Text("  "), Text("  ")]
        for r, row in enumerate(rows):
            if r == 1:
                row.append(label, style=click(choice, "underline", line=True) if choice else Style(dim=True))
            else:
                row.append(" " * cell_len(label))
            row.append(" ")
            for c in cards:
                face, style = _tall_card(state, lang, c)[r]
                row.append(face.replace(" ", "\u00a0"), style=style)
                row.append(" ")
            row.append("  ")
    for row in rows:
        sets.append_text(row)
        sets.append("\n")
    text = Text("\n").join(lines)
    text.append("\n")
    text.append_text(sets)
    text.append(f"\n {say(W.board_deck, lang)} {state.deck_count}  {say(W.board_round, lang)} {state.round}\n")
    _homalet_players(text, state, lang, width, True)
    return text


# --------------------------------------------------------------------------- Reign of Dragoness


def dragoness_board(state: Any, lang: Lang, width: int | None = None) -> Text:
    """Round n of 5; the pile's top pattern as tiles (a special card with the value it stands for),
    its type and the card to beat; then a table: each player's hand count, points round by round
    and in total, and who has passed or leads the pile."""
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
    head = Text(" " * 12 + _right(say(W.board_hand, lang), 4) + " ", style="bold")
    for r in range(1, rounds + 1):
        head.append(_right(f"{say(W.board_r, lang)}{r}", 3), style="bold underline" if r == state.round else "bold")
        head.append(" ")  # over the * of who went out first
    head.append(" " + _right(say(W.board_total, lang), 5), style="bold")
    text.append_text(head)
    text.append("\n")
    for p, name in enumerate(state.setup.players):
        _row_name(text, name, playing and p == state.turn)
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


_BOARDS: dict[str, Callable[[Any, Lang, int | None], Text]] = {
    "fortress": fortress_board,
    "homalet": homalet_board,
    "dragoness": dragoness_board,
}


def board(engine: AnyEngine, state: Any, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
    """The table of ``engine``'s game in ``state``; player rows wrapped to ``width`` cells if given;
    ``height`` rows given, a board that has them may draw its cards larger (HOMALET)."""
    if engine.GAME == "homalet":
        text = homalet_board(state, lang, width, height)
    else:
        text = _BOARDS[engine.GAME](state, lang, width)
    text.rstrip()
    return text

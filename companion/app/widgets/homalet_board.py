"""The HOMALET table drawn from its state (``companion.app.widgets.boards``): one-row tiles, or,
on a board with the room, the fields and sets as three-row tiles with each card's player under it."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from companion.app.widgets.board_text import TALL_WIDTH, choice_of, cut_to, hang, row_name
from companion.app.widgets.tiles import click, tall_tile, tile
from companion.app.words import W, say
from companion.cards.cardlook import homalet_colour_look, homalet_look
from companion.rules import homalet
from companion.rules.common import Lang
from companion.rules.games import ENGINES

HOMALET = ENGINES["homalet"]
FIELD_INDENT = 3  # cells before a field's cards when they go on under its heading


def homalet_board(state: homalet.State, lang: Lang, width: int | None = None, height: int | None = None) -> Text:
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
        laid = Text()
        for p, c, f in state.played:
            if f is where:
                card(c, laid, taken=c in state.battle_taken, pick=where is homalet.Field.BATTLE)
                laid.append(f"\u00a0{names[p][:6]}  ", style="dim")  # a card and its player stay on one line
        laid.rstrip()
        if not laid.plain:  # an empty field says so
            laid.append("—", style="dim")
        if width is None or row.cell_len + laid.cell_len <= width or not laid.plain:
            row.append_text(laid)
            text.append_text(row)
        else:  # the cards on the lines under the heading, from the left: fewer lines than beside it
            row.rstrip()
            text.append_text(row)
            text.append("\n")
            text.append_text(hang(Text(" " * FIELD_INDENT) + laid, FIELD_INDENT, width))
        text.append("\n")
    row = Text()
    row.append(f" {say(W.board_sets, lang)} ", style="bold")
    indent = row.cell_len
    if not state.wilderness:  # none left
        row.append("—", style="dim")
    for i, cards in enumerate(state.wilderness):
        choice = choice_of(HOMALET, state, homalet.TakeSet(state.takers[0], i), lang) if taking else None
        row.append(f"{i + 1}:", style=click(choice, "underline", line=True) if choice else Style(dim=True))
        for n, c in enumerate(cards):
            if n:
                row.append("\u00a0")  # a set's cards stay on one line: a long row goes on between sets
            card(c, row)
        row.append("  ")
    text.append_text(hang(row, indent, width))
    text.append("\n")
    text.append_text(_deck_line(state, lang, width))
    _homalet_players(text, state, lang, width)
    return text


def _deck_line(state: homalet.State, lang: Lang, width: int | None) -> Text:
    """The deck and the round, and what the numbers in brackets on the player rows are (on a line
    of its own where the row has no room for it)."""
    text = Text(f" {say(W.board_deck, lang)} {state.deck_count}  {say(W.board_round, lang)} {state.round}")
    key = say(W.board_breakdown_key, lang)
    if width is not None and text.cell_len + 2 + cell_len(key) > width:
        text.append("\n ")
    else:
        text.append("  ")
    text.append(key, style="dim")
    text.append("\n")
    return text


def _homalet_card(
    state: homalet.State, lang: Lang, c: int, into: Text, taken: bool = False, pick: bool = False
) -> None:
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


def _pick(state: homalet.State, lang: Lang, c: int) -> str | None:
    """The line picking battlefield card ``c`` now, if the picker may (H-5)."""
    if state.phase is not homalet.Phase.PICK or not state.pickers:
        return None
    return choice_of(HOMALET, state, homalet.Pick(state.pickers[0], c), lang)


def _season(state: homalet.State, lang: Lang, c: int) -> str:
    """The card's season mark as a word (春 / spring), or nothing (H-2)."""
    season = state.setup.deck.season(c)
    return "" if season is None else homalet.SEASON_NAMES[season].text(lang)


def _homalet_players(text: Text, state: homalet.State, lang: Lang, width: int | None) -> None:
    """Each player's row: hand count, score so far and its parts in brackets (H-11: the deck line
    says what they are), the pile as tiles."""
    scores = homalet.scores(state)
    actor = state.actor()
    for p, name in enumerate(state.setup.players):
        row = Text()
        row_name(row, name, p == actor)
        row.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        s = scores[p]
        row.append(f"{say(W.board_score, lang)}{s.score:>3} ", style="bold")
        parts = (s.cards, s.same_digit, s.run, s.spring)
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


def _tall_card(
    state: homalet.State, lang: Lang, c: int, taken: bool = False, pick: bool = False
) -> list[tuple[str, Style]]:
    """One HOMALET card as a three-row tile, clickable like the one-row tile (``_homalet_card``):
    the colour's symbol and the season's word between its corners (the tile widens for "autumn")."""
    look = homalet_look(state.setup.deck, c)
    choice = _pick(state, lang, c) if pick else None
    token, line = (choice, True) if choice is not None and not taken else (f"{c:02d}", False)
    marks = Style(strike=True) if taken else Style(underline=True) if choice is not None and not taken else Style()
    season = _season(state, lang, c)
    middle = f"{look.glyph} {season}" if season else look.glyph
    width = max(HOMALET_TALL, cell_len(middle) + 1)
    rows = tall_tile(look, width)
    rows[1] = (_centred(middle, width), rows[1][1])
    return [(face, style + marks + click(token, line=line)) for face, style in rows]


def _tall_lines(items: list[tuple[list[tuple[str, Style]], Text]], indent: int, width: int) -> list[Text]:
    """Three-row tiles side by side from column ``indent``, each with a line under it (its player),
    going on below when the row is full: four lines for each row of tiles."""
    lines: list[Text] = []
    rows = [Text(" " * indent) for _ in range(4)]
    for tile_rows, under in items:
        cells = cell_len(tile_rows[0][0])
        if rows[0].cell_len + cells > width and rows[0].cell_len > indent:
            lines.extend(rows)
            rows = [Text(" " * indent) for _ in range(4)]
        for r, (face, style) in enumerate(tile_rows):
            rows[r].append(face.replace(" ", "\u00a0"), style=style)
            rows[r].append(" " * TALL_GAP)
        rows[3].append_text(under)
        rows[3].append(" " * (cells + TALL_GAP - under.cell_len))
    lines.extend(rows)
    return lines


def _homalet_roomy(state: homalet.State, lang: Lang, width: int) -> Text:
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
        items = []
        for p, c, f in state.played:
            if f is where:
                taken = c in state.battle_taken
                tall = _tall_card(state, lang, c, taken=taken, pick=where is homalet.Field.BATTLE)
                under = Text(cut_to(("✓" if taken else "") + names[p], cell_len(tall[0][0])), style="dim")
                items.append((tall, under))
        if not items:  # an empty field takes its heading's line only
            head.append("   —", style="dim")
        lines.append(head)
        lines.extend(_tall_lines(items, 3, width) if items else [])
        lines.append(Text())
    lines.append(Text(f" {say(W.board_sets, lang)}", style="bold"))
    if not state.wilderness:  # none left: the heading's line only
        lines[-1].append("   —", style="dim")
    taking = state.phase is homalet.Phase.TAKE and state.takers
    sets = Text()
    rows = [Text("  "), Text("  "), Text("  ")]
    for i, cards in enumerate(state.wilderness):
        choice = choice_of(HOMALET, state, homalet.TakeSet(state.takers[0], i), lang) if taking else None
        label = f"{i + 1}:"
        tiles = [_tall_card(state, lang, c) for c in cards]
        needed = cell_len(label) + 1 + sum(cell_len(t[0][0]) + 1 for t in tiles) + 2
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
            for tile_rows in tiles:
                face, style = tile_rows[r]
                row.append(face.replace(" ", "\u00a0"), style=style)
                row.append(" ")
            row.append("  ")
    for row in rows if state.wilderness else []:
        sets.append_text(row)
        sets.append("\n")
    text = Text("\n").join(lines)
    text.append("\n")
    text.append_text(sets)
    text.append("\n")
    text.append_text(_deck_line(state, lang, width))
    _homalet_players(text, state, lang, width)
    return text

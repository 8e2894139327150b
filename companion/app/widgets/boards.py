"""Each game's table drawn as text from its state. Cards take the deck file's colours, always with
their letters or numbers beside, so nothing depends on colour alone. Drawing only: every number
shown (scores, counts) is the engine's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from companion.app.words import W, say
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.rules.engine import AnyEngine
from companion.rules.games import HOMALET

TURN = "▶"


def _ink(color: str, token: str | None = None) -> Style:
    """A deck colour as text colour, bold so dark colours stay readable on a dark background;
    clicking it types ``token`` into the entry line."""
    return Style(color=color, bold=True) + _click(token)


def _click(token: str | None, style: str = "", line: bool = False) -> Style:
    """Clicking this text types ``token`` into the entry line (the mouse as an alternative);
    with ``line``, ``token`` is a whole line (a choice) and replaces what was typed."""
    base = Style.parse(style) if style else Style()
    action = "choose" if line else "insert"
    return base if token is None else base + Style(meta={"@click": f"screen.{action}({token!r})"})


def _choice(engine: AnyEngine, state: Any, action: Any, lang: Lang) -> str | None:
    """The engine's line for ``action``, offered when a choice is clicked (None if it is not legal)."""
    try:
        engine.apply(state, action)
        return str(engine.action_line(state, action, lang))
    except Refusal:
        return None


def hang(row: Text, indent: int, width: int | None) -> Text:
    """One board row wrapped at spaces to ``width`` cells, its further lines starting under column
    ``indent`` (a long fortress or score pile stays in its column instead of wrapping to column 1)."""
    if width is None or row.cell_len <= width or width <= indent + 4:
        return row
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
            piece = piece[len(piece.plain) - len(piece.plain.lstrip(" ")):]
        out.append_text(piece)
    return out


def _row_name(text: Text, name: str, active: bool, width: int = 10) -> None:
    text.append(TURN if active else " ", style="bold")
    cut = name if len(name) <= width else name[: width - 1] + "…"
    text.append(cut.ljust(width) + " ", style="bold" if active else "")


# --------------------------------------------------------------------------- Six-Suit Fortress


def fortress_board(state: Any, lang: Lang, width: int | None = None) -> Text:
    """Both 2×2 grids with their 16 spots labelled as in the notation; each player's fortress row
    (columns left to right, rank and height), hand count and score so far; the deck count."""
    deck = state.setup.deck
    text = Text()

    def card(cell: str) -> None:
        c = state.grid.get(cell)
        if c is None:
            text.append(f"{'--':^5}", style=_click(cell, "dim"))  # a click names the cell to refill
        else:
            text.append(f"{c!s:^5}", style=_ink(deck.suit(c.suit).color, str(c)))

    a, b = fortress.GRIDS
    def spot(name: str, width: int = 5) -> None:
        pad = width - len(name)
        text.append(" " * (pad // 2))
        text.append(name, style=_click(name, "dim"))
        text.append(" " * (pad - pad // 2))

    for side, (left, right) in (("N", (1, 2)), ("S", (3, 4))):
        if side == "S":
            for top, bottom in ((1, 2), (3, 4)):
                for g in (a, b):
                    text.append(" ")
                    spot(f"{g}{top}W", 4)
                    card(f"{g}{top}")
                    card(f"{g}{bottom}")
                    spot(f"{g}{bottom}E", 5)
                    text.append(" ")
                text.append("\n")
        for g in (a, b):
            text.append(" " * 5)
            spot(f"{g}{left}{side}")
            spot(f"{g}{right}{side}")
            text.append(" " * 6)
        text.append("\n")
    text.append(f" {say(W.board_deck, lang)} {state.deck_count}", style="bold")
    if state.pending:
        text.append(f"   {say(W.board_captured, lang)} ")
        for c in state.pending:
            text.append(str(c), style=_ink(deck.suit(c.suit).color, str(c)))
            text.append(" ")
    text.append("\n")
    scores = fortress.scores(state)
    active = state.turn if state.phase in (fortress.Phase.PLACE, fortress.Phase.BUILD) else None
    for p, name in enumerate(state.setup.players):
        row = Text()
        _row_name(row, name, p == active)
        row.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        row.append(f"{say(W.board_score, lang)}{scores[p].score:>3} ", style="bold")
        indent = row.cell_len
        for column in state.fortresses[p]:
            first = column[0]
            row.append(f"{first.rank}", style="bold")
            for c in column:
                row.append(c.suit, style=_ink(deck.suit(c.suit).color))
            row.append(" ")
        text.append_text(hang(row, indent, width))
        text.append("\n")
    return text


# --------------------------------------------------------------------------- HOMALET


def homalet_board(state: Any, lang: Lang, width: int | None = None) -> Text:
    """The battlefield and wilderness with their lead colours, the wilderness sets, each player's
    hand count and score pile with its live score."""
    deck = state.setup.deck
    text = Text()

    picking = state.phase is homalet.Phase.PICK and state.pickers
    taking = state.phase is homalet.Phase.TAKE and state.takers

    def card(c: int, dim: bool = False, pick: bool = False, into: Text | None = None) -> None:
        out = text if into is None else into
        colour = deck.colour(c)
        mark = colour.ja if lang == "ja" else colour.en[:1]
        season = deck.season(c)
        choice = _choice(HOMALET, state, homalet.Pick(state.pickers[0], c), lang) if pick and picking else None
        if dim:
            style = _click(f"{c:02d}", "dim")
        elif choice is not None:
            style = _ink(colour.color) + _click(choice, "underline", line=True)
        else:
            style = _ink(colour.color, f"{c:02d}")
        out.append(f"{c:02d}{mark}", style=style)
        if season is not None:
            name = homalet.SEASON_NAMES[season].text(lang)
            out.append(name[:1] if lang == "ja" else name[:2].capitalize(), style="dim")  # 春 / Sp
        out.append(" ")

    names = state.setup.players
    for where in homalet.Field:
        lead = state.lead(where)
        text.append(f" {homalet.FIELD_NAMES[where].text(lang)}", style="bold")
        if lead is not None:
            colour = deck.by_key[lead]
            text.append(f" ({say(W.board_lead, lang)} ")
            text.append(colour.ja if lang == "ja" else colour.en, style=_ink(colour.color))
            text.append(")")
        text.append(": ")
        for p, c, f in state.played:
            if f is where:
                card(c, dim=c in state.battle_taken, pick=where is homalet.Field.BATTLE)
                text.append(f"{names[p][:6]} ", style="dim")
        text.append("\n")
    text.append(f" {say(W.board_sets, lang)}\n  ", style="bold")
    for i, cards in enumerate(state.wilderness):
        choice = _choice(HOMALET, state, homalet.TakeSet(state.takers[0], i), lang) if taking else None
        text.append(f"{i + 1}:", style=_click(choice, "underline", line=True) if choice else Style(dim=True))
        for c in cards:
            card(c)
        text.append(" ")
    text.append(f"\n {say(W.board_deck, lang)} {state.deck_count}  {say(W.board_round, lang)} {state.round}\n")
    scores = homalet.scores(state)
    actor = state.actor()
    for p, name in enumerate(names):
        row = Text()
        _row_name(row, name, p == actor)
        row.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        row.append(f"{say(W.board_score, lang)}{scores[p].score:>3} ", style="bold")
        s = scores[p]
        row.append(f"({s.cards}+{s.same_digit}+{s.run}+{s.spring}) ", style="dim")
        indent = row.cell_len
        for c in sorted(state.piles[p]):
            card(c, into=row)
        text.append_text(hang(row, indent, width))
        text.append("\n")
    return text


# --------------------------------------------------------------------------- Reign of Dragoness


def dragoness_board(state: Any, lang: Lang, width: int | None = None) -> Text:
    """Round n of 5, the pile's top pattern with its type and the card to beat, who has passed,
    hand counts and points so far."""
    deck = state.setup.deck
    text = Text()
    rounds = dragoness.ROUNDS
    text.append(f" {say(W.board_round, lang)} {min(state.round, rounds)}/{rounds}\n", style="bold")
    pile = Text(f" {say(W.board_pile, lang)}: ", style="bold")
    indent = pile.cell_len
    for i, c in enumerate(state.pile):
        # a special card (page, squire, …) has no clan and so no colour: shown reversed, by its name
        dragon = deck.kind(c) is dragoness.Kind.DRAGON and deck.known(c)
        style = _ink(deck.clan(c.code).color) if dragon else Style(bold=True, reverse=True)
        if i:
            pile.append(" · ", style="dim")  # card names hold spaces: the cards apart without colour
        pile.append(deck.label(c, lang).replace(" ", "\u00a0"), style=style)  # a card is not broken
    text.append_text(hang(pile, indent, width))
    if state.top is not None:
        text.append("\n   " + state.top.describe().text(lang), style="dim")
    text.append("\n")
    totals = state.totals()
    playing = state.phase in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED)
    for p, name in enumerate(state.setup.players):
        _row_name(text, name, playing and p == state.turn)
        text.append(f"{say(W.board_hand, lang)}{state.hand_counts[p]:>2} ")
        text.append(f"{say(W.board_points, lang)}{totals[p]:>3} ", style="bold")
        if p in state.passed:
            text.append(say(W.board_passed, lang), style="dim italic")
        if state.top_player == p:
            text.append(say(W.board_top, lang), style="italic")
        text.append("\n")
    return text


_BOARDS: dict[str, Callable[[Any, Lang, int | None], Text]] = {
    "fortress": fortress_board, "homalet": homalet_board, "dragoness": dragoness_board,
}


def board(engine: AnyEngine, state: Any, lang: Lang, width: int | None = None) -> Text:
    """The table of ``engine``'s game in ``state``; player rows wrapped to ``width`` cells if given."""
    text = _BOARDS[engine.GAME](state, lang, width)
    text.rstrip()
    return text

"""Each game's table drawn as a picture made of text from its state: every card a tile in its deck's
colour with its rank or number and the deck's symbol (``tiles``), so nothing depends on colour
alone. Drawing only: every number shown (scores, counts, points) is the engine's; the same state in
sentences is the details panel's (F3)."""

from __future__ import annotations

from rich.text import Text

from companion.app.widgets.dragoness_board import BAR, BAR_ALT, BAR_CELLS, dragoness_board
from companion.app.widgets.fortress_board import fortress_board
from companion.app.widgets.homalet_board import homalet_board
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from companion.rules.engine import GameEngine, StateShape

# each game's board in its own module: fortress_board, homalet_board, dragoness_board


__all__ = ["BAR", "BAR_ALT", "BAR_CELLS", "board"]


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

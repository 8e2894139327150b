"""One key table (companion/app/keys.py) feeds the bindings, the key line, the help screen and the
command palette: every key a screen binds comes from it, is named in both languages, and the keys of
a game in play are all listed on the help screen."""

from __future__ import annotations

from textual.binding import Binding
from textual.dom import DOMNode

from companion.app import keys
from companion.app.app import CompanionApp
from companion.app.screens.confirm import Confirm
from companion.app.screens.help import HelpScreen
from companion.app.screens.history import TableScreen
from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.app.screens.playtest import PlaytestScreen
from companion.app.screens.settle import QrScreen, SettleScreen
from companion.app.screens.sheet import SheetScreen
from companion.app.screens.track import GameScreen
from companion.app.widgets.entry import EntryLine
from companion.app.words import WORDS

TABLE = [value for value in vars(keys).values() if isinstance(value, keys.Key)]
BINDERS: tuple[type[DOMNode], ...] = (
    CompanionApp,
    Confirm,
    HelpScreen,
    TableScreen,
    PlaytestScreen,
    NewGameScreen,
    QrScreen,
    SettleScreen,
    SheetScreen,
    GameScreen,
    EntryLine,
)


def bound(owner: type[DOMNode]) -> list[Binding]:
    return [b for b in owner.BINDINGS if isinstance(b, Binding)]


def test_every_key_is_named_in_both_languages() -> None:
    words = list(WORDS.values())
    for key in TABLE:
        assert key.word in words and (key.palette is None or key.palette in words), key
        assert key.word.en and key.word.ja


def test_every_binding_comes_from_the_table() -> None:
    """A key may mean two things on two screens (Tab: complete the line, or go to the next field)."""
    for owner in BINDERS:
        assert bound(owner), owner.__name__
        for binding in bound(owner):
            named = [k for k in TABLE if k.key == binding.key]
            assert named, f"{owner.__name__} binds {binding.key} outside the key table"
            assert binding.description in [k.word.en for k in named] and binding.show is False


def test_the_help_screen_lists_every_key_of_a_game_in_play() -> None:
    listed = {k.key for k in keys.LISTED if k.key}
    for owner in (CompanionApp, GameScreen, EntryLine):
        assert {b.key for b in bound(owner)} <= listed, owner.__name__


def test_the_palette_offers_what_the_game_screen_does() -> None:
    assert keys.IN_PALETTE and all(k.palette for k in keys.IN_PALETTE)
    in_game = [k for k in keys.IN_PALETTE if k is not keys.PLAYTEST]
    assert in_game and all(hasattr(GameScreen, f"action_{k.action}") for k in in_game)
    # the playtest analysis: from the home screen, the history and the statistics (issue 21)
    assert all(hasattr(screen, f"action_{keys.PLAYTEST.action}") for screen in (HomeScreen, TableScreen))

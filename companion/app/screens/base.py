"""What every screen shares: the app's language, and redrawing itself when it changes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from textual import events
from textual.message import Message
from textual.screen import Screen

from companion.app.words import say
from companion.rules.common import Lang, Msg

SCREENS_CSS = Path(__file__).parent.parent / "app.tcss"  # every screen's styles but home's (home.tcss)
RECENT = 64  # keys kept
BURST = 1.0  # seconds: keys typed within this of the last one belong to the same burst
OPENERS = {"enter", "f1", "f5", "escape"}  # keys that may open another screen (or go back to one)
PASSED_ON = {"ctrl+u", "ctrl+w", "ctrl+k", "backspace", "enter", "left", "right", "home", "end", "delete"}

if TYPE_CHECKING:
    from companion.store import Store


class TableApp(Protocol):
    """What the screens ask of the app (:class:`companion.app.app.CompanionApp`), named here so that
    the screens need not import the app that opens them."""

    @property
    def lang(self) -> Lang: ...

    @property
    def store(self) -> Store: ...

    def game_title(self, game: str) -> str: ...

    def open_game(self, game_id: int) -> None: ...

    def export(self, game_id: int) -> None: ...

    def print_result(self, game_id: int) -> None: ...

    def home(self) -> None: ...


class LangScreen(Screen[None]):
    """A screen drawn in the app's language; switching the language recomposes it.

    ``KEYS_TO`` names the widget typing is for: keys typed before it has the focus (right after the
    screen opens, in one burst with the key that opened it) reach the screen itself, and are given
    to that widget instead of being dropped.
    """

    KEYS_TO = ""
    # Textual reads it when a screen is first opened, unless the app read it already (after the
    # home screen's first frame: CompanionApp.read_screens_css); the home screen needs none of it
    CSS_PATH = SCREENS_CSS

    def __init__(self) -> None:
        super().__init__()
        self._drawn_in: Lang | None = None
        self._recent: list[tuple[str, str | None, float]] = []  # the last keys that reached this screen

    @property
    def capp(self) -> TableApp:
        return cast("TableApp", self.app)

    @property
    def lang(self) -> Lang:
        return self.capp.lang

    def say(self, word: Msg) -> str:
        return say(word, self.lang)

    def text(self, msg: Msg) -> str:
        return msg.text(self.lang)

    def on_screen_resume(self) -> None:
        if self._drawn_in is not None and self._drawn_in != self.lang:
            self.relabel()

    def relabel(self) -> None:
        """Redraw in the current language (by default, compose the screen again)."""
        self._drawn_in = self.lang
        self.refresh(recompose=True)

    def on_mount(self) -> None:
        self._drawn_in = self.lang

    class Typed(Message):
        """A key typed for this screen that reached another one first (see :meth:`on_key`)."""

        def __init__(self, key: str, character: str | None) -> None:
            super().__init__()
            self.key = key
            self.character = character

    def on_key(self, event: events.Key) -> None:
        """Keys typed in one burst all reach the widget that had the focus when they arrived, before
        the first of them has opened another screen: they are kept a moment, and those after the key
        that opened a screen are given to it (see :meth:`on_screen_suspend`). Keys typed before the
        widget for typing has the focus are given to it."""
        self._recent.append((event.key, event.character, event.time))
        del self._recent[:-RECENT]
        if (
            self.focused is None
            and (event.is_printable or event.key in PASSED_ON)
            and self._give(event.key, event.character)
        ):
            event.stop()
            event.prevent_default()

    def on_screen_suspend(self) -> None:
        """Another screen opened over this one: the keys typed after the one that opened it go there."""
        recent, self._recent = self._recent, []
        active = self.app.screen
        if active is self or not isinstance(active, LangScreen) or not recent:
            return
        last = recent[-1][2]
        opener = max((i for i, (key, _, _) in enumerate(recent) if key in OPENERS), default=None)
        if opener is None:
            return
        for key, character, when in recent[opener + 1 :]:
            if last - when <= BURST and ((character and character.isprintable()) or key in PASSED_ON):
                active.post_message(LangScreen.Typed(key, character))

    def on_lang_screen_typed(self, message: LangScreen.Typed) -> None:
        if not self._give(message.key, message.character) and self.focused is not None:
            self.focused.post_message(events.Key(message.key, message.character))

    def _give(self, key: str, character: str | None) -> bool:
        """Type ``key`` into the widget for typing (focusing it); False if there is none."""
        found = self.query(self.KEYS_TO) if self.KEYS_TO else None
        if not found:
            return False
        target = found.first()
        self.typed_ahead()
        target.focus(scroll_visible=False)
        target.post_message(events.Key(key, character))
        return True

    def typed_ahead(self) -> None:
        """Keys typed before the screen was seen are given to the widget for typing (a screen that
        writes words in for the user lets them give way)."""

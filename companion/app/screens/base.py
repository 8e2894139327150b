"""What every screen shares: the app's language, and redrawing itself when it changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

from companion.app.words import say
from companion.rules.common import Lang, Msg

if TYPE_CHECKING:
    from companion.app.app import CompanionApp


class LangScreen(Screen[None]):
    """A screen drawn in the app's language; switching the language recomposes it."""

    def __init__(self) -> None:
        super().__init__()
        self._drawn_in: Lang | None = None

    @property
    def capp(self) -> CompanionApp:
        return cast("CompanionApp", self.app)

    @property
    def lang(self) -> Lang:
        return self.capp.lang

    def say(self, key: str) -> str:
        return say(key, self.lang)

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

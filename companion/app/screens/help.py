"""Help: the keys, the table notation, and every [assumption] rule (of the current game, or of all three)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from companion.app.keys import CLOSE, LANG, LISTED, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.phrases import broken
from companion.app.words import W


class HelpScreen(LangScreen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE)

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.texts: dict[Static, Text] = {}  # each part's text as written, broken again at each width

    def _part(self, text: Text) -> Static:
        part = Static(text)
        self.texts[part] = text
        return part

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._phrase)

    def on_resize(self) -> None:
        """Japanese breaks between phrases at the parts' width (after the new layout)."""
        self.call_after_refresh(self._phrase)

    def relabel(self) -> None:
        super().relabel()
        self.call_after_refresh(self._phrase)

    def _phrase(self) -> None:
        if self.lang != "ja":
            return
        for part, text in self.texts.items():
            if part.is_mounted:
                part.update(broken(text, part.content_region.width))

    def compose(self) -> ComposeResult:
        from companion.rules.games import ENGINES

        games = [self.game] if self.game else list(ENGINES)
        self.texts = {}
        yield Label(self.say(W.help_title), classes="title")
        with VerticalScroll(id="help"):
            keys = Text()
            for key in LISTED:
                keys.append(f"{key.listed:<9}", style="bold")
                keys.append(self.say(key.word) + "\n")
            yield Label(self.say(W.help_keys), classes="heading")
            yield self._part(keys)
            for game in games:
                engine = ENGINES[game]
                yield Label(self.text(engine.TITLE), classes="heading")
                yield Label(self.say(W.help_notation), classes="subheading")
                yield self._part(Text(self.text(engine.NOTATION)))
                yield Label(self.say(W.help_assumptions), classes="subheading")
                body = Text()
                for rule, msg in engine.ASSUMPTIONS:
                    body.append(f"[{rule}] ", style="bold")
                    body.append(self.text(msg) + "\n")
                yield self._part(body)
        yield KeyBar(key_line(CLOSE, LANG), self.lang)

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
from companion.app.words import W
from companion.rules.common import Msg


class HelpScreen(LangScreen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE)

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        from companion.rules.games import ENGINES

        games = [self.game] if self.game else list(ENGINES)
        yield Label(self.say(W.help_title), classes="title")
        with VerticalScroll(id="help"):
            keys = Text()
            for key in LISTED:
                keys.append(f"{key.listed:<9}", style="bold")
                keys.append(self.say(key.word) + "\n")
            yield Label(self.say(W.help_keys), classes="heading")
            yield Static(keys)
            for game in games:
                engine = ENGINES[game]
                yield Label(self.text(engine.TITLE), classes="heading")
                notation: Msg | None = getattr(engine, "NOTATION", None)
                if notation is not None:
                    yield Label(self.say(W.help_notation), classes="subheading")
                    yield Static(Text(self.text(notation)))
                yield Label(self.say(W.help_assumptions), classes="subheading")
                body = Text()
                for rule, msg in engine.ASSUMPTIONS:
                    body.append(f"[{rule}] ", style="bold")
                    body.append(self.text(msg) + "\n")
                yield Static(body)
        yield KeyBar(key_line(CLOSE, LANG), self.lang)

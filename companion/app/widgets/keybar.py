"""The key line at the bottom of every screen, in the app's language (Textual's Footer is English-only)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from companion.app.words import say
from companion.rules.common import Lang, Msg


class KeyBar(Static):
    """``keys`` is a list of (key as shown, word key); drawn in one line, cut at the screen's width."""

    def __init__(self, keys: list[tuple[str, Msg]], lang: Lang) -> None:
        self.keys = keys
        super().__init__(self.line(lang), classes="keybar")

    def line(self, lang: Lang) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for key, word in self.keys:
            text.append(f" {key}", style="bold")
            text.append(f" {say(word, lang)} ", style="dim")
        return text

    def relabel(self, lang: Lang) -> None:
        self.update(self.line(lang))

"""Textual's command palette with its two sentences in the app's language (Textual writes them in
English: the search placeholder is a parameter, "No matches found" is not)."""

from __future__ import annotations

from typing import Any

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option


class Palette(CommandPalette):
    def __init__(self, placeholder: str, no_matches: str, **kwargs: Any) -> None:
        super().__init__(placeholder=placeholder, **kwargs)
        self.no_matches = no_matches

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """As Textual's own, saying "no matches" in the app's language."""
        self._stop_no_matches_countdown()

        def show() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(self.no_matches, style="not bold")), disabled=True, id=self._NO_MATCHES)
                )
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show)

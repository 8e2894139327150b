"""The entry line: an Input whose Tab takes the suggested completion (Right at the end does too)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class EntryLine(Input):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", "Complete", show=False)]

    # The line is one row of fixed width: the length of what is typed changes only its scrolling,
    # never the screen's layout (Widget's own virtual size asks for a layout of the whole screen).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def action_complete(self) -> None:
        """Take the suggestion shown after the cursor, if any."""
        suggestion = self._suggestion
        if suggestion and len(suggestion) > len(self.value):
            self.value = suggestion
            self.cursor_position = len(suggestion)

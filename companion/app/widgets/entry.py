"""The entry line: an Input whose Tab takes the suggested completion (Right at the end does too).

The suggestion is drawn underlined and italic, and the screen is told when one is shown, so it can
say "Tab" beside the line: a suggestion never looks like typed text by its colour alone. Tab with no
suggestion (an empty line, or a line already offered) asks the screen for the legal lines. Enter
plays what is typed, never the suggestion (the screen's ``on_input_submitted``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input

from companion.app.keys import COMPLETE, bindings


class EntryLine(Input):
    BINDINGS: ClassVar[list[BindingType]] = bindings(COMPLETE)
    DEFAULT_CSS = """
    EntryLine > .input--suggestion {
        text-style: italic underline;
    }
    """

    # The line is one row of fixed width: the length of what is typed changes only its scrolling,
    # never the screen's layout (Widget's own virtual size asks for a layout of the whole screen).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Suggested(Message):
        """A suggestion is shown after the cursor (``shown``), or no longer is."""

        def __init__(self, shown: bool) -> None:
            super().__init__()
            self.shown = shown

    class Offer(Message):
        """Tab with nothing to complete: the screen offers the legal lines (``value`` as typed)."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A steady cursor: a blinking one redraws the screen twice a second, and a key pressed while
        # it is off draws a frame of its own first, so the frame with the key's result waits for
        # the next refresh (the time from Enter to the new table doubled about half the time).
        self.set_reactive(EntryLine.cursor_blink, False)

    def watch__suggestion(self, suggestion: str) -> None:
        self.post_message(self.Suggested(len(suggestion) > len(self.value)))

    offered: tuple[str, ...] = ()  # the lines Tab is stepping through: Tab goes on to the next, past any suggestion

    def shown_suggestion(self) -> str:
        """The suggestion drawn after the cursor now ("" if none)."""
        suggestion = self._suggestion
        return suggestion if len(suggestion) > len(self.value) and self.value.strip() not in self.offered else ""

    def action_complete(self) -> None:
        """Take the suggestion shown after the cursor, if any; else ask for the legal lines. While
        Tab steps through offered lines (``Cy1``), it goes on to the next rather than taking the
        suggestion (``Cy11``) that the offer written happens to start."""
        suggestion = self.shown_suggestion()
        if suggestion:
            self.value = suggestion
            self.cursor_position = len(suggestion)
        else:
            self.post_message(self.Offer(self.value))

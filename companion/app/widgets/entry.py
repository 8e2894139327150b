"""The entry line: an Input whose Tab takes the suggested completion (Right at the end does too).

The suggestion is drawn underlined and italic, and the screen is told when one is shown, so it can
say "Tab" beside the line: a suggestion never looks like typed text by its colour alone. Tab with no
suggestion (an empty line, or a line already offered) asks the screen for the legal lines. Enter
plays what is typed, never the suggestion (the screen's ``take_line``).

Every key acts in the order it came, however many come at once (a paste without bracketed paste,
tmux's send-keys, a lagging terminal or link). Textual runs a key's binding only once the key has
gone up to the app, behind the keys already waiting for the line: Ctrl+U or Backspace would then act
after the characters typed after it, and Enter would play the line with the next line's characters
in it. So the line runs a key's binding when the key reaches it, and hands Enter and Tab's offer to
the screen at once (``on_enter``, ``on_offer``), not as messages the screen reads later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.binding import BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import Input

from companion.app.complete import LegalSuggester
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

    def __init__(
        self, *args: Any, on_enter: Callable[[str], None], on_offer: Callable[[str], None], **kwargs: Any
    ) -> None:
        """``on_enter(value)``: Enter, the line as typed; ``on_offer(value)``: Tab with nothing to
        complete, the screen offers the legal lines. Each is called at once, before the next key."""
        super().__init__(*args, **kwargs)
        self._take_line = on_enter
        self._offer_lines = on_offer
        # A steady cursor: a blinking one redraws the screen twice a second, and a key pressed while
        # it is off draws a frame of its own first, so the frame with the key's result waits for
        # the next refresh (the time from Enter to the new table doubled about half the time).
        self.set_reactive(EntryLine.cursor_blink, False)

    def watch__suggestion(self, suggestion: str) -> None:
        self.post_message(self.Suggested(len(suggestion) > len(self.value)))

    offered: tuple[str, ...] = ()  # the lines Tab is stepping through: Tab goes on to the next, past any suggestion

    def shown_suggestion(self) -> str:
        """The suggestion drawn after the cursor now ("" if none); for keys that came together, the one
        about to be drawn (:meth:`_suggestion_now`)."""
        suggestion = self._suggestion or self._suggestion_now()
        return suggestion if len(suggestion) > len(self.value) and self.value.strip() not in self.offered else ""

    def _suggestion_now(self) -> str:
        """The suggestion for the line as it is, worked out at once. The suggester answers in a worker
        of its own after each change, so Tab or → typed in the same burst as the keys before them
        (a paste, a lagging terminal) reaches the line before that answer; they take what the same
        keys typed one by one would have shown."""
        suggester = self.suggester
        if not self.value or not isinstance(suggester, LegalSuggester):
            return ""
        return suggester.now(self.value) or ""

    def action_cursor_right(self, select: bool = False) -> None:
        """→ at the end of the line takes the suggestion (Input's own), the one for the line as it is."""
        if not select and self.cursor_at_end and self.selection.is_empty and not self._suggestion:
            self._suggestion = self._suggestion_now()
        super().action_cursor_right(select)

    def action_complete(self) -> None:
        """Take the suggestion shown after the cursor, if any; else ask for the legal lines. While
        Tab steps through offered lines (``Cy1``), it goes on to the next rather than taking the
        suggestion (``Cy11``) that the offer written happens to start."""
        suggestion = self.shown_suggestion()
        if suggestion:
            self.value = suggestion
            self.cursor_position = len(suggestion)
        else:
            self._offer_lines(self.value)

    async def action_submit(self) -> None:
        self._take_line(self.value)

    async def _on_key(self, event: events.Key) -> None:
        """A bound key (the line's Ctrl+U, Backspace, Enter, Tab; the screen's Ctrl+Z, F5 …) acts
        now, in its turn; a printable one goes on to Input's own handler, which inserts it. (A
        priority binding runs when the app reads the key, before the keys ahead of it reach the line:
        the game screen has none.)"""
        if event.is_printable:
            return
        if await self.app._check_bindings(event.key):  # the bindings from the line up, as the app would look
            event.stop()
            event.prevent_default()  # not inserted, and not looked up again by the app

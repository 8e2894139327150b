"""A form's field (the new-game form, the score sheet): the keys typed into it act in their turn,
whatever has the focus by then.

Textual hands every key to the widget that has the focus when the app reads it, into that widget's
own queue; the field's own keys (Backspace, ←, Ctrl+U, Enter …) were looked up only when the key had
gone through the field, among the bindings of whatever had the focus then. Keys typed in one burst
(a paste, a phone's lagging link, tmux's send-keys) reach the field together with a Tab that moves
the focus as the app reads it (:data:`companion.app.keys.NEXT_FIELD`): the characters ahead of the
Tab still go into this field, and so must a Backspace ahead of it, not into the next field.

A field reached again with Tab or Shift+Tab keeps its text and puts the cursor at its end, as a field
left for later is found: Input selected the whole text as the focus came, so the first key typed
there (to correct a name, in one burst or before the highlight was noticed) replaced it all."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Input


class Field(Input):
    """An :class:`Input` whose own bound keys act on it when it takes them, focused or not, and whose
    text is not selected as the focus comes (Ctrl+U empties it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("select_on_focus", False)
        super().__init__(*args, **kwargs)

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable:
            return  # Input's own handler inserts it, here, in its turn
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # not looked up again among the focused widget's bindings
                return

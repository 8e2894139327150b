"""A form's field (the new-game form, the score sheet): the keys typed into it act in their turn,
whatever has the focus by then.

Textual hands every key to the widget that has the focus when the app reads it, into that widget's
own queue; the field's own keys (Backspace, ←, Ctrl+U, Enter …) were looked up only when the key had
gone through the field, among the bindings of whatever had the focus then. Keys typed in one burst
(a paste, a phone's lagging link, tmux's send-keys) reach the field together with a Tab that moves
the focus as the app reads it (:data:`companion.app.keys.NEXT_FIELD`): the characters ahead of the
Tab still go into this field, and so must a Backspace ahead of it, not into the next field."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class Field(Input):
    """An :class:`Input` whose own bound keys act on it when it takes them, focused or not."""

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable:
            return  # Input's own handler inserts it, here, in its turn
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # not looked up again among the focused widget's bindings
                return

"""Every key the app answers to, in one table: the screens' bindings, the key line at the bottom of each
screen, the help screen's list and the command palette's entries are all made from it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual.binding import Binding, BindingType

from companion.app.words import W, say
from companion.rules.common import Msg


@dataclass(frozen=True)
class Key:
    """``word`` names it (companion/app/words.py); ``shown`` is how the key line writes it and ``listed``
    how the help screen does; ``key`` and ``action`` are Textual's, for a key a screen binds itself
    (none: a widget or Textual answers it); ``palette`` is the words of its line in the command palette."""

    word: Msg
    shown: str
    listed: str
    key: str = ""
    action: str = ""
    priority: bool = False
    palette: Msg | None = None

    def doing(self, action: str) -> Key:
        """The same key running another action (Esc: back from a form, or just close a screen)."""
        return replace(self, action=action)

    def in_turn(self) -> Key:
        """The same key without priority: it acts after the keys typed before it. A priority binding
        runs as soon as the app reads the key, ahead of keys the focused entry line has not taken
        yet (Ctrl+Z typed quickly after a line and Enter would undo the move before it)."""
        return replace(self, priority=False)


HELP = Key(W.key_help, "F1", "F1", "f1", "help")
LANG = Key(W.key_lang, "F2", "F2", "f2", "toggle_lang")
PALETTE = Key(W.key_palette, "^P", "Ctrl+P")  # Textual's own
QUIT = Key(W.key_quit, "^Q", "Ctrl+Q")  # Textual's own
# priority: over a focused notes box's own Ctrl+Z (the settlement); the game screen binds them in turn
UNDO = Key(W.key_undo, "^Z", "Ctrl+Z", "ctrl+z", "undo", priority=True, palette=W.cmd_undo_help)
REDO = Key(W.key_redo, "^Y", "Ctrl+Y", "ctrl+y", "redo", priority=True, palette=W.cmd_redo_help)
COMPLETE = Key(W.key_complete, "→", "Tab / →", "tab", "complete")  # the entry line's (→ at its end)
# a form's: priority, so that the focus moves when the app reads the key and the keys typed after it go
# to the next field even in one burst with the keys ahead of it (a paste, a phone's lagging link, tmux's
# send-keys); the fields take those in their turn (companion.app.widgets.fields.Field)
NEXT_FIELD = Key(W.key_next_field, "Tab", "Tab", "tab", "app.focus_next", priority=True)
PREVIOUS_FIELD = Key(W.key_previous_field, "⇧Tab", "Shift+Tab", "shift+tab", "app.focus_previous", priority=True)
PLAY = Key(W.key_play, "Enter", "Enter")  # the entry line's
DESCRIBE = Key(W.track_describe, "F3", "F3", "f3", "toggle_describe")
EXPORT = Key(W.cmd_export, "F4", "F4", "f4", "export", palette=W.cmd_export_help)
SETTLE = Key(W.key_settle, "F5", "F5", "f5", "settle")
BACK = Key(W.key_back, "Esc", "Esc", "escape", "back")
CLOSE = BACK.doing("app.pop_screen")
QR = Key(W.key_qr, "Q", "Q", "q", "qr")
BGSTATS = Key(W.key_bgstats, "B", "B", "b", "bgstats")
PRINT = Key(W.key_print, "P", "P", "p", "print_sheet")
ORDER = Key(W.key_order, "O", "O", "o", "toggle_order")  # the settlement's: by rank or by seat
SAVE = Key(W.sheet_save, "^S", "Ctrl+S", "ctrl+s", "save")
YES = Key(W.confirm_yes, "Y", "Y", "y", "answer(True)")
NO = Key(W.confirm_no, "N", "N", "n", "answer(False)")
SORT = Key(W.key_sort, "1-9", "1-9")  # the table's
OPEN = Key(W.key_open, "Enter", "Enter")  # the table's
PLAYTEST = Key(W.home_playtest, "", "", action="playtest", palette=W.cmd_playtest_help)  # the palette's, no key
SIMULATED = Key(W.key_simulated, "S", "S", "s", "toggle_simulated")

# the help screen's list (ORDER: the settlement's)
LISTED = (HELP, LANG, PALETTE, UNDO, REDO, COMPLETE, PLAY, DESCRIBE, EXPORT, SETTLE, ORDER, BACK, QUIT)
IN_PALETTE = (UNDO, REDO, EXPORT, PLAYTEST)  # offered by the command palette on a screen that has their action


def bindings(*keys: Key) -> list[BindingType]:
    """Textual's bindings of the ``keys`` a screen binds itself (the key line shows them, not Textual's footer)."""
    return [Binding(k.key, k.action, say(k.word, "en"), show=False, priority=k.priority) for k in keys if k.key]


def key_line(*keys: Key) -> list[tuple[str, Msg]]:
    """What :class:`companion.app.widgets.keybar.KeyBar` shows: each key as written, and its word."""
    return [(k.shown, k.word) for k in keys]

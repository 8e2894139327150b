"""Track every move: the table drawn from the state, what is allowed now, and one entry line.

Enter sends the line to the store (``play_line``: the engine reads and checks it, the store
commits it durably) and only then is the new state shown; a refusal shows the engine's reason
and changes nothing. Undo and redo are the store's, so they survive a restart.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from companion.app.complete import LegalLines, LegalSuggester
from companion.app.screens.base import LangScreen
from companion.app.widgets.boards import board
from companion.app.widgets.coach import preview
from companion.app.widgets.entry import EntryLine
from companion.app.widgets.keybar import KeyBar
from companion.rules.common import Msg, Refusal

KEYS = [("^Z", "key.undo"), ("^Y", "key.redo"), ("F3", "track.describe"), ("F5", "key.settle"),
        ("F1", "key.help"), ("F2", "key.lang"), ("Esc", "key.back")]


GROW_ONLY = ("#board", "#details")  # parts that keep their height when their text gets shorter


def wanted_height(widget: Static) -> int | None:
    """The height ``widget``'s content asks for, as Textual's layout measures it (its height rule,
    its content at its width, its min and max heights); None before its first layout."""
    width, height = widget.size
    styles = widget.styles
    if not width or not widget.region:
        return None
    if styles.height is not None and not styles.height.is_auto:
        return height  # a fixed height: the content never moves it
    wanted = widget.get_content_height(widget.size, widget.size, width)
    parent = widget.parent.size if isinstance(widget.parent, Widget) else widget.size
    viewport = widget.app.size
    if styles.min_height is not None:
        wanted = max(wanted, int(styles.min_height.resolve(parent, viewport)))
    if styles.max_height is not None:
        wanted = min(wanted, int(styles.max_height.resolve(parent, viewport)))
    return wanted


class GameScreen(LangScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", show=False, priority=True),
        Binding("ctrl+y", "redo", "Redo", show=False, priority=True),
        Binding("f3", "toggle_describe", "Describe", show=False),
        Binding("f5", "settle", "Settle", show=False),
        Binding("f4", "export", "Export", show=False),
        Binding("escape", "back", "Back", show=False),
    ]

    def __init__(self, live: Any) -> None:
        super().__init__()
        self.live = live
        self.game: str = live.game
        self.engine = live.engine
        self.describing = True
        self.ruling: Text = Text()
        self._legal: LegalLines | None = None
        self._shown: dict[str, object] = {}  # what each part shows now: an unchanged part is not redrawn
        self._previewing = False

    def compose(self) -> ComposeResult:
        yield Label("", id="game-title", classes="title")
        with Horizontal(id="board-row"):
            with VerticalScroll(id="left"):
                yield Static(id="board")
                yield Static(id="details")
            with VerticalScroll(id="side"):
                yield Static(id="allowed")
        yield Static(id="ruling")
        yield EntryLine(placeholder=self.say("track.entry"), compact=True, id="entry",
                        suggester=LegalSuggester(self.legal_lines))
        yield KeyBar(KEYS, self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.show()
        self.query_one("#entry", Input).focus()

    # ------------------------------------------------------------------ drawing

    def legal_lines(self) -> LegalLines | None:
        if self._legal is None:
            self._legal = LegalLines(self.engine, self.live.state, self.lang)
        return self._legal

    def show(self) -> None:
        """Draw the state as the store holds it now (only the parts that changed)."""
        state = self.live.state
        self._legal = None
        moves = self.live.position
        self._put("#game-title", f"#{self.live.id} {self.text(self.engine.TITLE)} — "
                                 f"{', '.join(self.live.players)}  ({moves})")
        self._put("#board", board(self.engine, state, self.lang))
        details = self.query_one("#details", Static)
        details.display = self.describing
        if self.describing:
            self._put("#details", self.text(self.engine.describe(state)))
        self._put("#allowed", self.text(self.engine.allowed(state).describe()))
        self._put("#ruling", self.ruling)
        self._previewing = False

    def _put(self, selector: str, content: Text | str) -> None:
        """Show ``content`` in a part; the screen is laid out again only if the part's height
        changes (a layout costs several times the redraw of the parts themselves)."""
        if self._shown.get(selector) == content:
            return
        self._shown[selector] = content
        widget = self.query_one(selector, Static)
        widget.update(content, layout=False)
        wanted, height = wanted_height(widget), widget.size.height
        if wanted == height:
            return
        if wanted is not None and wanted < height and selector in GROW_ONLY:
            padded = content.copy() if isinstance(content, Text) else Text(content)
            padded.append("\n" * (height - wanted))
            widget.update(padded, layout=False)  # the same height: blank lines at the end
            return
        widget.refresh(layout=True)

    def say_ruling(self, msg: Msg | str, refused: bool = False, prefix: str = "") -> None:
        words = msg if isinstance(msg, str) else self.text(msg)
        self.ruling = Text(prefix + words, style="bold red" if refused else "")
        self._put("#ruling", self.ruling)
        self._previewing = False

    # ------------------------------------------------------------------ the entry line

    def on_input_changed(self, event: Input.Changed) -> None:
        line = event.value.strip()
        if not line:
            if self._previewing:  # the last ruling again, where the preview was
                self._put("#ruling", self.ruling)
                self._previewing = False
            return
        legal = self.legal_lines()
        completes = legal is not None and legal.first(line) is not None
        self._put("#ruling", preview(self.engine, self.live.state, line, self.lang, completes))
        self._previewing = True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if not line:
            return
        self.play(line)

    def play(self, line: str) -> bool:
        """Play one line; True if it was accepted (and stored)."""
        entry = self.query_one("#entry", Input)
        try:
            ruling = self.live.play_line(line)
        except Refusal as refusal:
            self.say_ruling(refusal.msg, refused=True, prefix=self.say("track.refused"))
            return False
        entry.value = ""
        self.ruling = Text(self.text(ruling))
        self.show()
        if self.live.finished:
            self.action_settle()
        return True

    def action_insert(self, token: str) -> None:
        """A click on a spot or a card types it into the entry line."""
        entry = self.query_one("#entry", Input)
        head = entry.value.rstrip()
        entry.value = f"{head} {token} " if head else f"{token} "
        entry.cursor_position = len(entry.value)
        entry.focus()

    # ------------------------------------------------------------------ undo, redo, settle

    def action_undo(self) -> None:
        if not self.live.can_undo:
            self.say_ruling(self.say("track.nothing_undo"))
            return
        action = self.live.actions[-1]
        try:
            self.live.undo()
        except Refusal as refusal:
            self.say_ruling(refusal.msg, refused=True)
            return
        self.ruling = Text(self.say("track.undone") + self.engine.action_line(self.live.state, action, self.lang))
        self.show()

    def action_redo(self) -> None:
        if not self.live.can_redo:
            self.say_ruling(self.say("track.nothing_redo"))
            return
        before = self.live.state
        try:
            self.live.redo()
        except Refusal as refusal:
            self.say_ruling(refusal.msg, refused=True)
            return
        action = self.live.actions[-1]
        self.ruling = Text(self.say("track.redone") + self.engine.action_line(before, action, self.lang))
        self.show()

    def action_toggle_describe(self) -> None:
        self.describing = not self.describing
        self._shown.pop("#details", None)
        self.show()
        self.query_one("#left").refresh(layout=True)

    def action_settle(self) -> None:
        if not self.live.finished:
            self.say_ruling(self.say("track.not_finished") + self.text(self.live.state.waiting_for()))
            return
        from companion.app.screens.settle import SettleScreen

        live = self.live
        self.app.push_screen(SettleScreen(lambda lang: live.settle(True, lang), live.settle(False, "en"), live.id))

    def action_export(self) -> None:
        self.capp.export(self.live.id)

    def action_back(self) -> None:
        self.app.pop_screen()

    def relabel(self) -> None:
        """Everything in the new language, in place (the entry line keeps what is typed)."""
        self._drawn_in = self.lang
        self.ruling = Text()
        self._shown.clear()
        self.query_one("#entry", Input).placeholder = self.say("track.entry")
        self.query_one(KeyBar).relabel(self.lang)
        self.show()

"""Track every move: the table drawn from the state, what is allowed now, and one entry line.

Enter sends the line to the store (``play_line``: the engine reads and checks it, the store
commits it durably) and only then is the new state shown; a refusal shows the engine's reason
and changes nothing. Undo and redo are the store's, so they survive a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from companion.app.complete import LegalLines, LegalSuggester
from companion.app.keys import BACK, DESCRIBE, EXPORT, HELP, LANG, REDO, SETTLE, UNDO, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.boards import board
from companion.app.widgets.coach import preview
from companion.app.widgets.entry import EntryLine
from companion.app.widgets.keybar import KeyBar
from companion.app.words import W, with_help
from companion.rules.common import Msg, Refusal, unsaid

if TYPE_CHECKING:
    from companion.store import LiveGame

KEYS = key_line(UNDO, REDO, DESCRIBE, SETTLE, HELP, LANG, BACK)


OFFERED = 8  # legal lines Tab lists on an empty line
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
    wanted = _unwrapped_height(widget.content, widget.content_region.width)
    if wanted is None:
        wanted = widget.get_content_height(widget.size, widget.size, width)
    parent = widget.parent.size if isinstance(widget.parent, Widget) else widget.size
    viewport = widget.app.size
    if styles.min_height is not None:
        wanted = max(wanted, int(styles.min_height.resolve(parent, viewport)))
    if styles.max_height is not None:
        wanted = min(wanted, int(styles.max_height.resolve(parent, viewport)))
    return wanted


def _unwrapped_height(content: object, width: int) -> int | None:
    """The lines of ``content`` if none is wider than ``width`` (nothing to wrap: no need to ask
    Textual to wrap it only to count them); None if it must be measured."""
    plain = content.plain if isinstance(content, Text) else content if isinstance(content, str) else None
    if plain is None:
        return None
    lines = plain.split("\n")
    if any(cell_len(line) > width for line in lines):
        return None
    return len(lines)


def unexpected(error: Exception) -> Msg:
    """A bug said in one sentence, as the command line says it."""
    what = f"{type(error).__name__}: {error}"
    return Msg(f"Unexpected error ({what}); nothing was changed.",
               f"予期しないエラーです（{what}）。何も変更していません。")


def unexpected_drawing(error: Exception) -> Msg:
    """A bug while drawing one part of the table, in one sentence."""
    what = f"{type(error).__name__}: {error}"
    return Msg(f"This part cannot be drawn ({what}); the game itself is saved and goes on.",
               f"この部分を表示できません（{what}）。ゲーム自体は保存されていて、続けられます。")


FOLLOW_EVERY = 0.5  # seconds between looks at the store for another program's changes
SHOWN_ELSEWHERE = 4  # of several actions played elsewhere, the last so many are named


class GameScreen(LangScreen):
    KEYS_TO = "#entry"
    AUTO_FOCUS = "#entry"
    BINDINGS: ClassVar[list[BindingType]] = bindings(UNDO, REDO, DESCRIBE, SETTLE, EXPORT, BACK)

    def __init__(self, live: LiveGame) -> None:
        super().__init__()
        self.live = live
        self.game: str = live.game
        self.engine = live.engine
        self.describing = True
        self.ruling: Text = Text()
        self._legal: LegalLines | None = None
        self._shown: dict[str, object] = {}  # what each part shows now: an unchanged part is not redrawn
        self._previewing = False
        self._offers: list[str] = []  # the legal lines Tab offered on an empty line

    def compose(self) -> ComposeResult:
        yield Label("", id="game-title", classes="title")
        with Horizontal(id="board-row"):
            with VerticalScroll(id="left"):
                yield Static(id="board")
                yield Static(id="details")
            with VerticalScroll(id="side"):
                yield Static(id="allowed")
        yield Static(id="ruling")
        with Horizontal(id="entry-row"):
            yield EntryLine(placeholder=self.say(W.track_entry), compact=True, id="entry",
                            suggester=LegalSuggester(self.legal_lines))
            yield Static("", id="hint")
        yield KeyBar(KEYS, self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.show()
        self.query_one("#entry", Input).focus()
        self.set_interval(FOLLOW_EVERY, self.follow)

    # ------------------------------------------------------------------ other devices

    def follow(self) -> None:
        """Show what another program (``companion play``, a second app) changed in this game, and say
        what: polled, so the screen follows within a second rather than refusing a line over a stale board."""
        try:
            change = self.live.refresh()
        except Refusal:  # deleted elsewhere
            self.say_ruling(self.say(W.track_elsewhere_deleted), refused=True)
            return
        except Exception:  # the file busy or unreadable for a moment: look again at the next tick
            return
        if change is not None:
            self.ruling = Text(self.say(W.track_elsewhere) + self._changes(*change))
            self.show()

    def _changes(self, kept: int, before: int) -> str:
        """What changed elsewhere: how many actions were undone, then each action played (its line; for
        one action, its ruling too)."""
        parts = [self.say(W.track_elsewhere_undone) + str(before - kept)] if before > kept else []
        lines, ruling = [], None
        state = self.live.state_at(kept)
        for action in self.live.actions[kept:]:
            lines.append(self.engine.action_line(state, action, self.lang))
            state, ruling = self.engine.apply(state, action)
        if len(lines) == 1 and ruling is not None:
            parts.append(f"{lines[0]} — {self.text(ruling)}")
        elif lines:
            parts.append(("… | " if len(lines) > SHOWN_ELSEWHERE else "") + " | ".join(lines[-SHOWN_ELSEWHERE:]))
        return "; ".join(parts)

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
        width = self.query_one("#board", Static).content_region.width or None
        self._put("#board", self._drawn(lambda: board(self.engine, state, self.lang, width)))
        details = self.query_one("#details", Static)
        details.display = self.describing
        said: list[Msg] = []  # the details, once drawn: what is allowed leaves out what they say

        def described() -> str:
            said.append(self.engine.describe(state))
            return self.text(said[0])

        if self.describing:
            self._put("#details", self._drawn(described))
        self._put("#allowed", self._drawn(lambda: self._allowed(state, said[0] if said else None)))
        self._put("#ruling", self._with_end(self.ruling))
        self._previewing = False
        self._offers = []
        self.query_one("#entry", EntryLine).offered = ()
        self._example()

    def _allowed(self, state: object, said: Msg | None) -> str:
        """What is allowed now; beside the details (``said``), only what they do not already say."""
        allowed = self.engine.allowed(state).describe()
        if said is not None:
            rest = unsaid(said, allowed)
            if self.text(rest).strip():
                allowed = rest
        return self.text(allowed)

    def _with_end(self, ruling: Text) -> Text:
        """The last ruling and, once the game is over, who won and the key to the settlement."""
        if not self.live.finished:
            return ruling
        try:
            winners = (self.live.settle(False, "en") or {}).get("winners", [])
        except Exception:  # the settlement itself will say what is wrong (F5)
            winners = []
        end = Text(self.say(W.track_over), style="bold")
        if winners:
            end.append(self.say(W.settle_winners if len(winners) > 1 else W.settle_winner))
            end.append((", " if self.lang == "en" else "、").join(winners), style="bold reverse")
            end.append(self.say(W.track_over_sep))
        end.append(self.say(W.track_over_keys), style="bold")
        return Text("\n").join([ruling, end]) if ruling.plain else end

    def _example(self) -> None:
        """The entry line's placeholder: a line legal now, as the engine writes it."""
        try:
            legal = self.legal_lines()
            example = legal.legal(1) if legal is not None else []
        except Exception:  # a bug while completing: the general sentence instead
            example = []
        entry = self.query_one("#entry", Input)
        entry.placeholder = (self.say(W.track_example) + example[0] + self.say(W.track_example_keys)
                             if example else self.say(W.track_entry))

    def on_entry_line_suggested(self, event: EntryLine.Suggested) -> None:
        """Beside the line, say that the underlined text is a suggestion Tab takes."""
        self.query_one("#hint", Static).update(self.say(W.track_hint) if event.shown else "")

    def on_entry_line_offer(self, event: EntryLine.Offer) -> None:
        """Tab with nothing to complete: the legal lines now, listed above the line; Tab again
        writes the next one."""
        value = event.value.strip()
        if value not in self._offers:  # words no legal line starts with: the lines holding them all
            self._offers = []
        if not self._offers:
            try:
                legal = self.legal_lines()
                self._offers = ([] if legal is None else legal.containing(value, OFFERED) if value
                                else legal.legal(OFFERED))
            except Exception as error:
                self.say_ruling(unexpected(error), refused=True)
                return
        if not self._offers:
            self.say_ruling(self.say(W.track_no_match if value else W.track_no_lines))
            return
        following = (self._offers.index(value) + 1) % len(self._offers) if value in self._offers else 0
        line = self._offers[following]
        entry = self.query_one("#entry", EntryLine)
        entry.offered = tuple(self._offers)
        entry.value = line
        entry.cursor_position = len(line)
        listed = Text(self.say(W.track_offers), style="bold")
        for i, offered in enumerate(self._offers):
            listed.append("  " if i else "")
            listed.append(offered.replace(" ", "\u00a0"), style="reverse" if i == following else "")  # one piece
        self._put("#ruling", listed)
        self._previewing = True

    def on_resize(self) -> None:
        """A new width: the board's player rows wrap again (after the new layout)."""
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        self._shown.pop("#board", None)
        self.show()

    def _drawn(self, draw: Callable[[], Text | str]) -> Text | str:
        """One part of the screen; a bug while drawing it shows a sentence in its place, so the rest
        of the screen (and the entry line, and undo) still work."""
        try:
            return draw()
        except Exception as error:
            return Text(self.text(unexpected_drawing(error)), style="bold red")

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
        if line in self._offers:  # written by Tab: the list of offers stays shown
            return
        if not line:
            if self._previewing:  # the last ruling again, where the preview was
                self._put("#ruling", self.ruling)
                self._previewing = False
            return
        try:
            legal = self.legal_lines()
            completes = legal is not None and legal.first(line) is not None
            shown = preview(self.engine, self.live.state, line, self.lang, completes)
        except Exception:  # a bug in a preview: no preview; Enter will say what went wrong
            shown = Text()
        self._put("#ruling", shown)
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
            self.say_ruling(with_help(self.text(refusal.msg), self.lang), refused=True,
                            prefix=self.say(W.track_refused))
            return False
        except Exception as error:  # a bug: one sentence, never a traceback; the store kept nothing
            self.say_ruling(unexpected(error), refused=True)
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

    def action_choose(self, line: str) -> None:
        """A click on a choice (a HOMALET set to take, a battlefield card to pick) writes its line."""
        entry = self.query_one("#entry", Input)
        entry.value = line
        entry.cursor_position = len(line)
        entry.focus()

    # ------------------------------------------------------------------ undo, redo, settle

    def action_undo(self) -> None:
        self._step(undo=True)

    def action_redo(self) -> None:
        self._step(undo=False)

    def _step(self, undo: bool) -> None:
        """Undo or redo one action, then say which (its line, read on the state before it)."""
        if not (self.live.can_undo if undo else self.live.can_redo):
            self.say_ruling(self.say(W.track_nothing_undo if undo else W.track_nothing_redo))
            return
        before = self.live.state
        undone = self.live.actions[-1] if undo else None
        try:
            if undo:
                self.live.undo()
            else:
                self.live.redo()
        except Refusal as refusal:
            self.say_ruling(refusal.msg, refused=True)
            return
        except Exception as error:
            self.say_ruling(unexpected(error), refused=True)
            return
        if undone is not None:
            line = self.engine.action_line(self.live.state, undone, self.lang)
        else:
            line = self.engine.action_line(before, self.live.actions[-1], self.lang)
        self.ruling = Text(self.say(W.track_undone if undo else W.track_redone) + line)
        self.show()

    def action_toggle_describe(self) -> None:
        self.describing = not self.describing
        self._shown.pop("#details", None)
        self.show()
        self.query_one("#left").refresh(layout=True)

    def action_settle(self) -> None:
        if not self.live.finished:
            self.say_ruling(self.say(W.track_not_finished) + self.text(self.live.state.waiting_for()))
            return
        from companion.app.screens.settle import SettleScreen

        live = self.live
        try:
            compact = live.settle(False, "en")
        except Refusal as refusal:
            self.say_ruling(refusal.msg, refused=True)
            return
        except Exception as error:
            self.say_ruling(unexpected(error), refused=True)
            return
        if compact is None:  # finished, so settled; but say so rather than fail
            self.say_ruling(self.say(W.track_not_finished) + self.text(self.live.state.waiting_for()))
            return
        self.app.push_screen(SettleScreen(lambda lang: live.settle(True, lang), compact, live.id))

    def action_export(self) -> None:
        self.capp.export(self.live.id)

    def action_back(self) -> None:
        self.app.pop_screen()

    def relabel(self) -> None:
        """Everything in the new language, in place (the entry line keeps what is typed)."""
        self._drawn_in = self.lang
        self.ruling = Text()
        self._shown.clear()
        self.query_one(KeyBar).relabel(self.lang)
        self.show()

"""Track every move: the table drawn from the state, what is allowed now, and one entry line.

Enter sends the line to the store (``play_line``: the engine reads and checks it, the store
commits it durably) and only then is the new state shown; a refusal shows the engine's reason
and changes nothing. Undo and redo are the store's, so they survive a restart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static

from companion.app.complete import LegalLines, LegalSuggester
from companion.app.keys import BACK, DESCRIBE, EXPORT, HELP, LANG, REDO, SETTLE, UNDO, bindings, key_line
from companion.app.screens.entry import OFFERED, EntryScreen, unexpected, unexpected_drawing
from companion.app.widgets.board_text import cut_name
from companion.app.widgets.boards import board
from companion.app.widgets.entry import EntryLine
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.line import OneLine
from companion.app.widgets.moves_log import log_text, move_line
from companion.app.widgets.phrases import broken, phrased
from companion.app.widgets.rows import RowText
from companion.app.words import W
from companion.rules.common import Lang, Msg, Refusal, unsaid
from companion.rules.engine import StateShape

if TYPE_CHECKING:
    from companion.store import LiveGame

KEYS = key_line(UNDO, REDO, DESCRIBE, SETTLE, HELP, LANG, BACK)

__all__ = ["OFFERED", "GameScreen"]
FOLLOW_EVERY = 0.25  # seconds between two looks at the store for a change made elsewhere (another tab, the shell)
SAVE_AFTER = 0.5  # seconds without a change before the checkpoints of the last changes are written (idle time)
GROW_ONLY = ("#board", "#details", "#allowed")  # parts that keep their height when their text gets shorter
HEADROOM = {"#allowed": 2, "#details": 2}  # rows a side part grows by beyond what it needs (the move log gives them)
PHRASED = ("#allowed", "#coach", "#details", "#ruling")  # parts whose Japanese breaks between phrases
LOGGED = 24  # moves kept in the move log (read again from the store after a restart, a redo, a change elsewhere)
LOG_UNDER_ROWS = 8  # rows a board leaves free under it, at least, for the move log to go there (wider)
LOG_UNDER_WIDTH = 40  # ... on a board at least this wide
SHOWN_ELSEWHERE = 4  # of several actions played elsewhere, the last so many are named
AHEAD_AFTER = 0.05  # seconds without a key before the screen a typed line leads to is drawn ahead
RULING_ROWS = 2  # a ruling or refusal takes at most this many rows: the board stays in view


def within_rows(text: Text, width: int, rows: int, more: str) -> tuple[Text, bool]:
    """``text`` as it wraps at ``width`` cells, cut to ``rows`` rows ending in ``more`` when it is
    longer; and whether it was cut."""
    if width <= len(more) + 4:
        return text, False
    from rich.console import Console

    lines = text.wrap(Console(width=width, legacy_windows=False), width)
    if len(lines) <= rows:
        return text, False
    last = lines[rows - 1]
    room = width - cell_len(more)
    while last.cell_len > room and len(last.plain):
        last = last[: len(last.plain) - 1]
    kept = Text("\n").join([*lines[: rows - 1], last]) if rows > 1 else last.copy()
    kept.rstrip()
    kept.append(more, style="bold")
    return kept, True


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


@dataclass(frozen=True)
class Ahead:
    """The screen a typed line leads to, drawn before Enter: for ``state`` at that room and language."""

    state: StateShape
    width: int | None
    rows: int | None
    lang: Lang
    describing: bool
    board: Text | str
    allowed: Text | str
    legal: LegalLines

    def holds(self, state: StateShape, width: int | None, rows: int | None, lang: Lang, describing: bool) -> bool:
        """Drawn for this state, room and language (the state compared last: it costs the most)."""
        return (self.width, self.rows, self.lang, self.describing) == (width, rows, lang, describing) and (
            self.state == state
        )


class GameScreen(EntryScreen):
    KEYS_TO = "#entry"
    AUTO_FOCUS = "#entry"
    # undo and redo in their turn: after the keys typed before them (companion/app/widgets/entry.py)
    BINDINGS: ClassVar[list[BindingType]] = bindings(UNDO.in_turn(), REDO.in_turn(), DESCRIBE, SETTLE, EXPORT, BACK)

    def __init__(self, live: LiveGame) -> None:
        super().__init__()
        self.live = live
        live.defer_checkpoints = True  # written in idle time (save_checkpoints), not on a key's way to the screen
        self._shown_at = 0.0  # when the screen last showed the store's state (the checkpoints wait for quiet)
        self.game: str = live.game
        self.engine = live.engine
        self.describing = False  # the state in sentences (F3); the board is the picture of it
        self.ruling: Text = Text()
        self.full: Text | None = None  # the last ruling or refusal whole, when the ruling row cut it
        self.moves: list[tuple[int, Msg]] = []  # the last moves' rulings, newest first, each with its position
        self._log_under = False  # the move log is under the board (a board that leaves rows free), not beside it
        self._legal: LegalLines | None = None
        self._ahead: Ahead | None = None  # the screen a typed line leads to, drawn while the table talks
        self._ahead_timer: Timer | None = None
        self._shown: dict[str, object] = {}  # what each part shows now: an unchanged part is not redrawn
        self._previewing = False
        self._offers: list[str] = []  # the legal lines Tab offered on an empty line

    def compose(self) -> ComposeResult:
        yield OneLine(id="game-title", classes="title")  # names as typed: "[b]" is no markup
        with Horizontal(id="board-row"):
            with VerticalScroll(id="left"):
                yield RowText(id="board")
                yield RowText(id="log")  # the move log, where the board leaves the rows for it
                yield Static(id="details")
            with Vertical(id="side"):
                yield RowText(id="allowed")
                yield RowText(id="coach")  # the coach while a line is typed, else the moves played
        yield RowText(id="ruling")
        with Horizontal(id="entry-row"):
            yield EntryLine(
                on_enter=self.take_line,
                on_offer=self.offer_lines,
                placeholder=self.say(W.track_entry),
                compact=True,
                id="entry",
                suggester=LegalSuggester(self.legal_lines, lambda value: value.strip() in self._offers),
            )
            yield Static("", id="hint")
        yield KeyBar(KEYS, self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.show()
        self.query_one("#entry", Input).focus()
        self.set_interval(FOLLOW_EVERY, self.follow)

    def on_unmount(self) -> None:
        self.live.save_checkpoints()

    # ------------------------------------------------------------------ other devices

    def follow(self) -> None:
        """Show what another program (``companion play``, a second app) changed in this game, and say
        what: polled, so the screen follows within a second rather than refusing a line over a stale board."""
        try:
            change = self.live.changes()
        except Refusal:  # deleted elsewhere
            self.say_ruling(self.say(W.track_elsewhere_deleted), refused=True)
            return
        except Exception:  # the file busy or unreadable for a moment: look again at the next tick
            return
        if change is not None:
            from companion.app.phones import from_where, phone_moves  # moves from the players' phones

            self.ruling = Text(self.text(from_where(self.live, change[0])) + self._changes(*change))
            for said in phone_moves(self.live, change[0]):
                self._logged(said)
            self.show()
        elif time.monotonic() - self._shown_at >= SAVE_AFTER:
            self.live.save_checkpoints()  # a checkpoint only saves folding when the game is opened again

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

    def show(self) -> None:
        """Draw the state as the store holds it now (only the parts that changed)."""
        state = self.live.state
        self._sync_log()
        width = self.query_one("#board", Static).content_region.width or None
        rows = self.query_one("#left").content_region.height or None  # the room a board may grow into
        ahead, self._ahead = self._ahead, None
        if ahead is not None and not ahead.holds(state, width, rows, self.lang, self.describing):
            ahead = None
        self._legal = ahead.legal if ahead is not None else None
        self._shown_at = time.monotonic()
        moves = self.live.position
        self.query_one("#game-title", OneLine).update(self._title(moves))
        drawn = ahead.board if ahead else self._drawn(lambda: board(self.engine, state, self.lang, width, rows))
        self._put("#board", drawn)
        self._place_log(drawn, width, rows)
        details = self.query_one("#details", Static)
        details.display = self.describing
        said: list[Msg] = []  # the details, once drawn: what is allowed leaves out what they say

        def described() -> str:
            said.append(self.engine.describe(state))
            return self.text(said[0])

        if self.describing:
            self._put("#details", self._drawn(lambda: self._details(described)))
        if ahead is not None and not self.describing:
            self._put("#allowed", ahead.allowed)
        else:
            self._put("#allowed", self._drawn(lambda: self._allowed(state, said[0] if said else None)))
        self._put("#ruling", self._rows(self._with_end(self.ruling)))
        self._put("#coach", self._log_text())
        self._previewing = False
        self._offers = []
        self.query_one("#entry", EntryLine).offered = ()
        self._example()
        self.begin_line()

    def _title(self, moves: int) -> str:
        """The title row: the game's number and name, the players (shortened with "…" where the row
        is too narrow for them all) and the number of moves, which is never cut."""
        head, tail = f"#{self.live.id} {self.text(self.engine.TITLE)} — ", f"  ({moves})"
        players = ", ".join(self.live.players)
        width = self.query_one("#game-title", OneLine).content_region.width or self.app.size.width - 2
        room = width - cell_len(head) - cell_len(tail)
        if cell_len(players) > room:
            players = cut_name(players, max(room, 2))
        return head + players + tail

    def _details(self, described: Callable[[], str]) -> Text:
        """The details panel: the last ruling or refusal whole (when the ruling row cut it), then
        the state in sentences."""
        text = Text()
        if self.full is not None:
            text.append_text(self.full)
            text.append("\n\n")
        text.append(described())
        return text

    def _rows(self, ruling: Text) -> Text:
        """A ruling cut to its rows; what it leaves out the details panel shows (F3)."""
        width = self.query_one("#ruling", Static).content_region.width
        shown = ruling
        if self.lang == "ja":  # between phrases, room kept for the pointer to the details
            phrased = broken(ruling, width - cell_len(self.say(W.track_more)))
            shown = phrased if isinstance(phrased, Text) else Text(phrased)
        cut, was_cut = within_rows(shown, width, RULING_ROWS, self.say(W.track_more))
        if was_cut:
            if self.full is None or self.full.plain != ruling.plain:
                self.full = ruling
                self._shown.pop("#details", None)
        elif self.full is not None:
            self.full = None
            self._shown.pop("#details", None)
        return cut

    def _log_text(self) -> Text:
        """The move log beside the board (empty while it is under the board): the last moves, a
        row each, newest first, under its heading."""
        if self._log_under:
            return Text()
        return log_text(self._log_lines(), self.lang, self.query_one("#coach", Static).content_region.width or 30)

    def _log_lines(self) -> list[Msg]:
        return [move_line(ruling) for _, ruling in self.moves]

    def _logged(self, ruling: Msg) -> None:
        """A move just played (stored: the store's position is after it)."""
        self.moves.insert(0, (self.live.position, ruling))
        del self.moves[LOGGED:]

    def _sync_log(self) -> None:
        """The log as the store has the game now: the moves after its position (undone) go; if its
        newest move is not the last one in effect (a restart, a redo, a change elsewhere), the last
        moves' rulings are read again from the store."""
        position = self.live.position
        self.moves = [(at, ruling) for at, ruling in self.moves if at <= position]
        if position and (not self.moves or self.moves[0][0] != position):
            try:
                rulings = self.live.rulings(LOGGED)
            except Exception:  # a game the store cannot replay says so elsewhere; the log stays short
                return
            self.moves = [(position - i, ruling) for i, ruling in enumerate(reversed(rulings))]

    def _place_log(self, drawn: Text | str, width: int | None, rows: int | None) -> None:
        """The move log under the board when the board leaves it the rows (it is wider there, and
        the board's part has no empty rows), else beside the board, under what is allowed."""
        log = self.query_one("#log", RowText)
        board_rows = max(len(str(drawn).rstrip("\n").split("\n")), self.query_one("#board").size.height)
        free = (rows or 0) - board_rows - 1  # a blank row between them
        under = not self.describing and (width or 0) >= LOG_UNDER_WIDTH and free >= LOG_UNDER_ROWS
        if under != self._log_under:
            self._log_under = under
            log.display = under
            self._shown.pop("#coach", None)
        if under:
            self._put("#log", log_text(self._log_lines(), self.lang, (width or 0), free, indent=" "))

    def ahead_soon(self, line: str) -> None:
        """After a pause in the typing, draw the screen ``line`` leads to (if the engine plays it)
        ahead of Enter: Enter then shows rows already drawn."""
        if self._ahead_timer is not None:
            self._ahead_timer.stop()
        self._ahead_timer = self.set_timer(AHEAD_AFTER, lambda: self._draw_ahead(line))

    def _draw_ahead(self, line: str) -> None:
        self._ahead_timer = None
        if self.query_one("#entry", Input).value.strip() != line:
            return
        state = self.live.state
        try:
            after, _ = self.engine.apply(state, self.engine.parse_line(state, line))
            legal = LegalLines(self.engine, after, self.lang)
            legal.legal(1)  # the entry line's example then
        except Exception:  # refused (or a bug): Enter will say so
            return
        width = self.query_one("#board", Static).content_region.width or None
        rows = self.query_one("#left").content_region.height or None
        drawn = self._drawn(lambda: board(self.engine, after, self.lang, width, rows))
        allowed = self._drawn(lambda: self._allowed(after, None))
        self._ahead = Ahead(after, width, rows, self.lang, self.describing, drawn, allowed, legal)
        for selector, content in (("#board", drawn), ("#allowed", allowed)):
            widget = self.query_one(selector, RowText)
            if self.lang == "ja" and selector in PHRASED:
                content = broken(content, widget.content_region.width)
            if isinstance(content, Text):
                widget.prepare(content)

    def _allowed(self, state: StateShape, said: Msg | None) -> Text:
        """What is allowed now; beside the details (``said``), only what they do not already say."""
        allowed = self.engine.allowed(state).describe()
        if said is not None:
            rest = unsaid(said, allowed)
            if self.text(rest).strip():
                allowed = rest
        return Text(self.text(allowed))  # drawn row by row (RowText), never read as markup

    def _with_end(self, ruling: Text) -> Text:
        """The last ruling and, once the game is over, who won and the key to the settlement first."""
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
        return Text("\n").join([end, ruling]) if ruling.plain else end  # the end first: the rows may cut the ruling

    def on_resize(self) -> None:
        """A new width: the board's player rows wrap again (after the new layout)."""
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        for part in ("#board", *PHRASED):
            self._shown.pop(part, None)
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
        if self.lang == "ja" and selector in PHRASED and isinstance(widget, RowText):
            content = broken(content, widget.content_region.width)

        def put(content: Text | str) -> None:  # a Static breaks its text at the width it is drawn at
            widget.update(content if isinstance(widget, RowText) else phrased(content), layout=False)

        put(content)
        wanted, height = wanted_height(widget), widget.size.height
        if wanted == height:
            return
        if wanted is not None and wanted < height and selector in GROW_ONLY:
            padded = content.copy() if isinstance(content, Text) else Text(content)
            padded.append("\n" * (height - wanted))
            put(padded)  # the same height: blank lines at the end
            return
        if wanted is not None and wanted > height and selector in HEADROOM:
            padded = content.copy() if isinstance(content, Text) else Text(content)
            padded.append("\n" * HEADROOM[selector])
            put(padded)  # grown with room to spare: the next few lines lay nothing out
        widget.refresh(layout=True)

    def say_ruling(self, msg: Msg | str, refused: bool = False, prefix: str = "") -> None:
        words = msg if isinstance(msg, str) else self.text(msg)
        self.ruling = Text(prefix + words, style="bold red" if refused else "")
        self._put("#ruling", self._rows(self.ruling))
        if self.describing:
            self._put(
                "#details", self._drawn(lambda: self._details(lambda: self.text(self.engine.describe(self.live.state))))
            )
        self._previewing = False

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
        state, action = (self.live.state, undone) if undone is not None else (before, self.live.actions[-1])
        word = W.track_undone if undo else W.track_redone
        said = Msg(
            word.en + self.engine.action_line(state, action, "en"),
            word.ja + self.engine.action_line(state, action, "ja"),
        )
        self.ruling = Text(self.text(said))  # (the log shows the moves in effect: show() makes it so)
        self._holding = False
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

"""The game screen's entry line: what is typed, completed, offered and played.

Everything offered comes from the engine (``companion.app.complete``): the suggestion after the
cursor, Tab's list of legal lines, the example in the placeholder, and the words written in before
anything is typed (the next empty cell of a refill, the next captured card to build: the engine's
leading choice). Enter plays the line as typed, never the suggestion (Tab or → takes it); a line
that only begins a legal one is not played, and one row says what it still needs.
:class:`GameScreen` draws the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Input, Static

from companion.app.complete import LegalLines
from companion.app.screens.base import LangScreen
from companion.app.widgets.coach import coach, preview
from companion.app.widgets.entry import EntryLine
from companion.app.words import W, with_help
from companion.rules.common import Msg, Refusal
from companion.rules.engine import GameEngine

if TYPE_CHECKING:
    from companion.store import LiveGame

OFFERED = 8  # legal lines Tab lists on an empty line


def unexpected(error: Exception) -> Msg:
    """A bug said in one sentence, as the command line says it."""
    what = f"{type(error).__name__}: {error}"
    return Msg(
        f"Unexpected error ({what}); nothing was changed.", f"予期しないエラーです（{what}）。何も変更していません。"
    )


def unexpected_drawing(error: Exception) -> Msg:
    """A bug while drawing one part of the table, in one sentence."""
    what = f"{type(error).__name__}: {error}"
    return Msg(
        f"This part cannot be drawn ({what}); the game itself is saved and goes on.",
        f"この部分を表示できません（{what}）。ゲーム自体は保存されていて、続けられます。",
    )


class EntryScreen(LangScreen):
    """The entry line's half of the game screen (the drawing half is :class:`GameScreen`'s)."""

    live: LiveGame
    engine: GameEngine
    game: str
    ruling: Text
    _legal: LegalLines | None
    _offers: list[str]
    _previewing: bool
    # the line, revision and language the row under the board answers now (its preview, or Enter's answer):
    # a change told for the same again (after later keys, or after Enter) leaves the row as it is
    _answering: tuple[str, int, str] | None = None
    _begun = ""  # the words the app began the entry line with (begin_line), while untouched
    _holding = False  # keys typed ahead are coming: the line is not begun (typed_ahead)

    # what the drawing half does

    def show(self) -> None:
        raise NotImplementedError

    def say_ruling(self, msg: Msg | str, refused: bool = False, prefix: str = "") -> None:
        raise NotImplementedError

    def _put(self, selector: str, content: Text | str) -> None:
        raise NotImplementedError

    def _rows(self, ruling: Text) -> Text:
        raise NotImplementedError

    def _log_text(self) -> Text:
        raise NotImplementedError

    def _logged(self, ruling: Msg) -> None:
        raise NotImplementedError

    def action_settle(self) -> None:
        raise NotImplementedError

    def _with_end(self, ruling: Text) -> Text:
        raise NotImplementedError

    def typed_ahead(self) -> None:
        """Keys typed before the screen was seen are coming: the words the app began the line with
        give way to them, and the line is not begun again until a move is played or undone."""
        entry = self.query_one("#entry", EntryLine)
        if entry.value == self._begun:
            entry.value = ""
        self._begun = ""
        self._holding = True

    # ------------------------------------------------------------------ what can be typed

    def legal_lines(self) -> LegalLines | None:
        if self._legal is None:
            self._legal = LegalLines(self.engine, self.live.state, self.lang)
        return self._legal

    def _example(self) -> None:
        """The entry line's placeholder: a line legal now, as the engine writes it."""
        try:
            opening = self._opening()
            legal = self.legal_lines()
            example = [opening] if opening is not None else legal.legal(1) if legal is not None else []
        except Exception:  # a bug while completing: the general sentence instead
            example = []
        entry = self.query_one("#entry", Input)
        entry.placeholder = (
            self.say(W.track_example) + example[0] + self.say(W.track_example_keys)
            if example
            else self.say(W.track_entry)
        )

    def _opening(self) -> str | None:
        """A Reign of Dragoness round's opening line naming the lowest card this table's deck holds
        (D-6: its holder opens), the first seat as the holder; None in any other state."""
        from companion.rules import dragoness

        state = self.live.state
        if not isinstance(state, dragoness.State) or state.phase is not dragoness.Phase.OPENING:
            return None
        deck = state.setup.deck
        dragons = [c for c in deck.cards_for(len(state.setup.players)) if deck.kind(c) is dragoness.Kind.DRAGON]
        if not dragons:
            return None
        lowest = min(dragons, key=lambda c: deck.profile(c, True)[1][0])
        action = dragoness.Opening(0, lowest)
        dragoness.apply(state, action)  # legal now, or no example from here
        return str(dragoness.action_line(state, action, self.lang))

    def on_entry_line_suggested(self, event: EntryLine.Suggested) -> None:
        """Beside the line, say that the underlined text is a suggestion Tab takes."""
        self.query_one("#hint", Static).update(self.say(W.track_hint) if event.shown else "", layout=False)

    def offer_lines(self, typed: str) -> None:
        """Tab with nothing to complete: the legal lines now, listed above the line; Tab again
        writes the next one (called by the entry line at once, before the keys after Tab)."""
        value = typed.strip()
        if value not in self._offers:  # words no legal line starts with: the lines holding them all
            self._offers = []
        if not self._offers:
            try:
                legal = self.legal_lines()
                self._offers = (
                    [] if legal is None else legal.containing(value, OFFERED) if value else legal.legal(OFFERED)
                )
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
            listed.append("\n")
            listed.append(offered, style="reverse" if i == following else "")
        self._put("#coach", listed)
        self._previewing = True
        self._answering = None  # the offers are shown

    # ------------------------------------------------------------------ the entry line

    def on_input_changed(self, event: Input.Changed) -> None:
        value = event.input.value  # as it is now (a change may be told after the next move was played)
        line = value.strip()
        if line in self._offers:  # written by Tab: the list of offers stays shown
            return
        if not line or value == self._begun:  # nothing typed yet (the app's words): the last ruling stays
            if self._previewing:  # the last ruling again, where the preview was
                self._put("#ruling", self._rows(self._with_end(self.ruling)))
                self._put("#coach", self._log_text())
                self._previewing = False
            return
        answering = (value, self.live.revision, self.lang)
        if self._answering == answering:  # told after later keys or after Enter: the row answers it already
            return
        line = self._begun_once(line)  # the line Enter would play (the begun words typed again: once)
        try:
            legal = self.legal_lines()
            completes = legal is not None and legal.first(line) is not None
            shown = preview(self.engine, self.live.state, line, self.lang, completes)
            helped = coach(self.engine, self.live.state, line, self.lang)
        except Exception:  # a bug in a preview: no preview; Enter will say what went wrong
            shown, helped = Text(), Text()
        self._put("#ruling", self._rows(shown))
        self._put("#coach", helped)
        self._previewing = True
        self._answering = answering
        self.ahead_soon(line)

    def ahead_soon(self, line: str) -> None:
        """A screen that can draw ahead what ``line`` leads to does it here (the game screen)."""

    def take_line(self, value: str) -> None:
        """Enter plays the line as typed (the words the app began it with count as typed), never the
        suggestion: Tab or → takes that first (issue 27). A line that only begins a legal one (``B7
        A1N``, ``Lo2`` where the lead holds Lo1) is not played: one row says what it still needs, and
        the suggestion Tab would take. Called by the entry line at once, before the keys after Enter."""
        self._answering = (value, self.live.revision, self.lang)  # (changes told after this say the same line)
        line = self._begun_once(value.strip())
        if not line:
            return
        try:
            legal = self.legal_lines()
            needs = legal.unfinished(line) if legal is not None else None
            shown = (  # the suggestion drawn after the line (Tab takes it), else the one for what is typed
                (self.query_one("#entry", EntryLine).shown_suggestion() or legal.suggestion(value))
                if legal is not None and needs is not None
                else None
            )
        except Exception:  # a bug while completing: the line as typed, refused or played
            needs, shown = None, None
        if needs is not None:
            more = (shown or "").strip()
            self.say_ruling(self._unfinished(needs, more if more != line else ""))  # (a space alone: no Tab)
            return
        self.play(line)

    def _unfinished(self, needs: list[Msg], suggestion: str) -> str:
        """The row for a line that only begins one: ``Not played: add the spot and n (number) or s
        (suit), or Tab for B7 A1N n.``"""
        said = [self.text(n) for n in needs] or [self.say(W.track_unfinished_rest)]  # (no step said what it is)
        text = self.say(W.track_unfinished) + self.say(W.track_unfinished_and).join(said)
        if suggestion:
            return text + self.say(W.track_unfinished_tab) + suggestion + self.say(W.track_unfinished_tab_end)
        return text + self.say(W.track_unfinished_end)

    def _begun_once(self, line: str) -> str:
        """The line without the words the app began it with, when the user typed them again after
        them (``A1 A1 K10``, ``reveal reveal 01 26``: the whole line typed by someone who had not seen
        the begun words); any other line as it is."""
        begun = self._begun.split()
        words = line.split()
        twice = [w.casefold() for w in words[: 2 * len(begun)]]
        if begun and twice == [w.casefold() for w in begun * 2]:
            return " ".join(words[len(begun) :])
        return line

    def begin_line(self) -> None:
        """Begin an empty entry line with the words the engine says come next (the next empty cell
        of a refill, the next captured card to build), or replace the words it began it with when
        the state changed; what the user typed is never replaced."""
        entry = self.query_one("#entry", EntryLine)
        if entry.value not in ("", self._begun) or self._holding:
            return
        try:
            legal = self.legal_lines()
            lead = legal.lead() if legal is not None else ""
        except Exception:  # a bug while completing: an empty line
            lead = ""
        self._begun = lead
        if entry.value != lead:
            entry.value = lead
            entry.cursor_position = len(lead)

    def play(self, line: str) -> bool:
        """Play one line; True if it was accepted (and stored)."""
        entry = self.query_one("#entry", Input)
        try:
            ruling = self.live.play_line(line)
        except Refusal as refusal:
            self.say_ruling(
                with_help(self.text(refusal.msg), self.lang), refused=True, prefix=self.say(W.track_refused)
            )
            return False
        except Exception as error:  # a bug: one sentence, never a traceback; the store kept nothing
            self.say_ruling(unexpected(error), refused=True)
            return False
        entry.value = ""
        self._holding = False
        self.ruling = Text(self.text(ruling))
        self._logged(ruling)
        self.show()
        if self.live.finished:
            self.action_settle()
        return True

    def action_insert(self, token: str) -> None:
        """A click on a spot or a card types it into the entry line."""
        entry = self.query_one("#entry", Input)
        head = "" if entry.value == self._begun else entry.value.rstrip()  # the words the app began with give way
        entry.value = f"{head} {token} " if head else f"{token} "
        entry.cursor_position = len(entry.value)
        entry.focus()

    def action_choose(self, line: str) -> None:
        """A click on a choice (a HOMALET set to take, a battlefield card to pick) writes its line."""
        entry = self.query_one("#entry", Input)
        entry.value = line
        entry.cursor_position = len(line)
        entry.focus()

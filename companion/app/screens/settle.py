"""Settlement: every player's arithmetic in words (as ``companion settle --explain``), highest score
first (O: seat order), the winners with the tie rule that decided, and the compact settle JSON as a QR
code a phone can scan — beside the words when it fits whole in a third of the width, else alone (Q);
for a stored game also its notes (editable, saved through the store) and the BG Stats link as a QR
code (B)."""

from __future__ import annotations

import functools
import json
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Static, TextArea

from companion.app.keys import BACK, BGSTATS, CLOSE, EXPORT, LANG, ORDER, PRINT, QR, UNDO, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.screens.settle_order import in_order, qr_beside, ranked, scores_of
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.phrases import phrased, phrased_at
from companion.app.widgets.qr import _STYLE as QR_STYLE
from companion.app.widgets.qr import half_blocks, qr_matrix
from companion.app.words import W
from companion.rules.common import Msg, Refusal

__all__ = ["QrScreen", "SettleScreen", "compact_json", "explained_by_settle", "qr_lines", "scores_of", "tie_rule"]


def qr_lines(data: str) -> list[str]:
    """The lines of the terminal QR code of ``data`` (the last few kept: a settlement opened again, or
    drawn in the other language, does not make its code again)."""
    return list(_qr_lines(data))


@functools.lru_cache(maxsize=8)
def _qr_lines(data: str) -> tuple[str, ...]:
    return tuple(half_blocks(qr_matrix(data)))


def compact_json(answer: dict[str, Any]) -> str:
    """The settle answer as the QR code carries it: no spaces, Japanese as itself."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


TIE_RULES = {"fortress": W.tie_shared_fortress, "homalet": W.tie_largest_homalet, "dragoness": W.tie_shared_dragoness}


def tie_rule(answer: dict[str, Any]) -> Msg | None:
    """The tie rule that decided, if the top score was tied."""
    scores = scores_of(answer)
    top = max(scores.values(), default=0)
    if sum(1 for s in scores.values() if s == top) < 2:
        return None
    return TIE_RULES[answer["game"]]


def tie_decided(answer: dict[str, Any]) -> str:
    """For a HOMALET tie won on the largest card, settle's words for it without the "Winner: X."
    the screen already shows ("Dai and Emi tie at 9 points; Emi wins the tie: largest card 52
    against Dai's 50 (H-12)."); empty otherwise."""
    words = str(answer.get("winners_explanation", ""))
    if tie_rule(answer) != W.tie_largest_homalet or len(answer["winners"]) != 1:
        return ""
    for stop in (". ", "。"):
        _, found, rest = words.partition(stop)
        if found and rest:
            return rest
    return ""


class SettleScreen(LangScreen):
    """``explained`` is the settle answer with explanations in the language it was asked in;
    ``explain`` asks for it again in another language; ``compact`` is what the QR code holds."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(BACK, EXPORT, PRINT, QR, BGSTATS, UNDO, ORDER)
    DEFAULT_CSS = """
    SettleScreen #notes { height: 6; margin: 0 1; }
    SettleScreen #notes-said { height: auto; padding: 0 1; }
    SettleScreen #order { height: auto; padding: 0 1; text-style: bold; }
    SettleScreen #notes-heading, SettleScreen #arithmetic { height: auto; padding: 0 1; }
    """

    def __init__(self, explain: Any, compact: dict[str, Any], game_id: int | None) -> None:
        super().__init__()
        self.explain = explain  # Callable[[Lang], dict]: the settle answer with explanations
        self.compact = compact
        self.game_id = game_id
        self.game = compact["game"]
        self.saved_notes: str | None = None  # the notes as stored (None: not a stored game)
        self.notes_draft: str | None = None  # the notes as typed, kept while the screen is recomposed
        self.link: str | None = None  # the BG Stats link of a stored, finished game
        self._read = False
        self.by_seat = False  # the scores in seat order rather than highest first (O)
        self.code = qr_lines(compact_json(compact))  # the result's QR code, as half-block lines

    def _read_game(self, game_id: int) -> None:
        """The stored game's notes and BG Stats link (none if the game does not read or is not over)."""
        from companion.results import bgstats

        try:
            live = self.capp.store.load(game_id)
        except Refusal:
            return
        self.saved_notes = live.details.notes
        try:
            self.link = bgstats.url(bgstats.play_of_game(live))
        except Refusal:
            self.link = None

    def compose(self) -> ComposeResult:
        if self.game_id is not None and not self._read:
            self._read = True
            self._read_game(self.game_id)
        answer: dict[str, Any] = self.explain(self.lang)
        names = list(scores_of(answer)) if self.by_seat else ranked(answer)
        answer = in_order(answer, names)
        number = "" if self.game_id is None else f" #{self.game_id}"
        yield Label(f"{self.say(W.settle_title)} — {self.capp.game_title(self.game)}{number}", classes="title")
        with Horizontal(id="settle-row"):
            with VerticalScroll(id="explain"):
                yield Static(phrased(self._winners(answer)), id="winners")
                yield Static(phrased(self.say(W.settle_seated if self.by_seat else W.settle_ranked)), id="order")
                yield Static(phrased_at(lambda width: self._arithmetic(answer, width or None)), id="arithmetic")
                if self.saved_notes is not None:
                    yield Static(phrased(self.say(W.settle_notes)), id="notes-heading", classes="heading")
                    notes = self.saved_notes if self.notes_draft is None else self.notes_draft
                    yield TextArea(notes, id="notes", soft_wrap=True, show_line_numbers=False)
                    yield Static("", id="notes-said")
                if self.saved_notes is not None or self.link is not None:
                    with Horizontal(classes="buttons", id="details-buttons"):
                        if self.saved_notes is not None:
                            yield Button(self.say(W.settle_notes_save), compact=True, id="save-notes")
                        if self.link is not None:
                            yield Button(self.say(W.settle_bgstats_open), compact=True, id="bgstats")
            with Vertical(id="qr-box"):  # shown only where the code stands whole in a third of the width
                heading = Static(self.say(W.settle_qr), id="qr-heading")
                heading.styles.width = len(self.code[0])  # wrapped to the code's width, never cut
                yield heading
                yield Static(self._qr(), id="qr")
        with Horizontal(classes="buttons"):
            yield Button(self.say(W.settle_qr_open), compact=True, id="qr-open")
            if self.game_id is not None:
                yield Button(self.say(W.settle_export), compact=True, id="export")
                yield Button(self.say(W.settle_print), compact=True, id="print")
            yield Button(self.say(W.settle_home), variant="primary", compact=True, id="home")
        yield KeyBar(self._keys(), self.lang)

    def _keys(self) -> list[tuple[str, Msg]]:
        """The key bar, whole at 80 columns in either language: the settlement's keys in short words,
        O saying which order it turns to (Ctrl+Q, which quits everywhere, is left to the help)."""
        keys = [(QR.shown, W.settle_key_qr), (ORDER.shown, W.settle_by_rank if self.by_seat else W.settle_by_seat)]
        keys += [(PRINT.shown, W.settle_key_print), (EXPORT.shown, W.settle_key_export)]
        if self.link is not None:
            keys.append((BGSTATS.shown, W.settle_key_bgstats))
        return keys + key_line(UNDO, BACK, LANG)

    def action_toggle_order(self) -> None:
        """O: the scores in seat order, or highest first again."""
        self._keep_notes()
        self.by_seat = not self.by_seat
        self.refresh(recompose=True)

    def relabel(self) -> None:
        self._keep_notes()
        super().relabel()

    def _keep_notes(self) -> None:
        for area in self.query("#notes").results(TextArea):
            self.notes_draft = area.text

    def save_notes(self) -> bool:
        """Store the notes as typed, if they changed: True once they are kept; a refusal (too long, a
        control character) is said under them and nothing is stored, nor is what was typed lost."""
        self._keep_notes()
        if self.game_id is None or self.notes_draft is None or self.notes_draft == self.saved_notes:
            return True
        said = self.query_one("#notes-said", Static)
        try:
            self.saved_notes = self.capp.store.set_notes(self.game_id, self.notes_draft)
        except Refusal as refusal:
            said.update(phrased(self.text(refusal.msg)))
            return False
        said.update(phrased(self.say(W.settle_notes_saved)))
        return True

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget.id == "notes":
            self.save_notes()

    def _qr(self) -> Text:
        return Text("\n".join(self.code), style=QR_STYLE, no_wrap=True, overflow="crop")

    def _winners(self, answer: dict[str, Any]) -> Text:
        winners = answer["winners"]
        text = Text(self.say(W.settle_winners if len(winners) > 1 else W.settle_winner), style="bold")
        text.append((", " if self.lang == "en" else "、").join(winners), style="bold reverse")
        rule = tie_rule(answer)
        decided = tie_decided(answer)
        if decided:  # a HOMALET tie names the cards that decided it (H-12)
            text.append("\n" + decided)
        elif rule is not None:
            text.append("\n" + self.say(rule))
        if answer["game"] == "dragoness" and not answer.get("complete", True):
            text.append("\n" + self.say(W.settle_incomplete))
        return text

    def _arithmetic(self, answer: dict[str, Any], width: int | None = None) -> Text:
        """Each player's arithmetic; Reign of Dragoness's rounds as a table fitted to ``width``."""
        text = Text()
        if answer["game"] == "dragoness":
            from companion.settle import round_table

            table = round_table(answer, self.lang, width)
            text.append(table[0] + "\n", style="bold underline")
            for line in table[1:]:
                text.append(line + "\n")
            text.append("\n")
            for line in answer.get("explanation", []):
                text.append(line + "\n")
            totals = answer["totals"]
            sep = ", " if self.lang == "en" else "、"
            text.append(
                self.say(W.settle_total)
                + sep.join(f"{n} {t}" if self.lang == "en" else f"{n}が{t}点" for n, t in totals.items()),
                style="bold",
            )
            return text
        for player in answer["players"]:
            colon = ": " if self.lang == "en" else "："
            text.append(f"{player['name']}{colon}{player['score']}\n", style="bold")
            if "explanation" in player:
                text.append(f"  {player['explanation']}\n")
        text.rstrip()  # the heading under it keeps its own margin
        return text

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(qr_beside(self.code, event.size.width, event.size.height), "qr-beside")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "export":
            self.action_export()
        elif event.button.id == "print":
            self.action_print_sheet()
        elif event.button.id == "qr-open":
            self.action_qr()
        elif event.button.id == "bgstats":
            self.action_bgstats()
        elif event.button.id == "save-notes":
            self.save_notes()
        elif self.save_notes():
            self.capp.home()

    def action_back(self) -> None:
        if self.save_notes():  # notes that cannot be kept stay on the screen, with the reason
            self.app.pop_screen()

    def action_qr(self) -> None:
        self.app.push_screen(QrScreen(compact_json(self.compact)))

    def action_bgstats(self) -> None:
        """The BG Stats link as a QR code on its own screen, for the phone that has BG Stats."""
        if self.link is not None:
            self.app.push_screen(QrScreen(self.link, W.qr_bgstats))

    def action_undo(self) -> None:
        """Undo works here too: back to the game, its last action taken back."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        undo = getattr(below, "action_undo", None)
        if undo is None or not self.save_notes():
            return
        self.app.pop_screen()
        undo()

    def action_export(self) -> None:
        if self.game_id is not None:
            self.capp.export(self.game_id)

    def action_print_sheet(self) -> None:
        if self.game_id is not None:
            self.capp.print_result(self.game_id)


class QrScreen(LangScreen):
    """The result's QR code alone on the screen: two modules a cell (square modules, what phones
    read best), the smallest code the compact JSON fits (error correction L). If the terminal is
    still too small, a sentence says how large it must be; the code shows whole once it fits."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE, QR.doing("app.pop_screen"))

    def __init__(self, data: str, caption: Msg = W.qr_scan) -> None:
        super().__init__()
        self.data = data
        self.caption = caption  # what the code is for, and how to leave
        self.code = qr_lines(data)

    def compose(self) -> ComposeResult:
        yield Static(phrased(self._note()), id="qr-note")
        with Center(id="qr-full"):
            yield Static(Text("\n".join(self.code), style=QR_STYLE, no_wrap=True, overflow="crop"), id="qr")
        yield KeyBar(key_line(CLOSE, LANG), self.lang)

    def needed(self) -> tuple[int, int]:
        """The terminal size the code needs whole: its width, its height and the note and key lines."""
        return len(self.code[0]), len(self.code) + 2

    def fits(self) -> bool:
        width, height = self.needed()
        return self.app.size.width >= width and self.app.size.height >= height

    def _note(self) -> str:
        if self.fits():
            return self.say(self.caption)
        width, height = self.needed()
        size = self.app.size
        return self.say(W.qr_enlarge).format(width, height, f"{size.width}×{size.height}")

    def on_resize(self) -> None:
        self.query_one("#qr-note", Static).update(phrased(self._note()))
        self.set_class(not self.fits(), "too-small")


def explained_by_settle(doc: dict[str, Any]) -> Any:
    """For a score sheet: the settle answer of ``doc`` with explanations, in the language asked."""
    from companion.settle import settle

    def explain(lang: Any) -> dict[str, Any]:
        return settle(doc, True, lang)

    return explain

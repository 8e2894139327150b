"""Score sheet only: a form per game, live as it is filled. The form only collects what the table
wrote; ``companion settle`` (the same code as the command line) checks and scores it, so a problem
(a column breaking the ±3 check, a card held twice) is shown with its reason as it is typed."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from companion.app.keys import CLOSE, LANG, NEXT_FIELD, PREVIOUS_FIELD, SAVE, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.fields import Field
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.phrases import phrased
from companion.app.words import W
from companion.rules.common import Refusal

ROUNDS = 5  # the Dragoness sheet's columns (D-11); settle checks the count itself


def tokens(text: str) -> list[str]:
    """The cards written in a field, separated by spaces or commas."""
    return [t for t in re.split(r"[\s,、，]+", text.strip()) if t]


def columns(text: str) -> list[list[str]]:
    """``R5 Y5 / G6 / B9`` → one list of cards per column, left to right."""
    return [tokens(part) for part in re.split(r"[/|／]", text) if tokens(part)]


def count(text: str) -> int | str:
    """A number of cards left as the sheet says it; anything else is passed on for settle to refuse."""
    stripped = text.strip()
    return int(stripped) if stripped.isdigit() else stripped


# the settle answer's fields, as the preview names them
FIELDS = {
    "columns": W.field_columns,
    "tallest": W.field_tallest,
    "pair": W.field_pair,
    "points": W.field_points,
    "penalty": W.field_penalty,
    "cards": W.field_cards,
    "same_digit": W.field_same_digit,
    "run": W.field_run,
    "spring": W.field_spring,
}


class SheetScreen(LangScreen):
    # Tab goes down each round's column of the Reign of Dragoness sheet, as a round's end is written
    BINDINGS: ClassVar[list[BindingType]] = bindings(
        CLOSE, SAVE, NEXT_FIELD.doing("next_field"), PREVIOUS_FIELD.doing("next_field(-1)")
    )

    def __init__(self, game: str, players: list[str], deck: str | None = None, location: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.players = players
        self.deck = deck
        self.location = location  # where it was played, from the new-game form: kept with the game
        self.values: dict[str, str] = {}

    # ------------------------------------------------------------------ the form

    def compose(self) -> ComposeResult:
        yield Label(f"{self.say(W.sheet_title)} — {self.capp.game_title(self.game)}", classes="title")
        with VerticalScroll(id="sheet"):
            if self.game == "dragoness":
                yield from self._dragoness_form()
            else:
                yield from self._pile_form()
        yield Static("", id="preview")
        with Horizontal(classes="buttons"):
            yield Button(self.say(W.sheet_save), variant="primary", compact=True, id="save")
            yield Button(self.say(W.new_back), compact=True, id="back")
        yield KeyBar(key_line(SAVE, CLOSE, LANG), self.lang)

    def _pile_form(self) -> ComposeResult:
        fields = (
            (("columns", W.sheet_fortress_columns), ("hand", W.sheet_fortress_hand))
            if self.game == "fortress"
            else (("pile", W.sheet_homalet_pile),)
        )
        with Grid(id="pile-form", classes=f"fields-{len(fields)}"):
            for seat, name in enumerate(self.players):
                yield Label(name)
                for key, hint in fields:
                    field_id = f"{key}-{seat}"
                    yield Field(self.values.get(field_id, ""), placeholder=self.say(hint), compact=True, id=field_id)

    def _dragoness_form(self) -> ComposeResult:
        choices = [(name, name) for name in self.players]
        with Grid(id="rounds-form"):
            yield Label("")
            for r in range(1, ROUNDS + 1):
                yield Label(f"{self.say(W.sheet_dragoness_round)} {r}")
            yield Label(self.say(W.sheet_dragoness_out))
            for r in range(ROUNDS):
                current = self.values.get(f"out-{r}")
                yield Select(
                    choices, value=current if current else Select.NULL, compact=True, id=f"out-{r}", prompt="—"
                )
            for seat, name in enumerate(self.players):
                yield Label(name)
                for r in range(ROUNDS):
                    field_id = f"left-{seat}-{r}"
                    yield Field(
                        self.values.get(field_id, ""),
                        compact=True,
                        id=field_id,
                        placeholder=self.say(W.sheet_dragoness_left),
                    )

    def on_mount(self) -> None:
        super().on_mount()
        self.query(Input).first().focus()
        self.update_preview()

    def _field_order(self) -> list[Widget]:
        """The fields in the order Tab goes through them: on the Reign of Dragoness sheet, round by
        round (who went out, then each player's cards left), as each round's end is written (D-10);
        else as they stand, row by row; then the buttons."""
        chain = list(self.focus_chain)
        if self.game != "dragoness":
            return chain
        by_id = {widget.id: widget for widget in chain if widget.id}
        order = [
            f"out-{r}" if seat < 0 else f"left-{seat}-{r}"
            for r in range(ROUNDS)
            for seat in range(-1, len(self.players))
        ]
        fields = [by_id[name] for name in order if name in by_id]
        return fields + [widget for widget in chain if widget not in fields]

    def action_next_field(self, step: int = 1) -> None:
        order = self._field_order()
        if not order:
            return
        here = next(
            (node for node in (self.focused.ancestors_with_self if self.focused else ()) if node in order), None
        )
        if here is None:  # nothing of the form focused: its first field (Shift+Tab: its last)
            self.set_focus(order[0] if step > 0 else order[-1])
        else:
            self.set_focus(order[(order.index(here) + step) % len(order)])

    # ------------------------------------------------------------------ live

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id:
            self.values[event.input.id] = event.value
            self.update_preview()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id:
            self.values[event.select.id] = "" if event.value is Select.NULL else str(event.value)
            self.update_preview()

    def document(self) -> dict[str, Any]:
        """The ``companion settle`` input the sheet says so far."""
        v = self.values
        doc: dict[str, Any] = {"game": self.game}
        if self.deck:
            doc["deck"] = self.deck
        if self.game == "fortress":
            doc["players"] = [
                {"name": n, "fortress": columns(v.get(f"columns-{i}", "")), "hand": tokens(v.get(f"hand-{i}", ""))}
                for i, n in enumerate(self.players)
            ]
        elif self.game == "homalet":
            doc["players"] = [{"name": n, "pile": tokens(v.get(f"pile-{i}", ""))} for i, n in enumerate(self.players)]
        else:
            doc["players"] = list(self.players)
            rounds = []
            for r in range(ROUNDS):
                out = v.get(f"out-{r}", "")
                if not out:
                    continue
                left = {n: count(v.get(f"left-{i}-{r}", "")) for i, n in enumerate(self.players) if n != out}
                rounds.append({"out": out, "cards_left": left})
            doc["rounds"] = rounds
        return doc

    def settled(self) -> dict[str, Any]:
        from companion.settle import settle

        return settle(self.document(), False, self.lang)

    def _round_without_out(self) -> int | None:
        """The first round (from 1) of the Reign of Dragoness sheet with cards left written but nobody
        chosen as the one who went out: it is not counted until someone is (D-10)."""
        if self.game != "dragoness":
            return None
        v = self.values
        for r in range(ROUNDS):
            if not v.get(f"out-{r}") and any(v.get(f"left-{i}-{r}", "").strip() for i in range(len(self.players))):
                return r + 1
        return None

    def _no_out(self, number: int) -> str:
        return self.say(W.sheet_dragoness_no_out).format(number)

    def update_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        missing = self._round_without_out()
        if missing is not None:
            preview.update(phrased(Text(self.say(W.sheet_incomplete) + self._no_out(missing), style="bold red")))
            return
        if self.game == "dragoness" and not self.document()["rounds"]:
            preview.update(phrased(self.say(W.sheet_dragoness_start)))
            return
        try:
            answer = self.settled()
        except Refusal as refusal:
            preview.update(phrased(Text(self.say(W.sheet_incomplete) + self.text(refusal.msg), style="bold red")))
            return
        preview.update(phrased(self._scores(answer)))

    def _scores(self, answer: dict[str, Any]) -> Text:
        text = Text()
        if answer["game"] == "dragoness":
            for r, points in enumerate(answer["rounds"], start=1):
                text.append(self.say(W.sheet_dragoness_round_points).format(r), style="bold")
                text.append("  ".join(f"{n} +{p}" for n, p in points.items()) + "\n")
            totals = "  ".join(f"{n} {t}" for n, t in answer["totals"].items())
            text.append(self.say(W.settle_total) + totals, style="bold")
            return text
        for p in answer["players"]:
            text.append(f"{p['name']}: {p['score']}", style="bold")
            details = {k: v for k, v in p.items() if k not in ("name", "score", "explanation")}
            text.append("  " + "  ".join(f"{self.say(FIELDS[k])} {_short(v)}" for k, v in details.items()) + "\n")
        return text

    # ------------------------------------------------------------------ save

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.app.pop_screen()

    def action_save(self) -> None:
        """Store the sheet as a finished game and show its settlement; a problem stores nothing."""
        from companion.app.screens.settle import SettleScreen, explained_by_settle

        missing = self._round_without_out()
        if missing is not None:
            self.notify(self._no_out(missing), severity="error")
            return
        doc = self.document()
        try:
            from companion.settle import settle

            compact = settle(doc, False, "en")
            game_id = self.capp.store.new_result_game(self.game, doc, self.location)
        except Refusal as refusal:
            self.notify(self.text(refusal.msg), severity="error")
            return
        self.notify(self.say(W.sheet_saved) + f"#{game_id}")
        self.app.switch_screen(SettleScreen(explained_by_settle(doc), compact, game_id))


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "→".join(str(v) for v in value.values())
    return "—" if value is None else str(value)

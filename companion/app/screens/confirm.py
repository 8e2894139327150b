"""A yes-or-no question over the current screen (discard what was typed?): Y says yes; N, Esc,
or Enter on the button that has the focus (No) says no; the answer goes to the screen that asked."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.app.keys import BACK, NO, YES, bindings
from companion.app.screens.base import SCREENS_CSS
from companion.app.widgets.phrases import phrased
from companion.app.words import W, say
from companion.rules.common import Lang


class Confirm(ModalScreen[bool]):
    CSS_PATH = SCREENS_CSS  # its frame (#confirm) is styled there
    BINDINGS: ClassVar[list[BindingType]] = bindings(YES, NO, BACK.doing("answer(False)"))

    def __init__(self, question: str, lang: Lang) -> None:
        super().__init__()
        self.question = question
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(phrased(self.question))
            with Horizontal(classes="buttons"):
                yield Button(say(W.confirm_yes, self.lang), variant="error", compact=True, id="yes")
                yield Button(say(W.confirm_no, self.lang), variant="primary", compact=True, id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # Enter keeps what was typed unless Y is pressed

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

"""A new game: the game, the players in seating order (names completed from the roster), the start
player, the deck file and the mode. The engines and the store decide whether the table is valid."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid, Horizontal
from textual.suggester import Suggester
from textual.widgets import Button, Input, Label, Select, Static

from companion.app.keys import BACK, COMPLETE, HELP, LANG, NEXT_FIELD, PREVIOUS_FIELD, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.fields import Field
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.phrases import phrased
from companion.app.words import W
from companion.records.play_details import LOCATION_MAX, check_location
from companion.rules.common import Refusal

_SEPARATORS = re.compile(r"[,、，]")


def split_names(text: str) -> list[str]:
    """``Aki, Ben、Chie`` → the names, in order; empty pieces dropped."""
    return [n.strip() for n in _SEPARATORS.split(text) if n.strip()]


class NameSuggester(Suggester):
    """Completes the name being typed (after the last comma) from the names already played."""

    def __init__(self, roster: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.roster = roster

    async def get_suggestion(self, value: str) -> str | None:
        head, _, last = value.rpartition(",") if "," in value else ("", "", value)
        typed = last.lstrip()
        if not typed:
            return None
        taken = set(split_names(head))
        for name in self.roster:
            if name.casefold().startswith(typed.casefold()) and name not in taken:
                return value[: len(value) - len(typed)] + name
        return None


FIELDS = {
    "game": W.new_game,
    "players": W.new_players,
    "start": W.new_start,
    "deck": W.new_deck,
    "location": W.new_location,
    "mode": W.new_mode,
}  # each field of the form by its id, and its label


class NewGameScreen(LangScreen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(BACK, NEXT_FIELD, PREVIOUS_FIELD)

    def __init__(self, sheet: bool = False) -> None:
        super().__init__()
        self.sheet = sheet
        self.values: dict[str, Any] = {
            "game": "fortress",
            "players": "",
            "start": 0,
            "deck": "",
            "location": "",
            "mode": "sheet" if sheet else "track",
        }
        self._start_name: str | None = None  # the start player the player chose, by name (None: the first seat)

    def compose(self) -> ComposeResult:
        from companion.rules.games import ENGINES

        v = self.values
        yield Label(self.say(W.home_sheet if self.sheet else W.new_title), classes="title")
        with Grid(id="form"):
            yield Label("  " + self.say(W.new_game), id="game-label")
            yield Select(
                [(self.text(e.TITLE), g) for g, e in ENGINES.items()],
                value=v["game"],
                allow_blank=False,
                compact=True,
                id="game",
            )
            yield Label("  " + self.say(W.new_players), id="players-label")
            yield Field(
                v["players"],
                placeholder=self.say(W.new_players_hint),
                compact=True,
                id="players",
                suggester=NameSuggester(self._roster()),
            )
            yield Label("  " + self.say(W.new_start), id="start-label")
            yield Select(self._start_options(), value=v["start"], allow_blank=False, compact=True, id="start")
            yield Label("  " + self.say(W.new_deck), id="deck-label")
            yield Field(v["deck"], placeholder=self.say(W.new_deck_hint), compact=True, id="deck")
            yield Label("  " + self.say(W.new_location), id="location-label")
            yield Field(
                v["location"],
                placeholder=self.say(W.new_location_hint),
                compact=True,
                id="location",
                max_length=LOCATION_MAX,
            )
            yield Label("  " + self.say(W.new_mode), id="mode-label")
            yield Select(
                [(self.say(W.new_mode_track), "track"), (self.say(W.new_mode_sheet), "sheet")],
                value=v["mode"],
                allow_blank=False,
                compact=True,
                id="mode",
            )
        yield Static("", id="problem")
        with Horizontal(classes="buttons"):
            yield Button(self.say(W.new_go), variant="primary", compact=True, id="go")
            yield Button(self.say(W.new_back), compact=True, id="back")
        yield KeyBar(key_line(COMPLETE, BACK, HELP, LANG), self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#players", Input).focus()
        self._show_start()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The field being typed into is marked on its label too (▶, bold), not by a shade alone: the
        field that has the focus now (keys in one burst move it on before each field has told it came)."""
        now = self.focused
        for name, word in FIELDS.items():
            for label in self.query(f"#{name}-label").results(Label):
                focused = now is not None and now.id == name
                label.set_class(focused, "focused")
                label.update(("▶ " if focused else "  ") + self.say(word))

    def _show_start(self) -> None:
        """Reign of Dragoness has no start player (D-6): the field is not shown for it."""
        shown = self.values["game"] != "dragoness"
        for part in self.query("#start-label, #start"):
            part.display = shown

    def action_back(self) -> None:
        """Back to the home screen; if names or a deck file were typed, ask before discarding them."""
        self._keep()
        if not any(self.values[key].strip() for key in ("players", "deck", "location")):
            self.app.pop_screen()
            return
        from companion.app.screens.confirm import Confirm

        def answered(discard: bool | None) -> None:
            if discard:
                self.app.pop_screen()

        self.app.push_screen(Confirm(self.say(W.new_discard), self.lang), answered)

    def relabel(self) -> None:
        self._keep()
        super().relabel()

    def _roster(self) -> list[str]:
        try:
            return list(self.capp.store.roster())
        except Refusal:
            return []

    def _start_options(self) -> list[tuple[str, int]]:
        if self.values["game"] == "dragoness":
            return [(self.say(W.new_start_none), 0)]
        names = split_names(self.values["players"])
        # seats as people count them, from 1 (the value stays the engine's seat index, from 0)
        return [(f"{i + 1}: {n}", i) for i, n in enumerate(names)] or [(self.say(W.new_start_first), 0)]

    def _keep(self) -> None:
        """Remember what has been typed (the form is recomposed when the language changes)."""
        for key in ("game", "start", "mode"):
            for select in self.query(f"#{key}").results(Select):
                if select.value is not Select.NULL:
                    self.values[key] = select.value
        for key in ("players", "deck", "location"):
            for entry in self.query(f"#{key}").results(Input):
                self.values[key] = entry.value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "start" and isinstance(event.value, int):  # chosen by the player (see _refresh_start)
            names = split_names(self.values["players"])  # a person, kept as one
            self._start_name = names[event.value] if event.value < len(names) else None
        if event.select.id == "game":
            if event.value != self.values["game"]:  # a problem with the other game's table is no longer so
                self.query_one("#problem", Static).update("")
            self.values["game"] = event.value
            self._refresh_start()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players":
            self.values["players"] = event.value
            self._refresh_start()

    def _refresh_start(self) -> None:
        """The start player's choices for the names as they are now. A person the player chose stays
        chosen wherever the names put them (a name added in front moves them to the next seat); while
        their name is retyped, the seat stays. Never chosen: the first seat."""
        start = self.query_one("#start", Select)
        current = start.value
        options = self._start_options()
        names = split_names(self.values["players"]) if self.values["game"] != "dragoness" else []
        if self._start_name is not None and self._start_name in names:
            index = names.index(self._start_name)
        else:
            index = current if isinstance(current, int) and current < len(options) else 0
        if self._start_name is not None and names:
            self._start_name = names[index] if index < len(names) else None
        with start.prevent(Select.Changed):  # the form's own setting is not a choice of the player's
            start.set_options(options)
            start.value = index
            # the same value under a new name (the first seat became 0: Aki) is shown too; the reactive is not generic
            start.mutate_reactive(Select.value)  # type: ignore[misc]
        start.disabled = self.values["game"] == "dragoness"
        self._show_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start_game()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go":
            self.start_game()
        else:
            self.action_back()

    def start_game(self) -> None:
        """Store the new game (the engine checks the table) and open it; a problem is shown, nothing stored."""
        self._keep()
        v = self.values
        game: str = v["game"]
        names = split_names(v["players"])
        start = None if game == "dragoness" else int(v["start"])
        try:
            deck_data = self._deck_data(game, v["deck"].strip())
            location = check_location(v["location"])
            if v["mode"] == "sheet":
                self._check_table(game, names, start, deck_data)
                from companion.app.screens.sheet import SheetScreen

                self.app.switch_screen(SheetScreen(game, names, v["deck"].strip() or None, location))
                return
            game_id = self.capp.store.new_game(game, names, start=start, deck_data=deck_data, location=location)
        except Refusal as refusal:
            self.query_one("#problem", Static).update(phrased(self.text(refusal.msg)))
            return
        self.app.pop_screen()
        self.capp.open_game(game_id)

    @staticmethod
    def _deck_data(game: str, path: str) -> dict[str, Any]:
        from companion.cards.decks import load_deck_data

        return load_deck_data(game, path or None)

    @staticmethod
    def _check_table(game: str, names: list[str], start: int | None, deck_data: dict[str, Any]) -> None:
        """The engine's own check of the table (player count, names, start seat)."""
        from companion.rules.games import ENGINES

        engine = ENGINES[game]
        engine.make_setup(tuple(names), start, engine.Deck.from_data(deck_data))

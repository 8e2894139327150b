"""Home: new game, resume (most recent first), score sheet, history, statistics, help, language."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.app.screens.base import LangScreen
from companion.app.widgets.keybar import KeyBar
from companion.rules.common import Refusal, plural

MENU = ("new", "sheet", "history", "stats", "help", "lang", "quit")
LIST_AFTER = 0.05  # seconds after the first frame: opening the store (sqlite) waits until then
ACTIONS = {"new": "new_game", "sheet": "sheet", "history": "history", "stats": "stats",
           "help": "help", "lang": "toggle_lang", "quit": "quit"}


class HomeScreen(LangScreen):
    _listed = False
    def compose(self) -> ComposeResult:
        yield Label(self.say("app.title"), classes="title")
        with Horizontal(id="home"):
            yield OptionList(*(Option(self.say(f"home.{k}"), id=k) for k in MENU), id="menu")
            with Vertical(id="resume-box"):
                yield Label(self.say("home.resume"), classes="heading")
                yield OptionList(id="resume")
        yield KeyBar([("F1", "key.help"), ("F2", "key.lang"), ("^P", "key.palette"), ("^Q", "key.quit")],
                     self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#menu", OptionList).focus()
        self.query_one("#resume", OptionList).add_option(Option(self.say("home.loading"), disabled=True))
        self.set_timer(LIST_AFTER, self.list_unfinished)  # the home screen is drawn before the store opens
        self._listed = False

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        if self._listed:  # back from another screen: the games may have changed
            self.list_unfinished()

    def relabel(self) -> None:
        super().relabel()
        self.call_after_refresh(self.list_unfinished)

    def list_unfinished(self) -> None:
        """The unfinished games, most recent first (read after the first frame: the store is not
        opened before the home screen shows)."""
        box = self.query("#resume")
        if not box:
            return
        self._listed = True
        resume = box.first(OptionList)
        resume.clear_options()
        try:
            games = self.capp.store.unfinished()
        except Refusal as refusal:
            resume.add_option(Option(self.say("home.store_error") + self.text(refusal.msg), disabled=True))
            return
        if not games:
            resume.add_option(Option(self.say("home.none"), disabled=True))
        for g in games:
            title = self.capp.game_title(g.game)
            moves = plural(g.actions, "move", "moves") if self.lang == "en" else f"{g.actions}手"
            resume.add_option(Option(f"#{g.id} {title}: {', '.join(g.players)} ({moves})", id=f"game-{g.id}"))
        if games:
            resume.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("game-"):
            self.capp.open_game(int(option_id.removeprefix("game-")))
        elif option_id in ACTIONS:
            self.call_later(self.capp.run_action, ACTIONS[option_id])

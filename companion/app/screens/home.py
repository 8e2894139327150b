"""Home: new game, resume (most recent first), score sheet, history, statistics, playtest analysis, help,
language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.app.keys import HELP, LANG, PALETTE, QUIT, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.keybar import KeyBar
from companion.app.words import W
from companion.rules.common import Refusal, plural

if TYPE_CHECKING:
    from companion.store import GameSummary

MENU = (
    ("new", W.home_new),
    ("sheet", W.home_sheet),
    ("history", W.home_history),
    ("stats", W.home_stats),
    ("playtest", W.home_playtest),
    ("help", W.home_help),
    ("lang", W.home_lang),
    ("quit", W.home_quit),
)
WHOSE_TURN = 12  # unfinished games whose state is read to say whose turn it is (the rest: moves only)
LIST_AFTER = 0.05  # seconds after the first frame: opening the store (sqlite) waits until then
ACTIONS = {
    "new": "new_game",
    "sheet": "sheet",
    "history": "history",
    "stats": "stats",
    "playtest": "screen.playtest",
    "help": "help",
    "lang": "toggle_lang",
    "quit": "quit",
}


def fit(line: str, width: int) -> str:
    """``line`` cut to ``width`` terminal cells with an ellipsis (Japanese is two cells a character)."""
    if width <= 1 or cell_len(line) <= width:
        return line
    return set_cell_size(line, width - 1).rstrip() + "…"


class HomeScreen(LangScreen):
    """The menu on the left and, once the store is read (after the first frame), the unfinished
    games on the right. The screen lays them side by side itself (no containers: each widget costs
    the first frame several milliseconds)."""

    _listed = False
    _left: int | None = None  # the game opened from here last: highlighted again when the player is back
    _resume_wanted = False  # Tab typed before the games were listed: the keys go to their list
    _enter_waiting = False  # ... and Enter too: the first game opens once listed

    def compose(self) -> ComposeResult:
        yield Label(self.say(W.app_title), classes="title")
        menu = OptionList(*(Option(self.say(word), id=k) for k, word in MENU), id="menu")
        menu.border_title = "▶ " + self.say(W.home_menu)
        yield menu
        if self._listed:  # composed again (a new language): the list is filled again after
            yield self._resume_list()
        yield KeyBar(key_line(HELP, LANG, PALETTE, QUIT), self.lang)

    def _resume_list(self) -> OptionList:
        resume = OptionList(id="resume")
        resume.border_title = self.say(W.home_resume)
        return resume

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#menu", OptionList).focus()
        self.set_timer(LIST_AFTER, self.list_unfinished)  # the home screen is drawn before the store opens

    def on_key(self, event: events.Key) -> None:
        # (LangScreen's own on_key runs as well: Textual calls each class's handler)
        if self._listed:
            return
        if event.key in ("tab", "shift+tab"):  # typed before the list of games is there
            self._resume_wanted = not self._resume_wanted
        elif event.key == "enter" and self._resume_wanted:
            self._enter_waiting = True

    def on_descendant_focus(self) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """The list that has the keys says so in its frame (▶ and a heavy border), not by shade alone."""
        for key, box in ((W.home_menu, "#menu"), (W.home_resume, "#resume")):
            for options in self.query(box).results(OptionList):
                mark = "▶ " if options.has_focus else ""
                options.border_title = mark + self.say(key)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        if self._listed:  # back from another screen: the games may have changed
            self.list_unfinished()

    def relabel(self) -> None:
        focused = "#resume" if any(r.has_focus for r in self.query("#resume")) else "#menu"
        highlighted = self.query_one("#menu", OptionList).highlighted
        super().relabel()
        self.call_after_refresh(self._relabelled, focused, highlighted)

    def _relabelled(self, focused: str, highlighted: int | None = None) -> None:
        """After a new language: the keys stay with the list that had them, and the menu's highlight
        on the line it was on (back on the first line, one ↑ more went round to Quit)."""
        if highlighted is not None:
            self.query_one("#menu", OptionList).highlighted = highlighted
        self.query_one(focused, OptionList).focus()
        self._mark_focus()
        self.list_unfinished()

    def list_unfinished(self) -> None:
        """The unfinished games, most recent first (read after the first frame: the store is not
        opened before the home screen shows). Their list is put on the screen first, then filled
        once it has its width (each game's lines are fitted to it)."""
        if not self.is_attached:
            return
        box = self.query("#resume")
        if not box:
            self.mount(self._resume_list(), after="#menu")
            self.call_after_refresh(self.list_unfinished)
            return
        self._listed = True
        resume = box.first(OptionList)
        resume.clear_options()
        try:
            games = self.capp.store.unfinished()
        except Refusal as refusal:
            resume.add_option(Option(self.say(W.home_store_error) + self.text(refusal.msg), disabled=True))
            return
        if not games:
            resume.add_option(Option(self.say(W.home_none), disabled=True))
        for i, g in enumerate(games):
            resume.add_option(Option(self._entry(g, i < WHOSE_TURN), id=f"game-{g.id}"))
        if games:  # the game the player just left, if it is still unfinished; else the most recent
            left = [i for i, g in enumerate(games) if g.id == self._left]
            resume.highlighted = left[0] if left else 0
        if self._resume_wanted:
            self._resume_wanted = False
            resume.focus()
            if self._enter_waiting and games and self.app.screen is self:
                self.capp.open_game(games[0].id)
        self._enter_waiting = False

    def _entry(self, g: GameSummary, whose_turn: bool) -> Text:
        """One unfinished game: its number, game and table, its progress (moves)
        and whose turn it is, so two games with the same players can be told apart."""
        title = self.capp.game_title(g.game)
        moves = plural(g.actions, "move", "moves") if self.lang == "en" else f"{g.actions}手"
        lines = [f"#{g.id} {title} · {moves}", f"   {', '.join(g.players)}"]
        if whose_turn:
            try:
                waiting = self.text(self.capp.store.load(g.id).state.waiting_for())
            except Exception:  # a game that cannot be loaded still shows; opening it will say why
                waiting = ""
            if waiting:
                lines.append(f"   → {waiting}")
        width = self.query_one("#resume", OptionList).scrollable_content_region.width
        text = Text("\n".join(fit(line, width) for line in lines))  # a line each, never broken mid-phrase
        text.stylize("bold", 0, len(f"#{g.id} {title}"))
        return text

    def action_playtest(self) -> None:
        """The playtest analysis (its own screen; the command palette offers it too, keys.PLAYTEST)."""
        from companion.app.screens.playtest import PlaytestScreen

        self.app.push_screen(PlaytestScreen())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self._listed and self._resume_wanted:  # an Enter for the list of games, once listed
            return
        if self.app.screen is not self:  # an Enter typed in one burst after the key that left home
            self.app.screen.post_message(LangScreen.Typed("enter", "\r"))
            return
        option_id = event.option.id or ""
        if option_id.startswith("game-"):
            self._left = int(option_id.removeprefix("game-"))
            self.capp.open_game(self._left)
        elif option_id in ACTIONS:
            self.call_later(self.app.run_action, ACTIONS[option_id])

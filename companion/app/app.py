"""The ``App``: the language, the store (opened on first use), the keys and commands every screen shares.

Screens do the work; this class only routes between them.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.reactive import reactive
from textual.screen import Screen

from companion.app.keys import HELP, IN_PALETTE, LANG, bindings
from companion.app.screens.base import SCREENS_CSS, LangScreen
from companion.app.words import W, say
from companion.rules.common import Lang, Msg, Refusal

if TYPE_CHECKING:
    from companion.store import Store

MAX_BUGS = 20  # bugs caught in one run before the app gives up (a home screen that cannot draw)
SCREENS_CSS_AFTER = 0.1  # seconds after the first frame: the other screens' styles are read then


def unexpected_in_screen(error: Exception) -> Msg:
    """A bug while drawing a screen, said in one sentence: what broke and that nothing was lost."""
    what = f"{type(error).__name__}: {error}"
    return Msg(
        f"Something went wrong while drawing the screen ({what}); every move is saved and the game can be resumed.",
        f"画面の表示中に問題が起きました（{what}）。手はすべて保存されているので、ゲームは再開できます。",
    )


def remembered_lang() -> Lang | None:
    from companion.app.prefs import saved_lang

    return saved_lang()


def locale_lang() -> Lang:
    """The language the locale asks for (the command line's rule)."""
    from companion.base.language import default_lang

    return default_lang()


class CompanionApp(App[None]):
    # absolute: a subclass elsewhere finds it too. Only what the home screen needs is read at start;
    # the other screens' styles (SCREENS_CSS) once the first frame is on the screen
    CSS_PATH = Path(__file__).with_name("home.tcss")
    TITLE = "companion"
    BINDINGS: ClassVar[list[BindingType]] = bindings(HELP, LANG)

    lang: reactive[Lang] = reactive[Lang]("en", init=False)

    def __init__(self, lang: Lang | None = None, db_path: str | None = None) -> None:
        super().__init__()
        self.set_reactive(CompanionApp.lang, lang or remembered_lang() or locale_lang())
        self._db_path = db_path
        self._store: Store | None = None
        self.bugs: list[Exception] = []  # what the safety net caught (tests look here)
        self._recovering = False
        self._first_frame = False

    # ------------------------------------------------------------------ styles: the home screen's first

    def post_display_hook(self) -> None:
        """After each frame (Textual's hook); after the first, the other screens' styles are read."""
        if not self._first_frame and self.screen.is_mounted:
            self._first_frame = True
            self.set_timer(SCREENS_CSS_AFTER, self.read_screens_css)

    def read_screens_css(self) -> None:
        """Read the styles of every screen but home (once), while the home screen is looked at, so
        that the first screen opened does not wait for them; a screen opened sooner reads them itself
        (its ``CSS_PATH``)."""
        if self.stylesheet.has_source(str(SCREENS_CSS)):
            return
        self.stylesheet.read(SCREENS_CSS)
        self.stylesheet.update(self)

    # ------------------------------------------------------------------ the safety net

    def _handle_exception(self, error: Exception) -> None:  # Textual private: pinned (test_app_textual_hook.py)
        """A bug anywhere while drawing or handling a key: one sentence and back to the home screen,
        never a traceback and never the app closed (every stored action stays; the game can be
        resumed). Textual would end the app here; the broken screen's messages have stopped, so it
        is taken off and a fresh home screen shown. Only a home screen that breaks again and again
        ends the app, with the sentence and no traceback."""
        self.bugs.append(error)
        sentence = self.text(unexpected_in_screen(error))
        if len(self.bugs) > MAX_BUGS:
            self.exit(return_code=1, message=sentence)
            return
        if not self._recovering:  # one bug often brings more (a screen half made): one sentence
            self._recovering = True
            self.call_later(self._recover, sentence)

    async def _recover(self, sentence: str) -> None:
        from companion.app.screens.home import HomeScreen

        self._recovering = False
        if len(self.screen_stack) > 1:
            while len(self.screen_stack) > 1:  # down to the home screen, the first
                await self.pop_screen()
        else:  # the home screen itself broke: a fresh one
            await self.switch_screen(HomeScreen())
        self.notify(sentence, severity="error", timeout=10)

    # ------------------------------------------------------------------ the store, opened on first use

    @property
    def store(self) -> Store:
        if self._store is None:
            from companion.store import Store

            self._store = Store.open(self._db_path)
        return self._store

    def on_unmount(self) -> None:
        """On quit the store is closed: what was played is copied from the write-ahead log into the
        database file, so that the file alone holds every acknowledged action."""
        if self._store is not None:
            self._store.close()
            self._store = None

    # ------------------------------------------------------------------ language

    def say(self, word: Msg) -> str:
        return say(word, self.lang)

    def text(self, msg: Msg) -> str:
        return msg.text(self.lang)

    def watch_lang(self) -> None:
        screen = self.screen
        if isinstance(screen, LangScreen):
            screen.relabel()

    def game_title(self, game: str) -> str:
        from companion.rules.games import ENGINES

        return self.text(ENGINES[game].TITLE)

    def action_toggle_lang(self) -> None:
        from companion.app.prefs import save_lang

        self.lang = "en" if self.lang == "ja" else "ja"
        try:
            save_lang(self.lang)
        except OSError as error:  # the choice holds for this run; say why it is not remembered
            self.notify(self.say(W.lang_not_saved) + str(error.strerror or error), severity="warning")
        except Refusal as refusal:
            self.notify(self.say(W.lang_not_saved) + self.text(refusal.msg), severity="warning")
        self.notify(self.say(W.lang_switched), timeout=2)

    def action_command_palette(self) -> None:
        """Textual's palette, its words in the app's language."""
        from companion.app.widgets.palette import Palette

        if self.use_command_palette and not isinstance(self.screen, Palette):
            self.push_screen(Palette(self.say(W.palette_search), self.say(W.palette_none), id="--command-palette"))

    # ------------------------------------------------------------------ routing

    def get_default_screen(self) -> Screen[Any]:
        """The home screen is the first screen itself: keys typed while the app starts reach it
        (queued until it is ready) instead of an empty screen that would drop them."""
        from companion.app.screens.home import HomeScreen

        return HomeScreen()

    def action_help(self) -> None:
        from companion.app.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        game = getattr(self.screen, "game", None)
        self.push_screen(HelpScreen(game if isinstance(game, str) else None))

    def action_new_game(self) -> None:
        from companion.app.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_sheet(self) -> None:
        from companion.app.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(sheet=True))

    def action_history(self) -> None:
        from companion.app.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_stats(self) -> None:
        from companion.app.screens.history import StatsScreen

        self.push_screen(StatsScreen())

    def action_resume(self) -> None:
        try:
            games = self.store.unfinished()
        except Refusal as refusal:
            self.notify(self.text(refusal.msg), severity="error")
            return
        if games:
            self.open_game(games[0].id)
        else:
            self.notify(self.say(W.home_none))

    def open_game(self, game_id: int) -> None:
        """Show a stored game: its tracking screen, or the settlement once it is over."""
        try:
            live = self.store.load(game_id)
        except Refusal as refusal:
            self.notify(self.text(refusal.msg), severity="error")
            return
        if live.mode == "sheet":
            from companion.app.screens.settle import SettleScreen

            try:
                compact = live.settle(False, "en")
            except Refusal as refusal:
                self.notify(self.text(refusal.msg), severity="error")
                return
            if compact is None:  # a stored sheet is always finished; nothing to show otherwise
                return
            self.push_screen(SettleScreen(lambda lang: live.settle(True, lang), compact, live.id))
            return
        from companion.app.screens.track import GameScreen

        self.push_screen(GameScreen(live))

    def export(self, game_id: int) -> None:
        """Write the game's record as JSON into the current folder (atomically) and say where."""
        import json

        from companion.base.files import write_atomic

        path = Path.cwd() / f"companion-game-{game_id}.json"
        try:
            record = self.store.export_record(game_id)
            write_atomic(path, json.dumps(record, ensure_ascii=False, indent=1))
        except Refusal as refusal:
            self.notify(self.text(refusal.msg), severity="error")
            return
        except OSError as error:
            self.notify(f"{path}: {error.strerror}", severity="error")
            return
        self.notify(self.say(W.track_exported) + str(path), timeout=12)  # long enough to read the path

    def print_result(self, game_id: int) -> None:
        """Write the game's result sheet (PDF, its record in QR codes) into the current folder, in a
        worker thread: reportlab loads only now, and the screen keeps answering meanwhile."""
        path = Path.cwd() / f"companion-result-{game_id}.pdf"
        self.run_worker(lambda: self._print_result(game_id, path), thread=True, exclusive=True, group="print")

    def _print_result(self, game_id: int, path: Path) -> None:
        """In the worker thread: a connection of its own (SQLite's stay in their thread), read-only."""
        from companion.results.result_sheet import write_result_sheet
        from companion.store import Store

        try:
            with Store.open(self._db_path, readonly=True) as store:
                write_result_sheet(store, game_id, path, self.lang)
        except Refusal as refusal:
            self.call_from_thread(self.notify, self.text(refusal.msg), severity="error")
            return
        except OSError as error:
            self.call_from_thread(self.notify, f"{path}: {error.strerror}", severity="error")
            return
        self.call_from_thread(self.notify, self.say(W.settle_printed) + str(path), timeout=12)

    def home(self) -> None:
        """Back to the home screen, whatever is open above it."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if isinstance(self.screen, LangScreen):
            self.screen.relabel()

    # ------------------------------------------------------------------ the command palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        s = self.say
        yield SystemCommand(s(W.cmd_new), s(W.cmd_new_help), self.action_new_game)
        yield SystemCommand(s(W.cmd_resume), s(W.cmd_resume_help), self.action_resume)
        yield SystemCommand(s(W.home_sheet), s(W.cmd_sheet_help), self.action_sheet)
        yield SystemCommand(s(W.home_history), s(W.cmd_history_help), self.action_history)
        yield SystemCommand(s(W.home_stats), s(W.cmd_stats_help), self.action_stats)
        for key in IN_PALETTE:
            if key.palette is not None and hasattr(screen, f"action_{key.action}"):
                yield SystemCommand(s(key.word), s(key.palette), getattr(screen, f"action_{key.action}"))
        yield SystemCommand(s(W.cmd_lang), s(W.cmd_lang_help), self.action_toggle_lang)
        yield SystemCommand(s(W.key_help), s(W.cmd_help_help), self.action_help)
        yield SystemCommand(s(W.key_quit), s(W.key_quit), self.action_quit)


if TYPE_CHECKING:
    from companion.app.screens.base import TableApp

    def _serves_the_screens(app: CompanionApp) -> TableApp:
        return app  # mypy checks here that the app gives the screens what they ask of it

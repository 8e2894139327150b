"""History and statistics: what ``companion games`` and ``companion stats`` show, in tables that
sort by any column (click its heading, or press its number; again to reverse)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import DataTable, Label, Static
from textual.widgets.data_table import ColumnKey

from companion.app.keys import CLOSE, LANG, OPEN, SORT, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.screens.home import fit
from companion.app.widgets.keybar import KeyBar
from companion.app.widgets.phrases import phrased
from companion.app.words import SHORT_TITLES, W
from companion.rules.common import Msg, Refusal


def fit_columns(labels: list[str], rows: list[tuple[Any, ...]], shrink: list[bool], room: int) -> list[int]:
    """Each column's width in cells: what its label and values need; while the table is wider than
    ``room``, the widest column narrowed a cell at a time: first the columns of names (down to their
    label), then any column down to its values (its label cut; its number still sorts it)."""
    values = [max([3, *(cell_len(str(row[i])) for row in rows)]) for i in range(len(labels))]
    widths = [max(cell_len(label), values[i]) for i, label in enumerate(labels)]
    pairs = list(enumerate(zip(labels, shrink, strict=True)))
    stages = (
        [cell_len(label) if can else widths[i] for i, (label, can) in pairs],
        [min(widths[i], values[i] if not can else max(3, cell_len(label[:2]) + 1)) for i, (label, can) in pairs],
    )
    for floor in stages:
        while sum(widths) > room:
            narrower = [i for i in range(len(widths)) if widths[i] > floor[i]]
            if not narrower:
                break
            widest = max(narrower, key=lambda i: widths[i])
            widths[widest] -= 1
    return widths


class TableScreen(LangScreen):
    """A title, a sortable table filled from the store, and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(CLOSE)
    TITLE_KEY = W.history_title
    EMPTY_KEY = W.history_empty
    COLUMNS: tuple[Msg, ...] = ()
    SHRINK: tuple[Msg, ...] = ()  # columns of names, cut (with …) when the table is too wide

    def __init__(self) -> None:
        super().__init__()
        self.sorted_by: tuple[int, bool] | None = None

    def compose(self) -> ComposeResult:
        yield Label(self.say(self.TITLE_KEY), classes="title")
        table: DataTable[Any] = DataTable(cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="problem")
        yield KeyBar(key_line(SORT, OPEN, CLOSE, LANG), self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.fill()

    def relabel(self) -> None:
        super().relabel()
        self.call_after_refresh(self.fill)  # the table is made anew in the new language

    def fill(self) -> None:
        """The rows from the store, every column cut to fit the screen's width."""
        table = self.query_one(DataTable)
        try:
            rows = self.rows()
        except Refusal as refusal:
            self.query_one("#problem", Static).update(phrased(self.text(refusal.msg)))
            return
        labels = [self.say(key) for key in self.COLUMNS]
        widths = fit_columns(
            labels,
            [row for _, row in rows],
            [k in self.SHRINK for k in self.COLUMNS],
            self.app.size.width - 2 * table.cell_padding * len(labels) - 2,
        )
        for column, (label, width) in enumerate(zip(labels, widths, strict=True)):
            table.add_column(fit(label, width), key=f"column-{column}", width=width)
        for key, row in rows:
            table.add_row(*(fit(v, w) if isinstance(v, str) else v for v, w in zip(row, widths, strict=True)), key=key)
        if not rows:
            self.query_one("#problem", Static).update(phrased(self.say(self.EMPTY_KEY)))
        if self.sorted_by is not None:
            self.sort(*self.sorted_by)
        table.focus()

    def rows(self) -> list[tuple[str, tuple[Any, ...]]]:
        raise NotImplementedError

    def action_playtest(self) -> None:
        """The playtest analysis, from the command palette (keys.PLAYTEST)."""
        from companion.app.screens.playtest import PlaytestScreen

        self.app.push_screen(PlaytestScreen())

    def sort(self, column: int, reverse: bool) -> None:
        """Sort by ``column``; its heading is marked ▲ (ascending) or ▼, the others plain."""
        self.sorted_by = (column, reverse)
        table = self.query_one(DataTable)
        table.sort(f"column-{column}", reverse=reverse)
        for i, key in enumerate(self.COLUMNS):
            mark = (" ▼" if reverse else " ▲") if i == column else ""
            heading = table.columns[ColumnKey(f"column-{i}")]
            heading.label = Text(fit(self.say(key), heading.width - cell_len(mark)) + mark)
        table.refresh()

    def _toggle(self, column: int) -> None:
        reverse = self.sorted_by == (column, False)
        self.sort(column, reverse)

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        self._toggle(event.column_index)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and 1 <= int(event.character) <= len(self.COLUMNS):
            self._toggle(int(event.character) - 1)
            event.stop()


class HistoryScreen(TableScreen):
    TITLE_KEY = W.history_title
    EMPTY_KEY = W.history_empty
    COLUMNS = (W.col_id, W.col_game, W.col_players, W.col_when, W.col_state, W.col_winners, W.col_moves)
    SHRINK = (W.col_game, W.col_players, W.col_winners)

    def rows(self) -> list[tuple[str, tuple[Any, ...]]]:
        out = []
        for g in self.capp.store.games():
            state = W.state_sheet if g.mode == "sheet" else W.state_finished if g.finished else W.state_playing
            out.append(
                (
                    str(g.id),
                    (
                        g.id,
                        self.say(SHORT_TITLES[g.game]),
                        ", ".join(g.players),
                        g.updated[5:16].replace("T", " "),
                        self.say(state),
                        ", ".join(g.winners),
                        g.actions,
                    ),
                )
            )
        return out

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self.capp.open_game(int(event.row_key.value))


class StatsScreen(TableScreen):
    TITLE_KEY = W.stats_title
    EMPTY_KEY = W.stats_empty
    SHRINK = (W.col_player, W.col_game)
    COLUMNS = (
        W.col_player,
        W.col_game,
        W.col_played,
        W.col_won,
        W.col_rate,
        W.col_average,
        W.col_best,
        W.col_worst,
        W.col_last,
    )

    def rows(self) -> list[tuple[str, tuple[Any, ...]]]:
        return [
            (
                f"{r.player}/{r.game}",
                (
                    r.player,
                    self.say(SHORT_TITLES[r.game]),
                    r.plays,
                    r.wins,
                    round(100 * r.win_rate),
                    round(r.average, 1),
                    r.best,
                    r.worst,
                    r.last_played[:10],
                ),
            )
            for r in self.capp.store.stats()
        ]

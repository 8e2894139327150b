"""The playtest analysis (``companion stats --playtest``) as a screen: per game, deck version, player
count and (simulated games) policy, the games, each seat's wins and the start player's with their 95 %
Wilson intervals as bars, the margins between winner and runner-up and the games' lengths as block
columns (the charts of ``companion lab``'s report, in text), and lead changes. S shows the simulated
games stored (``companion simulate --store``) instead of the real ones."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from companion.analysis.playtest import Group, PlayedGame, Rate, summarise
from companion.app.keys import CLOSE, LANG, SIMULATED, bindings, key_line
from companion.app.screens.base import LangScreen
from companion.app.widgets.keybar import KeyBar
from companion.app.words import SHORT_TITLES, W, say
from companion.rules.common import Lang, Refusal
from companion.text.linebreak import cell_width, wrap

EIGHTHS = " ▏▎▍▌▋▊▉"  # a bar's last cell, by eighths
LEVELS = "▁▂▃▄▅▆▇█"  # a column's height, by eighths
FAIR = "┆"
SHADE_IN, SHADE_OUT = "▓", "░"  # the 95 % interval, under the bar and beyond it
CHART_ROWS = 14  # the margins' columns at most this high, where the screen has the rows
LENGTH_ROWS = 6  # the lengths' columns at most this high
COUNT_CHUNK = 4  # games replayed for their lead changes between two frames
COUNT_AFTER = 0.01  # seconds


def bar(
    share: float, width: int, fair: float | None = None, low: float | None = None, high: float | None = None
) -> str:
    """``share`` (0 to 1) of ``width`` cells filled with blocks (to an eighth of a cell); the cell of the
    ``fair`` share marked with ┆ where the bar does not reach it; given ``low`` and ``high``, the
    interval drawn over it: ▓ where the bar passes its low end, ░ from the bar on to its high end."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    full, rest = divmod(eighths, 8)
    cells = list("█" * full + (EIGHTHS[rest] if rest else "")) + [" "] * width
    cells = cells[:width]
    if low is not None and high is not None:
        start, end = int(max(0.0, low) * width), min(width, math.ceil(min(1.0, high) * width))
        for i in range(start, end):
            cells[i] = SHADE_IN if cells[i] == "█" else SHADE_OUT if cells[i] == " " else cells[i]
    if fair is not None:
        at = min(width - 1, int(fair * width))
        if cells[at] in (" ", SHADE_OUT):
            cells[at] = FAIR
    return "".join(cells)


def columns(counts: Sequence[int], width: int) -> str:
    """A row of block heights, one a value (values gathered in groups of neighbours when there are more
    than ``width``): each the tallest count in eighths; a value no game had is a space."""
    return chart(counts, width, 1)[0]


def chart(counts: Sequence[int], width: int, rows: int, cells: int = 1) -> list[str]:
    """``counts`` as columns ``rows`` high (the top row first), each ``cells`` wide, to an eighth of a
    row, the largest count the full height (values gathered in groups of neighbours when more than
    ``width`` cells would be needed); a value no game had is blank."""
    if not counts:
        return [""] * rows
    per = math.ceil(len(counts) * cells / max(1, width))
    grouped = [sum(counts[i : i + per]) for i in range(0, len(counts), per)]
    top = max(grouped) or 1
    heights = [math.ceil(8 * rows * c / top) if c else 0 for c in grouped]
    out = []
    for row in range(rows - 1, -1, -1):  # from the top
        line = ""
        for h in heights:
            part = h - 8 * row
            line += (LEVELS[-1] if part >= 8 else LEVELS[part - 1] if part > 0 else " ") * cells
        out.append(line)
    return out


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _spread(values: dict[str, float], lang: Lang) -> str:
    return say(W.playtest_spread, lang).format(
        f"{values['median']:g}", f"{values['mean']:g}", f"{values['min']:g}", f"{values['max']:g}"
    )


def group_title(group: Group, lang: Lang) -> str:
    """``HOMALET · deck 221dcc3d · 5 players · 200 games``: the group as the list names it."""
    games = say(W.playtest_one_game, lang) if group.games == 1 else say(W.playtest_games, lang).format(group.games)
    if group.policy:
        games = say(W.playtest_policy, lang).format(group.policy) + (" · " if lang == "en" else "・") + games
    return say(W.playtest_group, lang).format(
        say(SHORT_TITLES[group.game], lang), group.deck_version, group.players, games
    )


def figures(group: Group, lang: Lang, width: int, height: int | None = None) -> Text:
    """Everything the analysis tells of ``group``, as lines of text at most ``width`` cells wide (the
    bars take what the words leave). Given ``height`` rows that hold them, the bars show the 95 %
    interval (▓░) over a scale, and the margins are columns as high as the rows left allow (at most
    ``CHART_ROWS``), each margin named under its column where there is room."""
    if height is not None:
        roomy = _figures(group, lang, width, 1, 0)
        used = len(roomy.plain.split("\n"))
        if used <= height:
            free = height - used  # shared out: two rows to the margins for one to the lengths
            lengths = min(LENGTH_ROWS, free // 3) if group.lengths else 0  # columns: r rows cost r lines
            rows = min(CHART_ROWS, 1 + free - lengths)
            return roomy if rows == 1 and not lengths else _figures(group, lang, width, rows, lengths)
    return _figures(group, lang, width, 0, 0)


def _figures(group: Group, lang: Lang, width: int, chart_rows: int, length_rows: int) -> Text:
    """:func:`figures`: compact with no ``chart_rows``, else roomy with margin columns that high and
    length columns ``length_rows`` high."""
    roomy = chart_rows > 0
    text = Text()
    warning = group.warning()
    if warning is not None:  # wrapped here by the kinsoku rules: never a 。 at the head of a line
        text.append("\n".join(wrap(warning.text(lang), width, cell_width)) + "\n", style="bold")
    fair = group.seats[0].fair if group.seats else 1 / group.players
    text.append(say(W.playtest_seats, lang).format(_percent(fair)) + "\n", style="bold")
    if roomy:
        text.append(say(W.playtest_legend, lang) + "\n", style="dim")
    labels = [say(W.playtest_seat, lang).format(seat + 1) for seat in range(group.players)]
    if group.start is not None:
        labels.append(say(W.playtest_start, lang))
    label_width = max(cell_len(label) for label in labels)
    rates: list[Rate] = [*group.seats, *([group.start] if group.start is not None else [])]
    numbers = [f"{r.wins}/{r.games} {_percent(r.rate):>4} [{_percent(r.low)}–{_percent(r.high)}]" for r in rates]
    number_width = max(len(n) for n in numbers)
    differs = " " + say(W.playtest_differs, lang) if any(r.tells for r in rates) else ""
    room = max(8, width - label_width - number_width - cell_len(differs) - 4)
    for label, rate, number in zip(labels, rates, numbers, strict=True):
        text.append(f"  {label}{' ' * (label_width - cell_len(label))} ")
        interval = (rate.low, rate.high) if roomy else (None, None)
        text.append(bar(rate.rate, room, rate.fair, *interval), style="bold" if rate.tells else "")
        text.append(f" {number:>{number_width}}")
        if rate.tells:
            text.append(differs, style="bold")
        text.append("\n")
    if roomy:  # the bars' scale: 0, 50 and 100 %
        scale = list("0".ljust(room))
        for at, word in ((room // 2 - 1, "50%"), (room - 4, "100%")):
            scale[at : at + len(word)] = word
        text.append(" " * (3 + label_width) + "".join(scale)[:room] + "\n", style="dim")
    if group.margins:
        _margins(text, group, lang, width, chart_rows)
    if group.lengths:
        _lengths(text, group, lang, width, length_rows)
    spreads = [
        (group.actions, W.playtest_actions),
        (group.minutes, W.playtest_minutes),
        (group.leads, W.playtest_leads),
    ]
    shown = [(values, say(word, lang)) for values, word in spreads if values is not None]
    words = max((cell_len(word) for _, word in shown), default=0)
    for values, word in shown:
        text.append(word + " " * (words - cell_len(word)), style="bold")
        text.append(f"  {_spread(values, lang)}\n")
    text.rstrip()
    return text


def _margins(text: Text, group: Group, lang: Lang, width: int, rows: int) -> None:
    """The margins between winner and runner-up: a row of block heights, or (``rows``) columns that
    high, each margin under its column where the labels fit."""
    low, high = min(group.margins), max(group.margins)
    counts = [group.margins.get(m, 0) for m in range(low, high + 1)]
    text.append(say(W.playtest_margin, lang).format(low, high) + "\n", style="bold")
    if rows == 0:
        text.append(f"  {low} ")
        text.append(columns(counts, max(4, width - 12)))
        text.append(f" {high}\n")
    else:
        room = max(4, width - 4)
        cells = max(1, min(4, room // len(counts)))
        for line in chart(counts, room, rows, cells):
            text.append(f"  {line}".rstrip() + "\n")
        if cells >= len(str(high)) + 1:  # each margin under its column
            text.append("  " + "".join(str(m).center(cells) for m in range(low, high + 1)).rstrip() + "\n", style="dim")
        else:
            span = len(chart(counts, room, 1, cells)[0])
            text.append(f"  {low}".ljust(span + 2 - len(str(high))) + f"{high}\n", style="dim")
    most = max(group.margins, key=lambda m: (group.margins[m], -m))
    text.append("  " + say(W.playtest_margin_most, lang).format(most, group.margins[most]) + "\n")


def _lengths(text: Text, group: Group, lang: Lang, width: int, rows: int) -> None:
    """The games by length in actions: a row of block heights, or (``rows``) columns that high, the
    shortest and the longest under the ends (neighbouring lengths gathered to fit the width)."""
    low, high = min(group.lengths), max(group.lengths)
    counts = [group.lengths.get(n, 0) for n in range(low, high + 1)]
    text.append(say(W.playtest_lengths, lang).format(low, high) + "\n", style="bold")
    room = max(4, width - 4)
    if rows == 0:
        text.append(f"  {low} ")
        text.append(columns(counts, max(4, width - 8 - len(str(low)) - len(str(high)))))
        text.append(f" {high}\n")
        return
    lines = chart(counts, room, rows, max(1, min(4, room // len(counts))))
    for line in lines:
        text.append(f"  {line}".rstrip() + "\n")
    span = len(lines[0])
    text.append(f"  {low}".ljust(max(len(str(low)) + 3, span + 2 - len(str(high)))) + f"{high}\n", style="dim")


class PlaytestScreen(LangScreen):
    """The groups in a list at the top; the figures of the one highlighted below, redrawn as it moves."""

    BINDINGS: ClassVar[list[BindingType]] = bindings(SIMULATED, CLOSE)
    DEFAULT_CSS = """
    PlaytestScreen #pt-source { height: 1; padding: 0 1; color: $text-muted; }
    PlaytestScreen #pt-groups { height: auto; max-height: 6; }
    PlaytestScreen #pt-body { height: 1fr; padding: 0 1; }
    """

    def __init__(self, simulated: bool = False) -> None:
        super().__init__()
        self.simulated = simulated
        self.groups: list[Group] = []
        self.problem = ""
        self.counted: dict[bool, list[PlayedGame]] = {}  # the games with their lead changes, real and simulated
        self.pending: list[PlayedGame] = []  # games whose lead changes are still to count
        self.done: list[PlayedGame] = []
        self.counting_for: bool | None = None  # which games are being counted

    def compose(self) -> ComposeResult:
        yield Label(self.say(W.home_playtest), classes="title")
        yield Static(self.say(W.playtest_simulated if self.simulated else W.playtest_real), id="pt-source")
        yield OptionList(id="pt-groups")
        with VerticalScroll(id="pt-body"):
            yield Static("", id="pt-figures")
        yield KeyBar(key_line(SIMULATED, CLOSE, LANG), self.lang)

    def on_mount(self) -> None:
        super().on_mount()
        self.fill()

    def relabel(self) -> None:
        super().relabel()
        self.call_after_refresh(self.fill)

    def fill(self) -> None:
        """The groups from the store, the first one's figures; the lead changes (a replay a game) are
        counted a few games at a time after the first frame, and shown once counted."""
        games = self.counted.get(self.simulated)
        try:
            if games is None:
                games = self.capp.store.played_games(simulated=self.simulated, leads=False)
                self.pending, self.done, self.counting_for = list(games), [], self.simulated
                self.set_timer(COUNT_AFTER, self.count_leads)
            self.groups, self.problem = summarise(games), ""
        except Refusal as refusal:
            self.groups, self.problem = [], self.text(refusal.msg)
        options = self.query_one("#pt-groups", OptionList)
        options.clear_options()
        for index, group in enumerate(self.groups):
            options.add_option(Option(group_title(group, self.lang), id=f"group-{index}"))
        if self.groups:
            options.highlighted = 0
            options.focus()
        else:
            options.display = False
        self.show(0)

    @property
    def counting(self) -> bool:
        return bool(self.pending)

    def count_leads(self, all_at_once: bool = False) -> None:
        """Replay the next few games for their lead changes (all of them, ``all_at_once``); when none is
        left, the figures again with the counts."""
        if self.counting_for != self.simulated:  # the other games are shown now: they count their own
            return
        while self.pending:
            chunk, self.pending = self.pending[:COUNT_CHUNK], self.pending[COUNT_CHUNK:]
            try:
                self.done += self.capp.store.with_lead_changes(chunk)
            except Refusal:
                self.done += chunk
            if not all_at_once:
                break
        if self.pending:
            self.set_timer(COUNT_AFTER, self.count_leads)
            return
        self.counted[self.simulated] = self.done
        self.groups = summarise(self.done)
        options = self.query("#pt-groups")
        self.show((options.first(OptionList).highlighted or 0) if options else 0)

    def show(self, index: int) -> None:
        figures_box = self.query_one("#pt-figures", Static)
        if self.problem or not self.groups:
            none = W.playtest_none_simulated if self.simulated else W.playtest_none
            figures_box.update(self.problem or self.say(none))
            return
        width = max(40, self.app.size.width - 6)  # the padding and the scroll bar
        rows = self.query_one("#pt-body").content_region.height or None  # the room the figures may use
        figures_box.update(figures(self.groups[index], self.lang, width, rows))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id.startswith("group-"):
            self.show(int(event.option.id.removeprefix("group-")))

    def on_resize(self) -> None:
        options = self.query("#pt-groups")
        if options and self.groups:
            highlighted = options.first(OptionList).highlighted
            self.show(highlighted or 0)

    def action_toggle_simulated(self) -> None:
        if self.pending:  # what was counted so far is dropped: it is counted again when shown again
            self.pending, self.done, self.counting_for = [], [], None
        self.simulated = not self.simulated
        self.relabel()

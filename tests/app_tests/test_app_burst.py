"""Keys that arrive together act in the order they were typed. A terminal hands the app several keys
in one read when they come faster than the app takes them: a paste without bracketed paste, tmux's
send-keys, a lagging terminal or link. Textual ran an entry line's bound keys (Ctrl+U, Backspace,
Enter, Tab) only after the characters read with them: Ctrl+U then a line emptied the line typed,
and Enter then the next line's first keys played the first line with those keys in it.

Each burst here is turned into keys by Textual's own terminal parser, as the driver turns one read
(``XTermParser.feed``), and all are posted before the app takes any (as the driver posts them). The
store and the entry line must end as the same keys pressed one at a time leave them, the app idle
after each (Pilot; pressed so for four of the cases, the cost of a whole line typed key by key).
Lines are the example record's, so each stored action can be compared with the record's."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual._xterm_parser import XTermParser
from textual.pilot import Pilot

from companion.app.screens.track import GameScreen
from companion.app.widgets.entry import EntryLine
from companion.app.widgets.rows import RowText
from companion.records import game_records
from companion.store import Store
from tests.helpers.app import make_app

RECORD = json.loads((Path(__file__).resolve().parents[2] / "examples/records/fortress.json").read_text("utf-8"))
LINES = [  # the record's first lines: a correction with words of its own, then two reveals
    "correct Emi 9 misdeal: Emi was dealt one card too many",
    "A1 K10",
    "A2 R8",
]
CTRL_U, BACKSPACE, ENTER, TAB, LEFT, RIGHT = "\x15", "\x7f", "\r", "\t", "\x1b[D", "\x1b[C"
CTRL_Z, CTRL_Y = "\x1a", "\x19"


def keys_of(typed: str) -> list[events.Key]:
    """The keys a terminal's bytes ``typed`` stand for, as Textual's driver reads them."""
    parser = XTermParser()
    found = [*parser.feed(typed), *parser.tick()]
    keys = [event for event in found if isinstance(event, events.Key)]
    assert len(keys) == len(found)
    return keys


async def typed_into_a_new_game(
    db: Path, typed: str, burst: bool, ruling: list[str] | None = None
) -> tuple[list[Any], str]:
    """Type ``typed`` into a new game of the record's table (in one burst, or key by key) and say what
    the store holds and what the entry line shows (and the row under the board, into ``ruling``)."""
    with Store.open(db) as store:
        setup = RECORD["setup"]
        game_id = store.new_game("fortress", setup["players"], start=setup["start"], deck_data=RECORD["deck"])
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.pause()
        if burst:
            for key in keys_of(typed):
                app.post_message(key)
            await settle(pilot)
        else:
            for key in keys_of(typed):
                await pilot.press(key.key)
        await settle(pilot)
        line = screen.query_one("#entry", EntryLine).value
        if ruling is not None:
            ruling.append(str(screen.query_one("#ruling", RowText).content))
    with Store.open(db) as store:
        return list(store.load(game_id).actions), line


async def settle(pilot: Pilot[Any]) -> None:
    """The app idle: every key taken, and what they set off (a suggestion, a preview) done."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


RECORDED = game_records.read_record(RECORD).actions


@pytest.fixture(autouse=True)
def pilot_waits_in_small_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot's wait for an idle app in steps of 4 ms, not 20 (as test_app_records_typed.py): what is
    read here is the entry line and the store, never the screen's layout."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.004)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.004 / 20)


CASES = {  # keys typed: (the record's actions stored, the entry line left)
    # Ctrl+U empties the words the app began the line with, not the line typed after it
    "ctrl-u": (CTRL_U + LINES[0], [], LINES[0]),
    # Enter plays its own line: the keys after it are the next line's
    "enter-then-keys": (CTRL_U + LINES[0] + ENTER + "XYZ", [0], "A1 XYZ"),
    "three-lines": (CTRL_U + LINES[0] + ENTER + LINES[1] + ENTER + LINES[2] + ENTER, [0, 1, 2], "A3 "),
    # Backspace takes the key before it, not one typed after it
    "backspace": (CTRL_U + LINES[0] + "Q" + BACKSPACE + ENTER, [0], "A1 "),
    "backspaces": (CTRL_U + "A9" + BACKSPACE * 2 + LINES[1][:-1] + "Q" + BACKSPACE + "0" + ENTER, [1], "A2 "),
    # Ctrl+U in the middle of a burst empties only what came before it
    "ctrl-u-twice": (CTRL_U + "A9 Q3" + CTRL_U + LINES[0] + ENTER, [0], "A1 "),
    # the cursor moved left, then a key inserted there
    "left": (CTRL_U + "correct Emi 9 misdeal: Emi was dealt one card too mny" + LEFT * 2 + "a" + ENTER, [0], "A1 "),
    # Ctrl+Z undoes the move played just before it, and Ctrl+Y plays it again
    "ctrl-z": (CTRL_U + LINES[0] + ENTER + LINES[1] + ENTER + CTRL_Z, [0], "A1 "),
    "ctrl-z-ctrl-y": (CTRL_U + LINES[0] + ENTER + LINES[1] + ENTER + CTRL_Z + CTRL_Y + "A2 R", [0, 1], "A2 A2 R"),
}


@pytest.mark.parametrize("case", CASES)
async def test_a_burst_of_keys_acts_in_the_order_typed(db: Path, case: str) -> None:
    typed, stored, left = CASES[case]
    assert await typed_into_a_new_game(db, typed, burst=True) == ([RECORDED[n] for n in stored], left)


@pytest.mark.parametrize("case", ["three-lines", "backspaces", "ctrl-u-twice", "ctrl-z-ctrl-y"])
async def test_the_same_keys_pressed_one_by_one_end_the_same(db: Path, case: str) -> None:
    """The reference the cases above are written from: each key pressed alone, the app idle after it."""
    typed, stored, left = CASES[case]
    assert await typed_into_a_new_game(db, typed, burst=False) == ([RECORDED[n] for n in stored], left)


async def test_tab_offers_then_the_keys_after_it_follow_the_offered_line(db: Path, tmp_path: Path) -> None:
    """Tab on an empty line writes the first legal line (the screen's offer); a key typed after Tab
    goes after that line, and is not lost under it."""
    burst = await typed_into_a_new_game(db, CTRL_U + TAB + "x", burst=True)
    one_by_one = await typed_into_a_new_game(tmp_path / "slow.sqlite3", CTRL_U + TAB + "x", burst=False)
    assert burst == one_by_one
    actions, line = burst
    assert actions == [] and line.endswith("x") and len(line) > 1, line


async def test_a_burst_is_previewed_for_its_line_not_again_for_each_key(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each key's change reaches the screen after the keys behind it were typed, and says the line as
    it is by then: the preview of that line is worked out once, not once more for each key (63 times
    for a burst of 63 keys, where a Dragoness preview takes milliseconds)."""
    from companion.app.widgets.coach import preview

    previewed: list[str] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        previewed.append(args[2])  # the line
        return preview(*args, **kwargs)

    monkeypatch.setattr("companion.app.screens.entry.preview", counted)  # as the screen calls it
    typed = CTRL_U + LINES[0] + ENTER + LINES[1]
    assert await typed_into_a_new_game(db, typed, burst=True) == ([RECORDED[0]], "A1 " + LINES[1])
    assert previewed and previewed[-1] == LINES[1]  # the begun words typed again: previewed once, as Enter plays it
    assert all(a != b for a, b in itertools.pairwise(previewed)), previewed
    assert len(previewed) < len(keys_of(typed)) / 4, previewed


async def test_a_burst_asks_for_a_suggestion_for_its_line_not_for_each_key(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual asks for a suggestion after every change, each in a worker of its own that runs once
    the keys behind it were typed: only the line as it is then is worked out (the line would not take
    a suggestion for an earlier one), and it is the one shown."""
    from companion.app.complete import LegalSuggester

    asked: list[str] = []
    real = LegalSuggester.get_suggestion

    async def counted(self: LegalSuggester, value: str) -> str | None:
        asked.append(value)
        return await real(self, value)

    monkeypatch.setattr(LegalSuggester, "get_suggestion", counted)
    typed = "correct Emi 9 mis"
    actions, line = await typed_into_a_new_game(db, CTRL_U + typed, burst=True)
    assert (actions, line) == ([], typed)
    assert asked and asked[-1] == typed and len(asked) < len(typed) / 4, asked


@pytest.mark.parametrize(
    "line",
    [
        "A1 K99",  # refused: no such card
        "A1 ",  # the words the app began the line with, and nothing more
        "correct Emi",  # a line that only begins a legal one: not played, and what it still needs
        "A1 A1 K10",  # the begun words typed again: played as A1 K10, as Enter plays it
    ],
)
async def test_what_enter_said_stays_shown_after_a_burst(db: Path, tmp_path: Path, line: str) -> None:
    """Enter's answer to the line (a refusal, what the line still needs, the move played) is what the
    row under the board shows once the burst is taken, as when the keys come one by one: the changes
    the keys told before Enter do not draw their previews over it."""
    typed = CTRL_U + line + ENTER
    said: list[str] = []
    burst = await typed_into_a_new_game(db, typed, burst=True, ruling=said)
    one_by_one = await typed_into_a_new_game(tmp_path / "slow.sqlite3", typed, burst=False, ruling=said)
    assert burst == one_by_one
    assert said[0] == said[1], said


@pytest.mark.parametrize(
    ("typed", "stored", "left"),
    [
        (CTRL_U + "A1 K1" + TAB, [], "A1 K10"),  # Tab takes the suggestion for the line as it is
        (CTRL_U + "A1 K1" + RIGHT, [], "A1 K10"),  # → at the end does too
        (CTRL_U + "corr" + TAB + "Emi", [], "correct Emi"),  # the keys after it go on from what it wrote
        (CTRL_U + LINES[0] + ENTER + "K1" + RIGHT + ENTER, [0, 1], "A2 "),  # after the begun words
    ],
    ids=["tab", "right", "tab-then-keys", "right-then-enter"],
)
async def test_tab_and_right_in_a_burst_take_the_suggestion_for_the_line_as_it_is(
    db: Path, tmp_path: Path, typed: str, stored: list[int], left: str
) -> None:
    """The suggester answers in a worker after each change, so Tab or → typed in the same burst as the
    keys before them reached the line before its answer: Tab listed lines, → moved nothing. They take
    what the same keys typed one by one take: the suggestion for the line as it is then."""
    burst = await typed_into_a_new_game(db, typed, burst=True)
    assert burst == ([RECORDED[n] for n in stored], left)
    assert burst == await typed_into_a_new_game(tmp_path / "slow.sqlite3", typed, burst=False)

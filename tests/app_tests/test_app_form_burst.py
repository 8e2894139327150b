"""Keys typed into a form in one burst with Tab go to the field they were typed for (the new-game form,
the score sheet). A terminal hands the app several keys in one read when they come faster than the app
takes them: a paste, tmux's send-keys, a phone's lagging link to ``companion serve``. Textual moved the
focus only when the field had taken the Tab, so the keys after it went into the field before it
("Aki, Ben, Chiemydeck.toml"), and a Backspace ahead of a Tab acted on the next field.

Each burst is turned into keys by Textual's own terminal parser and all are posted before the app takes
any, as the driver does (tests/app_tests/test_app_burst.py); the fields must end as the same keys
pressed one at a time leave them (Pilot, the app idle after each key), and as the test says."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, Label

from companion.app.screens.home import HomeScreen
from companion.app.screens.new_game import NewGameScreen
from companion.app.screens.sheet import SheetScreen
from tests.app_tests.test_app_burst import BACKSPACE, TAB, keys_of
from tests.helpers.app import make_app, until

SHIFT_TAB = "\x1b[Z"


async def fields_after(
    db: Path, typed: str, burst: bool, opened: Callable[[App[None]], Awaitable[None]]
) -> dict[str, str]:
    """What each field of the form ``opened`` holds after ``typed`` (in one burst, or key by key), which
    field has the focus (under ``focused``) and which label is marked as the focused field's (``marked``)."""
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen._listed)
        await opened(app)
        await until(pilot, lambda: isinstance(app.focused, Input))
        keys = keys_of(typed)
        if burst:
            for key in keys:
                app.post_message(key)
        else:
            for key in keys:
                await pilot.press(key.key)
        for _ in range(3):
            await pilot.pause()
        found = {field.id or "": field.value for field in app.screen.query(Input)}
        found["focused"] = getattr(app.focused, "id", None) or ""
        marked = [label.id for label in app.screen.query(Label) if str(label.content).startswith("▶")]
        if marked:  # the new-game form marks the label of the field typed into (▶)
            found["marked"] = marked[0] or ""
        return found


async def new_game(app: App[None]) -> None:
    await app.run_action("new_game")
    await app.workers.wait_for_complete()
    assert isinstance(app.screen, NewGameScreen)


async def dragoness_sheet(app: App[None]) -> None:
    await app.push_screen(SheetScreen("dragoness", ["Aki", "Ben", "Chie"]))


FORMS = {
    # names with a typo mended, Tab past the start player to the deck, on to the place; Shift+Tab back
    # to the names, which keep their text (the cursor at its end) and take the name left out
    "new-game": (
        new_game,
        "".join(["Aki, Bem", BACKSPACE, "n", TAB, TAB, "mydeck.toml", TAB, "Kitchen", SHIFT_TAB * 3, ", Chie"]),
        {
            "players": "Aki, Ben, Chie",
            "deck": "mydeck.toml",
            "location": "Kitchen",
            "focused": "players",
            "marked": "players-label",
        },
    ),
    # cards left as each round ends (D-10): Tab goes down the round's column, past who went out to the
    # next round; a 7 mistyped for Ben and taken back
    "dragoness-sheet": (
        dragoness_sheet,
        "3" + TAB + "57" + BACKSPACE + TAB + "2" + TAB + TAB + "0" + TAB + "1",
        {"left-0-0": "3", "left-1-0": "5", "left-2-0": "2", "left-0-1": "0", "left-1-1": "1", "focused": "left-1-1"},
    ),
}


@pytest.mark.parametrize("form", FORMS)
async def test_keys_typed_with_tab_in_one_burst_reach_the_field_they_were_typed_for(db: Path, form: str) -> None:
    opened, typed, expected = FORMS[form]
    burst = await fields_after(db, typed, True, opened)
    assert {name: burst.get(name) for name in expected} == expected
    assert all(value == "" for name, value in burst.items() if name not in expected), burst  # nothing elsewhere


@pytest.mark.parametrize("form", FORMS)
async def test_the_same_keys_pressed_one_by_one_fill_the_form_the_same(db: Path, form: str) -> None:
    opened, typed, _ = FORMS[form]
    one_by_one = await fields_after(db, typed, False, opened)
    burst = await fields_after(db.with_name("burst.sqlite3"), typed, True, opened)
    assert burst == one_by_one

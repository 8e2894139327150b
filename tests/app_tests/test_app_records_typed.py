"""Issue 27, item 1: every example record (examples/records) is entered through the real app as a
player would, with Enter pressed only when the whole line was typed (a suggestion is taken with Tab,
a key the player presses seeing the words), and the game the app stored equals the record.

Each action's line is built from the keys the app answers to: characters typed (inserted as the
entry line inserts a printable key), Tab taking the suggestion shown when it is on the way to the
line, Ctrl+U emptying words the app began the line with that are not the line's; Tab, Ctrl+U and
Enter are real key presses (Pilot). Enter is pressed only when the entry line holds exactly the
record's line; nothing else is ever played."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from companion.app.screens.track import GameScreen
from companion.app.widgets.entry import EntryLine
from companion.records import game_records
from companion.store import Store
from tests.helpers.app import make_app

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.fixture(autouse=True)
def pilot_waits_in_small_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's Pilot waits after each key until the app is idle, in steps of 20 ms: it sleeps a step
    and looks whether the process used more than a twentieth of it, so a key costs at least two
    steps however little the app had to do. Here a step is 4 ms with the same idle share: an idle app
    is seen sooner (a whole Dragoness record typed: 118 s -> 44 s). What this test reads after a key is
    the entry line, its suggestion (waited for) and the store, never the screen's layout, which a
    shorter step can read before the next refresh: other tests keep Textual's step."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.004)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.004 / 20)


def without_time(data: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k != "time"}


@pytest.mark.slow(seconds=15)
@pytest.mark.parametrize("game", ["fortress", "homalet", pytest.param("dragoness", marks=pytest.mark.slow(seconds=60))])
async def test_every_example_record_is_typed_into_the_app_and_stored_as_recorded(db: Path, game: str) -> None:
    data = json.loads((RECORDS / f"{game}.json").read_text(encoding="utf-8"))
    record = game_records.read_record(data)
    engine = record.engine
    with Store.open(db) as store:
        game_id = store.new_game(game, data["setup"]["players"], start=data["setup"]["start"], deck_data=data["deck"])
    app = make_app(db)
    tabs = enters = 0
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", EntryLine)
        for index, action in enumerate(record.actions):
            live = screen.live
            target = engine.action_line(live.state, action)
            legal = screen.legal_lines()
            assert legal is not None
            if not target.startswith(entry.value):  # the words the app began the line with are not this line's
                await pilot.press("ctrl+u")
            while entry.value.strip() != target:
                value = entry.value
                shown = legal.suggestion(value)
                if shown is not None and len(shown) > len(value) and (target + " ").startswith(shown):
                    await app.workers.wait_for_complete()  # the suggestion for what is typed is on screen
                    if entry.shown_suggestion() != shown:
                        await pilot.pause()
                    assert entry.shown_suggestion() == shown, (index, value)
                    await pilot.press("tab")
                    assert entry.value == shown, (index, value, shown)
                    tabs += 1
                else:
                    entry.insert_text_at_cursor(target[len(value)])
            before = live.position
            await pilot.press("enter")  # the whole line is typed: only now
            enters += 1
            assert live.position == before + 1, (index, target, screen.ruling.plain)
            stored = without_time(engine.action_to_data(live.actions[-1]))
            assert stored == without_time(engine.action_to_data(action)), (index, target)
    assert enters == len(record.actions) and tabs > 0
    with Store.open(db) as store:
        kept = store.load(game_id)
        assert [without_time(engine.action_to_data(a)) for a in kept.actions] == [
            without_time(a) for a in data["actions"]
        ]
        assert kept.finished == engine.finished(engine.fold(record.setup, record.actions))

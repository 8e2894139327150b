"""Issue 18 (four keys a move): the entry line begun with the engine's leading words. Enter plays
the line as typed, those words counting as typed; the suggestion only with Tab (issue 27)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from companion.app.app import CompanionApp
from companion.app.screens.track import GameScreen
from companion.rules import fortress
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS
from tests.helpers.own import own


async def open_fortress(app: CompanionApp, pilot: Pilot[Any]) -> GameScreen:
    app.open_game(app.store.new_game("fortress", PLAYERS, start=0))
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def settled(app: CompanionApp, pilot: Pilot[Any]) -> None:
    await app.workers.wait_for_complete()  # the suggestion for what is in the line is ready
    await pilot.pause()


async def test_a_refill_is_begun_with_the_next_empty_cell(db: Any) -> None:
    """F-9: the line holds the first empty cell; the card typed after it and Enter fill it, and the
    line is begun with the next one. No card is suggested: the engine cannot know it."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fortress(app, pilot)
        entry = screen.query_one("#entry", Input)
        assert entry.value == "A1 "
        await settled(app, pilot)
        assert screen.query_one("#entry").shown_suggestion() == ""  # type: ignore[attr-defined]
        await pilot.press("K", "1", "0", "enter")
        await settled(app, pilot)
        state = screen.live.state_at(0)
        assert screen.engine.action_line(state, screen.live.actions[0]) == "A1 K10"
        assert entry.value == "A2 "


async def test_tab_takes_the_suggested_build_and_a_click_on_a_captured_card_takes_its_place(db: Any) -> None:
    """F-8: during a build the line holds the captured card the engine offers first, and the
    suggestion its likeliest place; Enter on the card alone plays nothing and says what is missing,
    Tab then Enter plays the suggested line. A click on another captured card replaces the card the
    app wrote (not added to it); what the user typed is never replaced."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fortress(app, pilot)
        for line in GAMES["fortress"][:12]:  # the reveals, the corrections, R13 A1N n: three captured
            assert screen.play(line)
        state = own(fortress.State, screen.live.state)
        assert state.phase is fortress.Phase.BUILD
        entry = screen.query_one("#entry", Input)
        first = screen.engine.complete(state, "", "en", 1)[0]
        assert entry.value == first + " "
        other = next(str(c) for c in state.pending if str(c) != first)
        screen.action_insert(other)
        assert entry.value == other + " "
        screen.action_insert("right")  # typed by the user now: kept, the word after it
        assert entry.value == f"{other} right "
        entry.value = ""
        screen.show()
        assert entry.value == first + " "
        await settled(app, pilot)
        shown = screen.query_one("#entry").shown_suggestion()  # type: ignore[attr-defined]
        assert shown.startswith(first + " ") and len(shown.split()) == 2
        await pilot.press("enter")
        await settled(app, pilot)
        assert screen.live.position == 12  # the card alone is not a line: nothing is played
        assert screen.ruling.plain == f"Not played: add where it goes, or Tab for {shown}."
        assert entry.value == first + " "
        await pilot.press("tab", "enter")
        await settled(app, pilot)
        assert screen.live.position == 13
        assert screen.engine.action_line(screen.live.state_at(12), screen.live.actions[12]) == shown


async def test_enter_on_a_line_that_is_whole_plays_it_not_the_longer_suggestion(db: Any) -> None:
    """What is typed wins when it is a line by itself: R1 typed over the begun cell during the
    setup reveal is played as R1, though R10 and others start with it."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fortress(app, pilot)
        await pilot.press("R", "1")
        await settled(app, pilot)
        await pilot.press("enter")
        await settled(app, pilot)
        assert screen.engine.action_line(screen.live.state_at(0), screen.live.actions[0]) == "A1 R1"


def test_the_first_choices_of_a_longer_answer_are_the_engines_own() -> None:
    """LegalLines serves the first N choices from a longer answer it already has (the example line
    asks for a few, the begun words for one): they are what the engine answers for N itself."""
    from companion.app.complete import LegalLines
    from companion.cards.decks import load_deck_data
    from companion.rules.games import ENGINES

    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    state = fortress.new_state(fortress.make_setup(PLAYERS, 0, deck))
    legal = LegalLines(ENGINES["fortress"], state, "en")
    longer = legal.choices("", 5)
    assert legal.choices("", 1) == fortress.complete(state, "", "en", 1) == longer[:1]
    assert legal.choices("A1 ", 2) == fortress.complete(state, "A1 ", "en", 2)
    assert legal.choices("", None) == fortress.complete(state, "", "en")


async def test_the_whole_line_typed_after_the_begun_words_is_played_once(db: Any) -> None:
    """Someone who has not seen the begun cell types the whole line after it (``A1 A1 K10``): the
    begun words count once, and the reveal is A1 K10 (F-9), not a refusal."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_fortress(app, pilot)
        entry = screen.query_one("#entry", Input)
        assert entry.value == "A1 "
        await pilot.press("A", "1", "space", "K", "1", "0")
        await settled(app, pilot)
        assert entry.value == "A1 A1 K10"
        await pilot.press("enter")
        await settled(app, pilot)
        assert screen.live.position == 1
        assert screen.engine.action_line(screen.live.state_at(0), screen.live.actions[0]) == "A1 K10"
        assert entry.value == "A2 "

"""Issue 27, item 1: Enter plays exactly what was typed. A line that only begins a legal one is not
played: one row says what it still needs and the suggestion Tab (or →) would take, and nothing is
stored; a claim (H-4's void, F-4's number or suit) is made only by the player's own keys. The cases
the issue found, through the real keys (Pilot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from companion.app.app import CompanionApp
from companion.app.screens.track import GameScreen
from companion.app.widgets.entry import EntryLine
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from tests.helpers.app import make_app, until
from tests.helpers.app_games import GAMES, PLAYERS
from tests.helpers.own import own


async def open_new(app: CompanionApp, pilot: Pilot[Any], game: str) -> GameScreen:
    app.open_game(app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0))
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def typed(app: CompanionApp, pilot: Pilot[Any], screen: GameScreen, text: str) -> str:
    """Type ``text`` key by key into the empty entry line (the words the app began it with emptied
    first, as Ctrl+U does) and wait for the suggestion: the suggestion shown after it."""
    entry = screen.query_one("#entry", EntryLine)
    await pilot.press("ctrl+u")
    await pilot.press(*["space" if c == " " else c for c in text])
    assert entry.value == text
    await until(pilot, lambda: bool(entry.shown_suggestion()))
    return entry.shown_suggestion()


def ruling(screen: GameScreen) -> str:
    return screen.ruling.plain


def one_row(screen: GameScreen) -> bool:
    """The ruling fits the ruling row's width at 80×24: one row."""
    return cell_len(ruling(screen)) <= screen.query_one("#ruling", Static).content_region.width


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_dragoness_lo2_after_the_opening_is_not_played_as_the_suggested_run(db: Path, lang: Lang) -> None:
    """D-6: after ``open Aki Lo1`` the lead must hold Lo1. ``Lo2`` and Enter once recorded the
    suggestion Lo2 Lo1 Lo3 (cards nobody played, then refused to their real holder); now nothing
    is stored and one row says what is missing; Tab then Enter plays the run, accepted."""
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        assert screen.play("open Aki Lo1")
        shown = await typed(app, pilot, screen, "Lo2")
        assert shown == "Lo2 Lo1 Lo3"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.live.position == 1  # nothing played
        assert (
            ruling(screen)
            == {
                "en": "Not played: add the cards you lead, or Tab for Lo2 Lo1 Lo3.",
                "ja": "未確定：出すカードを足すか、Tabで「Lo2 Lo1 Lo3」。",
            }[lang]
        )
        assert one_row(screen)
        assert screen.query_one("#entry", EntryLine).value == "Lo2"  # kept, to be finished
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert screen.live.position == 2
        played = own(dragoness.PlayCards, screen.live.actions[-1])
        assert [str(c) for c in played.cards] == ["Lo2", "Lo1", "Lo3"]


async def test_dragoness_one_card_onto_a_set_of_three_is_not_made_a_set(db: Path) -> None:
    """D-7: ``Sa5`` onto a set of three once became ``Sa5 Lo5 Fr5``; now nothing is stored."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        assert screen.play("open Aki Lo1") and screen.play("Lo1 Fr1 Cy1")
        shown = await typed(app, pilot, screen, "Sa5")
        assert shown.startswith("Sa5 ") and len(shown.split()) == 3
        await pilot.press("enter")
        await pilot.pause()
        assert screen.live.position == 2
        assert ruling(screen) == f"Not played: add the cards you play, or Tab for {shown}."
        state = own(dragoness.State, screen.live.state)
        assert not any(str(c) in ("Lo5", "Fr5", "Sa5") for c in state.played)  # no card marked as played


async def test_homalet_an_off_colour_card_is_never_made_a_void_claim_by_enter(db: Path) -> None:
    """H-4: on a jade battlefield lead, ``14 b`` (crimson) and Enter once recorded ``14 b void``, a
    claim Ben never typed. Now nothing is stored and the row says the claim is missing; Ben's own
    ``void`` (or Tab taking the suggestion he sees) makes it."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        for line in ("reveal 01 02", "reveal 03 04", "reveal 05 06", "07 b"):  # Aki leads jade (07)
            assert screen.play(line)
        shown = await typed(app, pilot, screen, "14 b")
        assert shown == "14 b void"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.live.position == 4
        assert ruling(screen) == "Not played: add void (none of the lead colour, H-4), or Tab for 14 b void."
        assert one_row(screen)
        await pilot.press("space", "v", "o", "i", "d", "enter")  # the claim, typed by the player
        await pilot.pause()
        assert screen.live.position == 5
        play = own(homalet.Play, screen.live.actions[-1])
        assert (play.card, play.field, play.void) == (14, homalet.Field.BATTLE, True)


async def test_fortress_a_placement_without_its_declaration_is_not_played(db: Path) -> None:
    """F-4: ``B7 A1N`` and Enter once played a number declaration nobody made. Now nothing is
    stored; → takes the suggestion shown (the player's own key), and Enter plays that."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:8]:  # the grids revealed: Aki to place
            assert screen.play(line)
        shown = await typed(app, pilot, screen, "B7 A1N")
        assert shown in ("B7 A1N n", "B7 A1N s")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.live.position == 8
        assert ruling(screen) == f"Not played: add n (number) or s (suit), or Tab for {shown}."
        assert one_row(screen)
        await pilot.press("right", "enter")
        await pilot.pause()
        assert screen.live.position == 9
        place = own(fortress.Place, screen.live.actions[-1])
        assert (str(place.card), place.spot) == ("B7", "A1N")
        assert place.mode is (fortress.Mode.NUMBER if shown.endswith(" n") else fortress.Mode.SUIT)


async def test_enter_on_the_words_the_app_began_the_line_with_plays_nothing(db: Path) -> None:
    """The words the app wrote in count as typed: during a build the line holds a captured card,
    and Enter on it alone plays nothing (its place is the player's to type or accept)."""
    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "fortress")
        for line in GAMES["fortress"][:12]:  # R13 A1N n: three cards captured, to build
            assert screen.play(line)
        entry = screen.query_one("#entry", EntryLine)
        begun = entry.value
        assert begun.strip() and screen.live.state.phase is fortress.Phase.BUILD  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.live.position == 12
        assert ruling(screen).startswith("未確定：置き場所を足すか、Tabで「")
        assert entry.value == begun


async def test_a_word_typed_in_part_is_not_completed_by_enter(db: Path) -> None:
    """``pa`` is not ``pass``: the row says the word is unfinished and that Tab gives pass
    (issue 27, item 8: pass is the first suggestion after p)."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "dragoness")
        assert screen.play("open Aki Lo1") and screen.play("Lo1")
        assert await typed(app, pilot, screen, "p") == "pass"
        await pilot.press("a", "enter")
        await pilot.pause()
        assert screen.live.position == 2
        assert ruling(screen) == "Not played: add the rest of the word pa, or Tab for pass."
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(screen.live.actions[-1], dragoness.Pass)


async def test_the_row_says_the_rest_of_the_line_when_no_step_says_what_it_is(db: Path) -> None:
    """A step the engine does not name (none today on the way of a suggestion) still gives a
    sentence, never "add , or Tab for …"."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new(app, pilot, "homalet")
        assert screen._unfinished([], "end") == "Not played: add the rest of the line, or Tab for end."
        assert screen._unfinished([], "") == "Not played: add the rest of the line."

"""The screen's room (issue 27, items 3 and 12): the Dragoness round table never wraps, on the board
(80×24, eight players, names shortened with "…" in terminal cells) and in the settlement; the
boards grow with the screen (larger tiles, the move log under a short board, wider) and the home
screen's list of games is as tall as what it lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widget import Widget
from textual.widgets import OptionList, Static

from companion.app.screens.home import HomeScreen
from companion.app.screens.settle import SettleScreen
from companion.app.screens.track import GameScreen
from companion.rules import dragoness
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.built import Built
from tests.helpers.own import own
from tests.helpers.store_games import dragoness_game, played

EIGHT = {
    "latin": ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen", "Hana"],
    "long": [
        "Alexandra",
        "Bartholomew",
        "Christopher",
        "Dominique",
        "Evangeline",
        "Fitzgerald",
        "Gwendolyn",
        "Hermione",
    ],
    "japanese": ["あきこさん", "べんじゃみん", "ちえみ", "だいすけくん", "えみ", "ふみかさん", "げんたろう", "はなこ"],
    "emoji": ["🐉🐉🐉🐉🐉🐉", "Ben🎲", "Chie🌸🌸", "Dai", "Emi", "Fumi", "Gen", "Hana"],
}


def rendered(widget: Widget) -> list[str]:
    """The rows ``widget`` shows on the screen, as text (what the screen's compositor draws there)."""
    region = widget.region
    strips = widget.screen._compositor.render_strips()
    return [strip.crop(region.x, region.right).text for strip in strips[region.y : region.bottom]]


def stored_dragoness_game(built: Built, db: Path, names: str, actions: float) -> int:
    """``dragoness_game`` of ``EIGHT[names]`` in the store ``db``, played once for every test that
    asks for the same game (copied)."""

    def build(file: Path) -> int:
        with Store.open(file) as store:
            return dragoness_game(store, EIGHT[names], actions)

    game_id: int = built.copy(("dragoness", names, actions), db, build)
    return game_id


@pytest.mark.parametrize("names", list(EIGHT), ids=list(EIGHT))
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_dragoness_round_table_never_wraps(
    db: Path, built: Built, names: str, lang: str, size: tuple[int, int]
) -> None:
    """Eight players, late in round 5 (four have passed, one leads the pile), the details (F3)
    open so that the board's part scrolls: every row of the table on one row of the screen, the
    names shortened with an ellipsis only where they must be, the marks beside their rows."""
    game_id = stored_dragoness_game(built, db, names, 0.85)
    with Store.open(db) as store:
        state = own(dragoness.State, store.load(game_id).state)
    assert state.passed and state.top_player is not None and len(state.results) == 4
    app = make_app(db, lang)
    async with app.run_test(size=size) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        await pilot.press("f3")
        await pilot.pause()
        board = app.screen.query_one("#board", Static)
        width = board.content_region.width
        rows = str(board.content).rstrip("\n").split("\n")
        assert all(cell_len(row) <= width for row in rows), [row for row in rows if cell_len(row) > width]
        shown = rendered(board)
        head = next(i for i, row in enumerate(shown) if "R5" in row or "第5" in row)
        for p, name in enumerate(EIGHT[names]):
            row = shown[head + 1 + p]
            assert name[:1] in row, (name, row)  # whole, or its start and "…"
            total = f"{sum(r.points[p] for r in state.results):>5}"
            assert total in row, (name, row)  # on the player's own row
            marked = p in state.passed or p == state.top_player
            assert marked == any(mark in row for mark in ("passed", "pass", "パス", "◀")), row
        marks = ("passed", "pass", "パス", "◀ pile", "◀ パイル", "pile", "パイル")
        assert not any(row.strip() in marks for row in shown)  # no mark on a row of its own
        screen = app.screen
        assert isinstance(screen, GameScreen)
        title = screen.query_one("#game-title").render_line(0).text
        assert title.rstrip().endswith(f"({screen.live.position})")  # the move count is never cut


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_settlements_round_table_fits_any_width_it_is_given(lang: str) -> None:
    """D-10, D-11: the round table of an eight-player settlement fitted to 30 … 80 cells: every row
    within the width (the names shortened with "…"), each player's five rounds and total on their
    own row; without a width (the command line's text), the names whole."""
    from companion.settle import round_table

    store = Store.open(":memory:")
    answer = store.load(dragoness_game(store, EIGHT["long"], 1.0)).settle(True, "ja" if lang == "ja" else "en")
    assert answer is not None
    for width in range(30, 81):  # (26 in English)
        rows = round_table(answer, "ja" if lang == "ja" else "en", width)
        for row in rows[: 1 + len(EIGHT["long"])]:
            assert cell_len(row) <= width, (width, row)
        for name, row in zip(EIGHT["long"], rows[1:], strict=False):
            assert row.startswith(name[:2]) and len(row.replace("*", " ").split()) == 1 + 5 + 1, (width, row)
    assert all(row.startswith(name) for name, row in zip(EIGHT["long"], round_table(answer, "en")[1:], strict=False))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_settlements_round_table_never_wraps(db: Path, built: Built, lang: str) -> None:
    """The same in the app at 80×24 (the QR code on its own screen, Q): each player's row of the
    round table (five rounds and the total) on one row of the screen. (At 120×40 the room it
    gets is what the QR code beside it leaves: the settlement's layout.)"""
    game_id = stored_dragoness_game(built, db, "long", 1.0)
    with Store.open(db) as store:
        answer = store.load(game_id).settle(False, "en")
    assert answer is not None
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, SettleScreen))
        await pilot.pause()
        shown = [row for part in app.screen.query("#explain Static").results(Static) for row in rendered(part)]
        for name, rounds in zip(EIGHT["long"], zip(*(r.values() for r in answer["rounds"]), strict=True), strict=True):
            row = next(row for row in shown if row.lstrip().startswith(name[:3]))  # (the padding of the part)
            numbers = row.replace("*", " ").split()[1:]
            assert numbers == [*map(str, rounds), str(answer["totals"][name])], (name, row)


async def test_a_short_board_leaves_no_empty_rows_at_120x40(db: Path) -> None:
    """Reign of Dragoness, three players, round 1 at 120×40, 30 moves played: the pile's cards are
    five-row tiles and the move log goes under the board, wider than beside it: at most a fifth of
    the board's part is blank (it was more than half)."""
    with Store.open(db) as store:
        _, moves = played("dragoness", 3, 2, 1)
        live = store.load(store.new_game("dragoness", ["Aki", "Ben", "Chie"]))
        for action in moves[:30]:  # (of 40 in the round)
            live.play(action)
        game_id = live.id
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(game_id)
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.query_one("#entry").has_focus)
        await pilot.pause()
        left = app.screen.query_one("#left")
        shown = rendered(left)
        blank = sum(1 for row in shown if not row.strip(" "))  # (a tile's ground is no-break spaces)
        assert blank <= len(shown) // 5, "\n".join(shown)
        log = app.screen.query_one("#log", Static)
        assert log.display and str(log.content).startswith(" Moves")
        assert log.content_region.width > app.screen.query_one("#coach", Static).content_region.width
        logged = [row for row in str(log.content).split("\n") if row.startswith(" · ")]
        assert len(logged) >= 15  # as many moves as the rows hold (up to the last 24)
        board = str(app.screen.query_one("#board", Static).content).split("\n")
        assert sum(1 for row in board if "\u00a0" * 7 in row) == 2  # a five-row tile: two rows of ground between


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_list_of_games_on_the_home_screen_is_as_tall_as_it_lists(db: Path, size: tuple[int, int]) -> None:
    """Two unfinished games: the box listing them ends under them, not at the foot of the screen."""
    with Store.open(db) as store:
        store.new_game("homalet", ["Aki", "Ben", "Chie"], start=0)
        store.new_game("fortress", ["Aki", "Ben", "Chie"], start=0)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen._listed)
        await pilot.pause()
        resume = app.screen.query_one("#resume", OptionList)
        assert resume.option_count == 2
        assert resume.size.height <= 2 * 3 + 2  # three lines a game and the frame

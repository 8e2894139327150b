"""The settlement screens (issue 27, items 10, 3 and 2), read from what the app really draws: the
scores highest first (O: seat order, and back), O listed in the key bar and the help; the key bar
whole at 80×24; no heading or button cut; the result's QR code beside the arithmetic only whole and
in at most a third of the width (else Q shows it alone); each Dragoness name with its own count of
cards left. Snapshots of the three games, 3 players and the largest table, at 80×24 and 120×40."""

from __future__ import annotations

import json
import re
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Size
from textual.pilot import Pilot
from textual.widgets import Button, Static

from companion.app.screens.help import HelpScreen
from companion.app.screens.settle import SettleScreen, compact_json
from companion.app.widgets.keybar import KeyBar
from companion.store import Store
from tests.helpers.app import make_app, until
from tests.helpers.built import Built
from tests.helpers.dragoness_rounds import dragoness_records, rounds_of, said_rounds
from tests.helpers.settled import MOST, finished_once, read_code, screen_rows, settled

GAMES = ["fortress", "homalet", "dragoness"]
TABLES = [(game, n) for game in GAMES for n in (3, MOST[game])]
SIZES = [(80, 24), (120, 40)]


def answer_of(db: Path, game_id: int) -> dict[str, Any]:
    with Store.open(db) as store:
        answer = store.load(game_id).settle(True, "en")
    assert answer is not None
    return answer


def shown_order(screen: SettleScreen, answer: dict[str, Any]) -> list[str]:
    """The players in the order the arithmetic lists them: each player's line (Fortress, HOMALET),
    the rows of the round table (Dragoness)."""
    lines = str(screen.query_one("#arithmetic", Static).content).splitlines()
    if answer["game"] == "dragoness":
        names = list(answer["totals"])
        return [line.split()[0] for line in lines[1 : 1 + len(names)]]
    names = [p["name"] for p in answer["players"]]
    return [line.split(":")[0].split("：")[0] for line in lines if re.match(r"^[^ ].*[:：]\s*-?\d+$", line)]


def scores(answer: dict[str, Any]) -> dict[str, int]:
    if answer["game"] == "dragoness":
        return dict(answer["totals"])
    return {p["name"]: p["score"] for p in answer["players"]}


@pytest.mark.parametrize("game,players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
async def test_the_scores_are_highest_first_and_o_turns_to_seat_order(
    db: Path, built: Built, game: str, players: int
) -> None:
    game_id = finished_once(built, db, game, players)
    answer = answer_of(db, game_id)
    points, seats, winners = scores(answer), list(scores(answer)), set(answer["winners"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await settled(pilot, game_id)
        order = shown_order(screen, answer)
        assert sorted(order) == sorted(seats), order
        shown = [points[n] for n in order]
        assert shown == sorted(shown, reverse=True), order  # highest first
        assert order[0] in winners and set(order[: len(winners)]) == winners  # the winners on top
        assert "Scores, highest first" in str(screen.query_one("#order", Static).content)
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is screen
        assert shown_order(screen, answer) == seats  # O: seat order
        assert "seat order" in str(screen.query_one("#order", Static).content)
        await pilot.press("o")
        await pilot.pause()
        assert shown_order(screen, answer) == order  # and back


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_o_is_in_the_key_bar_and_the_help(db: Path, built: Built, lang: str) -> None:
    game_id = finished_once(built, db, "homalet")
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, game_id)
        bar = str(app.screen.query_one(KeyBar).line(app.lang).plain)
        assert (" O By seat " if lang == "en" else " O 席順 ") in bar
        await pilot.press("o")
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).line(app.lang).plain)
        assert (" O By rank " if lang == "en" else " O 高い順 ") in bar
        app.push_screen(HelpScreen())
        await pilot.pause()
        listed = " ".join(str(s.content) for s in app.screen.query(Static))
        assert re.search(r"\bO +" + ("Settlement: scores by rank or by seat" if lang == "en" else "得点計算"), listed)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
async def test_the_key_bar_is_whole_at_80x24(db: Path, built: Built, game: str, lang: str) -> None:
    """Every key of the settlement on the bottom row, none cut (BG Stats' B included, either order)."""
    game_id = finished_once(built, db, game)
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settled(pilot, game_id)
        assert screen.link is not None  # a stored, finished game: B is on the bar
        for _ in range(2):
            bar = app.screen.query_one(KeyBar)
            line = bar.line(app.lang)
            assert line.cell_len <= 80, line.plain
            assert screen_rows(pilot)[-1].rstrip() == line.plain.rstrip()
            for key in ("Q", "O", "P", "F4", "B", "^Z", "Esc", "F2"):
                assert f" {key} " in line.plain, (key, line.plain)
            await pilot.press("o")
            await pilot.pause()


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40), (260, 70)], ids=["80x24", "120x40", "260x70"])
async def test_no_heading_or_button_is_cut(db: Path, built: Built, lang: str, size: tuple[int, int]) -> None:
    """Each heading, the winners and each button, scrolled into view, shows all its words on the
    screen (the notes' heading read "Notes (… later too" beside the QR code)."""
    game_id = finished_once(built, db, "fortress")
    app = make_app(db, lang)
    async with app.run_test(size=size) as pilot:
        screen = await settled(pilot, game_id)
        parts: list[Any] = [screen.query_one(f"#{name}", Static) for name in ("winners", "order", "notes-heading")]
        if screen.query_one("#qr-box").display:
            parts.append(screen.query_one("#qr-heading", Static))
        parts += list(screen.query(Button))
        for part in parts:
            part.scroll_visible(animate=False)
            await pilot.pause()
            seen = "".join(screen_rows(pilot, part.region))
            words = str(part.label if isinstance(part, Button) else part.content)
            assert squeezed(words) in squeezed(seen), (part.id, words, seen)


@pytest.mark.parametrize("game,players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
async def test_the_code_stands_beside_only_whole_and_in_a_third_of_the_width(
    db: Path, built: Built, game: str, players: int
) -> None:
    """Issue 27 items 3 and 10: wherever the settlement shows the result's code, it takes at most a
    third of the width, every row of it is on the screen, and a phone reads the compact settle JSON
    from what is drawn; where it would not, the screen leaves it to Q."""
    game_id = finished_once(built, db, game, players)
    with Store.open(db) as store:
        compact = store.load(game_id).settle(False, "en")
    assert compact is not None
    data = compact_json(compact)
    beside = 0
    sizes = [(80, 24), (120, 40), (200, 60), (300, 80)]
    app = make_app(db)
    async with app.run_test(size=sizes[0]) as pilot:
        screen = await settled(pilot, game_id)
        for size in sizes:  # the terminal resized: the screen drawn as an app started at that size draws it
            if size != sizes[0]:
                await pilot.resize_terminal(*size)
                await until(pilot, lambda: screen.size == Size(*size))  # noqa: B023 (called in this turn)
                await pilot.pause()
            box = screen.query_one("#qr-box")
            if not box.display:
                continue
            beside += 1
            code = screen.query_one("#qr", Static).region
            assert code.width * 3 <= size[0], (size, code)
            buttons = screen.query_one("#qr-open", Button).region.y  # the row of buttons under the screen
            assert code.y >= 1 and code.bottom <= buttons, (size, code)  # whole, above the buttons
            assert read_code(screen_rows(pilot, code)) == data, size
    assert beside >= 1  # the largest terminal holds it


@pytest.mark.slow(seconds=12)
async def test_the_dragoness_settlement_pairs_each_name_with_its_own_count(db: Path) -> None:
    """Item 2 in the app: the round words of the example record and simulated games, each name with
    the count of cards left the test worked out from the record's actions."""
    with Store.open(db) as store:
        stored = [(store.import_record(record), record) for _, record in islice(dragoness_records(), 5)]
    for lang in ("en", "ja"):
        app = make_app(db, lang)
        async with app.run_test(size=(120, 40)) as pilot:
            for game_id, record in stored:
                screen = await settled(pilot, game_id)
                text = str(screen.query_one("#arithmetic", Static).content)
                assert said_rounds(text, list(record["setup"]["players"]), rounds_of(record), lang) == []
                await pilot.press("escape")
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game,players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_settlement_snapshot(
    snap_compare: Any, db: Path, built: Built, game: str, players: int, lang: str, size: tuple[int, int]
) -> None:
    game_id = finished_once(built, db, game, players)

    async def prepare(pilot: Pilot[Any]) -> None:
        await settled(pilot, game_id)

    assert snap_compare(make_app(db, lang), terminal_size=size, run_before=prepare)


def test_the_records_are_what_the_tables_say() -> None:
    for game, players in MOST.items():
        record = json.loads((Path(__file__).resolve().parents[2] / f"examples/records/{game}.json").read_text())
        assert len(record["setup"]["players"]) == players

"""The Playtest screen (issue 21): the figures of ``stats --playtest`` per game, deck version and player
count, with bars and block columns made of text; reached from the home menu and the command palette;
S shows the simulated games stored instead; both languages; SVG snapshots at 80×24 and 120×40."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from companion.analysis.playtest import PlayedGame, summarise
from companion.app.screens.home import HomeScreen
from companion.app.screens.playtest import (
    CHART_ROWS,
    LENGTH_ROWS,
    PlaytestScreen,
    bar,
    chart,
    columns,
    figures,
    group_title,
)
from companion.cards.decks import load_deck_data
from companion.rules import fortress
from companion.simulate import simulate
from tests.helpers.app import make_app

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (120, 40)]


def test_bars_fill_by_eighths_and_mark_the_fair_share() -> None:
    assert bar(0.0, 10) == " " * 10 and bar(1.0, 10) == "█" * 10
    assert bar(0.5, 10) == "█████     " and bar(0.55, 10) == "█████▌    "  # 44 eighths: 5 cells and 4/8
    assert bar(0.1, 10, fair=0.25) == "█ ┆       "  # the fair share's cell, where the bar does not reach
    assert bar(0.5, 10, fair=0.25) == "█████     "  # under the bar: no mark
    assert len(bar(0.37, 23, 0.2)) == 23


def test_with_an_interval_the_bar_shades_it_under_and_beyond_the_bar() -> None:
    """The 95 % interval drawn over the bar: ▓ where the bar passes the interval's low end, ░ from
    the bar's end on to its high end, the fair share's ┆ still seen inside it."""
    assert bar(0.5, 10, None, 0.2, 0.8) == "██▓▓▓░░░  "  # 20 % to 80 % of ten cells: cells 2 to 7
    assert bar(0.1, 10, 0.4, 0.0, 0.6) == "▓░░░┆░    "  # the fair share inside the interval
    assert bar(0.5, 10, 0.25, 0.2, 0.8) == bar(0.5, 10, None, 0.2, 0.8)  # under the bar: no mark
    assert len(bar(0.37, 23, 0.2, 0.1, 0.9)) == 23


def test_chart_columns_rise_by_eighths_of_a_row() -> None:
    assert chart([1, 2], 10, 2) == [" █", "██"]  # 1 of 2 games: half of two rows
    assert chart([4, 0, 1], 10, 2, cells=2) == ["██    ", "██  ▄▄"]  # 1 of 4 games: 4 eighths of 16
    assert chart([1, 2, 4], 2, 1) == ["▆█"]  # three values in two cells: neighbours gathered (3 and 4 games)


def test_with_the_rows_the_figures_use_them() -> None:
    """Given the rows, the figures take them: the interval on each bar explained, a scale under the
    bars, the margins as columns as high as the rows left allow with each margin under its column;
    every line within the width; without the rows, the compact figures."""

    def game(winner: int, scores: tuple[int, ...]) -> PlayedGame:
        return PlayedGame("1", "homalet", "", "v1", ("A", "B", "C"), scores, frozenset({winner}), 0, 80, 20.0, False, 3)

    (group,) = summarise([game(0, (5, 3, 1)), game(0, (4, 4, 0)), game(2, (1, 2, 6)), game(1, (2, 5, 4))])
    compact = figures(group, "en", 80).plain.split("\n")
    for height in (len(compact) + 3, 40):
        lines = figures(group, "en", 80, height).plain.split("\n")
        assert len(compact) < len(lines) <= height and all(cell_len(line) <= 80 for line in lines)
        assert any("▓" in line for line in lines) and "▓░ is the 95% interval" in "\n".join(lines)
        assert any(line.strip().startswith("0") and line.rstrip().endswith("100%") for line in lines)  # the scale
        head = next(i for i, line in enumerate(lines) if "games at each margin, 0 to 4 points" in line)
        under = next(i for i, line in enumerate(lines) if i > head and line.split() == ["0", "1", "2", "3", "4"])
        columns_rows = lines[head + 1 : under]
        assert len(columns_rows) == min(CHART_ROWS, height - len(lines) + len(columns_rows))
        assert all(set(line) <= set(" ▁▂▃▄▅▆▇█") for line in columns_rows) and "█" in columns_rows[0]
        assert columns_rows[-1][2:].replace("█", "x") == "x" * 12 + "    " + "x" * 4  # no game won by 3
    assert figures(group, "en", 80, 5).plain == figures(group, "en", 80).plain  # too few rows: compact
    assert "▓" not in figures(group, "en", 80).plain and "95%区間" in figures(group, "ja", 80, 40).plain


def test_columns_are_heights_by_eighths_grouped_to_fit() -> None:
    assert columns([1, 2, 0, 8], 10) == "▁▂ █"  # one a value; a margin no game had is a space
    assert columns([], 5) == ""
    assert columns([1, 1, 1, 1, 4, 4], 3) == "▂▂█"  # in pairs: 2, 2 and 8 games, so 2 eighths, 2 and 8


def test_figures_of_a_group_in_both_languages() -> None:
    def game(winner: int, scores: tuple[int, ...]) -> PlayedGame:
        return PlayedGame("1", "homalet", "", "v1", ("A", "B", "C"), scores, frozenset({winner}), 0, 80, 20.0, False, 3)

    (group,) = summarise([game(0, (5, 3, 1)), game(0, (4, 4, 0)), game(2, (1, 2, 6))])
    en = figures(group, "en", 80).plain
    assert "seat 1 " in en and "2/3  67% [21%–94%]" in en and "start player" in en
    assert "games at each margin, 0 to 4 points" in en and "  0 █ █ █ 4" in en  # margins 2, 0 and 4: one each
    assert "Lead changes a game  median 3, mean 3, 3 to 3" in en and "too few to tell" in en
    assert all(len(line) <= 80 for line in en.splitlines()[1:])
    ja = figures(group, "ja", 80).plain
    assert "1番目の席" in ja and "勝者と2位の差" in ja and "1ゲームの首位交代" in ja


def test_the_lengths_are_columns_and_a_policy_names_its_group() -> None:
    """The games' lengths drawn as block columns (the lab report's histogram, in text), compact in one
    line or in rows where the screen has them; simulated games' groups named with their policy."""

    def game(actions: int, policy: str) -> PlayedGame:
        return PlayedGame(
            "1", "fortress", "", "v1", ("A", "B", "C"), (3, 2, 1), frozenset({0}), 0, actions, None, True, 2, policy
        )

    games = [game(n, "lookahead:8,greedy,greedy") for n in (80, 80, 80, 81, 85, 85)] + [game(90, "greedy")]
    smart, greedy = summarise(games)[::-1] if summarise(games)[0].policy == "greedy" else summarise(games)
    assert (smart.games, greedy.games) == (6, 1)  # never counted together
    assert group_title(smart, "en") == "Fortress · deck v1 · 3 players · policy lookahead:8,greedy,greedy · 6 games"
    assert "方針 greedy・1ゲーム" in group_title(greedy, "ja")
    compact = figures(smart, "en", 80).plain
    assert "Games by length in actions, 80 to 85" in compact and "  80 █▃   ▆ 85" in compact  # 3, 1, 0, 0, 0, 2
    roomy = figures(smart, "en", 80, 60).plain.split("\n")
    head = next(i for i, line in enumerate(roomy) if line.startswith("Games by length"))
    rows = roomy[head + 1 : head + 1 + LENGTH_ROWS]
    assert rows[0].rstrip() == "  ████" and rows[-1].rstrip() == "  " + "████" * 2 + " " * 12 + "████"  # 4 cells each
    assert roomy[head + 1 + LENGTH_ROWS].split() == ["80", "85"]
    assert "長さ（手数）ごとのゲーム数（80〜85手）" in figures(smart, "ja", 80).plain


def stock(app: Any) -> None:
    """The three example records, and a few simulated Fortress games stored."""
    for game in ("fortress", "homalet", "dragoness"):
        app.store.import_record(json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text("utf-8")))
    deck = fortress.Deck.from_data(load_deck_data("fortress"))
    for sim in simulate("fortress", deck, 4, 6, "greedy", seed=2, records=True):
        assert sim.record is not None
        app.store.import_record(sim.record, simulated=True, policy=sim.played.policy)


async def open_playtest(pilot: Pilot[Any], simulated: bool = False) -> PlaytestScreen:
    app = pilot.app
    stock(app)
    assert isinstance(app.screen, HomeScreen)
    app.screen.action_playtest()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, PlaytestScreen)
    if simulated:
        await pilot.press("s")
        await pilot.pause()
    screen.count_leads(all_at_once=True)  # the lead changes, counted after the first frame
    await pilot.pause()
    return screen


async def test_the_screen_shows_each_group_and_follows_the_list(db: Path) -> None:
    app = make_app(db, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_playtest(pilot)
        assert [g.game for g in screen.groups] == ["dragoness", "fortress", "homalet"] and not screen.counting
        assert all(g.leads is not None for g in screen.groups)  # the stored games, replayed
        shown = str(screen.query_one("#pt-figures").render())
        assert "seat 8" in shown and "Lead changes a game  median 1" in shown  # Dragoness first: D-10 by hand
        await pilot.press("down")
        await pilot.pause()
        assert "seat 5" in str(screen.query_one("#pt-figures").render())  # Fortress, 5 players
        await pilot.press("s")  # the simulated games instead
        await pilot.pause()
        screen.count_leads(all_at_once=True)
        assert [(g.game, g.players, g.games, g.simulated) for g in screen.groups] == [("fortress", 4, 6, 6)]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_home_menu_and_the_palette_open_it(db: Path) -> None:
    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        assert any(str(o.prompt) == "テストプレイ分析" for o in menu.options)  # type: ignore[attr-defined]
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "テストプレイ分析" in commands
        menu.highlighted = [o.id for o in menu.options].index("playtest")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlaytestScreen)
        assert "分析できる終わったゲームはまだありません" in str(app.screen.query_one("#pt-figures").render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_playtest_snapshot(snap_compare: Any, db: Path, lang: str, size: tuple[int, int]) -> None:
    async def prepare(pilot: Pilot[Any]) -> None:
        await open_playtest(pilot, simulated=True)

    assert snap_compare(make_app(db, lang), terminal_size=size, run_before=prepare)

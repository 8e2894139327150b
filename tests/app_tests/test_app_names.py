"""Issue 27, item 11 in the app: the new-game form takes the names people use (an emoji sequence, a
combining mark, kept composed) and refuses a disguised name with the same sentence as every other
entry point; the boards keep their columns with an emoji name (its picture counted as the two
cells a terminal draws: Rich's count, and tmux's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Input, Static

from companion.app.screens.track import GameScreen
from companion.app.widgets.boards import board
from companion.rules.common import name_problem
from companion.rules.games import ENGINES
from tests.helpers.app import make_app, until
from tests.helpers.app_games import GAMES

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧
FLAG = "\U0001f1ef\U0001f1f5"  # 🇯🇵


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_new_game_form_takes_an_emoji_name_and_refuses_a_disguised_one(db: Path, lang: str) -> None:
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # New game, the first item of the menu
        await pilot.pause()
        entry = app.screen.query_one("#players", Input)
        entry.value = "A\u202eki, Ben, Chie"
        await pilot.press("enter")
        await pilot.pause()
        problem = str(app.screen.query_one("#problem", Static).content)
        said = name_problem("A\u202eki")
        assert said is not None and said.text("ja" if lang == "ja" else "en") in problem  # the one rule's words
        assert "U+202E" in problem and "\u202e" not in problem  # named, not drawn
        entry.value = f"{FAMILY}, Zoe\u0308, Chie"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen)
        assert app.screen.live.players == (FAMILY, "Zo\u00eb", "Chie")


def player_columns(text: str, names: tuple[str, ...]) -> list[int]:
    """For each board row that begins with a player's name (after a marker), the cell where the
    next column ends (a count is right-aligned: its last digit)."""
    found = []
    for row in text.splitlines():
        for name in names:
            at = row.find(name)
            if at < 0 or row[:at].strip(" ▶") or not row[at + len(name) :].startswith(" "):
                continue
            rest = row[at + len(name) :]
            gap = len(rest) - len(rest.lstrip(" "))
            word = rest.lstrip(" ").split(" ")[0]
            found.append(cell_len(row[: at + len(name) + gap + len(word)]))
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_the_players_rows_keep_their_columns_with_an_emoji_name(game: str) -> None:
    """Each board's player rows (hand counts, scores) start their next column at the same cell
    whichever name the row holds: 👩‍👩‍👧 and 🇯🇵 take two cells, as the terminal draws them."""
    from companion.cards.decks import load_deck_data

    engine = ENGINES[game]
    names = (FAMILY, "Ben", FLAG, "Dai") if game == "dragoness" else (FAMILY, "Ben", FLAG)
    setup = engine.make_setup(names, None, engine.Deck.from_data(load_deck_data(game)))
    state = engine.new_state(setup)
    lines = [re.sub(r"\bChie\b", FLAG, re.sub(r"\bAki\b", FAMILY, line)) for line in GAMES[game]]
    for line in lines[: len(lines) // 2]:
        state, _ = engine.apply(state, engine.parse_line(state, line))
    for lang in ("en", "ja"):
        for width in (52, 80):
            text = board(engine, state, lang, width).plain
            columns = player_columns(text, names)
            assert len(columns) >= len(names) and len(set(columns)) == 1, (game, lang, width, text)

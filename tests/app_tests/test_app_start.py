"""Start-up (issue 18, speed): the home screen's path loads only what the home screen needs; the
other screens' styles are read after its first frame, and a screen opened sooner still has them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from companion.app.app import CompanionApp
from companion.app.screens.base import SCREENS_CSS
from companion.app.screens.new_game import NewGameScreen
from tests.helpers.app import make_app, until

ROOT = Path(__file__).resolve().parents[2]

# what ``python -m companion`` imports up to the home screen's first frame (the store is opened,
# and the other screens' styles read, only after it)
HOME_PATH = """
import sys
import companion.cli
from companion.app.app import CompanionApp, remembered_lang
from companion.app.screens.home import HomeScreen
remembered_lang()
CompanionApp()
HomeScreen()
print(" ".join(sorted(sys.modules)))
"""

NOT_AT_START = (
    "companion.store",  # opened after the first frame
    "companion.base.files",  # writing files (the remembered language is written only when chosen)
    "companion.base.documents",
    "companion.rules.games",  # the engines: none is needed to show the menu
    "companion.rules.deck_rules",
    "companion.rules.fortress",
    "companion.rules.homalet",
    "companion.rules.dragoness",
    "companion.app.screens.track",
    "companion.app.widgets.boards",
    "companion.text",  # the line breaker: no Japanese is broken on the home screen
    "budoux",
    "reportlab",
    "sqlite3",
)


def test_the_home_screen_path_loads_no_engine_store_or_printing(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    (tmp_path / "config" / "companion").mkdir(parents=True)
    (tmp_path / "config" / "companion" / "app.json").write_text('{"lang": "ja"}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", HOME_PATH], env=env, capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "companion.app.screens.home" in loaded and "textual.app" in loaded  # the probe ran
    early = sorted(m for m in loaded for name in NOT_AT_START if m == name or m.startswith(name + "."))
    assert early == []


async def test_the_other_screens_styles_are_read_after_the_first_frame(db: Path) -> None:
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.stylesheet.has_source(str(SCREENS_CSS))  # the first frame is drawn without them
        await until(pilot, lambda: app.stylesheet.has_source(str(SCREENS_CSS)))  # then, soon after
        assert app.stylesheet.has_source(str(SCREENS_CSS))
        await pilot.press("enter")  # New game: its form is styled (app.tcss: #form's grid)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#form").styles.layout is not None
        assert app.screen.query_one("#form").styles.grid_size_columns == 2


async def test_a_screen_opened_before_the_styles_are_read_reads_them_itself(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CompanionApp, "read_screens_css", lambda self: None)  # not yet read when it opens
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert not app.stylesheet.has_source(str(SCREENS_CSS))
        app.push_screen(NewGameScreen())
        await pilot.pause()
        assert app.stylesheet.has_source(str(SCREENS_CSS))
        assert app.screen.query_one("#form").styles.grid_size_columns == 2
        assert app.screen.query(Input)

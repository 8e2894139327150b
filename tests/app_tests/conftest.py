"""The app under test: a fresh game store in a temporary folder, English unless a test says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual._styles_cache import StylesCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from companion.app.app import CompanionApp
from tests.helpers.built import Built

_PARSED: dict[tuple[Any, ...], list[RuleSet]] = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(
    self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = ""
) -> list[RuleSet]:
    """Textual keeps the rules it parsed from a piece of CSS in each app's own stylesheet: every app a
    test made parsed the same CSS again (about a tenth of the app tests' CPU). Here they are kept for
    the whole process, under the same key and the stylesheet's variables (Textual empties its own
    cache when they change): each app gets the rules its own parse would have made."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
    rules = _PARSED.get(key)
    if rules is None:
        rules = _PARSED[key] = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


Stylesheet._parse_rules = _parse_rules_once  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def no_bug_caught(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every app a test makes ends with nothing in its safety net (``app.bugs``): a bug the net caught
    would otherwise pass unseen, the screen having gone home with a sentence. A test of the net itself
    says so with ``@pytest.mark.bugs_expected``."""
    made: list[CompanionApp] = []
    start = CompanionApp.__init__

    def init(self: CompanionApp, *args: Any, **kwargs: Any) -> None:
        start(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(CompanionApp, "__init__", init)
    yield
    if request.node.get_closest_marker("bugs_expected") is None:
        caught = [f"{type(bug).__name__}: {bug}" for app in made for bug in app.bugs]
        assert caught == [], f"the app's safety net caught {len(caught)} bug(s): {caught}"


@pytest.fixture(autouse=True)
def textual_lets_go_of_the_app() -> Iterator[None]:
    """Textual's ``StylesCache.get_inner_outer`` is an ``lru_cache`` on a method: its keys keep up to
    1024 ``StylesCache`` objects alive, each with every line its widget drew, so what each test's app
    drew outlived the app and every later full garbage collection walked it (the settlement tests'
    process grew from 0.1 to 0.45 million objects; collections were a quarter of their CPU). Emptied
    after each test, as a new app would find it; nothing else changes."""
    yield
    StylesCache.get_inner_outer.cache_clear()


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("COMPANION_DB", str(path))
    monkeypatch.chdir(tmp_path)  # an export lands here
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # the language chosen is remembered here
    yield path


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Game stores built once (in each process of the run) and copied into a test's ``db``."""
    return Built(tmp_path_factory.mktemp("built"))

"""companion serve in a real browser: Debian's chromium through chromedriver (Selenium), loopback
only. Run with ``pytest -m browser`` (README); ``.ci/run`` installs chromium and runs them.

Screenshots of the scoreboard (390×844 and 1280×800, English and Japanese) are written to
``build/artefacts/serve/`` to be looked at; they are not compared with anything."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.rules import fortress
from companion.store import Store
from tests.helpers.own import own
from tests.helpers.serve import RECORDS, ROOT, Served, at_position, stored_examples

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTEFACTS = ROOT / "build" / "artefacts" / "serve"


def browser(width: int, height: int, lang: str = "en") -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not Path(CHROMIUM).exists() or not Path(CHROMEDRIVER).exists():
        pytest.fail("chromium and chromedriver are needed: apt-get install -y chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
        f"--lang={lang}",
        "--hide-scrollbars",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_window_size(width, height)
    return driver


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Served, Path, int]]:
    db = tmp_path / "games.sqlite3"
    game_id = stored_examples(db)["fortress"]
    with Store.open(db) as store:
        live = store.load(game_id)
        state = fortress.new_state(own(fortress.Setup, live.setup))
        for position, action in enumerate(live.actions, 1):  # a placement at about two thirds of the game
            assert isinstance(action, fortress.ACTIONS)
            state = fortress.apply(state, action)[0]
            if position >= 100 and state.phase is fortress.Phase.PLACE:
                break
    at_position(db, game_id, position)
    served = Served(db)
    yield served, db, game_id
    if served.process.poll() is None:
        served.process.kill()
        served.process.wait()


@pytest.fixture
def drivers() -> Iterator[Callable[..., Any]]:
    made: list[Any] = []

    def make(width: int = 1280, height: int = 800, lang: str = "en") -> Any:
        made.append(browser(width, height, lang))
        return made[-1]

    yield make
    for driver in made:
        driver.quit()


def wait_for(condition: Callable[[], Any], seconds: float = 30.0, every: float = 0.05) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not within {seconds} s")


def links(served: Served, game_id: int) -> tuple[str, str]:
    """The game's scoreboard and coach base links, as the scorer's index page gives them."""
    import re
    import urllib.request

    page = urllib.request.urlopen(served.link).read().decode()
    board = re.search(rf'href="(/[\w-]+/game/{game_id})\?lang=en"', page)
    assert board is not None
    base = served.link.split("/", 3)[:3]
    root = "/".join(base)
    return root + board.group(1), root + board.group(1).replace("/game/", "/coach/")


def watch_store(db: Path, game_id: int, position: int, seen: dict[str, float]) -> threading.Thread:
    """A thread noting when the store first holds ``position`` moves of the game."""

    def watch() -> None:
        with Store.open(db, readonly=True) as store:
            live = store.load(game_id)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                live.refresh()
                if live.position >= position:
                    seen["stored"] = time.time()
                    return
                time.sleep(0.005)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


MARK_CHANGES = """
window.seenAt = {};
const note = () => { const b = document.querySelector('.board');
  if (b && !(b.dataset.position in window.seenAt)) window.seenAt[b.dataset.position] = Date.now() / 1000; };
note();
new MutationObserver(note).observe(document.getElementById('board'), {childList: true, subtree: true});
"""


def test_a_move_typed_in_the_served_app_shows_on_another_browsers_scoreboard_within_a_second(
    table: tuple[Served, Path, int], drivers: Callable[..., Any]
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    served, db, game_id = table
    board_url, _ = links(served, game_id)
    watcher = drivers(390, 844)
    watcher.get(board_url + "?lang=en")
    with Store.open(db) as store:
        live = store.load(game_id)
        position = live.position
        line = live.engine.action_line(live.state, _next_action(db, game_id), "en")
    wait_for(
        lambda: watcher.execute_script("return document.querySelector('.board').dataset.position") == str(position)
    )
    watcher.execute_script(MARK_CHANGES)
    app = drivers(1280, 800)
    app.get(served.link + "app/")
    wait_for(lambda: "-first-byte" in (app.find_element("tag name", "body").get_attribute("class") or ""), 60)
    time.sleep(1.5)  # the home screen lists the unfinished games after its first frame
    app.execute_script("document.querySelector('.xterm-helper-textarea').focus()")  # the terminal has the keys
    keys = ActionChains(app)
    keys.send_keys(Keys.TAB).pause(0.3).send_keys(Keys.ENTER).pause(1.5).perform()
    seen: dict[str, float] = {}
    thread = watch_store(db, game_id, position + 1, seen)
    ActionChains(app).send_keys(line).pause(0.2).send_keys(Keys.ENTER).perform()
    thread.join(60)
    assert "stored" in seen, "the app did not store the move typed in the browser"
    shown = wait_for(lambda: watcher.execute_script(f"return window.seenAt['{position + 1}']"), 10)
    delay = shown - seen["stored"]
    print(f"stored move to the other browser's scoreboard: {delay * 1000:.0f} ms")
    assert -0.1 < delay < 1.0, "shown before it was stored: the scoreboard showed another change as this move"
    with Store.open(db) as store:
        ruling = store.load(game_id).rulings(1)[0].en
    assert watcher.find_element("css selector", ".rulings li").text == ruling


def _next_action(db: Path, game_id: int) -> Any:
    """The example game's own next move, read from its record: the store is not touched (a redo
    and an undo here reach the watching scoreboard as a move and its undo, and the move the test
    types would then be seen before it is played)."""
    import json

    with Store.open(db, readonly=True) as store:
        live = store.load(game_id)
        data = json.loads((RECORDS / "fortress.json").read_text())["actions"][live.position]
        data.pop("time", None)  # when it was played: not a part of the action
        return live.engine.action_from_data(live.deck, data)


def test_the_coach_shows_the_engines_legal_cards_and_drops_a_card_played_at_the_table(
    table: tuple[Served, Path, int], drivers: Callable[..., Any]
) -> None:
    served, db, game_id = table
    with Store.open(db) as store:
        live = store.load(game_id)
        state = own(fortress.State, live.state)
    assert state.phase is fortress.Phase.PLACE
    seat = state.turn
    cards = state.unseen()[:3]  # cards the table has not seen: they may be in this player's hand
    typed = " ".join(map(str, cards))
    rest = " ".join(map(str, cards[1:]))
    _, coach_url = links(served, game_id)
    page = drivers(390, 844)
    page.get(f"{coach_url}/{seat + 1}?lang=en")
    hand = page.find_element("id", "hand")
    hand.send_keys(typed)
    wait_for(lambda: page.find_elements("css selector", "#answer [data-card]"))
    answer = page.find_element("id", "answer")
    legal = [e.get_attribute("data-card") for e in answer.find_elements("css selector", "li.legal")]
    assert legal == [str(c) for c in cards if fortress.captures(state, c)]
    spots = [e.get_attribute("textContent") for e in answer.find_elements("css selector", "li.legal table.captures th")]
    assert spots[: len(state.usable_spots())] == state.usable_spots()
    stored = page.execute_script("return Object.values(localStorage).join(' ')")
    assert typed in stored
    # the table records the player placing the first card: the coach drops it by itself
    placed = f"{cards[0]} {state.usable_spots()[0]} n"
    subprocess.run(
        [sys.executable, "-m", "companion", "play", str(game_id), placed, "--db", str(db)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    wait_for(lambda: page.find_element("id", "hand").get_attribute("value") == rest, 10)
    assert str(cards[0]) in page.find_element("css selector", "#answer .played").text
    assert rest in page.execute_script("return Object.values(localStorage).join(' ')")
    # the hand is nowhere but the browser: not in the database, nor the server's output, nor another page
    board_url, _ = links(served, game_id)
    other = drivers(1280, 800)
    other.get(board_url)
    assert rest not in other.page_source
    code, out, err = served.stop(signal.SIGTERM)
    assert code == 0
    assert rest not in out + err and str(cards[1]) not in out + err
    for path in db.parent.iterdir():
        if path.name.startswith(db.name):
            assert rest.encode() not in path.read_bytes() and typed.encode() not in path.read_bytes()


def test_no_token_a_wrong_token_and_another_games_token_show_nothing(
    table: tuple[Served, Path, int], drivers: Callable[..., Any]
) -> None:
    served, _, game_id = table
    board_url, _ = links(served, game_id)
    root = "/".join(served.link.split("/")[:3])
    token = board_url.split("/")[3]
    page = drivers(1280, 800)
    for url in (
        root + "/",
        f"{root}/game/{game_id}",
        f"{root}/{'A' * 22}/game/{game_id}",
        f"{root}/{token}/game/{game_id + 1}",
        f"{root}/{token}/app/",
        f"{root}/{token}/",
    ):
        page.get(url)
        body = page.find_element("tag name", "body").text
        assert "companion" not in body.lower() and "Aki" not in body and "Scoreboard" not in body, url
    page.get(board_url)
    assert "Aki" in page.find_element("tag name", "body").text


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_scoreboard_screenshots_are_readable_at_phone_and_laptop_widths(
    table: tuple[Served, Path, int], drivers: Callable[..., Any], lang: str, width: int, height: int
) -> None:
    served, _, game_id = table
    board_url, _ = links(served, game_id)
    page = drivers(width, height, lang)
    page.get(f"{board_url}?lang={lang}")
    wait_for(lambda: page.find_elements("css selector", ".board"))
    inner = page.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert inner[0] <= inner[1], "the page is wider than the screen"
    smallest = page.execute_script("""return Math.min(...[...document.querySelectorAll('#board *')]
        .filter(e => e.childNodes.length && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 14
    assert page.find_element("tag name", "html").get_attribute("lang") == lang
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    total = page.execute_script("return document.documentElement.scrollHeight")
    page.set_window_size(width, max(height, min(total + 140, 4000)))
    page.save_screenshot(str(ARTEFACTS / f"scoreboard-{width}x{height}-{lang}.png"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scoreboard_and_coach_fit_a_360_pixel_phone(
    table: tuple[Served, Path, int], drivers: Callable[..., Any], lang: str
) -> None:
    """No sideways scrolling and no text under 14 px on the narrowest common phone."""
    served, db, game_id = table
    board_url, coach_url = links(served, game_id)
    with Store.open(db) as store:
        state = own(fortress.State, store.load(game_id).state)
    page = drivers(360, 740, lang)
    for url in (f"{board_url}?lang={lang}", f"{coach_url}/{state.turn + 1}?lang={lang}"):
        page.get(url)
        if "/coach/" in url:
            page.find_element("id", "hand").send_keys(" ".join(map(str, state.unseen()[:4])))
            wait_for(lambda: page.find_elements("css selector", "#answer li"))
        wait_for(lambda: page.find_elements("css selector", "main *"))
        width = page.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], url
        smallest = page.execute_script("""return Math.min(...[...document.querySelectorAll('main *')]
            .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= 14, url

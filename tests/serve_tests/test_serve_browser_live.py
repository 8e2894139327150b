"""Live pages recover (issue 28, part 3.3), in Debian's Chromium: a page opened while another
address holds streams by the dozen is live at once (until now it got a 503 and never retried); a page
whose stream is ended shows "reconnecting…" in its language and comes back by itself, live again
within 5 s of the flood's end. Run with ``pytest -m browser -n 0``; the screenshots of the
"reconnecting…" line are written to ``build/artefacts/serve/`` to be looked at."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.store import Store
from tests.helpers.serve import Served, at_position, stored_examples
from tests.serve_tests.test_serve_browser import ARTEFACTS, browser, links, wait_for

pytestmark = pytest.mark.browser


class StreamFlood:
    """Raw event-stream requests from one source address, opened one after another and never read;
    at most ``keep`` open (the oldest closed first)."""

    def __init__(self, port: int, path: str, source: str, keep: int = 64, pace: float = 0.0) -> None:
        self.port, self.path, self.source, self.keep, self.pace = port, path, source, keep, pace
        self.open: list[socket.socket] = []
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def one(self) -> None:
        s = socket.socket()
        s.bind((self.source, 0))
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", self.port))
            s.sendall(f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        except OSError:
            s.close()
            return
        self.open.append(s)
        while len(self.open) > self.keep:
            self.open.pop(0).close()

    def hold(self, n: int) -> None:
        for _ in range(n):
            self.one()

    def start(self) -> None:
        def run() -> None:
            while not self.stopping.is_set():
                self.one()
                time.sleep(self.pace)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(10)
        for s in self.open:
            with contextlib.suppress(OSError):
                s.close()
        self.open.clear()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Served, Path, int]]:
    db = tmp_path / "games.sqlite3"
    game_id = stored_examples(db)["fortress"]
    at_position(db, game_id, 100)
    served = Served(db)
    yield served, db, game_id
    if served.process.poll() is None:
        served.process.kill()
        served.process.wait()


def position(driver: Any) -> int:
    found = driver.execute_script("const b=document.querySelector('#board .board');return b?+b.dataset.position:-1")
    return int(found)


def reconnecting(driver: Any) -> bool:
    return bool(driver.execute_script("const n=document.querySelector('p.reconnecting');return !!n&&!n.hidden"))


def play_one(db: Path, game_id: int) -> int:
    with Store.open(db) as store:
        live = store.load(game_id)
        live.redo()
        return live.position


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_live_page_survives_a_stream_flood_and_comes_back_after_losing_its_stream(
    table: tuple[Served, Path, int], lang: str
) -> None:
    served, db, game_id = table
    board_url, _ = links(served, game_id)
    events = board_url.split(str(served.port), 1)[1] + "/events"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    other = StreamFlood(served.port, events, "127.0.0.2")  # another phone on the Wi-Fi
    same = StreamFlood(served.port, events, "127.0.0.1", keep=40, pace=0.05)  # the page's own address
    driver = browser(390, 844, lang)
    try:
        other.hold(64)  # until now: every other page answered 503
        driver.get(f"{board_url}?lang={lang}")
        wait_for(lambda: position(driver) == 100, 10)
        assert not reconnecting(driver)
        assert play_one(db, game_id) == 101
        wait_for(lambda: position(driver) == 101, 5)  # live while the flood holds its streams

        same.start()  # the flood now comes from the page's own address: its stream is ended
        wait_for(lambda: reconnecting(driver), 20, every=0.01)
        note = driver.execute_script("return document.querySelector('p.reconnecting').textContent")
        assert note == ("reconnecting…" if lang == "en" else "再接続中…")
        driver.save_screenshot(str(ARTEFACTS / f"reconnecting-390-{lang}.png"))
        time.sleep(3)
        same.stop()
        other.stop()
        ended = time.monotonic()
        assert play_one(db, game_id) == 102
        wait_for(lambda: position(driver) == 102 and not reconnecting(driver), 5)
        back = time.monotonic() - ended
        driver.save_screenshot(str(ARTEFACTS / f"live-again-390-{lang}.png"))
        print(f"live again {back * 1000:.0f} ms after the flood ended ({lang})")
        time.sleep(2.5)  # and it stays live
        assert not reconnecting(driver)
        assert play_one(db, game_id) == 103
        wait_for(lambda: position(driver) == 103, 3)
    finally:
        same.stop()
        other.stop()
        driver.quit()

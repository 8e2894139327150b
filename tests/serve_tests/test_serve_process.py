"""``companion serve`` as a person starts it: the join link and its QR code, an app tab (one app
process), and a clean stop on SIGTERM and ctrl+c that ends every app process. Loopback only."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.helpers.serve import Served, alive, at_position, descendants, stored_examples


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    db = tmp_path / "games.sqlite3"
    at_position(db, stored_examples(db)["fortress"], 100)  # an unfinished game, to resume
    server = Served(db)
    yield server
    if server.process.poll() is None:
        server.process.kill()
        server.process.wait()


async def open_app_tab(link: str, session: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
    """A browser tab's websocket: the server starts one app process, which draws its first screen."""
    ws = await session.ws_connect(link.replace("http://", "ws://") + "app/ws?width=100&height=30")
    await ws.send_json(["resize", {"width": 100, "height": 30}])
    got = 0
    while got < 2000:  # the home screen, drawn
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        got += len(message.data)
    return ws


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_serve_prints_the_link_and_code_and_stops_cleanly_with_every_app_process(served: Served, signum: int) -> None:
    head = "".join(served.head)
    assert "▀" in head or "▄" in head  # the QR code of the link, in half blocks
    assert "Bound to 127.0.0.1" in head

    async def tab() -> set[int]:
        async with aiohttp.ClientSession() as session:
            ws = await open_app_tab(served.link, session)
            apps = descendants(served.process.pid)
            assert apps and all(alive(p) for p in apps)
            code, out, err = await asyncio.to_thread(served.stop, signum)
            assert code == 0, err
            assert "Stopped: every app tab was closed" in out
            assert "Traceback" not in out + err
            await ws.close()
            return apps

    apps = asyncio.run(tab())
    time.sleep(0.2)
    assert not [p for p in apps if alive(p)]


def test_the_served_app_tab_runs_companion_on_the_served_store(served: Served) -> None:
    """The app in the tab opens the served file: its home screen offers the unfinished game to resume."""

    async def tab() -> str:
        async with aiohttp.ClientSession() as session:
            ws = await open_app_tab(served.link, session)
            seen = b""
            deadline = time.monotonic() + 60  # the list comes once the store is read: seconds on a loaded machine
            while b"Aki" not in seen and time.monotonic() < deadline:
                try:
                    message = await asyncio.wait_for(ws.receive(), 2)
                except TimeoutError:
                    continue  # a quiet moment is not the end: the home screen lists the games after its first frame
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
            await ws.close()
            return seen.decode("utf-8", "replace")

    screen = asyncio.run(tab())
    assert "Aki" in screen  # a player of the example games, on the home screen's list
    code, _, _ = served.stop(signal.SIGTERM)
    assert code == 0


def test_a_port_in_use_is_refused_in_one_sentence(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "companion", "serve", "--port", str(port), "--db", str(tmp_path / "g.sqlite3")],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and f"port {port}" in run.stderr and "--port" in run.stderr


@pytest.mark.slow
def test_the_load_script_runs_bounded_on_loopback_and_reports_delay_and_memory() -> None:
    """scripts/load_serve.py at a small size (its default: 8 seat pages playing, 30 scoreboards, 2 tabs, 300 moves)."""
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, str(root / "scripts" / "load_serve.py"), "--boards", "2", "--tabs", "1", "--moves", "12"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "every page showed every move: yes" in run.stdout
    assert "played from 8 seat pages" in run.stdout
    assert "1000 of 1000 got an empty 404" in run.stdout
    last = run.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"p99 delay: \d+ ms; app tab memory: \d+ MB each", last), last


def test_a_file_that_is_not_a_games_file_is_refused_in_one_sentence(tmp_path: Path) -> None:
    other = tmp_path / "notes.sqlite3"
    other.write_bytes(b"these are not games\n" * 100)
    run = subprocess.run(
        [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(other)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert other.read_bytes() == b"these are not games\n" * 100  # never written

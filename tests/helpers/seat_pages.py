"""Seat pages of ``companion serve`` driven as players drive them on their phones (issue 28): one
headless Chromium page per seat, each on its own seat's link, every action entered by taps on the
buttons the page offers at that moment (``button[data-line]`` plays, ``button[data-prefix]`` goes on)
or typed into the free-text form when no button leads to it. Used by the browser tests and by
``scripts/bench_taps.py`` (which counts the taps)."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

WAIT = 30.0  # seconds a page may take to show a change (a bound on a hang, not a speed goal)
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

# each page notes when it first shows each position (the board's data-position), in seconds
NOTE_POSITIONS = """
window.seenAt = window.seenAt || {};
const note = () => { const m = document.querySelector('main');
  if (m && !(m.dataset.position in window.seenAt)) window.seenAt[m.dataset.position] = Date.now() / 1000;
  const b = document.querySelector('#board [data-position]');
  if (b && !(b.dataset.position in window.seenAt)) window.seenAt[b.dataset.position] = Date.now() / 1000; };
note();
new MutationObserver(note).observe(document.querySelector('main'),
  {attributes: true, childList: true, subtree: true, attributeFilter: ['data-position']});
"""


def browser(width: int = 390, height: int = 844, lang: str = "en") -> Any:
    """One headless Chromium with a fresh profile (a phone's screen by default)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not Path(CHROMIUM).exists() or not Path(CHROMEDRIVER).exists():
        raise RuntimeError("chromium and chromedriver are needed: apt-get install -y chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="seat-pages-")
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}", f"--lang={lang}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_window_size(width, height)
    return driver


def wait_for(condition: Callable[[], Any], seconds: float = WAIT, what: str = "") -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise TimeoutError(f"not within {seconds} s: {what}")


def ready(page: Any) -> str:
    """What the page shows: ``position:words chosen``, once its offers are in place ("" before)."""
    return str(page.execute_script("return document.querySelector('main').dataset.ready || ''"))


def offered(page: Any) -> tuple[list[str], list[str], list[str]]:
    """The lines the page plays by one tap, the words its other buttons go on with, and which of
    them are folded away (a tap to open their fold first)."""
    found = page.execute_script(
        "const q=s=>[...document.querySelectorAll(s)];"
        "return [q('#offers button[data-line]').map(b=>b.dataset.line),"
        "q('#offers button[data-prefix]').map(b=>b.dataset.prefix),"
        "q('#offers details:not([open]) button').map(b=>b.dataset.line||b.dataset.prefix||'')];"
    )
    return list(found[0]), list(found[1]), list(found[2])


def tap(page: Any, selector: str) -> None:
    """A tap on the button ``selector`` (inside a fold: opened first)."""
    page.execute_script(
        "const b=document.querySelector(arguments[0]);const d=b.closest('details');if(d)d.open=true;"
        "b.scrollIntoView({block:'center'});b.click();",
        selector,
    )


def quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def moved_on(page: Any, position: int, shown: str) -> bool:
    """The page shows other offers at move ``position`` than ``shown``."""
    now = ready(page)
    return now != shown and now.startswith(f"{position}:")


def enter(page: Any, line: str, position: int, before_play: Callable[[], None] = lambda: None) -> int:
    """Enter ``line`` on ``page`` (showing move ``position``) with the fewest taps it offers now;
    the taps (a character typed counts one). ``before_play`` is called just before the tap that plays."""
    taps = 0
    while True:
        shown = wait_for(
            lambda: (r := ready(page)).startswith(f"{position}:") and r, what=f"the offers at move {position}"
        )
        prefix = shown.split(":", 1)[1]
        lines, prefixes, folded = offered(page)
        if line in lines:
            before_play()
            tap(page, f"#offers button[data-line={quoted(line)}]")
            return taps + 1 + (line in folded)
        words = line.split()
        going = [p for p in prefixes if words[: len(p.split())] == p.split() and len(p.split()) > len(prefix.split())]
        if going:
            chosen = max(going, key=lambda p: len(p.split()))
            taps += 1 + (chosen in folded)
            tap(page, f"#offers button[data-prefix={quoted(chosen)}]")
            wait_for(functools.partial(moved_on, page, position, shown), what=f"the offers after {chosen!r}")
            continue
        box = page.find_element("css selector", "form[data-play] input[name=line]")
        typed = str(box.get_attribute("value") or "")
        if not line.startswith(typed):  # what the form holds is not the line's beginning: emptied (a tap)
            page.execute_script("arguments[0].value='';", box)
            typed, taps = "", taps + 1
        rest = line[len(typed) :]
        box.send_keys(rest)
        before_play()
        tap(page, "form[data-play] button[type=submit]")
        return taps + len(rest) + 1


class Served:
    """``companion serve`` on loopback for the store at ``db`` (the caller stops it with :meth:`stop`)."""

    def __init__(self, db: Path, lang: str = "en", *extra: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", "0", "--db", str(db), "--lang", lang, *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"},
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        self.root, self.link, self.head = "", "", []
        while time.monotonic() < deadline and not self.root:
            line = self.process.stdout.readline()
            if not line:
                break
            self.head.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+)/[\w-]+/", line)
            if found:
                self.root, self.link = found.group(1), found.group(0)
        if not self.root:
            self.stop()
            raise RuntimeError("companion serve did not start")

    def stop(self) -> tuple[str, str]:
        if self.process.poll() is None:
            self.process.terminate()
        out, err = self.process.communicate(timeout=30)
        return out, err


def seat_pages(
    root: str, tokens: Any, game_id: int, seats: int, lang: str = "en", size: tuple[int, int] = (390, 844)
) -> list[Any]:
    """One page per seat, each on its own seat's link, each noting when it shows each position."""
    pages = []
    for seat in range(seats):
        page = browser(*size, lang=lang)
        pages.append(page)
        page.get(f"{root}/{tokens.seat(game_id, seat)}/seat/{game_id}/{seat + 1}?lang={lang}")
        wait_for(functools.partial(ready, page), what="the seat page's first offers")
        page.execute_script(NOTE_POSITIONS)
    return pages

"""The seat clients of ``scripts/load_serve.py``: eight phones, one a seat of an 8-player Reign of
Dragoness game, each on its own loopback address, each using its seat page's HTTP interface as the
page's own script does (``companion/serve/seat_page.py``):

- the page is opened once (``GET`` the seat's link, as scanned from the scorer's page): its
  ``data-position``, ``data-revision`` and its configuration (the URLs of ``view``, ``play`` and the
  events);
- it follows the game's events; a board at another position than the page shows asks ``view``
  again (the offers, the coach for the hand kept in the browser, the position and the revision),
  one request at a time (a view asked for meanwhile follows the answer);
- a move is its line posted to ``play`` with the revision the page holds (the free-text form's
  request), then ``view`` again;
- with ``hands``, each seat types its hand once a round (the cards the record shows it playing in
  that round from there on), sent with every ``view`` as the page sends the hand kept in local
  storage, and kept as the server answers (the cards the table recorded taken out).

A seat plays only its own moves: the record's moves of that seat, each when its page shows the
position before it. Every time a page gets something is noted, for the delays from each stored move.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

SEATS = 8  # the record's table: Reign of Dragoness for 8


async def board_positions(session: aiohttp.ClientSession, url: str) -> AsyncIterator[tuple[int, float]]:
    """A game's event stream at ``url``: the position of each board it sends, and when it came."""
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
        assert response.status == 200, response.status
        data: list[str] = []
        async for raw in response.content:
            line = raw.decode()
            if line.startswith("data: "):
                data.append(line[6:])
            elif line == "\n" and data:
                found = re.search(r'data-position="(\d+)"', "".join(data))
                data = []
                if found is not None:
                    yield int(found.group(1)), time.time()


@dataclass(frozen=True)
class Move:
    """One recorded move: the seat that plays it (from 0) and its line in each language."""

    seat: int
    lines: dict[str, str]


@dataclass(frozen=True)
class Game:
    """The game served (at its start) and the moves to play; where each round starts (the position
    before its opening), and the cards each seat plays at each position (for the hands it types)."""

    game_id: int
    moves: list[Move]
    rounds: list[int]
    plays: list[list[tuple[int, str]]]


def prepare(db: Path, record_path: Path, moves: int) -> Game:
    """An 8-player Dragoness game at its start in ``db``, and the first ``moves`` moves of ``record_path``."""
    from companion.rules import dragoness
    from companion.serve.coach import played_by, shown
    from companion.serve.offers import actor, waiting_seat
    from companion.store import Store

    record = json.loads(record_path.read_text())
    with Store.open(db) as store:
        example = store.import_record(record)
        live = store.load(example)
        actions = live.actions
        game_id = store.new_game("dragoness", list(live.players))
        store.delete(example)
    assert isinstance(live.setup, dragoness.Setup) and len(live.players) == SEATS
    state = dragoness.new_state(live.setup)
    played: list[Move] = []
    rounds: list[int] = []
    plays: list[list[tuple[int, str]]] = [[] for _ in range(SEATS)]
    for n, action in enumerate(actions):  # the whole record: a hand is the round's, played or not
        assert isinstance(action, dragoness.ACTIONS)
        if isinstance(action, dragoness.Opening):
            rounds.append(n)
        seat = actor(state, action)
        seat = seat if seat is not None else (waiting_seat(state) or 0)
        if n < moves:
            played.append(Move(seat, {lang: dragoness.action_line(state, action, lang) for lang in ("en", "ja")}))
        for who in range(SEATS):
            cards = " ".join(shown(c) for c in played_by(state, action, who))
            if cards:
                plays[who].append((n, cards))
        state = dragoness.apply(state, action)[0]
    return Game(game_id, played, rounds, plays)


def held(game: Game, seat: int, position: int) -> str:
    """The cards ``seat`` holds at ``position`` as far as the record shows: those it plays from
    there to the end of the round (what a player types; the rest of a hand is never played)."""
    start = max((r for r in game.rounds if r <= position), default=0)
    end = min((r for r in game.rounds if r > start), default=10**9)
    return " ".join(cards for n, cards in game.plays[seat] if position <= n < end)


@dataclass
class SeatPage:
    """One phone on one seat's page: what its page shows, and when it got each position."""

    seat: int
    lang: str
    root: str  # http://127.0.0.1:PORT
    link: str  # the seat's page, as its code carries it
    session: aiohttp.ClientSession
    game: Game
    hands: bool  # the player types each round's hand
    config: dict[str, str] = field(default_factory=dict)
    position: int = 0  # main's data-position (the last view's answer)
    revision: int = 0  # main's data-revision
    typed: str = ""  # the hand kept in local storage, and the position it was typed at
    since: int = 0
    boards: dict[int, float] = field(default_factory=dict)  # position -> when its board first came
    ready: dict[int, float] = field(default_factory=dict)  # position -> when its view first answered
    views: int = 0
    failed: str = ""  # a refusal the page got (the run stops on it)
    _reached: int = 0
    _round: int = -1  # the round whose hand was typed (its start)
    _shown: int = 0
    _asking: bool = False
    _again: bool = False
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    _followed: asyncio.Event = field(default_factory=asyncio.Event)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def _later(self) -> None:
        """A view asked for without waiting for it (as the page's script calls ``view()``)."""
        task = asyncio.get_running_loop().create_task(self.view())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def open(self) -> None:
        """The page as the phone opens it: its position, revision and configuration."""
        async with self.session.get(self.link) as response:
            assert response.status == 200, (self.link, response.status)
            page = await response.text()
        main = re.search(r'<main[^>]*data-position="(\d+)" data-revision="(\d+)"', page)
        config = re.search(r'<script type="application/json" id="seat-config">(.*?)</script>', page, re.S)
        assert main is not None and config is not None, "the seat page changed its markup"
        self.position, self.revision = int(main.group(1)), int(main.group(2))
        self.config = json.loads(config.group(1))
        self.since = self.position

    async def follow(self) -> None:
        """The page's event stream (``follow`` in its script): each board noted, and a board at
        another position than the page shows asks for the view."""
        url = self.root + html.unescape(self.config["events"])
        async for position, now in board_positions(self.session, url):
            for n in range(self._reached + 1, position + 1):
                self.boards.setdefault(n, now)
            self._reached = max(self._reached, position)
            self._followed.set()
            if position != self.position:
                self._later()

    async def post(self, url: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.session.post(self.root + url, json=body) as response:
            text = await response.text()
            if "json" in response.headers.get("Content-Type", ""):
                return response.status, json.loads(text)
            return response.status, text.strip()

    async def view(self) -> None:
        """``view()`` of the page's script: one request at a time; one asked for meanwhile follows."""
        if self._asking:
            self._again = True
            return
        self._asking = True
        try:
            sent = self.typed
            status, answer = await self.post(
                self.config["view"], {"prefix": "", "hand": sent, "since": self.since, "lang": self.lang}
            )
            self.views += 1
            if status != 200:
                self.failed = f"seat {self.seat + 1}: view refused ({status}): {answer}"
                return
            now = time.time()
            position = int(answer["position"])
            for n in range(self._shown + 1, position + 1):
                self.ready.setdefault(n, now)
            self._shown = max(self._shown, position)
            self.position, self.revision = position, int(answer["revision"])
            if answer["dropped"] and self.typed == sent:
                self.typed, self.since = " ".join(answer["hand"]), position
            elif self.since != position:
                self.since = position
            start = max((r for r in self.game.rounds if r <= position), default=-1)
            if self.hands and start != self._round:  # a new round: the player types the new hand
                self._round = start
                self.typed, self.since = held(self.game, self.seat, position), position
                self._again = True
        finally:
            async with self._changed:
                self._changed.notify_all()
            self._asking = False
            if self._again:
                self._again = False
                self._later()

    async def showing(self, position: int) -> None:
        """Until the page shows ``position`` (its view answered for it)."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.position >= position or bool(self.failed))
        if self.failed:
            raise SystemExit(self.failed)

    async def play(self, line: str) -> float:
        """The line played from the form with the page's revision; when the answer came (the move
        stored). Then the view, as the page asks after acting."""
        status, answer = await self.post(
            self.config["play"], {"revision": self.revision, "lang": self.lang, "line": line}
        )
        stored = time.time()
        if status != 200:
            raise SystemExit(f"seat {self.seat + 1} was refused {line!r} ({status}): {answer}")
        self._later()
        return stored

    async def followed(self) -> None:
        await self._followed.wait()


def seat_links(index: str, game_id: int) -> list[str]:
    """Each seat's link on the scorer's page (the text under its code), in seat order."""
    found = re.findall(rf'<a href="(http://[^"]+/seat/{game_id}/(\d+)\?lang=\w+)"', index)
    links = {int(seat): html.unescape(url) for url, seat in found}
    return [links[seat] for seat in sorted(links)]


async def play_all(seats: list[SeatPage], moves: list[Move], pace: float, on_move: Any) -> dict[int, float]:
    """Every move played by its seat once its page shows the position before it, ``pace`` seconds
    later; when each was stored. ``on_move(n)`` is awaited before move ``n`` (from 1)."""
    stored: dict[int, float] = {}
    for n, move in enumerate(moves, 1):
        await on_move(n)
        player = seats[move.seat]
        await asyncio.wait_for(player.showing(n - 1), 30)
        await asyncio.sleep(pace)
        stored[n] = await player.play(move.lines[player.lang])
    return stored

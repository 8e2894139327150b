"""``companion serve``: one aiohttp server for the table.

- ``/T/`` the scorer's index (T: the master token), ``/T/app/`` the full table app through
  textual-serve (one app process a browser tab, on the same store: ``apps.py``);
- ``/G/game/ID`` a game's scoreboard and ``/G/game/ID/events`` its server-sent events;
  ``/G/coach/ID/SEAT`` a player's coach and ``.../answer`` its answers (G: the game's token, a
  seat's token, or T);
- ``/S/seat/ID/SEAT`` a seat's page, from which that player plays (``seats.py``; S: the seat's token).

Every request without the right token gets an empty 404, websockets included (a seat page's
request to act, a 403 and one sentence). Access is not logged (a coach's request carries a hand).
The server reads the store; it writes only the moves played from the seat pages (through the
store's ``play``, as the app does) and, once, the secret its links are made from.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from companion.rules.common import Lang, Refusal
from companion.serve import address, coach, lobby, pages, table_words
from companion.serve.address import exposure as exposure  # (re-exported: the start's sentence)
from companion.serve.apps import TableApps, _lang_of
from companion.serve.board import Follower, esc
from companion.serve.gate import Gate, GatedSite, Notices
from companion.serve.guard import Front, plain_headers, quiet_aiohttp, read_at_most
from companion.serve.seat_index import seat_links
from companion.serve.seats import Seats
from companion.serve.streams import StreamPool
from companion.serve.style import TABLE_STYLE
from companion.serve.tokens import SECRET, Tokens, new_token
from companion.serve.words import say
from companion.store import Store

TICK = 0.1  # seconds between two looks at the store: a move shows within this and a drawing
KEEPALIVE = 15.0  # seconds of silence before an event stream sends a comment (proxies close idle streams)
MAX_BODY = 2048  # bytes of one coach request
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def not_found() -> web.Response:
    """The answer to a request without the right token: 404 and nothing else."""
    return web.Response(status=404)


def sentence(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8")


def _int_segment(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


class Table:
    """The whole server: the store it follows, the tokens, the pages following games, the app tabs."""

    def __init__(
        self,
        db_path: Path,
        tokens: Tokens | None = None,
        lang: Lang = "en",
        app_command: str | None = None,
        new_links: bool = False,
    ) -> None:
        self.db_path = db_path
        self.lang: Lang = lang
        self.links_kept = True
        if tokens is None:
            if not db_path.exists():
                Store.open(db_path).close()
            with Store.open(db_path) as writer:  # the links' secret, kept in the file: a restart keeps them
                master, self.links_kept = writer.secret(SECRET, new_token, renew=new_links)
            tokens = Tokens(master)
        self.tokens = tokens
        self.store = _open_store(db_path)
        self.streams = StreamPool()  # fair shares per client address and per game (streams.py)
        self.follower = Follower(self.store, busy=lambda game_id: any(s.game_id == game_id for s in self.streams))
        self.closing = asyncio.Event()
        command = app_command or "exec " + shlex.join([sys.executable, "-m", "companion"])  # exec: no shell left behind
        self.apps = TableApps(command, db_path, lang)
        self._watcher: asyncio.Task[None] | None = None
        self.gate: Gate | None = None  # the connections' gate, when served by serve()
        self.public_base = ""  # http://ADDRESS:PORT as printed at start (phones use it)
        self.front = Front(address.own_names("127.0.0.1", "127.0.0.1"), lang)  # Host, Origin, errors (guard.py)
        self.seats = Seats(self)

    # ------------------------------------------------------------------ the application

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.front.middleware, self.guard], client_max_size=MAX_BODY * 4)
        app.on_response_prepare.append(plain_headers)
        master = self.tokens.master
        app.add_routes(
            [
                web.get(f"/{master}/", self.index),
                web.get(f"/{self.tokens.table()}/", self.table_page),
                web.get("/{token}/game/{game}", self.board),
                web.get("/{token}/game/{game}/events", self.events),
                web.get("/{token}/coach/{game}/{seat}", self.coach),
                web.post("/{token}/coach/{game}/{seat}/answer", self.answer),
                *self.seats.routes(),
            ]
        )
        app.add_subapp(f"/{master}/app/", self.apps.make_app())
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._stop)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The token first, before anything else is looked at: without it, an empty 404."""
        parts = request.path.split("/")
        if len(parts) < 3 or not parts[1]:
            return not_found()
        game_id = _int_segment(parts[3]) if len(parts) > 3 and parts[2] in ("game", "coach", "seat") else None
        table_page = len(parts) == 3 and not parts[2] and self.tokens.is_table(parts[1])
        if not table_page and not self.tokens.admits(parts[1], game_id):
            if request.method == "POST" and len(parts) == 6 and parts[2] == "seat" and parts[5] in ("play", "undo"):
                return sentence(403, table_words.say("seat.no_link", _lang_of(request, self.lang)))
            return not_found()
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return not_found()
        except web.HTTPMethodNotAllowed:
            return not_found()
        except web.HTTPException:
            raise
        except (ConnectionResetError, asyncio.CancelledError):
            raise
        except Exception as error:  # a bug: one line on the console (never a request's content), one sentence
            where = "/".join(parts[2:3])
            print(say("serve.bug", self.lang, what=type(error).__name__, where=where), file=sys.stderr)
            return sentence(500, say("serve.bug", _lang_of(request, self.lang), what=type(error).__name__, where=where))

    async def _start(self, app: web.Application) -> None:
        self._watcher = asyncio.create_task(self._watch())

    async def _stop(self, app: web.Application) -> None:
        """Every page following a game is told to end; every app process quits (or is killed)."""
        self.closing.set()
        for stream in list(self.streams):
            with contextlib.suppress(asyncio.QueueFull):
                stream.wake.put_nowait(False)
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        await self.apps.stop_all()

    async def _watch(self) -> None:
        while not self.closing.is_set():
            await asyncio.sleep(TICK)
            self.poke()

    def poke(self) -> None:
        """Look at the store now: every page following a game that changed is woken (each tick, and
        at once after a seat page played)."""
        try:
            changed = set(self.follower.look())
        except Refusal:  # the file is being replaced or is damaged: look again
            return
        for stream in list(self.streams):
            if stream.game_id in changed:
                with contextlib.suppress(asyncio.QueueFull):
                    stream.wake.put_nowait(True)

    # ------------------------------------------------------------------ pages

    def _game(self, request: web.Request) -> int:
        game_id = _int_segment(request.match_info["game"])
        if game_id is None:
            raise web.HTTPNotFound
        try:
            self.follower.game(game_id)
        except Refusal:
            raise web.HTTPNotFound from None
        return game_id

    def _urls(self, request: web.Request, game_id: int) -> tuple[str, str]:
        token = request.match_info["token"]
        return f"/{token}/game/{game_id}", f"/{token}/coach/{game_id}"

    def base(self, request: web.Request) -> str:
        """The address the links in codes carry: the one the scorer's browser used, or, for a scorer
        on this computer, the address printed at start (phones use it)."""
        base = f"{request.scheme}://{request.host}"
        if self.public_base and not address.network_address(address.host_of(request.host)):
            base = self.public_base  # a name or this computer: the codes carry the address phones use
        return base

    async def index(self, request: web.Request) -> web.Response:
        lang = _lang_of(request, self.lang)
        base = self.base(request)
        master = self.tokens.master
        parts = [
            f'<p><a href="/{master}/app/?lang={lang}"><b>{esc(say("index.app", lang))}</b></a></p>',
            f'<p class="private">{esc(say("index.private", lang))}</p>',
            f"<h2>{esc(say('index.games', lang))}</h2>",
        ]
        summaries = self.store.games()
        if not summaries:
            parts.append(f"<p>{esc(say('index.none', lang))}</p>")
        from companion.rules.games import ENGINES

        for summary in summaries[:30]:
            token = self.tokens.game(summary.id)
            board = f"/{token}/game/{summary.id}?lang={lang}"
            title = f"#{summary.id} {ENGINES[summary.game].TITLE.text(lang)} — {', '.join(summary.players)}"
            seats = " ".join(
                f'<a href="/{token}/coach/{summary.id}/{seat + 1}?lang={lang}">{esc(name)}</a>'
                for seat, name in enumerate(summary.players)
            )
            parts.append(
                f'<div class="game"><h3>{esc(title)}</h3>'
                f'<p><a href="{board}">{esc(say("index.board", lang))}</a></p>'
                f"<p>{esc(say('index.coach', lang))}{seats}</p>"
                f'<p class="sub">{esc(say("index.share", lang))}</p>{pages.qr_svg(base + board)}'
                f'<p class="sub link">{esc(base + board)}</p>'
                f"{seat_links(self.tokens, summary.id, summary.players, base, lang)}</div>"
            )
        other = "en" if lang == "ja" else "ja"
        return web.Response(
            text=pages.page(
                say("index.title", lang), lang, "".join(parts), f"?lang={other}", head=f"<style>{TABLE_STYLE}</style>"
            ),
            content_type="text/html",
        )

    async def table_page(self, request: web.Request) -> web.Response:
        return lobby.table_page(self.store, self.tokens, _lang_of(request, self.lang))

    async def board(self, request: web.Request) -> web.Response:
        lang = _lang_of(request, self.lang)
        game_id = self._game(request)
        _, html = self.follower.drawn(game_id, lang)
        board_url, _ = self._urls(request, game_id)
        title = say("board.title", lang) + f" #{game_id}"
        other = "en" if lang == "ja" else "ja"
        tv = request.query.get("tv") == "1"  # a TV across the room: the board fills the screen
        return web.Response(
            text=pages.board_page(
                title,
                lang,
                html,
                f"{board_url}/events?lang={lang}",
                f"{board_url}?lang={other}" + ("&tv=1" if tv else ""),
                head=f"<style>{TABLE_STYLE}</style>",
                kind="tv" if tv else "wide",
            ),
            content_type="text/html",
        )

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The scoreboard's content again at every change of the game (``event: board``), or with
        ``only=position`` just its number of moves (``event: position``, for the coach)."""
        lang = _lang_of(request, self.lang)
        game_id = self._game(request)
        only_position = request.query.get("only") == "position"
        peer = request.transport.get_extra_info("peername") if request.transport is not None else None
        stream = self.streams.admit(game_id, address.client_address(peer))
        if stream is None:
            busy = sentence(503, say("serve.busy", lang, n=len(self.streams)))
            busy.headers["Retry-After"] = "2"
            return busy
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        )
        try:
            await response.prepare(request)
            going = True
            while going and not stream.ended and not self.closing.is_set():
                try:
                    if only_position:
                        position = self.follower.position(game_id)
                        await response.write(f"event: position\ndata: {position}\n\n".encode())
                    else:
                        _, html = self.follower.drawn(game_id, lang)
                        position = self.follower.position(game_id)
                        data = "".join(f"data: {line}\n" for line in html.split("\n"))
                        await response.write(f"event: board\nid: {position}\n{data}\n".encode())
                except Refusal:  # the game was deleted
                    await response.write(b"event: gone\ndata: \n\n")
                    break
                while True:
                    try:
                        going = await asyncio.wait_for(stream.wake.get(), KEEPALIVE)
                        break
                    except TimeoutError:
                        await response.write(b": still here\n\n")
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.streams.discard(stream)
        return response

    def _seat(self, request: web.Request, game_id: int) -> tuple[int, str]:
        players = self.follower.game(game_id).live.players
        seat = _int_segment(request.match_info["seat"])
        if seat is None or not 1 <= seat <= len(players):
            raise web.HTTPBadRequest(
                text=say(
                    "serve.no_seat",
                    _lang_of(request, self.lang),
                    game=game_id,
                    seat=request.match_info["seat"][:20],
                    n=len(players),
                )
                + "\n"
            )
        return seat - 1, players[seat - 1]

    async def coach(self, request: web.Request) -> web.Response:
        lang = _lang_of(request, self.lang)
        game_id = self._game(request)
        seat, name = self._seat(request, game_id)
        board_url, coach_url = self._urls(request, game_id)
        here = f"{coach_url}/{seat + 1}"
        config = {
            "key": f"companion-coach:{self.tokens.game(game_id)[:8]}:{game_id}:{seat + 1}",
            "lang": lang,
            "position": self.follower.position(game_id),
            "answer": f"{here}/answer",
            "events": f"{board_url}/events?only=position",
        }
        other = "en" if lang == "ja" else "ja"
        title = f"{say('coach.title', lang)} #{game_id} {name}"
        return web.Response(
            text=pages.coach_page(title, lang, name, config, f"{here}?lang={other}", f"{board_url}?lang={lang}"),
            content_type="text/html",
        )

    async def answer(self, request: web.Request) -> web.Response:
        """The coach's answer for the hand in the request's body; the hand is used and forgotten."""
        lang = _lang_of(request, self.lang)
        game_id = self._game(request)
        seat, _ = self._seat(request, game_id)
        raw = await read_at_most(request, MAX_BODY + 1)
        try:
            body = json.loads(raw) if len(raw) <= MAX_BODY else None
        except ValueError:
            body = None
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("hand"), str)
            or not isinstance(body.get("since", 0), int)
            or isinstance(body.get("since", 0), bool)
        ):
            if len(raw) > MAX_BODY:
                return sentence(400, say("serve.too_long", lang, n=coach.MAX_HAND_CHARS))
            return sentence(400, say("serve.bad_request", lang))
        if body.get("lang") in ("en", "ja"):
            lang = "ja" if body["lang"] == "ja" else "en"
        hand: str = body["hand"]
        if len(hand) > coach.MAX_HAND_CHARS:
            return sentence(400, say("serve.too_long", lang, n=coach.MAX_HAND_CHARS))
        live = self.follower.game(game_id).live
        found = coach.answer(live, seat, hand, int(body.get("since", 0)), lang)
        return web.json_response(
            {"html": found.html, "hand": found.hand, "position": found.position, "dropped": found.dropped},
            headers={"Cache-Control": "no-store"},
        )

    def close(self) -> None:
        self.seats.close()
        self.store.close()


def _open_store(path: Path) -> Store:
    """The store read-only (the server never writes); a file not made yet is made first, as the
    app would make it."""
    if not path.exists():
        Store.open(path).close()
    return Store.open(path, readonly=True)


# ---------------------------------------------------------------------- running it


async def serve(table: Table, host: str, port: int, started: Callable[[str], None]) -> None:
    """Serve until SIGINT or SIGTERM, then stop cleanly (app processes ended, streams closed).
    Connections pass the gate (gate.py); ``started`` gets http://ADDRESS:PORT, ADDRESS the one phones use."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    notices = Notices(table.lang)
    quiet_aiohttp(notices)
    table.gate = table.front.gate = Gate(notices)
    runner = web.AppRunner(table.make_app(), access_log=None, handle_signals=False, shutdown_timeout=2.0)
    await runner.setup()
    try:
        site = GatedSite(runner, host, port, table.gate)
        await site.start()
        link_host = address.url_host(host)
        table.front.names |= address.own_names(host, link_host)
        table.public_base = f"http://{link_host}:{site.bound}"
        started(table.public_base)
        await stop.wait()
    finally:
        await runner.cleanup()
        table.close()


def environment_db() -> Path:
    from companion.store import default_db_path

    return Path(default_db_path())


def run(host: str, port: int, db: str | None, lang: Lang, new_links: bool = False) -> int:
    """``companion serve``: print the scorer's link, the table's page and its QR code; serve until stopped
    (``new_links``: with new links; the old ones open nothing any more)."""
    from rich.console import Console

    from companion.app.widgets.qr import qr_text

    path = Path(db) if db else environment_db()
    try:
        table = Table(path.resolve(), lang=lang, new_links=new_links)
    except Refusal as refusal:
        print(refusal.msg.text(lang), file=sys.stderr)
        return 2
    console = Console(highlight=False)

    def started(base: str) -> None:
        if new_links and table.links_kept:
            console.print(table_words.say("serve.new_links", lang))
        if not table.links_kept:
            console.print(table_words.say("serve.links_not_kept", lang))
        table_link = f"{base}/{table.tokens.table()}/"
        console.print(say("serve.join", lang) + f"{base}/{table.tokens.master}/", soft_wrap=True)
        console.print(say("serve.scan", lang) + table_link, soft_wrap=True)
        console.print(qr_text(table_link))
        if address.every_network(host) and address.loopback(address.host_of(base.split("//", 1)[1])):
            console.print(say("serve.no_lan", lang))
        console.print(say(exposure(host), lang))
        console.print(say("serve.stop", lang))
        sys.stdout.flush()

    try:
        asyncio.run(serve(table, host, port, started))
    except OSError as error:
        print(say("serve.port", lang, host=host, port=port, reason=error.strerror or error), file=sys.stderr)
        return 2
    console.print(say("serve.stopped", lang))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run("127.0.0.1", int(os.environ.get("PORT", "8765")), None, "en"))

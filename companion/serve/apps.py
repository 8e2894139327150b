"""``companion serve``: the full table app in a browser tab, through textual-serve (``/T/app/``):
one app process a tab, on the served store, every one ended when the server stops. The app speaks
the page's language (``?lang=``, else ``serve --lang``), whatever language the app last remembered."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from companion.rules.common import Lang
from companion.serve.words import say

MAX_APP_TABS = 6  # app processes at once (each a Python process of some 50 MB)
APP_QUIT_WAIT = 3.0  # seconds an app process has to quit before it is killed


class TableApps(Server):
    """textual-serve's server as a sub-application: the index page, the websocket that runs one app
    process a tab, the downloads and its static files; every app process is known, so that a stop
    ends them all."""

    def __init__(self, command: str, db_path: Path, lang: Lang = "en") -> None:
        super().__init__(command, title="companion")
        self.db_path = db_path
        self.lang: Lang = lang
        self.services: set[AppService] = set()

    def make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/ws/en", self.handle_websocket, name="websocket-en"),
                web.get("/ws/ja", self.handle_websocket, name="websocket-ja"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        return app

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, its links made from the address the browser used (a phone on the
        network reaches the server by another name than this computer does), without its web font
        from the internet (the table may have none) and sending no referrer."""
        base = f"{request.scheme}://{request.host}"
        router = request.app.router
        # textual.js adds its own query to the websocket's address: the language goes in its path
        lang = request.query.get("lang")
        ws = router["websocket-ja" if lang == "ja" else "websocket-en" if lang == "en" else "websocket"].url_for()
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": ("wss://" if request.scheme == "https" else "ws://") + request.host + str(ws),
            "config": {"static": {"url": base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        page = (response.text or "").replace("<head>", '<head><meta name="referrer" content="no-referrer">', 1)
        response.text = re.sub(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com[^>]*>', "", page)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        asked = request.path.rsplit("/", 1)[-1]
        lang: Lang = "ja" if asked == "ja" else "en" if asked == "en" else self.lang
        if len(self.services) >= MAX_APP_TABS:
            raise web.HTTPServiceUnavailable(text=say("serve.tabs", lang, n=MAX_APP_TABS))
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = _AppProcess(
                f"{self.command} --lang {lang}",
                self.db_path,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            self.services.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except (asyncio.CancelledError, ConnectionResetError):
            with contextlib.suppress(Exception):
                await websocket.close()
        finally:
            if service is not None:
                await stop_service(service)
                self.services.discard(service)
        return websocket

    async def stop_all(self) -> None:
        await asyncio.gather(*(stop_service(s) for s in list(self.services)), return_exceptions=True)
        self.services.clear()


class _AppProcess(AppService):
    """One app process, on the served store (``COMPANION_DB``)."""

    def __init__(self, command: str, db_path: Path, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.db_path = db_path

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["COMPANION_DB"] = str(self.db_path)
        return environment


async def stop_service(service: AppService) -> None:
    """Ask the app to quit; one that has not quit within :data:`APP_QUIT_WAIT` is killed."""
    process = service._process
    with contextlib.suppress(Exception):  # TimeoutError included: killed below
        await asyncio.wait_for(service.stop(), APP_QUIT_WAIT)
    if process is not None and process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(process.wait(), APP_QUIT_WAIT)


def _lang_of(request: web.Request, default: Lang = "en") -> Lang:
    asked = request.query.get("lang")
    if asked in ("en", "ja"):
        return "ja" if asked == "ja" else "en"
    accept = request.headers.get("Accept-Language", "").strip().lower()
    if accept:
        return "ja" if accept.startswith("ja") else "en"
    return default

"""What every request passes before its token is looked at, and what every answer carries.

- **Host**: a request must name this server (its addresses, its names, loopback): a page of another
  site whose name was pointed at this computer's address (DNS rebinding) gets 421 and nothing else.
- **Origin**: the app's websocket and every request that could change something (not GET or HEAD)
  are refused (403) when a browser says they come from a page of another origin.
- **Errors**: whatever goes wrong in a handler is one line on the console and one sentence to the
  browser, never a traceback; aiohttp's own complaints (malformed requests) are counted, not printed.
- **Headers**: no ``Server`` header (nothing says which software or version answers); no sniffing of
  content types, no framing by another site.
- The gate (:mod:`companion.serve.gate`) is told when a request starts and when its answer was sent,
  so that it never closes a connection that is being answered.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable

from aiohttp import web

from companion.rules.common import Lang
from companion.serve.address import host_of, same_address
from companion.serve.gate import Gate, Notices
from companion.serve.words import say

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
SAFE = ("GET", "HEAD", "OPTIONS")


def _lang_of(request: web.Request, default: Lang) -> Lang:
    asked = request.query.get("lang")
    return "ja" if asked == "ja" else "en" if asked == "en" else default


def _sentence(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8")


class Front:
    """The middleware in front of every route (the app's sub-application included)."""

    def __init__(self, names: set[str], lang: Lang = "en", gate: Gate | None = None) -> None:
        self.names = {n.lower() for n in names}
        self.lang: Lang = lang
        self.gate = gate

    def own_host(self, request: web.BaseRequest) -> bool:
        header = request.headers.get("Host")
        if header is None:
            return False
        host = host_of(header)
        if host in self.names:
            return True
        sockname = request.transport.get_extra_info("sockname") if request.transport is not None else None
        return isinstance(sockname, tuple) and same_address(host, str(sockname[0]))

    def same_origin(self, request: web.BaseRequest) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:  # not sent by a browser's page: no other site is speaking through it
            return True
        return origin.strip().lower() == f"{request.scheme}://{request.headers.get('Host', '')}".lower()

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        connection = self.gate.begin(request) if self.gate is not None else None
        try:
            if not self.own_host(request):
                return _sentence(421, say("guard.host", _lang_of(request, self.lang)))
            upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
            if (upgrade or request.method not in SAFE) and not self.same_origin(request):
                return _sentence(403, say("guard.origin", _lang_of(request, self.lang)))
            response = await handler(request)
            if type(response) is web.Response and not response.prepared:  # (a FileResponse is small, sent after)
                await response.prepare(request)  # sent here, so that the gate sees it in progress until sent
                await response.write_eof()
            return response
        except (web.HTTPException, ConnectionError, asyncio.CancelledError):
            raise
        except Exception as error:  # a bug: one line on the console (never a request's content), one sentence
            where = request.path.split("/")[2][:20] if request.path.count("/") >= 2 else ""
            what = type(error).__name__
            print(say("serve.bug", self.lang, what=what, where=where), file=sys.stderr, flush=True)
            return _sentence(500, say("serve.bug", _lang_of(request, self.lang), what=what, where=where))
        finally:
            if self.gate is not None:
                self.gate.end(connection)


async def read_at_most(request: web.BaseRequest, limit: int) -> bytes:
    """A request's body, whole, or its first ``limit`` bytes when it is longer (``content.read(n)``
    alone returns what has arrived so far: a body sent in two packets would be read cut). A body
    that never ends is the gate's: it closes the connection after its time limit."""
    body = b""
    while len(body) < limit:
        chunk = await request.content.read(limit - len(body))
        if not chunk:
            break
        body += chunk
    return body


async def plain_headers(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: no ``Server`` header; no content sniffing; no framing by other sites."""
    response.headers.popall("Server", None)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")


class _Counted(logging.Handler):
    """aiohttp's log records (a malformed request, a connection lost while answering): counted for
    the gate's line a minute, never printed with a traceback."""

    def __init__(self, notices: Notices) -> None:
        super().__init__(logging.DEBUG)
        self.notices = notices

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.WARNING:
            self.notices.count("malformed")


def quiet_aiohttp(notices: Notices) -> None:
    """Route aiohttp's loggers to ``notices``, and let the answers aiohttp makes by itself (to a
    request it cannot parse, before any route or middleware) name no version either: those alone are
    not seen by :func:`plain_headers`. Called when the server starts (``serve``), not on import."""
    from aiohttp import web_response

    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.access"):
        logger = logging.getLogger(name)
        logger.handlers = [_Counted(notices)]
        logger.propagate = False
    web_response.SERVER_SOFTWARE = "companion"  # type: ignore[attr-defined]  # read by StreamResponse._prepare_headers

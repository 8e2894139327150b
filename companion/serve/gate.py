"""Every connection passes the gate before aiohttp sees it, so that idle and half-sent connections
cannot use up the process's file descriptors (a phone on the same Wi-Fi can open thousands).

- At most :func:`capacity` connections at once (the descriptor limit less a reserve for the listen
  backlog's burst of accepts, the app tabs' pipes and the store) and :data:`PER_ADDRESS` from one
  client address. A connection beyond either makes room by closing the oldest *idle* one (no request
  in progress: waiting for its first request's head, or between two requests) of its own address,
  else of the address holding the most; when none is idle it is closed at once. A request in
  progress (a page being answered, an event stream, an app tab's websocket) is never closed for room.
- An idle connection is closed after :data:`IDLE` seconds (a request's head must arrive within it); a
  request's body must have arrived :data:`BODY` seconds after its head; a response the client does
  not read for :data:`STALLED` seconds ends its connection.
- What was refused or closed is said on the console in one line a minute at most (:class:`Notices`),
  and the event loop's own complaints about accepting (``Too many open files``) go to the same line,
  never as tracebacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from aiohttp import web

from companion.rules.common import Lang
from companion.serve.address import client_address
from companion.serve.words import say

PER_ADDRESS = 32  # connections from one address (a browser keeps 6 to one server, and an app tab's websocket)
RESERVE = 256  # descriptors kept for all but connections: a burst of accepts (the backlog, 128), pipes, the store
MOST = 4096  # connections at once however high the limit (each costs some memory)
IDLE = 10.0  # seconds a connection may wait for a request's head, or between two requests
BODY = 10.0  # seconds a request's body may take after its head (bodies here are a few kilobytes)
STALLED = 30.0  # seconds a response may wait for a client that reads nothing
SWEEP = 1.0  # seconds between two looks at the connections
EVERY = 60.0  # seconds between two console lines about refused connections


def capacity(reserve: int = RESERVE, most: int = MOST) -> int:
    """Connections this process can hold at once: its descriptor limit less ``reserve``."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(16, min(most, soft - reserve))


class Notices:
    """Counts what the gate refused or closed and says it on the console at most once every
    :data:`EVERY` seconds, in one line: how many, why, and the address that caused the most."""

    def __init__(
        self, lang: Lang, out: TextIO | None = None, clock: Callable[[], float] = time.monotonic, every: float = EVERY
    ) -> None:
        self.lang: Lang = lang
        self.out = out
        self.clock = clock
        self.every = every
        self.counts: Counter[str] = Counter()  # why -> how many, since the last line
        self.addresses: Counter[str] = Counter()
        self.last = -float("inf")
        self.total: Counter[str] = Counter()  # since start

    def count(self, why: str, address: str = "") -> None:
        self.counts[why] += 1
        self.total[why] += 1
        if address:
            self.addresses[address] += 1

    def say_now(self) -> str | None:
        """The line to print now, if any (and it is then counted as printed)."""
        now = self.clock()
        if not self.counts or now - self.last < self.every:
            return None
        self.last = now
        whys = "、" if self.lang == "ja" else ", "
        whys = whys.join(
            say("gate.count", self.lang, why=say("gate." + why, self.lang), n=f"{n:,}")
            for why, n in sorted(self.counts.items())
        )
        most = self.addresses.most_common(1)
        line = say("gate.line", self.lang, whys=whys, address=most[0][0] if most else "?")
        self.counts.clear()
        self.addresses.clear()
        return line

    def flush(self) -> None:
        line = self.say_now()
        if line is not None:
            print(line, file=self.out or sys.stderr, flush=True)


@dataclass(eq=False)
class Connection:
    transport: asyncio.Transport
    address: str
    since: float  # when it last became idle (opened, or its last request answered)
    busy: int = 0  # requests in progress
    served: int = 0
    request: web.BaseRequest | None = None
    request_since: float = 0.0
    stalled_since: float | None = None
    closed: bool = field(default=False)


class Gate:
    def __init__(
        self,
        notices: Notices,
        total: int | None = None,
        per_address: int = PER_ADDRESS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.notices = notices
        self.total = total if total is not None else capacity()
        self.per_address = per_address
        self.clock = clock
        self.open: dict[asyncio.BaseTransport, Connection] = {}  # insertion order: oldest first
        self.by_address: Counter[str] = Counter()
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ connections

    def admit(self, transport: asyncio.Transport) -> Connection | None:
        address = client_address(transport.get_extra_info("peername"))
        if self.by_address[address] >= self.per_address:
            victim = self._idle(address)
            why = "address"
        elif len(self.open) >= self.total:
            most = self.by_address.most_common(1)[0][0]
            victim = self._idle(most) or self._idle(None)
            why = "full"
        else:
            victim, why = None, ""
        if why:
            self.notices.count(why, address)
            if victim is None:
                return None
            self.close(victim)
        connection = Connection(transport, address, self.clock())
        self.open[transport] = connection
        self.by_address[address] += 1
        return connection

    def _idle(self, address: str | None) -> Connection | None:
        """The idle connection to close first (of ``address``, or of any): one that never had a
        request before one kept alive between two, the oldest first."""
        best: Connection | None = None
        for connection in self.open.values():
            if connection.busy or (address is not None and connection.address != address):
                continue
            if best is None or (connection.served > 0) < (best.served > 0):
                best = connection
                if not connection.served:
                    break
        return best

    def close(self, connection: Connection) -> None:
        if not connection.closed:
            connection.closed = True
            self.forget(connection)
            connection.transport.abort()

    def forget(self, connection: Connection) -> None:
        if self.open.pop(connection.transport, None) is not None:
            self.by_address[connection.address] -= 1
            if self.by_address[connection.address] <= 0:
                del self.by_address[connection.address]

    # ------------------------------------------------------------------ requests

    def begin(self, request: web.BaseRequest) -> Connection | None:
        connection = self.open.get(request.transport) if request.transport is not None else None
        if connection is not None:
            connection.busy += 1
            connection.request = request
            connection.request_since = self.clock()
        return connection

    def end(self, connection: Connection | None) -> None:
        if connection is not None:
            connection.busy = max(0, connection.busy - 1)
            connection.served += 1
            connection.request = None
            connection.since = self.clock()

    # ------------------------------------------------------------------ the sweep

    def sweep(self) -> None:
        """Close what waited too long: an idle connection, a body that does not come, a response
        not read."""
        now = self.clock()
        for connection in list(self.open.values()):
            transport = connection.transport
            if transport.is_closing():
                continue
            why = ""
            if not connection.busy:
                if now - connection.since > IDLE:
                    why = "idle"
            else:
                request = connection.request
                if request is not None and not request.content.is_eof() and now - connection.request_since > BODY:
                    why = "slow"
                if transport.get_write_buffer_size() > 0:
                    connection.stalled_since = connection.stalled_since or now
                    if now - connection.stalled_since > STALLED:
                        why = "stalled"
                else:
                    connection.stalled_since = None
            if why:
                if why != "idle":  # an idle connection closed is no event: browsers open them ahead
                    self.notices.count(why, connection.address)
                self.close(connection)
        self.notices.flush()

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            self.sweep()

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self._sweep_forever())
        default = loop.get_exception_handler()

        def quiet(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            """The loop's complaint that it could not accept (out of descriptors, of memory): counted,
            not printed as a traceback; anything else goes on as before."""
            error = context.get("exception")
            if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                self.notices.count("descriptors")
                return
            if default is not None:
                default(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(quiet)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    def protocol(self, server: web.Server) -> Callable[[], asyncio.Protocol]:
        return lambda: _Gated(self, server)


class _Gated(asyncio.Protocol):
    """aiohttp's protocol for one connection, made only once the gate admitted the connection."""

    def __init__(self, gate: Gate, server: web.Server) -> None:
        self.gate = gate
        self.server = server
        self.inner: asyncio.Protocol | None = None
        self.connection: Connection | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.connection = self.gate.admit(transport)
        if self.connection is None:
            transport.abort()
            return
        self.inner = self.server()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.connection is not None:
            self.gate.forget(self.connection)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()


class GatedSite(web.BaseSite):
    """A TCP site whose connections pass the gate (aiohttp's TCPSite, with the gate's protocol)."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: Gate, backlog: int = 128) -> None:
        super().__init__(runner, backlog=backlog)
        self._gate = gate
        self._host = host
        self._port = port
        self.bound = port

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self.bound}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        loop = asyncio.get_running_loop()
        self._server = listening = await loop.create_server(
            self._gate.protocol(server), self._host or None, self._port, backlog=self._backlog, reuse_address=True
        )
        if listening.sockets:
            self.bound = int(listening.sockets[0].getsockname()[1])
        self._gate.start()

    async def stop(self) -> None:
        await self._gate.stop()
        await super().stop()

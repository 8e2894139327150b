"""Load test of ``companion serve``, on loopback only and bounded in count and time.

A server on 127.0.0.1 (a port the system chooses) and an 8-player Reign of Dragoness game, played
from its eight seat pages: one client a seat, each on its own loopback address (127.0.5.N, as each
phone has its own on the Wi-Fi), each using its page's HTTP interface as the page's script does
(``load_seats.py``: the page opened from the link on the scorer's page, its event stream followed,
``view`` asked at each new position, its own moves of the example record posted to ``play`` with the
revision the page holds; with ``--hands``, the hand each player types once a round sent with every
``view``). Meanwhile 30 scoreboards (server-sent events) and 2 app tabs (websockets, each its own
app process, opened on that game) follow, each from its own address (127.0.1.N). The second half of
the moves is played during a flood of 1,000 requests with wrong tokens, and, if asked, while another
address holds idle connections (``--idle-flood``, the server limited to ``--nofile`` descriptors)
and event streams (``--stream-flood``) (the floods from 127.0.2-4.N).

For each move: the delay from its being stored (the seat's ``play`` answered: the store's write
acknowledged) to its arrival on each scoreboard and on each other seat's page (its board), and to
each other seat page's offers for the new position (its ``view`` answered). Reported: that every page
showed every move; the median, 99th percentile and worst of the delays (goal: a 99th percentile of
at most 300 ms), before and during the flood; the slowest answer of the scorer's page during the
flood; the server's memory (RSS) when every page was following, halfway, at its highest and at the
end, after every 100th move (and its growth a 100 moves after the first 100: flat is about 0), and
that of each app tab's process; the server's CPU time a move; the machine's load average
(other work shares the cores). The last line: ``p99 delay: N ms; app tab memory: M MB each``.

    python scripts/load_serve.py [--boards 30] [--tabs 2] [--moves 300] [--pace 0.1] [--hands]
        [--idle-flood 1100 --nofile 1024] [--stream-flood 64] [--trace DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from load_seats import SEATS, SeatPage, board_positions, play_all, prepare, seat_links

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RECORD = ROOT / "examples" / "records" / "dragoness.json"  # 8 players, 608 moves

TIME_LIMIT = 240.0  # seconds: the whole run, whatever happens (tracing: 900)
EVERY = 100  # the server's memory is noted after every this many moves


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (from /proc: on a shared machine, steadier than the wall clock)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found.extend(children)
            todo.extend(children)
    return found


async def follow(session: aiohttp.ClientSession, url: str, arrived: dict[int, float], ready: asyncio.Event) -> None:
    """One scoreboard: note when each move first reaches it (the first board at its position or
    later; several moves in one tick arrive together). A move whose position is never reached is missing."""
    reached = 0
    async for position, now in board_positions(session, url):
        for n in range(reached + 1, position + 1):
            arrived.setdefault(n, now)
        reached = max(reached, position)
        ready.set()


async def app_tab(session: aiohttp.ClientSession, url: str, opened: asyncio.Event) -> None:
    """One app tab: its own app process, opened on the (only unfinished) game; its output read and dropped."""
    async with session.ws_connect(url) as ws:
        await ws.send_json(["resize", {"width": 120, "height": 40}])
        received = 0
        sent = False
        async for message in ws:
            received += len(message.data) if message.type == aiohttp.WSMsgType.BINARY else 0
            if not sent and received > 2000:
                await asyncio.sleep(1.5)  # the home screen lists the unfinished games after its first frame
                await ws.send_json(["stdin", "\t"])
                await asyncio.sleep(0.3)
                await ws.send_json(["stdin", "\r"])
                sent = True
                await asyncio.sleep(1.5)
                opened.set()


def session_from(address: str) -> aiohttp.ClientSession:
    """A client on its own loopback address (a phone of its own, to the server's limits per address)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))


async def flood(root: str, count: int) -> int:
    """``count`` requests with wrong tokens, 50 at a time from five addresses; how many got an empty 404."""
    refused = 0
    sessions = [session_from(f"127.0.2.{i}") for i in range(1, 6)]
    limits = [asyncio.Semaphore(10) for _ in sessions]

    async def one(i: int) -> None:
        nonlocal refused
        session = sessions[i % len(sessions)]
        async with limits[i % len(sessions)], session.get(f"{root}/{i:022d}/game/1/events") as response:
            body = await response.read()
            refused += response.status == 404 and not body

    try:
        await asyncio.gather(*(one(i) for i in range(count)))
    finally:
        for session in sessions:
            await session.close()
    return refused


def hold_idle(port: int, count: int) -> list[socket.socket]:
    """``count`` connections from one address that never send a byte (opened, not waited for)."""
    held = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.3.1", 0))
        s.setblocking(False)
        with contextlib.suppress(BlockingIOError, OSError):
            s.connect(("127.0.0.1", port))
        held.append(s)
    return held


def hold_streams(port: int, path: str, count: int) -> list[socket.socket]:
    """``count`` event streams asked for from one address, never read."""
    held = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.4.1", 0))
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        except OSError:
            s.close()
            continue
        held.append(s)
    return held


async def scorer_page(link: str, times: list[tuple[bool, float]], flooding: asyncio.Event, stop: asyncio.Event) -> None:
    """The scorer's page asked for twice a second (from 127.0.0.1) until ``stop``: each answer's time,
    and whether the floods were on."""
    async with aiohttp.ClientSession() as session:
        while not stop.is_set():
            start = time.monotonic()
            try:
                async with session.get(link, timeout=aiohttp.ClientTimeout(total=10)) as response:
                    await response.read()
                    ok = response.status == 200
            except (aiohttp.ClientError, TimeoutError):
                ok = False
            times.append((flooding.is_set(), time.monotonic() - start if ok else float("inf")))
            await asyncio.sleep(0.5)


async def drain(stream: asyncio.StreamReader, said: list[bytes]) -> None:
    kept = 0
    while chunk := await stream.read(65536):
        if kept < 1_000_000:
            said.append(chunk)
            kept += len(chunk)


async def sample_memory(pid: int, samples: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        with contextlib.suppress(OSError):
            samples.append(rss_mb(pid))
        await asyncio.sleep(0.5)


async def start_server(db: Path, nofile: int, trace: Path | None = None) -> tuple[asyncio.subprocess.Process, str]:
    """``companion serve`` on 127.0.0.1 (a port the system chooses) and the scorer's link it printed
    (``trace``: under tracemalloc, its snapshots written there: ``serve_traced.py``)."""

    def limit() -> None:
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    run = ["-m", "companion"] if trace is None else [str(ROOT / "scripts" / "serve_traced.py"), str(trace)]
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        *run,
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--db",
        str(db),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=limit,
    )
    assert server.stdout is not None
    link = ""
    while not link:
        line = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
        if not line:
            raise SystemExit("the server did not start")
        found = re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", line)
        link = found.group(0) if found else ""
    return server, link


@dataclass
class Measured:
    """What a run saw."""

    stored: dict[int, float]  # move (from 1) -> when its seat's play was answered
    players: list[int]  # move (from 1) - 1 -> the seat that played it
    boards: list[dict[int, float]]  # each scoreboard: position -> when it first showed it
    seats: list[SeatPage]
    half: int
    refused: int
    scorer_times: list[tuple[bool, float]]
    memory: dict[str, float]  # server RSS: start, middle, most, end
    every: dict[int, float]  # server RSS after each hundredth move (every page showing it)
    cpu_move: float  # server CPU seconds a move
    client_cpu_move: float  # this script's
    tabs: dict[int, tuple[float, float]]  # app tab pid -> (idle, end) MB
    console: str
    load: tuple[float, float]  # load average (1 min) at start and end
    seconds: float


async def run(args: argparse.Namespace) -> Measured:
    folder = Path(tempfile.mkdtemp(prefix="companion-load-"))
    db = folder / "games.sqlite3"
    game = prepare(db, RECORD, args.moves)
    load_start = os.getloadavg()[0]
    server, link = await start_server(db, args.nofile, args.trace)
    assert server.stderr is not None
    said: list[bytes] = []  # the server's console, read as it comes (a full pipe would stop the server)
    draining = asyncio.create_task(drain(server.stderr, said))
    root = "/".join(link.split("/")[:3])
    port = int(root.rsplit(":", 1)[1])
    held: list[socket.socket] = []
    scorer_times: list[tuple[bool, float]] = []
    flood_on = asyncio.Event()
    server_memory: list[float] = []
    stopping = asyncio.Event()
    sessions = [session_from(f"127.0.1.{i + 1}") for i in range(args.boards + args.tabs)]
    phones = [session_from(f"127.0.5.{i + 1}") for i in range(SEATS)]
    memory: dict[str, float] = {}
    every: dict[int, float] = {}  # server RSS after each hundredth move
    flooding: asyncio.Task[int] | None = None
    tasks: list[asyncio.Task[None]] = []
    try:
        async with aiohttp.ClientSession() as session:
            index = await (await session.get(link)).text()
            board = re.search(rf'href="(/[\w-]+/game/{game.game_id})\?lang=en"', index)
            assert board is not None
            boards: list[dict[int, float]] = [{} for _ in range(args.boards)]
            readies = [asyncio.Event() for _ in boards]
            events = f"{root}{board.group(1)}/events?lang="
            tasks += [
                asyncio.create_task(follow(sessions[i], events + ("ja" if i % 2 else "en"), arrived, ready))
                for i, (arrived, ready) in enumerate(zip(boards, readies, strict=True))
            ]
            opened = [asyncio.Event() for _ in range(args.tabs)]
            ws_url = link.replace("http://", "ws://") + "app/ws?width=120&height=40"
            tasks += [
                asyncio.create_task(app_tab(sessions[args.boards + i], ws_url, event)) for i, event in enumerate(opened)
            ]
            seats = []
            for seat, url in enumerate(seat_links(index, game.game_id)):
                lang = "ja" if seat % 2 else "en"
                page = url.split("?", 1)[0] + f"?lang={lang}"
                seats.append(SeatPage(seat, lang, root, page, phones[seat], game, args.hands))
            for phone in seats:
                await phone.open()
                tasks.append(asyncio.create_task(phone.follow()))
                await phone.view()  # the page's first view, as its script asks at once
            ready = [e.wait() for e in readies + opened] + [s.followed() for s in seats]
            await asyncio.wait_for(asyncio.gather(*ready), 90)
            memory_idle = {pid: rss_mb(pid) for pid in descendants(server.pid)}
            memory["start"] = rss_mb(server.pid)
            cpu_start, client_start, began = cpu_seconds(server.pid), time.process_time(), time.monotonic()
            tasks.append(asyncio.create_task(sample_memory(server.pid, server_memory, stopping)))
            tasks.append(asyncio.create_task(scorer_page(link, scorer_times, flood_on, stopping)))
            half = len(game.moves) // 2

            async def before(n: int) -> None:
                nonlocal flooding, held
                if n > 1 and (n - 1) % EVERY == 0:
                    await hundredth(n - 1)
                if n == half + 1:
                    memory["middle"] = rss_mb(server.pid)
                    flooding = asyncio.create_task(flood(root, 1000))
                    held += hold_idle(port, args.idle_flood)
                    held += hold_streams(port, board.group(1) + "/events", args.stream_flood)
                    flood_on.set()

            async def hundredth(played: int) -> None:
                """RSS after ``played`` moves (every page has shown them), and a snapshot if tracing."""
                await asyncio.wait_for(arrived_everywhere(boards, seats, played), 30)
                if args.trace is not None:
                    done = args.trace / f"{len(every) + 1}.done"
                    server.send_signal(signal.SIGUSR1)
                    while not done.exists():
                        await asyncio.sleep(0.2)
                every[played] = rss_mb(server.pid)

            stored = await play_all(seats, game.moves, args.pace, before)
            seconds = time.monotonic() - began
            answered = time.monotonic() + 15  # a short run: the scorer's page asked at least once during the floods
            while not any(on for on, _ in scorer_times) and time.monotonic() < answered:
                await asyncio.sleep(0.1)
            stopping.set()
            refused = await flooding if flooding is not None else 0
            last = len(game.moves)
            with contextlib.suppress(TimeoutError):  # every page's last move (a missing one is reported)
                await asyncio.wait_for(arrived_everywhere(boards, seats, last), 10)
            cpu_used = cpu_seconds(server.pid) - cpu_start
            if last % EVERY == 0:
                await hundredth(last)
            client_used = time.process_time() - client_start
            await asyncio.sleep(2.0)
            memory_end = {pid: rss_mb(pid) for pid in descendants(server.pid)}
            memory["end"] = rss_mb(server.pid)
            memory["most"] = max([*server_memory, memory["end"]])
    finally:
        for task in tasks:
            task.cancel()
        for s in held:
            s.close()
        for client in sessions + phones:
            await client.close()
        server.terminate()
        try:
            await asyncio.wait_for(server.wait(), 30)
        except TimeoutError:
            server.kill()
            await server.wait()
        await asyncio.wait_for(draining, 10)
    return Measured(
        stored,
        [m.seat for m in game.moves],
        boards,
        seats,
        half,
        refused,
        scorer_times,
        memory,
        every,
        cpu_used / len(stored),
        client_used / len(stored),
        {pid: (memory_idle.get(pid, 0.0), mb) for pid, mb in memory_end.items()},
        b"".join(said).decode("utf-8", "replace"),
        (load_start, os.getloadavg()[0]),
        seconds,
    )


async def arrived_everywhere(boards: list[dict[int, float]], seats: list[SeatPage], last: int) -> None:
    while not all(last in b for b in boards) or not all(last in s.boards and last in s.ready for s in seats):
        await asyncio.sleep(0.05)


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]


def ms(values: list[float]) -> str:
    """Median, 99th percentile and worst, in milliseconds."""
    if not values:
        return "none"
    return (
        f"median {statistics.median(values) * 1000:.0f} ms, 99th percentile {p99(values) * 1000:.0f} ms, "
        f"worst {max(values) * 1000:.0f} ms"
    )


def flatness(every: dict[int, float]) -> str:
    """The server's memory after each hundredth move, and its growth a hundred moves after the first
    hundred (the warm-up: the engines' and pages' first drawings): flat is about 0."""
    if not every:
        return "server memory by move: none (fewer than 100 moves)"
    said = " / ".join(f"{mb:.1f}" for mb in every.values())
    moves = " / ".join(str(n) for n in every)
    first, last = min(every), max(every)
    growth = (every[last] - every[first]) / (last - first) * EVERY if last > first else float("nan")
    return (
        f"server memory after move {moves}: {said} MB; growth after the first {first} moves: "
        f"{growth:+.1f} MB a {EVERY} moves"
    )


def report(args: argparse.Namespace, m: Measured) -> int:
    """The figures, printed; 0 when the run was healthy (every page showed every move, p99 under 1 s,
    every wrong token refused, no traceback, the scorer's page answered)."""
    moves = sorted(m.stored)
    on_boards = [(n, b[n] - m.stored[n]) for b in m.boards for n in moves if n in b]
    others = [(s, n) for s in m.seats for n in moves if m.players[n - 1] != s.seat]
    on_seats = [(n, s.boards[n] - m.stored[n]) for s, n in others if n in s.boards]
    offered = [(n, s.ready[n] - m.stored[n]) for s, n in others if n in s.ready]
    missing = len(m.boards) * len(moves) + len(others) - len(on_boards) - len(on_seats)
    pages = on_boards + on_seats

    def part(found: list[tuple[int, float]], first: bool | None = None) -> list[float]:
        return [d for n, d in found if first is None or (n <= m.half) == first]

    floods = f"; {args.idle_flood} idle connections and {args.stream_flood} held streams from other addresses"
    print(
        f"{len(moves)} moves played from {len(m.seats)} seat pages"
        + (" (hands typed)" if args.hands else "")
        + f", {len(m.boards)} scoreboards, {args.tabs} app tabs, loopback only, a move every "
        f"{m.seconds / len(moves) * 1000:.0f} ms (pace {args.pace:g} s)"
        + (floods if args.idle_flood or args.stream_flood else "")
        + (f"; the server limited to {args.nofile} descriptors" if args.nofile else "")
    )
    print(f"load average (1 min) at start / end: {m.load[0]:.2f} / {m.load[1]:.2f} on {os.cpu_count()} cores")
    print(f"every page showed every move: {'yes' if not missing else f'no, {missing} missing'}")
    print(f"from the stored move to the scoreboards: {ms(part(on_boards))}")
    print(f"from the stored move to the other seat pages (their board): {ms(part(on_seats))}")
    print(f"from the stored move to the other seat pages' offers (their view answered): {ms(part(offered))}")
    print(f"every page: {ms(part(pages))}")
    calm, during = part(pages, True), part(pages, False)
    print(
        f"99th percentile before / during 1,000 wrong-token requests: {p99(calm) * 1000:.0f} ms / "
        f"{p99(during) * 1000:.0f} ms (ratio {p99(during) / p99(calm):.2f}); {m.refused} of 1000 got an empty 404"
    )
    quiet = [t for on, t in m.scorer_times if not on] or [float("nan")]
    stormy = [t for on, t in m.scorer_times if on] or [float("nan")]
    worst = max(stormy)
    print(
        f"the scorer's page, slowest answer before / during the floods: {max(quiet) * 1000:.0f} ms / "
        f"{worst * 1000:.0f} ms ({len(quiet)} / {len(stormy)} answers)"
    )
    mem = m.memory
    print(
        f"server memory: {mem['start']:.0f} MB with every page following, {mem.get('middle', mem['start']):.0f} MB "
        f"halfway, at most {mem['most']:.0f} MB, {mem['end']:.0f} MB at the end"
    )
    print(flatness(m.every))
    views = sum(s.views for s in m.seats)
    print(
        f"server CPU: {m.cpu_move * 1000:.1f} ms a move (all its work: {views / len(moves):.1f} views a move, "
        f"the floods'); this script's: {m.client_cpu_move * 1000:.1f} ms a move"
    )
    tracebacks = m.console.count("Traceback")
    print(f"server console: {len(m.console.splitlines())} lines, {tracebacks} tracebacks")
    for line in m.console.splitlines()[:3]:
        print(f"  {line[:160]}")
    print(
        f"server: {mem['end']:.0f} MB; app tab processes: "
        + ", ".join(f"{end:.0f} MB (idle {idle:.0f})" for idle, end in m.tabs.values())
    )
    per_tab = statistics.mean(end for _, end in m.tabs.values()) if m.tabs else 0.0
    print(f"p99 delay: {p99(part(pages)) * 1000:.0f} ms; app tab memory: {per_tab:.0f} MB each")
    healthy = not missing and p99(part(pages)) < 1.0 and m.refused == 1000 and not tracebacks and worst < 10
    return 0 if healthy else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=30, choices=range(1, 65), metavar="1-64")
    parser.add_argument("--tabs", type=int, default=2, choices=range(0, 5), metavar="0-4")
    parser.add_argument("--moves", type=int, default=300, choices=range(2, 601), metavar="2-600")
    parser.add_argument(
        "--pace", type=float, default=0.1, help="seconds a player takes once the page shows the move before (0-5)"
    )
    parser.add_argument("--hands", action="store_true", help="each player types their hand once a round")
    parser.add_argument("--idle-flood", type=int, default=0, choices=range(0, 5001), metavar="0-5000")
    parser.add_argument("--stream-flood", type=int, default=0, choices=range(0, 1001), metavar="0-1000")
    parser.add_argument("--nofile", type=int, default=0, metavar="DESCRIPTORS", help="the server's descriptor limit")
    parser.add_argument(
        "--trace",
        type=Path,
        metavar="DIR",
        help="run the server under tracemalloc, a snapshot in DIR every 100 moves (scripts/serve_traced.py)",
    )
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # this script holds the floods' sockets
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    if not 0 <= args.pace <= 5:
        parser.error("--pace: from 0 to 5 seconds")
    limit = TIME_LIMIT if args.trace is None else 900.0
    return report(args, asyncio.run(asyncio.wait_for(run(args), limit)))


if __name__ == "__main__":
    sys.exit(main())

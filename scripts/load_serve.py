"""Load test of ``companion serve``, on loopback only and bounded in count and time.

A server on 127.0.0.1 (a port the system chooses), 8 scoreboards following one Reign of Dragoness
game (server-sent events) and 2 app tabs (websockets, each its own app process, opened on that
game), while 300 moves are played through one ``companion play ID -``. The second half of the moves
is played during a flood of 1,000 requests with wrong tokens, and, if asked, while another address
holds idle connections (``--idle-flood``, the server limited to ``--nofile`` descriptors) and event
streams (``--stream-flood``). Each scoreboard and tab comes from its own loopback address
(127.0.1.N, as each phone has its own on the Wi-Fi); the floods from others (127.0.2-4.N).

For each move: the delay from its ruling (printed by ``companion play`` after the move is
committed) to its arrival on each scoreboard. Reported: that every scoreboard showed every move,
the median and 99th percentile of the delays (goal: under one second), the ratio of the 99th
percentile during the flood to before it, the slowest answer of the scorer's page during the
flood, the server's memory (RSS) when every page was following, at its highest and at the end, and
that of each app tab's process. The last line: ``p99 delay: N ms; app tab memory: M MB each``.

    python scripts/load_serve.py [--boards 8] [--tabs 2] [--moves 300] [--pace 0.03]
        [--idle-flood 1100 --nofile 1024] [--stream-flood 64]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TIME_LIMIT = 240.0  # seconds: the whole run, whatever happens


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


def prepare(db: Path, moves: int) -> tuple[int, list[str]]:
    """A Dragoness game at its start in ``db`` and the first ``moves`` lines of the example game."""
    from companion.rules import dragoness
    from companion.store import Store

    record = json.loads((ROOT / "examples" / "records" / "dragoness.json").read_text())
    with Store.open(db) as store:
        example = store.import_record(record)
        live = store.load(example)
        actions = live.actions[:moves]
        game_id = store.new_game("dragoness", list(live.players))
        store.delete(example)
    assert isinstance(live.setup, dragoness.Setup)
    state = dragoness.new_state(live.setup)
    lines = []
    for action in actions:
        assert isinstance(action, dragoness.ACTIONS)
        lines.append(dragoness.action_line(state, action, "en"))
        state = dragoness.apply(state, action)[0]
    return game_id, lines


async def follow(session: aiohttp.ClientSession, url: str, arrived: dict[int, float], ready: asyncio.Event) -> None:
    """One scoreboard: note when each move first reaches it (the first board at its position or
    later; several moves in one tick arrive together). A move whose position is never reached is missing."""
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
        assert response.status == 200, response.status
        data: list[str] = []
        reached = 0
        async for raw in response.content:
            line = raw.decode()
            if line.startswith("data: "):
                data.append(line[6:])
            elif line == "\n" and data:
                found = re.search(r'data-position="(\d+)"', "".join(data))
                if found:
                    position, now = int(found.group(1)), time.time()
                    for n in range(reached + 1, position + 1):
                        arrived.setdefault(n, now)
                    reached = max(reached, position)
                    ready.set()
                data = []


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


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="companion-load-"))
    db = folder / "games.sqlite3"
    game_id, lines = prepare(db, args.moves)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    nofile = args.nofile

    def limit() -> None:
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "companion",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--db",
        str(db),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=limit,
    )
    assert server.stdout is not None and server.stderr is not None
    said: list[bytes] = []  # the server's console, read as it comes (a full pipe would stop the server)
    draining = asyncio.create_task(drain(server.stderr, said))
    link = ""
    while not link:
        line = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
        if not line:
            raise SystemExit("the server did not start")
        found = re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", line)
        link = found.group(0) if found else ""
    root = "/".join(link.split("/")[:3])
    port = int(root.rsplit(":", 1)[1])
    held: list[socket.socket] = []
    scorer_times: list[tuple[bool, float]] = []
    flood_on = asyncio.Event()
    server_memory: list[float] = []
    stopping = asyncio.Event()
    sessions = [session_from(f"127.0.1.{i + 1}") for i in range(args.boards + args.tabs)]
    try:
        async with aiohttp.ClientSession() as session:
            index = await (await session.get(link)).text()
            board = re.search(rf'href="(/[\w-]+/game/{game_id})\?lang=en"', index)
            assert board is not None
            boards: list[dict[int, float]] = [{} for _ in range(args.boards)]
            readies = [asyncio.Event() for _ in boards]
            events = f"{root}{board.group(1)}/events?lang="
            tasks = [
                asyncio.create_task(follow(sessions[i], events + ("ja" if i % 2 else "en"), arrived, ready))
                for i, (arrived, ready) in enumerate(zip(boards, readies, strict=True))
            ]
            opened = [asyncio.Event() for _ in range(args.tabs)]
            ws_url = link.replace("http://", "ws://") + "app/ws?width=120&height=40"
            tasks += [
                asyncio.create_task(app_tab(sessions[args.boards + i], ws_url, event)) for i, event in enumerate(opened)
            ]
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies + opened)), 90)
            memory_idle = {pid: rss_mb(pid) for pid in descendants(server.pid)}
            server_start = rss_mb(server.pid)
            cpu_start = cpu_seconds(server.pid)
            tasks.append(asyncio.create_task(sample_memory(server.pid, server_memory, stopping)))
            tasks.append(asyncio.create_task(scorer_page(link, scorer_times, flood_on, stopping)))

            play = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "companion",
                "play",
                str(game_id),
                "-",
                "--db",
                str(db),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
            )
            assert play.stdin is not None and play.stdout is not None
            stored: dict[int, float] = {}
            half = len(lines) // 2
            flooding: asyncio.Task[int] | None = None
            for n, line in enumerate(lines, 1):
                if n == half + 1:
                    flooding = asyncio.create_task(flood(root, 1000))
                    held += hold_idle(port, args.idle_flood)
                    held += hold_streams(port, board.group(1) + "/events", args.stream_flood)
                    flood_on.set()
                play.stdin.write((line + "\n").encode())
                await play.stdin.drain()
                ruling = await asyncio.wait_for(play.stdout.readline(), 30)
                if not ruling:
                    why = (await play.stderr.read()).decode() if play.stderr is not None else ""
                    raise SystemExit(f"companion play stopped at move {n}: {why}")
                stored[n] = time.time()
                await asyncio.sleep(args.pace)
            play.stdin.close()
            answered = time.monotonic() + 15  # a short run: the scorer's page asked at least once during the floods
            while not any(on for on, _ in scorer_times) and time.monotonic() < answered:
                await asyncio.sleep(0.1)
            stopping.set()
            await play.wait()
            refused = await flooding if flooding is not None else 0
            await asyncio.sleep(2.0)
            memory = {pid: rss_mb(pid) for pid in descendants(server.pid)}
            server_mb = rss_mb(server.pid)
            cpu_used = cpu_seconds(server.pid) - cpu_start
            for task in tasks:
                task.cancel()
    finally:
        for s in held:
            s.close()
        for client in sessions:
            await client.close()
        server.terminate()
        try:
            await asyncio.wait_for(server.wait(), 30)
        except TimeoutError:
            server.kill()
            await server.wait()
        await asyncio.wait_for(draining, 10)
        console = b"".join(said).decode("utf-8", "replace")
    missing = [(i, n) for i, arrived in enumerate(boards) for n in stored if n not in arrived]
    delays = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived]
    before = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived and n <= half]
    during = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived and n > half]

    def p99(values: list[float]) -> float:
        return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]

    floods = f"; {args.idle_flood} idle connections and {args.stream_flood} held streams from other addresses"
    print(
        f"{len(stored)} moves, {args.boards} scoreboards, {args.tabs} app tabs, loopback only"
        + (floods if args.idle_flood or args.stream_flood else "")
        + (f"; the server limited to {args.nofile} descriptors" if args.nofile else "")
    )
    print(f"every scoreboard showed every move: {'yes' if not missing else f'no, {len(missing)} missing'}")
    print(
        f"delay from the stored move to the scoreboard: median {statistics.median(delays) * 1000:.0f} ms, "
        f"99th percentile {p99(delays) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms"
    )
    print(
        f"99th percentile before / during 1,000 wrong-token requests: {p99(before) * 1000:.0f} ms / "
        f"{p99(during) * 1000:.0f} ms (ratio {p99(during) / p99(before):.2f}); {refused} of 1000 got an empty 404"
    )
    calm = [t for on, t in scorer_times if not on] or [float("nan")]
    stormy = [t for on, t in scorer_times if on] or [float("nan")]
    worst = max(stormy)
    print(
        f"the scorer's page, slowest answer before / during the floods: {max(calm) * 1000:.0f} ms / "
        f"{worst * 1000:.0f} ms ({len(calm)} / {len(stormy)} answers)"
    )
    print(
        f"server memory: {server_start:.0f} MB with every page following, at most "
        f"{max(server_memory, default=server_start):.0f} MB, {server_mb:.0f} MB at the end"
    )
    print(f"server CPU: {cpu_used * 1000 / len(stored):.1f} ms a move (all its work, the floods' included)")
    tracebacks = console.count("Traceback")
    print(f"server console: {len(console.splitlines())} lines, {tracebacks} tracebacks")
    for line in console.splitlines()[:3]:
        print(f"  {line[:160]}")
    tabs = list(memory.values())
    print(
        f"server: {server_mb:.0f} MB; app tab processes: "
        + ", ".join(f"{mb:.0f} MB (idle {memory_idle.get(pid, 0):.0f})" for pid, mb in memory.items())
    )
    per_tab = statistics.mean(tabs) if tabs else 0.0
    print(f"p99 delay: {p99(delays) * 1000:.0f} ms; app tab memory: {per_tab:.0f} MB each")
    healthy = not missing and p99(delays) < 1.0 and refused == 1000 and not tracebacks and worst < 10
    return 0 if healthy else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=8, choices=range(1, 65), metavar="1-64")
    parser.add_argument("--tabs", type=int, default=2, choices=range(0, 5), metavar="0-4")
    parser.add_argument("--moves", type=int, default=300, choices=range(2, 601), metavar="2-600")
    parser.add_argument("--pace", type=float, default=0.03, help="seconds between two moves")
    parser.add_argument("--idle-flood", type=int, default=0, choices=range(0, 5001), metavar="0-5000")
    parser.add_argument("--stream-flood", type=int, default=0, choices=range(0, 1001), metavar="0-1000")
    parser.add_argument("--nofile", type=int, default=0, metavar="DESCRIPTORS", help="the server's descriptor limit")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # this script holds the floods' sockets
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    return asyncio.run(asyncio.wait_for(run(args), TIME_LIMIT))


if __name__ == "__main__":
    sys.exit(main())

"""Load test of ``companion serve``, on loopback only and bounded in count and time.

A server on 127.0.0.1 (a port the system chooses), 8 scoreboards following one Reign of Dragoness
game (server-sent events) and 2 app tabs (websockets, each its own app process, opened on that
game), while 300 moves are played through one ``companion play ID -``. The second half of the moves
is played during a flood of 1,000 requests with wrong tokens.

For each move: the delay from its ruling (printed by ``companion play`` after the move is
committed) to its arrival on each scoreboard. Reported: that every scoreboard showed every move,
the median and 99th percentile of the delays (goal: under one second), the ratio of the 99th
percentile during the flood to before it, and the memory (RSS) of each app tab's process and of
the server. The last line: ``p99 delay: N ms; app tab memory: M MB each``.

    python scripts/load_serve.py [--boards 8] [--tabs 2] [--moves 300] [--pace 0.03]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
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


RULINGS_SHOWN = 5  # a scoreboard shows the last five rulings: a move is shown while it is one of them


async def follow(session: aiohttp.ClientSession, url: str, arrived: dict[int, float], ready: asyncio.Event) -> None:
    """One scoreboard: note when each move is first shown (its ruling among the last five on the
    board; several moves in one tick arrive together). A move that is never among them is missing."""
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None)) as response:
        assert response.status == 200, response.status
        data: list[str] = []
        async for raw in response.content:
            line = raw.decode()
            if line.startswith("data: "):
                data.append(line[6:])
            elif line == "\n" and data:
                found = re.search(r'data-position="(\d+)"', "".join(data))
                if found:
                    position, now = int(found.group(1)), time.time()
                    for n in range(max(1, position - RULINGS_SHOWN + 1), position + 1):
                        arrived.setdefault(n, now)
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


async def flood(session: aiohttp.ClientSession, root: str, count: int) -> int:
    """``count`` requests with wrong tokens, 50 at a time; how many got an empty 404."""
    refused = 0
    limit = asyncio.Semaphore(50)

    async def one(i: int) -> None:
        nonlocal refused
        async with limit, session.get(f"{root}/{i:022d}/game/1/events") as response:
            body = await response.read()
            refused += response.status == 404 and not body

    await asyncio.gather(*(one(i) for i in range(count)))
    return refused


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="companion-load-"))
    db = folder / "games.sqlite3"
    game_id, lines = prepare(db, args.moves)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
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
    )
    assert server.stdout is not None
    link = ""
    while not link:
        line = (await asyncio.wait_for(server.stdout.readline(), 60)).decode()
        if not line:
            raise SystemExit("the server did not start")
        found = re.search(r"http://127\.0\.0\.1:\d+/[\w-]+/", line)
        link = found.group(0) if found else ""
    root = "/".join(link.split("/")[:3])
    try:
        async with aiohttp.ClientSession() as session:
            index = await (await session.get(link)).text()
            board = re.search(rf'href="(/[\w-]+/game/{game_id})\?lang=en"', index)
            assert board is not None
            boards: list[dict[int, float]] = [{} for _ in range(args.boards)]
            readies = [asyncio.Event() for _ in boards]
            events = f"{root}{board.group(1)}/events?lang="
            tasks = [
                asyncio.create_task(follow(session, events + ("ja" if i % 2 else "en"), arrived, ready))
                for i, (arrived, ready) in enumerate(zip(boards, readies, strict=True))
            ]
            opened = [asyncio.Event() for _ in range(args.tabs)]
            ws_url = link.replace("http://", "ws://") + "app/ws?width=120&height=40"
            tasks += [asyncio.create_task(app_tab(session, ws_url, event)) for event in opened]
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in readies + opened)), 90)
            memory_idle = {pid: rss_mb(pid) for pid in descendants(server.pid)}

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
                    flooding = asyncio.create_task(flood(session, root, 1000))
                play.stdin.write((line + "\n").encode())
                await play.stdin.drain()
                ruling = await asyncio.wait_for(play.stdout.readline(), 30)
                if not ruling:
                    why = (await play.stderr.read()).decode() if play.stderr is not None else ""
                    raise SystemExit(f"companion play stopped at move {n}: {why}")
                stored[n] = time.time()
                await asyncio.sleep(args.pace)
            play.stdin.close()
            await play.wait()
            refused = await flooding if flooding is not None else 0
            await asyncio.sleep(2.0)
            memory = {pid: rss_mb(pid) for pid in descendants(server.pid)}
            server_mb = rss_mb(server.pid)
            for task in tasks:
                task.cancel()
    finally:
        server.terminate()
        await asyncio.wait_for(server.wait(), 30)
    missing = [(i, n) for i, arrived in enumerate(boards) for n in stored if n not in arrived]
    delays = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived]
    before = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived and n <= half]
    during = [arrived[n] - stored[n] for arrived in boards for n in stored if n in arrived and n > half]

    def p99(values: list[float]) -> float:
        return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]

    print(f"{len(stored)} moves, {args.boards} scoreboards, {args.tabs} app tabs, loopback only")
    print(f"every scoreboard showed every move: {'yes' if not missing else f'no, {len(missing)} missing'}")
    print(
        f"delay from the stored move to the scoreboard: median {statistics.median(delays) * 1000:.0f} ms, "
        f"99th percentile {p99(delays) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms"
    )
    print(
        f"99th percentile before / during 1,000 wrong-token requests: {p99(before) * 1000:.0f} ms / "
        f"{p99(during) * 1000:.0f} ms (ratio {p99(during) / p99(before):.2f}); {refused} of 1000 got an empty 404"
    )
    tabs = list(memory.values())
    print(
        f"server: {server_mb:.0f} MB; app tab processes: "
        + ", ".join(f"{mb:.0f} MB (idle {memory_idle.get(pid, 0):.0f})" for pid, mb in memory.items())
    )
    per_tab = statistics.mean(tabs) if tabs else 0.0
    print(f"p99 delay: {p99(delays) * 1000:.0f} ms; app tab memory: {per_tab:.0f} MB each")
    return 0 if not missing and p99(delays) < 1.0 and refused == 1000 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=8, choices=range(1, 17), metavar="1-16")
    parser.add_argument("--tabs", type=int, default=2, choices=range(0, 5), metavar="0-4")
    parser.add_argument("--moves", type=int, default=300, choices=range(2, 601), metavar="2-600")
    parser.add_argument("--pace", type=float, default=0.03, help="seconds between two moves")
    args = parser.parse_args()
    return asyncio.run(asyncio.wait_for(run(args), TIME_LIMIT))


if __name__ == "__main__":
    sys.exit(main())

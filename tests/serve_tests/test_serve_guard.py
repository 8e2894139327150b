"""companion serve against a browser on the same Wi-Fi that is not a friend (issue 28, part 3):
requests naming another host (DNS rebinding), a websocket or a POST from another site's page, the
server's software in its headers, the app tab's language, the table's page, and URLs no route
expects (fuzzed: never a 500, never a traceback)."""

from __future__ import annotations

import asyncio
import html
import json
import re
import signal
import socket
import time
import urllib.parse
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.serve.server import Table
from companion.store import Store
from tests.helpers.serve import Served, at_position, stored_examples

Client = TestClient[Any, Any]
WEBSOCKET = {
    "Upgrade": "websocket",
    "Connection": "Upgrade",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
}


def here(client: Client) -> str:
    return f"{client.server.host}:{client.server.port}"


# ----------------------------------------------------------------------------- Host and Origin


async def test_a_request_naming_another_host_is_refused_before_anything_is_looked_at(
    served: tuple[Table, Client], db: Path
) -> None:
    """DNS rebinding: another site's name pointed at this computer; its page would read the scorer's
    index (every token) if the server answered to any name."""
    table, client = served
    game_id = stored_examples(db)["fortress"]
    pages = [
        f"/{table.tokens.master}/",
        f"/{table.tokens.game(game_id)}/game/{game_id}",
        f"/{table.tokens.master}/app/",
    ]
    port = client.server.port
    for host in (f"rebind.example:{port}", "rebind.example", f"127.0.0.1.rebind.example:{port}", f"10.9.8.7:{port}"):
        for path in pages:
            response = await client.get(path, headers={"Host": host}, allow_redirects=False)
            body = await response.text()
            assert response.status == 421, (host, path)
            assert table.tokens.master not in body and table.tokens.game(game_id) not in body
            assert body == "This server answers only at its own address: open the link it printed.\n"
    name = socket.gethostname()
    for host in (here(client), f"localhost:{port}", f"LOCALHOST.:{port}", f"{name}:{port}", f"{name}.local:{port}"):
        response = await client.get(pages[0], headers={"Host": host})
        assert response.status == 200, host
    ja = await client.get(pages[0] + "?lang=ja", headers={"Host": "rebind.example"})
    assert await ja.text() == "このサーバーは自分のアドレスでだけ応答します。表示されたリンクを開いてください。\n"


async def test_a_request_without_a_host_is_refused(served: tuple[Table, Client]) -> None:
    table, client = served
    reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
    writer.write(f"GET /{table.tokens.master}/ HTTP/1.0\r\n\r\n".encode())
    await writer.drain()
    answer = await reader.read()
    writer.close()
    assert answer.startswith(b"HTTP/1.0 421 ") or answer.startswith(b"HTTP/1.1 421 "), answer[:40]
    assert table.tokens.master.encode() not in answer


async def test_the_app_websocket_and_a_post_from_another_sites_page_are_refused(
    served: tuple[Table, Client], db: Path
) -> None:
    """A page on another origin may open a websocket to any address (browsers send its Origin): the
    app tab it would get can change every game. Refused, and no app process is started."""
    table, client = served
    game_id = stored_examples(db)["fortress"]
    master = table.tokens.master
    for origin in (
        "http://evil.example",
        f"http://evil.example:{client.server.port}",
        "null",
        f"https://{here(client)}",
    ):
        response = await client.get(f"/{master}/app/ws", headers={**WEBSOCKET, "Origin": origin})
        assert response.status == 403, origin
        assert await response.text() == "A page of another site may not act on this table.\n"
    assert not table.apps.services
    answer = f"/{table.tokens.game(game_id)}/coach/{game_id}/1/answer"
    body = json.dumps({"hand": "R7", "since": 0})
    refused = await client.post(answer, data=body, headers={"Origin": "http://evil.example"})
    assert refused.status == 403
    mine = await client.post(answer, data=body, headers={"Origin": f"http://{here(client)}"})
    assert mine.status == 200 and "html" in await mine.json()
    scripted = await client.post(answer, data=body)  # no Origin: not a browser's page
    assert scripted.status == 200


async def test_no_answer_names_the_servers_software(served: tuple[Table, Client], db: Path) -> None:
    table, client = served
    game_id = stored_examples(db)["homalet"]
    token = table.tokens.game(game_id)
    answers = [
        await client.get(f"/{table.tokens.master}/"),
        await client.get(f"/{token}/game/{game_id}"),
        await client.get(f"/{token}/coach/{game_id}/1"),
        await client.get("/nothing/here"),
        await client.get(f"/{table.tokens.master}/app/"),
        await client.get(f"/{table.tokens.master}/app/static/css/xterm.css"),
        await client.get(f"/{table.tokens.master}/", headers={"Host": "rebind.example"}),
        await client.get(f"/{table.tokens.master}/app/ws", headers={**WEBSOCKET, "Origin": "http://evil.example"}),
    ]
    events = await client.get(f"/{token}/game/{game_id}/events")
    answers.append(events)
    for response in answers:
        assert "Server" not in response.headers, (response.url, response.headers.get("Server"))
        assert "aiohttp" not in str(response.headers) and "Python" not in str(response.headers)
        assert response.headers.get("X-Content-Type-Options") == "nosniff"
    events.close()


async def test_a_body_sent_in_two_packets_is_read_whole(served: tuple[Table, Client], db: Path) -> None:
    """A phone on Wi-Fi may send a request's body in several packets: the coach's answer waited for
    the first only (its first bytes were not JSON: 400)."""
    table, client = served
    game_id = stored_examples(db)["fortress"]
    body = json.dumps({"hand": "R7 Y3", "since": 0}).encode()
    reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
    writer.write(
        f"POST /{table.tokens.game(game_id)}/coach/{game_id}/1/answer HTTP/1.1\r\nHost: {here(client)}\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body[:7]
    )
    await writer.drain()
    await asyncio.sleep(0.3)
    writer.write(body[7:])
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    assert answer.startswith(b"HTTP/1.1 200 "), answer[:200]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["hand"] == ["R7", "Y3"]


# ----------------------------------------------------------------------------- the app tab's language


async def test_the_app_tab_speaks_the_pages_language(served: tuple[Table, Client]) -> None:
    """The index links to the app in its own language; the app's page opens the websocket of that
    language, whose app process is started with --lang (which wins over the language the app last
    remembered); without ?lang= it is serve's --lang."""
    table, client = served
    master = table.tokens.master
    index = await (await client.get(f"/{master}/?lang=ja")).text()
    assert f'href="/{master}/app/?lang=ja"' in index
    for lang, path in (("ja", "/app/ws/ja"), ("en", "/app/ws/en"), (None, "/app/ws")):
        page = await (await client.get(f"/{master}/app/" + (f"?lang={lang}" if lang else ""))).text()
        assert f'data-session-websocket-url="ws://{here(client)}/{master}{path}"' in page, lang


@pytest.mark.slow
@pytest.mark.parametrize(("serve_lang", "path", "expect_japanese"), [("ja", "ws", True), ("ja", "ws/en", False)])
def test_the_app_tab_follows_serve_lang_not_the_remembered_app_language(
    tmp_path: Path, serve_lang: str, path: str, expect_japanese: bool
) -> None:
    """The laptop's app remembers English (F2); ``serve --lang ja`` opens app tabs in Japanese, and a
    page asking for English gets English."""
    config = tmp_path / "config"
    (config / "companion").mkdir(parents=True)
    (config / "companion" / "app.json").write_text('{"lang": "en"}\n')
    db = tmp_path / "games.sqlite3"
    at_position(db, stored_examples(db)["fortress"], 100)  # an unfinished game: the home screen offers it
    served = Served(db, lang=serve_lang, env={"XDG_CONFIG_HOME": str(config)})

    async def screen() -> str:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(served.link.replace("http://", "ws://") + f"app/{path}?width=100&height=30")
            await ws.send_json(["resize", {"width": 100, "height": 30}])
            seen = b""
            deadline = time.monotonic() + 40
            while b"Aki" not in seen and time.monotonic() < deadline:
                try:
                    message = await asyncio.wait_for(ws.receive(), 2)
                except TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.BINARY:
                    seen += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
            await asyncio.sleep(1.0)  # the rest of the home screen
            while True:
                try:
                    message = await asyncio.wait_for(ws.receive(), 0.5)
                except TimeoutError:
                    break
                if message.type != aiohttp.WSMsgType.BINARY:
                    break
                seen += message.data
            await ws.close()
            return seen.decode("utf-8", "replace")

    try:
        text = asyncio.run(screen())
    finally:
        code, _, err = served.stop(signal.SIGTERM)
    assert code == 0, err
    assert "Aki" in text  # the home screen was drawn (a player of the example games)
    words = text.replace("日本語に切り替え", "")  # the English menu's "switch to Japanese" is in Japanese
    assert bool(re.search("[\u3040-\u30ff]", words)) is expect_japanese
    assert json.loads((config / "companion" / "app.json").read_text()) == {"lang": "en"}  # not changed


# ----------------------------------------------------------------------------- the table's page


async def test_the_table_page_opens_the_game_being_played_and_nothing_else(
    served: tuple[Table, Client], db: Path
) -> None:
    """The terminal's code: before a game it waits (and looks again); then it sends every phone to
    the scoreboard of the game being played. Its token opens no other page."""
    table, client = served
    page = f"/{table.tokens.table()}/"
    waiting = await client.get(page + "?lang=ja", allow_redirects=False)
    text = await waiting.text()
    assert waiting.status == 200 and "記録係がゲームを始めると" in text and 'http-equiv="refresh"' in text
    ids = stored_examples(db)  # finished games only
    assert (await client.get(page, allow_redirects=False)).status == 200
    at_position(db, ids["homalet"], 40)
    sent = await client.get(page + "?lang=ja", allow_redirects=False)
    assert sent.status == 303
    assert sent.headers["Location"] == f"/{table.tokens.game(ids['homalet'])}/game/{ids['homalet']}?lang=ja"
    board = await client.get(sent.headers["Location"])
    assert board.status == 200
    with Store.open(db) as store:
        newer = store.new_game("dragoness", ["Aki", "Ben", "Chie", "Dai"])
    sent = await client.get(page, allow_redirects=False)
    assert sent.headers["Location"] == f"/{table.tokens.game(newer)}/game/{newer}?lang=en"
    token = table.tokens.table()
    for path in (f"/{token}/app/", f"/{token}/game/{newer}", f"/{token}/coach/{newer}/1", f"/{token}/x"):
        response = await client.get(path)
        assert (response.status, await response.read()) == (404, b""), path
    assert table.tokens.master not in text


# ----------------------------------------------------------------------------- no 500 from any URL


async def test_a_non_ascii_digit_in_a_url_is_an_empty_404(served: tuple[Table, Client], db: Path) -> None:
    """``str.isdigit`` holds for ² and ٣, which ``int`` refuses."""
    table, client = served
    game_id = stored_examples(db)["fortress"]
    token = table.tokens.game(game_id)
    for path in ("/x/game/%C2%B2", f"/{token}/game/%C2%B2", f"/{token}/game/%D9%A3/events", "/x/coach/%C2%B2/1"):
        response = await client.get(path)
        assert (response.status, await response.read()) == (404, b""), path
    response = await client.get(f"/{token}/coach/{game_id}/%C2%B2")
    assert response.status == 400


WORDS = ["game", "coach", "app", "events", "answer", "static", "ws", "download", "js", "textual.js", "..", ".", ""]


def segments(tokens: list[str]) -> st.SearchStrategy[str]:
    text = st.text(st.characters(codec="utf-8"), max_size=12)
    return st.one_of(
        st.sampled_from(tokens + WORDS),
        st.integers(-5, 10**12).map(str),
        text.map(lambda t: urllib.parse.quote(t, safe="")),
        st.binary(max_size=6).map(lambda b: "".join(f"%{x:02X}" for x in b)),
        st.sampled_from(["%C2%B2", "%D9%A3", "%EF%BC%91", "%00", "%2F", "%2e%2e", "١٢", "０"]).map(
            lambda t: urllib.parse.quote(t, safe="%")
        ),
    )


def queries() -> st.SearchStrategy[str]:
    key = st.sampled_from(["lang", "only", "width", "height", "fontsize", "tv", "x", ""])
    value = st.one_of(
        st.sampled_from(["en", "ja", "position", "1", "-1", "99999999999999999999", "", "%C2%B2", "%ZZ"]),
        st.text(max_size=8).map(lambda t: urllib.parse.quote(t, safe="")),
    )
    return st.lists(st.tuples(key, value), max_size=3).map(lambda kv: "&".join(f"{k}={v}" for k, v in kv))


def ask(port: int, method: str, target: str, body: bytes = b"") -> int:
    """One raw request (the target sent byte for byte, as no client library would); its status."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
        if body or method == "POST":
            head += f"Content-Length: {len(body)}\r\nContent-Type: application/json\r\n"
        conn.sendall(head.encode("utf-8", "surrogateescape") + b"\r\n" + body)
        answer = b""
        while b"\r\n" not in answer:
            chunk = conn.recv(4096)
            if not chunk:
                break
            answer += chunk
    status = answer.split(b" ", 2)[1] if answer.count(b" ") >= 2 else b"0"
    return int(status) if status.isdigit() else 0


@pytest.mark.slow
def test_every_url_fuzzed_gets_an_answer_and_never_a_500_or_a_traceback(tmp_path: Path) -> None:
    """Paths made of the server's own tokens and words, numbers, non-ASCII digits, percent-encoded
    bytes and text; queries of every parameter the pages read; GET, HEAD and POST (with bodies). Every
    answer is 200, 303 or 4xx, and the server prints no traceback and no bug line: at most the gate's
    one line a minute (which counts malformed requests)."""
    db = tmp_path / "games.sqlite3"
    ids = stored_examples(db)
    at_position(db, ids["fortress"], 60)
    served = Served(db)
    port = int(served.link.split(":")[2].split("/")[0])
    master = served.link.rstrip("/").rsplit("/", 1)[1]
    table = served.table_link.rstrip("/").rsplit("/", 1)[1]
    index = aiohttp_free_get(served.link)
    pairs = sorted(set(re.findall(r'href="/([\w-]+)/game/(\d+)', index)))  # (game token, game id)
    tokens = [master, table, *(t for t, _ in pairs), *(str(i) for i in ids.values())]
    game_tokens = [t for t, _ in pairs]
    seen: dict[int, int] = {}
    bodies = st.one_of(
        st.just(b""),
        st.binary(max_size=64),
        st.sampled_from([b'{"hand":"R7","since":0}', b'{"hand":5}', b"[]", b'{"hand":"\\u00b2","since":"\\u00b2"}']),
    )

    @st.composite
    def paths(draw: st.DrawFn) -> list[str]:
        """A route's shape with the right tokens, each part kept or replaced by a fuzzed one."""
        token, game = draw(st.sampled_from(pairs))
        own = draw(st.sampled_from([master, token]))
        seat = draw(st.sampled_from(["1", "2", "3", "9", "0"]))
        shape = draw(
            st.sampled_from(
                [
                    [master, ""],
                    [table, ""],
                    [own, "game", game],
                    [own, "game", game, "events"],
                    [own, "coach", game, seat],
                    [own, "coach", game, seat, "answer"],
                    [master, "app", ""],
                    [master, "app", "static", "js", "textual.js"],
                    [master, "app", "download", "x"],
                ]
            )
        )
        changed = st.sampled_from([False, False, False, True])  # one part in four fuzzed
        parts = [draw(segments(tokens)) if draw(changed) else part for part in shape]
        return parts + (draw(st.lists(segments(tokens), min_size=1, max_size=2)) if draw(changed) else [])

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.sampled_from(["GET", "GET", "HEAD", "POST"]), paths(), queries(), bodies)
    def probe(method: str, parts: list[str], query: str, body: bytes) -> None:
        target = "/" + "/".join(parts) + (f"?{query}" if query else "")
        status = ask(port, method, target, body if method == "POST" else b"")
        seen[status] = seen.get(status, 0) + 1
        assert status in (200, 303) or 400 <= status < 500, (method, target, status)

    try:
        probe()
        for method, target in (
            ("GET", "/x/game/%C2%B2"),
            ("GET", f"/{master}/app/download/%C2%B2"),
            ("GET", f"/{master}/app/static/..%2f..%2fserver.py"),
            ("GET", f"/{game_tokens[0]}/coach/{ids['fortress']}/%EF%BC%91"),
            ("POST", f"/{game_tokens[0]}/coach/{ids['fortress']}/1/answer"),
        ):
            status = ask(port, method, target)
            assert status in (200, 303) or 400 <= status < 500, (target, status)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:  # answered by aiohttp itself
            conn.sendall(b"GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n")
            malformed = conn.recv(4096)
        assert malformed.startswith(b"HTTP/1.") and b" 400 " in malformed.split(b"\r\n")[0]
        assert b"aiohttp" not in malformed and b"Python" not in malformed, malformed
    finally:
        code, out, err = served.stop(signal.SIGTERM)
    assert code == 0
    assert "Traceback" not in out + err and "unexpected error" not in err, err[-2000:]
    said = err.strip().splitlines()  # at most the gate's line a minute (the malformed request above is in it)
    assert len(said) <= 1 and all(line.startswith("serve: connections refused or closed") for line in said), said
    assert sum(seen.values()) >= 400 and seen.get(200, 0) >= 40 and len(seen) >= 3, seen


def aiohttp_free_get(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as page:
        text: str = page.read().decode()
    return html.unescape(text)

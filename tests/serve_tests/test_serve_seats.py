"""The seat pages without a browser (issue 28, part 1): a seat's link plays that seat's moves through
the store (kept with the seat whose phone played them), and nothing else: another seat's move, a
watch-only or another game's link, a replayed or late request and a line the engine refuses are
refused in one sentence and change nothing. The offers are the engine's own lines. The links are
kept in the game file: a restart keeps them, ``--new-links`` replaces them."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.rules import dragoness
from companion.rules.common import Lang, Refusal
from companion.rules.games import ENGINES
from companion.serve.offers import Offering, actor, waiting_seat
from companion.serve.server import Table
from companion.store import Store
from tests.helpers.own import own
from tests.helpers.serve import RECORDS, at_position, stored_examples

Served = tuple[Table, TestClient[Any, Any]]


def record_line(db: Path, game_id: int, game: str, lang: Lang = "en") -> tuple[str, int]:
    """The example record's next action as its line, and the seat that plays it."""
    with Store.open(db, readonly=True) as store:
        live = store.load(game_id)
        data = json.loads((RECORDS / f"{game}.json").read_text())["actions"][live.position]
        data.pop("time", None)
        action = live.engine.action_from_data(live.deck, data)
        who = actor(live.state, action)
        return live.engine.action_line(live.state, action, lang), 0 if who is None else who


def stored(db: Path, game_id: int) -> tuple[int, int, list[int | None]]:
    with Store.open(db, readonly=True) as store:
        live = store.load(game_id)
        return live.position, live.revision, live.phones(0, live.position)


async def post(client: TestClient[Any, Any], url: str, body: dict[str, Any]) -> tuple[int, str]:
    response = await client.post(url, data=json.dumps(body).encode())
    return response.status, await response.text()


def seat_url(table: Table, game_id: int, seat: int, token: str | None = None) -> str:
    return f"/{token or table.tokens.seat(game_id, seat)}/seat/{game_id}/{seat + 1}"


async def test_a_seat_plays_its_own_move_through_the_store_marked_with_its_phone(served: Served, db: Path) -> None:
    table, client = served
    game_id = stored_examples(db)["dragoness"]
    at_position(db, game_id, 100)
    line, seat = record_line(db, game_id, "dragoness")
    position, revision, _ = stored(db, game_id)
    page = await (await client.get(seat_url(table, game_id, seat) + "?lang=en")).text()
    assert f'data-position="{position}" data-revision="{revision}"' in page and "form data-play" in page
    status, text = await post(client, seat_url(table, game_id, seat) + "/play", {"line": line, "revision": revision})
    assert status == 200, text
    assert json.loads(text)["position"] == position + 1
    after, revised, phones = stored(db, game_id)
    assert (after, revised, phones[-1], set(phones[:-1])) == (position + 1, revision + 1, seat, {None})
    with Store.open(db, readonly=True) as store:
        ruling = store.load(game_id).rulings(1)[0].en
    board = await (await client.get(f"/{table.tokens.game(game_id)}/game/{game_id}?lang=en")).text()
    name = table.follower.game(game_id).live.players[seat]
    assert f"From {name}&#x27;s phone: " in board and html.escape(ruling) in board


async def test_another_seats_move_a_watch_only_link_and_a_replayed_request_change_nothing(
    served: Served, db: Path
) -> None:
    table, client = served
    ids = stored_examples(db)
    game_id = ids["dragoness"]
    at_position(db, game_id, 100)
    line, seat = record_line(db, game_id, "dragoness")
    other = (seat + 1) % 8
    before = stored(db, game_id)
    revision = before[1]
    body = {"line": line, "revision": revision, "lang": "en"}
    refused = {
        # another seat's link on this seat's page, and this seat's link on another's page
        seat_url(table, game_id, seat, table.tokens.seat(game_id, other)): (403, "plays for"),
        seat_url(table, game_id, other, table.tokens.seat(game_id, seat)): (403, "plays for"),
        # the watch-only link, another game's link and a made-up one
        seat_url(table, game_id, seat, table.tokens.game(game_id)): (403, "only watches"),
        seat_url(table, game_id, seat, table.tokens.seat(ids["fortress"], seat)): (403, "cannot play"),
        seat_url(table, game_id, seat, "A" * 22): (403, "cannot play"),
    }
    for url, (code, words) in refused.items():
        for action in ("play", "undo"):
            status, text = await post(client, f"{url}/{action}", body)
            assert (status, words in text, text.count("\n")) == (code, True, 1), (url, action, text)
    # the move is the seat on turn's: from another seat's own page it is refused too
    status, text = await post(client, seat_url(table, game_id, other) + "/play", body)
    names = table.follower.game(game_id).live.players
    assert (status, text) == (
        403,
        f"That move is {names[seat]}'s: this link plays for {names[other]} only; nothing was changed.\n",
    )
    assert stored(db, game_id) == before
    # the seat's own request, played once; the same request again is refused
    status, text = await post(client, seat_url(table, game_id, seat) + "/play", body)
    assert status == 200, text
    played = stored(db, game_id)
    status, text = await post(client, seat_url(table, game_id, seat) + "/play", body)
    assert status == 409 and "changed since this page showed it" in text
    assert stored(db, game_id) == played


async def test_a_refused_line_gets_the_engines_sentence_in_the_pages_language(served: Served, db: Path) -> None:
    table, client = served
    game_id = stored_examples(db)["fortress"]
    at_position(db, game_id, 9)  # Chie places a card
    position, revision, _ = stored(db, game_id)
    url = seat_url(table, game_id, 2) + "/play"
    with Store.open(db, readonly=True) as store:
        live = store.load(game_id)
        with pytest.raises(Refusal) as refusal:  # the engine's own refusal, for comparison
            live.engine.parse_line(live.state, "R7 A1E n")
        expected = {lang: refusal.value.msg.text(lang) for lang in ("en", "ja")}
    for lang in ("en", "ja"):
        status, text = await post(client, url, {"line": "R7 A1E n", "revision": revision, "lang": lang})
        assert (status, text) == (422, expected[lang] + "\n")
    for body in ({"line": "x" * 400, "revision": revision}, {"line": 7, "revision": revision}, {"line": "pass"}):
        status, text = await post(client, url, body)
        assert status == 400 and text.count("\n") == 1
    response = await client.post(url, data=b"{" * 5000)
    assert response.status == 400
    assert stored(db, game_id) == (position, revision, [None] * position)


async def test_a_phone_takes_back_only_its_own_last_move_while_nothing_followed(served: Served, db: Path) -> None:
    table, client = served
    game_id = stored_examples(db)["dragoness"]
    at_position(db, game_id, 100)
    first, seat = record_line(db, game_id, "dragoness")
    revision = stored(db, game_id)[1]
    assert (await post(client, seat_url(table, game_id, seat) + "/undo", {"revision": revision}))[0] == 403
    await post(client, seat_url(table, game_id, seat) + "/play", {"line": first, "revision": revision})
    second, next_seat = record_line(db, game_id, "dragoness")
    revision = stored(db, game_id)[1]
    await post(client, seat_url(table, game_id, next_seat) + "/play", {"line": second, "revision": revision})
    position, revision, _ = stored(db, game_id)
    status, text = await post(client, seat_url(table, game_id, seat) + "/undo", {"revision": revision})
    assert status == 403 and "Only your own last move" in text  # something was played after it
    status, text = await post(client, seat_url(table, game_id, next_seat) + "/undo", {"revision": revision})
    assert status == 200 and json.loads(text)["position"] == position - 1
    status, text = await post(client, seat_url(table, game_id, next_seat) + "/undo", {"revision": revision})
    assert status == 409  # the same request again
    assert stored(db, game_id)[0] == position - 1


async def test_the_offers_are_lines_the_engine_accepts_for_that_seat_only(served: Served, db: Path) -> None:
    table, client = served
    ids = stored_examples(db)
    for game, position in (("fortress", 9), ("fortress", 10), ("homalet", 4), ("dragoness", 1), ("dragoness", 91)):
        game_id = ids[game]
        at_position(db, game_id, position)
        table.poke()
        live = table.follower.game(game_id).live
        for who in range(len(live.players)):
            status, text = await post(client, seat_url(table, game_id, who) + "/view", {"prefix": "", "hand": ""})
            assert status == 200, text
            lines = re.findall(r'data-line="([^"]*)"', json.loads(text)["controller"])
            for line in map(html.unescape, lines):
                action = live.engine.parse_line(live.state, line)
                live.engine.apply(live.state, action)  # accepted now
                assert actor(live.state, action) in (who, None), (game, line, who)
            prefixes = re.findall(r'data-prefix="([^"]*)"', json.loads(text)["controller"])
            waiting = waiting_seat(live.state)
            if waiting is not None and who != waiting:  # not this seat's move: its corrections alone
                assert not lines and all("correct" in p for p in map(html.unescape, prefixes)), (game, who)


def test_a_dragoness_seat_reaches_every_legal_play_from_the_offers() -> None:
    """Every line ``complete`` reaches is reached by the offers' taps too (a lead of the first round,
    every group of up to two cards), and the offers play it in at most as many taps as it has words."""
    data = json.loads((RECORDS / "dragoness.json").read_text())
    engine = ENGINES["dragoness"]
    from companion.records import game_records

    record = game_records.read_record(data)
    state = engine.new_state(record.setup)
    for action in record.actions[:1]:
        state = engine.apply(state, action)[0]
    seat = own(dragoness.State, state).turn
    offering = Offering(engine, state, "en")
    top = offering.offers(seat)
    reached = {line.line for step in top.steps for line in step.lines}
    for step in top.steps[:12]:
        if step.prefix is not None:
            deeper = offering.offers(seat, step.prefix)
            reached |= {line.line for s in deeper.steps for line in s.lines}
            if deeper.itself is not None:
                reached.add(deeper.itself.line)
    wanted = {c for c in engine.complete(state, "") if offering.whole(c)[0]}
    for choice in list(engine.complete(state, ""))[:12]:
        wanted |= {c for c in engine.complete(state, choice + " ") if offering.whole(c)[0] and len(c.split()) == 2}
    assert wanted and wanted <= reached


async def test_the_links_survive_a_restart_and_new_links_replace_them(db: Path) -> None:
    Store.open(db).close()
    game_id = stored_examples(db)["homalet"]
    first = Table(db)
    tokens = (first.tokens.master, first.tokens.game(game_id), first.tokens.seat(game_id, 0))
    first.close()
    again = Table(db)
    assert (again.tokens.master, again.tokens.game(game_id), again.tokens.seat(game_id, 0)) == tokens
    again.close()
    renewed = Table(db, new_links=True)
    assert renewed.links_kept and renewed.tokens.master not in tokens
    client = TestClient(TestServer(renewed.make_app(), host="127.0.0.1"))
    await client.start_server()
    try:
        for old in (f"/{tokens[0]}/", f"/{tokens[1]}/game/{game_id}", f"/{tokens[2]}/seat/{game_id}/1"):
            assert (await client.get(old)).status == 404
        assert (await client.get(f"/{renewed.tokens.seat(game_id, 0)}/seat/{game_id}/1")).status == 200
    finally:
        await client.close()
        renewed.close()
    last = Table(db)
    assert last.tokens.master == renewed.tokens.master  # the new ones are kept in turn
    last.close()


async def test_the_scorers_index_shows_each_seats_link_as_a_code_that_reads_back(served: Served, db: Path) -> None:
    import zxingcpp
    from PIL import Image

    table, client = served
    game_id = stored_examples(db)["fortress"]
    table.public_base = "http://192.0.2.7:8765"  # an address for documentation: nothing is sent to it
    page = await (await client.get(f"/{table.tokens.master}/?lang=ja")).text()
    players = table.follower.game(game_id).live.players
    for seat, name in enumerate(players):
        url = f"http://192.0.2.7:8765/{table.tokens.seat(game_id, seat)}/seat/{game_id}/{seat + 1}?lang=ja"
        assert html.escape(url) in page and f">{name}</label>" in page
        response = await client.get(f"/{table.tokens.master}/code/{game_id}/{seat + 1}?lang=ja")
        assert response.content_type == "image/svg+xml"
        svg = await response.text()
        size = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))  # type: ignore[union-attr]
        image = Image.new("L", ((size + 8) * 6, (size + 8) * 6), 255)
        for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", svg):
            left, top = (int(x) + 4) * 6, (int(y) + 4) * 6
            image.paste(0, (left, top, left + 6, top + 6))
        (found,) = zxingcpp.read_barcodes(image)
        assert found.text == url
    for token in (table.tokens.game(game_id), table.tokens.seat(game_id, 0)):  # the scorer's alone
        assert (await client.get(f"/{token}/code/{game_id}/1")).status == 404


@pytest.mark.slow
def test_a_restarted_server_prints_the_same_link_and_new_links_says_the_old_stop_working(db: Path) -> None:
    from tests.helpers.seat_pages import Served as Running

    Store.open(db).close()
    first = Running(db)
    first.stop()
    again = Running(db)
    again.stop()
    token = first.link.split("/", 3)[3]  # the port is the system's choice each time
    assert token and again.link.split("/", 3)[3] == token
    renewed = Running(db, "en", "--new-links")
    renewed.stop()
    assert token not in renewed.link
    said = "".join(renewed.head)
    assert "New links were made: every link given before" in said and "opens nothing now" in said
    assert "New links" not in "".join(again.head)


def test_japanese_breaks_only_between_phrases_never_inside_a_card_or_a_spot() -> None:
    from companion.serve.phrases import phrased
    from companion.text import segments

    text = "Chieが赤1をA2上にスートとして置きます：2枚獲得（赤1、赤8）（F-6）。"
    out = phrased(text, "ja")
    assert out.startswith('<span class="ja-text">') and out.count("<wbr>") >= 4
    pieces = re.sub(r"<span[^>]*>|</span>", "", out).split("<wbr>")
    assert "".join(pieces) == html.escape(text, quote=True)
    assert all(not piece.startswith(("1", "8", "上")) for piece in pieces)  # 赤 / 1, A2 / 上 never split
    assert len(pieces) == len([p for p, spaced in segments(text) if not spaced])  # the breaker's phrases
    assert '<span class="nb">F-6</span>' in out  # a rule id is kept whole in any language
    assert phrased("Aki passes (D-7).", "en") == 'Aki passes (<span class="nb">D-7</span>).'


async def test_a_request_sent_in_two_packets_is_read_whole(served: Served, db: Path) -> None:
    import asyncio

    table, client = served
    game_id = stored_examples(db)["dragoness"]
    at_position(db, game_id, 101)
    line, seat = record_line(db, game_id, "dragoness")
    body = json.dumps({"line": line, "revision": stored(db, game_id)[1]}).encode()

    async def halves() -> Any:
        yield body[:10]
        await asyncio.sleep(0.2)  # the rest arrives later, as on a slow Wi-Fi
        yield body[10:]

    response = await client.post(seat_url(table, game_id, seat) + "/play", data=halves())
    assert response.status == 200, await response.text()
    assert stored(db, game_id)[0] == 102

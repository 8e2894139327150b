"""companion serve without a browser: who may join (tokens), the scoreboard and its events, the
coach's answers from the engines, and that a hand is never kept."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from companion.rules.games import ENGINES
from companion.serve.server import Table
from companion.store import Store
from tests.helpers.own import own
from tests.helpers.serve import at_position, stored_examples

Served = tuple[Table, TestClient[Any, Any]]


async def read_event(response: Any, name: str, timeout: float = 5.0) -> str:
    """The data of the next server-sent event called ``name``."""
    event, data = "", list[str]()

    async def next_one() -> str:
        nonlocal event, data
        while True:
            line = (await response.content.readline()).decode()
            if line == "\n":
                if event == name:
                    return "\n".join(data)
                event, data = "", list[str]()
            elif line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: "):
                data.append(line[6:].rstrip("\n"))
            elif not line:
                raise EOFError

    return await asyncio.wait_for(next_one(), timeout)


# ----------------------------------------------------------------------------- who may join


async def test_without_the_right_token_every_request_gets_an_empty_404(served: Served, db: Path) -> None:
    table, client = served
    ids = stored_examples(db)
    one, other = ids["fortress"], ids["homalet"]
    master, token = table.tokens.master, table.tokens.game(one)
    refused = [
        "/",
        f"/{master}",
        "/x/",
        f"/{master[:-1]}/",
        f"/{master}x/",
        f"/{token}/",  # a game token is no key
        f"/{token}/app/",
        f"/{token}/app/ws",
        "/nope/app/ws",
        f"/game/{one}",
        f"/x/game/{one}",
        f"/{token}/game/{other}",
        f"/{token}/coach/{other}/1",  # a token for another game
        f"/{table.tokens.game(other)}/game/{one}/events",
        f"/{master}/nothing-here",
        "/static/css/xterm.css",
        f"/{master.lower()}/",
    ]
    for path in refused:
        response = await client.get(path)
        assert (response.status, await response.read()) == (404, b""), path
    response = await client.post(f"/{table.tokens.game(other)}/coach/{one}/1/answer", data=b'{"hand":"R7"}')
    assert (response.status, await response.read()) == (404, b"")
    websocket_headers = {
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    response = await client.get(f"/{token}/app/ws", headers=websocket_headers)
    assert (response.status, await response.read()) == (404, b"")
    for path in (
        f"/{master}/",
        f"/{master}/app/",
        f"/{master}/game/{one}",
        f"/{token}/game/{one}",
        f"/{token}/coach/{one}/2",
    ):
        assert (await client.get(path)).status == 200, path
    assert not table.streams and not table.apps.services


async def test_a_thousand_wrong_tokens_change_nothing(served: Served, db: Path) -> None:
    """Each is an empty 404 before anything is looked up: no page, no stream, no app process."""
    table, client = served
    stored_examples(db)
    answers = await asyncio.gather(*(client.get(f"/{i:022d}/game/1") for i in range(1000)))
    assert {a.status for a in answers} == {404}
    assert not table.streams and not table.apps.services and not table.follower.games


async def test_the_index_lists_each_game_with_its_own_links_and_code(served: Served, db: Path) -> None:
    table, client = served
    ids = stored_examples(db)
    page = await (await client.get(f"/{table.tokens.master}/?lang=ja")).text()
    for game, game_id in ids.items():
        token = table.tokens.game(game_id)
        assert f"/{token}/game/{game_id}?lang=ja" in page
        assert f"/{token}/coach/{game_id}/1?lang=ja" in page
        assert html.escape(ENGINES[game].TITLE.ja) in page
    assert page.count("<svg") == 3 and "卓のアプリを開く" in page


# ----------------------------------------------------------------------------- the scoreboard


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_scoreboard_shows_the_engines_words_counts_scores_and_rulings(
    served: Served, db: Path, lang: Lang
) -> None:
    table, client = served
    game_id = stored_examples(db)["dragoness"]
    at_position(db, game_id, 300)
    with Store.open(db) as store:
        live = store.load(game_id)
        described = live.engine.describe(live.state).text(lang).splitlines()
        rulings = [r.text(lang) for r in live.rulings(5)]
        counts, totals = live.state.hand_counts, own(dragoness.State, live.state).totals()
        waiting = live.state.waiting_for().text(lang)
    page = await (await client.get(f"/{table.tokens.game(game_id)}/game/{game_id}?lang={lang}")).text()
    said = text_of(page)
    assert ("Now: " if lang == "en" else "現在：") + waiting in said  # whose turn
    for line in described:
        assert line in said
    for ruling in rulings:
        assert ruling in said
    rows = [
        f'<tr class="{"on" if seat == live.state.turn else ""}" data-seat="{seat + 1}"><th>{name}'
        for seat, name in enumerate(live.players)
    ]
    for row, count, total in zip(rows, counts, totals, strict=True):  # the round table: hand count and total
        after = page[page.index(row) :]
        assert after.index(f"<td>{count}</td>") < after.index(f'<td class="total">{total}</td>') < after.index("</tr>")
    assert 'data-position="300"' in page and "<script>" in page and "EventSource" in page
    assert f'lang="{lang}"' in page


def text_of(page: str) -> str:
    """What a reader sees of ``page``: its text without tags (a ``<wbr>``, a break opportunity
    between Japanese phrases, is no character)."""
    return html.unescape(re.sub(r"<[^>]*>", "", page.replace("<br>", "\n")))


async def test_a_finished_game_shows_the_settlement_with_its_explanation(served: Served, db: Path) -> None:

    table, client = served
    game_id = stored_examples(db)["homalet"]
    with Store.open(db) as store:
        answer = store.load(game_id).settle(explain=True, lang="en")
    assert answer is not None
    page = await (await client.get(f"/{table.tokens.master}/game/{game_id}?lang=en")).text()
    assert "The game is over: the settlement" in page
    assert_settlement_shown(page, answer, "en")


def assert_settlement_shown(page: str, answer: dict[str, Any], lang: Lang) -> None:
    """Every line of ``companion settle --text`` for ``answer`` is on the page."""
    from companion.settle import settle_text

    said = text_of(page)
    for line in settle_text(answer, lang).splitlines():
        if line.strip():
            assert line in said


async def test_every_page_following_a_game_gets_each_move_made_elsewhere(served: Served, db: Path) -> None:
    """A move and an undo by another program: each following page receives the new scoreboard
    (and the coach its new number of moves), and a page on another game hears nothing."""
    table, client = served
    ids = stored_examples(db)
    game_id = ids["fortress"]
    at_position(db, game_id, 100)
    token = table.tokens.game(game_id)
    boards = [await client.get(f"/{token}/game/{game_id}/events?lang={lang}") for lang in ("en", "ja", "en")]
    positions = await client.get(f"/{token}/game/{game_id}/events?only=position")
    for board in boards:
        assert 'data-position="100"' in await read_event(board, "board")
    assert await read_event(positions, "position") == "100"
    with Store.open(db) as store:
        live = store.load(game_id)
        ruling = live.redo()
        assert ruling == 1
        for board in boards:
            assert 'data-position="101"' in await read_event(board, "board")
        assert await read_event(positions, "position") == "101"
        live.undo(2)
        assert 'data-position="99"' in await read_event(boards[1], "board")
    assert len(table.streams) == 4
    for response in (*boards, positions):
        response.close()


async def test_the_scoreboard_of_a_game_that_does_not_exist_is_not_found(served: Served, db: Path) -> None:
    table, client = served
    response = await client.get(f"/{table.tokens.game(77)}/game/77")
    assert (response.status, await response.read()) == (404, b"")


# ----------------------------------------------------------------------------- the coach


def fortress_grid_revealed(db: Path) -> int:
    """A new Fortress game (Aki, Ben, Chie) whose grid is revealed (the README's): Aki places."""
    with Store.open(db) as store:
        game_id = store.new_game("fortress", ["Aki", "Ben", "Chie"], start=0)
        live = store.load(game_id)
        for line in ("A1 Y6", "A2 R3", "A3 G7", "A4 B1", "B1 K2", "B2 P9", "B3 R11", "B4 Y12"):
            live.play_line(line)
    return game_id


def first_state(engine: Any, setup: Any, actions: Any, wanted: Any) -> tuple[int, Any]:
    """The first position of a game (and its state) where ``wanted(state)`` holds."""
    state = engine.new_state(setup)
    for position, action in enumerate(actions, 1):
        state = engine.apply(state, action)[0]
        if wanted(state):
            return position, state
    raise AssertionError("no such state in the example game")


async def ask(
    client: TestClient[Any, Any], table: Table, game_id: int, seat: int, hand: str, since: int = 0, lang: str = "en"
) -> dict[str, Any]:
    token = table.tokens.game(game_id)
    response = await client.post(
        f"/{token}/coach/{game_id}/{seat}/answer", data=json.dumps({"hand": hand, "since": since, "lang": lang})
    )
    assert response.status == 200, await response.text()
    answer: dict[str, Any] = await response.json()
    return answer


async def test_fortress_coach_gives_each_cards_capture_at_every_spot_and_its_places(served: Served, db: Path) -> None:
    """F-5/F-6: the count captured at each spot by number and by suit, as ``captures`` says; F-11:
    each captured card's legal places in the player's fortress, as ``placements`` says."""

    table, client = served
    game_id = fortress_grid_revealed(db)
    with Store.open(db) as store:
        state = own(fortress.State, store.load(game_id).state)
    answer = await ask(client, table, game_id, 1, "R13 k5 Y6")
    page = answer["html"]
    assert "It is your turn." in page
    r13 = state.setup.deck.parse("R13")
    captures = fortress.captures(state, r13)
    assert captures
    for capture in captures:
        assert f"<th>{capture.spot}</th>" in page
    a1n = [c for c in captures if c.spot == "A1N"]
    by_number = next(c for c in a1n if c.mode is fortress.Mode.NUMBER)
    assert len(by_number.cards) == 3  # 13 ≥ 6 + 7 (F-6)
    for card in by_number.cards:
        legal = fortress.placements([], card.rank, 13)
        assert f"{card}→{', '.join(fortress.WHERE_NAMES[w].en for w in legal)}" in html.unescape(page)
    assert 'data-card="K5"' in page and 'class="legal" data-card="R13"' in page
    assert 'class="illegal" data-card="Y6"' in page and "Seen elsewhere on the table" in page  # Y6 is at A1
    other = await ask(client, table, game_id, 2, "R13")
    assert "Not your turn" in other["html"]


async def test_homalet_coach_shows_which_cards_follow_the_lead_colour_on_each_field(served: Served, db: Path) -> None:
    """H-4: a card of the lead colour follows; an off-colour card is refused while the hand holds the
    lead colour, and allowed with the void claim when it holds none."""

    table, client = served
    game_id = stored_examples(db)["homalet"]
    with Store.open(db) as store:
        live = store.load(game_id)
        actions = live.actions
    setup = own(homalet.Setup, live.setup)
    position, state = first_state(
        homalet,
        setup,
        actions,  # the first turn with a lead on the battlefield
        lambda s: s.phase is homalet.Phase.PLAY and s.lead(homalet.Field.BATTLE) is not None,
    )
    at_position(db, game_id, position)
    seat, lead = state.turn, state.lead(homalet.Field.BATTLE)
    unseen = [c for c in homalet.cards_for(len(setup.players)) if not state.seen >> c & 1]
    colour = setup.deck.colour_of
    following = next(c for c in unseen if colour[c] == lead)
    off = next(c for c in unseen if colour[c] != lead)
    page = (await ask(client, table, game_id, seat + 1, f"{following:02d} {off:02d}"))["html"]
    battle = page.split("<h3>")[1]
    assert f'class="legal" data-card="{following:02d}"' in battle and "follows the lead colour" in battle
    assert f'class="illegal" data-card="{off:02d}"' in battle
    alone = (await ask(client, table, game_id, seat + 1, f"{off:02d}"))["html"].split("<h3>")[1]
    assert f'class="legal" data-card="{off:02d}"' in alone
    void = homalet.apply(state, homalet.Play(seat, off, homalet.Field.BATTLE, True))[1]
    assert html.escape(void.en) in alone


async def test_dragoness_coach_lists_the_groups_the_engine_reads_as_beating_the_pile(served: Served, db: Path) -> None:
    """D-7: a follow is the pile's type and size, stronger; the coach lists exactly the groups of
    the hand that ``readings`` accepts now."""
    import itertools

    from companion.rules import dragoness

    table, client = served
    game_id = stored_examples(db)["dragoness"]
    with Store.open(db) as store:
        live = store.load(game_id)
        actions = live.actions
    position, state = first_state(
        dragoness,
        live.setup,
        actions,
        lambda s: s.phase is dragoness.Phase.FOLLOW and s.top is not None and s.top.size == 2,
    )
    at_position(db, game_id, position)
    deck = own(dragoness.Deck, live.setup.deck)
    by_number: dict[int, list[Any]] = {}
    for card in deck.cards_for(len(live.setup.players)):
        if card not in state.seen and card.number:
            by_number.setdefault(card.number, []).append(card)
    pairs = sorted(n for n, cards in by_number.items() if len(cards) >= 2)
    unseen = by_number[pairs[0]][:2] + by_number[pairs[-1]][:2]  # a weak pair and a strong one
    hand = " ".join(map(str, unseen))
    page = html.unescape((await ask(client, table, game_id, state.turn + 1, hand))["html"])
    expected = [g for g in itertools.combinations(unseen, 2) if dragoness.readings(state, g)]
    assert expected and len(expected) < len(list(itertools.combinations(unseen, 2)))  # some beat the pile, some not
    for group in expected:
        words = "; ".join(r.describe().en for r in dragoness.readings(state, group))
        assert f"<b>{' '.join(map(str, group))}</b> {words}" in page
    assert page.count('class="legal"') == min(len(expected), 24)


async def test_the_coach_drops_the_cards_the_table_records_this_player_playing(served: Served, db: Path) -> None:
    table, client = served
    game_id = fortress_grid_revealed(db)
    with Store.open(db) as store:
        live = store.load(game_id)
        typed_at = live.position
        live.play_line("R13 A1N n")
    first = await ask(client, table, game_id, 1, "R13 K5 P1", since=typed_at)
    assert first["hand"] == ["K5", "P1"] and first["dropped"] == ["R13"] and first["position"] == typed_at + 1
    assert "R13" in first["html"]
    assert (await ask(client, table, game_id, 2, "R13 K5", since=typed_at))["dropped"] == []  # not Ben's play


async def test_a_bad_coach_request_gets_one_sentence(served: Served, db: Path) -> None:
    table, client = served
    game_id = stored_examples(db)["fortress"]
    url = f"/{table.tokens.game(game_id)}/coach/{game_id}"
    for body in (
        b"not json",
        b"[1]",
        b'{"hand": 5}',
        b'{"hand": "R7", "since": "x"}',
        b"x" * 5000,
        json.dumps({"hand": "R7 " * 200}).encode(),
    ):
        response = await client.post(f"{url}/1/answer", data=body)
        text = await response.text()
        assert response.status == 400 and text.count("\n") == 1 and "Traceback" not in text, body[:20]
    response = await client.get(f"{url}/9")
    assert response.status == 400 and "seats are 1 to 5" in await response.text()


async def test_a_hand_is_never_stored(served: Served, db: Path) -> None:
    """The hand goes into the request and its answer only: not into the database file, its journal,
    or any page (the server keeps no copy to show)."""
    table, client = served
    game_id = stored_examples(db)["dragoness"]
    at_position(db, game_id, 200)
    hand = "Lo7 Gy12 DR"
    await ask(client, table, game_id, 1, hand)
    with Store.open(db) as store:  # a write of its own, so that the journal is checkpointed too
        store.load(game_id).redo()
    for path in db.parent.iterdir():
        if path.name.startswith(db.name):
            assert b"Lo7 Gy12" not in path.read_bytes()
    token = table.tokens.game(game_id)
    for url in (f"/{token}/game/{game_id}", f"/{token}/coach/{game_id}/1", f"/{table.tokens.master}/"):
        assert "Lo7 Gy12" not in await (await client.get(url)).text()


async def test_the_app_page_needs_nothing_from_the_internet_and_sends_no_referrer(served: Served) -> None:
    """The table may have no internet: textual-serve's page without its web font; and a link holding
    the token is never sent to another site."""
    table, client = served
    page = await (await client.get(f"/{table.tokens.master}/app/")).text()
    assert "googleapis" not in page and '<meta name="referrer" content="no-referrer">' in page
    host = f"{client.server.host}:{client.server.port}"
    assert f'data-session-websocket-url="ws://{host}/{table.tokens.master}/app/ws"' in page
    assert f"http://{host}/{table.tokens.master}/app/static/js/textual.js" in page
    static = await client.get(f"/{table.tokens.master}/app/static/js/textual.js")
    assert static.status == 200


def test_the_start_says_who_can_open_the_link() -> None:
    """127.0.0.1 (the default): this computer only; any other address: the warning (no test binds one)."""
    from companion.serve.server import exposure
    from companion.serve.words import say

    assert exposure("127.0.0.1") == exposure("localhost") == "serve.local"
    assert exposure("0.0.0.0") == exposure("192.168.1.20") == "serve.warning"
    assert "anyone on this network with the link can watch" in say("serve.warning", "en")
    assert "リンクを知っている人は誰でもゲームを見られます" in say("serve.warning", "ja")


async def test_dragoness_coach_for_a_huge_hand_answers_at_once_and_says_what_it_left_out(
    served: Served, db: Path
) -> None:
    """Leading (D-6), every group of the hand could be a pattern: the coach asks the engine about a
    bounded number of groups and says which sizes it did not try."""
    from companion.rules import dragoness
    from companion.serve.coach import MAX_TRIED

    table, client = served
    game_id = stored_examples(db)["dragoness"]
    with Store.open(db) as store:
        live = store.load(game_id)
        actions = live.actions
    position, state = first_state(dragoness, live.setup, actions, lambda s: s.phase is dragoness.Phase.LEAD)
    at_position(db, game_id, position)
    deck = own(dragoness.Deck, live.setup.deck)
    hand = [c for c in deck.cards_for(len(live.players)) if c not in state.seen][:30]
    page = html.unescape((await ask(client, table, game_id, state.turn + 1, " ".join(map(str, hand))))["html"])
    assert "Groups of 3 cards or more were not tried" in page  # 30 + 435 + 4060 > MAX_TRIED
    assert 30 + 435 <= MAX_TRIED < 30 + 435 + 4060
    singles = [c for c in hand if dragoness.readings(state, [c])]
    for card in singles[:10]:
        assert f"<b>{card}</b>" in page


def test_a_page_following_a_game_keeps_it_however_many_games_are_asked_for(db: Path) -> None:
    from companion.serve.board import MAX_FOLLOWED, Follower

    with Store.open(db) as store:
        ids = [store.new_game("homalet", ["A", "B", "C"], start=0) for _ in range(MAX_FOLLOWED + 5)]
        follower = Follower(store, busy=lambda game_id: game_id == ids[0])
        for game_id in ids:
            follower.game(game_id)
        assert len(follower.games) == MAX_FOLLOWED  # the followed one and those asked for last
        assert ids[0] in follower.games and ids[1] not in follower.games and ids[-1] in follower.games


async def test_a_game_stored_from_its_score_sheet_shows_its_settlement(served: Served, db: Path) -> None:

    table, client = served
    results = json.loads((Path(__file__).resolve().parents[2] / "examples" / "fortress.json").read_text())
    with Store.open(db) as store:
        game_id = store.new_result_game("fortress", results)
        answer = store.load(game_id).settle(explain=True, lang="ja")
    assert answer is not None
    page = await (await client.get(f"/{table.tokens.game(game_id)}/game/{game_id}?lang=ja")).text()
    assert "スコアシートから記録されたゲーム" in page
    assert_settlement_shown(page, answer, "ja")


async def test_the_codes_for_phones_carry_the_address_phones_use(served: Served, db: Path) -> None:
    """The scorer on this computer (loopback) or at one of its names sees codes for the address
    printed at start, which a phone can reach (a phone cannot resolve a computer's name); a scorer at
    another of this computer's addresses gets codes for that address."""
    table, client = served
    game_id = stored_examples(db)["homalet"]
    table.public_base = "http://192.0.2.7:8765"  # an address for documentation: nothing is sent to it
    table.front.names |= {"table.local", "192.0.2.9"}  # as if they were this computer's name and second address
    link = f"/{table.tokens.game(game_id)}/game/{game_id}?lang=en"
    page = await (await client.get(f"/{table.tokens.master}/?lang=en")).text()
    assert f'<p class="sub link">http://192.0.2.7:8765{html.escape(link)}</p>' in page
    page = await (await client.get(f"/{table.tokens.master}/?lang=en", headers={"Host": "table.local:8765"})).text()
    assert f'<p class="sub link">http://192.0.2.7:8765{html.escape(link)}</p>' in page
    page = await (await client.get(f"/{table.tokens.master}/?lang=en", headers={"Host": "192.0.2.9:8765"})).text()
    assert f'<p class="sub link">http://192.0.2.9:8765{html.escape(link)}</p>' in page

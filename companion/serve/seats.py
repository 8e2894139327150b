"""The seat pages (issue 28): each player plays from a phone.

- ``GET /S/seat/G/N`` the page of seat N (from 1) of game G; S: that seat's token (or the master);
- ``POST .../view`` what the page shows now for the words chosen so far and the hand kept in the
  browser (the offers, the coach, whose move it is); the hand is used and forgotten;
- ``POST .../play`` a line: read by the engine, checked to be this seat's, and played through the
  store's ``play`` (the same transaction rules as the app: the hash chain, the other-writer check),
  kept with the seat whose phone played it; refused, with the engine's one sentence, if the game's
  revision is not the one the page showed (a replayed or late request) or the line is another
  seat's;
- ``POST .../undo`` takes back this seat's own last move, while nothing was played after it.

A refusal is one sentence in the page's language and changes nothing (403: not this link's to do;
409: the game changed meanwhile; 422: the engine refused the line).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from aiohttp import web

from companion.rules.common import Lang, Refusal
from companion.rules.engine import StateShape
from companion.serve import coach
from companion.serve.apps import _lang_of
from companion.serve.board import Follower
from companion.serve.escape import esc
from companion.serve.guard import read_at_most
from companion.serve.offers import MAX_PREFIX, Offering, actor
from companion.serve.pages import qr_svg
from companion.serve.phrases import phrased
from companion.serve.seat_index import seat_url
from companion.serve.seat_page import seat_page
from companion.serve.seat_view import controller_html
from companion.serve.table_words import say
from companion.serve.tiles import parse_card
from companion.serve.tokens import Tokens
from companion.store import LiveGame, Store


class Table(Protocol):
    """What the seat pages use of the server (``server.Table``)."""

    db_path: Path
    lang: Lang
    tokens: Tokens
    follower: Follower

    def _game(self, request: web.Request) -> int: ...
    def _seat(self, request: web.Request, game_id: int) -> tuple[int, str]: ...
    def poke(self) -> None: ...
    def base(self, request: web.Request) -> str: ...


MAX_BODY = 2048  # bytes of one seat request
MAX_LINE = 300  # characters of a line (the longest lines are a correction's reason, a final hand)
OFFERINGS = 16  # states whose offers are kept worked out (a table shows one or two games)


def sentence(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain", charset="utf-8")


@dataclass(frozen=True)
class Request:
    """A seat request as read: the game, the seat (from 0), its player, the page's language, and
    whether the link is the seat's own (or the scorer's)."""

    game_id: int
    seat: int
    name: str
    lang: Lang
    own: bool
    refusal: str | None  # why this link may not act for this seat (None: it may)


class Seats:
    """The seat pages of one served table: their routes, and the store they write through."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._writer: Store | None = None
        self._writing: dict[int, LiveGame] = {}
        self._offerings: OrderedDict[tuple[int, int, Lang], Offering] = OrderedDict()

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/{token}/seat/{game}/{seat}", self.page),
            web.post("/{token}/seat/{game}/{seat}/view", self.view),
            web.post("/{token}/seat/{game}/{seat}/play", self.play),
            web.post("/{token}/seat/{game}/{seat}/undo", self.undo),
            web.get("/{token}/code/{game}/{seat}", self.code),
        ]

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # ------------------------------------------------------------------ who asks

    def _read(self, request: web.Request) -> Request:
        lang = _lang_of(request, self.table.lang)
        game_id = self.table._game(request)
        seat, name = self.table._seat(request, game_id)
        token = request.match_info["token"]
        tokens = self.table.tokens
        players = self.table.follower.game(game_id).live.players
        refusal = None
        if not tokens.is_master(token):
            owner = tokens.seat_of(token, game_id)
            if owner is None:
                refusal = say("seat.watch_only", lang, game=game_id)
            elif owner != seat:
                refusal = say("seat.other_seat", lang, name=players[owner], other=name)
        return Request(game_id, seat, name, lang, refusal is None, refusal)

    async def _body(self, request: web.Request, lang: Lang) -> dict[str, Any] | web.Response:
        raw = await read_at_most(request, MAX_BODY + 1)
        if len(raw) > MAX_BODY:
            return sentence(400, say("seat.too_long", lang, n=MAX_LINE))
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return sentence(400, say("seat.bad_request", lang))
        if body.get("lang") in ("en", "ja"):
            body["lang"] = "ja" if body["lang"] == "ja" else "en"
        return body

    # ------------------------------------------------------------------ the pages

    async def code(self, request: web.Request) -> web.Response:
        """A seat's link as a QR code (an SVG image), for the scorer's index alone."""
        if not self.table.tokens.is_master(request.match_info["token"]):
            raise web.HTTPNotFound
        game_id = self.table._game(request)
        seat, _ = self.table._seat(request, game_id)
        lang = _lang_of(request, self.table.lang)
        base = self.table.base(request)
        svg = qr_svg(base + seat_url(self.table.tokens, game_id, seat, lang))
        return web.Response(
            text=svg.replace("<svg ", '<svg width="352" height="352" ', 1),
            content_type="image/svg+xml",
            headers={"Cache-Control": "no-store"},
        )

    async def page(self, request: web.Request) -> web.Response:
        asked = self._read(request)
        if asked.refusal is not None:
            return sentence(403, asked.refusal)
        live = self.table.follower.game(asked.game_id).live
        token = request.match_info["token"]
        here = f"/{token}/seat/{asked.game_id}/{asked.seat + 1}"
        config = {
            "key": f"companion-seat:{token[:8]}:{asked.game_id}:{asked.seat + 1}",
            "lang": asked.lang,
            "view": f"{here}/view",
            "play": f"{here}/play",
            "undo": f"{here}/undo",
            "events": f"/{token}/game/{asked.game_id}/events?lang={asked.lang}",
            "reconnecting": say("seat.reconnecting", asked.lang),
        }
        _, board = self.table.follower.drawn(asked.game_id, asked.lang)
        other = "en" if asked.lang == "ja" else "ja"
        return web.Response(
            text=seat_page(asked.name, asked.lang, live, board, config, f"{here}?lang={other}"),
            content_type="text/html",
            headers={"Cache-Control": "no-store"},
        )

    async def view(self, request: web.Request) -> web.Response:
        asked = self._read(request)
        if asked.refusal is not None:
            return sentence(403, asked.refusal)
        body = await self._body(request, asked.lang)
        if isinstance(body, web.Response):
            return body
        lang: Lang = body.get("lang", asked.lang)
        prefix, hand = body.get("prefix", ""), body.get("hand", "")
        since = body.get("since", 0)
        if not isinstance(prefix, str) or not isinstance(hand, str) or not isinstance(since, int):
            return sentence(400, say("seat.bad_request", lang))
        if len(hand) > coach.MAX_HAND_CHARS or len(prefix) > MAX_PREFIX:
            return sentence(400, say("seat.too_long", lang, n=max(coach.MAX_HAND_CHARS, MAX_PREFIX)))
        followed = self.table.follower.game(asked.game_id)
        live = followed.live
        offering = self._offering(asked.game_id, followed.change, lang, live)
        found = coach.answer(live, asked.seat, hand, since, lang)
        cards = [c for c in (parse_card(live.state, t) for t in found.hand) if c is not None]
        seat = asked.seat
        # in the server's own thread: the engines' caches are not made to be filled from two threads
        # at once (a list half made is read as the whole), so no engine work runs beside another
        offers = offering.offers(seat, prefix)
        undo = self._may_undo(live, seat)
        return web.json_response(
            {
                "controller": controller_html(offers, live.state, lang, cards, undo),
                "coach": found.html,
                "turn": turn_html(live.state, lang, offers.mine),
                "prefix": offers.prefix,
                "hand": found.hand,
                "dropped": found.dropped,
                "position": live.position,
                "revision": live.revision,
            },
            headers={"Cache-Control": "no-store"},
        )

    def _offering(self, game_id: int, change: int, lang: Lang, live: LiveGame) -> Offering:
        key = (game_id, change, lang)
        found = self._offerings.get(key)
        if found is None or found.state is not live.state:
            found = self._offerings[key] = Offering(live.engine, live.state, lang)
        self._offerings.move_to_end(key)
        while len(self._offerings) > OFFERINGS:
            self._offerings.popitem(last=False)
        return found

    @staticmethod
    def _may_undo(live: LiveGame, seat: int) -> bool:
        return live.position > 0 and live.phones(live.position - 1, live.position) == [seat]

    # ------------------------------------------------------------------ acting

    def _live(self, game_id: int) -> LiveGame:
        """The game as the writing store holds it now (another program's change read first)."""
        if self._writer is None:
            self._writer = Store.open(self.table.db_path)
        live = self._writing.get(game_id)
        if live is None:
            live = self._writing[game_id] = self._writer.load(game_id)
        else:
            live.refresh()
        return live

    async def _acting(
        self, request: web.Request, act: Callable[[Request, LiveGame, dict[str, Any]], web.Response]
    ) -> web.Response:
        asked = self._read(request)
        if asked.refusal is not None:
            return sentence(403, asked.refusal)
        body = await self._body(request, asked.lang)
        if isinstance(body, web.Response):
            return body
        lang: Lang = body.get("lang", asked.lang)
        asked = Request(asked.game_id, asked.seat, asked.name, lang, asked.own, None)
        revision = body.get("revision")
        if not isinstance(revision, int) or isinstance(revision, bool):
            return sentence(400, say("seat.bad_request", lang))
        try:
            live = self._live(asked.game_id)
            if live.revision != revision:
                return sentence(409, say("seat.stale", lang, position=live.position))
            response = act(asked, live, body)
        except Refusal as refusal:
            return sentence(422, refusal.msg.text(lang))
        self.table.poke()  # every page following the game hears of it now, not at the next look
        return response

    async def play(self, request: web.Request) -> web.Response:
        return await self._acting(request, self._play)

    def _play(self, asked: Request, live: LiveGame, body: dict[str, Any]) -> web.Response:
        line = body.get("line")
        if not isinstance(line, str):
            return sentence(400, say("seat.bad_request", asked.lang))
        if len(line) > MAX_LINE:
            return sentence(400, say("seat.too_long", asked.lang, n=MAX_LINE))
        state = live.state
        action = live.engine.parse_line(state, line)
        who = actor(state, action)
        if who is not None and who != asked.seat:
            players = live.players
            return sentence(403, say("seat.not_yours", asked.lang, name=players[asked.seat], other=players[who]))
        written = live.engine.action_line(state, action, asked.lang)
        ruling = live.play(action, phone=asked.seat)
        said = f"{say('seat.played', asked.lang)}{written} — {ruling.text(asked.lang)}"
        return web.json_response({"said": said, "position": live.position, "revision": live.revision})

    async def undo(self, request: web.Request) -> web.Response:
        return await self._acting(request, self._undo)

    def _undo(self, asked: Request, live: LiveGame, body: dict[str, Any]) -> web.Response:
        if not self._may_undo(live, asked.seat):
            return sentence(403, say("seat.undo_refused", asked.lang))
        before = live.state_at(live.position - 1)
        written = live.engine.action_line(before, live.actions[-1], asked.lang)
        live.undo(1)
        said = f"{say('seat.undone', asked.lang)}{written}"
        return web.json_response({"said": said, "position": live.position, "revision": live.revision})


def turn_html(state: StateShape, lang: Lang, mine: bool) -> str:
    """Whose move it is, as the engine says it, and whether this seat has something to enter."""
    key = "seat.your_turn" if mine else "seat.waiting"
    return f"{esc(say(key, lang))}{phrased(state.waiting_for().text(lang), lang)}"

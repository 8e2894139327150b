"""A finished game as a BG Stats play, and the link that hands it to the BG Stats app.

BG Stats takes one play from another app through ``https://app.bgstatsapp.com/createPlay.html?data=``
followed by the play as URL-encoded JSON; the app then asks its user to confirm. Only the fields listed
in :data:`PLAY_FIELDS`, :data:`GAME_FIELDS` and :data:`PLAYER_FIELDS` are written. Nothing here touches
the network: the link is text to print or to show as a QR code.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from companion.analysis.playtest import minutes_between, places
from companion.records.play_details import Details
from companion.rules.common import refuse
from companion.settle import settle

if TYPE_CHECKING:
    from companion.store import LiveGame

BASE_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "companion"
# the namespace of every id this program gives BG Stats (uuid5 of names under it): the same play, or the
# same player, always gets the same id
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/companion/print-and-play")

PLAY_FIELDS = ("sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments", "game", "players")
GAME_FIELDS = ("name", "bggId", "highestWins", "noPoints", "sourceGameId")
PLAYER_FIELDS = ("name", "sourcePlayerId", "score", "winner", "startPlayer", "rank", "seatOrder")

# the games as BG Stats (and BoardGameGeek) would name them; in all three the highest score wins
GAME_NAMES = {"fortress": "Six-Suit Fortress", "homalet": "HOMALET", "dragoness": "Reign of Dragoness"}


def scores_of(answer: Mapping[str, Any]) -> dict[str, int]:
    """Each player's final score in a ``companion settle`` answer: Reign of Dragoness's five-round total,
    the other games' scores."""
    if "totals" in answer:
        return {str(name): int(score) for name, score in answer["totals"].items()}
    return {str(p["name"]): int(p["score"]) for p in answer["players"]}


def _bg_time(stamp: str) -> str:
    """``2026-11-30T19:49:45Z`` as BG Stats writes a time: ``2026-11-30 19:49:45`` (UTC)."""
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").strftime("%Y-%m-%d %H:%M:%S")


def player_id(name: str) -> str:
    """A player's id for BG Stats: the same name gets the same id in every game."""
    return str(uuid.uuid5(NAMESPACE, "player:" + name))


def make_play(
    game: str,
    players: Sequence[str],
    start: int | None,
    answer: Mapping[str, Any],
    times: Sequence[str | None],
    key: str,
    details: Details | None = None,
) -> dict[str, Any]:
    """The BG Stats play of a finished game: ``answer`` is its ``companion settle`` answer, ``times`` the
    times known for it (ISO 8601 UTC; the last is when it ended), ``key`` text that names the game alone
    (its record as canonical JSON): the play's id is derived from it, so sending it twice is the same play.
    ``start`` is the start seat (None: no start player, as in Reign of Dragoness, D-6). ``details`` adds
    where it was played, its notes (as ``comments``) and the deck's BoardGameGeek id, where known."""
    scores = scores_of(answer)
    winners = [str(w) for w in answer["winners"]]
    ranks = places([scores[name] for name in players], {seat for seat, name in enumerate(players) if name in winners})
    known = [t for t in times if t is not None]
    play: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": str(uuid.uuid5(NAMESPACE, "play:" + key))}
    if known:
        play["playDate"] = _bg_time(known[-1])
    minutes = minutes_between(known[0], known[-1]) if len(known) >= 2 else None
    if minutes is not None:
        play["durationMin"] = round(minutes)
    if details is not None and details.location is not None:
        play["location"] = details.location
    if details is not None and details.notes:
        play["comments"] = details.notes
    play["game"] = {"name": GAME_NAMES[game], "highestWins": True, "noPoints": False, "sourceGameId": game}
    if details is not None and details.bgg_id is not None:
        play["game"]["bggId"] = details.bgg_id
    play["players"] = [
        {
            "name": name,
            "sourcePlayerId": player_id(name),
            "score": scores[name],
            "winner": name in winners,
            "startPlayer": seat == start,
            "rank": ranks[seat],
            "seatOrder": seat + 1,
        }
        for seat, name in enumerate(players)
    ]
    return play


def canonical(data: Any) -> str:
    """``data`` as JSON with sorted keys and no spaces: the same data always gives the same text."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def play_key(data: Mapping[str, Any]) -> str:
    """What names a record's game alone: the record as canonical JSON without its details, as record
    version 1 wrote it. So the play's id stays when notes are edited, and is the one sent before."""
    return canonical({**{k: v for k, v in data.items() if k != "details"}, "version": 1})


def play_from_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """The BG Stats play of a finished game's record (docs/records.md), with its details; refused, in a
    sentence, if the record does not read or its game is not over."""
    from companion.records.game_records import fold_record, read_record

    record = read_record(data)
    state = fold_record(record)[0]
    if not record.engine.finished(state):
        raise refuse(
            "the game is not over: BG Stats takes finished plays only",
            "ゲームがまだ終わっていません。BG Stats に送れるのは終わったゲームだけです",
        )
    answer = settle(record.engine.settle_input(state), False, "en", deck=record.deck)
    return make_play(
        record.engine.GAME,
        list(record.setup.players),
        getattr(record.setup, "start", None),
        answer,
        record.times,
        play_key(data),
        record.details,
    )


def play_of_game(live: LiveGame) -> dict[str, Any]:
    """The BG Stats play of a stored, finished game: a tracked game's from its record, a score sheet's
    from its results (its id then derived from the results and when they were stored)."""
    if live.mode == "track":
        return play_from_record(live.record())
    answer = live.settle()
    if answer is None or not live.finished:
        raise refuse(
            f"game {live.id} is not over: BG Stats takes finished plays only",
            f"ゲーム {live.id} はまだ終わっていません。BG Stats に送れるのは終わったゲームだけです",
        )
    key = canonical({"game": live.game, "results": live.results, "created": live.created})
    return make_play(
        live.game, live.players, getattr(live.setup, "start", None), answer, [live.updated], key, live.details
    )


def url(play: Mapping[str, Any]) -> str:
    """The link that opens ``play`` in BG Stats: its compact JSON, URL-encoded."""
    return BASE_URL + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def play_of_url(link: str) -> dict[str, Any]:
    """The play a BG Stats link carries (the reverse of :func:`url`), for checking one."""
    from urllib.parse import unquote

    if not link.startswith(BASE_URL):
        raise ValueError("not a BG Stats createPlay link")
    data: dict[str, Any] = json.loads(unquote(link[len(BASE_URL) :]))
    return data

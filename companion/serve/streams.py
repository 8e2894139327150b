"""The pages following games (server-sent event streams), shared fairly, and the few lines of
JavaScript with which a page follows its stream and comes back after losing it.

A stream costs the server a connection and a small queue, so their number is bounded; but a bound
alone lets whoever opens the most streams shut every other page out. Here:

- one client address holds at most :data:`PER_ADDRESS` streams: its next one ends its own oldest
  (a phone that reloads, or a tab the network forgot, makes room for itself and never for others);
- when :data:`TOTAL` streams are open, a newcomer takes the oldest stream of the address holding
  the most, if that address holds at least two more than the newcomer's; else of the game followed
  by the most pages, on the same condition; else it is refused (503, retried by the page);
- an ended stream ends its response: the page shows "reconnecting…" and comes back with backoff.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

PER_ADDRESS = 8  # streams one client address holds (a browser opens at most 6 connections to a server)
TOTAL = 160  # streams at once: every seat page and scoreboard of several tables (each is a connection)


@dataclass(eq=False)
class Stream:
    """One page following one game: woken (a full queue means already woken) on each change; its
    ``wake`` says False when the stream is to end (the server stops, or the stream gave way)."""

    game_id: int
    address: str = ""
    wake: asyncio.Queue[bool] = field(default_factory=lambda: asyncio.Queue(maxsize=1))
    ended: bool = False

    def end(self) -> None:
        self.ended = True
        with contextlib.suppress(asyncio.QueueEmpty):
            self.wake.get_nowait()
        self.wake.put_nowait(False)


class StreamPool:
    """The open streams, oldest first; iterated and counted like the set it replaces."""

    def __init__(self, total: int = TOTAL, per_address: int = PER_ADDRESS) -> None:
        self.total = total
        self.per_address = per_address
        self._streams: dict[Stream, None] = {}  # insertion order: oldest first
        self.given_way = 0  # streams ended to make room, since start

    def __len__(self) -> int:
        return len(self._streams)

    def __iter__(self) -> Iterator[Stream]:
        return iter(list(self._streams))

    def __bool__(self) -> bool:
        return bool(self._streams)

    def admit(self, game_id: int, address: str) -> Stream | None:
        """A new stream for ``game_id`` from ``address`` (another ended to make room if fair), or
        None when every address and game holds no more than its share."""
        victim = self._victim(game_id, address)
        if victim is None and len(self._streams) >= self.total:
            return None
        if victim is not None:
            self.discard(victim)
            victim.end()
            self.given_way += 1
        stream = Stream(game_id, address)
        self._streams[stream] = None
        return stream

    def discard(self, stream: Stream) -> None:
        self._streams.pop(stream, None)

    def add(self, stream: Stream) -> None:
        self._streams[stream] = None

    def _victim(self, game_id: int, address: str) -> Stream | None:
        mine = [s for s in self._streams if s.address == address]
        if len(mine) >= self.per_address:
            return mine[0]
        if len(self._streams) < self.total:
            return None
        by_address = Counter(s.address for s in self._streams)
        most, held = by_address.most_common(1)[0]
        if held >= by_address[address] + 2:
            return next(s for s in self._streams if s.address == most)
        by_game = Counter(s.game_id for s in self._streams)
        game, followers = by_game.most_common(1)[0]
        if followers >= by_game[game_id] + 2:
            in_game = Counter(s.address for s in self._streams if s.game_id == game)
            biggest = in_game.most_common(1)[0][0]
            return next(s for s in self._streams if s.game_id == game and s.address == biggest)
        return None


# A page's live part: follow(url, {event: handler}) keeps one EventSource open; when it fails (the
# server refused it, ended it, or the network dropped it) the page says "reconnecting…" and opens a
# new one after 0.5 s, then 1, 2, at most 3 s (less a random part, so that pages do not come back all
# at once). A stream that stays open 10 s resets the wait. "gone" (the game was deleted) ends it.
FOLLOW_SCRIPT = """
function follow(url,handlers,note){
 let wait=500,es=null,steady=null;
 const say=document.createElement("p");say.className="reconnecting";say.setAttribute("role","status");
 say.textContent=note;say.hidden=true;document.body.prepend(say);
 function open(){
  es=new EventSource(url);
  es.onopen=()=>{say.hidden=true;clearTimeout(steady);steady=setTimeout(()=>{wait=500;},10000);};
  for(const [name,handle] of Object.entries(handlers))es.addEventListener(name,e=>{say.hidden=true;handle(e);});
  es.addEventListener("gone",()=>{es.close();clearTimeout(steady);});
  es.onerror=()=>{es.close();clearTimeout(steady);say.hidden=false;
   setTimeout(open,wait*(0.6+0.4*Math.random()));wait=Math.min(wait*2,3000);};
 }
 open();
}
"""

FOLLOW_STYLE = (
    ".reconnecting{position:sticky;top:0;z-index:9;margin:0;padding:.4em .8em;background:#7a2e00;color:#fff;"
    "font-weight:700;text-align:center}.reconnecting[hidden]{display:none}"
)


def follow_call(url: str, handlers: str, note: str) -> str:
    """The script that follows ``url``: FOLLOW_SCRIPT and the call, ``handlers`` a JavaScript object
    literal of event handlers, ``note`` the page's "reconnecting…" in its language."""
    return f"{FOLLOW_SCRIPT}follow({_js(url)},{handlers},{_js(note)});"


def _js(text: str) -> str:
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

"""The scoreboard: a game's public state as server-rendered HTML, from the engines' own words
(``describe``, the rulings ``apply`` gave, the settlement) and the store. No rule is worked out
here or in the browser: the page only shows what the engine said.

:class:`Follower` watches the store for the server: one look at ``PRAGMA data_version`` a tick,
and only when another program wrote does it ask which followed games changed. Each change is
drawn once per language and handed to every page following that game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.rules.common import Lang, Msg, Refusal
from companion.serve.escape import esc as esc  # the pages have imported it from here
from companion.serve.words import say
from companion.store import LiveGame, Store

RULINGS_SHOWN = 5
MAX_FOLLOWED = 32  # games kept loaded for the pages following them (a table follows one or two)


def board_html(live: LiveGame, lang: Lang) -> str:
    """The scoreboard's content (the part that is replaced on every change): whose move it is, the
    last ruling (marked with the seat whose phone played it), the table drawn as a picture, the last
    rulings, the table in the engine's words (folded away), and the settlement once it is over."""
    from companion.serve.phrases import phrased
    from companion.serve.pictures import picture
    from companion.serve.table_words import say as said

    engine = live.engine
    title = f"#{live.id} {engine.TITLE.text(lang)} — {', '.join(live.players)}"
    parts = [
        f'<div class="board" data-position="{live.position}" data-revision="{live.revision}" data-game="{live.id}">',
        f"<h1>{esc(title)}</h1>",
    ]
    if live.mode == "sheet":
        parts.append(f"<p>{esc(say('board.sheet', lang))}</p>")
    else:
        state = live.state
        parts.append(f'<p class="moves">{live.position} {esc(say("board.moves", lang))}</p>')
        waiting = state.waiting_for().text(lang)
        parts.append(f'<p class="now turnline">{esc(say("coach.now", lang))}{phrased(waiting, lang)}</p>')
        rulings = live.rulings(RULINGS_SHOWN)
        phones = live.phones(live.position - len(rulings), live.position)
        marked = []
        for ruling, phone in zip(rulings, phones, strict=True):
            mark = ""
            if phone is not None and 0 <= phone < len(live.players):
                mark = f'<span class="from">{esc(said("seat.from_phone", lang, name=live.players[phone]))}</span>'
            marked.append(mark + phrased(ruling.text(lang), lang))
        if marked:
            parts.append(f'<p class="ruling">{esc(said("pic.last", lang))}{marked[-1]}</p>')
        parts.append(f'<div class="board-cols"><section class="table">{picture(state, lang)}</section>')
        parts.append(f'<section class="side"><h2>{esc(say("board.rulings", lang))}</h2>')
        if marked:
            parts.append('<ol class="rulings">' + "".join(f"<li>{m}</li>" for m in reversed(marked)) + "</ol>")
        else:
            parts.append(f"<p>{esc(say('board.none', lang))}</p>")
        lines = [x for x in engine.describe(state).text(lang).splitlines() if waiting not in x]  # said above
        parts.append(
            f'<details class="words"><summary>{esc(said("pic.details", lang))}</summary><ul class="describe">'
            + "".join(f"<li>{phrased(x, lang)}</li>" for x in lines)
            + "</ul></details></section></div>"
        )
    if live.finished:
        parts.append(f"<h2>{esc(say('board.over', lang))}</h2>")
        parts.append(f'<div class="settlement">{_settlement(live, lang)}</div>')
    parts.append("</div>")
    return "".join(parts)


def _settlement(live: LiveGame, lang: Lang) -> str:
    from companion.settle import settle_text

    try:
        answer = live.settle(explain=True, lang=lang)
    except Refusal as refusal:
        return f"<p>{esc(refusal.msg.text(lang))}</p>"
    if answer is None:
        return ""
    from companion.serve.phrases import phrased

    return "".join(f"<p>{phrased(line, lang)}</p>" for line in settle_text(answer, lang).splitlines() if line.strip())


@dataclass
class Followed:
    """A game some page follows: the game as loaded, a number bumped at each change, its drawings."""

    live: LiveGame
    change: int = 0
    drawn: dict[Lang, tuple[int, str]] = field(default_factory=dict)


class Follower:
    """The server's one reader of the store: which followed games changed since the last look."""

    def __init__(self, store: Store, busy: Callable[[int], bool] = lambda game_id: False) -> None:
        self.store = store
        self.busy = busy  # a game some page follows now: kept however many others are asked for
        self.games: dict[int, Followed] = {}
        self._version = store.data_version()

    def game(self, game_id: int) -> Followed:
        """The followed game ``game_id`` (loaded on first use); Refusal if there is none. At most
        :data:`MAX_FOLLOWED` games no page follows are kept, the least recently asked for forgotten first."""
        followed = self.games.pop(game_id, None)
        if followed is None:
            followed = Followed(self.store.load(game_id))
        self.games[game_id] = followed  # the most recently asked for last
        idle = [g for g in self.games if g != game_id and not self.busy(g)]
        for old in idle[: max(0, len(self.games) - MAX_FOLLOWED)]:
            del self.games[old]
        return followed

    def look(self) -> list[int]:
        """The followed games another program changed since the last look."""
        version = self.store.data_version()
        if version == self._version:
            return []
        self._version = version
        changed = []
        for game_id, followed in list(self.games.items()):
            try:
                moved = followed.live.refresh()
            except Refusal:  # deleted meanwhile: no longer followed
                del self.games[game_id]
                changed.append(game_id)
                continue
            if moved:
                followed.change += 1
                changed.append(game_id)
        return changed

    def drawn(self, game_id: int, lang: Lang) -> tuple[int, str]:
        """The scoreboard of ``game_id`` in ``lang`` as it stands, drawn once per change."""
        followed = self.game(game_id)
        cached = followed.drawn.get(lang)
        if cached is not None and cached[0] == followed.change:
            return cached
        result = (followed.change, board_html(followed.live, lang))
        followed.drawn[lang] = result
        return result

    def position(self, game_id: int) -> int:
        return self.game(game_id).live.position


def unknown_game(game_id: int) -> Msg:
    from companion.serve.words import msg

    return msg("serve.no_game", game=game_id)

"""The table's page (``/TABLE/``, the code printed in the terminal): every phone scans it once and
is sent to the scoreboard of the game being played (the one changed last and not finished); before
any game, it says so and looks again every few seconds. It is watch only: its token opens nothing
else, and it shows no seat's link."""

from __future__ import annotations

from aiohttp import web

from companion.rules.common import Lang
from companion.serve import pages
from companion.serve.board import esc
from companion.serve.tokens import Tokens
from companion.serve.words import say
from companion.store import Store

LOOK_AGAIN = 3  # seconds between two looks of a waiting table page


def table_page(store: Store, tokens: Tokens, lang: Lang) -> web.Response:
    """303 to the scoreboard of the game being played, or the page that waits for one."""
    for summary in store.games():
        if not summary.finished and summary.mode == "track":
            raise web.HTTPSeeOther(f"/{tokens.game(summary.id)}/game/{summary.id}?lang={lang}")
    other = "en" if lang == "ja" else "ja"
    body = f'<p class="now">{esc(say("table.waiting", lang))}</p>'
    head = f'<meta http-equiv="refresh" content="{LOOK_AGAIN}">'
    return web.Response(
        text=pages.page(say("table.title", lang), lang, body, f"?lang={other}", head=head),
        content_type="text/html",
        headers={"Cache-Control": "no-store"},
    )

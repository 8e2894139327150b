"""Issue 27, item 11 through ``companion serve``: a game whose table holds the names people use (an
emoji sequence, a composed accent) is listed and shown to every phone with those names; the served
table app creates games with the app's own form (tests/app_tests/test_app_names.py), so a disguised
name is refused there by the same rule."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from companion.serve.server import Table
from companion.store import Store

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧


async def test_a_game_of_emoji_and_accented_names_is_served_with_them(
    served: tuple[Table, TestClient[Any, Any]], db: Path
) -> None:
    table, client = served
    with Store.open(db) as store:
        game_id = store.new_game("homalet", [FAMILY, "Zoe\u0308", "Chie"], start=0)
        live = store.load(game_id)
        assert live.players == (FAMILY, "Zo\u00eb", "Chie")
        live.play_line("reveal 01 02")
    index = await (await client.get(f"/{table.tokens.master}/?lang=en")).text()
    assert html.escape(f"{FAMILY}, Zo\u00eb, Chie") in index
    page = await (await client.get(f"/{table.tokens.game(game_id)}/game/{game_id}?lang=ja")).text()
    # each name whole (composed), as the board picture names its players (one element a name)
    assert f">{FAMILY}</b>" in page and ">Zo\u00eb</b>" in page and "Zoe\u0308" not in page
    coach = await client.get(f"/{table.tokens.game(game_id)}/coach/{game_id}/1?lang=en")
    assert coach.status == 200 and FAMILY in await coach.text()

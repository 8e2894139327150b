"""The scorer's index lists each seat's link (issue 28): one tab a player, and the chosen seat's link
as a QR code large enough to scan across a table, one at a time (no script: a radio button a
tab). The codes are images drawn when shown (``/T/code/GAME/SEAT``), so the index stays small."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.common import Lang
from companion.serve.escape import esc
from companion.serve.table_words import say
from companion.serve.tokens import Tokens


def seat_url(tokens: Tokens, game_id: int, seat: int, lang: Lang) -> str:
    """The path of seat ``seat``'s page (from 0) in ``lang``."""
    return f"/{tokens.seat(game_id, seat)}/seat/{game_id}/{seat + 1}?lang={lang}"


def seat_links(tokens: Tokens, game_id: int, players: Sequence[str], base: str, lang: Lang) -> str:
    """Each seat's tab and, for the seat chosen, its link as a large QR code and as text."""
    tabs, codes, rules = [], [], []
    for seat, name in enumerate(players):
        tab, code = f"g{game_id}s{seat + 1}", f"g{game_id}c{seat + 1}"
        checked = " checked" if seat == 0 else ""
        tabs.append(f'<input type="radio" name="g{game_id}" id="{tab}"{checked}><label for="{tab}">{esc(name)}</label>')
        url = base + seat_url(tokens, game_id, seat, lang)
        codes.append(
            f'<div class="seatcode" id="{code}"><p>{esc(say("seat.scan", lang, name=name))}</p>'
            f'<img src="/{tokens.master}/code/{game_id}/{seat + 1}?lang={lang}" alt="QR {esc(name)}" '
            f'width="352" height="352" loading="lazy"><p class="sub link"><a href="{esc(url)}">{esc(url)}</a></p></div>'
        )
        rules.append(f"#{tab}:checked~#{code}{{display:block}}")
    return (
        f'<div class="seats"><p>{esc(say("seat.index", lang))}</p><div class="qrs">{"".join(tabs)}'
        f"{''.join(codes)}</div><style>{''.join(rules)}</style></div>"
    )

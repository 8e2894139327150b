"""Moves played from the players' phones (``companion serve``'s seat pages), as the game screen says
them: the store keeps the seat whose phone played each action (``LiveGame.phones``), and a change
seen from elsewhere that came from one phone is said as that phone's ("From Aki's phone: …")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.app.words import W
from companion.rules.common import Msg

if TYPE_CHECKING:
    from companion.store import LiveGame


def from_where(live: LiveGame, kept: int) -> Msg:
    """Where the actions after the first ``kept`` came from: one seat's phone, or elsewhere."""
    phones = set(live.phones(kept, live.position))
    if len(phones) == 1:
        (seat,) = phones
        if seat is not None and 0 <= seat < len(live.players):
            name = live.players[seat]
            return Msg(W.track_from_phone.en.format(name), W.track_from_phone.ja.format(name))
    return W.track_elsewhere


def phone_moves(live: LiveGame, kept: int) -> list[Msg]:
    """Each action after the first ``kept`` that a phone played, for the move log, oldest first:
    ``From Aki's phone: pass — Aki passes …``, in both languages."""
    out = []
    engine = live.engine
    state = live.state_at(kept)
    for action, seat in zip(live.actions[kept:], live.phones(kept, live.position), strict=True):
        lines = {lang: engine.action_line(state, action, lang) for lang in ("en", "ja")}
        state, ruling = engine.apply(state, action)
        if seat is not None and 0 <= seat < len(live.players):
            name = live.players[seat]
            out.append(
                Msg(
                    f"{W.track_from_phone.en.format(name)}{lines['en']} — {ruling.en}",
                    f"{W.track_from_phone.ja.format(name)}{lines['ja']}：{ruling.ja}",
                )
            )
    return out

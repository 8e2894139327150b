"""The one action every game shares: a hand count corrected."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.common.reading import need_int, normalize_token
from companion.rules.common.words import Msg, refuse


@dataclass(frozen=True)
class Correct:
    """A player's hand count corrected to ``count`` (a misdeal, a dropped card), with the reason:
    the same action, with the same checks, in every game. What it does to the game (the deck gives
    or takes the difference; Dragoness recounts) is each engine's ``apply``; the record keeps the
    correction.

    ``player`` is a seat and ``count`` a whole number (never a bool); the reason is text, kept on
    one line with full-width letters and digits made ASCII and spaces tidied to single ones."""

    player: int
    count: int
    reason: str

    def __post_init__(self) -> None:
        need_int(self.player, Msg("the player", "プレイヤー"))
        need_int(self.count, Msg("the hand count", "手札の枚数"))
        if not isinstance(self.reason, str):
            raise refuse(
                f"the reason must be a text, not {self.reason!r}", f"理由は文字で書いてください（{self.reason!r}）"
            )
        object.__setattr__(self, "reason", " ".join(normalize_token(self.reason).split()))

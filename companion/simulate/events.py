"""How often the rules a designer weighs fire in a simulated game: a Fortress hole or face-down pair, a
HOMALET season effect or void, a Reign of Dragoness Revive. Each is counted from the state before an
action, the action and the state after it, as the game is played (:class:`Events`); each has a name
players read (:data:`EVENT_NAMES`), in the order a report lists them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.rules import dragoness as d
from companion.rules import fortress as f
from companion.rules import homalet as h
from companion.rules.common import Msg
from companion.rules.engine import StateShape

EVENT_NAMES: dict[str, Msg] = {  # each as a plural noun: "more holes", "穴が増えます"
    # Six-Suit Fortress
    "capture_3": Msg("captures of three cards (F-5, F-6)", "3枚の獲得（F-5、F-6）"),
    "hole": Msg("placements beside an empty cell (F-7)", "空きマスのある場への配置（F-7）"),
    "to_hand": Msg("captured cards kept in hand (F-8)", "手札に入れた獲得札（F-8）"),
    "end_hand": Msg("ends triggered by an empty hand (F-12)", "手札切れによる終了（F-12）"),
    "end_deck": Msg("ends triggered by the empty deck (F-12)", "山札切れによる終了（F-12）"),
    "pair": Msg("face-down pairs laid (F-13)", "裏向きペアの使用（F-13）"),
    # HOMALET
    "void": Msg("voids claimed (H-4)", "色がないことの宣言（H-4）"),
    "wilderness": Msg("wilderness sets taken (H-7)", "在野の組の獲得（H-7）"),
    "spring": Msg("spring cards taken (H-6)", "春のカードの獲得（H-6）"),
    "summer": Msg("summer effects (H-6)", "夏の効果（H-6）"),
    "autumn": Msg("autumn effects (H-6)", "秋の効果（H-6）"),
    "winter": Msg("winter effects (H-6)", "冬の効果（H-6）"),
    # Reign of Dragoness
    "revive": Msg("Revives played (D-9)", "蘇生カードの使用（D-9）"),
    "only_revives": Msg("hands of only Revive cards shown (D-10)", "蘇生カードだけの手札（D-10）"),
    "wild": Msg("wild cards played in a group (D-5)", "組の中のワイルドカード（D-5）"),
    "dragoness": Msg("Dragonesses played (D-3)", "ドラゴネスの使用（D-3）"),
    "pass": Msg("passes (D-7)", "パス（D-7）"),
}


def _fortress(before: f.State, action: Any, after: f.State) -> list[str]:
    out = []
    if isinstance(action, f.Place):
        if before.grid_count() < f.GRID_SIZE:
            out.append("hole")
        if len(after.pending) == 3:
            out.append("capture_3")
    elif isinstance(action, f.Build) and action.where is f.Where.HAND:
        out.append("to_hand")
    elif isinstance(action, f.ChoosePair) and action.pair is not None:
        out.append("pair")
    if after.triggered and not before.triggered:
        out.append("end_hand" if 0 in after.hand_counts else "end_deck")
    return out


def _homalet(before: h.State, action: Any, after: h.State) -> list[str]:
    if isinstance(action, h.Play):
        return ["void"] if action.void else []
    if isinstance(action, h.TakeSet):
        return ["wilderness"]
    if isinstance(action, h.Pick):
        season = before.setup.deck.season(action.card)
        return [] if season is None else [season.value]
    return []


def _dragoness(before: d.State, action: Any, after: d.State) -> list[str]:
    if isinstance(action, d.Revive):
        return ["revive"]
    if isinstance(action, d.OnlyRevives):
        return ["only_revives"]
    if isinstance(action, d.Pass):
        return ["pass"]
    if isinstance(action, d.PlayCards):
        deck = before.setup.deck
        kinds = [deck.kind(card) for card in action.cards]
        out = ["dragoness"] if d.Kind.DRAGONESS in kinds else []
        if len(kinds) > 1 and any(k in d.WILD_RANGE for k in kinds):
            out.append("wild")
        return out
    return []


class Events:
    """The events of one game, counted action by action (``see`` is a table's watch)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def see(self, before: StateShape, action: Any, after: StateShape) -> None:
        if isinstance(before, f.State) and isinstance(after, f.State):
            self.counts.update(_fortress(before, action, after))
        elif isinstance(before, h.State) and isinstance(after, h.State):
            self.counts.update(_homalet(before, action, after))
        elif isinstance(before, d.State) and isinstance(after, d.State):
            self.counts.update(_dragoness(before, action, after))

    def pairs(self) -> tuple[tuple[str, int], ...]:
        """The counts as a PlayedGame keeps them: (event, times) in :data:`EVENT_NAMES`' order."""
        return tuple((name, self.counts[name]) for name in EVENT_NAMES if self.counts[name])


GAME_EVENTS = {
    "fortress": ("capture_3", "hole", "to_hand", "end_hand", "end_deck", "pair"),
    "homalet": ("void", "wilderness", "spring", "summer", "autumn", "winter"),
    "dragoness": ("revive", "only_revives", "wild", "dragoness", "pass"),
}
"""The events each game counts, so that a rule that never fired shows as none rather than missing."""

"""Reign of Dragoness: the table's vocabulary (pattern shapes) and the message tables, in English and Japanese."""

from __future__ import annotations

from enum import StrEnum

from companion.rules.common import Msg

TITLE = Msg("Reign of Dragoness", "レイン・オブ・ドラゴンネス")


ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    ("D-1", Msg("Special cards: Dragoness ×1, Page ×2, Squire ×2, Dragon Knight ×2, Revive ×2 "
                "(105 cards in all).",
                "特殊カード：ドラゴンネス1・ページ2・従者2・ドラゴンナイト2・リバイブ2（計105枚）。")),
    ("D-4", Msg("A run does not wrap (12 is not followed by 1); the Dragoness can only be the 13 "
                "at the top of a run.",
                "ランは一周しません（12 の次は 1 ではない）。ドラゴンネスはランの頂上の 13 にだけなれます。")),
    ("D-5", Msg("When nobody names a reading of the wild cards, the strongest legal one is taken.",
                "ワイルドの読み方を誰も言わなければ、出せる中で最も強い読み方を取ります。")),
    ("D-11", Msg("Players tied for the highest total share the win.",
                 "合計が同点の最高点は勝利を分け合います。")),
)


class Shape(StrEnum):
    SINGLE = "single"
    SET = "set"
    RUN = "run"


SHAPE_NAMES = {Shape.SINGLE: Msg("single", "シングル"), Shape.SET: Msg("set", "セット"), Shape.RUN: Msg("run", "ラン")}




NOTATION = Msg(
    "cards to play, e.g. Lo7 Fr7 (the player on turn may be named first: Aki Lo7 Fr7); a wild card's number "
    "after =, e.g. PG=5 Lo5; pass; revive; the round's opening: open NAME CARD (e.g. open Aki Lo1); "
    "a hand of only Revive cards: only-revives NAME; a recount: correct NAME COUNT REASON",
    "出すカード（例：Lo7 Fr7。手番の人の名前を前に書いてもよい：あき Lo7 Fr7）、"
    "ワイルドの数字は = の後（例：PG=5 Lo5）、パス、リバイブ、ラウンドの開始："
    "開始 名前 カード（例：開始 あき Lo1）、リバイブだけの手札：リバイブのみ 名前、手札の数え直し："
    "訂正 名前 枚数 理由")

"""Reign of Dragoness: the table's vocabulary (pattern shapes) and the message tables, in English and Japanese."""

from __future__ import annotations

from enum import StrEnum

from companion.rules.common import Msg

TITLE = Msg("Reign of Dragoness", "レイン・オブ・ドラゴンネス")


ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    (
        "D-1",
        Msg(
            "Special cards: Dragoness ×1, Page ×2, Squire ×2, Dragon Knight ×2, Revive ×2 (105 cards in all).",
            "スペシャルカードはドラゴンネス1枚、ページ2枚、従者2枚、ドラゴンナイト2枚、蘇生カード（リバイブ）2枚です（計105枚）。",
        ),
    ),
    (
        "D-2",
        Msg(
            "The original's header says 3 to 8 players, but its deck text builds the deck for 2 to 4: "
            "2 players may play.",
            "原典の見出しは3〜8人ですが、デッキの作り方は2〜4人から示されているので、2人でも遊べるものとします。",
        ),
    ),
    (
        "D-4",
        Msg(
            "A run does not wrap (12 is not followed by 1); the Dragoness can only be the 13 at the top of a run.",
            "ランは一周しません（12の次は1ではありません）。ドラゴンネスはランの最上位の13にだけなれます。",
        ),
    ),
    (
        "D-5",
        Msg(
            "When nobody names a reading of the wild cards, the strongest legal one is taken.",
            "ワイルドの数字を誰も言わなければ、出せる中で最も強い数字を取ります。",
        ),
    ),
    ("D-11", Msg("Players tied for the highest total share the win.", "合計の最高点が同点なら、勝利を分け合います。")),
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
    "出す：カード…（例：Lo7 Fr7。手番の人の名前を前に書いてもよい）　"
    "ワイルドの数字：= の後（例：PG=5 Lo5）　パス：パス　蘇生カード：リバイブ　"
    "ラウンドの開始：開始 名前 カード（例：開始 あき Lo1）　蘇生カードだけの手札：リバイブのみ 名前　"
    "手札の数え直し：訂正 名前 枚数 理由",
)

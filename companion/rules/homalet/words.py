"""HOMALET: the table's vocabulary (fields, zones) and the message tables, in English and Japanese."""

from __future__ import annotations

from enum import StrEnum

from companion.rules.common import Msg

TITLE = Msg("HOMALET", "HOMALET")


ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    (
        "H-2",
        Msg(
            "Prototype deck: colour = (n + n div 10) mod 5 over crimson, indigo, jade, gold, "
            "violet; season marks on 10 spring, 15 summer, 20 autumn, 25 winter, 30 spring … "
            "65 winter. A real deck's file says each card's colour and season.",
            "試作デッキの色は、nとn÷10の商の和を5で割った余りで決まります（紅・藍・翠・黄・紫の順）。季節マークは"
            "10から5枚ごとに、春・夏・秋・冬の順で65まで付きます。実物のデッキはデッキファイルで各カードを指定します。",
        ),
    ),
    (
        "H-6",
        Msg(
            "Summer, autumn and winter effects are not given by the originals: the table "
            "resolves them by moving cards, and the app records each move. Autumn cannot "
            "apply when the deck is empty.",
            "夏・秋・冬の効果は原典に書かれていないため、卓がカードを動かして解決し、アプリは各移動を"
            "記録します。山札がないとき秋マークの効果は適用できません。",
        ),
    ),
    ("H-10", Msg("The start player passes to the left each round.", "スタートプレイヤーは毎ラウンド左隣へ移ります。")),
    (
        "H-11",
        Msg(
            "Run bonus: every card on the digits of a run of 3 or more consecutive last "
            "digits counts (no wrap from 9 to 0).",
            "連番ボーナスは、3つ以上連続する下一桁の数字のカードをすべて数えます（9と0はつながりません）。",
        ),
    ),
)


class Field(StrEnum):
    BATTLE = "battle"  # 戦場
    WILD = "wild"  # 在野


FIELD_NAMES = {Field.BATTLE: Msg("the battlefield", "戦場"), Field.WILD: Msg("the wilderness", "在野")}


FIELD_TITLES = {Field.BATTLE: Msg("Battlefield", "戦場"), Field.WILD: Msg("Wilderness", "在野")}


class Zone(StrEnum):
    DECK = "deck"
    HAND = "hand"
    PILE = "pile"
    DISCARD = "discard"


ZONE_NAMES = {
    Zone.DECK: Msg("the deck", "山札"),
    Zone.HAND: Msg("hand", "手札"),
    Zone.PILE: Msg("score pile", "獲得札"),
    Zone.DISCARD: Msg("the discard", "捨て札"),
}


OWNED = (Zone.HAND, Zone.PILE)


NOTATION = Msg(
    "play: 07 b | 07 w, off the lead colour 07 b void; pick 07; take 2 (a wilderness set, from 1); "
    "reveal 12 34; move [07] deck|discard|hand NAME|pile NAME > deck|discard|hand NAME|pile NAME; end; "
    "correct NAME COUNT REASON",
    "出す：07 戦場 ｜ 07 在野（場の色と違う色は 07 戦場 無し）　選ぶ：選ぶ 07　取る：取る 2（在野の組、1から）　"
    "公開：公開 12 34　移動：移動 [07] 山札｜捨て札｜手札 名前｜獲得札 名前 > 山札｜捨て札｜手札 名前｜獲得札 名前　"
    "終了：終了　訂正：訂正 名前 枚数 理由",
)


PICK_FORM = Msg("pick CARD, like pick 07", "選ぶ カード（例：選ぶ 07）")

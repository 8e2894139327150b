"""Six-Suit Fortress: the message tables (English and Japanese) that are not tied to one check."""

from __future__ import annotations

from companion.rules.common import Msg
from companion.rules.fortress.grid import Mode
from companion.rules.fortress.row import Where

TITLE = Msg("Six-Suit Fortress", "6スートの砦")


# Every rule the originals leave open, in one place (docs/rules.md marks them Assumption).
ASSUMPTIONS: tuple[tuple[str, Msg], ...] = (
    (
        "F-1",
        Msg(
            "Prototype suits: R red, Y yellow, G green, B blue, P purple, K black.",
            "試作スート：R 赤・Y 黄・G 緑・B 青・P 紫・K 黒。",
        ),
    ),
    (
        "F-7",
        Msg(
            "Once the deck is empty, grid cells may stay empty. A spot next to an empty "
            "cell cannot be used; if the cell behind is empty, only 2 or 1 can be "
            "captured. A player with cards but no usable spot is skipped.",
            "山札が尽きたら場札の空きは埋まりません。空きマスに接する場所には置けず、"
            "奥のマスが空なら獲得は2枚か1枚までです。置ける場所がない人は手番を飛ばします。",
        ),
    ),
    (
        "F-11",
        Msg(
            "A new column may not repeat a rank already in the row (equal numbers stack, and only on an "
            "end column), even where the 13–1 wrap would otherwise allow it.",
            "新しい縦列に、砦の横の並びにすでにある数字は使えません（同じ数字は端にだけ縦配置します）。"
            "13と1の循環で置けそうな場合も同じです。",
        ),
    ),
    (
        "F-12",
        Msg(
            "An empty hand is checked at the end of the turn, after building: a hand emptied by the "
            "placement but refilled with captured cards the player kept does not end the game.",
            "手札が尽きたかは手番の終わり（配置の後）に確かめます。置いて手札が空になっても、"
            "獲得したカードを手札に入れていれば終了条件になりません。",
        ),
    ),
    (
        "F-13",
        Msg(
            "The face-down pair is used at most once per player; a column emptied by it no longer counts.",
            "裏向きペアは1人1回までです。これで空になった縦列は数えません。",
        ),
    ),
    (
        "F-14",
        Msg("Players tied for the highest score share the win.", "勝利点の最も多い人が複数なら、勝利を分け合います。"),
    ),
)


MODE_NAMES = {Mode.NUMBER: Msg("number", "数字"), Mode.SUIT: Msg("suit", "スート")}


WHERE_NAMES = {
    Where.LEFT: Msg("a new column on the left", "左の新しい縦列へ"),
    Where.RIGHT: Msg("a new column on the right", "右の新しい縦列へ"),
    Where.ON_LEFT: Msg("onto the left-end column", "左端に縦配置"),
    Where.ON_RIGHT: Msg("onto the right-end column", "右端に縦配置"),
    Where.HAND: Msg("into the hand", "手札へ"),
}


_VERBS = {
    "reveal": Msg("reveal a card", "カードを出すことは"),
    "place": Msg("place a card", "カードを置くことは"),
    "build": Msg("build a card", "カードを配置することは"),
    "score": Msg("enter a final hand or a face-down pair", "残り手札や裏向きペアを入力することは"),
    "correct": Msg("correct a hand count", "手札の枚数を訂正することは"),
}


NOTATION = Msg(
    "placement: CARD SPOT n|s (R7 A1N n; the player on turn may be named first: Aki R7 A1N n); "
    "build: CARD left|right|on-left|on-right|hand (R7 right); "
    "reveal: CELL CARD (A1 R7); final hand: hand NAME CARDS… (hand Aki R3 R10, hand Aki none); "
    "face-down pair: pair NAME FROM TO, columns counted from 1 at the left (pair Aki 1 3, pair Aki none); "
    "correction: correct NAME COUNT REASON (correct Aki 5 dropped a card)",
    "置く：カード 場所 数｜スート（例：赤7 A1上 数。手番の人の名前を前に書いてもよい）　"
    "配置：カード 左｜右｜左端｜右端｜手札（例：赤7 右）　"
    "公開：マス カード（例：A1 赤7）　残り手札：手札 名前 カード…（例：手札 Aki 赤3 赤10、手札 Aki なし）　"
    "裏向きペア：ペア 名前 元 先（列は左端が1。例：ペア Aki 1 3、ペア Aki なし）　"
    "訂正：訂正 名前 枚数 理由（例：訂正 Aki 5 カードを落とした）",
)

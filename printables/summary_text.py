"""The rule summaries, written for this project (not copied from the original texts).

Each game's summary is a list of (heading, points); the [assumption] rules come from each
rules module's ``ASSUMPTIONS``, so the printed card and the engine can never disagree.
"""

from __future__ import annotations

from companion.rules.common import Msg
from companion.rules.games import ENGINES

Section = tuple[Msg, list[Msg]]

# The publisher page named in the original text, where there is one.
PUBLISHER = {"fortress": "https://yuruart.strikingly.com"}

SUMMARIES: dict[str, list[Section]] = {
    "fortress": [
        (Msg("Goal", "目的"), [
            Msg("Build the widest, tallest fortress. Score = columns × height of the tallest column, minus the "
                "lowest card of each suit still in your hand.",
                "横に長く、縦に高い砦を築きます。得点 = 列の数 × いちばん高い列の枚数 − 手札に残った各スートの"
                "最小の数字。"),
        ]),
        (Msg("Setup (3–5 players)", "準備（3〜5人）"), [
            Msg("Deal 13 cards each with 3 players, 10 with 4, 8 with 5. The rest is the deck.",
                "3人は13枚、4人は10枚、5人は8枚ずつ配り、残りを山札にします。"),
            Msg("Turn up two 2×2 grids (A and B) of 4 cards each. Each grid has 8 outside spots.",
                "山札から4枚ずつ表向きにして、2×2 の場札を2つ（A・B）作ります。"
                "場札の外側に8か所ずつ置き場所があります。"),
        ]),
        (Msg("Your turn", "手番"), [
            Msg("Put one hand card next to a grid card and declare NUMBER or SUIT. The card it touches is A; the "
                "card behind A in the same line is B.",
                "手札1枚を場札の外側に置き、「数字」か「スート」を宣言します。"
                "接するカードが A、その奥のカードが B です。"),
            Msg("Number: yours at least A + B takes 3 cards; at least A takes 2 (yours and A); otherwise only yours.",
                "数字：自分 ≧ A + B なら3枚、自分 ≧ A なら2枚（自分と A）、それ以外は自分の1枚を獲得。"),
            Msg("Suit: same suit as A and B takes 3; same as A takes 2; otherwise only yours.",
                "スート：A・B と同じなら3枚、A と同じなら2枚、それ以外は自分の1枚を獲得。"),
            Msg("Build what you took into your fortress in any order, or keep it in your hand. Refill the grids to "
                "8 cards from the deck. Play passes to the left; an empty hand skips.",
                "獲得したカードは好きな順に砦へ配置するか、手札に加えます。場札が8枚になるよう山札から補充し、左隣へ。"
                "手札がない人は飛ばします。"),
        ]),
        (Msg("Building the fortress (±3)", "砦の配置（±3）"), [
            Msg("A fortress is a row of columns; a column holds one rank. Add a card only at the ends: onto an end "
                "column of the same rank, or as a new column 1–3 higher on the right or 1–3 lower on the left. "
                "13 and 1 are neighbours: right of 12 take 13, 1, 2.",
                "砦は列を横に並べたもので、1つの列は同じ数字だけ。置けるのは両端だけです：端の列と同じ数字なら縦に、"
                "右は1〜3大きい数字、左は1〜3小さい数字で新しい列。13 と 1 はつながります（12 の右は 13・1・2）。"),
        ]),
        (Msg("End and scoring", "終了と得点"), [
            Msg("When a hand runs out or the deck is empty, play on until the player to the right of the start "
                "player has had a turn.",
                "誰かの手札が尽きるか山札が尽きたら、スタートプレイヤーの右隣まで手番を行って終了します。"),
            Msg("Before scoring you may take 2 cards from a column of 2 or more and lay them face down as one card "
                "of any rank on any column. The app finds the best choice.",
                "得点計算の前に、2枚以上の列から2枚を取り、裏向き1枚として好きな列に置けます（どの列でも可）。"
                "アプリが最善の置き方を探します。"),
        ]),
    ],
    "homalet": [
        (Msg("Goal", "目的"), [
            Msg("Win battles to collect cards into your score pile; matching and consecutive last digits score "
                "bonuses.",
                "戦場で勝ってカードを得点札に集めます。下一桁の同数や連番でボーナスが入ります。"),
        ]),
        (Msg("Setup (3–7 players)", "準備（3〜7人）"), [
            Msg("Use cards 00 up to players × 10 − 1. Deal 6 each; the rest is the deck. Lay out 3 wilderness "
                "sets of 2 cards.",
                "00 から「人数 × 10 − 1」までを使います。6枚ずつ配り、残りを山札に。在野に2枚1組を3組並べます。"),
        ]),
        (Msg("A round", "ラウンド"), [
            Msg("From the start player, clockwise, everyone with cards plays one card to the battlefield or to the "
                "wilderness.",
                "スタートプレイヤーから時計回りに、手札のある人が戦場か在野に1枚ずつ出します。"),
            Msg("Each field follows the colour of its first card: if you hold that colour, play it there. An empty "
                "field takes any colour. No wilderness set left: play to the battlefield.",
                "それぞれの場は最初のカードの色に従います。その色を持っていれば出さなければなりません。空の場は自由。"
                "在野のセットがなければ戦場に出します。"),
            Msg("Battlefield: the colour with most cards wins (a tie goes to the colour with the largest number). "
                "Its players, largest number first, each take one battlefield card to their score pile.",
                "戦場：枚数の多い色が勝ち（同数なら最大の数字を含む色）。その色を出した人が大きい数字から順に、"
                "戦場のカードを1枚ずつ得点札にします。"),
            Msg("Wilderness: its players, smallest number first, each take one remaining set into their hand.",
                "在野：出した人が小さい数字から順に、残っているセットを1組ずつ手札に加えます。"),
            Msg("Discard the rest, refill the wilderness to 3 sets (a last single card makes a set). The game ends "
                "when two or more players hold no cards.",
                "残りは捨て札にし、在野を3組まで補充します（最後の1枚は1枚の組）。手札0枚の人が2人以上でゲーム終了。"),
        ]),
        (Msg("Seasons", "季節マーク"), [
            Msg("Taking a season card from the battlefield applies its effect at once; spring is +1 point at "
                "scoring. Autumn cannot apply when the deck is empty.",
                "戦場で季節マークのカードを取ると、すぐに効果を適用します。"
                "春は得点計算で +1。山札が空なら秋は適用できません。"),
        ]),
        (Msg("Scoring", "得点"), [
            Msg("+1 per card; +1 per card whose last digit you hold twice or more; +1 per card in a run of 3 or "
                "more consecutive last digits; +1 per spring. Tie: the largest card wins.",
                "1枚 +1。下一桁が同じカードが2枚以上ならその各カード +1。下一桁が3つ以上連続するカード各 +1。春 +1。"
                "同点なら最大の数字を持つ人の勝ち。"),
        ]),
    ],
    "dragoness": [
        (Msg("Goal", "目的"), [
            Msg("Empty your hand first. Five rounds; the highest total wins.",
                "手札を最初になくすことを目指します。5ラウンドの合計点で競います。"),
        ]),
        (Msg("Setup (2–8 players)", "準備（2〜8人）"), [
            Msg("2–4 players: clans 1–5 and one each of Dragoness, Page, Squire, Dragon Knight, Revive. 5: add "
                "clan 6 and a second Revive. 6: clans 1–7, a second Page. 7–8: everything. Deal 13 each.",
                "2〜4人：クラン1〜5と、ドラゴンネス・ページ・従者・ドラゴンナイト・リバイブ各1枚。5人：クラン6と"
                "リバイブをもう1枚。6人：クラン1〜7、ページ2枚。7〜8人：全部。13枚ずつ配ります。"),
        ]),
        (Msg("Patterns and strength", "パターンと強さ"), [
            Msg("Single (1 card), set (2–5 of one number), run (3–5 consecutive numbers, clans may mix).",
                "シングル（1枚）、セット（同じ数字2〜5枚）、ラン（連続する数字3〜5枚、クラン混在可）。"),
            Msg("Higher number is stronger; on the same number, more gems (Lochen 1 … Gylden 8). The Dragoness is "
                "13: strongest, never in a set, may top a run 11-12-13.",
                "数字が大きいほど強く、同じ数字なら宝石が多いほど強い（ローシェン1〜ギルデン8）。"
                "ドラゴンネスは13で最強、"
                "セット不可、ラン 11-12-13 の頂上には使えます。"),
            Msg("Wilds: Page 1–8 (Lochen), Squire 9–12 (Lochen), Dragon Knight 1–12 (Gylden). Alone they are Lochen "
                "8, Lochen 9 and Gylden 12.",
                "ワイルド：ページ 1〜8（ローシェン）、従者 9〜12（ローシェン）、ドラゴンナイト 1〜12（ギルデン）。"
                "単独ではローシェン8、ローシェン9、ギルデン12。"),
        ]),
        (Msg("Play", "進行"), [
            Msg("The holder of the lowest card leads a pattern containing it. Clockwise, play the same type and size "
                "with a stronger highest card, or pass; a player who passed is out until the pile ends.",
                "最も低いカードを持つ人がそれを含むパターンでリード。時計回りに、同じ形・同じ枚数で最高のカードが"
                "より強いものを出すかパスします。パスした人はその場が終わるまで参加できません。"),
            Msg("When everyone else has passed, the last player wins the pile and leads anything.",
                "他の全員がパスしたら、最後に出した人が場を取り、自由にリードします。"),
            Msg("Revive: instead of following, play it (not on the Dragoness or a 12): everyone rejoins and you at "
                "once play the same type and size, weaker.",
                "リバイブ：フォローの代わりに出せます（ドラゴンネスや12の上は不可）。"
                "全員が復帰し、あなたはすぐに同じ形・"
                "同じ枚数でより弱いパターンを出します。"),
        ]),
        (Msg("Round points", "ラウンドの得点"), [
            Msg("The round ends when a hand is empty (a hand of only Revive cards counts as empty). First out 3; "
                "fewest cards left 2; next 1. A tie for second: 2 each and no 1. A tie for third: 1 each.",
                "誰かの手札がなくなったら終了（リバイブだけの手札も空とみなす）。"
                "1抜け3点、残り枚数が少ない順に2点・1点。"
                "2位が同点なら各2点で1点はなし。3位が同点なら各1点。"),
        ]),
    ],
}

ASSUMPTIONS: dict[str, tuple[tuple[str, Msg], ...]] = {game: engine.ASSUMPTIONS for game, engine in ENGINES.items()}


def sections(game: str) -> list[Section]:
    """The summary with its [assumption] rules last."""
    assumed = [Msg(f"[{rule}] ", f"［{rule}］") + text for rule, text in ASSUMPTIONS[game]]
    return [*SUMMARIES[game], (Msg("Assumptions (where the original is silent)", "前提（原典に記述がない点）"),
                               assumed)]

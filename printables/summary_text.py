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
        (
            Msg("Goal", "目的"),
            [
                Msg(
                    "Build the widest, tallest fortress. Score = columns × height of the tallest column, minus the "
                    "lowest card of each suit still in your hand.",
                    "横に長く、縦に高い砦を築きます。得点（横の枚数×最も多い縦列の枚数）から失点（手札に残った各スートの"
                    "最も小さい数字の合計）を引いたものが勝利点です。",
                ),
            ],
        ),
        (
            Msg("Setup (3–5 players)", "準備（3〜5人）"),
            [
                Msg(
                    "Deal 13 cards each with 3 players, 10 with 4, 8 with 5. The rest is the deck.",
                    "3人は13枚、4人は10枚、5人は8枚ずつ配り、残りを山札にします。",
                ),
                Msg(
                    "Turn up two 2×2 grids (A and B) of 4 cards each. Each grid has 8 outside spots.",
                    "山札から4枚ずつ表向きにして、2×2の場札を2つ（AとB）作ります。"
                    "場札の外側に8か所ずつ置き場所があります。",
                ),
            ],
        ),
        (
            Msg("Your turn", "手番"),
            [
                Msg(
                    "Put one hand card next to a grid card and declare NUMBER or SUIT. The card it touches is A; the "
                    "card behind A in the same line is B.",
                    "手札1枚を場札の外側に置き、数字かスートかを宣言します。接するカードがA、その奥がBです。",
                ),
                Msg(
                    "Number: yours at least A + B takes 3 cards; at least A takes 2 (yours and A); "
                    "otherwise only yours.",
                    "数字：自分≧A＋Bなら3枚、自分≧Aなら2枚（自分とA）、それ以外は自分の1枚を獲得します。",
                ),
                Msg(
                    "Suit: same suit as A and B takes 3; same as A takes 2; otherwise only yours.",
                    "スート：AともBとも同じなら3枚、Aと同じなら2枚、それ以外は自分の1枚を獲得します。",
                ),
                Msg(
                    "Build what you took into your fortress in any order, or keep it in your hand. Refill the grids to "
                    "8 cards from the deck. Play passes to the left; an empty hand skips.",
                    "獲得したカードは好きな順に砦へ配置するか、手札に加えます。場札を8枚まで補充し、左隣の手番です。"
                    "手札がない人は飛ばします。",
                ),
            ],
        ),
        (
            Msg("Building the fortress (±3)", "砦の配置（±3）"),
            [
                Msg(
                    "A fortress is a row of columns; a column holds one rank. Add a card only at the ends: onto an end "
                    "column of the same rank, or as a new column 1–3 higher on the right or 1–3 lower on the left. "
                    "13 and 1 are neighbours: right of 12 take 13, 1, 2.",
                    "砦は同じ数字の縦列を横に並べたものです。置けるのは両端だけで、端と同じ数字なら縦配置、"
                    "右には1〜3大きい数字、左には1〜3小さい数字で新しい縦列を作ります。13と1はつながります。",
                ),
            ],
        ),
        (
            Msg("End and scoring", "終了と点数計算"),
            [
                Msg(
                    "When a hand runs out or the deck is empty, play on until the player to the right of the start "
                    "player has had a turn.",
                    "誰かの手札が尽きるか山札が尽きたら、スタートプレイヤーの右隣まで手番を行って終了します。",
                ),
                Msg(
                    "Before scoring you may take 2 cards from a column of 2 or more and lay them face down as one card "
                    "of any rank on any column. The app finds the best choice.",
                    "点数計算の前に、2枚以上の縦列から2枚を取り、裏向きに重ねて1枚としてどの縦列にも置けます。"
                    "アプリが最善の置き方を探します。",
                ),
            ],
        ),
    ],
    "homalet": [
        (
            Msg("Goal", "目的"),
            [
                Msg(
                    "Win battles to collect cards into your score pile; matching and consecutive last digits score "
                    "bonuses.",
                    "戦場で勝ってカードを獲得します。下一桁の同数や連番でボーナス点が入ります。",
                ),
            ],
        ),
        (
            Msg("Setup (3–7 players)", "準備（3〜7人）"),
            [
                Msg(
                    "Use cards 00 up to players × 10 − 1. Deal 6 each; the rest is the deck. Lay out 3 wilderness "
                    "sets of 2 cards.",
                    "00から「人数×10−1」までを使います。6枚ずつ配り、残りを山札にします。在野に2枚1組を3組並べます。",
                ),
            ],
        ),
        (
            Msg("A round", "ラウンド"),
            [
                Msg(
                    "From the start player, clockwise, everyone with cards plays one card to the battlefield or to the "
                    "wilderness.",
                    "スタートプレイヤーから時計回りに、手札のある人が戦場か在野に1枚ずつ出します。",
                ),
                Msg(
                    "Each field follows the colour of its first card: if you hold that colour, play it there. An empty "
                    "field takes any colour. No wilderness set left: play to the battlefield.",
                    "それぞれの場は最初に出たカードの色に従います。その色を持っていれば、その色を出さなければなりません。"
                    "空の場には好きな色を出せます。在野の組がなければ戦場に出します。",
                ),
                Msg(
                    "Battlefield: the colour with most cards wins (a tie goes to the colour with the largest number). "
                    "Its players, largest number first, each take one battlefield card to their score pile.",
                    "戦場：枚数の最も多い色が勝ちます（同じ枚数なら最も大きな数字を含む色）。その色を出した人が大きい"
                    "数字から順に、戦場のカードを1枚ずつ獲得します。",
                ),
                Msg(
                    "Wilderness: its players, smallest number first, each take one remaining set into their hand.",
                    "在野：出した人が小さい数字から順に、残っている組を1組ずつ手札に加えます。",
                ),
                Msg(
                    "Discard the rest, refill the wilderness to 3 sets (a last single card makes a set). The game ends "
                    "when two or more players hold no cards.",
                    "残りは捨て札にし、在野を3組まで補充します（最後の1枚は1枚の組にします）。手札0枚の人が2人以上に"
                    "なったらゲーム終了です。",
                ),
            ],
        ),
        (
            Msg("Seasons", "季節マーク"),
            [
                Msg(
                    "Taking a season card from the battlefield applies its effect at once; spring is +1 point at "
                    "scoring. Autumn cannot apply when the deck is empty.",
                    "戦場で季節マークのカードを獲得したら、すぐに効果を適用します。"
                    "春マークは得点計算で＋1点です。山札がなければ秋マークの効果は適用できません。",
                ),
            ],
        ),
        (
            Msg("Scoring", "得点計算"),
            [
                Msg(
                    "+1 per card; +1 per card whose last digit you hold twice or more; +1 per card in a run of 3 or "
                    "more consecutive last digits; +1 per spring. Tie: the largest card wins.",
                    "基本点は獲得したカード1枚につき1点です。下一桁が同じカードが2枚以上あれば、その各カードに"
                    "同数ボーナス1点が付きます。下一桁が3つ以上連続するカードには各1点の連番ボーナスが付きます。"
                    "春マークは1枚につき1点です。同点なら最も大きな数字のカードを持つ人が勝ちます。",
                ),
            ],
        ),
    ],
    "dragoness": [
        (
            Msg("Goal", "目的"),
            [
                Msg(
                    "Empty your hand first. Five rounds; the highest total wins.",
                    "手札を最初になくすことを目指します。5ラウンドの合計点で競います。",
                ),
            ],
        ),
        (
            Msg("Setup (2–8 players)", "準備（2〜8人）"),
            [
                Msg(
                    "2–4 players: clans 1–5 and one each of Dragoness, Page, Squire, Dragon Knight, Revive. 5: add "
                    "clan 6 and a second Revive. 6: clans 1–7, a second Page. 7–8: everything. Deal 13 each.",
                    "2〜4人はスート1〜5と、ドラゴンネス・ページ・従者・ドラゴンナイト・蘇生カード（リバイブ）を各1枚"
                    "使います。5人はスート6と蘇生カードをもう1枚、6人はスート1〜7とページをもう1枚、7〜8人は全部を"
                    "使います。13枚ずつ配ります。",
                ),
            ],
        ),
        (
            Msg("Patterns and strength", "パターンと強さ"),
            [
                Msg(
                    "Single (1 card), set (2–5 of one number), run (3–5 consecutive numbers, clans may mix).",
                    "パターンはシングル（1枚）、セット（同じ数字2〜5枚）、ラン（連続する数字3〜5枚、スートは混ざって"
                    "もよい）の3種類です。",
                ),
                Msg(
                    "Higher number is stronger; on the same number, more gems (Lochen 1 … Gylden 8). The Dragoness is "
                    "13: strongest, never in a set, may top a run 11-12-13.",
                    "数字が大きいほど強く、同じ数字なら宝石が多いほど強くなります（ローシェン1〜ギルデン8）。"
                    "ドラゴンネスは13で最も強く、セットには使えませんが、ラン11-12-13の最上位にはなれます。",
                ),
                Msg(
                    "Wilds: Page 1–8 (Lochen), Squire 9–12 (Lochen), Dragon Knight 1–12 (Gylden). "
                    "Alone they are Lochen 8, Lochen 9 and Gylden 12.",
                    "ワイルドカードのページは1〜8（ローシェン）、従者は9〜12（ローシェン）、ドラゴンナイトは1〜12"
                    "（ギルデン）を表します。シングルではローシェン8、ローシェン9、ギルデン12です。",
                ),
            ],
        ),
        (
            Msg("Play", "進行"),
            [
                Msg(
                    "The holder of the lowest card leads a pattern containing it. Clockwise, play the same type and "
                    "size with a stronger highest card, or pass; a player who passed is out until the pile ends.",
                    "最も低いカードを持つ人が、それを含むパターンで先攻します。時計回りに、同じ種類・同じ枚数で最も強い"
                    "カードがより強いパターンを出すか、パスします。パスした人はそのパイルが終わるまで参加できません。",
                ),
                Msg(
                    "When everyone else has passed, the last player wins the pile and leads anything.",
                    "他の全員がパスしたら、最後に出した人がパイルを取り、好きなパターンで次のパイルを開始します。",
                ),
                Msg(
                    "Revive: instead of following, play it (not on the Dragoness or a 12): everyone rejoins and you at "
                    "once play the same type and size, weaker.",
                    "蘇生カード：続けて出す代わりに出せます（ドラゴンネスや12の上には出せません）。パスした人も全員"
                    "戻り、出した人はすぐに同じ種類・同じ枚数でより弱いパターンを出します。",
                ),
            ],
        ),
        (
            Msg("Round points", "ラウンドの点数"),
            [
                Msg(
                    "The round ends when a hand is empty (a hand of only Revive cards counts as empty). First out 3; "
                    "fewest cards left 2; next 1. A tie for second: 2 each and no 1. A tie for third: 1 each.",
                    "誰かの手札がなくなったらラウンド終了です（蘇生カードだけの手札も空とみなします）。上がった人に3点、"
                    "残り枚数が少ない順に2点、1点です。2位が同点なら各2点で1点はなし、3位が同点なら各1点です。",
                ),
            ],
        ),
    ],
}

ASSUMPTIONS: dict[str, tuple[tuple[str, Msg], ...]] = {game: engine.ASSUMPTIONS for game, engine in ENGINES.items()}


def sections(game: str) -> list[Section]:
    """The summary with its [assumption] rules last."""
    assumed = [Msg(f"[{rule}] ", f"［{rule}］") + text for rule, text in ASSUMPTIONS[game]]
    return [
        *SUMMARIES[game],
        (Msg("Assumptions (where the original is silent)", "前提（原典に記述がない点）"), assumed),
    ]

"""What the seat pages and the boards drawn as pictures say, in English and Japanese (issue 28).
Kept apart from ``words`` (the scoreboard's, the coach's and the server's own sentences)."""

from __future__ import annotations

from companion.rules.common import Lang, Msg

WORDS: dict[str, Msg] = {
    # the seat page
    "seat.title": Msg("{name}'s seat", "{name}さんの席"),
    "seat.index": Msg("Each player's phone (one link a seat): ", "ひとりずつの電話（席ごとのリンク）："),
    "seat.scan": Msg(
        "{name}: scan this code with your phone to play from it.",
        "{name}さん：このコードを電話で読み取ると、電話から入力できます。",
    ),
    "seat.private": Msg(
        "This page plays for {name} only: keep its link to yourself.",
        "このページは{name}さんの手だけを入力できます。リンクは人に渡さないでください。",
    ),
    "seat.your_turn": Msg("Your move: ", "あなたの番です："),
    "seat.waiting": Msg("Waiting: ", "待っています："),
    "seat.nothing": Msg("Nothing for you to enter now.", "今あなたが入力することはありません。"),
    "seat.chosen": Msg("Chosen: ", "選択中："),
    "seat.back": Msg("Back", "戻る"),
    "seat.play": Msg("Play", "入力"),
    "seat.line": Msg("Or write the line (table notation):", "または1行で書きます（卓上記法）："),
    "seat.gains": Msg(
        "n: as a number, s: as a suit; +N: the cards it captures (F-5, F-6)",
        "「数」は数字として、「スート」はスートとして置きます。＋Nは獲得する枚数です（F-5、F-6）",
    ),
    "seat.undo": Msg("Take back my last move", "自分の最後の手を取り消す"),
    "seat.correct": Msg("Correct my hand count", "自分の手札の枚数を訂正する"),
    "seat.from_phone": Msg("From {name}'s phone: ", "{name}さんの電話から："),
    "seat.played": Msg("Played: ", "入力しました："),
    "seat.undone": Msg("Taken back: ", "取り消しました："),
    "seat.in_hand": Msg("In your hand", "あなたの手札"),
    "seat.others": Msg("Other cards ({n})", "ほかのカード（{n}枚）"),
    "seat.hand": Msg("Your hand (kept in this browser only)", "あなたの手札（このブラウザーの中だけに保存）"),
    "seat.board": Msg("The table", "卓"),
    "coach.why": Msg("Not playable now ({n}): why", "今は出せない（{n}枚）：理由"),
    "seat.reconnecting": Msg("reconnecting…", "再接続中…"),
    # refusals of a seat page's request: one sentence each, nothing changed
    "seat.watch_only": Msg(
        "This link only watches game {game}: it cannot play; nothing was changed.",
        "このリンクはゲーム {game} を見るだけで、入力はできません。何も変更していません。",
    ),
    "seat.no_link": Msg(
        "This link cannot play at this table; nothing was changed.",
        "このリンクではこの卓に入力できません。何も変更していません。",
    ),
    "seat.other_seat": Msg(
        "This link plays for {name} only, not for {other}; nothing was changed.",
        "このリンクは{name}さんの手だけを入力できます（{other}さんの手は不可）。何も変更していません。",
    ),
    "seat.not_yours": Msg(
        "That move is {other}'s: this link plays for {name} only; nothing was changed.",
        "その手は{other}さんの手です。このリンクは{name}さんの手だけを入力できます。何も変更していません。",
    ),
    "seat.stale": Msg(
        "The game changed since this page showed it (move {position}): nothing was played; look again.",
        "このページの表示のあとでゲームが変わりました（{position}手目）。何も入力していません。確認してください。",
    ),
    "seat.undo_refused": Msg(
        "Only your own last move can be taken back here, while nothing was played after it; "
        "ask the scorer for any other undo.",
        "ここで取り消せるのは、あとに何も入力されていない自分の最後の手だけです。"
        "ほかの取り消しは記録係に頼んでください。",
    ),
    "seat.bad_request": Msg(
        'A seat page sends {{"line": text, "revision": a number}}; this request is not that.',
        'この席のページは {{"line": 文字列, "revision": 数}} を送ります。このリクエストは違います。',
    ),
    "seat.too_long": Msg("A line is at most {n} characters.", "1行は {n} 文字までです。"),
    "serve.new_links": Msg(
        "New links were made: every link given before (the scorer's, each game's, each seat's) opens nothing now.",
        "新しいリンクを作りました。以前のリンク（記録係・ゲーム・席）はもう開けません。",
    ),
    "serve.links_not_kept": Msg(
        "The game file cannot be written: these links are not kept and change at the next start.",
        "ゲームのファイルに書き込めないので、これらのリンクは保存されず、次の起動で変わります。",
    ),
    # the boards drawn as pictures (the glossary's words)
    "pic.grid": Msg("Grid {g}", "場札 {g}"),
    "pic.deck": Msg("Deck: {n}", "山札：{n}枚"),
    "pic.captured": Msg("Captured, to build: ", "獲得して配置待ち："),
    "pic.hand": Msg("hand {n}", "手札{n}枚"),
    "pic.score": Msg("score so far {n}", "現在の得点 {n}"),
    "pic.made": Msg("{columns} columns × {tallest} high", "横の枚数{columns} × 最も多い縦列{tallest}"),
    "pic.penalty": Msg(" − {n} in hand", " − 手札の失点{n}"),
    "pic.hand_unknown": Msg("; hand not shown", "・手札は未公開"),
    "pic.pair": Msg("face-down pair: column {a} on {b}", "裏向きペア：{a}列目を{b}列目へ"),
    "pic.no_fortress": Msg("no fortress yet", "砦はまだありません"),
    "pic.lead": Msg("lead colour ", "場の色 "),
    "pic.sets": Msg("Wilderness sets", "在野の組"),
    "pic.set": Msg("{n}:", "{n}組目"),
    "pic.round": Msg("Round {n} of {of}", "第{n}ラウンド（全{of}ラウンド）"),
    "pic.homalet_round": Msg("Round {n}", "第{n}ラウンド"),
    "pic.pile": Msg("Pile", "パイル"),
    "pic.to_beat": Msg("to beat: ", "超えるには："),
    "pic.beneath": Msg("(+{n} beneath)", "（下に{n}枚）"),
    "pic.empty": Msg("—", "—"),
    "pic.player": Msg("Player", "プレイヤー"),
    "pic.cards": Msg("Cards", "手札"),
    "pic.r": Msg("R{n}", "第{n}"),
    "pic.total": Msg("Total", "合計"),
    "pic.passed": Msg("passed", "パス"),
    "pic.on_pile": Msg("◀ pile", "◀ パイル"),
    "pic.first_out": Msg("* went out first", "* は最初に上がった人"),
    "pic.breakdown": Msg(
        "{score} = base {cards} + same digit {digit} + run {run} + spring {spring}",
        "{score}点 ＝ 基本点{cards}＋同数ボーナス{digit}＋連番ボーナス{run}＋春マーク{spring}",
    ),
    "pic.pile_of": Msg("score pile", "獲得札"),
    "pic.last": Msg("Last: ", "直前："),
    "pic.details": Msg("The table in words", "卓の様子（文章）"),
}


def say(key: str, lang: Lang, **values: object) -> str:
    text = WORDS[key].text(lang)
    return text.format(**values) if values else text


def msg(key: str, **values: object) -> Msg:
    words = WORDS[key]
    return Msg(words.en.format(**values), words.ja.format(**values)) if values else words

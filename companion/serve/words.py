"""Every sentence the served pages and ``companion serve`` itself say, in English and Japanese."""

from __future__ import annotations

from companion.rules.common import Lang, Msg

WORDS: dict[str, Msg] = {
    "index.title": Msg("companion at this table", "この卓の companion"),
    "index.app": Msg("Open the table app (scoring, every move)", "卓のアプリを開く（記録・すべての手）"),
    "index.games": Msg("Games", "ゲーム"),
    "index.none": Msg(
        "No game yet: start one in the table app.", "ゲームはまだありません。卓のアプリで始めてください。"
    ),
    "index.board": Msg("Scoreboard for everyone", "みんなのスコアボード"),
    "index.coach": Msg("Private coach, one link a player: ", "ひとりずつの個人コーチ："),
    "index.share": Msg(
        "Show this code to the table: it opens this game's scoreboard and coach, nothing else.",
        "このコードを卓のみんなに見せてください。このゲームのスコアボードとコーチだけが開けます。",
    ),
    "index.private": Msg(
        "This page and the app link are for the scorer only: they can change every game.",
        "このページとアプリへのリンクは記録係だけのものです（すべてのゲームを変更できます）。",
    ),
    "board.title": Msg("Scoreboard", "スコアボード"),
    "board.player": Msg("Player", "プレイヤー"),
    "board.hand": Msg("Cards in hand", "手札"),
    "board.score": Msg("Score so far", "現在の得点"),
    "board.rulings": Msg("Last rulings (newest first)", "最近の裁定（新しい順）"),
    "board.none": Msg("No move yet.", "まだ手はありません。"),
    "board.over": Msg("The game is over: the settlement", "ゲーム終了：得点計算"),
    "board.sheet": Msg("A game stored from its score sheet", "スコアシートから記録されたゲーム"),
    "board.moves": Msg("moves", "手"),
    "board.live": Msg("Updates by itself.", "自動で更新されます。"),
    "board.noscript": Msg(
        "JavaScript is off: this page reloads every two seconds.",
        "JavaScript が無効なので、2秒ごとに再読み込みします。",
    ),
    "board.lang": Msg("日本語", "English"),
    "coach.title": Msg("Coach", "コーチ"),
    "coach.for": Msg("Coach for {name}", "{name}さんのコーチ"),
    "coach.private": Msg(
        "Your hand stays in this browser: the server never stores or logs it. "
        "Cards the table records you playing leave it by themselves.",
        "手札はこのブラウザの中だけにあります。サーバーは保存も記録もしません。"
        "卓であなたが出したと記録されたカードは自動で手札から消えます。",
    ),
    "coach.hand": Msg("Your hand (cards separated by spaces)", "あなたの手札（カードを空白で区切って）"),
    "coach.clear": Msg("Forget my hand", "手札を消す"),
    "coach.empty": Msg(
        "Type the cards in your hand to see what each may do.",
        "手札のカードを入力すると、それぞれで何ができるかを表示します。",
    ),
    "coach.now": Msg("Now: ", "現在："),
    "coach.your_turn": Msg("It is your turn.", "あなたの番です。"),
    "coach.not_turn": Msg(
        "Not your turn: shown as if you played now.", "あなたの番ではありません（今出したらどうなるかを表示）。"
    ),
    "coach.legal": Msg("may be played", "出せます"),
    "coach.illegal": Msg("may not be played", "出せません"),
    "coach.captures": Msg("Captures at each spot (number / suit):", "置く場所ごとの獲得枚数（数字／スート）："),
    "coach.builds": Msg(
        "where each captured card may go in your fortress (±3, F-11):",
        "獲得したカードを砦のどこに置けるか（±3、F-11）：",
    ),
    "coach.build_now": Msg("Build now:", "今の配置："),
    "coach.follows": Msg("follows the lead colour", "リードの色に従います"),
    "coach.patterns": Msg("Patterns from your hand that may be played now:", "今出せる、手札からのパターン："),
    "coach.no_patterns": Msg("No group from your hand may be played now.", "今出せる組み合わせは手札にありません。"),
    "coach.untried": Msg(
        "Groups of {n} cards or more were not tried: too many from this hand for one answer.",
        "{n} 枚以上の組み合わせは多すぎるので調べていません。",
    ),
    "coach.more": Msg("more not shown", "件は省略"),
    "coach.played": Msg("Played already (dropped from your hand): ", "出したカード（手札から除きました）："),
    "coach.unknown": Msg("Not cards of this game: ", "このゲームのカードではありません："),
    "coach.elsewhere": Msg("Seen elsewhere on the table: ", "卓の別の場所にあります："),
    "coach.nothing": Msg("Nothing to play from a hand now.", "今は手札から出す場面ではありません。"),
    "coach.field": Msg("On {field}: ", "{field}："),
    "serve.join": Msg(
        "The scorer's link (keep it to yourself: it can change every game): ",
        "記録係のリンク（他の人に見せないでください。すべてのゲームを変更できます）：",
    ),
    "serve.scan": Msg(
        "The table's page, for every phone on this network (scan the code, or open the link): ",
        "卓のページ（同じネットワークのすべての電話用。コードを読み取るか、リンクを開いてください）：",
    ),
    "serve.no_lan": Msg(
        "No network address was found: phones can join once this computer is on the table's network "
        "(then start again).",
        "ネットワークのアドレスが見つかりません。このコンピューターを卓のネットワークにつないでから、"
        "もう一度起動すると電話から参加できます。",
    ),
    "serve.local": Msg(
        "Bound to 127.0.0.1: only this computer can open it. Use --host ADDRESS to let phones join.",
        "127.0.0.1 で待ち受けています（このコンピューターからだけ開けます）。"
        "電話から参加するには --host ADDRESS を指定します。",
    ),
    "serve.warning": Msg(
        "Warning: anyone on this network with the link can watch the games (and, with the scorer's link, change them).",
        "警告：このネットワークでリンクを知っている人は誰でもゲームを見られます（記録係のリンクなら変更もできます）。",
    ),
    "serve.stop": Msg(
        "Press ctrl+c to stop; every move is already stored.", "ctrl+c で停止します。すべての手は保存済みです。"
    ),
    "serve.stopped": Msg(
        "Stopped: every app tab was closed; every move was already stored.",
        "停止しました。アプリのタブはすべて閉じました。手はすべて保存済みです。",
    ),
    "serve.port": Msg(
        "cannot listen on {host} port {port}: {reason}; choose another with --port",
        "{host} のポート {port} で待ち受けできません：{reason}。--port で別のポートを指定してください",
    ),
    "serve.tabs": Msg(
        "Too many app tabs are open ({n}); close one and reload.",
        "アプリのタブが多すぎます（{n}）。一つ閉じてから再読み込みしてください。",
    ),
    "serve.busy": Msg(
        "Too many pages are following games right now ({n}); this page tries again by itself.",
        "ゲームを表示しているページが多すぎます（{n}）。このページは自動でもう一度試します。",
    ),
    "board.reconnecting": Msg("reconnecting…", "再接続中…"),
    "table.title": Msg("The table", "この卓"),
    "table.waiting": Msg(
        "No game is being played yet. This page opens the game's scoreboard as soon as the scorer starts one.",
        "まだ進行中のゲームはありません。記録係がゲームを始めると、このページにスコアボードが開きます。",
    ),
    "guard.host": Msg(
        "This server answers only at its own address: open the link it printed.",
        "このサーバーは自分のアドレスでだけ応答します。表示されたリンクを開いてください。",
    ),
    "guard.origin": Msg(
        "A page of another site may not act on this table.",
        "別のサイトのページからこの卓を操作することはできません。",
    ),
    "gate.line": Msg(
        "serve: connections refused or closed in the last minute ({whys}; the most from {address}); the table goes on",
        "serve：この1分間に接続を拒否または切断しました（{whys}。最も多かったのは {address}）。卓は続けられます",
    ),
    "gate.count": Msg("{why}: {n}", "{why} {n} 件"),
    "gate.address": Msg("too many from one address", "一つのアドレスから多すぎ"),
    "gate.full": Msg("too many at once", "同時に多すぎ"),
    "gate.idle": Msg("idle", "無通信"),
    "gate.slow": Msg("a request's body too slow", "リクエスト本文が遅すぎ"),
    "gate.stalled": Msg("an answer never read", "応答が読まれない"),
    "gate.descriptors": Msg("out of file descriptors", "ファイル記述子の不足"),
    "gate.malformed": Msg("malformed requests", "不正なリクエスト"),
    "serve.no_game": Msg("There is no game {game}.", "ゲーム {game} はありません。"),
    "serve.no_seat": Msg(
        "Game {game} has no seat {seat}: seats are 1 to {n}.",
        "ゲーム {game} に席 {seat} はありません。席は 1 から {n} です。",
    ),
    "serve.bug": Msg(
        "unexpected error ({what}) on a {where} page; nothing was changed and the table goes on",
        "{where} のページで予期しないエラーが起きました（{what}）。何も変更しておらず、卓は続けられます",
    ),
    "serve.too_long": Msg("A hand is at most {n} characters.", "手札は {n} 文字までです。"),
    "serve.bad_request": Msg(
        'The coach sends {{"hand": text, "since": a move number}}; this request is not that.',
        'コーチは {{"hand": 文字列, "since": 手数}} を送ります。このリクエストは違います。',
    ),
}


def say(key: str, lang: Lang, **values: object) -> str:
    text = WORDS[key].text(lang)
    return text.format(**values) if values else text


def msg(key: str, **values: object) -> Msg:
    words = WORDS[key]
    return Msg(words.en.format(**values), words.ja.format(**values)) if values else words

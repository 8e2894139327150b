"""Every sentence the app shows that is not the engines' own, in English and Japanese.

One table, so a screen never writes a user-visible word inline and the two languages stay paired.
"""

from __future__ import annotations

from companion.rules.common import Lang, Msg


class W:
    """Every sentence by its name (``say(W.home_new, lang)``): mypy checks each name where it is used."""

    app_title = Msg("companion — table scoring", "companion — 卓の得点係")
    lang_name = Msg("English", "日本語")
    lang_not_saved = Msg("The language will not be remembered next time: ", "次回のために言語を保存できませんでした：")
    palette_search = Msg("Search for commands…", "コマンドを検索…")
    palette_none = Msg("No matches found", "一致するコマンドはありません")
    lang_switched = Msg("Language: English", "言語：日本語")
    # home
    home_new = Msg("New game", "新しいゲーム")
    home_sheet = Msg("Settle from a score sheet", "得点表から得点計算")
    home_history = Msg("History", "履歴")
    home_stats = Msg("Statistics", "統計")
    home_help = Msg("Help", "ヘルプ")
    home_lang = Msg("日本語に切り替え", "Switch to English")
    home_quit = Msg("Quit", "終了")
    home_resume = Msg("Resume an unfinished game", "途中のゲームを再開")
    home_menu = Msg("Menu", "メニュー")
    home_none = Msg("No unfinished games.", "途中のゲームはありません。")
    home_store_error = Msg("The saved games cannot be read: ", "保存されたゲームを読めません：")
    # new game
    new_title = Msg("New game", "新しいゲーム")
    new_game = Msg("Game", "ゲーム")
    new_players = Msg("Players", "プレイヤー")
    new_players_hint = Msg(
        "names in seating order, clockwise, separated by commas", "席順（時計回り）に名前をカンマ区切りで"
    )
    new_start = Msg("Start player", "スタートプレイヤー")
    new_start_none = Msg("(the holder of the lowest card leads, D-6)", "（最も低いカードを持つ人が先攻。D-6）")
    new_start_first = Msg(
        "the first seat (name the players to choose another)", "最初の席の人（プレイヤーを入力すると選べます）"
    )
    new_deck = Msg("Deck file", "デッキファイル")
    new_deck_hint = Msg("empty: the prototype deck", "空欄：試作デッキ")
    new_mode = Msg("Mode", "モード")
    new_location = Msg("Location", "会場")
    new_location_hint = Msg("optional: where you play", "任意：ゲームを遊ぶ会場")
    new_mode_track = Msg("Track every move", "全手を記録")
    new_mode_sheet = Msg("Score sheet only", "得点表のみ")
    new_go = Msg("Start", "開始")
    new_discard = Msg(
        "Leave the new game? The names and deck file typed will be lost.",
        "新しいゲームをやめますか？入力した名前とデッキファイルは失われます。",
    )
    confirm_yes = Msg("Leave (Y)", "やめる（Y）")
    confirm_no = Msg("Stay (N)", "続ける（N）")
    new_back = Msg("Back", "戻る")
    # tracking
    track_entry = Msg(
        "Type an action in table notation; Tab completes, Enter plays", "卓上記法で入力します（Tabで補完、Enterで確定）"
    )
    track_example = Msg("e.g. ", "例：")
    track_example_keys = Msg("   (Tab: legal lines, Enter: play)", "　（Tabで候補、Enterで確定）")
    track_hint = Msg("← Tab", "← Tab")
    # Enter on a line that only begins one (issue 27): what it still needs, and the suggestion Tab takes
    track_unfinished = Msg("Not played: add ", "未確定：")
    track_unfinished_and = Msg(" and ", "と")
    track_unfinished_tab = Msg(", or Tab for ", "を足すか、Tabで「")
    track_unfinished_tab_end = Msg(".", "」。")
    track_unfinished_end = Msg(".", "を足してください。")
    track_unfinished_word = Msg("the rest of the word {0}", "「{0}」の続き")
    track_unfinished_rest = Msg("the rest of the line", "行の続き")
    track_offers = Msg("Legal now (Tab: next): ", "今できる入力（Tabで次へ）：")
    track_no_match = Msg(
        "No legal line holds what is typed; Tab on an empty line lists what is legal now.",
        "入力した語を含む候補はありません。空欄でTabを押すと、今できる入力が出ます。",
    )
    track_no_lines = Msg(
        "No line can be offered now; see what is allowed on the right.",
        "今は候補を出せません。右の「今できること」を見てください。",
    )
    settle_qr_open = Msg("QR code (Q)", "QRコード（Q）")
    qr_scan = Msg(
        "Scan with a phone: the result as compact JSON.  Esc: back",
        "スマートフォンで読み取れます（結果のJSON）。Escで戻ります。",
    )
    qr_enlarge = Msg(
        "The code needs {0}×{1} cells and the terminal has {2}: enlarge it or "
        "zoom out (Ctrl and -); the code shows whole once it fits.",
        # no spaces: a line of Japanese may break anywhere, not only at a space
        "このQRコードには{0}×{1}マスが必要ですが、端末は{2}です。端末を大きくするか、"
        "縮小表示（Ctrlと-）にしてください。収まれば全体が表示されます。",
    )
    track_undone = Msg("Undone: ", "取り消し：")
    track_redone = Msg("Redone: ", "やり直し：")
    track_elsewhere = Msg("From elsewhere: ", "別の端末から：")
    track_from_phone = Msg("From {}'s phone: ", "{}さんの電話から：")
    track_elsewhere_undone = Msg("actions undone: ", "取り消された手：")
    track_elsewhere_deleted = Msg(
        "This game was deleted elsewhere; Escape goes back.", "このゲームは別の端末で削除されました。Escで戻ります。"
    )
    track_nothing_undo = Msg("Nothing to undo.", "取り消せる手はありません。")
    track_nothing_redo = Msg("Nothing to redo.", "やり直せる手はありません。")
    track_over = Msg("The game is over. ", "ゲーム終了。")
    track_over_sep = Msg(". ", "。")
    track_over_keys = Msg(
        "F5: the settlement, Ctrl+Z: undo the last move.", "F5で得点計算、Ctrl+Zで最後の手を取り消します。"
    )
    track_finished = Msg(
        "The game is finished: press F5 for the settlement.", "ゲームは終了しました。F5で得点計算をします。"
    )
    track_not_finished = Msg("The game is not finished yet: ", "ゲームはまだ終わっていません：")
    track_refused = Msg("Refused: ", "✕ ")
    track_help_hint = Msg("F1: help", "F1でヘルプ")
    track_allowed = Msg("Allowed now", "今できること")
    track_moves = Msg("moves", "手")
    track_exported = Msg("Record written to ", "記録を書き出しました：")
    board_deck = Msg("deck", "山札")
    board_captured = Msg("captured:", "獲得：")
    board_hand = Msg("hand", "手札")
    board_score = Msg(" score", " 点数")
    board_points = Msg(" points", " 合計")
    board_lead = Msg("lead", "場の色")
    board_sets = Msg("Wilderness sets", "在野の組")
    board_round = Msg("Round", "ラウンド")
    board_pile = Msg("Pile", "パイル")
    board_passed = Msg("passed", "パス")
    board_top = Msg(" (top of the pile)", "（パイルの一番上）")
    # the boards as pictures (issue 18): placeholders filled by str.format
    board_pair = Msg("face-down pair {} → {}", "裏向きペア {} → {}")
    board_made = Msg("= {} × {} high", "＝{}列 × 高さ{}")
    board_made_penalty = Msg(" − {} in hand", " − 手札{}")
    board_hand_unknown = Msg("hand not shown", "手札は未公開")  # its penalty not known yet (F-14)
    board_beneath = Msg("(+{} beneath)", "（下に{}枚）")
    board_to_beat = Msg(" · to beat: ", "・超えるには：")
    # the parts of a HOMALET score so far, in the glossary's words as the settlement says them (H-11)
    board_breakdown_key = Msg("(base+same digit+run+spring)", "（基本点＋同数ボーナス＋連番ボーナス＋春マーク）")
    board_on_top = Msg("◀ pile", "◀ パイル")
    board_passed_short = Msg("pass", "パス")  # the marks where a narrow board has no room for the words
    board_on_top_short = Msg("◀", "◀")
    board_r = Msg("R", "第")
    board_total = Msg("total", "合計")
    board_first_out = Msg(" * went out first", " * は最初に上がった人")
    track_more = Msg(" … F3", " … F3")
    track_log = Msg("Moves", "手の記録")
    track_describe = Msg("Details", "詳細")
    track_preview = Msg("Enter: ", "Enter で：")
    coach_captures = Msg(
        "captures (n: as a number / s: as a suit):", "の獲得枚数（数は数字として、スートはスートとして置いた場合）："
    )
    coach_number = Msg("n", "数")  # the declarations as the table types them (F-5)
    coach_suit = Msg("s", "スート")
    coach_colon = Msg(":", "：")
    coach_readings = Msg(
        "Readings (the first is taken unless you name one): ", "ワイルドの数字（指定しなければ最初のものになります）："
    )
    # settlement
    settle_title = Msg("Settlement", "得点計算")
    settle_winners = Msg("Winners: ", "勝者：")
    settle_winner = Msg("Winner: ", "勝者：")
    settle_qr = Msg("Scan for the result (compact settle JSON)", "結果のQRコード（得点計算のJSON）")
    settle_export = Msg("Export the record", "記録を書き出す")
    settle_print = Msg("Print the result sheet", "結果用紙を印刷")
    key_print = Msg("Result sheet", "結果用紙")
    settle_printed = Msg("Result sheet written to ", "結果用紙を書き出しました：")
    settle_home = Msg("Home", "ホーム")
    settle_notes = Msg(
        "Notes (kept with the game; editable later too)", "メモ（ゲームと一緒に保存。あとからも書き換えられます）"
    )
    settle_notes_save = Msg("Save the notes", "メモを保存")
    settle_notes_saved = Msg("Notes saved.", "メモを保存しました。")
    settle_bgstats_open = Msg("BG Stats (B)", "BG Stats（B）")
    key_bgstats = Msg("BG Stats code", "BG Stats のQRコード")
    qr_bgstats = Msg(
        "Scan with the phone that has BG Stats: it opens this play and asks before logging it.  Esc: back",
        "BG Stats の入ったスマートフォンで読み取ると、このプレイが開き、記録する前に確認されます。Escで戻ります。",
    )
    settle_score = Msg("score", "得点")
    settle_ranked = Msg("Scores, highest first (O: by seat)", "得点（高い順。Oで席順）")
    settle_seated = Msg("Scores in seat order (O: by rank)", "得点（席順。Oで高い順）")
    settle_by_seat = Msg("By seat", "席順")  # the key bar's O while the scores are by rank
    settle_by_rank = Msg("By rank", "高い順")  # and while they are by seat
    settle_key_qr = Msg("QR", "QR")  # the settlement's key bar, whole at 80 columns
    settle_key_print = Msg("Print", "印刷")
    settle_key_export = Msg("Export", "出力")
    settle_key_bgstats = Msg("BG Stats", "BG Stats")
    settle_total = Msg("Totals: ", "合計：")
    settle_incomplete = Msg("Not all five rounds are entered yet.", "まだ5ラウンド分が入力されていません。")
    tie_shared_fortress = Msg(
        "Tied for the top score: the win is shared (F-14).", "最高点が同点のため、勝利を分け合います（F-14）。"
    )
    tie_shared_dragoness = Msg(
        "Tied for the top total: the win is shared (D-11).", "合計の最高点が同点のため、勝利を分け合います（D-11）。"
    )
    tie_largest_homalet = Msg(
        "Tied for the top score: the tied player holding the largest-numbered card wins (H-12).",
        "最高点が同点のため、最も大きな数字のカードを持つ人が勝ちます（H-12）。",
    )
    # score sheets
    sheet_title = Msg("Score sheet", "得点表")
    sheet_save = Msg("Save the result", "結果を保存")
    sheet_saved = Msg("Saved as game ", "保存しました。ゲーム")
    sheet_incomplete = Msg("Fill in the sheet: ", "得点表を埋めてください：")
    sheet_fortress_columns = Msg("columns, e.g. R5 Y5 / G6 / B9", "縦列（例：赤5 黄5 / 緑6 / 青9）")
    sheet_fortress_hand = Msg("hand left, e.g. R3 B2", "残り手札（例：赤3 青2）")
    sheet_homalet_pile = Msg("score pile, e.g. 07 17 26", "獲得札（例：07 17 26）")
    sheet_dragoness_out = Msg("went out", "上がり")
    sheet_dragoness_round = Msg("Round", "ラウンド")
    sheet_dragoness_round_points = Msg("Round {0}: ", "ラウンド{0}：")
    sheet_dragoness_left = Msg("cards left", "残り枚数")
    sheet_dragoness_start = Msg(
        "As each round ends, choose who went out and write everyone's cards left: the points add up here.",
        "ラウンドが終わるたびに、上がった人と各自の残り枚数を入力すると、ここで得点を合計します。",
    )
    sheet_dragoness_no_out = Msg(
        "Round {0}: choose who went out, at the top of its column (the player with no cards left); "
        "a round counts once someone went out (D-10).",
        "ラウンド{0}で上がった人（手札がなくなった人）を、その列のいちばん上で選んでください。"
        "上がった人を選んだラウンドから数えます（D-10）。",
    )
    field_columns = Msg("columns", "横の枚数")
    field_tallest = Msg("tallest", "最も多い縦列")
    field_pair = Msg("pair", "裏向きペア")
    field_points = Msg("points", "得点")
    field_penalty = Msg("penalty", "失点")
    field_cards = Msg("cards", "基本点")
    field_same_digit = Msg("same digit", "同数ボーナス")
    field_run = Msg("run", "連番ボーナス")
    field_spring = Msg("spring", "春マーク")
    # history / stats
    history_title = Msg("History", "履歴")
    # the playtest analysis (companion stats --playtest)
    home_playtest = Msg("Playtest analysis", "テストプレイ分析")
    cmd_playtest_help = Msg(
        "Seat advantage, margins, game length and lead changes per deck version",
        "デッキの版ごとの席の有利不利・点差・長さ・首位交代",
    )
    key_simulated = Msg("Real / simulated games", "実際／シミュレーションのゲーム")
    playtest_real = Msg("The games played and stored.", "遊んで保存したゲーム。")
    playtest_simulated = Msg(
        "The simulated games stored (never in history or statistics).",
        "保存したシミュレーションのゲーム（履歴や統計には入りません）。",
    )
    playtest_none = Msg("No finished games to analyse yet.", "分析できる終わったゲームはまだありません。")
    playtest_none_simulated = Msg(
        "No simulated games are stored: the simulate command keeps them with --store.",
        "保存したシミュレーションのゲームはありません（シミュレーションの保存はコマンドで行います）。",
    )
    playtest_group = Msg("{0} · deck {1} · {2} players · {3}", "{0}・デッキ {1}・{2}人・{3}")
    playtest_policy = Msg("policy {0}", "方針 {0}")
    playtest_lengths = Msg("Games by length in actions, {0} to {1}", "長さ（手数）ごとのゲーム数（{0}〜{1}手）")
    playtest_games = Msg("{0} games", "{0}ゲーム")
    playtest_one_game = Msg("1 game", "1ゲーム")
    playtest_seats = Msg(
        "Wins by seat, 95% interval in brackets; ┆ marks a fair share, {0}",
        "席ごとの勝ち（かっこ内は95%区間。┆ は公平な割合{0}）",
    )
    playtest_seat = Msg("seat {0}", "{0}番目の席")
    playtest_legend = Msg("on each bar, ▓░ is the 95% interval", "バーの ▓░ は95%区間")
    playtest_start = Msg("start player", "スタート")
    playtest_differs = Msg("← differs from a fair share", "← 公平な割合と違います")
    playtest_margin = Msg(
        "Margin, winner over runner-up: games at each margin, {0} to {1} points",
        "勝者と2位の差：差ごとのゲーム数（{0}〜{1}点）",
    )
    playtest_margin_most = Msg("the commonest margin: {0} ({1}×)", "最も多い差：{0}点（{1}回）")
    playtest_actions = Msg("Length in actions", "長さ（手）")
    playtest_minutes = Msg("Length in minutes", "長さ（分）")
    playtest_leads = Msg("Lead changes a game", "1ゲームの首位交代")
    playtest_spread = Msg("median {0}, mean {1}, {2} to {3}", "中央値 {0}、平均 {1}、{2}〜{3}")
    stats_title = Msg("Statistics", "統計")
    col_id = Msg("#", "#")
    history_empty = Msg(
        "No games stored yet: start one from the home screen.",
        "保存されたゲームはまだありません。ホーム画面から始めてください。",
    )
    stats_empty = Msg(
        "No statistics yet: they come from finished games, and none is stored.",
        "統計はまだありません。終了したゲームから集計しますが、まだ一つもありません。",
    )
    col_game = Msg("Game", "ゲーム")
    col_players = Msg("Players", "プレイヤー")
    col_when = Msg("Last change", "最終更新")
    col_state = Msg("State", "状態")
    col_winners = Msg("Winners", "勝者")
    col_player = Msg("Player", "プレイヤー")
    col_played = Msg("Played", "対戦")
    col_won = Msg("Won", "勝利")
    col_best = Msg("Best", "最高")
    col_worst = Msg("Worst", "最低")
    col_rate = Msg("Win %", "勝率")
    col_average = Msg("Average", "平均")
    col_last = Msg("Last played", "最終")
    col_moves = Msg("Moves", "手数")
    state_sheet = Msg("score sheet", "得点表")
    key_sort = Msg("Sort by column", "列で並べ替え")
    key_open = Msg("Open", "開く")
    state_finished = Msg("finished", "終了")
    state_playing = Msg("playing", "進行中")
    short_fortress = Msg("Fortress", "6スートの砦")  # a game's name in a table's column
    short_homalet = Msg("HOMALET", "HOMALET")
    short_dragoness = Msg("Dragoness", "ドラゴンネス")
    # help
    help_title = Msg("Help", "ヘルプ")
    help_keys = Msg("Keys", "キー")
    help_notation = Msg("Table notation", "卓上記法")
    help_assumptions = Msg("Assumptions (where the original rules are silent)", "前提（原典に記載のない点）")
    help_close = Msg("Escape closes this help.", "Escでヘルプを閉じます。")
    # keys, for the footer, help and the command palette
    key_qr = Msg("QR code", "QRコード")
    key_order = Msg("Settlement: scores by rank or by seat", "得点計算：高い順と席順の切り替え")
    key_help = Msg("Help", "ヘルプ")
    key_lang = Msg("日本語", "English")
    key_undo = Msg("Undo", "取り消し")
    key_redo = Msg("Redo", "やり直し")
    key_settle = Msg("Settle", "得点計算")
    key_back = Msg("Back", "戻る")
    key_quit = Msg("Quit", "終了")
    key_palette = Msg("Commands", "コマンド")
    key_complete = Msg("Complete the suggestion", "候補を補完")
    key_next_field = Msg("Next field", "次の欄")
    key_previous_field = Msg("Previous field", "前の欄")
    key_play = Msg("Play the line as typed (Tab takes a suggestion first)", "入力どおりに確定（候補はTabで取る）")
    cmd_new = Msg("New game", "新しいゲーム")
    cmd_new_help = Msg("Start a game of any of the three", "3つのゲームのどれかを始めます")
    cmd_resume = Msg("Resume", "再開")
    cmd_resume_help = Msg("Continue the most recent unfinished game", "最近の途中のゲームを続けます")
    cmd_undo_help = Msg("Take back the last action", "最後の手を取り消します")
    cmd_redo_help = Msg("Play again the action last undone", "取り消した手をやり直します")
    cmd_lang = Msg("Language: 日本語 / English", "言語：日本語 / English")
    cmd_lang_help = Msg("Switch between Japanese and English", "日本語と英語を切り替えます")
    cmd_help_help = Msg("Keys, notation and assumptions", "キー・卓上記法・前提")
    cmd_export = Msg("Export the record", "記録を書き出す")
    cmd_export_help = Msg("Write this game's record as JSON", "このゲームの記録をJSONで書き出します")
    cmd_history_help = Msg("Every stored game", "保存されたすべてのゲーム")
    cmd_stats_help = Msg("Games and wins by player", "プレイヤーごとの対戦数と勝利数")
    cmd_sheet_help = Msg("Enter a finished game from its score sheet", "終わったゲームを得点表から入力します")
    cmd_no_game = Msg("No game is open.", "開いているゲームはありません。")


SHORT_TITLES: dict[str, Msg] = {
    "fortress": W.short_fortress,
    "homalet": W.short_homalet,
    "dragoness": W.short_dragoness,
}  # by game

WORDS: dict[str, Msg] = {name: word for name, word in vars(W).items() if isinstance(word, Msg)}  # by name


def say(word: Msg, lang: Lang) -> str:
    """The sentence ``word`` (one of :class:`W`) in ``lang``."""
    return word.text(lang)


def with_help(refusal: str, lang: Lang) -> str:
    """A refused line's reason and form, then where the whole notation is (F1): issue 18's short refusal."""
    end = "" if refusal.endswith(("。", "？", "?", ".", "!")) else ("。" if lang == "ja" else ".")
    return refusal + end + ("" if lang == "ja" else " ") + say(W.track_help_hint, lang)

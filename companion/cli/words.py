"""What the command line says, in English and Japanese: help texts and argparse's usage errors,
put into the player's language (the operating system's reasons: :mod:`companion.base.reasons`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.rules.common import Lang, Msg

HELP = {
    "description": Msg(
        "A print-and-play table companion for Six-Suit Fortress, HOMALET and Reign of Dragoness.",
        "6スートの砦・HOMALET・レイン・オブ・ドラゴンネスを遊ぶための卓上コンパニオンです。",
    ),
    "help": Msg("show this help and exit", "このヘルプを表示して終了します"),
    "db": Msg(
        "the game database (default: COMPANION_DB, else the user's data folder)",
        "ゲームのデータベース（既定値は COMPANION_DB、なければユーザーのデータフォルダ）",
    ),
    "id": Msg("the game's number (companion games lists them)", "ゲームの番号（companion games で一覧できます）"),
    "version": Msg("show the version and exit", "バージョンを表示して終了します"),
    "lang": Msg("language of messages (default: from LANG)", "メッセージの言語（既定値は環境変数 LANG から）"),
    "commands": Msg("commands", "コマンド"),
    "settle": Msg("settle end-of-game scores from JSON", "ゲーム終了時の得点を JSON から計算します"),
    "settle.file": Msg("a JSON file, or - for standard input", "JSON ファイル（- なら標準入力）"),
    "replay": Msg(
        "replay a game record: the final state in words, and the settlement of a finished game",
        "ゲーム記録を再生し、最後の状態と、終わったゲームの得点計算を表示します",
    ),
    "replay.file": Msg("a game record (JSON), or - for standard input", "ゲーム記録（JSON）。- なら標準入力"),
    "replay.json": Msg(
        "print only the settlement JSON (null while the game goes on)",
        "得点計算のJSONだけを出力します（続行中のゲームならnull）",
    ),
    "settle.explain": Msg(
        "add a readable account of each player's arithmetic", "各プレイヤーの計算の内訳を文章で添えます"
    ),
    "settle.text": Msg(
        "print each player's arithmetic and the winners as plain lines, not JSON",
        "JSON ではなく、各プレイヤーの計算と勝者を普通の文で表示します",
    ),
    "deck.file": Msg(
        "a deck definition file (TOML) instead of the default deck",
        "既定のデッキの代わりに使うデッキ定義ファイル（TOML）",
    ),
    "print": Msg(
        "print decks, rule summaries, score sheets, card PNGs and a finished game's result sheet",
        "デッキ・ルール要約・得点表・カードの PNG・終わったゲームの結果用紙を印刷用に書き出します",
    ),
    "kinds": Msg("what to print", "印刷するもの"),
    "print.deck": Msg(
        "a deck: sheets of fronts, each followed by its backs", "デッキ：表面のシートと、その裏面のシートを交互に"
    ),
    "print.summary": Msg("rule summary cards", "ルール要約カード"),
    "print.sheet": Msg("a blank score sheet", "白紙の得点表"),
    "print.kit": Msg(
        "every deck, summary and sheet, in both languages", "すべてのデッキ・ルール要約・得点表（日英両方）"
    ),
    "print.png": Msg(
        "one PNG per card for print-on-demand (300 dpi, sRGB; 1/8 inch bleed or a shop's --preset)",
        "オンデマンド印刷用にカード1枚ごとの PNG（300 dpi、sRGB。塗り足し1/8インチか印刷所の --preset）",
    ),
    "game": Msg("the game", "ゲーム"),
    "players": Msg("the number of players", "プレイヤー人数"),
    "players.deck": Msg("only the cards used by this many players", "この人数で使うカードだけ"),
    "paper": Msg("paper size", "用紙サイズ"),
    "size": Msg(
        "card size (metric: poker 63 × 88 mm, the default)", "カードの大きさ（ミリ規格。既定は poker 63×88 mm）"
    ),
    "preset": Msg(
        "a print shop's card spec (trim, bleed, safe zone), e.g. mpc-poker or tgc-poker: see docs/printing.md",
        "印刷所のカード仕様（仕上がり・塗り足し・安全領域）。例：mpc-poker、tgc-poker。docs/printing.md を参照",
    ),
    "bleed": Msg(
        "bleed around each card (0-5 mm; default 0 on sheets, 3 with --layout single)",
        "各カードの周りの塗り足し（0〜5mm。既定はシートで0、--layout single で3）",
    ),
    "duplex": Msg(
        "backs mirrored for long- or short-edge duplex; none prints fronts only",
        "両面印刷のとじ方（長辺・短辺）。none なら表面のみ",
    ),
    "doc_lang": Msg(
        "language of the printed text (default: the message language)", "印刷する文章の言語（既定値はメッセージの言語）"
    ),
    "output.pdf": Msg("the PDF file to write (- for standard output)", "書き出す PDF ファイル（- なら標準出力）"),
    "print.calibrate": Msg(
        "a one-sheet duplex calibration: how far your printer shifts the backs",
        "両面印刷の位置合わせ用紙1枚。プリンターが裏面をどれだけずらすかを測ります",
    ),
    "back_offset": Msg(
        "move the backs by X,Y mm to correct the printer (read them off print calibrate)",
        "裏面を X,Y mm 動かしてプリンターのずれを補正します（print calibrate で読み取った値）",
    ),
    "layout": Msg(
        "sheet: cards on sheets with cut marks; single: one card a page, with its trim and bleed "
        "boxes, for shops that impose themselves",
        "sheet はカードを並べたシート（トンボ付き）、single は1ページに1枚（仕上がりと塗り足しの枠付き）で"
        "面付けを自分で行う印刷所向けです",
    ),
    "duplex.calibrate": Msg("the duplex setting you will print the deck with", "デッキを印刷するときの両面設定"),
    "output.dir": Msg("the folder to write into", "書き出し先のフォルダ"),
    "force": Msg(
        "replace the folder even if it holds other files (never one with subfolders)",
        "ほかのファイルがあってもフォルダを置き換えます（サブフォルダがある場合は不可）",
    ),
}


def helper(lang: Lang, *more: dict[str, Msg]) -> Callable[[str], str]:
    """``say(key)``: the help text ``key`` in ``lang``, from :data:`HELP` or the tables ``more``."""

    def say(key: str) -> str:
        for table in more:
            if key in table:
                return table[key].text(lang)
        return HELP[key].text(lang)

    return say


HEADINGS = {"usage: ": "使い方：", "positional arguments": "引数", "options": "オプション"}

# argparse's complaints (as Python 3.11 and later word them) and how to say them in Japanese;
# in English, argparse's own words are shown as they are.
_USAGE_ERRORS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"),
        "{arg}に{value}は指定できません。{choices}から選んでください",
    ),
    (
        re.compile(r"argument (?P<arg>\S+): invalid int value: (?P<value>.*)"),
        "{arg}には整数を指定してください（{value}は整数ではありません）",
    ),
    (
        re.compile(r"argument (?P<arg>\S+): invalid float value: (?P<value>.*)"),
        "{arg}には数を指定してください（{value}は数ではありません）",
    ),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"), "{arg}には値が一つ必要です"),
    (re.compile(r"the following arguments are required: (?P<args>.*)"), "次の引数が必要です：{args}"),
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), "不明な引数です：{args}"),
]


def usage_error(prog: str, message: str, lang: Lang) -> str:
    """argparse's complaint ``message`` as one line in ``lang``, with where to find help."""
    if lang != "ja":
        return f"{prog}: {message} (see {prog} --help)"
    text = message
    for pattern, template in _USAGE_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            parts = found.groupdict()
            if "value" in parts:  # argparse's 'chess' is what the player typed: 「chess」
                parts["value"] = f"「{parts['value'].strip(chr(39))}」"
            if "choices" in parts:
                parts["choices"] = "、".join(c.strip(" '") for c in parts["choices"].split(","))
            text = template.format(**parts)
            break
    return f"{prog}: {text}（詳しくは {prog} --help）"

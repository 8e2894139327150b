"""``companion export`` and ``companion import``: a stored game as a record, table-notation lines or a
BG Stats link, and a record (or its QR codes) stored as a new game (docs/records.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.commands.stored import Runner, add_game_id, parser_maker, run_on_store, say
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, plural

if TYPE_CHECKING:
    from companion.store import LiveGame, Store

WORDS = {
    "export": Msg("write a game's record (JSON)", "ゲームの記録（JSON）を書き出します"),
    "export.output": Msg("the file to write (default: standard output)", "書き出すファイル（既定値は標準出力）"),
    "export.lines": Msg(
        "write table-notation lines instead, one per action (companion play - reads them)",
        "代わりに卓上記法の行を1手1行で書き出します（companion play で読めます）",
    ),
    "export.bgstats": Msg(
        "write instead the link that opens the finished game in the BG Stats app, which asks before it logs the play",
        "代わりに、終わったゲームを BG Stats アプリで開くリンクを書き出します（記録する前にアプリが確認します）",
    ),
    "import": Msg(
        "store a game record as a new game and print its number",
        "ゲーム記録を新しいゲームとして保存し、その番号を出力します",
    ),
    "import.file": Msg(
        "a game record (JSON); or the text of its QR codes, one a line; or its result sheet (companion "
        "print result) as a PDF or as photos or scans of its pages (PNG, JPEG); - reads standard input",
        "ゲーム記録（JSON）、その QR コードの文字列（1行に1つ）、または結果用紙"
        "（companion print result）の PDF か、各ページの写真やスキャン（PNG、JPEG）。- なら標準入力",
    ),
}


def add_parsers(commands: Any, lang: Lang) -> None:
    """Add ``export`` and ``import`` to ``companion``'s subparsers."""
    text = helper(lang, WORDS)
    command = parser_maker(commands, lang, WORDS)
    export = command("export")
    add_game_id(export, lang)
    export.add_argument("-o", "--output", metavar="FILE", help=text("export.output"))
    shape = export.add_mutually_exclusive_group()
    shape.add_argument("--lines", action="store_true", help=text("export.lines"))
    shape.add_argument("--bgstats-url", action="store_true", help=text("export.bgstats"))
    importing = command("import")
    importing.add_argument("file", nargs="+", metavar="FILE", help=text("import.file"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run ``export`` or ``import``; a refusal is one line on standard error and exit status 2."""
    return run_on_store(args, lang, RUNNERS, ("import",))


def export_lines(live: LiveGame, lang: Lang = "en") -> list[str]:
    """The game in effect as table-notation lines, one per action."""
    state = live.engine.new_state(live.setup)
    lines = []
    for action in live.actions:
        lines.append(live.engine.action_line(state, action, lang))
        state = live.engine.apply(state, action)[0]
    return lines


def run_export(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    from companion.base.documents import format_json

    live = store.load(args.id)
    if args.bgstats_url:
        from companion.results import bgstats

        text = bgstats.url(bgstats.play_of_game(live)) + "\n"
    elif args.lines:
        if live.mode == "sheet":
            live.record()  # refuses: a score sheet has no moves
        text = "".join(line + "\n" for line in export_lines(live, lang))
    else:
        text = format_json(live.record()) + "\n"
    if args.output is None:
        print(text, end="")
        return 0
    import os

    from companion.base.files import atomic_target

    target = os.path.realpath(args.output) if os.path.islink(args.output) else args.output  # through a link
    with atomic_target(target) as temp:
        Path(temp).write_text(text, encoding="utf-8")
    count = text.count("\n")
    what = (
        Msg(f"{plural(count, 'line', 'lines')} of table notation", f"卓上記法{count}行")
        if args.lines
        else Msg("the BG Stats link", "BG Stats のリンク")
        if args.bgstats_url
        else Msg("the record", "記録")
    )
    say(
        Msg(
            f"wrote {what.en} of game {live.id} to {args.output}",
            f"ゲーム {live.id} の{what.ja}を {args.output} に書き出しました",
        ),
        lang,
    )
    return 0


def run_import(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    from companion.cli.commands.result import read_import

    data = read_import(args.file)
    print(store.import_record(data), flush=True)
    return 0


RUNNERS: dict[str, Runner] = {"export": run_export, "import": run_import}

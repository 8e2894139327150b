"""``companion print``: decks, rule summaries, score sheets, card PNGs, the calibration sheet, and
(from the store) a finished game's result sheet."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.base.documents import PATH_SHOWN
from companion.base.reasons import os_reason
from companion.cli.commands import fail
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.deck_rules import label


def add_parsers(commands: Any, lang: Lang) -> None:
    from companion.cards.decks import GAMES
    from companion.cli.commands.result import add_result_parser
    from printables.options import DUPLEX_NAMES, PAPER_NAMES, SIZE_NAMES

    say = helper(lang)
    printing = commands.add_parser("print", help=say("print"), description=say("print"))
    kinds = printing.add_subparsers(
        dest="what",
        parser_class=type(printing),
        required=True,
        title=say("kinds"),
        metavar="{deck,summary,sheet,kit,png,calibrate,result}",
    )
    deck = kinds.add_parser("deck", help=say("print.deck"), description=say("print.deck"))
    deck.add_argument("game", choices=GAMES, help=say("game"))
    deck.add_argument("--players", type=int, help=say("players.deck"))
    deck.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    deck.add_argument("--size", choices=SIZE_NAMES, default=None, help=say("size"))
    deck.add_argument("--preset", metavar="NAME", help=say("preset"))
    deck.add_argument("--bleed", type=float, default=None, metavar="MM", help=say("bleed"))
    deck.add_argument("--duplex", choices=DUPLEX_NAMES, default="long", help=say("duplex"))
    deck.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    deck.add_argument("--back-offset", default="0,0", metavar="X,Y", help=say("back_offset"))
    deck.add_argument("--layout", choices=("sheet", "single"), default="sheet", help=say("layout"))
    deck.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    summary = kinds.add_parser("summary", help=say("print.summary"), description=say("print.summary"))
    summary.add_argument("game", choices=GAMES, help=say("game"))
    summary.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None, help=say("doc_lang"))
    summary.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    summary.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    sheet = kinds.add_parser("sheet", help=say("print.sheet"), description=say("print.sheet"))
    sheet.add_argument("game", choices=GAMES, help=say("game"))
    sheet.add_argument("--players", type=int, required=True, help=say("players"))
    sheet.add_argument("--lang", dest="doc_lang", choices=("ja", "en"), default=None, help=say("doc_lang"))
    sheet.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    kit = kinds.add_parser("kit", help=say("print.kit"), description=say("print.kit"))
    kit.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    kit.add_argument("-o", "--output", required=True, metavar="DIR", help=say("output.dir"))
    png = kinds.add_parser("png", help=say("print.png"), description=say("print.png"))
    png.add_argument("game", choices=GAMES, help=say("game"))
    png.add_argument("--players", type=int, help=say("players.deck"))
    png.add_argument("--size", choices=SIZE_NAMES, default=None, help=say("size"))
    png.add_argument("--preset", metavar="NAME", help=say("preset"))
    png.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    png.add_argument("-o", "--output", required=True, metavar="DIR", help=say("output.dir"))
    png.add_argument("--force", action="store_true", help=say("force"))
    calibrate = kinds.add_parser("calibrate", help=say("print.calibrate"), description=say("print.calibrate"))
    calibrate.add_argument("--paper", choices=PAPER_NAMES, default="a4", help=say("paper"))
    calibrate.add_argument("--duplex", choices=DUPLEX_NAMES[:2], default="long", help=say("duplex.calibrate"))
    calibrate.add_argument("--back-offset", default="0,0", metavar="X,Y", help=say("back_offset"))
    calibrate.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help=say("output.pdf"))
    add_result_parser(kinds, lang, say)


def run(args: argparse.Namespace, lang: Lang) -> int:
    from printables import kit

    if args.what == "result":  # from the store: companion.cli.commands.result
        from companion.cli.commands.result import run_print_result

        return run_print_result(args, lang)

    doc_lang: Lang = getattr(args, "doc_lang", None) or lang
    try:
        message = kit.run(args.what, args, doc_lang)
    except Refusal as error:  # LayoutError included
        return fail(error.msg.text(lang))
    except BrokenPipeError:
        raise  # the reader of standard output has gone: main says nothing
    except OSError as error:
        reason = os_reason(error, lang)
        out = label(args.output, PATH_SHOWN)
        return fail(Msg(f"cannot write {out}: {reason}", f"{out} に書き込めません：{reason}").text(lang))
    print(message.text(lang), file=sys.stderr if args.output == "-" else sys.stdout)
    return 0

"""``companion simulate GAME``: simulated tables for a deck, analysed like real playtests (companion.playtest):
seat advantage, game length and lead changes before printing. Stored only with ``--store``, marked
simulated, kept out of history and statistics (``stats --playtest --simulated`` reads them)."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.commands import fail
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal

if TYPE_CHECKING:
    from companion.store import Store

WORDS = {
    "simulate": Msg(
        "simulated games of a deck, each seat choosing among the legal moves for its real hand; "
        "the playtest analysis of them (stored only with --store)",
        "デッキでシミュレーションしたゲーム（各席が本当の手札から合法手を選びます）と、その"
        "テストプレイ分析（--store のときだけ保存します）",
    ),
    "simulate.game": Msg("the game: fortress, homalet or dragoness", "ゲーム：fortress、homalet、dragoness"),
    "simulate.players": Msg("how many players", "人数"),
    "simulate.games": Msg("how many games (default 100)", "ゲーム数（既定値は100）"),
    "simulate.policy": Msg(
        "how each seat chooses: random (any legal move) or greedy (the best immediate gain)",
        "各席の選び方：random（どの合法手でも）か greedy（その場で一番得な手）",
    ),
    "simulate.seed": Msg("the seed: the same seed plays the same games", "乱数の種：同じ種なら同じゲームになります"),
    "simulate.csv": Msg("print one row per player per game (CSV)", "1ゲーム1プレイヤー1行で出力します（CSV）"),
    "simulate.json": Msg("print the analysis as JSON", "分析を JSON で出力します"),
    "simulate.store": Msg(
        "also store the games, marked simulated: never in history or statistics; stats --playtest "
        "--simulated analyses them",
        "ゲームをシミュレーションの印を付けて保存もします。履歴や成績には入りません。"
        "stats --playtest --simulated で分析します",
    ),
}
BAR = 30  # the progress bar's width in characters


def add_parsers(commands: Any, lang: Lang) -> None:
    from companion.decks import GAMES

    say = helper(lang, WORDS)
    sim = commands.add_parser("simulate", help=say("simulate"), description=say("simulate"))
    sim.add_argument("game", choices=GAMES, help=say("simulate.game"))
    sim.add_argument("--players", type=int, required=True, metavar="N", help=say("simulate.players"))
    sim.add_argument("--games", type=int, default=100, metavar="K", help=say("simulate.games"))
    sim.add_argument("--policy", choices=("random", "greedy"), default="random", help=say("simulate.policy"))
    sim.add_argument("--seed", type=int, default=None, metavar="S", help=say("simulate.seed"))
    sim.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    form = sim.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=say("simulate.json"))
    form.add_argument("--csv", action="store_true", help=say("simulate.csv"))
    sim.add_argument("--store", action="store_true", help=say("simulate.store"))
    sim.add_argument("--db", metavar="PATH", help=say("db"))
    sim.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))


def _progress(done: int, total: int, started: float) -> str:
    filled = BAR * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    return f"\r[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}  {rate:.0f}/s"


def run(args: argparse.Namespace, lang: Lang) -> int:
    from companion.cli.commands.playtest import print_playtest
    from companion.decks import load_deck_data
    from companion.rules.games import ENGINES
    from companion.simulate import simulate

    if not 1 <= args.games <= 1_000_000:
        return fail(
            Msg(
                f"--games is a number of games from 1 to 1000000, not {args.games}",
                f"--games は1から1000000までのゲーム数です（{args.games} は不可）",
            ).text(lang)
        )
    try:
        deck = ENGINES[args.game].Deck.from_data(load_deck_data(args.game, args.deck))
        games = simulate(args.game, deck, args.players, args.games, args.policy, args.seed, records=args.store)
        with _store(args) as store:
            shown = sys.stderr.isatty() and args.games >= 20  # a bar on a terminal, for a run long enough to wait on
            started, played = time.perf_counter(), []
            stored: list[int] = []
            for done, game in enumerate(games, 1):
                played.append(game.played)  # a small row a game: the analysis reads them all
                if store is not None and game.record is not None:
                    stored.append(_keep(store, game.record, len(stored), lang))
                if shown and (done % 10 == 0 or done == args.games):
                    print(_progress(done, args.games, started), end="", file=sys.stderr, flush=True)
            if shown:
                print(file=sys.stderr)
    except Refusal as refusal:
        return fail(refusal.msg.text(lang))
    status = print_playtest(
        played, argparse.Namespace(game=None, deck_version=None, players=None, json=args.json, csv=args.csv), lang
    )
    if stored:  # what was written, said where it cannot mix with the report, JSON or CSV
        print(
            Msg(
                f"stored {len(stored)} simulated games as games {stored[0]} to {stored[-1]} (marked simulated: "
                "kept out of history and statistics; stats --playtest --simulated analyses them)",
                f"シミュレーションの{len(stored)}ゲームをゲーム {stored[0]}〜{stored[-1]} として保存しました"
                "（シミュレーションの印付き。履歴や成績には入りません。stats --playtest --simulated で分析します）",
            ).text(lang),
            file=sys.stderr,
        )
    return status


@contextlib.contextmanager
def _store(args: argparse.Namespace) -> Iterator[Store | None]:
    """The store ``--store`` writes to (``--db``, else the default); None without ``--store``."""
    if not args.store:
        yield None
        return
    from companion.store import Store, default_db_path

    with Store.open(Path(args.db) if args.db is not None else default_db_path()) as store:
        yield store


def _keep(store: Store, record: dict[str, Any], before: int, lang: Lang) -> int:
    """Store one simulated game's record, marked simulated; its id. A refusal (a game of the same seed
    stored already) says how many of this run were stored before it."""
    try:
        return store.import_record(record, simulated=True)
    except Refusal as refusal:
        raise Refusal(
            Msg(
                f"after {before} simulated games stored, the next was refused: ",
                f"シミュレーションの{before}ゲームを保存したあと、次のゲームが拒否されました：",
            )
            + refusal.msg
        ) from None

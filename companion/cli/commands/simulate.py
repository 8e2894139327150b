"""``companion simulate GAME``: simulated tables for a deck, analysed like real playtests (companion.analysis.playtest):
seat advantage, game length and lead changes before printing. Stored only with ``--store``, marked
simulated and named with their policy, kept out of history and statistics (``stats --playtest
--simulated`` reads them). The games run on every core unless told (``--workers``), or on a Dask cluster
(``--engine dask``), with the same results for a seed; Ctrl+C keeps the games finished so far."""

from __future__ import annotations

import argparse
import contextlib
import sys
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
        "how each seat chooses: random (any legal move), greedy (the best immediate gain) or lookahead "
        "(plays its likeliest moves out on hands dealt from the cards it has not seen; lookahead:N with N "
        "playouts a move, 64 unless told); one for every seat, or one a seat separated by commas "
        "(lookahead,greedy,greedy)",
        "各席の選び方：random（どの合法手でも）、greedy（その場で一番得な手）、lookahead（見ていないカードから"
        "配った手札で有力な手を最後まで試します。lookahead:N は1手N回、既定値は64回）。全席に1つか、"
        "カンマ区切りで1席に1つずつ（lookahead,greedy,greedy）",
    ),
    "simulate.workers": Msg(
        "processes to play the games in (default: every core); the results for a seed are the same",
        "ゲームを並列に遊ぶプロセス数（既定値はすべてのコア）。同じ種なら結果は同じです",
    ),
    "simulate.engine": Msg(
        "where the games run: local (processes on this machine) or dask (a Dask cluster: --scheduler; "
        "pip install 'companion[cluster]')",
        "ゲームを遊ぶ場所：local（この機械のプロセス）か dask（Dask クラスター。--scheduler を指定。"
        "pip install 'companion[cluster]'）",
    ),
    "simulate.scheduler": Msg(
        "with --engine dask: the Dask scheduler's address (tcp://HOST:8786)",
        "--engine dask と使います：Dask スケジューラーのアドレス（tcp://HOST:8786）",
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
MAX_GAMES = 1_000_000


def add_run_options(parser: Any, say: Any) -> None:
    """The options ``simulate`` and ``lab`` share: the policy, the seed and where the games run."""
    parser.add_argument("--policy", default="random", metavar="POLICY", help=say("simulate.policy"))
    parser.add_argument("--seed", type=int, default=None, metavar="S", help=say("simulate.seed"))
    parser.add_argument("--workers", type=int, default=None, metavar="N", help=say("simulate.workers"))
    parser.add_argument("--engine", choices=("local", "dask"), default="local", help=say("simulate.engine"))
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None, help=say("simulate.scheduler"))


def add_parsers(commands: Any, lang: Lang) -> None:
    from companion.cards.decks import GAMES

    say = helper(lang, WORDS)
    sim = commands.add_parser("simulate", help=say("simulate"), description=say("simulate"))
    sim.add_argument("game", choices=GAMES, help=say("simulate.game"))
    sim.add_argument("--players", type=int, required=True, metavar="N", help=say("simulate.players"))
    sim.add_argument("--games", type=int, default=100, metavar="K", help=say("simulate.games"))
    add_run_options(sim, say)
    sim.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    form = sim.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=say("simulate.json"))
    form.add_argument("--csv", action="store_true", help=say("simulate.csv"))
    sim.add_argument("--store", action="store_true", help=say("simulate.store"))
    sim.add_argument("--db", metavar="PATH", help=say("db"))
    sim.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))


def games_refusal(games: int, lang: Lang) -> str | None:
    if 1 <= games <= MAX_GAMES:
        return None
    return Msg(
        f"--games is a number of games from 1 to {MAX_GAMES}, not {games}",
        f"--games は1から{MAX_GAMES}までのゲーム数です（{games} は不可）",
    ).text(lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    from companion.analysis.playtest import PlayedGame
    from companion.base.exits import EXIT_INTERRUPTED
    from companion.cards.decks import load_deck_data
    from companion.cli.commands.playtest import print_playtest
    from companion.cli.commands.running import gather, stopped_words
    from companion.rules.games import ENGINES
    from companion.simulate import Simulated, cores, simulate

    refused = games_refusal(args.games, lang)
    if refused is not None:
        return fail(refused)
    played: list[PlayedGame] = []  # a small row a game: the analysis reads them all
    stored: list[int] = []
    try:
        deck = ENGINES[args.game].Deck.from_data(load_deck_data(args.game, args.deck))
        workers = cores() if args.workers is None else args.workers
        games = simulate(
            args.game,
            deck,
            args.players,
            args.games,
            args.policy,
            args.seed,
            records=args.store,
            workers=workers,
            engine=args.engine,
            scheduler=args.scheduler,
        )
        with _store(args) as store:

            def keep(game: Simulated) -> None:
                if store is not None and game.record is not None:
                    stored.append(_keep(store, game.record, game.played.policy, len(stored), lang))
                played.append(game.played)

            done, stopped = gather(games, args.games, keep)
    except Refusal as refusal:
        return fail(refusal.msg.text(lang))
    if stopped:
        print(stopped_words(done, args.games, lang), file=sys.stderr)
    status = print_playtest(
        played,
        argparse.Namespace(game=None, deck_version=None, players=None, policy=None, json=args.json, csv=args.csv),
        lang,
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
    return EXIT_INTERRUPTED if stopped else status


@contextlib.contextmanager
def _store(args: argparse.Namespace) -> Iterator[Store | None]:
    """The store ``--store`` writes to (``--db``, else the default); None without ``--store``."""
    if not args.store:
        yield None
        return
    from companion.store import Store, default_db_path

    with Store.open(Path(args.db) if args.db is not None else default_db_path()) as store:
        yield store


def _keep(store: Store, record: dict[str, Any], policy: str, before: int, lang: Lang) -> int:
    """Store one simulated game's record, marked simulated and named with its policy; its id. A refusal
    (a game of the same seed stored already) says how many of this run were stored before it."""
    try:
        return store.import_record(record, simulated=True, policy=policy)
    except Refusal as refusal:
        raise Refusal(
            Msg(
                f"after {before} simulated games stored, the next was refused: ",
                f"シミュレーションの{before}ゲームを保存したあと、次のゲームが拒否されました：",
            )
            + refusal.msg
        ) from None

"""``companion stats``: per player and game, head to head, or the playtest analysis (docs/store.md)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from companion.cli.commands.stored import Runner, bare, game_title, parser_maker, print_rows, run_on_store, say
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, refuse

if TYPE_CHECKING:
    from companion.store import Store

WORDS = {
    "json": Msg("print JSON instead", "代わりに JSON を出力します"),
    "stats": Msg(
        "per player and game: plays, wins, win rate, average, best and worst score",
        "プレイヤーとゲームごとの回数・勝利数・勝率・平均・最高点・最低点",
    ),
    "csv": Msg("print CSV instead", "代わりに CSV を出力します"),
    "stats.game": Msg("only this game", "このゲームだけ"),
    "stats.player": Msg("only this player", "このプレイヤーだけ"),
    "stats.playtest": Msg(
        "playtest analysis per game, deck version and player count: wins by seat and of the "
        "start player (95% Wilson intervals), winning margins, game length",
        "ゲーム・デッキの版・人数ごとのテストプレイ分析：席ごとの勝率とスタートプレイヤーの勝率"
        "（95%ウィルソン区間）、勝者の差、ゲームの長さ",
    ),
    "stats.deck_version": Msg(
        "with --playtest: only this deck version (its version, or its short hash)",
        "--playtest と使います：このデッキの版だけ（版の名前か短いハッシュ）",
    ),
    "stats.players": Msg(
        "with --playtest: only games of this many players", "--playtest と使います：この人数のゲームだけ"
    ),
    "stats.simulated": Msg(
        "with --playtest: the simulated games stored by simulate --store instead of the real ones",
        "--playtest と使います：実際のゲームの代わりに simulate --store で保存したシミュレーションのゲーム",
    ),
    "stats.policy": Msg(
        "with --playtest --simulated: only the games of this policy (as simulate --policy names it)",
        "--playtest --simulated と使います：この方針のゲームだけ（simulate --policy の名前）",
    ),
    "stats.vs": Msg("head to head: two players over the games both played", "二人の対戦成績（二人とも遊んだゲーム）"),
}


def add_parsers(commands: Any, lang: Lang) -> None:
    """Add ``stats`` to ``companion``'s subparsers."""
    from companion.cards.decks import GAMES

    text = helper(lang, WORDS)
    stats = parser_maker(commands, lang, WORDS)("stats")
    form = stats.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=text("json"))
    form.add_argument("--csv", action="store_true", help=text("csv"))
    stats.add_argument("--game", choices=GAMES, help=text("stats.game"))
    stats.add_argument("--player", metavar="NAME", help=text("stats.player"))
    stats.add_argument("--vs", nargs=2, metavar=("A", "B"), help=text("stats.vs"))
    stats.add_argument("--playtest", action="store_true", help=text("stats.playtest"))
    stats.add_argument("--deck-version", metavar="V", help=text("stats.deck_version"))
    stats.add_argument("--players", type=int, metavar="N", help=text("stats.players"))
    stats.add_argument("--simulated", action="store_true", help=text("stats.simulated"))
    stats.add_argument("--policy", metavar="POLICY", help=text("stats.policy"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run ``stats``; a refusal is one line on standard error and exit status 2."""
    return run_on_store(args, lang, RUNNERS, ())


STAT_HEADS = Msg(
    "player|game|plays|wins|win rate|average|best|worst|last played",
    "プレイヤー|ゲーム|回数|勝利|勝率|平均|最高|最低|最後に遊んだ日",
)
VS_HEADS = Msg(
    "player A|player B|games together|A won|B won|both won|A scored more|B scored more|same score",
    "A|B|同じ卓の回数|A の勝ち|B の勝ち|二人とも勝ち|A の得点が上|B の得点が上|同点",
)


def _player_named(store: Store, name: str) -> str:
    """The stored player ``name`` means, read as the table notation reads names (case, width and
    spacing do not matter); a name that matches nobody is refused, listing the players."""
    from companion.rules.common import normalize_token

    def key(text: str) -> str:
        return " ".join(normalize_token(text).casefold().split())

    roster = store.roster()
    if not roster:
        return name  # nobody stored yet: there is nothing to count, as without --player
    for stored in roster:
        if stored == name:
            return str(stored)
    for stored in roster:
        if key(stored) == key(name):
            return str(stored)
    from companion.rules.deck_rules import shown

    raise refuse(
        f"no player named {shown(name)}; players: {', '.join(roster)}",
        f"「{bare(name)}」という名前のプレイヤーはいません。プレイヤーは{'、'.join(roster)}です",
    )


def run_stats(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    if args.playtest and (args.player is not None or args.vs is not None):
        raise refuse(
            "--playtest analyses whole games: it does not go with --player or --vs",
            "--playtest はゲーム全体を分析します。--player や --vs とは一緒に使えません",
        )
    if args.playtest:
        from companion.cli.commands.playtest import print_playtest

        return print_playtest(store.played_games(simulated=args.simulated), args, lang)
    if args.deck_version is not None or args.players is not None or args.simulated or args.policy is not None:
        raise refuse(
            "--deck-version, --players, --simulated and --policy go with --playtest",
            "--deck-version、--players、--simulated、--policy は --playtest と一緒に使います",
        )
    if args.player is not None:
        args.player = _player_named(store, args.player)
    if args.vs is not None:
        result = store.head_to_head(_player_named(store, args.vs[0]), _player_named(store, args.vs[1]), args.game)
        data = result.to_data()
        if args.json:
            print(json.dumps(data, ensure_ascii=False))
        else:
            heads = list(data) if args.csv else VS_HEADS.text(lang).split("|")
            print_rows(heads, [[str(v) for v in data.values()]], args.csv)
        return 0
    rows = store.stats(args.game, args.player)
    if args.json:
        print(json.dumps([r.to_data() for r in rows], ensure_ascii=False))
        return 0
    if args.csv:
        keys = ["player", "game", "plays", "wins", "win_rate", "average", "total", "best", "worst", "last_played"]
        print_rows(keys, [[str(r.to_data()[k]) for k in keys] for r in rows], True)
        return 0
    if not rows and args.player is not None and store.roster():
        say(
            Msg(
                f"{args.player} has no finished games to count yet",
                f"{args.player}の集計できる終わったゲームはまだありません",
            ),
            lang,
        )
        return 0
    if not rows:
        say(Msg("no finished games to count yet", "集計できる終わったゲームはまだありません"), lang)
        return 0
    table = [
        [
            r.player,
            game_title(r.game, lang),
            str(r.plays),
            str(r.wins),
            f"{100 * r.win_rate:.0f}%",
            f"{r.average:.2f}",
            str(r.best),
            str(r.worst),
            r.last_played[:10],
        ]
        for r in rows
    ]
    print_rows(STAT_HEADS.text(lang).split("|"), table, False)
    return 0


RUNNERS: dict[str, Runner] = {"stats": run_stats}

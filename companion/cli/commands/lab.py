"""``companion lab DECK [DECK …]``: deck variants played side by side on simulated tables at several player
counts (``companion.lab``): each deck's sentence of what differs beyond chance, a table of the figures,
JSON or CSV, and with ``--html`` one report file with its charts inline. A progress bar on a terminal;
Ctrl+C keeps the games finished so far and reports them."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from companion.cli.commands import fail
from companion.cli.commands.simulate import WORDS as SIMULATE_WORDS
from companion.cli.commands.simulate import add_run_options, games_refusal
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal, refuse

MAX_DECKS = 8
WORDS = {
    **SIMULATE_WORDS,
    "lab": Msg(
        "deck variants side by side: each deck simulated at each player count, what differs beyond chance "
        "in a sentence a deck, the figures, and a report with charts (--html)",
        "デッキの違いを比べます：各デッキを各人数でシミュレーションし、偶然を超える違いをデッキごとに1文で、"
        "数値と、グラフ付きのレポート（--html）で示します",
    ),
    "lab.decks": Msg(
        "deck files (TOML) of one game, the first the baseline; a game's name (fortress, homalet, "
        "dragoness) means its own deck",
        "同じゲームのデッキファイル（TOML）。最初が基準です。ゲーム名（fortress、homalet、dragoness）は標準のデッキ",
    ),
    "lab.players": Msg("player counts: 4, 3-5 or 3,5", "人数：4、3-5、3,5 など"),
    "lab.games": Msg(
        "games for each deck at each player count (default 200)", "各デッキ各人数のゲーム数（既定値は200）"
    ),
    "lab.html": Msg(
        "also write the report with its charts to this HTML file",
        "グラフ付きのレポートをこの HTML ファイルにも書きます",
    ),
    "lab.json": Msg("print the comparison as JSON", "比較を JSON で出力します"),
    "lab.csv": Msg(
        "print one row per player per game (CSV), the deck first",
        "1ゲーム1プレイヤー1行（先頭にデッキ）を CSV で出力します",
    ),
}


def add_parsers(commands: Any, lang: Lang) -> None:
    say = helper(lang, WORDS)
    lab = commands.add_parser("lab", help=say("lab"), description=say("lab"))
    lab.add_argument("decks", nargs="+", metavar="DECK", help=say("lab.decks"))
    lab.add_argument("--players", required=True, metavar="N", help=say("lab.players"))
    lab.add_argument("--games", type=int, default=200, metavar="K", help=say("lab.games"))
    add_run_options(lab, say)
    form = lab.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=say("lab.json"))
    form.add_argument("--csv", action="store_true", help=say("lab.csv"))
    lab.add_argument("--html", metavar="FILE", help=say("lab.html"))
    lab.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))


def player_counts(text: str, low: int, high: int, title: Msg) -> list[int]:
    """``4``, ``3-5`` or ``3,5`` as player counts, each one the game takes; refused in a sentence."""
    counts: list[int] = []
    for part in text.replace(" ", "").split(",")[:16]:
        first, dash, last = part.partition("-")
        if not (first.isascii() and first.isdigit() and len(first) <= 2) or (
            dash and not (last.isascii() and last.isdigit() and len(last) <= 2)
        ):
            raise refuse(
                f"--players is a player count, a range or a list (4, 3-5, 3,5), not {text!r}",
                f"--players は人数か範囲か一覧です（4、3-5、3,5 など。{text!r} は不可）",
            )
        counts += range(int(first), int(last if dash else first) + 1)
    wrong = [n for n in counts if not low <= n <= high]
    if wrong or not counts:
        raise refuse(
            f"{title.en} takes {low} to {high} players, not {wrong[0] if wrong else text}",
            f"{title.ja}は{low}〜{high}人で遊びます（{wrong[0] if wrong else text}人は不可）",
        )
    return sorted(set(counts))


def _decks(names: Sequence[str]) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    """The game and each deck's name as shown with its data: a file, or a game's own deck by its name."""
    from companion.cards.decks import GAMES, game_of, load_deck_data

    if len(names) > MAX_DECKS:
        raise refuse(
            f"compare {MAX_DECKS} decks at most, not {len(names)}",
            f"比べるデッキは{MAX_DECKS}個までです（{len(names)}個は不可）",
        )
    decks: list[tuple[str, dict[str, Any]]] = []
    game = None
    for name in names:
        if name in GAMES and not Path(name).exists():
            data, shown, found = load_deck_data(name), f"{name}.toml", name
        else:
            said = game_of(name)
            shown = Path(name).name
            if not isinstance(said, str) or said not in GAMES:
                raise refuse(
                    f'deck file {shown} does not say which game it is for: add a line such as game = "fortress"',
                    f'デッキファイル {shown} にゲーム名がありません：game = "fortress" のような行を加えてください',
                )
            data, found = load_deck_data(said, name), said
        if game is not None and found != game:
            raise refuse(
                f"the decks compared are of one game: {shown} is for {found}, the first for {game}",
                f"比べるデッキは同じゲームのものです（{shown} は {found} 用、最初のデッキは {game} 用）",
            )
        game = str(found)
        decks.append((shown, data))
    assert game is not None
    return game, decks


def run(args: argparse.Namespace, lang: Lang) -> int:
    from companion.analysis.playtest import deck_version
    from companion.base.exits import EXIT_INTERRUPTED
    from companion.base.files import write_atomic
    from companion.cli.commands.running import gather, stopped_words
    from companion.lab.analysis import Cell, Comparison, Variant
    from companion.rules.games import ENGINES
    from companion.simulate import Simulated, check, cores, label, simulate

    refused = games_refusal(args.games, lang)
    if refused is not None:
        return fail(refused)
    try:
        game, decks = _decks(args.decks)
        engine = ENGINES[game]
        counts = player_counts(args.players, engine.MIN_PLAYERS, engine.MAX_PLAYERS, engine.TITLE)
        policies = {n: check(game, n, args.policy) for n in counts}
        seed = args.seed if args.seed is not None else _random_seed()
        variants = [Variant(chr(ord("A") + i), shown, deck_version(data)) for i, (shown, data) in enumerate(decks)]
        built = [engine.Deck.from_data(data) for _, data in decks]
        cells = [Cell(v, n, []) for v in variants for n in counts]
        workers = cores() if args.workers is None else args.workers

        def every() -> Iterator[tuple[Cell, Simulated]]:
            for index, cell in enumerate(cells):
                deck = built[index // len(counts)]
                games = simulate(
                    game,
                    deck,
                    cell.players,
                    args.games,
                    policies[cell.players],
                    seed,
                    workers=workers,
                    engine=args.engine,
                    scheduler=args.scheduler,
                )
                try:
                    for sim in games:
                        yield cell, sim
                finally:
                    games.close()

        def keep(item: tuple[Cell, Simulated]) -> None:
            item[0].games.append(item[1].played)

        total = args.games * len(cells)
        done, stopped = gather(every(), total, keep)
        shown_policy = " / ".join(dict.fromkeys(label(p) for p in policies.values()))
        comparison = Comparison(game, shown_policy, seed, args.games, variants, cells, stopped)
        if args.html:
            from companion.lab.page import report

            write_atomic(args.html, report(comparison, engine.TITLE, lang))
    except Refusal as refusal:
        return fail(refusal.msg.text(lang))
    if stopped:
        print(stopped_words(done, total, lang), file=sys.stderr)
    if args.json:
        print(json.dumps(comparison.to_data(lang), ensure_ascii=False))
    elif args.csv:
        from companion.lab.analysis import csv_table

        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(csv_table(comparison))
        print(buffer.getvalue(), end="")
    else:
        print("\n".join(text_report(comparison, engine.TITLE, lang)))
    return EXIT_INTERRUPTED if stopped else 0


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(2**32)


def text_report(comparison: Any, title: Msg, lang: Lang) -> list[str]:
    """The comparison for a terminal: each deck's sentence, then the figures player count by player
    count, deck by deck in columns."""
    from companion.analysis.playtest import wilson
    from companion.lab.analysis import event_names

    ja = lang == "ja"
    lines = [
        Msg(
            f"{title.en} · policy {comparison.policy} · {comparison.games} games a deck at each player count · "
            f"seed {comparison.seed}",
            f"{title.ja}・方針 {comparison.policy}・各デッキ各人数 {comparison.games}ゲーム・"
            f"乱数の種 {comparison.seed}",
        ).text(lang),
        "",
    ]
    lines += [s.text(lang) for s in comparison.sentences()]
    names = event_names(comparison.game)
    for players in sorted({c.players for c in comparison.cells}):
        cells = [c for c in comparison.cells if c.players == players]
        rows: list[tuple[str, list[str]]] = [("", [c.variant.label for c in cells])]
        rows.append(("ゲーム数" if ja else "games", [str(len(c.games)) for c in cells]))
        for seat in [*range(players), None]:
            name = (
                ("スタート" if ja else "start player")
                if seat is None
                else (f"{seat + 1}番目の席" if ja else f"seat {seat + 1}")
            )
            values = []
            for c in cells:
                wins, n = c.wins(seat)
                low, high = wilson(wins, n)
                values.append(f"{100 * wins / n:.0f}% [{100 * low:.0f}–{100 * high:.0f}]" if n else "—")
            rows.append((name, values))
        for measure, en, jp in (
            ("length", "length (actions)", "長さ（手）"),
            ("margin", "margin", "勝者と2位の差"),
            ("leads", "lead changes", "首位交代"),
        ):
            rows.append((jp if ja else en, [_mean(c.measure(measure)) for c in cells]))
        for key, words in names.items():
            rows.append((words.text(lang), [_mean(c.measure(key)) for c in cells]))
        lines += ["", Msg(f"{players} players (means a game)", f"{players}人（1ゲームの平均）").text(lang)]
        width = max(_cells(name) for name, _ in rows)
        for name, values in rows:
            lines.append("  " + name + " " * (width - _cells(name)) + "".join(f"  {v:>16}" for v in values))
    return lines


def _mean(values: Sequence[float]) -> str:
    return f"{sum(values) / len(values):.2f}" if values else "—"


def _cells(text: str) -> int:
    from companion.text.linebreak import cell_width

    return cell_width(text)

"""The live-game commands: ``new``, ``play``, ``undo``, ``redo``, ``show``, ``games``, ``delete``,
``stats``, ``export`` and ``import``, over the game store (docs/store.md).

Each takes ``--db PATH`` (default: ``COMPANION_DB``, else the user's data folder). What a command
changes is committed before it says so: ``play`` prints each ruling only once its action is stored.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.words import helper
from companion.exits import EXIT_BAD_INPUT, EXIT_DECLINED
from companion.rules.common import Lang, Msg, Refusal, plural, refuse, unsaid
from companion.rules.engine import AnyEngine

if TYPE_CHECKING:
    from companion.store import GameSummary, LiveGame, Store

WORDS = {
    "new": Msg("start a game and print its number", "ゲームを始めて、その番号を出力します"),
    "new.players": Msg("the players in seating order, separated by commas", "席順のプレイヤー名（カンマ区切り）"),
    "new.start": Msg("the start player's name (default: the first)", "スタートプレイヤーの名前（既定値は最初の人）"),
    "new.results": Msg(
        "store the game from its results alone: the JSON companion settle takes (- for standard input)",
        "結果だけでゲームを保存します：companion settle と同じ JSON（- なら標準入力）",
    ),
    "play": Msg(
        "play table-notation lines, each stored before its ruling is printed",
        "卓上記法の行を順に入力します。各手は保存してから裁定を表示します",
    ),
    "play.lines": Msg(
        "lines of table notation; - reads them from standard input, one a line",
        "卓上記法の行。- なら標準入力から1行ずつ読みます",
    ),
    "undo": Msg(
        "undo the last N actions (default 1); they can be redone", "最後の N 手を取り消します（既定値 1）。やり直せます"
    ),
    "redo": Msg("redo N undone actions (default 1)", "取り消した手を N 手やり直します（既定値 1）"),
    "count": Msg("how many actions", "手の数"),
    "show": Msg(
        "the game in words: whose turn, the table, the score so far, what is allowed now",
        "ゲームの状態：手番、場、ここまでの得点、いまできること",
    ),
    "json": Msg("print JSON instead", "代わりに JSON を出力します"),
    "games": Msg("the stored games, newest first", "保存されたゲーム（新しい順）"),
    "delete": Msg("delete a stored game (asks first)", "保存されたゲームを削除します（確認します）"),
    "yes": Msg("do not ask", "確認しません"),
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
    "stats.vs": Msg("head to head: two players over the games both played", "二人の対戦成績（二人とも遊んだゲーム）"),
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
        "a game record (JSON); or the text of its QR codes, one a line; or photos or scans (PNG, "
        "JPEG) of its result sheet (companion print result); - reads standard input",
        "ゲーム記録（JSON）、その QR コードの文字列（1行に1つ）、または結果用紙"
        "（companion print result）の写真やスキャン（PNG、JPEG）。- なら標準入力",
    ),
}


def add_parsers(commands: Any, lang: Lang) -> None:
    """Add the live-game subcommands to ``companion``'s subparsers."""
    from companion.decks import GAMES

    say = helper(lang, WORDS)

    def command(name: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(name, help=say(name), description=say(name))
        sub.add_argument("--db", metavar="PATH", help=say("db"))
        sub.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=say("lang"))
        return sub

    def game_id(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("id", type=int, help=say("id"))

    new = command("new")
    new.add_argument("game", choices=GAMES, help=say("game"))
    new.add_argument("--players", metavar="A,B,C", help=say("new.players"))
    new.add_argument("--start", metavar="NAME", help=say("new.start"))
    new.add_argument("--deck", metavar="FILE", help=say("deck.file"))
    new.add_argument("--results", metavar="FILE", help=say("new.results"))
    play = command("play")
    game_id(play)
    play.add_argument("lines", nargs="+", metavar="LINE", help=say("play.lines"))
    for name in ("undo", "redo"):
        sub = command(name)
        game_id(sub)
        sub.add_argument("count", type=int, nargs="?", default=1, metavar="N", help=say("count"))
    show = command("show")
    game_id(show)
    show.add_argument("--json", action="store_true", help=say("json"))
    games = command("games")
    games.add_argument("--json", action="store_true", help=say("json"))
    delete = command("delete")
    game_id(delete)
    delete.add_argument("--yes", "-y", action="store_true", help=say("yes"))
    stats = command("stats")
    form = stats.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=say("json"))
    form.add_argument("--csv", action="store_true", help=say("csv"))
    stats.add_argument("--game", choices=GAMES, help=say("stats.game"))
    stats.add_argument("--player", metavar="NAME", help=say("stats.player"))
    stats.add_argument("--vs", nargs=2, metavar=("A", "B"), help=say("stats.vs"))
    stats.add_argument("--playtest", action="store_true", help=say("stats.playtest"))
    stats.add_argument("--deck-version", metavar="V", help=say("stats.deck_version"))
    stats.add_argument("--players", type=int, metavar="N", help=say("stats.players"))
    stats.add_argument("--simulated", action="store_true", help=say("stats.simulated"))
    export = command("export")
    game_id(export)
    export.add_argument("-o", "--output", metavar="FILE", help=say("export.output"))
    shape = export.add_mutually_exclusive_group()
    shape.add_argument("--lines", action="store_true", help=say("export.lines"))
    shape.add_argument("--bgstats-url", action="store_true", help=say("export.bgstats"))
    importing = command("import")
    importing.add_argument("file", nargs="+", metavar="FILE", help=say("import.file"))


# --------------------------------------------------------------------------- running


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run one live-game command; a refusal is one line on standard error and exit status 2."""
    from companion.store import Store, default_db_path

    runner = RUNNERS[args.command]
    path = Path(args.db) if args.db is not None else default_db_path()
    try:
        if args.command not in WRITERS and not path.exists():
            path = Path(":memory:")  # nothing stored yet: read an empty store, create no file
        with Store.open(path) as store:
            return runner(store, args, lang)
    except Refusal as refusal:
        print(refusal.msg.text(lang), file=sys.stderr)
        return EXIT_BAD_INPUT


WRITERS = ("new", "play", "undo", "redo", "delete", "import")


def _say(msg: Msg, lang: Lang) -> None:
    print(msg.text(lang), flush=True)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.replace("、", ",").split(",")]


def _json_input(path: str, record: bool) -> Any:
    """A JSON document read as settle reads its input (bounded, checked): a record or results."""
    from companion.documents import RECORD_INPUT, SETTLE_INPUT, read_document

    return read_document(path, RECORD_INPUT if record else SETTLE_INPUT)


def run_new(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    players = _names(args.players) if args.players is not None else None
    if args.results is not None:
        results = _json_input(args.results, record=False)
        if players is not None and isinstance(results, dict):
            listed = _result_names(results)
            if listed is not None and sorted(listed) != sorted(players):
                raise refuse(
                    f"--players names {', '.join(players)} but the results name {', '.join(listed)}",
                    f"--players は {'、'.join(players)} ですが、結果には {'、'.join(listed)} とあります",
                )
        if isinstance(results, dict) and isinstance(results.get("deck"), str) and args.results != "-":
            results["deck"] = str(Path(args.results).parent / results["deck"])  # beside the results file
        if args.deck is not None and isinstance(results, dict):
            results["deck"] = args.deck
        print(store.new_result_game(args.game, results), flush=True)
        return 0
    if players is None:
        raise refuse(
            "name the players: --players A,B,C (or store results alone with --results FILE)",
            "プレイヤーを指定してください：--players A,B,C（結果だけなら --results FILE）",
        )
    repeated = [name for i, name in enumerate(players) if name in players[:i]]
    if repeated:
        from companion.rules.deck_rules import shown

        raise refuse(
            f"--players names {shown(repeated[0])} twice; each player needs a name of their own",
            f"--players に「{_bare(repeated[0])}」が2回あります。プレイヤーにはそれぞれ別の名前が必要です",
        )
    start = None
    if args.start is not None:
        if args.start not in players:
            raise refuse(
                f"the start player {args.start} is not one of the players ({', '.join(players)})",
                f"スタートプレイヤー {args.start} はプレイヤー（{'、'.join(players)}）にいません",
            )
        start = players.index(args.start)
    deck_data = None
    if args.deck is not None:
        from companion.decks import load_deck_data

        deck_data = load_deck_data(args.game, args.deck)
    print(store.new_game(args.game, players, start, deck_data), flush=True)
    return 0


def _result_names(results: dict[str, Any]) -> list[str] | None:
    players = results.get("players")
    if not isinstance(players, list):
        return None
    names = [p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None for p in players]
    return [n for n in names if isinstance(n, str)]


def _lines(tokens: Iterable[str]) -> Iterator[str]:
    """The lines to play: each argument, and for ``-`` each line of standard input as it comes
    (blank lines and ``#`` comments skipped; bounded: ``companion.limits.bounded_lines``)."""
    from companion.limits import bounded_lines

    for token in tokens:
        if token != "-":
            yield token
            continue
        for line in bounded_lines(sys.stdin.buffer):
            text = line.strip()
            if text and not text.startswith("#"):
                yield text


def run_play(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    live = store.load(args.id)
    for line in _lines(args.lines):
        try:
            ruling = live.play_line(line)
        except Refusal as refusal:
            from companion.rules.deck_rules import label

            typed = label(line)  # escaped like every value a message repeats: one line, no ESC reaches the terminal
            shown_ja = f"「{line}」" if typed == line else typed
            print(Msg(f"{typed}: ", f"{shown_ja}：").text(lang) + refusal.msg.text(lang), file=sys.stderr)
            return EXIT_BAD_INPUT
        _say(ruling, lang)
    return 0


def _moved(store: Store, args: argparse.Namespace, lang: Lang, undo: bool) -> int:
    if args.count < 1:
        raise refuse("N must be 1 or more", "N は 1 以上です")
    live = store.load(args.id)
    moved: _Lines | None = None
    if undo:  # the undone lines are read first; they may pass a stored action these rules refuse
        target = live.position - min(args.count, live.position)
        with suppress(Refusal):  # then the undo still works (back to the last good action), said without them
            moved = _lines_from(live, live.state_at(target), live.actions[target:], target)
        count = live.undo(args.count)  # folds to the target first: refused there, nothing changed
    else:
        before = live.position
        count = live.redo(args.count)  # folds the redone actions first: refused there, nothing changed
        moved = _lines_from(live, live.state_at(before), live.actions[before:], before)
    if not count:
        _say(
            Msg("nothing to undo", "取り消す手はありません")
            if undo
            else Msg("nothing to redo", "やり直す手はありません"),
            lang,
        )
        return 0
    now = plural(live.position, "action", "actions")
    lines_en, lines_ja = (" | ".join(moved.en), " | ".join(moved.ja)) if moved else ("…", "…")
    if undo:
        _say(
            Msg(
                f"undid {plural(count, 'action', 'actions')} ({lines_en}); {now} in effect",
                f"{count}手取り消しました（{lines_ja}）。有効な手は{live.position}手です",
            ),
            lang,
        )
    else:
        _say(
            Msg(
                f"redid {plural(count, 'action', 'actions')} ({lines_en}); {now} in effect",
                f"{count}手やり直しました（{lines_ja}）。有効な手は{live.position}手です",
            ),
            lang,
        )
    return 0


class _Lines:
    """Notation lines in both languages."""

    def __init__(self) -> None:
        self.en: list[str] = []
        self.ja: list[str] = []


def _lines_from(live: Any, state: Any, actions: Iterable[Any], first: int) -> _Lines:
    """The notation lines of ``actions`` (stored actions ``first`` …) played one after another from ``state``."""
    from companion.store import unfoldable

    engine: AnyEngine = live.engine
    out = _Lines()
    for seq, action in enumerate(actions, first):
        out.en.append(engine.action_line(state, action, "en"))
        out.ja.append(engine.action_line(state, action, "ja"))
        try:
            state = engine.apply(state, action)[0]
        except Refusal as error:
            raise unfoldable(live.id, seq, error.msg) from None
    return out


def show_data(live: LiveGame, lang: Lang) -> dict[str, Any]:
    """What ``companion show --json`` prints (and the app may show)."""
    data: dict[str, Any] = {
        "id": live.id,
        "game": live.game,
        "mode": live.mode,
        "players": list(live.players),
        "actions": live.position,
        "finished": live.finished,
        "can_undo": live.can_undo if live.mode == "track" else False,
        "can_redo": live.can_redo if live.mode == "track" else False,
    }
    if live.mode == "track":
        state = live.state
        data["state"] = live.engine.describe(state).text(lang)
        data["allowed"] = None if live.finished else live.engine.allowed(state).to_data()
    else:
        data["results"] = live.results
    data["settle"], refused = _settled(live, lang)
    if refused is not None:
        data["settle_refused"] = refused.text(lang)
    return data


def _settled(live: LiveGame, lang: Lang) -> tuple[dict[str, Any] | None, Msg | None]:
    """The settle answer of a finished game, or why settling it refuses (the game stays shown)."""
    try:
        return live.settle(False, lang), None
    except Refusal as refusal:
        return None, refusal.msg


def run_show(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    from companion.documents import format_json

    live = store.load(args.id)
    if args.json:
        print(json.dumps(show_data(live, lang), ensure_ascii=False))
        return 0
    title = live.engine.TITLE.text(lang)
    out = [
        Msg(
            f"Game {live.id}: {title}, {', '.join(live.players)}",
            f"ゲーム {live.id}：{title}（{'、'.join(live.players)}）",
        ).text(lang)
    ]
    if live.mode == "track":
        state = live.state
        described = live.engine.describe(state)
        out.append(described.text(lang))
        if not live.finished:  # what is allowed now, without the lines the description already holds
            now = unsaid(described, live.engine.allowed(state).describe()).text(lang)
            if now:
                out.append(now)
    else:
        out.append(Msg("stored from its results alone", "結果だけで保存されたゲーム").text(lang))
    answer, refused = _settled(live, lang)
    if answer is not None:
        out.append(format_json(answer))
    if refused is not None:
        out.append(Msg("cannot settle: ", "得点計算ができません。").text(lang) + refused.text(lang))
    print("\n".join(out))
    return 0


def _state_words(game: GameSummary) -> Msg:
    if game.finished:
        won = ", ".join(game.winners)
        return Msg(f"finished, won by {won}", f"終了（勝者 {'、'.join(game.winners)}）")
    if game.mode == "sheet":
        return Msg("score sheet, incomplete", "得点表（途中）")
    return Msg(f"in play, {plural(game.actions, 'action', 'actions')}", f"進行中（{game.actions}手）")


def run_games(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    listed = store.games()
    if args.json:
        print(json.dumps([g.to_data() for g in listed], ensure_ascii=False))
        return 0
    if not listed:
        _say(Msg("no games stored yet", "保存されたゲームはまだありません"), lang)
        return 0
    rows = [
        [
            str(g.id),
            game_title(g.game, lang),
            ", ".join(g.players) if lang == "en" else "、".join(g.players),
            g.updated.replace("T", " ").removesuffix("Z"),
            _state_words(g).text(lang),
        ]
        for g in listed
    ]
    heads = Msg("id|game|players|last change (UTC)|state", "番号|ゲーム|プレイヤー|最終更新（UTC）|状態").text(lang)
    print(_table(heads.split("|"), rows))
    return 0


def game_title(game: str, lang: Lang) -> str:
    """The game's title as players know it (the engine's ``TITLE``), in ``lang``."""
    from companion.rules.games import ENGINES

    engine = ENGINES.get(game)
    return engine.TITLE.text(lang) if engine is not None else game


def _table(heads: list[str], rows: list[list[str]]) -> str:
    """Columns padded by display width (a Japanese character takes two)."""
    import unicodedata

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    widths = [max(width(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    return "\n".join(
        "  ".join(cell + " " * (w - width(cell)) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in [heads, *rows]
    )


def run_delete(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    game = next((g for g in store.games() if g.id == args.id), None)
    if game is None:
        store.delete(args.id)  # refuses: no such game
    assert game is not None
    if not args.yes:
        what = Msg(
            f"delete game {game.id} ({game.game}: {', '.join(game.players)})? [y/N] ",
            f"ゲーム {game.id}（{game.game}：{'、'.join(game.players)}）を削除しますか？ [y/N] ",
        )
        print(what.text(lang), end="", flush=True)
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes", "はい"):
            _say(Msg("not deleted", "削除しませんでした"), lang)
            return EXIT_DECLINED
    store.delete(args.id)
    _say(Msg(f"deleted game {args.id}", f"ゲーム {args.id} を削除しました"), lang)
    return 0


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
        f"「{_bare(name)}」という名前のプレイヤーはいません。プレイヤーは{'、'.join(roster)}です",
    )


def _bare(name: str) -> str:
    """A name as messages show it (escaped, cut short), without its quotes: for 「」 in Japanese."""
    from companion.rules.deck_rules import shown

    return shown(name).strip('"')


def run_stats(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    if args.playtest and (args.player is not None or args.vs is not None):
        raise refuse(
            "--playtest analyses whole games: it does not go with --player or --vs",
            "--playtest はゲーム全体を分析します。--player や --vs とは一緒に使えません",
        )
    if args.playtest:
        from companion.cli.commands.playtest import print_playtest

        return print_playtest(store.played_games(simulated=args.simulated), args, lang)
    if args.deck_version is not None or args.players is not None or args.simulated:
        raise refuse(
            "--deck-version, --players and --simulated go with --playtest",
            "--deck-version、--players、--simulated は --playtest と一緒に使います",
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
            _print_rows(heads, [[str(v) for v in data.values()]], args.csv)
        return 0
    rows = store.stats(args.game, args.player)
    if args.json:
        print(json.dumps([r.to_data() for r in rows], ensure_ascii=False))
        return 0
    if args.csv:
        keys = ["player", "game", "plays", "wins", "win_rate", "average", "total", "best", "worst", "last_played"]
        _print_rows(keys, [[str(r.to_data()[k]) for k in keys] for r in rows], True)
        return 0
    if not rows and args.player is not None and store.roster():
        _say(
            Msg(
                f"{args.player} has no finished games to count yet",
                f"{args.player}の集計できる終わったゲームはまだありません",
            ),
            lang,
        )
        return 0
    if not rows:
        _say(Msg("no finished games to count yet", "集計できる終わったゲームはまだありません"), lang)
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
    _print_rows(STAT_HEADS.text(lang).split("|"), table, False)
    return 0


def _print_rows(heads: list[str], rows: list[list[str]], as_csv: bool) -> None:
    if as_csv:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(heads)
        writer.writerows(rows)
        print(buffer.getvalue(), end="")
    else:
        print(_table(heads, rows))


def export_lines(live: LiveGame, lang: Lang = "en") -> list[str]:
    """The game in effect as table-notation lines, one per action."""
    state = live.engine.new_state(live.setup)
    lines = []
    for action in live.actions:
        lines.append(live.engine.action_line(state, action, lang))
        state = live.engine.apply(state, action)[0]
    return lines


def run_export(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    from companion.documents import format_json

    live = store.load(args.id)
    if args.bgstats_url:
        from companion import bgstats

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

    from companion.files import atomic_target

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
    _say(
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


RUNNERS: dict[str, Callable[[Store, argparse.Namespace, Lang], int]] = {
    "new": run_new,
    "play": run_play,
    "show": run_show,
    "games": run_games,
    "delete": run_delete,
    "stats": run_stats,
    "export": run_export,
    "import": run_import,
    "undo": lambda s, a, lang: _moved(s, a, lang, True),
    "redo": lambda s, a, lang: _moved(s, a, lang, False),
}

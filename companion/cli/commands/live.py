"""The commands that start and play a stored game: ``new``, ``play``, ``undo`` and ``redo``
(docs/store.md). ``play`` prints each ruling only once its action is stored."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.base.exits import EXIT_BAD_INPUT
from companion.cli.commands.stored import Runner, add_game_id, bare, json_input, parser_maker, run_on_store, say
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal, plural, refuse
from companion.rules.engine import ActionShape, GameEngine, StateShape

if TYPE_CHECKING:
    from companion.store import LiveGame, Store

WORDS = {
    "new.location": Msg(
        "where the game is played (kept with it; at most 100 characters)",
        "ゲームを遊ぶ会場（ゲームと一緒に保存します。100文字まで）",
    ),
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
}


def add_parsers(commands: Any, lang: Lang) -> None:
    """Add ``new``, ``play``, ``undo`` and ``redo`` to ``companion``'s subparsers."""
    from companion.cards.decks import GAMES

    text = helper(lang, WORDS)
    command = parser_maker(commands, lang, WORDS)
    new = command("new")
    new.add_argument("game", choices=GAMES, help=text("game"))
    new.add_argument("--players", metavar="A,B,C", help=text("new.players"))
    new.add_argument("--start", metavar="NAME", help=text("new.start"))
    new.add_argument("--deck", metavar="FILE", help=text("deck.file"))
    new.add_argument("--results", metavar="FILE", help=text("new.results"))
    new.add_argument("--location", metavar="PLACE", help=text("new.location"))
    play = command("play")
    add_game_id(play, lang)
    play.add_argument("lines", nargs="+", metavar="LINE", help=text("play.lines"))
    for name in ("undo", "redo"):
        sub = command(name)
        add_game_id(sub, lang)
        sub.add_argument("count", type=int, nargs="?", default=1, metavar="N", help=text("count"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run one of these commands; a refusal is one line on standard error and exit status 2."""
    return run_on_store(args, lang, RUNNERS, RUNNERS)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.replace("、", ",").split(",")]


def run_new(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    players = _names(args.players) if args.players is not None else None
    if args.results is not None:
        results = json_input(args.results, record=False)
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
        print(store.new_result_game(args.game, results, args.location), flush=True)
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
            f"--players に「{bare(repeated[0])}」が2回あります。プレイヤーにはそれぞれ別の名前が必要です",
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
        from companion.cards.decks import load_deck_data

        deck_data = load_deck_data(args.game, args.deck)
    print(store.new_game(args.game, players, start, deck_data, args.location), flush=True)
    return 0


def _result_names(results: dict[str, Any]) -> list[str] | None:
    players = results.get("players")
    if not isinstance(players, list):
        return None
    names = [p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None for p in players]
    return [n for n in names if isinstance(n, str)]


def _lines(tokens: Iterable[str]) -> Iterator[str]:
    """The lines to play: each argument, and for ``-`` each line of standard input as it comes
    (blank lines and ``#`` comments skipped; bounded: ``companion.base.limits.bounded_lines``)."""
    from companion.base.limits import bounded_lines

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
        say(ruling, lang)
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
        say(
            Msg("nothing to undo", "取り消す手はありません")
            if undo
            else Msg("nothing to redo", "やり直す手はありません"),
            lang,
        )
        return 0
    now = plural(live.position, "action", "actions")
    lines_en, lines_ja = (" | ".join(moved.en), " | ".join(moved.ja)) if moved else ("…", "…")
    if undo:
        say(
            Msg(
                f"undid {plural(count, 'action', 'actions')} ({lines_en}); {now} in effect",
                f"{count}手取り消しました（{lines_ja}）。有効な手は{live.position}手です",
            ),
            lang,
        )
    else:
        say(
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


def _lines_from(live: LiveGame, state: StateShape, actions: Iterable[ActionShape], first: int) -> _Lines:
    """The notation lines of ``actions`` (stored actions ``first`` …) played one after another from ``state``."""
    from companion.store import unfoldable

    engine: GameEngine = live.engine
    out = _Lines()
    for seq, action in enumerate(actions, first):
        out.en.append(engine.action_line(state, action, "en"))
        out.ja.append(engine.action_line(state, action, "ja"))
        try:
            state = engine.apply(state, action)[0]
        except Refusal as error:
            raise unfoldable(live.id, seq, error.msg) from None
    return out


RUNNERS: dict[str, Runner] = {
    "new": run_new,
    "play": run_play,
    "undo": lambda s, a, lang: _moved(s, a, lang, True),
    "redo": lambda s, a, lang: _moved(s, a, lang, False),
}

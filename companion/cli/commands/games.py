"""The commands that look at the stored games: ``show``, ``games`` and ``delete`` (docs/store.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from companion.base.exits import EXIT_DECLINED
from companion.cli.commands.stored import Runner, add_game_id, game_title, parser_maker, run_on_store, say, table
from companion.cli.words import helper
from companion.rules.common import Lang, Msg, Refusal, plural, unsaid

if TYPE_CHECKING:
    from companion.store import GameSummary, LiveGame, Store

WORDS = {
    "show": Msg(
        "the game in words: whose turn, the table, the score so far, what is allowed now",
        "ゲームの状態：手番、場、ここまでの得点、いまできること",
    ),
    "json": Msg("print JSON instead", "代わりに JSON を出力します"),
    "games": Msg("the stored games, newest first", "保存されたゲーム（新しい順）"),
    "delete": Msg("delete a stored game (asks first)", "保存されたゲームを削除します（確認します）"),
    "yes": Msg("do not ask", "確認しません"),
    "note": Msg(
        "replace a game's notes (during or after the game)", "ゲームのメモを書き換えます（ゲーム中でも終了後でも）"
    ),
    "note.text": Msg(
        "the new notes (at most 2,000 characters; empty text clears them; - reads them from standard input)",
        "新しいメモ（2,000文字まで。空の文字列なら消します。- なら標準入力から読みます）",
    ),
}


def add_parsers(commands: Any, lang: Lang) -> None:
    """Add ``show``, ``games`` and ``delete`` to ``companion``'s subparsers."""
    text = helper(lang, WORDS)
    command = parser_maker(commands, lang, WORDS)
    show = command("show")
    add_game_id(show, lang)
    show.add_argument("--json", action="store_true", help=text("json"))
    listing = command("games")
    listing.add_argument("--json", action="store_true", help=text("json"))
    delete = command("delete")
    add_game_id(delete, lang)
    delete.add_argument("--yes", "-y", action="store_true", help=text("yes"))
    note = command("note")
    add_game_id(note, lang)
    note.add_argument("text", metavar="TEXT", help=text("note.text"))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run one of these commands; a refusal is one line on standard error and exit status 2."""
    return run_on_store(args, lang, RUNNERS, WRITERS)


WRITERS = ("delete", "note")


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
    data["details"] = details_data(live)
    return data


def details_data(live: LiveGame) -> dict[str, Any]:
    """A game's details as ``show --json`` gives them: where, its notes, the deck's version (the deck
    file's version and the short hash of the deck played, as ``stats --playtest`` names it), the
    BoardGameGeek id, and the minutes from the first action to the last (None where not known)."""
    minutes = live.duration_min()
    return {
        "location": live.details.location,
        "notes": live.details.notes,
        "deck_version": live.deck_label(),
        "bgg_id": live.details.bgg_id,
        "duration_min": None if minutes is None else round(minutes, 1),
    }


def details_lines(live: LiveGame) -> list[Msg]:
    """The details ``companion show`` prints, in both languages: those that are known."""
    details = live.details
    out = []
    if details.location is not None:
        out.append(Msg(f"Location: {details.location}", f"会場：{details.location}"))
    label = live.deck_label()
    out.append(Msg(f"Deck version: {label}", f"デッキの版：{label}"))
    minutes = live.duration_min()
    if minutes is not None:
        out.append(Msg(f"Played for {round(minutes)} min", f"プレイ時間：{round(minutes)}分"))
    if details.notes:
        out.append(Msg(f"Notes: {details.notes}", f"メモ：{details.notes}"))
    return out


def _settled(live: LiveGame, lang: Lang) -> tuple[dict[str, Any] | None, Msg | None]:
    """The settle answer of a finished game, or why settling it refuses (the game stays shown)."""
    try:
        return live.settle(False, lang), None
    except Refusal as refusal:
        return None, refusal.msg


def run_show(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    from companion.base.documents import format_json

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
    out.extend(line.text(lang) for line in details_lines(live))
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
        say(Msg("no games stored yet", "保存されたゲームはまだありません"), lang)
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
    print(table(heads.split("|"), rows))
    return 0


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
            say(Msg("not deleted", "削除しませんでした"), lang)
            return EXIT_DECLINED
    store.delete(args.id)
    say(Msg(f"deleted game {args.id}", f"ゲーム {args.id} を削除しました"), lang)
    return 0


def run_note(store: Store, args: argparse.Namespace, lang: Lang) -> int:
    text = _stdin_notes() if args.text == "-" else args.text
    kept = store.set_notes(args.id, text)
    say(
        Msg(
            f"replaced the notes of game {args.id} ({plural(len(kept), 'character', 'characters')})",
            f"ゲーム {args.id} のメモを書き換えました（{len(kept)}文字）",
        )
        if kept
        else Msg(f"cleared the notes of game {args.id}", f"ゲーム {args.id} のメモを消しました"),
        lang,
    )
    return 0


def _stdin_notes() -> str:
    """Notes from standard input: UTF-8, read no further than the longest notes can be."""
    from companion.records.play_details import NOTES_MAX
    from companion.rules.common import refuse

    raw = sys.stdin.buffer.read(4 * NOTES_MAX + 1)  # a character is at most 4 bytes of UTF-8
    if len(raw) > 4 * NOTES_MAX:
        raise refuse(
            f"the notes on standard input are longer than {NOTES_MAX:,} characters; nothing was changed",
            f"標準入力のメモが{NOTES_MAX:,}文字を超えています。何も変更していません",
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(
            "the notes on standard input are not UTF-8 text; nothing was changed",
            "標準入力のメモが UTF-8 のテキストではありません。何も変更していません",
        ) from None


RUNNERS: dict[str, Runner] = {"show": run_show, "games": run_games, "delete": run_delete, "note": run_note}

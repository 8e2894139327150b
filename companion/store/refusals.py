"""The store's refusals: each says what is wrong with the file or the game, that nothing was
changed, and what to do (in English and Japanese)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.rules.common import Msg, Refusal, refuse
from companion.store import schema
from companion.store.schema import _no_constant


class _Untouched(Refusal):
    """A file refused as damaged, another program's or newer: what opening it made beside it goes."""


def _untouched(en: str, ja: str) -> Refusal:
    return _Untouched(Msg(en, ja))


def _damaged(path: Path, why: str) -> Refusal:
    why = " ".join(why.splitlines()[:1])[:160] or "SQLite's check failed"  # one line, not SQLite's schema text
    return _untouched(
        f"{path} is damaged ({why}); it was left untouched: restore a copy or choose another file with --db",
        f"{path} は壊れています（{why}）。変更していません。コピーを戻すか、--db で別のファイルを指定してください",
    )


def _foreign(path: Path) -> Refusal:
    return _untouched(
        f"{path} is not a companion database (another program's file); it was left untouched: "
        "choose another file with --db",
        f"{path} は companion のデータベースではありません（別のプログラムのファイルです）。"
        "変更していません。--db で別のファイルを指定してください",
    )


def _newer(path: Path, version: int) -> Refusal:
    return _untouched(
        f"{path} was written by a newer companion (store version {version}; this one reads up to "
        f"{schema.SCHEMA_VERSION}); it was left untouched: update companion",
        f"{path} は新しい companion が書いたものです（保存形式 {version}。読めるのは "
        f"{schema.SCHEMA_VERSION} まで）。変更していません。companion を更新してください",
    )


def _read_only(path: Path) -> Refusal:
    return refuse(
        f"{path} is open read-only: history, statistics and export work, but nothing can be changed",
        f"{path} は読み取り専用で開いています。履歴・統計・書き出しはできますが、変更はできません",
    )


def _busy() -> Refusal:
    return refuse(
        "another program is writing to the game store; nothing was changed: try again",
        "別のプログラムがデータベースに書き込み中です。何も変更していません。もう一度試してください",
    )


def _full(path: Path, error: Exception) -> bool:
    """Whether an SQLite error means the disk is full (SQLite says so, or says "disk I/O error" on a
    disk with no room left: it could not make its shared-memory file)."""
    if "full" in str(error):
        return True
    if "disk I/O" not in str(error):
        return False
    try:
        room = os.statvfs(path.parent if str(path.parent) else ".")
    except OSError:
        return False
    return room.f_bavail * room.f_frsize < 256 * 1024


def _failed(path: Path, error: Exception) -> Refusal:
    """An SQLite error from a file: a full disk said as such, anything else as damage."""
    if isinstance(error, UnicodeDecodeError):
        return _damaged(path, "a text in it is not UTF-8")
    return _disk_full(path) if _full(path, error) else _damaged(path, str(error))


def _disk_full(path: Path) -> Refusal:
    return refuse(
        f"the disk holding {path} is full, so nothing was stored (a move just played was not kept): "
        "free some space (delete files you no longer need) and try again",
        f"{path} のあるディスクがいっぱいなので、何も保存していません（いま指した手も保存されていません）。"
        "不要なファイルを消して空きを作り、もう一度試してください",
    )


def _no_game(game_id: int) -> Refusal:
    return refuse(
        f"there is no game {game_id}; `companion games` lists the stored games",
        f"ゲーム {game_id} はありません。保存されたゲームは `companion games` で一覧できます",
    )


def _changed_elsewhere(game_id: int) -> Refusal:
    return refuse(
        f"game {game_id} was changed by another program meanwhile; nothing was changed: look at it again and retry",
        f"ゲーム {game_id} はその間に別のプログラムで変更されました。何も変更していません。"
        "状態を確かめてやり直してください",
    )


MAX_ID = 2**63 - 1  # SQLite's largest integer: a larger id names no game (and must not overflow)


def _stored_json(path: Path, value: Any, what: Msg) -> Any:
    """A JSON column's value; a row damaged or crafted so that it is not JSON text is refused naming
    what it held (never a Python error)."""
    if isinstance(value, str):
        try:
            return json.loads(value, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            pass
    raise refuse(
        f"{path} is damaged ({what.en} is not JSON text); it was left untouched: restore a copy, or "
        "export the games that still read",
        f"{path} は壊れています（{what.ja}が JSON のテキストではありません）。変更していません。"
        "コピーを戻すか、読めるゲームを書き出してください",
    )


def unfoldable(game_id: int, seq: int, why: Msg) -> Refusal:
    """Game ``game_id``'s stored action ``seq`` is refused by these rules (a game stored by another
    version of the program): what is wrong, that nothing changed, and what to do."""
    return Refusal(
        Msg(f"game {game_id}, stored action {seq}: ", f"ゲーム{game_id}の保存された{seq}番目の手：")
        + why
        + Msg(
            f"; these rules cannot fold the game past it, so nothing was changed: export the "
            f"game (companion export {game_id}) or play on from the last good action "
            f"(companion undo {game_id} back to {seq} actions)",
            f"。この規則ではここから先を再現できないため、何も変更していません。ゲームを書き出す"
            f"（companion export {game_id}）か、最後の正しい手から続けてください"
            f"（companion undo {game_id} で{seq}手まで戻す）",
        )
    )

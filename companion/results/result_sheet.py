"""A finished game's result sheet: its content taken from an open store (the settle answer with its
arithmetic, the record as QR code texts, the subtitle), drawn by :mod:`printables.result`. What
``companion print result`` writes and what the app's settlement prints."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.rules.common import Lang, Msg, refuse

if TYPE_CHECKING:
    from companion.store import Store


def sheet_content(store: Store, game_id: int, lang: Lang) -> tuple[dict[str, Any], list[str], str]:
    """The settle answer (with its arithmetic), the record's code texts and the sheet's subtitle (the
    game's number, when it ended, the record's check that a refused import names) of a finished game
    in ``store``; an unfinished game is refused."""
    from printables.result import record_codes

    live = store.load(game_id)
    answer = live.settle(explain=True, lang=lang)
    if answer is None:
        raise refuse(
            f"game {game_id} is not finished: a result sheet is printed once the game is over "
            "(companion show tells what is left to play)",
            f"ゲーム {game_id} はまだ終わっていません。結果用紙はゲームが終わってから印刷できます"
            "（残りは companion show で分かります）",
        )
    payloads = record_codes(live.record()) if live.mode == "track" else []
    ended = next((g.updated for g in store.games() if g.id == game_id), "")
    when = ended.replace("T", " ")[:16]
    subtitle = Msg(f"Game {game_id} · ended {when} UTC", f"ゲーム {game_id}・終了 {when}（協定世界時）")
    if payloads:
        check = payloads[0].split(":")[2]
        subtitle += Msg(f" · record {check}", f"・記録 {check}")
    return answer, payloads, subtitle.text(lang)


def write_result_sheet(store: Store, game_id: int, path: Path, lang: Lang, paper: str = "a4") -> int:
    """Draw the result sheet of finished game ``game_id`` of an open store into ``path`` (written
    atomically by the printables); the number of pages. What the app's settlement prints."""
    answer, payloads, subtitle = sheet_content(store, game_id, lang)
    return draw_result(path, answer, payloads, lang, paper, subtitle)


def draw_result(path: Path, answer: dict[str, Any], payloads: list[str], lang: Lang, paper: str, subtitle: str) -> int:
    from printables.result import print_result

    return print_result(path, answer, payloads, lang, paper, subtitle)

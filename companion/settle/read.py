"""``companion settle``: reading a settle document's players, names, entries, cards and deck
file, each refused in one sentence naming the player and the problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.rules import fortress
from companion.rules.common import Msg, Refusal, name_refusal, plain_name, refuse
from companion.rules.deck_rules import check_keys, label, shown

TOKEN = 16  # longer than any card anyone writes


def _players(data: dict[str, Any], most: int, least: int = 1) -> list[Any]:
    players = data["players"]
    if not isinstance(players, list):
        raise refuse(
            f'"players" must be a list of {least} to {most} players, not {shown(players)}',
            f'"players" は{least}〜{most}人のプレイヤーのリストです（{shown(players)} は不可）',
        )
    if not least <= len(players) <= most:
        raise refuse(
            f'"players" must list {least} to {most} players, not {len(players)}',
            f'"players" には{least}〜{most}人を並べてください（{len(players)}人は不可）',
        )
    return players


def _name(value: Any, where: Msg) -> str:
    """A player's name (:func:`~companion.rules.common.plain_name`: the one rule for names; it is
    echoed in the answer and in messages)."""
    if not plain_name(value):
        raise Refusal(where + name_refusal(value).msg)
    name: str = value
    return name


def _entry(entry: Any, index: int, seen: set[str], keys: tuple[str, ...], required: tuple[str, ...]) -> str:
    """Player ``index``'s object: its keys checked, its name returned (each name once)."""
    where = Msg(f"player {index + 1}: ", f"{index + 1}人目のプレイヤー：")
    if not isinstance(entry, dict):
        raise Refusal(
            where
            + Msg(
                f'must be an object with "name", not {shown(entry)}',
                f'"name" を持つオブジェクトです（{shown(entry)} は不可）',
            )
        )
    check_keys(
        entry, ("name", *keys), ("name", *required), _who(entry["name"]) if plain_name(entry.get("name")) else where
    )
    name = _name(entry["name"], where)
    if name in seen:
        raise refuse(f"player {label(name)}: the name is used twice", f"プレイヤー{label(name)}：名前が重複しています")
    seen.add(name)
    return name


def _who(name: str) -> Msg:
    return Msg(f"player {label(name)}: ", f"プレイヤー{label(name)}：")


def _for_player(name: str, error: Refusal) -> Refusal:
    return Refusal(_who(name) + error.msg)


def _claim(
    owner: dict[Any, str], cards: list[Any], name: str, show: Callable[[Any], str], elsewhere: Callable[[str], Msg]
) -> None:
    """Record that ``name`` holds ``cards``; a card held twice is refused (each card exists once)."""
    for card in cards:
        if card in owner:
            other = owner[card]
            where = Msg("twice", "2回") if other == name else elsewhere(label(other))
            raise refuse(
                f"{show(card)} appears {where.en}; each card exists once",
                f"{show(card)} が重複しています（{where.ja}）",
            )
        owner[card] = name


def _card_list(value: Any, what: Msg) -> list[str]:
    """Card tokens: a list of strings (or whole numbers, for HOMALET's ``7``), each short."""
    if not isinstance(value, list):
        raise Refusal(
            what
            + Msg(f" must be a list of cards, not {shown(value)}", f" はカードのリストです（{shown(value)} は不可）")
        )
    for v in value:
        if isinstance(v, bool) or not isinstance(v, str | int) or len(str(v)) > TOKEN:
            raise Refusal(
                what + Msg(f" holds {shown(v)}, which is not a card", f" の {shown(v)} はカードではありません")
            )
    return [str(v) for v in value]


def _deck_file(data: dict[str, Any], deck: str | None, base: Path | None) -> str | None:
    """The deck file to use: ``--deck`` as given, else ``"deck"`` in the input, found beside the input file."""
    if deck is not None:
        return deck
    if "deck" not in data:
        return None
    path = data["deck"]
    if not isinstance(path, str) or not path.strip() or "\0" in path:
        raise refuse(
            f'"deck" must be the path of a deck file, as a string, not {shown(path)}',
            f'"deck" にはデッキファイルのパスを文字列で書きます（{shown(path)} は不可）',
        )
    return str(base / path) if base is not None else path


def _pair(value: Any, heights: list[int]) -> fortress.Pair | None:
    """F-13: the face-down pair the player chose, ``{"from": i, "to": j}`` (column indexes), or null
    when declined; without ``"pair"`` settle takes the best one."""
    if value is None:
        return None
    where = Msg('"pair": ', '"pair"：')
    if not isinstance(value, dict):
        raise Refusal(
            where
            + Msg(
                f'must be null (declined) or {{"from": column, "to": column}}, not {shown(value)}',
                f'null（使わない）か {{"from": 縦列, "to": 縦列}} です（{shown(value)} は不可）',
            )
        )
    check_keys(value, ("from", "to"), ("from", "to"), where)
    ends = [value["from"], value["to"]]
    if any(isinstance(v, bool) or not isinstance(v, int) for v in ends):
        raise Refusal(
            where
            + Msg(f"columns are whole numbers, not {shown(ends)}", f"縦列の番号は整数です（{shown(ends)} は不可）")
        )
    pair = fortress.Pair(ends[0], ends[1])
    problem = fortress.pair_problem(heights, pair, base=0)  # the file's indexes
    if problem is not None:
        raise Refusal(Msg("the face-down pair is not possible (F-13): ", "裏向きペアは作れません（F-13）。") + problem)
    return pair

"""Reign of Dragoness: round points and winners (D-10, D-11)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.common import EMPTY, Msg, plural, top_scorers


def round_points(out: int, cards_left: Mapping[int, int]) -> tuple[dict[int, int], Msg]:
    """D-10: first out 3; then fewest cards 2, next 1; a tie for second gives each 2 and no 1;
    a tie for third gives each 1."""
    points = {out: 3}
    points.update({p: 0 for p in cards_left})
    rest = dict(cards_left)
    if not rest:
        return points, Msg("first out: 3.", "上がった人に3点。")
    fewest = min(rest.values())
    seconds = [p for p, c in rest.items() if c == fewest]
    for p in seconds:
        points[p] = 2
    cards = plural(fewest, "card", "cards")
    if len(seconds) >= 2:
        return points, Msg(
            f"first out: 3; {len(seconds)} players tie for second with {cards}: 2 each, no 1 given.",
            f"上がった人に3点、2位は{fewest}枚で{len(seconds)}人同点のため各2点、1点はなし。",
        )
    for p in seconds:
        del rest[p]
    if not rest:
        return points, Msg(f"first out: 3; second ({cards}): 2.", f"上がった人に3点、2位（{fewest}枚）に2点。")
    third = min(rest.values())
    thirds = [p for p, c in rest.items() if c == third]
    for p in thirds:
        points[p] = 1
    tie = Msg(f" ({len(thirds)} tie: 1 each)", "") if len(thirds) > 1 else EMPTY
    thirds_ja = f"3位（{third}枚、{len(thirds)}人同点）に各1点" if len(thirds) > 1 else f"3位（{third}枚）に1点"
    return points, Msg(
        f"first out: 3; second ({cards}): 2; third ({plural(third, 'card', 'cards')}): 1",
        f"上がった人に3点、2位（{fewest}枚）に2点、{thirds_ja}",
    ) + tie + Msg(".", "。")


winners = top_scorers  # D-11: the highest total; a tie is shared

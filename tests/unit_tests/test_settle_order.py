"""The settlement screen's order and room (issue 27, item 10): highest score first, ties as the rules
break them; the QR code beside the words only whole and in a third of the width."""

from __future__ import annotations

from typing import Any

from companion.app.screens.settle_order import in_order, qr_beside, ranked
from companion.settle import settle


def test_h12_a_homalet_tie_ranks_the_winner_on_the_largest_card_first() -> None:
    answer = settle(
        {
            "game": "homalet",
            "players": [
                {"name": "Aki", "pile": ["01"]},
                {"name": "Ben", "pile": ["02", "12"]},
                {"name": "Chie", "pile": ["03", "13"]},
                {"name": "Dai", "pile": ["24"]},
            ],
        },
        True,
    )
    scores = {p["name"]: p["score"] for p in answer["players"]}
    assert scores["Ben"] == scores["Chie"] > scores["Aki"] == scores["Dai"]
    assert answer["winners"] == ["Chie"]  # 13 beats 12 (H-12)
    assert ranked(answer) == ["Chie", "Ben", "Dai", "Aki"]  # and 24 beats 01 further down


def test_f14_d11_a_shared_win_keeps_seat_order_among_the_tied() -> None:
    fortress: dict[str, Any] = {
        "game": "fortress",
        "players": [{"name": n, "score": s} for n, s in [("A", 3), ("B", 9), ("C", 9)]],
    }
    fortress["winners"] = ["B", "C"]
    assert ranked(fortress) == ["B", "C", "A"]
    dragoness: dict[str, Any] = {
        "game": "dragoness",
        "totals": {"A": 4, "B": 7, "C": 7},
        "rounds": [{"A": 3, "B": 2, "C": 2}, {"A": 1, "B": 5, "C": 5}],
        "winners": ["B", "C"],
    }
    assert ranked(dragoness) == ["B", "C", "A"]
    reordered = in_order(dragoness, ranked(dragoness))
    assert list(reordered["totals"]) == ["B", "C", "A"] and list(reordered["rounds"][1]) == ["B", "C", "A"]
    assert reordered["rounds"][1]["A"] == 1 and dragoness["rounds"][1] == {"A": 1, "B": 5, "C": 5}  # a copy


def test_the_code_stands_beside_only_in_a_third_of_the_width_and_whole() -> None:
    code = ["x" * 41] * 21
    assert qr_beside(code, 123, 26)
    assert not qr_beside(code, 122, 26)  # more than a third
    assert not qr_beside(code, 200, 25)  # a row would be cut

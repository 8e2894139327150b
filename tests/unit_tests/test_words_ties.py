"""Ties in words: which card decided a HOMALET tie (H-12), and a shared win said as shared in
Reign of Dragoness (D-11) and Six-Suit Fortress (F-14)."""

from companion.rules import homalet as h
from companion.settle import settle


def test_h12_a_tie_names_the_card_that_decided_it() -> None:
    # the scores as given: Dai and Emi both 9; Emi's largest card 52 beats Dai's 50
    words = h.winner_words(["Aki", "Dai", "Emi"], [3, 9, 9], [[1], [50, 3], [52]])
    assert words.en == (
        "Winner: Emi. Dai and Emi tie at 9 points; Emi wins the tie: largest card 52 against Dai's 50 (H-12)."
    )
    # issue 22's wording: no chained colons, one style
    assert words.ja == "勝者：Emi。DaiとEmiが9点で同点のため、最も大きな数字のカードを持つEmiの勝ち（52＞50）。"


def test_h11_a_clear_win_names_the_points_only() -> None:
    words = h.winner_words(["Aki", "Dai"], [3, 9], [[1], [50]])
    assert words.en == "Winner: Dai with 9 points (H-11)." and words.ja == "勝者：Dai（9点）。"


def test_h12_settle_explain_says_which_card_decided_the_tie() -> None:
    data = {
        "game": "homalet",
        "players": [{"name": "Dai", "pile": ["51", "42"]}, {"name": "Emi", "pile": ["52", "43"]}],
    }
    plain = settle(data)
    assert plain["winners"] == ["Emi"] and "winners_explanation" not in plain
    answer = settle(data, explain=True)
    assert answer["players"][0]["score"] == answer["players"][1]["score"]
    assert "Emi wins the tie: largest card 52 against Dai's 51 (H-12)" in answer["winners_explanation"]
    japanese = settle(data, explain=True, lang="ja")["winners_explanation"]
    assert "最も大きな数字のカードを持つEmiの勝ち（52＞51）" in japanese


def test_d11_a_tied_total_is_shared_in_words() -> None:
    data = {
        "game": "dragoness",
        "players": ["A", "B", "C"],
        "rounds": [{"out": "A", "cards_left": {"B": 3, "C": 5}}, {"out": "B", "cards_left": {"A": 3, "C": 5}}],
    }
    answer = settle(data, explain=True)
    assert answer["winners"] == ["A", "B"]
    assert answer["winners_explanation"] == "Winners: A and B tie at 5 points and share the win (D-11)."
    japanese = settle(data, explain=True, lang="ja")["winners_explanation"]
    assert japanese == "勝者：AとB。5点で同点のため、勝利を分け合います。"


def test_f14_a_tied_score_is_shared_in_words() -> None:
    data = {
        "game": "fortress",
        "players": [{"name": "Aki", "fortress": [["R5"], ["G6"]]}, {"name": "Ben", "fortress": [["Y5"], ["B6"]]}],
    }
    answer = settle(data, explain=True)
    assert answer["winners"] == ["Aki", "Ben"]
    assert answer["winners_explanation"] == "Winners: Aki and Ben tie at 2 points and share the win (F-14)."


def test_unsaid_drops_the_lines_a_description_already_holds() -> None:
    from companion.rules.common import Msg, unsaid

    said = Msg("Round 1.\nBen plays a card.", "第1ラウンド。\nBenが出します。")
    more = Msg("Ben plays a card.\nUnseen: 03.", "Benが出します。\n未確認：03。")
    assert unsaid(said, more) == Msg("Unseen: 03.", "未確認：03。")


def test_h12_the_settlement_screen_says_which_cards_decided_the_tie() -> None:
    """Issue 18: on screen, under "Winner: Emi", the cards that decided the tie, in both languages."""
    from companion.app.screens.settle import tie_decided

    data = {
        "game": "homalet",
        "players": [{"name": "Dai", "pile": ["51", "42"]}, {"name": "Emi", "pile": ["52", "43"]}],
    }
    assert tie_decided(settle(data, True, "en")) == (
        "Dai and Emi tie at 2 points; Emi wins the tie: largest card 52 against Dai's 51 (H-12)."
    )
    assert tie_decided(settle(data, True, "ja")) == (
        "DaiとEmiが2点で同点のため、最も大きな数字のカードを持つEmiの勝ち（52＞51）。"
    )
    clear = {"game": "homalet", "players": [{"name": "Dai", "pile": ["51"]}, {"name": "Emi", "pile": ["52", "43"]}]}
    assert tie_decided(settle(clear, True, "en")) == ""


def test_h12_the_result_sheet_says_which_cards_decided_the_tie() -> None:
    """Issue 18: the result sheet's arithmetic ends with who won and why, a tie's cards included."""
    from printables.result import arithmetic

    data = {
        "game": "homalet",
        "players": [{"name": "Dai", "pile": ["51", "42"]}, {"name": "Emi", "pile": ["52", "43"]}],
    }
    assert arithmetic(settle(data, True, "en"), "en")[-1].endswith(
        "Emi wins the tie: largest card 52 against Dai's 51 (H-12)."
    )
    notes = arithmetic(settle(data, True, "ja"), "ja")
    assert notes[0].startswith("Dai：") and notes[-1].endswith("最も大きな数字のカードを持つEmiの勝ち（52＞51）。")

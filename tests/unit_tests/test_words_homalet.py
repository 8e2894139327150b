"""HOMALET refusals say what to type instead: the corrected line, written by ``action_line``
(a new player's report; each test names its rule)."""

import pytest

from companion.rules import homalet as h
from companion.rules.common import Msg, Refusal

B, W = h.Field.BATTLE, h.Field.WILD
NAMES = ("Aki", "Ben", "Chie", "Dai")


def table(deck: h.Deck, n: int = 3, sets: tuple[tuple[int, ...], ...] = ((20, 21), (22, 23), (24, 25))) -> h.State:
    state = h.new_state(h.make_setup(NAMES[:n], 0, deck))
    for cards in sets:
        state, _ = h.apply(state, h.RevealSet(cards))
    return state


def run(state: h.State, *actions: h.Action) -> h.State:
    for action in actions:
        state, _ = h.apply(state, action)
    return state


def refused(call: object, *args: object) -> Msg:
    with pytest.raises(Refusal) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value.msg


def test_h4_an_off_colour_play_without_void_names_the_line_with_void(hdeck: h.Deck) -> None:
    # 04 and 09 are violet, 10 indigo (prototype colours, H-2)
    state = run(table(hdeck), h.Play(0, 4, B), h.Play(1, 9, B))
    msg = refused(h.apply, state, h.parse_line(state, "10 b"))
    assert "write 10 b void to play 10" in msg.en and "(H-4)" in msg.en
    assert "「10 戦場 無し」と書いて" in msg.ja
    assert h.parse_line(state, "10 b void") == h.Play(2, 10, B, True)


def pick_state(deck: h.Deck) -> h.State:
    """Four players; the battlefield (00 crimson, 05 crimson) is won by Ben (05) then Aki (00)."""
    state = table(deck, n=4, sets=((30, 31), (32, 33), (34, 35)))
    state = run(state, h.Play(0, 0, B), h.Play(1, 5, B), h.Play(2, 9, W), h.Play(3, 7, W, void=True))
    assert state.phase is h.Phase.PICK and state.actor() == 1
    return state


def test_h5_a_bare_card_while_a_winner_picks_says_to_write_pick(hdeck: h.Deck) -> None:
    state = pick_state(hdeck)
    msg = refused(h.parse_line, state, "05")
    assert msg.en.startswith("Ben picks a battlefield card: write pick 05 (battlefield cards to pick: 00 05)")
    assert "「選ぶ 05」と書きます（選べるのは00 05、H-5）" in msg.ja
    assert "a play is a card and a field" not in msg.en
    assert h.parse_line(state, "pick 05") == h.Pick(1, 5)


def test_h5_a_play_while_a_winner_picks_is_refused_naming_pick(hdeck: h.Deck) -> None:
    state = pick_state(hdeck)
    msg = refused(h.apply, state, h.Play(1, 12, B))
    assert msg.en.startswith("cannot play a card now: Ben picks a battlefield card; write pick ")
    assert "選ぶ" in msg.ja


def test_h7_a_bare_number_while_a_player_takes_says_to_write_take(hdeck: h.Deck) -> None:
    state = run(pick_state(hdeck), h.Pick(1, 5), h.Pick(0, 0))
    assert state.phase is h.Phase.TAKE and state.actor() == 3
    msg = refused(h.parse_line, state, "2")
    assert msg.en.startswith(
        "Dai takes a wilderness set: write take 2 (wilderness sets to take: 1: 30 31; 2: 32 33; 3: 34 35) (H-7)"
    )
    assert "「取る 2」と書きます（取れるのは1組目 30 31、2組目 32 33、3組目 34 35、H-7）" in msg.ja


def effect_state(deck: h.Deck) -> h.State:
    """Aki takes 15 (summer) from the battlefield: the summer effect is open."""
    state = run(table(deck), h.Play(0, 15, B), h.Play(1, 1, B), h.Play(2, 2, W), h.Pick(0, 15))
    assert state.phase is h.Phase.EFFECT
    return state


def test_h6_a_line_refused_while_a_season_effect_is_open_names_move_and_end(hdeck: h.Deck) -> None:
    state = effect_state(hdeck)
    msg = refused(h.apply, state, h.parse_line(state, "Ben pick 01"))
    assert "move deck > hand Aki" in msg.en and "then end (H-6)" in msg.en
    assert "移動 山札 > 手札 Aki" in msg.ja and "「終了」と書きます" in msg.ja
    example = msg.en.split("like ")[1].split(";")[0]
    assert h.parse_line(state, example) == h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, 0)


def test_h6_show_names_the_lines_of_an_open_season_effect(hdeck: h.Deck) -> None:
    state = effect_state(hdeck)
    for text in (h.allowed(state).describe(), h.describe(state)):
        assert "move deck > hand Aki" in text.en and "end" in text.en
        assert "移動 山札 > 手札 Aki" in text.ja and "終了" in text.ja


def test_h8_a_refill_refusal_names_reveal(hdeck: h.Deck) -> None:
    state = h.new_state(h.make_setup(NAMES[:3], 0, hdeck))
    msg = refused(h.apply, state, h.Play(0, 7, B))
    assert "write reveal and the 2 cards laid out, like reveal" in msg.en
    assert "「公開」と並べた2枚を書きます" in msg.ja


def test_h6_the_ruling_that_opens_an_effect_names_the_lines(hdeck: h.Deck) -> None:
    state = run(table(hdeck), h.Play(0, 15, B), h.Play(1, 1, B), h.Play(2, 2, W))
    _, ruling = h.apply(state, h.Pick(0, 15))
    assert "Summer effect: for each card the table moves, write move [CARD] FROM > TO" in ruling.en
    assert ruling.en.endswith("then end (H-6).") and ruling.ja.endswith("最後に「終了」と書きます（H-6）。")
    assert "「移動 [カード] 元 > 先」" in ruling.ja

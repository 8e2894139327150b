"""HOMALET against the simulated table of tests/helpers/homalet_table.py, which makes the mistakes
real tables make: the engine must agree with it after every action (H-1 .. H-12)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import homalet as h
from companion.rules.common import Lang, Msg, Refusal
from tests.helpers.homalet_table import DECK, EN_NAMES, JA_NAMES, SEASONS, TrueTable, colour

PHASES = {
    "refill": h.Phase.REFILL,
    "play": h.Phase.PLAY,
    "pick": h.Phase.PICK,
    "effect": h.Phase.EFFECT,
    "take": h.Phase.TAKE,
    "over": h.Phase.OVER,
}
ASCII_WORD = re.compile(r"[A-Za-z]")
RULE_ID = re.compile(r"H-\d+")


def check_words(msg: Msg, japanese_names: bool) -> None:
    """Both languages present, English counts plural right, no English inside Japanese."""
    assert msg.en and msg.ja
    assert not re.search(r"\b1 cards\b|\(s\)|\b[02-9] card\b", msg.en), msg.en
    if japanese_names:
        # rule ids (H-5) are in every Japanese ruling and refusal that has one, as in English (issue 22)
        assert not ASCII_WORD.search(RULE_ID.sub("", msg.ja.replace("HOMALET", ""))), msg.ja


def agree(table: TrueTable, state: h.State) -> None:
    """The engine's state is the table's, as far as the engine can know it."""
    assert state.phase is PHASES[table.phase]
    assert list(state.hand_counts) == [len(hand) for hand in table.hands]
    assert state.deck_count == len(table.stock)
    assert list(state.wilderness) == table.wild
    assert list(state.played) == table.played
    assert [list(p) for p in state.piles] == table.piles
    assert sorted(state.discard) == sorted(table.discard)
    assert [set(k) for k in state.known_hands] == table.known
    unseen = sorted(set(range(10 * table.n)) - table.public() - {c for k in table.known for c in k})
    now = h.allowed(state)
    assert list(now.unseen) == unseen
    assert len(unseen) == sum(state.hidden_counts()) + state.deck_count and min(state.hidden_counts()) >= 0
    if table.phase == "play":
        assert now.player == table.turn
        for f in now.fields:
            lead = table.lead(f.field)
            assert f.lead == (None if lead is None else DECK.colours[lead].key)
            assert set(f.known_lead) == {c for c in table.known[table.turn] if lead is not None and colour(c) == lead}
            assert f.known_void == (lead is not None and table.hidden(table.turn) == 0 and not f.known_lead)


@pytest.mark.slow
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)
@given(data=st.data(), n=st.integers(3, 7), start=st.integers(0, 6), japanese=st.booleans())
def test_h1_h12_a_table_making_mistakes(data: st.DataObject, n: int, start: int, japanese: bool) -> None:
    """Every real move is accepted and leaves the engine agreeing with the table; every mistake
    the engine can prove wrong is refused, changing nothing; the rest are accepted (H-4: the
    engine cannot see hands). The game ends (H-9) and replays to the same state."""
    names = (JA_NAMES if japanese else EN_NAMES)[:n]
    cards = data.draw(st.permutations(list(range(10 * n))), label="deal")
    # each choice below a draw of its own through Hypothesis's random: it shrinks as a data.draw would and
    # each call is noted in a failure's report, without a data.draw's cost per choice (a copy of the global
    # random's state twice, and a note): the test took four times as long drawing so
    choose = data.draw(st.randoms(note_method_calls=True, use_true_random=False), label="the table's choices")
    table = TrueTable(
        n, names, [cards[i * 6 : (i + 1) * 6] for i in range(n)], cards[n * 6 :], start % n, japanese=japanese
    )
    state = h.new_state(h.make_setup(names, start % n, DECK))
    actions: list[h.Action] = []
    corrections = 0
    for _ in range(1500):
        if table.phase == "over":
            break
        lang: Lang = choose.choice(["en", "ja"])
        kind = choose.randint(0, 9)
        if kind <= 1:
            action, must_refuse = choose.choice(table.mistakes())
            line = h.action_line(state, action, lang)
            assert h.parse_line(state, line) == action, line
            before = state.copy()
            try:
                _, ruling = h.apply(state, action)
            except Refusal as refusal:
                assert must_refuse, f"{line!r} refused: {refusal.msg.en}"
                check_words(refusal.msg, japanese)
            else:
                assert not must_refuse, f"{line!r} accepted: {ruling.en}"
            assert state == before
            continue
        if kind == 2 and corrections < 3 and table.corrections():
            action, effect = choose.choice(table.corrections())
            corrections += 1
        else:
            action, effect = choose.choice(table.true_moves())
        line = h.action_line(state, action, lang)
        assert h.parse_line(state, line) == action, line
        before = state.copy()
        new, ruling = h.apply(state, action)
        assert state == before  # apply is pure
        check_words(ruling, japanese)
        effect(action)  # type: ignore[operator]
        state = new
        actions.append(action)
        agree(table, state)
    assert h.finished(state), "the game did not end"
    assert sum(1 for hand in table.hands if not hand) >= 2  # H-9
    assert h.fold(h.make_setup(names, start % n, DECK), actions) == state
    assert [h.action_from_data(DECK, h.action_to_data(a)) for a in actions] == actions
    check_words(h.describe(state), japanese)
    assert [s.score for s in h.scores(state)] == [table_score(pile) for pile in table.piles]


def table_score(pile: list[int]) -> int:
    """H-11 as the table counts it: a point a card, a point for each card sharing its last digit,
    a point for each card on a run of 3+ consecutive last digits (no 9-0 wrap), a point a spring."""
    digits = [c % 10 for c in pile]
    present = set(digits)
    on_run = {d for start in range(8) if {start, start + 1, start + 2} <= present for d in range(start, start + 3)}
    spring = sum(1 for c in pile if SEASONS.get(c) == "spring")
    return len(pile) + sum(1 for d in digits if digits.count(d) > 1) + sum(1 for d in digits if d in on_run) + spring


@pytest.mark.parametrize(
    "line",
    [
        "",
        "07",
        "b 07",
        "pick pick",
        "move > >",
        "correct",
        "訂正 1",
        "07 b void void",
        "take -1",
        "reveal x",
        "move 07",
        "Aki Aki",
        "end end",
        "99 b",
        "07 戦場無し",
        "᧚ b",
        "take ᧚",
        "correct Aki ᧚ x",
        "take " + "9" * 5000,
        "correct Aki " + "9" * 5000,
        "move ᧚ deck > discard",
        "᧚ pick 07",
    ],
)
def test_a_bad_line_is_refused_never_crashes(line: str) -> None:
    state = h.new_state(h.make_setup(EN_NAMES[:3], 0, DECK))
    with pytest.raises(Refusal) as caught:
        h.parse_line(state, line)
    assert caught.value.msg.en and caught.value.msg.ja


@settings(max_examples=200, deadline=None)
@given(
    line=st.text(
        alphabet=st.sampled_from(list("0123456789 bwvAkiBen>戦場在野無し選ぶ取る移動山札手札訂正-x᧚")), max_size=20
    )
    | st.text(max_size=12)
)
def test_any_line_gives_an_action_or_a_refusal(line: str) -> None:
    state = h.new_state(h.make_setup(EN_NAMES[:3], 0, DECK))
    try:
        action = h.parse_line(state, line)
    except Refusal as refusal:
        assert refusal.msg.en and refusal.msg.ja
        return
    assert h.parse_line(state, h.action_line(state, action)) == action

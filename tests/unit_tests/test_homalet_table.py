"""HOMALET at a live table: the defects of issue 9 (each test names its rule), corrections,
what is allowed now, and the table notation.

Prototype colours (H-2): colour(n) = (n + n div 10) mod 5 over crimson, indigo, jade, gold,
violet. So 00 05 14 19 23 28 crimson; 01 06 10 15 24 29 indigo; 02 07 11 16 20 25 jade;
03 08 12 17 21 26 gold; 04 09 13 18 22 27 violet.
"""

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import homalet as h
from companion.rules.common import Msg, Refusal
from companion.settle import settle

B, W = h.Field.BATTLE, h.Field.WILD
NAMES = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen")


def table(deck: h.Deck, n: int = 3, sets: tuple[tuple[int, ...], ...] = ((20, 21), (22, 23), (24, 25))) -> h.State:
    state = h.new_state(h.make_setup(NAMES[:n], 0, deck))
    for cards in sets:
        state, _ = h.apply(state, h.RevealSet(cards))
    return state


def run(state: h.State, *actions: h.Action) -> tuple[h.State, list[Msg]]:
    rulings = []
    for action in actions:
        state, ruling = h.apply(state, action)
        rulings.append(ruling)
    return state, rulings


def refusal(state: h.State, action: h.Action) -> Msg:
    """The refusal of ``action``; the state must come out unchanged."""
    before = state.copy()
    with pytest.raises(Refusal) as caught:
        h.apply(state, action)
    assert state == before
    return caught.value.msg


def aki_holds_20_21(deck: h.Deck) -> h.State:
    """Round 1 on a 3-player table: Aki takes the wilderness set 20 21 (jade, gold) in view of
    everyone; round 2 is waiting for its refill."""
    state = table(deck)
    state, _ = run(
        state, h.Play(0, 0, W), h.Play(1, 3, B), h.Play(2, 5, W), h.Pick(1, 3), h.TakeSet(0, 0), h.TakeSet(2, 0)
    )
    assert state.phase is h.Phase.REFILL and state.known_hands[0] == {20, 21}
    return state


# --------------------------------------------------------------------------- defects


def test_h4_a_card_outside_a_fully_known_hand_is_refused(hdeck: h.Deck) -> None:
    """H-4: once every card of Aki's hand is known (hidden count 0), a card outside it is refused."""
    state = aki_holds_20_21(hdeck)
    state, _ = run(state, h.Correct(0, 2, "dealt cards went back to the deck"))
    assert state.hidden_counts()[0] == 0
    state, _ = run(state, h.RevealSet((26, 27)), h.RevealSet((28, 29)))
    state, _ = run(state, h.Play(1, 8, B), h.Play(2, 9, W))
    msg = refusal(state, h.Play(0, 7, W))
    assert msg.en == "Aki holds 2 cards, all known to the table (20 21); 07 is not one of them (H-4)"
    assert msg.ja == "Akiの手札2枚はすべて分かっています（20 21）。07はその中にありません"
    battle, wild = h.allowed(state).fields
    assert (battle.known_lead, battle.known_void, wild.known_void) == ((21,), False, True)  # 08 gold, 09 violet
    assert "every card in the hand is known and none is violet" in h.allowed(state).describe().en
    state, _ = run(state, h.Play(0, 21, B))  # a card of the known hand is fine
    assert state.hidden_counts()[0] == 0 and state.hand_counts[0] == 1


def test_h6_an_adjustment_from_a_fully_known_hand_names_a_card_in_it(hdeck: h.Deck) -> None:
    """H-6: a season move out of a hand whose every card is known must name one of those cards."""
    state = table(hdeck, n=4, sets=((1, 2), (3, 4), (5, 6)))
    # 15 summer indigo leads; 10 indigo follows; 16 jade and 21 gold are off colour
    state, _ = run(
        state,
        h.Play(0, 15, B),
        h.Play(1, 16, B, void=True),
        h.Play(2, 21, B, void=True),
        h.Play(3, 10, B),
        h.Pick(0, 15),
    )
    assert state.phase is h.Phase.EFFECT
    state, _ = run(state, h.Adjust(h.Zone.DECK, h.Zone.HAND, 27, None, 1), h.Correct(1, 1, "misdeal"))
    assert state.hidden_counts()[1] == 0
    msg = refusal(state, h.Adjust(h.Zone.HAND, h.Zone.DISCARD, 7, 1, None))
    assert msg.en == "Ben holds 1 card, all known to the table (27); 07 is not one of them (H-6)"
    msg = refusal(state, h.Adjust(h.Zone.HAND, h.Zone.DECK, None, 1, None))
    assert msg.en == "name the card: every card in Ben's hand is known (27)"
    state, _ = run(state, h.Adjust(h.Zone.HAND, h.Zone.DISCARD, 27, 1, None))
    assert state.hand_counts[1] == 0 and min(state.hidden_counts()) >= 0


def test_h4_a_void_claim_is_refused_when_the_table_saw_the_lead_colour_go_into_the_hand(hdeck: h.Deck) -> None:
    """H-4: Aki took 21 (gold) from the wilderness, so Aki cannot claim to hold no gold."""
    state = aki_holds_20_21(hdeck)
    state, _ = run(state, h.RevealSet((26, 27)), h.RevealSet((28, 29)))
    state, _ = run(state, h.Play(1, 8, B), h.Play(2, 9, W))  # 08 gold leads the battlefield
    msg = refusal(state, h.Play(0, 2, B, void=True))
    assert msg.en == (
        "Aki cannot be void of gold: the table saw 21 (gold) go into Aki's hand, so Aki must "
        "play gold to the battlefield (H-4)"
    )
    assert "21" in msg.ja and "黄" in msg.ja
    # the wilderness leads violet (09): Aki holds no known violet, so the claim stands
    state, rulings = run(state, h.Play(0, 2, W, void=True))
    assert "declaring no violet" in rulings[0].en


def test_h4_void_must_go_with_an_off_colour_card(hdeck: h.Deck) -> None:
    """H-4: "void" on an empty field or with a card of the lead colour is no void claim."""
    state = table(hdeck)
    assert "any colour may lead" in refusal(state, h.Play(0, 0, B, void=True)).en
    state, _ = run(state, h.Play(0, 0, B))
    assert "playing it is no void claim" in refusal(state, h.Play(1, 5, B, void=True)).en


@pytest.mark.parametrize(
    "action",
    [
        h.Adjust(h.Zone.DECK, h.Zone.HAND, None, 2, 1),
        h.Adjust(h.Zone.DECK, h.Zone.HAND, None, 9, 1),
        h.Adjust(h.Zone.HAND, h.Zone.DISCARD, 7, 1, 9),
        h.Adjust(h.Zone.HAND, h.Zone.DECK, None, 1, 0),
    ],
)
def test_h6_a_player_named_for_the_deck_or_the_discard_is_refused(hdeck: h.Deck, action: h.Adjust) -> None:
    """H-6: the deck and the discard have no owner; naming one is refused in a sentence (was an
    IndexError for a seat beyond the table)."""
    state = table(hdeck, sets=((1, 2), (3, 4), (5, 6)))
    state, _ = run(state, h.Play(0, 15, B), h.Play(1, 16, B, void=True), h.Play(2, 21, B, void=True), h.Pick(2, 15))
    assert state.phase is h.Phase.EFFECT
    msg = refusal(state, action)
    assert "belongs to nobody" in msg.en and "誰のものでもありません" in msg.ja


def test_h4_enum_values_as_plain_strings_are_read_as_the_enum(hdeck: h.Deck) -> None:
    """H-4, H-6: "battle" and "wild" are the fields, "deck", "hand" … the zones; any other string
    is refused, never read as some other field."""
    assert h.Play(0, 0, "battle") == h.Play(0, 0, B) and h.Play(0, 0, "battle").field is B  # type: ignore[arg-type]
    assert h.Play(0, "07", "wild").card == 7  # type: ignore[arg-type]
    state = table(hdeck)
    state, _ = run(state, h.Play(0, 0, "wild"))  # type: ignore[arg-type]
    assert state.played == ((0, 0, W),) and state.lead(W) == "crimson" and state.lead(B) is None
    assert state.lead("wild") == "crimson" and state.field_cards("wild") == [0]  # type: ignore[arg-type]
    assert h.Adjust("deck", "hand", None, None, 2) == h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, 2)  # type: ignore[arg-type]
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: h.Play(0, 0, "battlefield"), "'battlefield' is not a field: use one of battle, wild"),  # type: ignore[arg-type]
        (lambda: h.Adjust("floor", "hand"), "'floor' is not a zone"),  # type: ignore[arg-type]
        (lambda: h.Play(0, 0, B, void="yes"), "void is true or false"),  # type: ignore[arg-type]
        (lambda: h.Play(0, True, B), "True is not a card number"),
        (lambda: h.Play("Aki", 0, B), "'Aki' is not a seat number"),  # type: ignore[arg-type]
        (lambda: h.TakeSet(0, 1.0), "1.0 is not a set number"),  # type: ignore[arg-type]
        (lambda: h.RevealSet("0712"), "a wilderness set is a list of cards"),  # type: ignore[arg-type]
    ]
    for make, words in cases:
        with pytest.raises(Refusal, match=words):
            make()


def test_h5_tie_wording_counts_cards_right(hdeck: h.Deck) -> None:
    """H-5: "3 colours tie with 1 card each", never "1 cards"; a 1-card set is "1 card" (H-8)."""
    state = table(hdeck)
    state, rulings = run(state, h.Play(0, 1, B), h.Play(1, 0, B, void=True), h.Play(2, 2, B, void=True))
    assert "3 colours tie with 1 card each; jade holds the largest number, 02" in rulings[-1].en
    assert "3色が1枚ずつで並び、最も大きな数字02を含む翠の勝ち" in rulings[-1].ja
    state = h.new_state(h.make_setup(NAMES[:3], 0, hdeck))
    assert "a wilderness set is 2 cards now (12 cards left" in refusal(state, h.RevealSet((1,))).en


# --------------------------------------------------------------------------- corrections


def test_correct_moves_the_difference_to_the_deck_and_the_game_goes_on(hdeck: h.Deck) -> None:
    state = table(hdeck)
    deck_before = state.deck_count
    state, rulings = run(state, h.Correct(1, 5, "  dropped   a card "))
    assert state.hand_counts == (6, 5, 6) and state.deck_count == deck_before + 1
    assert rulings[0].en == "Correction: Ben holds 5 cards, not 6 (dropped a card); the deck now holds 7 cards."
    assert rulings[0].ja == "訂正。Benの手札は6枚ではなく5枚（dropped a card）。山札は7枚になります。"
    state, _ = run(state, h.Play(0, 0, B))
    assert state.turn == 1  # the game goes on
    data = json.loads(json.dumps(h.action_to_data(h.Correct(1, 5, "dropped a card"))))
    assert data == {"type": "correct", "player": 1, "count": 5, "reason": "dropped a card"}
    assert h.action_from_data(hdeck, data) == h.Correct(1, 5, "dropped a card")


def test_correct_refuses_a_count_below_the_known_cards_and_what_the_deck_cannot_give(hdeck: h.Deck) -> None:
    state = aki_holds_20_21(hdeck)  # Aki: 7 cards, 20 and 21 known; 6 cards in the deck
    msg = refusal(state, h.Correct(0, 1, "counted again"))
    assert msg.en == "Aki's hand holds at least the 2 cards the table saw go into it (20 21); the count cannot be 1"
    assert refusal(state, h.Correct(0, -1, "x")).en.endswith("the count cannot be -1")
    assert "already holds 7 cards" in refusal(state, h.Correct(0, 7, "x")).en
    assert state.deck_count == 6
    assert "the deck holds only 6 cards" in refusal(state, h.Correct(0, 14, "misdeal")).en
    assert "say why" in refusal(state, h.Correct(0, 3, "   ")).en


def test_correct_to_zero_passes_the_turn_and_an_emptied_deck_starts_the_round(hdeck: h.Deck) -> None:
    state = table(hdeck)
    state, _ = run(state, h.Correct(0, 0, "all cards fell under the table"))
    assert state.phase is h.Phase.PLAY and state.turn == 1  # the player on turn had no cards left
    state = h.new_state(h.make_setup(NAMES[:3], 0, hdeck))
    state, _ = run(state, h.RevealSet((1, 2)))
    state, rulings = run(state, h.Correct(2, 16, "the deck was dealt to Chie by mistake"))
    assert state.deck_count == 0 and state.phase is h.Phase.PLAY and "Round 1" in rulings[0].en


def test_correct_is_refused_once_the_game_is_over(hdeck: h.Deck) -> None:
    state = table(hdeck)
    state.hand_counts = (1, 1, 3)
    state, _ = run(state, h.Play(0, 0, B), h.Play(1, 1, B, void=True), h.Play(2, 5, B), h.Pick(2, 5), h.Pick(0, 1))
    assert h.finished(state)
    assert refusal(state, h.Correct(2, 2, "late")).en.startswith("cannot correct a hand count now: the game is over")


# --------------------------------------------------------------------------- the shared interface


def test_make_setup_takes_none_as_seat_zero(hdeck: h.Deck) -> None:
    assert h.make_setup(["A", "B", "C"], None, hdeck) == h.Setup(("A", "B", "C"), 0, hdeck)
    assert h.make_setup(["A", "B", "C"], 2, hdeck).start == 2


def test_h11_settle_input_agrees_with_the_engine_scores(hdeck: h.Deck) -> None:
    state = table(hdeck)
    with pytest.raises(Refusal, match="cannot settle the game now"):
        h.settle_input(state)
    state.hand_counts = (1, 1, 3)
    state, _ = run(state, h.Play(0, 10, B), h.Play(1, 6, B), h.Play(2, 5, B, void=True), h.Pick(0, 10), h.Pick(1, 6))
    assert h.finished(state)
    doc = h.settle_input(state)
    assert doc == {
        "game": "homalet",
        "players": [{"name": "Aki", "pile": ["10"]}, {"name": "Ben", "pile": ["06"]}, {"name": "Chie", "pile": []}],
    }
    answer = settle(json.loads(json.dumps(doc)), deck=hdeck)
    assert [p["score"] for p in answer["players"]] == [s.score for s in h.scores(state)] == [2, 1, 0]
    assert answer["winners"] == ["Aki"]
    assert "Winner: Aki" in h.describe(state).en and "勝者：Aki" in h.describe(state).ja


def test_h4_allowed_now_gives_each_field_its_lead_and_what_the_player_is_known_to_hold(hdeck: h.Deck) -> None:
    state = aki_holds_20_21(hdeck)
    now = h.allowed(state)
    assert now.phase is h.Phase.REFILL and now.player is None and now.reveal_size == 2
    state, _ = run(state, h.RevealSet((26, 27)), h.RevealSet((28, 29)), h.Play(1, 8, B), h.Play(2, 9, W))
    now = h.allowed(state)
    assert now.player == 0 and now.known_hand == (20, 21) and now.hidden == 5
    battle, wild = now.fields
    assert (battle.field, battle.open, battle.lead, battle.cards, battle.known_lead) == (B, True, "gold", (8,), (21,))
    assert not battle.known_void and not wild.known_void  # Aki holds 5 cards the engine does not know
    assert (wild.field, wild.open, wild.lead, wild.cards, wild.known_lead) == (W, True, "violet", (9,), ())
    expected_unseen = sorted(set(range(30)) - {0, 3, 5, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 8, 9})
    assert list(now.unseen) == expected_unseen
    data = json.loads(json.dumps(now.to_data()))
    assert data["fields"][0] == {
        "field": "battle",
        "open": True,
        "lead": "gold",
        "cards": [8],
        "known_lead": [21],
        "known_to_hold_lead": True,
        "known_void": False,
    }
    text = now.describe()
    assert "Battlefield: leads gold (08); known to hold gold: 21, so no void claim." in text.en
    assert "戦場の色は黄です（08）。黄の21を持っているので「無し」は宣言できません。" in text.ja


def test_h5_h7_allowed_now_names_who_picks_or_takes_and_from_what(hdeck: h.Deck) -> None:
    state = table(hdeck, n=4, sets=((30, 31), (32, 33), (34, 35)))
    state, _ = run(state, h.Play(0, 0, B), h.Play(1, 5, B), h.Play(2, 9, W), h.Play(3, 7, W, void=True))
    now = h.allowed(state)
    assert (now.phase, now.player, now.pickers, now.pick_from) == (h.Phase.PICK, 1, (1, 0), (0, 5))
    state, _ = run(state, h.Pick(1, 5), h.Pick(0, 0))
    now = h.allowed(state)
    assert (now.phase, now.player, now.takers, now.sets) == (h.Phase.TAKE, 3, (3, 2), ((30, 31), (32, 33), (34, 35)))
    assert "Wilderness sets to take: 1: 30 31; 2: 32 33; 3: 34 35." in now.describe().en
    state, _ = run(state, h.TakeSet(3, 1))
    assert h.allowed(state).sets == ((30, 31), (34, 35))
    assert "the sets left are 1: 30 31; 2: 34 35" in refusal(state, h.TakeSet(2, 2)).en


# --------------------------------------------------------------------------- table notation

NOTATION_EXAMPLES = [
    ("07 b", h.Play(0, 7, B)),
    ("07 battlefield", h.Play(0, 7, B)),
    ("07 戦場", h.Play(0, 7, B)),
    ("07戦", h.Play(0, 7, B)),
    ("７ 在野", h.Play(0, 7, W)),
    ("07 W", h.Play(0, 7, W)),
    ("07 b void", h.Play(0, 7, B, True)),
    ("07 在 なし", h.Play(0, 7, W, True)),
    ("07 戦場 無し", h.Play(0, 7, B, True)),
    ("Ben 07 b", h.Play(1, 7, B)),
    ("ben 07 b", h.Play(1, 7, B)),
    ("pick 07", h.Pick(0, 7)),
    ("選ぶ 07", h.Pick(0, 7)),
    ("Chie pick 7", h.Pick(2, 7)),
    ("take 2", h.TakeSet(0, 1)),
    ("取る 1", h.TakeSet(0, 0)),
    ("reveal 12 34", h.RevealSet((12, 34))),
    ("公開 12", h.RevealSet((12,))),
    ("end", h.EndEffect()),
    ("終了", h.EndEffect()),
    ("move deck > hand Aki", h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, 0)),
    ("移動 山札 > 手札 Aki", h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, 0)),
    ("move 33 deck > pile Aki", h.Adjust(h.Zone.DECK, h.Zone.PILE, 33, None, 0)),
    ("move 07 hand 2 > discard", h.Adjust(h.Zone.HAND, h.Zone.DISCARD, 7, 2, None)),
    ("移動 07 手札 2 から 捨て札 へ", h.Adjust(h.Zone.HAND, h.Zone.DISCARD, 7, 2, None)),
    ("move 07 pile Ben to hand Chie", h.Adjust(h.Zone.PILE, h.Zone.HAND, 7, 1, 2)),
    ("correct Aki 5 dropped a card", h.Correct(0, 5, "dropped a card")),
    ("訂正 Aki 5 カードを落とした", h.Correct(0, 5, "カードを落とした")),
    ("correct 1 4 misdeal", h.Correct(1, 4, "misdeal")),
]


@pytest.mark.parametrize("line,action", NOTATION_EXAMPLES)
def test_notation_examples_of_docs_read_as_documented(hdeck: h.Deck, line: str, action: h.Action) -> None:
    state = table(hdeck)
    assert h.parse_line(state, line) == action
    for lang in ("en", "ja"):
        assert h.parse_line(state, h.action_line(state, action, lang)) == action


@pytest.mark.parametrize(
    "line,part",
    [
        ("07 x", "'x' is not a field"),
        ("70 b", "'70' is not a HOMALET card"),
        ("07", "a play needs a field"),
        ("07 b maybe", "'maybe' after the field"),
        ("pick", "write pick CARD"),
        ("take 0", "'0' is not a set number"),
        ("take two", "'two' is not a set number"),
        ("move deck hand", "a move is move [CARD] FROM > TO"),
        ("move deck > floor", "'floor' is not a place"),
        ("move deck > hand Zed", "after hand: 'Zed' is not a player"),
        ("correct Zed 5 x", "'Zed' is not a player"),
        ("correct Aki five x", "comes the hand's true count"),
        ("correct Aki 5", "say why the count is corrected"),
        ("", "the line is empty"),
        ("end now", "'now' after end"),
        ("Zed 07 b", "'Zed' is neither a card nor a player"),
        ("reveal", "the set's cards are missing"),
    ],
)
def test_a_bad_line_names_its_wrong_part_and_the_forms(hdeck: h.Deck, line: str, part: str) -> None:
    """Issue 18: the wrong part, then the one form that fits, never the whole notation."""
    state = table(hdeck)
    with pytest.raises(Refusal) as caught:
        h.parse_line(state, line)
    assert part in caught.value.msg.en
    assert h.NOTATION.en not in caught.value.msg.en and h.NOTATION.ja not in caught.value.msg.ja
    assert "write" in caught.value.msg.en and "書き" in caught.value.msg.ja


# --------------------------------------------------------------------------- no crash, whatever comes in

RECORD_STATES: list[h.State] = []


def record_states(deck: h.Deck) -> list[h.State]:
    """Every state of the example 7-player game (each phase, season effects among them)."""
    if not RECORD_STATES:
        from pathlib import Path

        from companion.records import game_records

        path = Path(__file__).resolve().parents[2] / "examples" / "records" / "homalet.json"
        record = game_records.read_record(json.loads(path.read_text(encoding="utf-8")))
        assert isinstance(record.setup, h.Setup)
        state = h.new_state(record.setup)
        RECORD_STATES.append(state)
        for action in record.actions:
            assert isinstance(action, h.ACTIONS)
            state, _ = h.apply(state, action)
            RECORD_STATES.append(state)
    return RECORD_STATES


NUMBER = st.integers(-3, 75) | st.integers(-(10**20), 10**20)
SEAT = st.integers(-2, 9)
ANY_ACTION = st.one_of(
    st.builds(h.RevealSet, st.lists(NUMBER, max_size=3).map(tuple)),
    st.builds(h.Play, SEAT, NUMBER, st.sampled_from(list(h.Field)), st.booleans()),
    st.builds(h.Pick, SEAT, NUMBER),
    st.builds(
        h.Adjust,
        st.sampled_from(list(h.Zone)),
        st.sampled_from(list(h.Zone)),
        st.none() | NUMBER,
        st.none() | SEAT,
        st.none() | SEAT,
    ),
    st.just(h.EndEffect()),
    st.builds(h.TakeSet, SEAT, st.integers(-2, 4)),
    st.builds(h.Correct, SEAT, st.integers(-2, 80), st.sampled_from(["", "misdeal", "落とした"])),
)


@settings(max_examples=400, deadline=None)
@given(data=st.data(), action=ANY_ACTION)
def test_any_action_on_any_state_is_ruled_or_refused_never_crashes(
    hdeck: h.Deck, data: st.DataObject, action: h.Action
) -> None:
    """Whatever an app sends, the answer is a ruling or a Refusal in both languages, and a refusal
    changes nothing (H-1 .. H-10)."""
    states = record_states(hdeck)
    state = data.draw(st.sampled_from(states), label="state")
    before = state.copy()
    try:
        new, ruling = h.apply(state, action)
    except Refusal as refusal:
        assert refusal.msg.en and refusal.msg.ja
    else:
        assert ruling.en and ruling.ja
        assert min(new.hidden_counts()) >= 0 and new.deck_count >= 0
        assert len(new.unseen()) == sum(new.hidden_counts()) + new.deck_count
    assert state == before
    line = h.action_line(state, action, data.draw(st.sampled_from(["en", "ja"]), label="lang"))
    if writable(action):
        assert h.parse_line(state, line) == action, line
    else:
        with pytest.raises(Refusal):
            h.parse_line(state, line)


def writable(action: h.Action) -> bool:
    """The action has a notation line: players at the (7-seat) table, cards 00 to 69, set numbers and
    counts not negative, a reason for a correction, at least one card in a set."""
    if isinstance(action, h.TakeSet) and action.index < 0:
        return False
    if isinstance(action, h.Correct) and (action.count < 0 or not action.reason):
        return False
    if isinstance(action, h.RevealSet) and not action.cards:
        return False
    return all(0 <= p < 7 for p in players(action)) and all(0 <= c < h.CARDS for c in cards(action))


def players(action: h.Action) -> list[int]:
    if isinstance(action, h.Adjust):
        return [p for p in (action.source_player, action.target_player) if p is not None]
    return [action.player] if isinstance(action, h.Play | h.Pick | h.TakeSet | h.Correct) else []


def cards(action: h.Action) -> list[int]:
    if isinstance(action, h.RevealSet):
        return list(action.cards)
    card = getattr(action, "card", None)
    return [card] if card is not None else []

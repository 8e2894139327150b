"""The engines' ``complete(state, text, lang)`` (issue 17 item 1), over every engine in the registry.

- **Complete**: along random games played by the simulated tables with their real (hidden) hands
  (the engine tests' tables, whose moves are decided by the tables' own code), for every line the
  table plays, in English and Japanese, every word-boundary prefix of it (the empty text included)
  has a choice that is a longer prefix of the line. A correction's reason is free text: its line
  is followed up to the count.
- **Sound**: each of those choices extends the text by whole words, and walking on from it
  (choice after choice) reaches a line that ``parse_line`` reads and ``apply`` accepts.
- **Playable alone**: whole games whose every move is drawn by walking ``complete`` word by word
  from the empty text, each line checked by ``apply`` and against ``allowed`` (the one who acts).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards.decks import load_deck_data
from companion.rules.common import Lang, Refusal
from companion.rules.games import ENGINES
from tests.helpers.store_games import played

PLAYERS = {"fortress": (3, 5), "homalet": (3, 7), "dragoness": (2, 8)}
LANGS: tuple[Lang, ...] = ("en", "ja")


def accepted(engine: Any, state: Any, line: str) -> bool:
    try:
        engine.apply(state, engine.parse_line(state, line))
    except Refusal:
        return False
    return True


def reaches_a_line(engine: Any, state: Any, text: str, lang: Lang, rnd: random.Random) -> bool:
    """Walking on from ``text`` (a random choice each time) reaches a line the engine accepts."""
    for _ in range(40):
        if accepted(engine, state, text) and rnd.random() < 0.5:
            return True
        choices = engine.complete(state, text, lang)
        if not choices:
            return accepted(engine, state, text)
        for choice in choices:  # the text as typed, then whole words
            assert choice.startswith(text) and len(choice) > len(text) and not choice.endswith(" "), (text, choice)
        text = rnd.choice(choices)
    return accepted(engine, state, text)


def check_line(engine: Any, state: Any, action: Any, lang: Lang, rnd: random.Random) -> None:
    line = engine.action_line(state, action, lang)
    words = line.split()
    upto = len(words)
    if type(action).__name__ == "Correct":
        upto = len(words) - len(action.reason.split())
    for k in range(upto):
        prefix = " ".join(words[:k]) + (" " if k else "")
        choices = engine.complete(state, prefix, lang)
        onward = [c for c in choices if (line + " ").startswith(c + " ") and len(c) > len(prefix.rstrip())]
        assert onward, f"{engine.GAME}: after {prefix!r} no choice leads to {line!r}: {choices[:12]}"
        assert reaches_a_line(engine, state, rnd.choice(choices), lang, rnd), (prefix, choices[:12])


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(ENGINES))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.nested_given])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_issue17_complete_offers_every_line_a_real_table_plays(game: str, seed: int, data: st.DataObject) -> None:
    low, high = PLAYERS[game]
    players = data.draw(st.integers(low, high))
    setup, actions = played(game, players, seed, rounds=1)
    engine = ENGINES[game]
    rnd = random.Random(seed)
    state = engine.new_state(setup)
    step = max(1, len(actions) // 40)  # about 40 states of each game, every kind of action among them
    kinds: set[str] = set()
    for i, action in enumerate(actions):
        kind = type(action).__name__
        if i % step == 0 or kind not in kinds:
            kinds.add(kind)
            for lang in LANGS:
                check_line(engine, state, action, lang, rnd)
        state, _ = engine.apply(state, action)


def _deck(game: str) -> Any:
    return ENGINES[game].Deck.from_data(load_deck_data(game))


@pytest.mark.parametrize("game", sorted(ENGINES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_issue17_a_game_played_by_walking_complete_word_by_word(game: str, seed: int, data: st.DataObject) -> None:
    engine = ENGINES[game]
    low, high = PLAYERS[game]
    players = data.draw(st.integers(low, high))
    lang: Lang = data.draw(st.sampled_from(LANGS))
    names = [f"P{i}" for i in range(players)]
    state = engine.new_state(engine.make_setup(names, None, _deck(game)))
    rnd = random.Random(seed)
    for _ in range(80):
        if engine.finished(state):
            break
        text = ""
        while True:
            choices = engine.complete(state, text, lang)
            if not text:  # a correction now and then, not every move
                choices = [c for c in choices if c.split()[0] not in ("correct", "訂正")] or choices
            if accepted(engine, state, text) and (not choices or rnd.random() < 0.5):
                break
            assert choices, f"{game}: {text!r} is neither a line nor the start of one"
            text = rnd.choice(choices)
        action = engine.parse_line(state, text)
        mover = getattr(engine.allowed(state), "player", None)
        if (
            hasattr(action, "player")
            and mover is not None
            and type(action).__name__ in ("Place", "Play", "PlayCards", "Pass", "Revive", "Pick", "TakeSet")
        ):
            assert action.player == mover, (text, mover)
        state, ruling = engine.apply(state, action)
        assert ruling.en and ruling.ja


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_issue17_a_choice_keeps_what_was_typed_and_adds_whole_words(game: str) -> None:
    engine = ENGINES[game]
    low, _ = PLAYERS[game]
    state = engine.new_state(engine.make_setup([f"P{i}" for i in range(low)], None, _deck(game)))
    first = engine.complete(state, "", "en")
    assert first and all(" " not in c or c.split()[0] for c in first)
    typed = first[0][:1].lower()  # a first letter, typed in the other case
    for choice in engine.complete(state, typed, "en"):
        assert choice.startswith(typed) and not choice.endswith(" ")
    assert engine.complete(state, "#nothing# ", "en") == []

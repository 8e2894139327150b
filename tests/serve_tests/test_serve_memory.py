"""The server's memory stays flat however long a table plays (issue 28: ``scripts/load_serve.py``,
"server memory flat"): what the server keeps for the pages is bounded by the game, not by the number
of moves, hands typed or requests."""

from __future__ import annotations

import random
from pathlib import Path

from companion.rules import dragoness
from companion.serve import coach
from companion.store import Store
from tests.helpers.own import own
from tests.helpers.serve import at_position, stored_examples


def test_the_coachs_groups_of_many_hands_do_not_pile_up_on_the_deck(db: Path) -> None:
    """Every hand typed makes the coach ask the engine about up to 2,500 groups of it, and the
    engine keeps each group's readings on the game's deck (D-4, D-5): 30 hands (some four rounds
    of a table of 8) kept 40,000 groups, most of hands long played. The deck keeps at most a round's
    worth (plus one answer's), and an answer is the same after the rest was forgotten."""
    game_id = stored_examples(db)["dragoness"]
    with Store.open(db) as store:
        live = store.load(game_id)
        actions = live.actions
    state = dragoness.new_state(own(dragoness.Setup, live.setup))
    position = 0
    while not (state.phase is dragoness.Phase.LEAD and state.top is None):
        action = actions[position]
        assert isinstance(action, dragoness.ACTIONS)
        state = dragoness.apply(state, action)[0]
        position += 1
    at_position(db, game_id, position)
    with Store.open(db, readonly=True) as store:
        live = store.load(game_id)
        state = own(dragoness.State, live.state)
        deck = state.setup.deck
        unseen = [c for c, n in state.setup.cards.items() for _ in range(n) if c not in state.seen]
        chance = random.Random(28)
        hands = [" ".join(map(str, chance.sample(unseen, 12))) for _ in range(30)]
        first = coach.answer(live, state.turn, hands[0], position, "en")
        most = 0
        for hand in hands[1:]:
            coach.answer(live, state.turn, hand, position, "en")
            kept: dict[object, object] = deck._cache
            most = max(most, len(kept))
        assert most <= coach.DECK_KEPT + coach.MAX_TRIED
        assert coach.answer(live, state.turn, hands[0], position, "en") == first
        assert 'class="legal"' in first.html  # the hand's groups were asked about and listed

"""Write ``examples/records/homalet.json``: one complete 7-player HOMALET game (issue 9).

A seeded table deals, plays by the rules (H-3 .. H-10) from true hands, resolves summer,
autumn and winter effects by moving a card each, and corrects one miscounted hand. The
engine rules every action; the record is written with ``game_records.make_record`` and one time
per action, 20 seconds apart.

    python scripts/make_homalet_record.py [--seed N] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.cards.decks import load_deck_data
from companion.records import game_records
from companion.rules import homalet as h
from companion.rules.games import ENGINES

OUT = Path(__file__).resolve().parent.parent / "examples" / "records" / "homalet.json"
PLAYERS = ("Aki", "Ben", "Chie", "Dai", "Emi", "Fumi", "Gen")


def play_game(seed: int) -> tuple[h.Setup, list[h.Action]]:
    """A whole game at a 7-player table; Gen was dealt a seventh card, found and corrected."""
    rnd = random.Random(seed)
    deck = h.Deck.from_data(load_deck_data("homalet"))
    setup = h.make_setup(PLAYERS, 0, deck)
    cards = list(setup.cards)
    rnd.shuffle(cards)
    hands = [cards[i * h.HAND : (i + 1) * h.HAND] for i in range(len(PLAYERS))]
    stock = cards[len(PLAYERS) * h.HAND :]
    hands[6].append(stock.pop(0))  # the misdeal
    state = h.new_state(setup)
    actions: list[h.Action] = []

    def act(action: h.Action) -> None:
        nonlocal state
        state, _ = h.apply(state, action)
        actions.append(action)

    act(h.Correct(6, 7, "dealt a seventh card"))
    moved = False
    while not h.finished(state):
        if state.phase is h.Phase.REFILL:
            size = min(h.SET_SIZE, len(stock))
            act(h.RevealSet(tuple(stock[-size:])))
            del stock[-size:]
        elif state.phase is h.Phase.PLAY:
            p = state.turn
            where = rnd.choice([h.Field.BATTLE, h.Field.WILD] if state.wilderness else [h.Field.BATTLE])
            lead = state.lead(where)
            follow = [c for c in hands[p] if lead is None or deck.colour_of[c] == lead]
            card = rnd.choice(follow or hands[p])
            hands[p].remove(card)
            act(h.Play(p, card, where, lead is not None and not follow))
        elif state.phase is h.Phase.PICK:
            p = state.pickers[0]
            left = [c for _, c, f in state.played if f is h.Field.BATTLE and c not in state.battle_taken]
            seasonal = [c for c in left if deck.season(c) is not None]
            act(h.Pick(p, rnd.choice(seasonal or left)))
            moved = False
        elif state.phase is h.Phase.EFFECT:
            assert state.effect is not None
            p, season = state.effect
            if moved:
                act(h.EndEffect())
                continue
            moved = True
            if season is h.Season.SUMMER and stock:  # draw a card
                hands[p].append(stock.pop())
                act(h.Adjust(h.Zone.DECK, h.Zone.HAND, None, None, p))
            elif season is h.Season.AUTUMN:  # the top of the deck to the score pile (never on an empty deck)
                act(h.Adjust(h.Zone.DECK, h.Zone.PILE, stock.pop(), None, p))
            elif season is h.Season.WINTER and hands[p]:  # discard a card from the hand
                card = rnd.choice(hands[p])
                hands[p].remove(card)
                act(h.Adjust(h.Zone.HAND, h.Zone.DISCARD, card, p, None))
        else:
            p = state.takers[0]
            index = rnd.randrange(len(state.wilderness))
            hands[p] += state.wilderness[index]
            act(h.TakeSet(p, index))
    return setup, actions


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def record(seed: int) -> dict[str, Any]:
    setup, actions = play_game(seed)
    start = datetime(2026, 11, 30, 19, 0, tzinfo=UTC)
    times = [(start + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ") for i in range(len(actions))]
    return game_records.make_record(ENGINES["homalet"], setup, actions, times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    data = record(args.seed)
    write_atomically(args.out, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    kinds = sorted({a["type"] for a in data["actions"]})
    print(f"{args.out}: {len(data['actions'])} actions ({', '.join(kinds)})")


if __name__ == "__main__":
    main()

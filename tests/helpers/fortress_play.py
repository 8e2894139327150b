"""Six-Suit Fortress games set up and played action by action, for the engine's tests."""

from __future__ import annotations

import re

from companion.rules import fortress as f


def start_game(deck: f.Deck, grid: str, n: int = 3, start: int = 0) -> f.State:
    state = f.new_state(f.Setup(tuple(["Aki", "Ben", "Chie", "Dai", "Emi"][:n]), start, deck))
    for cell, token in zip(f.CELLS, grid.split(), strict=True):
        state, _ = f.apply(state, f.Reveal(cell, deck.parse(token)))
    return state


def play(state: f.State, *actions: f.Action) -> tuple[f.State, list[str]]:
    rulings = []
    for action in actions:
        state, ruling = f.apply(state, action)
        rulings.append(ruling.en)
    return state, rulings


GRID = "Y6 R2 G7 B3  K1 K2 P5 P9"  # A1 A2 / A3 A4 and B1 B2 / B3 B4


def english_inside_japanese(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """Runs of lower-case Latin letters in a Japanese sentence, once quoted input and names are gone
    (card codes, cells and spots are upper-case: R7, A1N)."""
    for name in names:
        text = text.replace(name, "")
    return re.findall(r"[a-z]{2,}", re.sub(r"'[^']*'", "", text))

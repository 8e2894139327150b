"""``companion settle``: end-of-game arithmetic from JSON, for each game.

Each ``settle_*`` function takes the parsed JSON document and returns the JSON answer,
or raises :class:`Refusal` with one sentence naming the player and the problem. A score people
trust must never come from a typo: every key is checked (an unknown one is refused with the
closest allowed key), and every name or value a message repeats is quoted on one line.

The package: ``read.py`` reads the document, ``games.py`` settles each game, ``text.py`` writes
the answer for people; :func:`settle` picks the game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.cards.decks import load_deck_data
from companion.rules import fortress, homalet
from companion.rules.common import Lang, Msg, refuse
from companion.rules.deck_rules import check_keys, shown
from companion.settle.games import round_words, settle_dragoness, settle_fortress, settle_homalet
from companion.settle.read import TOKEN, _deck_file
from companion.settle.text import round_table, settle_text

__all__ = [
    "SETTLERS",
    "TOKEN",
    "round_table",
    "round_words",
    "settle",
    "settle_dragoness",
    "settle_fortress",
    "settle_homalet",
    "settle_text",
]


Settler = Callable[[dict[str, Any], bool, Lang, Any], dict[str, Any]]
SETTLERS: dict[str, tuple[Settler, tuple[str, ...]]] = {  # each game's settler and its top-level keys
    "fortress": (settle_fortress, ("game", "players", "deck")),
    "homalet": (settle_homalet, ("game", "players", "deck")),
    "dragoness": (settle_dragoness, ("game", "players", "rounds")),
}


def settle(
    data: Any,
    explain: bool = False,
    lang: Lang = "en",
    deck: Any = None,
    deck_file: str | None = None,
    base: Path | None = None,
) -> dict[str, Any]:
    """The answer for a settle document. ``deck``: the game's Deck object (a record's), used instead of
    any deck file; ``deck_file``: one given on the command line; ``base``: the folder of the input
    file, where a ``"deck"`` path in it is found."""
    games = ", ".join(SETTLERS)
    if not isinstance(data, dict):
        raise refuse(
            f'the input must be a JSON object with "game" and "players", not {shown(data)}',
            f'入力は "game" と "players" を持つ JSON オブジェクトです（{shown(data)} は不可）',
        )
    if "game" not in data:
        raise refuse(
            f'"game" is missing: write "game": one of {games}', f'"game" がありません。{games} のどれかを書いてください'
        )
    game = data["game"]
    if not isinstance(game, str) or game not in SETTLERS:
        raise refuse(
            f"unknown game {shown(game)}: settle knows {games}",
            f"{shown(game)} は不明なゲームです。対応するのは {games} です",
        )
    settler, keys = SETTLERS[game]
    if deck_file is not None and "deck" not in keys:
        raise refuse(
            f"--deck is not used by {game}: its settle needs no deck file",
            f"--deck は {game} では使いません（デッキファイルなしで計算します）",
        )
    check_keys(data, keys, [k for k in keys if k != "deck"], Msg("", ""))
    if deck is None and "deck" in keys:
        engine = fortress if game == "fortress" else homalet
        deck = engine.Deck.from_data(load_deck_data(game, _deck_file(data, deck_file, base)))
    return settler(data, explain, lang, deck)

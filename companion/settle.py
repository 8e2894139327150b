"""``companion settle``: end-of-game arithmetic from JSON, for each game.

Each ``settle_*`` function takes the parsed JSON document and returns the JSON answer,
or raises :class:`Refusal` with one sentence naming the player and the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Msg, Refusal, check_players, refuse


def _players(data: dict[str, Any], most: int, least: int = 1) -> list[Any]:
    players = data.get("players")
    if not isinstance(players, list) or not least <= len(players) <= most:
        count = len(players) if isinstance(players, list) else "no"
        raise refuse(f"settle needs a list of {least} to {most} players, got {count}",
                     f"プレイヤーは {least}〜{most} 人のリストで指定してください（{count}）")
    return players


def _named(entry: Any, index: int, seen: set[str]) -> str:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"]:
        raise refuse(f"player {index + 1} needs an object with a \"name\"",
                     f"{index + 1} 人目のプレイヤーには \"name\" が必要です")
    name: str = entry["name"]
    if name in seen:
        raise refuse(f"player {name}: the name is used twice", f"プレイヤー {name}：名前が重複しています")
    seen.add(name)
    return name


def _for_player(name: str, error: Refusal) -> Refusal:
    return Refusal(Msg(f"player {name}: ", f"プレイヤー {name}：") + error.msg)


def _claim(owner: dict[Any, str], cards: list[Any], name: str, show: Callable[[Any], str],
           elsewhere: Callable[[str], Msg]) -> None:
    """Record that ``name`` holds ``cards``; a card held twice is refused (each card exists once)."""
    for card in cards:
        if card in owner:
            other = owner[card]
            where = Msg("twice", "2回") if other == name else elsewhere(other)
            raise refuse(f"{show(card)} appears {where.en}; each card exists once",
                         f"{show(card)} が重複しています（{where.ja}）")
        owner[card] = name


def _card_list(value: Any, what: Msg) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        raise Refusal(Msg("", "") + what + Msg(" must be a list of cards", " はカードのリストです"))
    return [str(v) for v in value]


def settle_fortress(data: dict[str, Any], explain: bool, lang: Lang, deck: Any = None) -> dict[str, Any]:
    if deck is None:
        deck = fortress.Deck.from_data(load_deck_data("fortress", data.get("deck")))
    seen_names: set[str] = set()
    owner: dict[fortress.Card, str] = {}
    results = []
    for index, entry in enumerate(_players(data, fortress.MAX_PLAYERS)):
        name = _named(entry, index, seen_names)
        try:
            raw_columns = entry.get("fortress", [])
            if not isinstance(raw_columns, list):
                raise refuse("\"fortress\" must be a list of columns", "\"fortress\" は列のリストです")
            columns = [[deck.parse(t) for t in _card_list(c, Msg("a column", "列"))]
                       for c in raw_columns]
            hand = [deck.parse(t) for t in _card_list(entry.get("hand", []), Msg("\"hand\"", "\"hand\""))]
            _claim(owner, [c for column in columns for c in column] + hand, name, str,
                   lambda other: Msg(f"also under {other}", f"{other}にもあります"))
            problem = fortress.row_problem(columns, deck.ranks)
            if problem is not None:
                raise Refusal(Msg("the fortress breaks F-11: ", "砦が F-11 に反します：") + problem)
        except Refusal as error:
            raise _for_player(name, error) from None
        heights = [len(c) for c in columns]
        result = fortress.score(columns, hand, fortress.best_pair(heights))
        row: dict[str, Any] = {
            "name": name, "columns": result.columns, "tallest": result.tallest,
            "pair": None if result.pair is None else {"from": result.pair.source,
                                                      "to": result.pair.target},
            "points": result.points, "penalty": result.penalty, "score": result.score,
        }
        if explain:
            row["explanation"] = result.explanation.text(lang)
        results.append(row)
    top = fortress.winners([r["score"] for r in results])
    return {"game": "fortress", "players": results, "winners": [results[i]["name"] for i in top]}


def settle_homalet(data: dict[str, Any], explain: bool, lang: Lang, deck: Any = None) -> dict[str, Any]:
    if deck is None:
        deck = homalet.Deck.from_data(load_deck_data("homalet", data.get("deck")))
    seen_names: set[str] = set()
    owner: dict[int, str] = {}
    names, piles = [], []
    for index, entry in enumerate(_players(data, homalet.MAX_PLAYERS)):
        name = _named(entry, index, seen_names)
        try:
            pile = [homalet.parse_card(t) for t in _card_list(entry.get("pile", []), Msg("\"pile\"", "\"pile\""))]
            _claim(owner, pile, name, homalet.fmt,
                   lambda other: Msg(f"also in {other}'s pile", f"{other}の得点札にもあります"))
        except Refusal as error:
            raise _for_player(name, error) from None
        names.append(name)
        piles.append(pile)
    results = []
    for name, pile in zip(names, piles, strict=True):
        result = homalet.score(pile, deck)
        row: dict[str, Any] = {"name": name, "cards": result.cards, "same_digit": result.same_digit,
                               "run": result.run, "spring": result.spring, "score": result.score}
        if explain:
            row["explanation"] = result.explanation.text(lang)
        results.append(row)
    top = homalet.winners([r["score"] for r in results], piles)
    return {"game": "homalet", "players": results, "winners": [names[i] for i in top]}


def settle_dragoness(data: dict[str, Any], explain: bool, lang: Lang, deck: Any = None) -> dict[str, Any]:
    """``deck`` is unused: Dragoness results are counts and points, not cards."""
    names = data.get("players")
    low, high, last, hand = dragoness.MIN_PLAYERS, dragoness.MAX_PLAYERS, dragoness.ROUNDS, dragoness.HAND
    if (not isinstance(names, list) or not all(isinstance(n, str) and n for n in names)
            or not low <= len(names) <= high):
        raise refuse(f"\"players\" must list {low} to {high} player names (D-2)",
                     f"\"players\" には {low}〜{high} 人の名前を並べてください")
    check_players(tuple(names), low, high, dragoness.TITLE)
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not 1 <= len(rounds) <= last:
        count = len(rounds) if isinstance(rounds, list) else "no"
        raise refuse(f"\"rounds\" must list 1 to {last} rounds, got {count} (D-11)",
                     f"\"rounds\" は 1〜{last} ラウンドです（{count}）")
    results, explanations = [], []
    for number, entry in enumerate(rounds, start=1):
        where = Msg(f"round {number}: ", f"第{number}ラウンド：")
        if not isinstance(entry, dict) or entry.get("out") not in names:
            raise Refusal(where + Msg(f"\"out\" must name one of the players ({', '.join(names)})",
                                      f"\"out\" にはプレイヤーの誰か（{'、'.join(names)}）を書いてください"))
        out = entry["out"]
        left = entry.get("cards_left")
        if not isinstance(left, dict):
            raise Refusal(where + Msg("\"cards_left\" must map each other player to a count",
                                      "\"cards_left\" には他の各プレイヤーの残り枚数を書いてください"))
        if out in left:
            raise Refusal(where + Msg(f"player {out}: went out, so has no cards_left entry",
                                      f"プレイヤー {out}：上がった人は cards_left に書きません"))
        for name in names:
            if name == out:
                continue
            if name not in left:
                raise Refusal(where + Msg(f"player {name}: missing from cards_left",
                                          f"プレイヤー {name}：cards_left にありません"))
            count = left[name]
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= hand:
                raise Refusal(where + Msg(f"player {name}: {count!r} cards left is not a count from 0 to {hand}",
                                          f"プレイヤー {name}：残り {count!r} 枚は 0〜{hand} ではありません"))
        unknown = [k for k in left if k not in names]
        if unknown:
            raise Refusal(where + Msg(f"player {unknown[0]}: not in \"players\"",
                                      f"プレイヤー {unknown[0]}：\"players\" にいません"))
        seat = {name: i for i, name in enumerate(names)}
        points, why = dragoness.round_points(seat[out], {seat[k]: v for k, v in left.items()})
        results.append({name: points[seat[name]] for name in names})
        explanations.append(f"{where.text(lang)}{why.text(lang)}")
    totals = {name: sum(r[name] for r in results) for name in names}
    top = dragoness.winners(list(totals.values()))
    answer: dict[str, Any] = {"game": "dragoness", "rounds": results, "totals": totals,
                              "complete": len(results) == dragoness.ROUNDS, "winners": [names[i] for i in top]}
    if explain:
        answer["explanation"] = explanations
    return answer


SETTLERS: dict[str, Callable[[dict[str, Any], bool, Lang, Any], dict[str, Any]]] = {
    "fortress": settle_fortress,
    "homalet": settle_homalet,
    "dragoness": settle_dragoness,
}


def settle(data: Any, explain: bool = False, lang: Lang = "en", deck: Any = None) -> dict[str, Any]:
    """The answer for a settle document; ``deck`` (the game's Deck object, e.g. a record's) is
    used instead of loading the document's deck file."""
    if not isinstance(data, dict):
        raise refuse("the input must be a JSON object with \"game\" and \"players\"",
                     "入力は \"game\" と \"players\" を持つ JSON オブジェクトです")
    game = data.get("game")
    settler = SETTLERS.get(game) if isinstance(game, str) else None
    if settler is None:
        games = ", ".join(SETTLERS)
        raise refuse(f"unknown game {game!r}: settle knows {games}",
                     f"不明なゲーム {game!r}：対応するのは {games} です")
    return settler(data, explain, lang, deck)

"""``companion settle``: each game's end-of-game arithmetic (F-13, F-14, H-11, H-12, D-10,
D-11), from a document read by ``read.py``."""

from __future__ import annotations

from typing import Any

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Msg, Refusal, check_players, refuse, winner_words
from companion.rules.deck_rules import check_keys, label, shown
from companion.settle.read import (
    _card_list,
    _claim,
    _entry,
    _for_player,
    _name,
    _pair,
    _players,
)


def settle_fortress(data: dict[str, Any], explain: bool, lang: Lang, deck: Any) -> dict[str, Any]:
    seen_names: set[str] = set()
    owner: dict[fortress.Card, str] = {}
    results = []
    for index, entry in enumerate(_players(data, fortress.MAX_PLAYERS)):
        name = _entry(entry, index, seen_names, ("fortress", "hand", "pair"), ("fortress",))
        try:
            raw_columns = entry["fortress"]
            if not isinstance(raw_columns, list):
                raise refuse(
                    f'"fortress" must be a list of columns, not {shown(raw_columns)}',
                    f'"fortress" は縦列のリストです（{shown(raw_columns)} は不可）',
                )
            columns = [
                [deck.parse(t) for t in _card_list(c, Msg(f"column {i}", f"縦列{i}"))]
                for i, c in enumerate(raw_columns, 1)
            ]  # counted from 1, as people read them
            hand = [deck.parse(t) for t in _card_list(entry.get("hand", []), Msg('"hand"', '"hand"'))]
            _claim(
                owner,
                [c for column in columns for c in column] + hand,
                name,
                str,
                lambda other: Msg(f"also under {other}", f"{other}にもあります"),
            )
            problem = fortress.row_problem(columns, deck.ranks)
            if problem is not None:
                raise Refusal(Msg("the fortress breaks F-11: ", "砦がF-11に反します。") + problem)
            heights = [len(c) for c in columns]
            pair = _pair(entry["pair"], heights) if "pair" in entry else fortress.best_pair(heights)
        except Refusal as error:
            raise _for_player(name, error) from None
        result = fortress.score(columns, hand, pair, deck)
        row: dict[str, Any] = {
            "name": name,
            "columns": result.columns,
            "tallest": result.tallest,
            "pair": None if result.pair is None else {"from": result.pair.source, "to": result.pair.target},
            "points": result.points,
            "penalty": result.penalty,
            "score": result.score,
        }
        if explain:
            row["explanation"] = result.explanation.text(lang)
        results.append(row)
    totals = [r["score"] for r in results]
    top = fortress.winners(totals)
    answer = {"game": "fortress", "players": results, "winners": [results[i]["name"] for i in top]}
    if explain and results:
        answer["winners_explanation"] = winner_words([r["name"] for r in results], top, max(totals), "F-14").text(lang)
    return answer


def settle_homalet(data: dict[str, Any], explain: bool, lang: Lang, deck: Any) -> dict[str, Any]:
    seen_names: set[str] = set()
    owner: dict[int, str] = {}
    names, piles = [], []
    players = _players(data, homalet.MAX_PLAYERS)
    # H-1: a table of N plays with 00 to N×10−1 (fewer than a table listed: the table's size is not known)
    used = homalet.cards_for(len(players) if len(players) >= homalet.MIN_PLAYERS else homalet.MAX_PLAYERS)
    for index, entry in enumerate(players):
        name = _entry(entry, index, seen_names, ("pile",), ("pile",))
        try:
            pile = [homalet.parse_card(t) for t in _card_list(entry["pile"], Msg('"pile"', '"pile"'))]
            unused = [c for c in pile if c not in used]
            if unused:
                n, last = len(players), homalet.fmt(used[-1])
                raise refuse(
                    f"{homalet.fmt(unused[0])} is not used with {n} players: the game uses 00 to {last} (H-1)",
                    f"{homalet.fmt(unused[0])}は{n}人では使いません。使うのは00〜{last}です（H-1）",
                )
            _claim(
                owner,
                pile,
                name,
                homalet.fmt,
                lambda other: Msg(f"also in {other}'s pile", f"{other}の獲得札にもあります"),
            )
        except Refusal as error:
            raise _for_player(name, error) from None
        names.append(name)
        piles.append(pile)
    results = []
    for name, pile in zip(names, piles, strict=True):
        result = homalet.score(pile, deck)
        row: dict[str, Any] = {
            "name": name,
            "cards": result.cards,
            "same_digit": result.same_digit,
            "run": result.run,
            "spring": result.spring,
            "score": result.score,
        }
        if explain:
            row["explanation"] = result.explanation.text(lang)
            row["largest"] = homalet.fmt(max(pile)) if pile else ""  # what breaks a tie (H-12)
        results.append(row)
    totals = [r["score"] for r in results]
    top = homalet.winners(totals, piles)
    answer = {"game": "homalet", "players": results, "winners": [names[i] for i in top]}
    if explain and results:
        answer["winners_explanation"] = homalet.winner_words(names, totals, piles).text(lang)
    return answer


def _dragoness_names(data: dict[str, Any]) -> list[str]:
    names = data["players"]
    low, high = dragoness.MIN_PLAYERS, dragoness.MAX_PLAYERS
    if not isinstance(names, list) or not low <= len(names) <= high:
        what = len(names) if isinstance(names, list) else shown(names)
        raise refuse(
            f'"players" must list {low} to {high} player names (D-2), not {what}',
            f'"players" には{low}〜{high}人の名前を並べてください（D-2。{what} は不可）',
        )
    for i, value in enumerate(names):
        _name(value, Msg(f"player {i + 1}: ", f"{i + 1}人目のプレイヤー："))
    check_players(tuple(names), low, high, dragoness.TITLE)
    return names


def _round(entry: Any, where: Msg, names: list[str]) -> tuple[str, dict[str, int]]:
    """One round: who went out, and everyone else's cards left, each from 1 to 13 (D-10: the round
    ended when the first player went out, so nobody else has an empty hand)."""
    hand = dragoness.HAND
    everyone = Msg(", ".join(label(n) for n in names), "、".join(label(n) for n in names))
    if not isinstance(entry, dict):
        raise Refusal(
            where
            + Msg(
                f'must be an object with "out" and "cards_left", not {shown(entry)}',
                f'"out" と "cards_left" を持つオブジェクトです（{shown(entry)} は不可）',
            )
        )
    check_keys(entry, ("out", "cards_left"), ("out", "cards_left"), where)
    out = entry["out"]
    if out not in names:
        raise Refusal(
            where
            + Msg(
                f'"out" must name one of the players ({everyone.en}), not {shown(out)}',
                f'"out" にはプレイヤーの誰か（{everyone.ja}）を書いてください（{shown(out)} は不可）',
            )
        )
    left = entry["cards_left"]
    if not isinstance(left, dict):
        raise Refusal(
            where
            + Msg(
                f'"cards_left" must map each other player to a count, not {shown(left)}',
                f'"cards_left" には他の各プレイヤーの残り枚数を書いてください（{shown(left)} は不可）',
            )
        )
    if out in left:
        raise Refusal(
            where
            + Msg(
                f"player {label(out)}: went out, so has no cards_left entry",
                f"プレイヤー{label(out)}：上がった人は cards_left に書きません",
            )
        )
    unknown = [k for k in left if k not in names]
    if unknown:
        raise Refusal(
            where
            + Msg(
                f'player {label(unknown[0])}: not in "players" ({everyone.en})',
                f'プレイヤー{label(unknown[0])}："players"（{everyone.ja}）にいません',
            )
        )
    for name in names:
        if name == out:
            continue
        if name not in left:
            raise Refusal(
                where
                + Msg(
                    f"player {label(name)}: missing from cards_left",
                    f"プレイヤー{label(name)}：cards_left にありません",
                )
            )
        count = left[name]
        if count == 0 and type(count) is int:
            raise Refusal(
                where
                + Msg(
                    f"player {label(name)}: 0 cards left is impossible: the round ended when "
                    f"{label(out)} went out (D-10); write a count from 1 to {hand}",
                    f"プレイヤー{label(name)}：残り0枚はありえません。{label(out)}が"
                    f"上がった時点でラウンドは終わっています（D-10）。1〜{hand}で書いてください",
                )
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= hand:
            raise Refusal(
                where
                + Msg(
                    f"player {label(name)}: cards left must be a whole number from 1 to {hand}, not {shown(count)}",
                    f"プレイヤー{label(name)}：残り枚数は1〜{hand}の整数です（{shown(count)} は不可）",
                )
            )
    return out, left


def settle_dragoness(data: dict[str, Any], explain: bool, lang: Lang, deck: Any) -> dict[str, Any]:
    """``deck`` is unused: Dragoness results are counts and points, not cards."""
    names = _dragoness_names(data)
    rounds = data["rounds"]
    last = dragoness.ROUNDS
    if not isinstance(rounds, list) or not 1 <= len(rounds) <= last:
        what = len(rounds) if isinstance(rounds, list) else shown(rounds)
        raise refuse(
            f'"rounds" must list 1 to {last} rounds, not {what} (D-11)',
            f'"rounds" は1〜{last}ラウンドです（D-11。{what} は不可）',
        )
    results, explanations, firsts = [], [], []
    seat = {name: i for i, name in enumerate(names)}
    for number, entry in enumerate(rounds, start=1):
        where = Msg(f"round {number}: ", f"第{number}ラウンド：")
        out, left = _round(entry, where, names)
        points, _ = dragoness.round_points(seat[out], {seat[k]: v for k, v in left.items()})
        results.append({name: points[seat[name]] for name in names})
        firsts.append(out)
        explanations.append(f"{where.text(lang)}{round_words(names, out, left, results[-1]).text(lang)}")
    totals = {name: sum(r[name] for r in results) for name in names}
    top = dragoness.winners(list(totals.values()))
    answer: dict[str, Any] = {
        "game": "dragoness",
        "rounds": results,
        "totals": totals,
        "complete": len(results) == dragoness.ROUNDS,
        "winners": [names[i] for i in top],
    }
    if explain:
        answer["first_out"] = firsts
        answer["explanation"] = explanations
        answer["winners_explanation"] = winner_words(names, top, max(totals.values()), "D-11").text(lang)
    return answer


def round_words(names: list[str], out: str, left: dict[str, int], points: dict[str, int]) -> Msg:
    """One round's points with the players' names, each name with its own count of cards left (D-10),
    fewest first: ``Aki went out first: 3; Ben 2 cards left: 2; Chie 5 and Dan 5 cards left: 1
    each; Emi 6, Fumi 9 cards left: 0.``"""
    en, ja = [f"{out} went out first: 3"], [f"最初に上がった{out}に3点"]
    seat = {name: i for i, name in enumerate(names)}
    order = sorted((n for n in names if n != out), key=lambda n: (left[n], seat[n]))  # fewest left, then seat
    for got in (2, 1, 0):
        group = [n for n in order if points[n] == got]
        if not group:
            continue
        pairs = [f"{n} {left[n]}" for n in group]  # each name with its own count
        each = len(group) > 1 and got > 0
        unit = "card" if all(left[n] == 1 for n in group) else "cards"
        en.append(
            f"{' and '.join(pairs) if len(pairs) < 3 else ', '.join(pairs)} {unit} left: {got}{' each' if each else ''}"
        )
        ja.append(f"{'・'.join(f'{n}（残り{left[n]}枚）' for n in group)}に{got}点{'ずつ' if each else ''}")
    seconds = sum(1 for n in names if n != out and points[n] == 2)
    if seconds >= 2:
        en.append("no 1 given (a tie for second)")
        ja.append("2位が同点のため1点はなし")
    return Msg("; ".join(en) + ".", "。".join(ja) + "。")

"""``companion settle``: end-of-game arithmetic from JSON, for each game.

Each ``settle_*`` function takes the parsed JSON document and returns the JSON answer,
or raises :class:`Refusal` with one sentence naming the player and the problem. A score people
trust must never come from a typo: every key is checked (an unknown one is refused with the
closest allowed key), and every name or value a message repeats is quoted on one line.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Msg, Refusal, check_players, name_refusal, plain_name, refuse, winner_words
from companion.rules.deck_rules import check_keys, label, shown

TOKEN = 16  # longer than any card anyone writes


def _players(data: dict[str, Any], most: int, least: int = 1) -> list[Any]:
    players = data["players"]
    if not isinstance(players, list):
        raise refuse(
            f'"players" must be a list of {least} to {most} players, not {shown(players)}',
            f'"players" は{least}〜{most}人のプレイヤーのリストです（{shown(players)} は不可）',
        )
    if not least <= len(players) <= most:
        raise refuse(
            f'"players" must list {least} to {most} players, not {len(players)}',
            f'"players" には{least}〜{most}人を並べてください（{len(players)}人は不可）',
        )
    return players


def _name(value: Any, where: Msg) -> str:
    """A player's name (:func:`~companion.rules.common.plain_name`: the one rule for names; it is
    echoed in the answer and in messages)."""
    if not plain_name(value):
        raise Refusal(where + name_refusal(value).msg)
    name: str = value
    return name


def _entry(entry: Any, index: int, seen: set[str], keys: tuple[str, ...], required: tuple[str, ...]) -> str:
    """Player ``index``'s object: its keys checked, its name returned (each name once)."""
    where = Msg(f"player {index + 1}: ", f"{index + 1}人目のプレイヤー：")
    if not isinstance(entry, dict):
        raise Refusal(
            where
            + Msg(
                f'must be an object with "name", not {shown(entry)}',
                f'"name" を持つオブジェクトです（{shown(entry)} は不可）',
            )
        )
    check_keys(
        entry, ("name", *keys), ("name", *required), _who(entry["name"]) if plain_name(entry.get("name")) else where
    )
    name = _name(entry["name"], where)
    if name in seen:
        raise refuse(f"player {label(name)}: the name is used twice", f"プレイヤー{label(name)}：名前が重複しています")
    seen.add(name)
    return name


def _who(name: str) -> Msg:
    return Msg(f"player {label(name)}: ", f"プレイヤー{label(name)}：")


def _for_player(name: str, error: Refusal) -> Refusal:
    return Refusal(_who(name) + error.msg)


def _claim(
    owner: dict[Any, str], cards: list[Any], name: str, show: Callable[[Any], str], elsewhere: Callable[[str], Msg]
) -> None:
    """Record that ``name`` holds ``cards``; a card held twice is refused (each card exists once)."""
    for card in cards:
        if card in owner:
            other = owner[card]
            where = Msg("twice", "2回") if other == name else elsewhere(label(other))
            raise refuse(
                f"{show(card)} appears {where.en}; each card exists once",
                f"{show(card)} が重複しています（{where.ja}）",
            )
        owner[card] = name


def _card_list(value: Any, what: Msg) -> list[str]:
    """Card tokens: a list of strings (or whole numbers, for HOMALET's ``7``), each short."""
    if not isinstance(value, list):
        raise Refusal(
            what
            + Msg(f" must be a list of cards, not {shown(value)}", f" はカードのリストです（{shown(value)} は不可）")
        )
    for v in value:
        if isinstance(v, bool) or not isinstance(v, str | int) or len(str(v)) > TOKEN:
            raise Refusal(
                what + Msg(f" holds {shown(v)}, which is not a card", f" の {shown(v)} はカードではありません")
            )
    return [str(v) for v in value]


def _deck_file(data: dict[str, Any], deck: str | None, base: Path | None) -> str | None:
    """The deck file to use: ``--deck`` as given, else ``"deck"`` in the input, found beside the input file."""
    if deck is not None:
        return deck
    if "deck" not in data:
        return None
    path = data["deck"]
    if not isinstance(path, str) or not path.strip() or "\0" in path:
        raise refuse(
            f'"deck" must be the path of a deck file, as a string, not {shown(path)}',
            f'"deck" にはデッキファイルのパスを文字列で書きます（{shown(path)} は不可）',
        )
    return str(base / path) if base is not None else path


def _pair(value: Any, heights: list[int]) -> fortress.Pair | None:
    """F-13: the face-down pair the player chose, ``{"from": i, "to": j}`` (column indexes), or null
    when declined; without ``"pair"`` settle takes the best one."""
    if value is None:
        return None
    where = Msg('"pair": ', '"pair"：')
    if not isinstance(value, dict):
        raise Refusal(
            where
            + Msg(
                f'must be null (declined) or {{"from": column, "to": column}}, not {shown(value)}',
                f'null（使わない）か {{"from": 縦列, "to": 縦列}} です（{shown(value)} は不可）',
            )
        )
    check_keys(value, ("from", "to"), ("from", "to"), where)
    ends = [value["from"], value["to"]]
    if any(isinstance(v, bool) or not isinstance(v, int) for v in ends):
        raise Refusal(
            where
            + Msg(f"columns are whole numbers, not {shown(ends)}", f"縦列の番号は整数です（{shown(ends)} は不可）")
        )
    pair = fortress.Pair(ends[0], ends[1])
    problem = fortress.pair_problem(heights, pair, base=0)  # the file's indexes
    if problem is not None:
        raise Refusal(Msg("the face-down pair is not possible (F-13): ", "裏向きペアは作れません（F-13）。") + problem)
    return pair


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
    """One round's points with the players' names (D-10): ``Aki went out first: 3; Ben (2 cards):
    2; Chie (5 cards): 1; Dan (9 cards): 0.``"""
    en, ja = [f"{out} went out first: 3"], [f"最初に上がった{out}に3点"]
    for got in (2, 1, 0):
        group = [n for n in names if n != out and points[n] == got]
        if not group:
            continue
        counts = sorted({left[n] for n in group})
        cards = "/".join(map(str, counts))
        each = len(group) > 1 and got > 0
        en.append(
            f"{' and '.join(group) if len(group) < 3 else ', '.join(group)} ({cards} "
            f"{'card' if counts == [1] else 'cards'} left): {got}{' each' if each else ''}"
        )
        ja.append(f"{'・'.join(group)}（残り{cards}枚）に{got}点{'ずつ' if each else ''}")
    seconds = sum(1 for n in names if n != out and points[n] == 2)
    if seconds >= 2:
        en.append("no 1 given (a tie for second)")
        ja.append("2位が同点のため1点はなし")
    return Msg("; ".join(en) + ".", "。".join(ja) + "。")


def round_table(answer: dict[str, Any], lang: Lang) -> list[str]:
    """A Reign of Dragoness answer as a table, a row per player and a column per round (points,
    ``*`` where the player went out first), the totals last, and a line naming who went out first."""
    names = list(answer["totals"])
    rounds = answer["rounds"]
    firsts: list[str] = answer.get("first_out", [])
    name_cells = max([_cells(n) for n in names] + [_cells(Msg("Player", "プレイヤー").text(lang))])
    head = [Msg(f"R{i}", f"第{i}").text(lang) for i in range(1, len(rounds) + 1)] + [Msg("Total", "合計").text(lang)]
    width = max(4, *(_cells(h) + 1 for h in head))
    lines = [_pad(Msg("Player", "プレイヤー").text(lang), name_cells) + "".join(_pad(h, width, True) for h in head)]
    for name in names:
        row = _pad(name, name_cells)
        for i, r in enumerate(rounds):
            mark = "*" if i < len(firsts) and firsts[i] == name else " "
            row += _pad(f"{r[name]}{mark}", width, True)
        row += _pad(f"{answer['totals'][name]} ", width, True)
        lines.append(row.rstrip())
    if firsts:
        sep = ", " if lang == "en" else "、"
        lines.append(
            Msg("* went out first: ", "* は最初に上がった人：").text(lang)
            + sep.join(Msg(f"R{i} {n}", f"第{i} {n}").text(lang) for i, n in enumerate(firsts, start=1))
        )
    return lines


def _cells(text: str) -> int:
    """Terminal cells ``text`` takes (wide East Asian characters two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, cells: int, right: bool = False) -> str:
    room = " " * max(0, cells - _cells(text))
    return room + text if right else text + room + " "


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


def settle_text(answer: dict[str, Any], lang: Lang = "en") -> str:
    """A settle answer made with ``explain`` as plain lines for people at a table: each player's
    arithmetic (or each round's, in Reign of Dragoness), the totals, and who won and why."""
    lines: list[str] = []
    if answer["game"] == "dragoness":
        lines.extend(round_table(answer, lang))
        lines.extend(answer.get("explanation", []))
        totals = answer["totals"]
        lines.append(
            Msg("Totals: ", "合計：").text(lang)
            + (", " if lang == "en" else "、").join(
                f"{n} {t}" if lang == "en" else f"{n}が{t}点" for n, t in totals.items()
            )
            + ("" if lang == "en" else "。")
        )
        if not answer["complete"]:
            lines.append(
                Msg(
                    f"{len(answer['rounds'])} of {dragoness.ROUNDS} rounds played so far.",
                    f"{dragoness.ROUNDS}ラウンド中{len(answer['rounds'])}ラウンド終了。",
                ).text(lang)
            )
    else:
        for row in answer["players"]:
            lines.append(
                f"{row['name']}: {row.get('explanation', row['score'])}"
                if lang == "en"
                else f"{row['name']}：{row.get('explanation', row['score'])}"
            )
    if "winners_explanation" in answer:
        lines.append(answer["winners_explanation"])
    return "\n".join(lines)

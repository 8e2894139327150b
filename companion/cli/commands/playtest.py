"""``companion stats --playtest``: the playtest analysis of the stored finished games (companion.analysis.playtest)
as a report, JSON, or CSV rows (one per player per game)."""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections.abc import Sequence

from companion.analysis.playtest import CSV_HEADS, PlayedGame, csv_rows, report, summarise, version_matches
from companion.rules.common import Lang, Msg


def chosen(
    games: Sequence[PlayedGame],
    game: str | None,
    version: str | None,
    players: int | None,
    policy: str | None = None,
) -> list[PlayedGame]:
    """The games of ``game``, deck ``version``, player count ``players`` and ``policy`` (None: any; a
    policy as named or in full, ``lookahead`` meaning ``lookahead:64``)."""
    wanted = None if policy is None else policy_label(policy)
    return [
        g
        for g in games
        if (game is None or g.game == game)
        and (version is None or version_matches(g.deck_version, version))
        and (players is None or len(g.players) == players)
        and (wanted is None or g.policy in (wanted, policy))
    ]


def policy_label(policy: str) -> str:
    """``policy`` as results name it (``lookahead`` → ``lookahead:64``; a seat list kept as it is),
    as typed when it is not one (nothing matches it then)."""
    from companion.rules.common import Refusal
    from companion.simulate.policies import label, seat_policies

    try:
        names = seat_policies(policy, len(policy.split(",")))
    except Refusal:
        return policy
    return label(names) if len(names) > 1 else names[0]


def print_playtest(games: Sequence[PlayedGame], args: argparse.Namespace, lang: Lang) -> int:
    """Print the analysis of ``games`` as ``args`` ask (--json, --csv, or a report); the exit status."""
    from companion.rules.games import ENGINES

    picked = chosen(games, args.game, args.deck_version, args.players, getattr(args, "policy", None))
    if args.csv:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(CSV_HEADS)
        writer.writerows(csv_rows(picked))
        print(buffer.getvalue(), end="")
        return 0
    groups = summarise(picked)
    if args.json:
        print(json.dumps([g.to_data(lang) for g in groups], ensure_ascii=False))
        return 0
    if not groups:
        print(Msg("no finished games to analyse yet", "分析できる終わったゲームはまだありません").text(lang))
        return 0
    titles = {name: engine.TITLE for name, engine in ENGINES.items()}
    print("\n".join(report(groups, titles, lang)))
    return 0

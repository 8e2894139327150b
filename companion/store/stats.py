"""What the store tells about many games: the history's summaries, each player's statistics, two
players head to head, and the finished games as the playtest analysis reads them."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from companion.rules.common import refuse
from companion.store.database import Database

if TYPE_CHECKING:
    from companion.analysis.playtest import PlayedGame


@dataclasses.dataclass(frozen=True)
class GameSummary:
    """One stored game as the history lists it."""

    id: int
    game: str
    players: tuple[str, ...]
    created: str
    updated: str
    finished: bool
    winners: tuple[str, ...]
    mode: str  # "track": played action by action; "sheet": stored from its results alone
    actions: int  # actions in effect (0 for a score sheet)

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["players"], data["winners"] = list(self.players), list(self.winners)
        return data


@dataclasses.dataclass(frozen=True)
class StatRow:
    """One player's record at one game, from every finished game stored (exact, not sampled)."""

    player: str
    game: str
    plays: int
    wins: int  # a shared win counts for each winner
    total: int  # the sum of the scores: average = total / plays
    best: int
    worst: int
    last_played: str

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays

    @property
    def average(self) -> float:
        return self.total / self.plays

    def to_data(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "win_rate": self.win_rate, "average": self.average}


@dataclasses.dataclass(frozen=True)
class HeadToHead:
    """Two players over the finished games both played: who won, who scored more."""

    a: str
    b: str
    games: int
    a_wins: int  # games a won (shared wins included)
    b_wins: int
    shared: int  # games both won
    a_ahead: int  # games where a scored more than b
    b_ahead: int
    level: int  # games where they scored the same

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def stat_rows(store: Database, game: str | None = None, player: str | None = None) -> list[StatRow]:
    """Per player and game, over every finished game stored: plays, wins, scores."""
    where, params = ["g.finished = 1", "s.score IS NOT NULL", store._real()], []
    if game is not None:
        where.append("g.game = ?")
        params.append(game)
    if player is not None:
        where.append("p.name = ?")
        params.append(player)
    with store._guard():
        rows = store.db.execute(
            "SELECT p.name, g.game, COUNT(*), SUM(s.won), SUM(s.score), MAX(s.score), MIN(s.score), "
            "MAX(g.updated) FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id "
            f"WHERE {' AND '.join(where)} GROUP BY p.id, g.game "
            "ORDER BY g.game, SUM(s.won) DESC, COUNT(*) DESC, p.name",
            params,
        ).fetchall()
    for r in rows:
        store._check(r, "ssiiiiis", "the statistics")
    return [StatRow(*r) for r in rows]


POLICY_SHOWN = 200  # characters of a stored policy read (companion simulate writes far fewer)


def played_games(store: Database, simulated: bool = False) -> list[PlayedGame]:
    """Every finished, settled game as the playtest analysis reads it (companion.analysis.playtest), oldest first:
    its deck's version, seats, scores, winners, start seat, actions in effect and minutes from the
    first action's time to the last (none for a score sheet). The real games; ``simulated``: the
    games ``companion simulate --store`` kept instead, marked simulated."""
    from companion.analysis.playtest import PlayedGame, deck_version, minutes_between

    with store._guard(), store._read():
        rows = store.db.execute(
            f"SELECT g.id, g.game, g.deck, {'g.deck_version' if store.version >= 3 else 'NULL'}, g.start, g.mode, "
            f"{'g.policy' if store.version >= 4 else 'NULL'}, "
            "g.position, g.updated, "
            "(SELECT time FROM actions a WHERE a.game_id = g.id AND a.seq = 0), "
            "(SELECT time FROM actions a WHERE a.game_id = g.id AND a.seq = g.position - 1) "
            f"FROM games g WHERE g.finished = 1 AND {store._real(simulated=simulated)} ORDER BY g.id"
        ).fetchall()
        seats: dict[int, list[tuple[str, int | None, int | None]]] = {}
        for game_id, name, score, won in store.db.execute(
            "SELECT s.game_id, p.name, s.score, s.won FROM seats s JOIN players p ON p.id = s.player_id "
            f"JOIN games g ON g.id = s.game_id WHERE g.finished = 1 AND {store._real(simulated=simulated)} "
            "ORDER BY s.game_id, s.seat"
        ):
            seats.setdefault(game_id, []).append((name, score, won))
    versions: dict[tuple[str, str | None], str] = {}  # deck JSON and version -> label: most games share a few
    out = []
    for game_id, game, deck, version, start, mode, policy, position, updated, first, last in rows:
        seated = seats.get(game_id, [])
        if not seated or any(score is None for _, score, _ in seated):
            continue  # finished but not settled (a settle refusal): nothing to count
        if (deck, version) not in versions:
            versions[deck, version] = deck_version(json.loads(deck), version if isinstance(version, str) else None)
        end = last if mode == "track" and last else updated
        out.append(
            PlayedGame(
                str(game_id),
                game,
                end,
                versions[deck, version],
                tuple(name for name, _, _ in seated),
                tuple(int(score or 0) for _, score, _ in seated),
                frozenset(seat for seat, (_, _, won) in enumerate(seated) if won),
                start,
                position if mode == "track" else None,
                minutes_between(first, last) if mode == "track" else None,
                simulated=simulated,
                policy=policy[:POLICY_SHOWN] if isinstance(policy, str) else "",
            )
        )
    return out


def head_to_head(store: Database, a: str, b: str, game: str | None = None) -> HeadToHead:
    """``a`` against ``b`` over the finished games both played (of ``game``, if given)."""
    if a == b:
        raise refuse("head to head needs two different players", "対戦成績には別々の二人が必要です")
    query = (
        "SELECT sa.won, sb.won, sa.score, sb.score FROM games g "
        "JOIN seats sa ON sa.game_id = g.id JOIN players pa ON pa.id = sa.player_id AND pa.name = ? "
        "JOIN seats sb ON sb.game_id = g.id JOIN players pb ON pb.id = sb.player_id AND pb.name = ? "
        f"WHERE g.finished = 1 AND sa.score IS NOT NULL AND sb.score IS NOT NULL AND {store._real()}"
    )
    params: list[Any] = [a, b]
    if game is not None:
        query += " AND g.game = ?"
        params.append(game)
    with store._guard():
        rows = store.db.execute(query, params).fetchall()
    return HeadToHead(
        a,
        b,
        len(rows),
        sum(r[0] for r in rows),
        sum(r[1] for r in rows),
        sum(r[0] and r[1] for r in rows),
        sum(r[2] > r[3] for r in rows),
        sum(r[2] < r[3] for r in rows),
        sum(r[2] == r[3] for r in rows),
    )

"""Playtest analysis: what a designer asks of a pile of finished games, per game, deck version and
player count — is there a seat or start-player advantage, how close are the scores, how long does a
game take. Pure functions over plain data (:class:`PlayedGame`); the store and ``companion simulate``
supply the games.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import statistics
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from companion.rules.common import Msg
from companion.rules.engine import ActionShape, GameEngine, SetupShape, StateShape

Z95 = 1.959963984540054  # the standard normal quantile of 97.5 %: a 95 % two-sided interval
ENOUGH = 30  # fewer games than this in a group: said plainly to be too few to tell
CSV_HEADS = (
    "game_id",
    "date",
    "game",
    "deck_version",
    "players",
    "seat",
    "player",
    "start_player",
    "score",
    "rank",
    "won",
    "actions",
    "minutes",
    "simulated",
    "lead_changes",
    "policy",
)


def deck_hash(deck: Mapping[str, Any]) -> str:
    """A short hash of the deck data a game used (8 hex digits): two printings never mix."""
    text = json.dumps(deck, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def deck_version(deck: Mapping[str, Any], version: str | None = None) -> str:
    """The deck's version as shown: ``version`` (default: the deck's ``version`` key), if there is one,
    and the short hash of its data (``2.1+1a2b3c4d``), or the hash alone."""
    version = deck.get("version") if version is None else version
    return f"{version}+{deck_hash(deck)}" if isinstance(version, str | int) and str(version) else deck_hash(deck)


def version_matches(label: str, wanted: str) -> bool:
    """Whether a deck version ``label`` is the one asked for: the whole label, its version, or its hash."""
    version, _, digest = label.rpartition("+")
    return wanted in (label, version, digest) or (len(wanted) >= 4 and (digest or label).startswith(wanted))


@dataclasses.dataclass(frozen=True)
class PlayedGame:
    """One finished game as the analysis sees it. ``winners`` are seats (a shared win holds each winner);
    ``start`` the start seat (None: no start player, D-6); ``minutes`` None where the times were not kept."""

    id: str
    game: str
    date: str
    deck_version: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    winners: frozenset[int]
    start: int | None
    actions: int | None  # None for a game stored from its results alone
    minutes: float | None
    simulated: bool = False
    lead_changes: int | None = None  # None where the game was not replayed (a score sheet)
    policy: str = ""  # a simulated game: its table's policy (companion.simulate.policies.label); "" for a real one
    events: tuple[tuple[str, int], ...] = ()  # a simulated game: how often each rule fired (companion.simulate.events)


class Leads:
    """Who leads on a running score, and how often the lead changed. The leader is the one seat strictly
    ahead of every other; while seats are level at the top the lead stays where it was (nobody leads
    before anyone is strictly ahead). A change is a seat taking the lead from another: the first leader
    is no change, and a seat that draws level and then goes ahead again has not changed it."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def see(self, scores: Sequence[int]) -> None:
        """The running scores after one more action, by seat."""
        if not scores:
            return
        top = max(scores)
        first = scores.index(top)
        if first == self.leader or top in scores[first + 1 :]:
            return
        if self.leader is not None:
            self.changes += 1
        self.leader = first


def lead_changes(running: Iterable[Sequence[int]]) -> int:
    """How often the lead changed (:class:`Leads`) over a game's running scores, one row an action."""
    leads = Leads()
    for scores in running:
        leads.see(scores)
    return leads.changes


class Running:
    """Each seat's running score as the rules define it so far, state after state of one game: Six-Suit
    Fortress the F-14 score of the fortress built and the hand as the table knows it (the best face-down
    pair while undecided, F-13); HOMALET the H-11 score of each score pile; Reign of Dragoness the round
    points so far (D-10). What a score is made of is remembered, so a state that changed nothing of it
    costs a look-up (a simulated table asks after every action)."""

    def __init__(self, game: str) -> None:
        if game not in ("fortress", "homalet", "dragoness"):
            raise ValueError(f"no running score for {game!r}")
        self.game = game
        self._known: dict[Any, int] = {}
        self._last: list[tuple[Any, ...] | None] = []  # by seat: what the score was made of, and it
        self._inputs: tuple[tuple[Any, ...], tuple[int, ...]] | None = None  # the last state's, and its scores
        from companion.rules import dragoness, fortress, homalet  # looked up once, not after every action

        self._rules = dragoness, fortress, homalet

    def __call__(self, state: StateShape) -> tuple[int, ...]:
        dragoness, fortress, homalet = self._rules
        if isinstance(state, dragoness.State):
            return tuple(state.totals())
        out = []
        if isinstance(state, homalet.State):
            known = self._known
            if len(known) > 256:  # a bound: memory stays flat however long the game
                known.clear()
            deck = state.setup.deck
            for pile in state.piles:
                value = known.get(pile)
                if value is None:
                    value = known[pile] = homalet.score(pile, deck).score
                out.append(value)
            return tuple(out)
        if not isinstance(state, fortress.State):
            raise TypeError(f"no running score for a {type(state).__qualname__}")
        forts, pairs, finals, hands = state.fortresses, state.pairs, state.final_hands, state.known_hands
        inputs = (forts, hands, finals, pairs)
        before = self._inputs
        if before is not None:
            was = before[0]
            if was[0] is forts and was[1] is hands and was[2] is finals and was[3] is pairs:
                return before[1]  # nothing a score is made of changed (a card revealed, say)
        last = self._last
        if len(last) != len(forts):
            last[:] = [None] * len(forts)
        for p, columns in enumerate(forts):
            hand = hands[p] if finals[p] is None else finals[p]
            choice = pairs[p]
            seen = last[p]
            # a state shares every value it did not change (evolve): the same objects, the same score
            if seen is not None and seen[0] is columns and seen[1] is hand and seen[2] is choice:
                out.append(seen[3])
                continue
            heights = [len(c) for c in columns]
            if seen is not None and seen[4] == heights and seen[2] == choice:
                points = seen[5]  # the same heights: the same points (F-13, F-14)
            else:
                pair = fortress.best_pair(heights) if isinstance(choice, str) else choice  # str: UNDECIDED
                points = fortress.points(fortress.heights_after(heights, pair))[2]
            if seen is not None and seen[1] == hand:
                minus = seen[6]  # the same cards in hand: the same penalty
            else:
                minus = sum(fortress.penalty(tuple(hand)).values()) if hand else 0
            last[p] = (columns, hand, choice, points - minus, heights, points, minus)
            out.append(points - minus)
        self._inputs = (inputs, tuple(out))
        return self._inputs[1]


def running_scores(game: str, state: StateShape) -> tuple[int, ...]:
    """Each seat's running score in ``state`` (:class:`Running`)."""
    return Running(game)(state)


def replayed_lead_changes(game: str, engine: GameEngine, setup: SetupShape, actions: Iterable[ActionShape]) -> int:
    """The lead changes of a game, from replaying its ``actions`` with its ``engine`` from ``setup``."""
    state = engine.new_state(setup)
    leads, running = Leads(), Running(game)
    for action in actions:
        state = engine.apply(state, action)[0]
        leads.see(running(state))
    return leads.changes


Replay = Callable[["PlayedGame"], tuple[GameEngine, SetupShape, Sequence[ActionShape]] | None]
"""A game's engine, setup and actions, to replay it (None: it cannot be replayed)."""


def with_lead_changes(games: Iterable[PlayedGame], replay: Replay) -> list[PlayedGame]:
    """``games`` with their lead changes, each game that has actions replayed by ``replay(game)``, which
    gives ``(engine, setup, actions)`` (None: the game cannot be replayed; it keeps no count)."""
    out = []
    for game in games:
        if game.actions is not None and game.lead_changes is None:
            found = replay(game)
            if found is not None:
                game = dataclasses.replace(game, lead_changes=replayed_lead_changes(game.game, *found))
        out.append(game)
    return out


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins`` of ``n`` (95 % by default); (0, 1) for no games."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= n:
        raise ValueError("wins must be between 0 and n")
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # at 0 or n wins the bound is exactly 0 or 1 (the formula leaves a rounding error there)
    return (0.0 if wins == 0 else max(0.0, centre - half)), (1.0 if wins == n else min(1.0, centre + half))


def margin(game: PlayedGame) -> int:
    """How far the winner is ahead of the runner-up: 0 for a shared win (or a lone player)."""
    best = max(game.scores[s] for s in game.winners) if game.winners else max(game.scores)
    others = [score for seat, score in enumerate(game.scores) if seat not in game.winners]
    if len(game.winners) > 1 or not others:
        return 0
    return best - max(others)


def places(scores: Sequence[int], winners: Collection[int]) -> list[int]:
    """Each seat's place: 1 for each winner (seats in ``winners``: a shared win is shared); any other
    seat after every winner and everyone who scored more."""
    return [
        1
        if seat in winners
        else 1 + sum(1 for other, score in enumerate(scores) if other in winners or score > scores[seat])
        for seat in range(len(scores))
    ]


@dataclasses.dataclass(frozen=True)
class Rate:
    """Wins out of games, with its 95 % Wilson interval; ``fair`` is the share one seat of N would have."""

    wins: int
    games: int
    low: float
    high: float
    fair: float

    @classmethod
    def of(cls, wins: int, games: int, fair: float) -> Rate:
        low, high = wilson(wins, games)
        return cls(wins, games, low, high, fair)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def tells(self) -> bool:
        """Whether the interval leaves out the fair share: an advantage (or handicap) these games show
        (never from fewer than :data:`ENOUGH` games)."""
        return self.games >= ENOUGH and not self.low <= self.fair <= self.high

    def to_data(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": round(self.rate, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "fair": round(self.fair, 4),
            "tells": self.tells,
        }


def spread(values: Sequence[float]) -> dict[str, float] | None:
    """The least, median, mean and most of ``values`` (None when there are none)."""
    if not values:
        return None
    return {
        "min": min(values),
        "median": statistics.median(values),
        "mean": round(statistics.fmean(values), 2),
        "max": max(values),
    }


@dataclasses.dataclass(frozen=True)
class Group:
    """The analysis of the games of one game, deck version and player count."""

    game: str
    deck_version: str
    players: int
    games: int
    simulated: int  # how many of them were simulated
    seats: tuple[Rate, ...]  # by seat, from 0
    start: Rate | None  # the start player's wins; None when the game has no start player
    margins: dict[int, int]  # margin -> how many games
    actions: dict[str, float] | None
    minutes: dict[str, float] | None
    leads: dict[str, float] | None = None  # lead changes a game
    policy: str = ""  # simulated games: how their seats chose (companion.simulate.policies.label)
    lengths: dict[int, int] = dataclasses.field(default_factory=dict)  # actions -> how many games

    @property
    def too_few(self) -> bool:
        return self.games < ENOUGH

    def warning(self) -> Msg | None:
        """The plain warning of a sample too small to tell an advantage from luck."""
        if not self.too_few:
            return None
        return Msg(
            f"only {self.games} game{'s' if self.games != 1 else ''}: too few to tell an advantage from luck "
            f"(the intervals are wide; {ENOUGH} or more begin to tell)",
            f"{self.games}ゲームだけでは少なすぎて、有利不利と運の違いは分かりません"
            f"（区間が広すぎます。{ENOUGH}ゲーム以上で見え始めます）",
        )

    def to_data(self, lang: str = "en") -> dict[str, Any]:
        warning = self.warning()
        return {
            "game": self.game,
            "deck_version": self.deck_version,
            "players": self.players,
            "policy": self.policy,
            "games": self.games,
            "simulated": self.simulated,
            "seats": [rate.to_data() for rate in self.seats],
            "start_player": None if self.start is None else self.start.to_data(),
            "margins": {str(k): v for k, v in sorted(self.margins.items())},
            "actions": self.actions,
            "minutes": self.minutes,
            "lead_changes": self.leads,
            "warning": None if warning is None else warning.text("ja" if lang == "ja" else "en"),
        }


def summarise(games: Iterable[PlayedGame]) -> list[Group]:
    """The games grouped by game, deck version, player count and policy (in that order: games played by
    different policies are never counted together), each group analysed. A shared win counts as a win
    for each winner, as settle has it."""
    grouped: dict[tuple[str, str, int, str], list[PlayedGame]] = {}
    for game in games:
        grouped.setdefault((game.game, game.deck_version, len(game.players), game.policy), []).append(game)
    out = []
    for (name, version, count, policy), members in sorted(grouped.items()):
        # a fair share: the winners a game has on average, shared out among the seats (1 / N without ties;
        # a shared win counting for each winner, every seat wins more often than 1 / N where ties are common)
        fair = sum(len(g.winners) for g in members) / (len(members) * count)
        seats = tuple(
            Rate.of(sum(1 for g in members if seat in g.winners), len(members), fair) for seat in range(count)
        )
        started = [g for g in members if g.start is not None]
        start = Rate.of(sum(1 for g in started if g.start in g.winners), len(started), fair) if started else None
        margins: dict[int, int] = {}
        lengths: dict[int, int] = {}
        for g in members:
            margins[margin(g)] = margins.get(margin(g), 0) + 1
            if g.actions is not None:
                lengths[g.actions] = lengths.get(g.actions, 0) + 1
        out.append(
            Group(
                name,
                version,
                count,
                len(members),
                sum(g.simulated for g in members),
                seats,
                start,
                margins,
                spread([g.actions for g in members if g.actions is not None]),
                spread([g.minutes for g in members if g.minutes is not None]),
                spread([g.lead_changes for g in members if g.lead_changes is not None]),
                policy,
                dict(sorted(lengths.items())),
            )
        )
    return out


def csv_rows(games: Iterable[PlayedGame]) -> Iterable[list[str]]:
    """One row per player per game (:data:`CSV_HEADS`), for a spreadsheet."""
    for game in games:
        ranks = places(game.scores, game.winners)
        minutes = "" if game.minutes is None else f"{game.minutes:g}"
        actions = "" if game.actions is None else str(game.actions)
        for seat, name in enumerate(game.players):
            yield [
                game.id,
                game.date,
                game.game,
                game.deck_version,
                str(len(game.players)),
                str(seat + 1),
                name,
                str(int(seat == game.start)),
                str(game.scores[seat]),
                str(ranks[seat]),
                str(int(seat in game.winners)),
                actions,
                minutes,
                str(int(game.simulated)),
                "" if game.lead_changes is None else str(game.lead_changes),
                game.policy,
            ]


def minutes_between(first: str | None, last: str | None) -> float | None:
    """Whole minutes (to a tenth) from ``first`` to ``last`` (``2026-11-30T19:02:11Z``); None if either
    is missing or unreadable."""
    from datetime import datetime

    if not first or not last:
        return None
    try:
        span = datetime.strptime(last, "%Y-%m-%dT%H:%M:%SZ") - datetime.strptime(first, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None
    return round(max(0.0, span.total_seconds()) / 60, 1)


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _rate_words(rate: Rate) -> str:
    return f"{rate.wins}/{rate.games}  {_percent(rate.rate):>4}  [{_percent(rate.low)}–{_percent(rate.high)}]"


def report(groups: Sequence[Group], titles: Mapping[str, Msg], lang: str = "en") -> list[str]:
    """The analysis as lines for a terminal or a screen, in ``lang`` (``en`` or ``ja``); ``titles`` names
    each game as players know it."""
    ja = lang == "ja"

    def say(en: str, jp: str) -> str:
        return jp if ja else en

    lines: list[str] = []
    for group in groups:
        title = titles[group.game].text("ja" if ja else "en") if group.game in titles else group.game
        simulated = (
            say(f", {group.simulated} simulated", f"（うちシミュレーション{group.simulated}）")
            if group.simulated
            else ""
        )
        policy = say(f" · policy {group.policy}", f"・方針 {group.policy}") if group.policy else ""
        lines.append(
            say(
                f"{title} · deck {group.deck_version} · {group.players} players{policy} · "
                f"{group.games} game{'s' if group.games != 1 else ''}{simulated}",
                f"{title}・デッキ {group.deck_version}・{group.players}人{policy}・{group.games}ゲーム{simulated}",
            )
        )
        warning = group.warning()
        if warning is not None:
            lines.append("  " + warning.text("ja" if ja else "en"))
        fair = _percent(group.seats[0].fair) if group.seats else _percent(1 / group.players)
        lines.append(
            say(
                f"  wins by seat (95% interval; a fair share is {fair}):",
                f"  席ごとの勝ち（95%区間。公平な割合は{fair}）：",
            )
        )
        for seat, rate in enumerate(group.seats):
            mark = say("  ← differs from a fair share", "  ← 公平な割合と違います") if rate.tells else ""
            lines.append(say(f"    seat {seat + 1}: ", f"    {seat + 1}番目の席：") + _rate_words(rate) + mark)
        if group.start is not None:
            mark = say("  ← differs from a fair share", "  ← 公平な割合と違います") if group.start.tells else ""
            lines.append(say("  start player: ", "  スタートプレイヤー：") + _rate_words(group.start) + mark)
        spread_words = ", ".join(f"{k}×{v}" for k, v in sorted(group.margins.items()))
        lines.append(
            say(
                f"  margin, winner over runner-up (points×games): {spread_words}",
                f"  勝者と2位の差（点×ゲーム数）：{spread_words}",
            )
        )
        for values, en, jp in ((group.actions, "actions", "手"), (group.minutes, "minutes", "分")):
            if values is not None:
                lines.append(
                    say(
                        f"  length in {en}: median {values['median']:g}, mean {values['mean']:g}, "
                        f"{values['min']:g} to {values['max']:g}",
                        f"  長さ（{jp}）：中央値 {values['median']:g}、平均 {values['mean']:g}、"
                        f"{values['min']:g}〜{values['max']:g}",
                    )
                )
        if group.leads is not None:
            values = group.leads
            lines.append(
                say(
                    f"  lead changes a game: median {values['median']:g}, mean {values['mean']:g}, "
                    f"{values['min']:g} to {values['max']:g}",
                    f"  1ゲームの首位交代：中央値 {values['median']:g}、平均 {values['mean']:g}、"
                    f"{values['min']:g}〜{values['max']:g}",
                )
            )
    return lines

"""Deck variants side by side (``companion lab``): each deck's simulated games at each player count
analysed as the playtest analysis does (:func:`companion.analysis.playtest.summarise`), how often each rule fired,
and what differs beyond chance, said in one sentence per deck in both languages.

The first deck is the baseline. Its sentence says which seats (and the start player) win more or less
than a fair share; every other deck's says how it differs from the baseline: game length, winning
margins, lead changes, each seat's and the start player's wins, each rule's events a game. "Beyond
chance" is a two-sided test at 95 % for the deck as a whole: each of its m comparisons at 5 % / m
(Bonferroni), so a deck with nothing different is said to differ with a chance of 5 % at most.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.analysis.playtest import CSV_HEADS, Group, PlayedGame, csv_rows, margin, summarise, wilson
from companion.rules.common import Msg
from companion.simulate.events import EVENT_NAMES, GAME_EVENTS

LEVEL = 0.05  # the chance, for one deck, of saying it differs when nothing does
SHOWN = 6  # differences named in a deck's sentence at most (the rest counted)


@dataclasses.dataclass(frozen=True)
class Variant:
    """One deck compared: its label (A, B, …), the file it came from as shown, and its version."""

    label: str
    file: str
    version: str


@dataclasses.dataclass
class Cell:
    """One deck at one player count: its games, and their analysis."""

    variant: Variant
    players: int
    games: list[PlayedGame]

    @property
    def group(self) -> Group | None:
        groups = summarise(self.games)
        return groups[0] if groups else None

    def measure(self, name: str) -> list[float]:
        """A number a game: ``length`` (actions), ``margin``, ``leads`` (lead changes) or an event's count."""
        if name == "length":
            return [float(g.actions) for g in self.games if g.actions is not None]
        if name == "margin":
            return [float(margin(g)) for g in self.games]
        if name == "leads":
            return [float(g.lead_changes) for g in self.games if g.lead_changes is not None]
        return [float(dict(g.events).get(name, 0)) for g in self.games]

    def wins(self, seat: int | None) -> tuple[int, int]:
        """Wins and games of ``seat`` (None: the start player, in the games that have one)."""
        if seat is None:
            started = [g for g in self.games if g.start is not None]
            return sum(1 for g in started if g.start in g.winners), len(started)
        return sum(1 for g in self.games if seat in g.winners), len(self.games)

    def fair(self) -> float:
        """A seat's fair share of wins (a shared win counting for each winner, as the analysis has it)."""
        if not self.games:
            return 1 / self.players
        return sum(len(g.winners) for g in self.games) / (len(self.games) * self.players)


@dataclasses.dataclass(frozen=True)
class Finding:
    """One thing that differs beyond chance: the measure, the player count, the deck's value and the
    baseline's (or the fair share), and whether it is more."""

    measure: str  # length, margin, leads, start, seat1 .. seat8, or an event
    players: int
    value: float
    base: float
    more: bool

    def to_data(self) -> dict[str, Any]:
        return {
            "measure": self.measure,
            "players": self.players,
            "value": round(self.value, 4),
            "base": round(self.base, 4),
            "more": self.more,
        }


def z_for(tests: int) -> float:
    """The two-sided critical value for one of ``tests`` comparisons at :data:`LEVEL` in all."""
    return statistics.NormalDist().inv_cdf(1 - LEVEL / (2 * max(1, tests)))


def _means_differ(a: Sequence[float], b: Sequence[float], z: float) -> bool:
    """Welch's comparison of two means: the difference beyond ``z`` standard errors."""
    if len(a) < 2 or len(b) < 2:
        return False
    error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    gap = statistics.fmean(a) - statistics.fmean(b)
    return abs(gap) > z * error if error > 0 else gap != 0


def _rates_differ(wins_a: int, n_a: int, wins_b: int, n_b: int, z: float) -> bool:
    """Two proportions' pooled comparison: the difference beyond ``z`` standard errors."""
    if n_a == 0 or n_b == 0:
        return False
    pooled = (wins_a + wins_b) / (n_a + n_b)
    error = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    gap = wins_a / n_a - wins_b / n_b
    return abs(gap) > z * error if error > 0 else gap != 0


def _seats(players: int) -> list[int | None]:
    return [*range(players), None]


def fairness(cells: Sequence[Cell]) -> list[Finding]:
    """The seats (and the start player) of one deck whose wins differ from a fair share beyond chance,
    at each player count: the Wilson interval at the deck's corrected level leaves the fair share out."""
    tests = sum(len(_seats(c.players)) for c in cells)
    z = z_for(tests)
    out = []
    for cell in cells:
        fair = cell.fair()
        for seat in _seats(cell.players):
            wins, n = cell.wins(seat)
            if n == 0:
                continue
            low, high = wilson(wins, n, z)
            if not low <= fair <= high:
                out.append(
                    Finding(
                        "start" if seat is None else f"seat{seat + 1}", cell.players, wins / n, fair, wins / n > fair
                    )
                )
    return out


def against(cells: Sequence[Cell], base: Sequence[Cell], game: str) -> list[Finding]:
    """What differs beyond chance between a deck's ``cells`` and the baseline's, player count by count."""
    by_players = {c.players: c for c in base}
    pairs = [(c, by_players[c.players]) for c in cells if c.players in by_players]
    measures = ["length", "margin", "leads", *GAME_EVENTS.get(game, ())]
    tests = sum(len(measures) + len(_seats(c.players)) for c, _ in pairs)
    z = z_for(tests)
    out = []
    for cell, other in pairs:
        for name in measures:
            mine, theirs = cell.measure(name), other.measure(name)
            if _means_differ(mine, theirs, z):
                value, base_value = statistics.fmean(mine), statistics.fmean(theirs)
                out.append(Finding(name, cell.players, value, base_value, value > base_value))
        for seat in _seats(cell.players):
            (wa, na), (wb, nb) = cell.wins(seat), other.wins(seat)
            if _rates_differ(wa, na, wb, nb, z):
                label = "start" if seat is None else f"seat{seat + 1}"
                out.append(Finding(label, cell.players, wa / na, wb / nb, wa / na > wb / nb))
    return out


def _what(measure: str, more: bool) -> Msg:
    """A finding's words: an English clause (``games are longer``) and a Japanese phrase that ends a
    modifier of という (``ゲームが長い``)."""
    if measure == "length":
        return Msg("games are longer", "ゲームが長い") if more else Msg("games are shorter", "ゲームが短い")
    if measure == "margin":
        return (
            Msg("winning margins are wider", "勝者と2位の差が大きい")
            if more
            else Msg("winning margins are narrower", "勝者と2位の差が小さい")
        )
    if measure == "leads":
        return (
            Msg("the lead changes more often", "首位交代が多い")
            if more
            else Msg("the lead changes less often", "首位交代が少ない")
        )
    if measure == "start":
        return (
            Msg("the start player wins more often", "スタートプレイヤーの勝率が高い")
            if more
            else Msg("the start player wins less often", "スタートプレイヤーの勝率が低い")
        )
    if measure.startswith("seat"):
        n = measure.removeprefix("seat")
        return (
            Msg(f"seat {n} wins more often", f"{n}番目の席の勝率が高い")
            if more
            else Msg(f"seat {n} wins less often", f"{n}番目の席の勝率が低い")
        )
    name = EVENT_NAMES.get(measure, Msg(measure, measure))
    return Msg(f"more {name.en}", f"{name.ja}が多い") if more else Msg(f"fewer {name.en}", f"{name.ja}が少ない")


def _number(measure: str, value: float) -> str:
    if measure == "start" or measure.startswith("seat"):
        return f"{100 * value:.0f}%"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"


def _counts(players: Sequence[int], ja: bool) -> str:
    if ja:
        return "・".join(str(p) for p in players) + "人"
    if len(players) == 1:
        return f"{players[0]} players"
    return ", ".join(str(p) for p in players[:-1]) + f" and {players[-1]} players"


def _joined(parts: Sequence[Msg]) -> Msg:
    """English parts joined as a list (a, b and c); Japanese ones with 、."""
    en = [p.en for p in parts]
    text = en[0] if len(en) == 1 else ", ".join(en[:-1]) + " and " + en[-1]
    return Msg(text, "、".join(p.ja for p in parts))


def sentence(variant: Variant, findings: Sequence[Finding], base: Variant | None) -> Msg:
    """One sentence, in both languages, of what differs beyond chance for ``variant``: against the
    baseline deck ``base``, or (the baseline itself) against a fair share for every seat."""
    grouped: dict[tuple[str, bool], list[Finding]] = {}
    for finding in findings:
        grouped.setdefault((finding.measure, finding.more), []).append(finding)
    name = Msg(f"{variant.label} ({variant.file})", f"{variant.label}（{variant.file}）")
    if not grouped:
        if base is None:
            return name + Msg(
                ": no seat and no start player wins more or less than a fair share beyond chance.",
                "は、どの席もスタートプレイヤーも、公平な割合と偶然を超えて違う勝ち方をしていません。",
            )
        return name + Msg(
            f" against {base.label}: nothing differs beyond chance.",
            f"は{base.label}と比べて、偶然を超える違いがありません。",
        )
    parts = []
    for (measure, more), found in list(grouped.items())[:SHOWN]:
        first = found[0]
        counts = [f.players for f in found]
        value, other = _number(measure, first.value), _number(measure, first.base)
        what = _what(measure, more)
        if base is None:
            detail = Msg(
                f" at {_counts(counts, False)} ({value} against a fair share of {other} at {first.players} players)",
                f"（{_counts(counts, True)}。{first.players}人で{value}、公平な割合は{other}）",
            )
        else:
            detail = Msg(
                f" at {_counts(counts, False)} ({value} against {other} at {first.players} players)",
                f"（{_counts(counts, True)}。{first.players}人で{value}、{base.label}は{other}）",
            )
        parts.append(Msg(what.en + detail.en, what.ja + detail.ja))
    rest = len(grouped) - len(parts)
    listed = _joined(parts)
    more_en = f", and {rest} more difference{'s' if rest != 1 else ''}" if rest else ""
    more_ja = f"ほか{rest}件の" if rest else ""
    if base is None:
        return name + Msg(
            f": {listed.en}{more_en}; no other seat differs from a fair share beyond chance.",
            f"は、{listed.ja}という{more_ja}点で、公平な割合と偶然を超えて違います。",
        )
    return name + Msg(
        f" against {base.label}: {listed.en}{more_en}; nothing else differs beyond chance.",
        f"は{base.label}と比べて、{listed.ja}という{more_ja}違いが偶然を超えており、ほかは偶然の範囲です。",
    )


@dataclasses.dataclass
class Comparison:
    """Every deck at every player count, and what each deck's sentence says."""

    game: str
    policy: str
    seed: int
    games: int  # asked for, each deck at each player count
    variants: list[Variant]
    cells: list[Cell]
    stopped: bool = False

    def of(self, variant: Variant) -> list[Cell]:
        return [c for c in self.cells if c.variant == variant]

    def findings(self, index: int) -> list[Finding]:
        variant = self.variants[index]
        if index == 0:
            return fairness(self.of(variant))
        return against(self.of(variant), self.of(self.variants[0]), self.game)

    def sentences(self) -> list[Msg]:
        """One sentence a deck: the baseline against a fair share, each other against the baseline."""
        base = self.variants[0]
        return [sentence(v, self.findings(i), None if i == 0 else base) for i, v in enumerate(self.variants)]

    def event_rates(self, cell: Cell) -> dict[str, dict[str, float]]:
        """For each of the game's events: how many times a game on average, and the share of games it
        happened in at least once."""
        out = {}
        for name in GAME_EVENTS.get(self.game, ()):
            counts = cell.measure(name)
            n = len(counts) or 1
            out[name] = {"mean": round(sum(counts) / n, 3), "games": round(sum(1 for c in counts if c) / n, 4)}
        return out

    def to_data(self, lang: str = "en") -> dict[str, Any]:
        sentences = self.sentences()
        return {
            "game": self.game,
            "policy": self.policy,
            "seed": self.seed,
            "games_asked": self.games,
            "stopped": self.stopped,
            "decks": [
                {
                    "label": v.label,
                    "file": v.file,
                    "deck_version": v.version,
                    "sentence": {"en": s.en, "ja": s.ja},
                    "differences": [f.to_data() for f in self.findings(i)],
                }
                for i, (v, s) in enumerate(zip(self.variants, sentences, strict=True))
            ],
            "cells": [
                {
                    "deck": c.variant.label,
                    "players": c.players,
                    "analysis": None if c.group is None else c.group.to_data(lang),
                    "events": self.event_rates(c),
                }
                for c in self.cells
            ],
        }


def csv_table(comparison: Comparison) -> Iterable[list[str]]:
    """One row per player per game, the deck's label first: what a spreadsheet reads."""
    yield ["deck", *CSV_HEADS]
    for cell in comparison.cells:
        for row in csv_rows(cell.games):
            yield [cell.variant.label, *row]


def event_names(game: str) -> Mapping[str, Msg]:
    return {name: EVENT_NAMES[name] for name in GAME_EVENTS.get(game, ())}

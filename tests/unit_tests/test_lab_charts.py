"""The lab report's charts drawn from known data (issue 31): each bar as tall as its win rate, each
interval where Wilson puts it, the fair share where it is, each histogram bar as tall as its share of
games and the mean where it is; text escaped; the words in the report's language."""

from __future__ import annotations

import re

from companion.analysis.playtest import PlayedGame, wilson
from companion.lab.analysis import Cell, Comparison, Variant
from companion.lab.page import report
from companion.rules.common import Msg

RECT = re.compile(
    r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="([^"]+)"><title>([^<]*)</title>'
)


def game(n: int, winner: int, scores: tuple[int, int, int], actions: int, start: int) -> PlayedGame:
    return PlayedGame(
        f"sim-{n}", "fortress", "", "v", ("P1", "P2", "P3"), scores, frozenset({winner}), start, actions, None,
        simulated=True, lead_changes=1, policy="greedy", events=(("hole", n % 2),),
    )  # fmt: skip


def known() -> Comparison:
    """Deck A: seat 1 wins 5 of 10, seat 2 wins 3, seat 3 wins 2; the start player (seat 1 each game)
    wins 5; lengths 100 ×4, 101 ×3, 103 ×3; margins 1 ×5, 4 ×5. Deck B (named with markup): seat 3
    wins all 10, every game 120 actions long."""
    a = Variant("A", "base <deck>.toml", "v1")
    b = Variant("B", "x&y.toml", "v2")
    winners = [0] * 5 + [1] * 3 + [2] * 2
    lengths = [100] * 4 + [101] * 3 + [103] * 3
    games_a = [
        game(n, w, tuple(10 + (1 if (n % 2) else 4) * (s == w) for s in range(3)), lengths[n], 0)  # type: ignore[arg-type]
        for n, w in enumerate(winners)
    ]
    games_b = [game(n, 2, (1, 2, 9), 120, 0) for n in range(10)]
    return Comparison("fortress", "greedy", 5, 10, [a, b], [Cell(a, 3, games_a), Cell(b, 3, games_b)])


def bars(page: str) -> list[tuple[float, float, str, str]]:
    """Every bar: its height, its top, its colour and its tooltip."""
    return [(float(h), float(y), fill, title) for _, y, _, h, fill, title in RECT.findall(page)]


def test_the_win_rate_bars_are_as_tall_as_the_rates_with_their_intervals() -> None:
    page = report(known(), Msg("Six-Suit Fortress", "6スートの砦"), "en")
    found = {title.split(":")[0]: (height, top) for height, top, _, title in bars(page) if "/10 = " in title}
    assert set(found) == {f"{d} {c}" for d in "AB" for c in ("seat 1", "seat 2", "seat 3", "start")}
    unit = found["A seat 1"][0] / 0.5  # the height of 100 %
    for name, rate in [("A seat 1", 0.5), ("A seat 2", 0.3), ("A seat 3", 0.2), ("A start", 0.5), ("B seat 3", 1.0)]:
        assert abs(found[name][0] - unit * rate) < 0.2, name
    assert found["B seat 1"][0] == 0  # no win: no bar
    baseline = found["A seat 1"][1] + found["A seat 1"][0]  # the bars stand on the 0 % line
    low, high = wilson(3, 10)
    assert "A seat 2: 3/10 = 30% [11%–60%]" in page and (round(100 * low), round(100 * high)) == (11, 60)
    for end in (low, high):  # the interval's caps at the Wilson ends
        assert f'y1="{baseline - unit * end:.1f}" y2="{baseline - unit * end:.1f}"' in page
    fair = (10 + 10) / (10 * 3 + 10 * 3) * 1  # one winner a game: a third each; both decks agree
    assert f'y1="{baseline - unit * fair:.1f}"' in page and "fair share 33%" in page


def test_the_histograms_are_shares_of_the_games_with_the_mean_marked() -> None:
    page = report(known(), Msg("Six-Suit Fortress", "6スートの砦"), "en")
    lengths = [(h, title) for h, _, fill, title in bars(page) if "% of the games" in title and fill == "#0072B2"]
    shares = {title.split(":")[0]: h for h, title in lengths}
    # A's lengths (one bar a whole number: 100, 101, 103 and 120 span 21 values) and margins (1, 4), on
    # the scale both decks share: B's one bar (every game 120 actions long, won by 7) is the full 70
    assert {k: shares[k] for k in ("100", "101", "103")} == {"100": 28.0, "101": 21.0, "103": 21.0}
    assert "102" not in shares and shares["1"] == shares["4"] == 35.0  # five games of ten each
    assert "mean 101" in page and "mean 2.5" in page and "mean 120" in page
    assert "base &lt;deck&gt;.toml" in page and "x&amp;y.toml" in page and "<deck>" not in page


def test_the_report_speaks_the_chosen_language_and_says_both_sentences() -> None:
    comparison = known()
    page = report(comparison, Msg("Six-Suit Fortress", "6スートの砦"), "ja")
    assert '<html lang="ja">' in page and "席ごととスタートプレイヤーの勝率" in page and "1ゲームの手数" in page
    for sentence in comparison.sentences():
        assert sentence.ja.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in page
    assert "seat 3 wins more often" in comparison.sentences()[1].en

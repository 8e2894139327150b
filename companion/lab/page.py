"""The lab report as one HTML file with its charts inline (SVG): it opens offline, from a folder or an
e-mail, with nothing to fetch. First each deck's sentence in both languages, then for each player count
the win rates by seat and of the start player with their intervals, the game lengths, the winning
margins and how often each rule fired, deck against deck."""

from __future__ import annotations

from html import escape

from companion.analysis.playtest import wilson
from companion.lab.analysis import Comparison
from companion.lab.charts import Bar, Series, colour, histogram_chart, rates_chart
from companion.rules.common import Lang, Msg
from companion.simulate.events import EVENT_NAMES, GAME_EVENTS

WORDS = {
    "title": Msg("Deck variants side by side", "デッキの違いを比べる"),
    "setup": Msg(
        "{0} · policy {1} · {2} games a deck at each player count · seed {3}",
        "{0}・方針 {1}・各デッキ各人数 {2}ゲーム・乱数の種 {3}",
    ),
    "stopped": Msg(
        "Stopped by Ctrl+C: these are the games finished before it.",
        "Ctrl+C で止めました。それまでに終わったゲームの結果です。",
    ),
    "what": Msg("What differs beyond chance", "偶然を超える違い"),
    "players": Msg("{0} players", "{0}人"),
    "rates": Msg("Wins by seat and of the start player (95% intervals)", "席ごととスタートプレイヤーの勝率（95%区間）"),
    "rate_axis": Msg("share of games won", "勝った割合"),
    "fair": Msg("fair share {0}", "公平な割合 {0}"),
    "seat": Msg("seat {0}", "{0}番目"),
    "start": Msg("start", "スタート"),
    "length": Msg("Game length", "ゲームの長さ"),
    "length_axis": Msg("actions a game", "1ゲームの手数"),
    "margin": Msg("Winning margins", "勝者と2位の差"),
    "margin_axis": Msg(
        "points between the winner and the runner-up (0: a shared win)", "勝者と2位の点差（0は同点優勝）"
    ),
    "mean": Msg("mean", "平均"),
    "of_games": Msg("of the games", "のゲーム"),
    "events": Msg("How often each rule fired", "ルールが働いた回数"),
    "event": Msg("rule", "ルール"),
    "a_game": Msg("{0} a game, in {1} of games", "1ゲーム{0}回、{1}のゲームで"),
    "note": Msg(
        "Each bar's line is its 95% Wilson interval; the dashed line is the share one seat of a fair game "
        "wins. Made by companion lab.",
        "バーの線は95%ウィルソン区間、破線は公平なゲームで1つの席が勝つ割合です。companion lab で作成。",
    ),
}
STYLE = """
body { font-family: 'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif;
       margin: 24px auto; max-width: 720px; color: #1a1a1a; line-height: 1.5; padding: 0 12px; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
.setup, .note { color: #555; font-size: 0.9em; } .stopped { color: #a00000; font-weight: bold; }
.deck { margin: 0.6em 0; padding-left: 10px; border-left: 6px solid; } .ja { color: #333; }
figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 0.9em; }
td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
"""


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def report(comparison: Comparison, title: Msg, lang: Lang = "en") -> str:
    """The whole report: one HTML document, charts inline, in ``lang`` (the sentences in both)."""

    def say(key: str, *args: object) -> str:
        return WORDS[key].text(lang).format(*args)

    setup = say("setup", title.text(lang), comparison.policy, comparison.games, comparison.seed)
    heading = say("title") + ("：" if lang == "ja" else ": ") + title.text(lang)
    parts = [
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(heading)}</h1>",
        f'<p class="setup">{escape(setup)}</p>',
    ]
    if comparison.stopped:
        parts.append(f'<p class="stopped">{escape(say("stopped"))}</p>')
    parts.append(f"<h2>{escape(say('what'))}</h2>")
    for index, sentence in enumerate(comparison.sentences()):
        first, second = (sentence.ja, sentence.en) if lang == "ja" else (sentence.en, sentence.ja)
        other = "en" if lang == "ja" else "ja"
        parts.append(
            f'<div class="deck" style="border-color: {colour(index)}"><p>{escape(first)}</p>'
            f'<p class="{other}" lang="{other}">{escape(second)}</p></div>'
        )
    for players in sorted({c.players for c in comparison.cells}):
        cells = [c for c in comparison.cells if c.players == players]
        parts.append(f"<h2>{escape(say('players', players))}</h2>")
        series = []
        fairs = []
        for cell in cells:
            index = comparison.variants.index(cell.variant)
            fairs.append(cell.fair())
            bars = []
            for seat in [*range(players), None]:
                wins, games = cell.wins(seat)
                if games == 0:
                    continue
                low, high = wilson(wins, games)
                category = say("start") if seat is None else say("seat", seat + 1)
                interval = f"[{_percent(low)}–{_percent(high)}]"
                note = f"{cell.variant.label} {category}: {wins}/{games} = {_percent(wins / games)} {interval}"
                bars.append(Bar(category, wins / games, low, high, note))
            series.append(Series(cell.variant.label, colour(index), bars=tuple(bars)))
        parts.append(
            "<figure>"
            + rates_chart(say("rates"), series, fairs, WORDS["fair"].text(lang), say("rate_axis"))
            + "</figure>"
        )
        for measure, key, axis in (("length", "length", "length_axis"), ("margin", "margin", "margin_axis")):
            rows = [
                Series(c.variant.label, colour(comparison.variants.index(c.variant)), values=tuple(c.measure(measure)))
                for c in cells
            ]
            chart = histogram_chart(say(key), rows, say(axis), say("mean"), say("of_games"))
            parts.append(f"<figure>{chart}</figure>")
        names = GAME_EVENTS.get(comparison.game, ())
        if names:
            parts.append(f"<h3>{escape(say('events'))}</h3><table><tr><th>{escape(say('event'))}</th>")
            parts += [f"<th>{escape(c.variant.label)}</th>" for c in cells]
            parts.append("</tr>")
            rates = [comparison.event_rates(c) for c in cells]
            for name in names:
                parts.append(f"<tr><td>{escape(EVENT_NAMES[name].text(lang))}</td>")
                for rate in rates:
                    mean, share = rate[name]["mean"], _percent(rate[name]["games"])
                    parts.append(f"<td>{escape(say('a_game', f'{mean:.3g}', share))}</td>")
                parts.append("</tr>")
            parts.append("</table>")
    parts.append(f'<p class="note">{escape(say("note"))}</p></body></html>')
    return "".join(parts)

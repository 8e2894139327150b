"""Each game's table drawn as a picture for the served pages (issue 28, part 2): the cards as tiles
in their deck's colours with their symbols (``tiles``), laid out as at the table.

- Six-Suit Fortress: both 2×2 grids with their 16 spots named as the table names them (A1N, A1上),
  the deck and the cards captured, and each player's fortress as its columns standing up;
- HOMALET: the battlefield and the wilderness with their lead colours and each card's player, the
  wilderness sets, and each player's hand count, score pile and score so far with its parts;
- Reign of Dragoness: the pile's top pattern and what beats it, and the round table: each
  player's cards in hand, points round by round and the total, aligned, who passed, who leads.

Drawing only: every number is the engine's (scores, counts, points), and what is allowed is never
worked out here.
"""

from __future__ import annotations

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang
from companion.rules.engine import StateShape
from companion.rules.fortress.grid import GRIDS, spot_ja
from companion.serve.escape import esc
from companion.serve.phrases import phrased
from companion.serve.table_words import say
from companion.serve.tiles import card_tile, colour_chip


def picture(state: StateShape, lang: Lang) -> str:
    """The table of ``state`` as HTML."""
    if isinstance(state, fortress.State):
        return _fortress(state, lang)
    if isinstance(state, homalet.State):
        return _homalet(state, lang)
    if isinstance(state, dragoness.State):
        return _dragoness(state, lang)
    raise TypeError(f"no picture of a {type(state).__qualname__}")


def _name(name: str, on: bool) -> str:
    return f'<b class="nb{" on" if on else ""}">{esc(name)}</b>'


# ----------------------------------------------------------------------------- Six-Suit Fortress

_SPOT_CELLS = {  # where each spot and cell sits in a grid of 4 × 4 places: (row, column) from 1
    "1N": (1, 2),
    "2N": (1, 3),
    "1W": (2, 1),
    "2E": (2, 4),
    "3W": (3, 1),
    "4E": (3, 4),
    "3S": (4, 2),
    "4S": (4, 3),
}
_CELLS = {"1": (2, 2), "2": (2, 3), "3": (3, 2), "4": (3, 3)}


def _fortress(state: fortress.State, lang: Lang) -> str:
    deck = state.setup.deck
    grids = []
    for g in GRIDS:
        items = [f'<span class="name">{esc(say("pic.grid", lang, g=g))}</span>']
        for where, (row, col) in _SPOT_CELLS.items():
            spot = f"{g}{where}"
            label = spot_ja(spot) if lang == "ja" else spot
            items.append(f'<span class="spot" style="grid-area:{row + 1}/{col}" data-spot="{spot}">{esc(label)}</span>')
        for index, (row, col) in _CELLS.items():
            cell = f"{g}{index}"
            card = state.grid.get(cell)
            inside = card_tile(deck, card, lang) if card is not None else f'<span class="spot">{esc(cell)}</span>'
            items.append(f'<span class="cell" style="grid-area:{row + 1}/{col}" data-cell="{cell}">{inside}</span>')
        grids.append(f'<div class="grid">{"".join(items)}</div>')
    parts = [f'<div class="pic fortress"><div class="grids">{"".join(grids)}</div>']
    line = esc(say("pic.deck", lang, n=state.deck_count))
    if state.pending:
        line += " · " + esc(say("pic.captured", lang)) + "".join(card_tile(deck, c, lang) for c in state.pending)
    parts.append(f'<p class="deckline">{line}</p>')
    scores = fortress.so_far(state)  # only what the table has shown: a hand not shown is no penalty yet (F-14)
    active = state.turn if state.phase in (fortress.Phase.PLACE, fortress.Phase.BUILD) else None
    people = []
    for p, name in enumerate(state.setup.players):
        score = scores[p]
        pair = score.pair  # counted (and named) only once the game is over (F-13)
        shown = str(score.score) if score.score is not None else f"{score.points}−?"
        head = [
            _name(name, p == active),
            f'<span class="nb">{esc(say("pic.hand", lang, n=state.hand_counts[p]))}</span>',
            f'<span class="nb"><b>{esc(say("pic.score", lang, n=shown))}</b></span>',
        ]
        if score.columns:
            made = say("pic.made", lang, columns=score.columns, tallest=score.tallest)
            if score.penalty:
                made += say("pic.penalty", lang, n=score.penalty)
            elif score.penalty is None and score.hand:
                made += say("pic.hand_unknown", lang)
            head.append(f'<span class="nb sub">{esc(made)}</span>')
        if pair is not None:
            head.append(
                f'<span class="nb sub">{esc(say("pic.pair", lang, a=pair.source + 1, b=pair.target + 1))}</span>'
            )
        columns = []
        for i, column in enumerate(state.fortresses[p]):
            tiles = "".join(card_tile(deck, c, lang, extra="mini") for c in column)
            if pair is not None and i == pair.target:
                tiles += '<span class="card mini down" title="pair"><b>▒▒</b></span>'
            columns.append(f'<div class="col"><span class="n">{i + 1}</span>{tiles}</div>')
        body = (
            f'<div class="cols">{"".join(columns)}</div>'
            if columns
            else f'<p class="sub">{esc(say("pic.no_fortress", lang))}</p>'
        )
        on = " on" if p == active else ""
        people.append(f'<div class="fort" data-seat="{p + 1}"><div class="who{on}">{"".join(head)}</div>{body}</div>')
    parts.append(f'<div class="fortresses">{"".join(people)}</div></div>')
    return "".join(parts)


# ----------------------------------------------------------------------------- HOMALET


def _homalet(state: homalet.State, lang: Lang) -> str:
    deck = state.setup.deck
    names = state.setup.players
    picking = state.phase is homalet.Phase.PICK
    fields = []
    for where in homalet.Field:
        if where is homalet.Field.WILD and not state.wilderness and not state.field_cards(where):
            title = homalet.FIELD_TITLES[where].text(lang)
            fields.append(f'<div class="field"><h3>{esc(title)}</h3><p class="sub">—</p></div>')
            continue
        lead = state.lead(where)
        head = esc(homalet.FIELD_TITLES[where].text(lang))
        if lead is not None:
            head += f' <span class="sub">{esc(say("pic.lead", lang))}</span>{colour_chip(deck, lead, lang)}'
        cards = []
        for p, c, f in state.played:
            if f is where:
                taken = c in state.battle_taken
                mark = "taken" if taken else "pick" if picking and where is homalet.Field.BATTLE else ""
                tile = card_tile(deck, c, lang, extra=mark)
                cards.append(f'<span class="played">{tile}<span class="by">{esc(names[p])}</span></span>')
        shown = "".join(cards) or f'<span class="sub">{esc(say("pic.empty", lang))}</span>'
        fields.append(f'<div class="field"><h3>{head}</h3><div class="cards">{shown}</div></div>')
    sets = "".join(
        f'<span class="set" data-set="{i + 1}"><b>{esc(say("pic.set", lang, n=i + 1))}</b>'
        + "".join(card_tile(deck, c, lang) for c in cards)
        + "</span>"
        for i, cards in enumerate(state.wilderness)
    )
    parts = [
        '<div class="pic homalet"><div class="fields">',
        "".join(fields),
        "</div>",
        f'<div class="wild"><h3>{esc(say("pic.sets", lang))}</h3>'
        f'<div class="sets">{sets or esc(say("pic.empty", lang))}</div>'
        f'<p class="deckline">{esc(say("pic.deck", lang, n=state.deck_count))} · '
        f"{esc(say('pic.homalet_round', lang, n=state.round))}</p></div>",
    ]
    scores = homalet.scores(state)
    actor = state.actor()
    people = []
    for p, name in enumerate(names):
        s = scores[p]
        parts_said = say(
            "pic.breakdown", lang, score=s.score, cards=s.cards, digit=s.same_digit, run=s.run, spring=s.spring
        )
        pile = "".join(card_tile(deck, c, lang, extra="mini") for c in sorted(state.piles[p]))
        on = " on" if p == actor else ""
        people.append(
            f'<div class="fort" data-seat="{p + 1}"><div class="who{on}">{_name(name, p == actor)}'
            f'<span class="nb">{esc(say("pic.hand", lang, n=state.hand_counts[p]))}</span>'
            f'<span class="sub">{phrased(parts_said, lang)}</span></div>'
            f'<div class="hand">{pile}</div></div>'
        )
    parts.append(f'<div class="fortresses">{"".join(people)}</div></div>')
    return "".join(parts)


# ----------------------------------------------------------------------------- Reign of Dragoness


def _dragoness(state: dragoness.State, lang: Lang) -> str:
    deck = state.setup.deck
    rounds = dragoness.ROUNDS
    heading = say("pic.round", lang, n=min(state.round, rounds), of=rounds)
    parts = [f'<div class="pic dragoness"><div class="pile-side"><h3>{esc(heading)}</h3>']
    top = state.top
    pile = f"<b>{esc(say('pic.pile', lang))}</b> "
    if top is not None:
        cards = state.pile[len(state.pile) - top.size :]
        tiles = "".join(card_tile(deck, c, lang, value=v[0]) for c, v in zip(cards, top.values, strict=True))
        beneath = len(state.pile) - top.size
        under = f' <span class="sub">{esc(say("pic.beneath", lang, n=beneath))}</span>' if beneath else ""
        kind = dragoness.pattern_kind(top.shape, top.size).text(lang)
        beat = dragoness.value_words(top.high).text(lang)
        parts.append(
            f'<div class="pile-top">{pile}{tiles}{under}</div>'
            f'<p><span class="nb">{esc(kind)}</span> · <span class="beat nb">{esc(say("pic.to_beat", lang))}'
            f"{esc(beat)}</span></p>"
        )
    else:
        parts.append(f'<p class="pile-top">{pile}{esc(say("pic.empty", lang))}</p>')
    parts.append("</div>")
    totals = state.totals()
    playing = state.phase in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED)
    head = (
        f"<tr><th>{esc(say('pic.player', lang))}</th><th>{esc(say('pic.cards', lang))}</th>"
        + "".join(f"<th>{esc(say('pic.r', lang, n=r))}</th>" for r in range(1, rounds + 1))
        + f"<th>{esc(say('pic.total', lang))}</th></tr>"
    )
    rows = []
    for p, name in enumerate(state.setup.players):
        cells = [f"<td>{r.points[p]}{'*' if r.out == p else ''}</td>" for r in state.results[:rounds]]
        cells += ["<td>·</td>"] * (rounds - len(cells))
        marks = []
        if p in state.passed:
            marks.append(esc(say("pic.passed", lang)))
        if state.top_player == p:
            marks.append(esc(say("pic.on_pile", lang)))
        mark = f'<span class="mark">{" ".join(marks)}</span>' if marks else ""
        on = playing and p == state.turn
        rows.append(
            f'<tr class="{"on" if on else ""}" data-seat="{p + 1}"><th>{esc(name)}{mark}</th>'
            f'<td>{state.hand_counts[p]}</td>{"".join(cells)}<td class="total">{totals[p]}</td></tr>'
        )
    table = f'<table class="round"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
    parts.append(f'<div class="scroll">{table}</div>')
    if state.results:
        parts.append(f'<p class="sub">{esc(say("pic.first_out", lang))}</p>')
    parts.append("</div>")
    return "".join(parts)

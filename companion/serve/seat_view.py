"""A seat page's controller as HTML: the offers of ``offers`` as large buttons. Every button that
plays is ``button[data-line]`` holding the whole line (table notation, in the page's language);
every button that goes on is ``button[data-prefix]``; the words chosen so far are shown with a
``button[data-back]``. Cards are drawn as tiles (``tiles``); the cards of the hand kept in the
browser come first, the others fold away. Nothing here chooses for the player."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules import fortress
from companion.rules.common import Lang, Refusal
from companion.rules.engine import StateShape
from companion.serve.escape import esc
from companion.serve.offers import Line, Offers, Step
from companion.serve.table_words import say
from companion.serve.tiles import card_tile, parse_card


def _line_button(line: Line, label: str | None = None, extra: str = "", inner: str | None = None) -> str:
    """A button playing ``line`` (its text ``label``, or the words it adds; ``inner``: HTML)."""
    classes = " ".join(c for c in ("play", extra) if c)
    content = inner if inner is not None else esc(label if label is not None else line.words or line.line)
    return (
        f'<button type="button" class="{classes}" data-line="{esc(line.line)}" title="{esc(line.line)}">'
        f"{content}</button>"
    )


def _words(state: StateShape, words: str, lang: Lang) -> str:
    """Words of a line, each card among them drawn as a tile."""
    out = []
    for word in words.split():
        card = parse_card(state, word)
        out.append(card_tile(state.setup.deck, card, lang) if card is not None else f"<span>{esc(word)}</span>")
    return " ".join(out)


def captured(state: StateShape, offers: Offers) -> dict[str, int]:
    """Six-Suit Fortress: how many cards each placement offered captures, as ``captures`` counts
    them (F-5, F-6), said on its button; nothing for another game or phase."""
    if not isinstance(state, fortress.State) or state.phase is not fortress.Phase.PLACE:
        return {}
    lines = [line.line for step in offers.steps for line in step.lines]
    if not lines:
        return {}
    counts: dict[str, int] = {}
    by_card: dict[fortress.Card, dict[tuple[str, fortress.Mode], int]] = {}
    for line in lines:
        try:
            action = fortress.parse_line(state, line)
        except Refusal:
            continue
        if isinstance(action, fortress.Place):
            if action.card not in by_card:
                by_card[action.card] = {(c.spot, c.mode): len(c.cards) for c in fortress.captures(state, action.card)}
            found = by_card[action.card].get((action.spot, action.mode))
            if found is not None:
                counts[line] = found
    return counts


def _step(state: StateShape, step: Step, lang: Lang, gains: dict[str, int]) -> str:
    """One step: its words (a card as a tile) as the button that goes on (if any line goes on), and
    the lines it plays by one tap."""
    own = [line for line in step.lines if line.words == step.words]
    after = [line for line in step.lines if line.words != step.words]
    if step.card is None and step.prefix is None and own and not after:  # a word that plays (pass, end)
        return _line_button(own[0], extra="big")
    head = _words(state, step.words, lang) if step.card is not None else esc(step.words)
    if step.prefix is not None:
        kind = "tile" if step.card is not None else "go"
        first = f'<button type="button" class="{kind}" data-prefix="{esc(step.prefix)}">{head}</button>'
    elif own:
        first = _line_button(own[0], extra="tile" if step.card is not None else "", inner=head)
        own = []
    else:
        first = f'<span class="head">{head}</span>'
    plays = "".join(_line_button(line, "▶", "mine") for line in own)
    for line in sorted(after, key=lambda x: x.words):  # n before s on every spot
        gain = gains.get(line.line)
        inner = esc(line.words) + (f' <small class="gain">+{gain}</small>' if gain is not None else "")
        plays += _line_button(line, inner=inner)
    return f'<div class="step">{first}{plays}</div>'


def controller_html(
    offers: Offers,
    state: StateShape,
    lang: Lang,
    hand: Sequence[object] = (),
    undo: bool = False,
) -> str:
    """The controller: the words chosen (and Back), the prefix itself when it plays, the steps
    (the hand's cards first, the other cards folded away when a hand is kept), the free-text
    line, this seat's take-back, and its hand-count corrections folded away."""
    parts: list[str] = []
    gains = captured(state, offers)
    if offers.prefix:
        parts.append(
            f'<p class="chosen">{esc(say("seat.chosen", lang))}{_words(state, offers.prefix, lang)} '
            f'<button type="button" class="back" data-back="">{esc(say("seat.back", lang))}</button></p>'
        )
    if offers.itself is not None:
        parts.append(
            '<div class="steps">'
            + _line_button(offers.itself, f"{say('seat.play', lang)}: {offers.itself.line}", "big")
            + "</div>"
        )
    first = offers.prefix.split()[0] if offers.prefix else ""
    sorting = not offers.prefix or parse_card(state, first) in hand
    if gains:
        parts.append(f'<p class="gainnote">{esc(say("seat.gains", lang))}</p>')
    mine = [s for s in offers.steps if sorting and s.card is not None and s.card in hand]
    others = [s for s in offers.steps if s not in mine]
    if mine:
        parts.append(f"<h3>{esc(say('seat.in_hand', lang))}</h3>")
        parts.append('<div class="steps">' + "".join(_step(state, s, lang, gains) for s in mine) + "</div>")
        cards = [s for s in others if s.card is not None]
        words = [s for s in others if s.card is None]
        if words:
            parts.append('<div class="steps">' + "".join(_step(state, s, lang, gains) for s in words) + "</div>")
        if cards:
            parts.append(
                f'<details class="others"><summary>{esc(say("seat.others", lang, n=len(cards)))}</summary>'
                '<div class="steps">' + "".join(_step(state, s, lang, gains) for s in cards) + "</div></details>"
            )
    elif others:  # the words that play (pass, end) before the cards: the commonest move first
        ordered = [s for s in others if s.card is None] + [s for s in others if s.card is not None]
        parts.append('<div class="steps">' + "".join(_step(state, s, lang, gains) for s in ordered) + "</div>")
    elif offers.itself is None:
        parts.append(f'<p class="idle">{esc(say("seat.nothing", lang))}</p>')
    if undo:
        parts.append(f'<p><button type="button" class="undo" data-undo="">{esc(say("seat.undo", lang))}</button></p>')
    if offers.corrections:
        buttons = "".join(
            f'<button type="button" class="go" data-prefix="{esc(s.prefix or "")}">{esc(s.words)}</button>'
            for s in offers.corrections
        )
        parts.append(
            f'<details class="corrections"><summary>{esc(say("seat.correct", lang))}</summary>{buttons}</details>'
        )
    return "".join(parts)

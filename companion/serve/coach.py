"""The private coach: a player's typed hand against the table as it stands, answered by the
engines themselves (``captures`` and ``placements`` for Six-Suit Fortress, ``apply`` on each field
for HOMALET, ``readings`` for Reign of Dragoness). The hand arrives in one request and leaves in
its answer: nothing here keeps it, stores it or logs it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.engine import ActionShape, StateShape
from companion.rules.fortress.grid import spot_ja
from companion.serve.escape import esc
from companion.serve.phrases import phrased
from companion.serve.table_words import say as say_more
from companion.serve.tiles import card_tile
from companion.serve.words import say
from companion.store import LiveGame

MAX_HAND_CHARS = 400  # a hand is a few dozen characters; more is not a hand
MAX_CARDS = 30
PATTERNS_SHOWN = 24  # Dragoness groups listed; the rest are counted
MAX_GROUP = 8  # Dragoness groups tried when leading: up to this many cards
BEST_SHOWN = 3  # Fortress: the placements capturing most, said on the card's line (the rest folded away)
MAX_TRIED = 2500  # Dragoness groups asked of the engine for one answer (about 0.1 s: the server stays quick)
# The engine keeps every group's readings on the deck (``patterns._all_readings``), forgetting them only
# at 100,000 (some 20 MB): the coach's groups (every group of every hand typed, 2,500 an answer) filled
# it by some 20,000 a round of 8 hands, most never asked again once the hand was played. One round of
# 8 hands is what the answers of a round reuse; at more, the deck's answers are forgotten (the engine's
# own way of letting them go: each comes again from the rules when asked).
DECK_KEPT = 24_000


@dataclass(frozen=True)
class Answer:
    """What the coach page shows, and the hand as it now stands (the cards played since it was
    typed taken out), for the page to keep in the browser."""

    html: str
    hand: list[str]
    position: int
    dropped: list[str]


def shown(card: object) -> str:
    """A card as the table writes it (HOMALET's numbers with two digits)."""
    return f"{card:02d}" if isinstance(card, int) else str(card)


def parse_card(state: StateShape, token: str) -> object:
    """The card ``token`` names, in the deck of ``state``'s game."""
    deck = state.setup.deck
    if isinstance(deck, fortress.Deck | dragoness.Deck):
        return deck.parse(token)
    return homalet.parse_card(token)


def played_by(state: StateShape, action: ActionShape, seat: int) -> list[object]:
    """The cards ``action`` shows ``seat`` playing from the hand (a placement, a play, a group, a Revive)."""
    if isinstance(action, fortress.Place | homalet.Play):
        return [action.card] if action.player == seat else []
    if isinstance(action, dragoness.PlayCards):
        return list[object](action.cards) if action.player == seat else []
    if isinstance(action, dragoness.Revive) and action.player == seat and isinstance(state, dragoness.State):
        deck = state.setup.deck
        revives: list[object] = [deck.card(s.code) for s in deck.specials if s.kind is dragoness.Kind.REVIVE]
        return revives[:1]
    return []


def answer(live: LiveGame, seat: int, typed: str, since: int, lang: Lang) -> Answer:
    """The coach's answer for ``seat`` holding ``typed`` (as typed at move ``since``)."""
    engine, state = live.engine, live.state
    cards: list[object] = []
    unknown: list[str] = []
    for token in typed.replace(",", " ").replace("、", " ").split()[:MAX_CARDS]:
        try:
            cards.append(parse_card(state, token))
        except Refusal:
            unknown.append(token)
    played: list[object] = []
    actions = live.actions
    for action in actions[max(0, since) :]:
        for card in played_by(state, action, seat):
            if card in cards:
                cards.remove(card)
                played.append(card)
    parts: list[str] = []
    if played:
        parts.append(f'<p class="played">{esc(say("coach.played", lang))}{esc(" ".join(map(shown, played)))}</p>')
    if unknown:
        parts.append(f'<p class="unknown">{esc(say("coach.unknown", lang))}{esc(" ".join(unknown))}</p>')
    waiting = engine.allowed(state).describe()
    parts.append(f'<p class="now">{esc(say("coach.now", lang))}{esc(waiting.text(lang).splitlines()[0])}</p>')
    if cards:  # the hand as the cards look
        deck = state.setup.deck
        parts.append('<div class="hand">' + "".join(card_tile(deck, c, lang) for c in cards) + "</div>")
    if not cards:
        parts.append(f"<p>{esc(say('coach.empty', lang))}</p>")
    else:
        turn = state.turn == seat
        parts.append(f'<p class="turn">{esc(say("coach.your_turn" if turn else "coach.not_turn", lang))}</p>')
        parts.append(_coach(state, seat, cards, lang))
    return Answer("".join(parts), [shown(c) for c in cards] + unknown, live.position, [shown(c) for c in played])


def _coach(state: StateShape, seat: int, cards: Sequence[object], lang: Lang) -> str:
    """The game's own coach for ``cards`` (each of them a card of that game's deck)."""
    if isinstance(state, fortress.State):
        return _fortress(state, seat, [c for c in cards if isinstance(c, fortress.Card)], lang)
    if isinstance(state, homalet.State):
        return _homalet(state, seat, [c for c in cards if isinstance(c, int)], lang)
    if isinstance(state, dragoness.State):
        return _dragoness(state, seat, [c for c in cards if isinstance(c, dragoness.Card)], lang)
    raise TypeError(f"no coach for a {type(state).__qualname__}")


def said_card(card: object, lang: Lang, deck: object = None) -> str:
    """A card as the page's language writes it: 赤7 on a Japanese page (the Fortress deck's suit
    names), else as the table types it."""
    if lang == "ja" and isinstance(deck, fortress.Deck) and isinstance(card, fortress.Card):
        return deck.label(card, "ja")
    return shown(card)


def _card_line(card: object, legal: bool, lang: Lang, what: str, deck: object = None) -> str:
    mark = "legal" if legal else "illegal"
    word = say("coach.legal" if legal else "coach.illegal", lang)
    return (
        f'<li class="{mark}" data-card="{esc(shown(card))}"><b>{esc(said_card(card, lang, deck))}</b> '
        f'<span class="verdict">{esc(word)}</span>{what}</li>'
    )


def _captured(capture: fortress.Capture) -> int:
    return len(capture.cards)


def spot_words(spot: str, lang: Lang) -> str:
    """A Fortress spot as the table writes it: ``A1N``, ``A1上``."""
    return spot_ja(spot) if lang == "ja" else spot


def mode_words(mode: fortress.Mode, lang: Lang) -> str:
    """A declaration as the table types it: ``n`` or ``s``, ``数`` or ``スート``."""
    if lang == "ja":
        return "数" if mode is fortress.Mode.NUMBER else "スート"
    return "n" if mode is fortress.Mode.NUMBER else "s"


def _folded(items: Sequence[str], lang: Lang) -> str:
    """The lines of what may not be played, folded away (one tap shows them and why)."""
    if not items:
        return ""
    return (
        f'<details class="why"><summary>{esc(say_more("coach.why", lang, n=len(items)))}</summary>'
        f'<ul class="cards">{"".join(items)}</ul></details>'
    )


def _split(items: Sequence[tuple[bool, str]], lang: Lang) -> str:
    """Each card's line: those that may be played listed, the others folded away."""
    shown_ = [line for legal, line in items if legal]
    return f'<ul class="cards">{"".join(shown_)}</ul>' + _folded([line for legal, line in items if not legal], lang)


def _elsewhere(state: fortress.State | homalet.State, card: fortress.Card | int, lang: Lang) -> str | None:
    if isinstance(state, fortress.State):
        place = state.place_of(card) if isinstance(card, fortress.Card) else None
    else:
        place = state.place(card) if isinstance(card, int) else None
    return None if place is None else say("coach.elsewhere", lang) + place.text(lang)


# ----------------------------------------------------------------------------- Six-Suit Fortress


def _fortress(state: fortress.State, seat: int, cards: Sequence[fortress.Card], lang: Lang) -> str:
    phase = state.phase
    if phase is fortress.Phase.BUILD and state.turn == seat:
        return _fortress_builds(state, lang)
    if phase is not fortress.Phase.PLACE:
        return f"<p>{esc(say('coach.nothing', lang))}</p>"
    ranks = [column[0].rank for column in state.fortresses[seat]]
    deck = state.setup.deck
    top = deck.ranks
    items = []
    for card in cards:
        elsewhere = _elsewhere(state, card, lang)
        if elsewhere is not None:
            items.append((False, _card_line(card, False, lang, f"<div>{esc(elsewhere)}</div>", deck)))
            continue
        rows = []
        for capture in fortress.captures(state, card):
            if capture.mode is not fortress.Mode.NUMBER:
                continue
            by_suit = next(
                c for c in fortress.captures(state, card) if c.spot == capture.spot and c.mode is fortress.Mode.SUIT
            )
            rows.append(
                f"<tr><th>{esc(spot_words(capture.spot, lang))}</th>"
                f"<td>{_taken(capture, ranks, top, lang, deck)}</td>"
                f"<td>{_taken(by_suit, ranks, top, lang, deck)}</td></tr>"
            )
        legal = state.turn == seat and bool(rows)
        table = (
            (
                f'<div class="sub">{esc(say("coach.captures", lang))}</div>'
                f'<table class="captures"><tbody>{"".join(rows)}</tbody></table>'
            )
            if rows
            else ""
        )
        best = sorted(fortress.captures(state, card), key=_captured, reverse=True)[:BEST_SHOWN]
        summary = " · ".join(f"{spot_words(c.spot, lang)} {mode_words(c.mode, lang)} {len(c.cards)}" for c in best)
        folded = (
            f'<div class="best">{esc(summary)}</div><details><summary>{esc(say("coach.captures", lang))}</summary>'
            f"{table}</details>"
            if rows
            else ""
        )
        items.append((legal or bool(rows), _card_line(card, legal or bool(rows), lang, folded, deck)))
    note = f'<p class="sub">{esc(say("coach.builds", lang))}</p>'
    return note + _split(items, lang)


def _taken(capture: fortress.Capture, ranks: list[int], top: int, lang: Lang, deck: fortress.Deck) -> str:
    """The count captured and, for each captured card, where F-11 lets it go in the fortress."""
    places = []
    for card in capture.cards:
        legal = fortress.placements(ranks, card.rank, top)
        where = ", ".join(fortress.WHERE_NAMES[w].text(lang) for w in legal) if legal else "—"
        places.append(f"{said_card(card, lang, deck)}→{where}")
    count = len(capture.cards)
    detail = f'<div class="places">{esc("; ".join(places))}</div>' if places else ""
    return f'<span class="count">{count}</span>{detail}'


def _fortress_builds(state: fortress.State, lang: Lang) -> str:
    items = []
    for option in fortress.build_options(state):
        legal = ", ".join(fortress.WHERE_NAMES[w].text(lang) for w in option.legal)
        refused = "".join(
            f'<div class="why">✗ {esc(fortress.WHERE_NAMES[w].text(lang))}: {esc(why.text(lang))}</div>'
            for w, why in option.refused
        )
        items.append(f"<li><b>{esc(shown(option.card))}</b> {esc(legal)}{refused}</li>")
    return f'<p>{esc(say("coach.build_now", lang))}</p><ul class="cards">{"".join(items)}</ul>'


# ----------------------------------------------------------------------------- HOMALET


def _homalet(state: homalet.State, seat: int, cards: Sequence[int], lang: Lang) -> str:
    """Each field open now: the engine's answer for each card played there. Where the hand holds
    a card the engine lets follow the lead colour, an off-colour card is refused as the engine
    refuses it (H-4); else the off-colour card is tried with the void claim the player could make."""
    if state.phase is not homalet.Phase.PLAY:
        return f"<p>{esc(say('coach.nothing', lang))}</p>"
    out = []
    for where in homalet.Field:
        if where is homalet.Field.WILD and not state.wilderness:
            continue
        tried = {card: _try(state, homalet.Play(seat, card, where, False)) for card in cards}
        lead = state.lead(where)
        colour_of = state.setup.deck.colour_of
        follows = [c for c in cards if lead is not None and tried[c][0] and colour_of[c] == lead]
        items = []
        for card in cards:
            ok, words = tried[card]
            if not ok and lead is not None and not follows and colour_of[card] != lead:
                ok, words = _try(state, homalet.Play(seat, card, where, True))
            extra = f" — {esc(say('coach.follows', lang))}" if card in follows else ""
            items.append((ok, _card_line(card, ok, lang, f"{extra}<div>{phrased(words.text(lang), lang)}</div>")))
        title = homalet.FIELD_TITLES[where].text(lang)
        out.append(f"<h3>{esc(title)}</h3>{_split(items, lang)}")
    return "".join(out)


def _try(state: homalet.State, action: homalet.Action) -> tuple[bool, Msg]:
    try:
        return True, homalet.apply(state, action)[1]
    except Refusal as refusal:
        return False, refusal.msg


# ----------------------------------------------------------------------------- Reign of Dragoness


def _dragoness(state: dragoness.State, seat: int, cards: Sequence[dragoness.Card], lang: Lang) -> str:
    """Every group of the hand the engine reads as playable on the pile now (``readings``)."""
    phase = state.phase
    if phase not in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED):
        return f"<p>{esc(say('coach.nothing', lang))}</p>"
    sizes = [state.top.size] if state.top is not None else list(range(1, min(len(cards), MAX_GROUP) + 1))
    found: list[str] = []
    seen: set[tuple[str, ...]] = set()
    more = 0
    tried = 0
    untried = 0  # the size from which groups were not tried (too many for one answer)
    for size in sizes:
        if tried + math.comb(len(cards), size) > MAX_TRIED:
            untried = size
            break
        for group in itertools.combinations(cards, size):
            tried += 1
            key = tuple(sorted(map(str, group)))
            if key in seen:
                continue
            seen.add(key)
            readings = dragoness.readings(state, group)
            if not readings:
                continue
            if len(found) >= PATTERNS_SHOWN:
                more += 1
                continue
            words = "; ".join(r.describe().text(lang) for r in readings)
            tiles = "".join(card_tile(state.setup.deck, c, lang, extra="mini") for c in group)
            found.append(
                f'<li class="legal"><span class="tiles">{tiles}</span> '
                f"<b>{esc(' '.join(map(shown, group)))}</b> {esc(words)}</li>"
            )
    forget_groups(state.setup.deck)
    note = f'<p class="sub">{esc(say("coach.untried", lang, n=untried))}</p>' if untried else ""
    if not found:
        return f"<p>{esc(say('coach.no_patterns', lang))}</p>{note}"
    tail = f"<li>… {more} {esc(say('coach.more', lang))}</li>" if more else ""
    return f'<p>{esc(say("coach.patterns", lang))}</p><ul class="cards">{"".join(found)}{tail}</ul>{note}'


def forget_groups(deck: dragoness.Deck) -> None:
    """The deck's kept answers forgotten when they are more than :data:`DECK_KEPT` (the coach's
    groups of hands played long ago): the server's memory stays flat however many hands are typed."""
    deck.forget(more_than=DECK_KEPT)

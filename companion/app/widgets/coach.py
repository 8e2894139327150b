"""The coach: what a line would do, shown as it is typed, before Enter. The engine decides:
the line is read by ``parse_line`` and tried with ``apply`` on the current state (nothing is
stored); a Fortress card alone shows its capture at every usable spot (``captures``), a Dragoness
group every legal reading of its wild cards (``readings``)."""

from __future__ import annotations

from rich.text import Text

from companion.app.widgets.tiles import tile
from companion.app.words import W, say
from companion.cards.cardlook import fortress_look
from companion.rules import dragoness, fortress
from companion.rules.common import Lang, Refusal
from companion.rules.engine import GameEngine, StateShape


def preview(engine: GameEngine, state: StateShape, line: str, lang: Lang, completes: bool = False) -> Text:
    """What Enter would do with ``line``: the engine's ruling, or its refusal (not shown while
    ``completes``, the line being the start of a legal one still typed, nor while the coach has
    something to show for it)."""
    text = Text()
    try:
        action = engine.parse_line(state, line)
        _, ruling = engine.apply(state, action)
    except Refusal as refusal:
        if not completes and _game_coach(engine, state, line, lang) is None:
            text.append(refusal.msg.text(lang), style="red")
        return text
    text.append(say(W.track_preview, lang), style="bold")
    text.append(ruling.text(lang), style="green")
    return text


def coach(engine: GameEngine, state: StateShape, line: str, lang: Lang) -> Text:
    """What the coach shows beside the table for ``line`` as it is typed: a Fortress card's
    capture at every spot, or its legal places in a build; a Dragoness group's wild readings."""
    return _game_coach(engine, state, line, lang) or Text()


def _game_coach(engine: GameEngine, state: StateShape, line: str, lang: Lang) -> Text | None:
    tokens = line.split()
    if (
        isinstance(state, fortress.State)
        and len(tokens) == 1
        and state.phase in (fortress.Phase.PLACE, fortress.Phase.BUILD)
    ):
        try:
            card = state.setup.deck.parse(tokens[0])
        except Refusal:
            return None
        if state.phase is fortress.Phase.BUILD:
            return _builds(state, card, lang)
        return _captures(state, card, lang)
    if isinstance(state, dragoness.State) and tokens:
        try:
            action = dragoness.parse_line(state, line)
        except Refusal:
            return None
        if not isinstance(action, dragoness.PlayCards) or not action.cards or action.wilds is not None:
            return None
        cards = action.cards
        found = dragoness.readings(state, cards)
        if len(found) < 2:
            return None
        text = Text(say(W.coach_readings, lang), style="bold")
        text.append(("; " if lang == "en" else "／").join(r.describe().text(lang) for r in found))
        return text
    return None


def _captures(state: fortress.State, card: fortress.Card, lang: Lang) -> Text:
    """Spot by spot: the count captured declaring number (n) and suit (s)."""
    by_spot: dict[str, dict[fortress.Mode, int]] = {}
    for c in fortress.captures(state, card):
        by_spot.setdefault(c.spot, {})[c.mode] = len(c.cards)
    text = Text()
    tile(text, fortress_look(state.setup.deck, card))
    text.append(" " + say(W.coach_captures, lang))
    number, suit = say(W.coach_number, lang), say(W.coach_suit, lang)
    for spot, modes in by_spot.items():
        n, s = modes.get(fortress.Mode.NUMBER, 0), modes.get(fortress.Mode.SUIT, 0)
        text.append(f" {fortress.spot_ja(spot) if lang == 'ja' else spot}{say(W.coach_colon, lang)}", style="dim")
        text.append(f"{number}{n}", style="bold green" if n == 3 else "")
        text.append(f"/{suit}{s}", style="bold green" if s == 3 else "")
    return text


def _builds(state: fortress.State, card: fortress.Card, lang: Lang) -> Text | None:
    """F-11 for one captured card: every legal place, and why each other place is refused."""
    for option in fortress.build_options(state):
        if option.card == card:
            text = Text()
            tile(text, fortress_look(state.setup.deck, card))
            text.append(" ")
            text.append(
                (", " if lang == "en" else "・").join(fortress.WHERE_NAMES[w].text(lang) for w in option.legal),
                style="green",
            )
            for where, why in option.refused:
                text.append(
                    f"\n  ✗ {fortress.WHERE_NAMES[where].text(lang)}{': ' if lang == 'en' else '：'}", style="dim"
                )
                text.append(why.text(lang), style="dim")
            return text
    return None

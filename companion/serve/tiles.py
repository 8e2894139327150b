"""Cards as HTML tiles for the served pages: the look the printed cards and the terminal's tiles
share (``companion.cards.cardlook``: the deck file's colour, its symbol, a ground of that colour and an
ink dark enough to read on it), drawn as a small card: the rank or number large, the symbol, and
the suit, colour or clan named as the table names it (赤, 紅, ローシェン). A card is defined once:
nothing here knows a colour or a symbol of its own."""

from __future__ import annotations

from companion.cards.cardlook import GLYPHS, SPECIAL_MARK, Look, dragoness_look, fortress_look, homalet_look
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.rules.engine import StateShape
from companion.serve.escape import esc

Card = fortress.Card | dragoness.Card | int


def _span(look: Look, big: str, small: str, title: str, token: str, extra: str, more: str = "") -> str:
    style = f"--ink:{look.ink};--ground:{look.ground};--edge:{look.colour}"
    classes = f"card {extra}".strip()
    under = f'<small class="season">{esc(more)}</small>' if more else ""
    return (
        f'<span class="{classes}" style="{style}" title="{esc(title)}" data-card="{esc(token)}">'
        f'<b>{esc(big)}</b><i aria-hidden="true">{esc(look.glyph)}</i><small>{esc(small)}</small>{under}</span>'
    )


def card_tile(deck: object, card: object, lang: Lang, value: int | None = None, extra: str = "") -> str:
    """``card`` of ``deck`` as a tile (``value``: the number a played wild card stands for)."""
    if isinstance(deck, fortress.Deck) and isinstance(card, fortress.Card):
        suit = deck.suit(card.suit)
        look = fortress_look(deck, card)
        name = suit.ja if lang == "ja" else suit.en
        return _span(look, str(card.rank), name, deck.label(card, lang), str(card), extra)
    if isinstance(deck, homalet.Deck) and isinstance(card, int):
        colour = deck.colour(card)
        look = homalet_look(deck, card)
        season = deck.season(card)
        name = colour.ja if lang == "ja" else colour.en
        said = homalet.SEASON_NAMES[season].text(lang) if season is not None else ""
        return _span(look, f"{card:02d}", name, f"{card:02d} {name} {said}".strip(), f"{card:02d}", extra, said)
    if isinstance(deck, dragoness.Deck) and isinstance(card, dragoness.Card):
        look = dragoness_look(deck, card, lang, value)
        if not deck.known(card):
            return _span(look, str(card), "", str(card), str(card), extra)
        kind = deck.kind(card)
        if kind is dragoness.Kind.DRAGON:
            clan = deck.clan(card.code)
            name = clan.ja if lang == "ja" else clan.en
            return _span(look, str(card.number), name, deck.label(card, lang), str(card), extra)
        name = deck.label(card, lang)
        stands = f"={value}" if value is not None and kind is not dragoness.Kind.DRAGONESS else SPECIAL_MARK[kind.value]
        return _span(look, stands, name, name, str(card), f"special {extra}".strip())
    raise TypeError(f"no tile for {card!r} of {type(deck).__qualname__}")


def colour_chip(deck: homalet.Deck, key: str, lang: Lang) -> str:
    """A HOMALET colour itself (a field's lead colour): its symbol and name on its ground."""
    from companion.cards.cardlook import homalet_colour_look

    look = homalet_colour_look(deck, key, lang)
    style = f"--ink:{look.ink};--ground:{look.ground};--edge:{look.colour}"
    return f'<span class="chip" style="{style}">{esc(look.glyph)} {esc(look.label)}</span>'


def parse_card(state: StateShape, word: str) -> object | None:
    """The card ``word`` names in the deck of ``state``'s game, or None when it names none."""
    deck = state.setup.deck
    try:
        if isinstance(deck, fortress.Deck | dragoness.Deck):
            return deck.parse(word)
        if word.isdigit() and len(word) <= 2:
            return homalet.parse_card(word)
    except Refusal:
        return None
    return None


def word_tile(state: StateShape, word: str, lang: Lang, extra: str = "") -> str | None:
    """The tile of the card ``word`` names (a word of a line offered), or None for another word."""
    card = parse_card(state, word)
    return None if card is None else card_tile(state.setup.deck, card, lang, extra=extra)


__all__ = ["GLYPHS", "card_tile", "colour_chip", "parse_card", "word_tile"]

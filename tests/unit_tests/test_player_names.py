"""Issue 27, item 11: names people use are accepted (emoji sequences, combining marks, kept in NFC);
what can disguise a name is refused in one sentence naming the problem, in both languages, by one
rule that every entry point uses (the engines' setups, settle's reader)."""

from __future__ import annotations

import functools
import re
import unicodedata

import pytest

from companion.cards.decks import load_deck_data
from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Refusal, name_problem, plain_name, table_names
from companion.rules.games import ENGINES

FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧, three emoji joined by zero-width joiners
GOOD = [
    FAMILY,
    "\U0001f44d\U0001f3fd",  # 👍🏽 a skin tone
    "\U0001f1ef\U0001f1f5",  # 🇯🇵 a flag of two regional indicators
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # 🏴󠁧󠁢󠁳󠁣󠁴󠁿 a subdivision flag (tags)
    "1\ufe0f\u20e3",  # 1️⃣ a keycap
    "\U0001f9d1\U0001f3fe\u200d\U0001f373",  # 🧑🏾‍🍳 a skin tone inside a joined sequence
    "Zoe\u0308",  # Zoë, written with a combining diaeresis: kept as Zoë (NFC)
    "\u30ce\u3099\u30ea",  # ノ and a combining voiced mark: ゾ-like kana composed where Unicode composes
    "\u0915\u094d\u200d\u0937",  # Devanagari: a joiner between letters changes the conjunct drawn
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a non-joiner between letters
    "山田\u3000太郎",  # an ideographic space, as a Japanese keyboard types it
    "Aki",
]
BAD = {
    "A\u202eki": "text-direction control (U+202E)",  # right-to-left override
    "\u2067Aki\u2069": "text-direction control (U+2067)",  # an isolate
    "Aki\u200f": "text-direction control (U+200F)",  # a right-to-left mark
    "\u200b": "invisible character (U+200B)",  # a zero-width space alone
    "Aki\u200b": "invisible character (U+200B)",  # one that makes "Aki" a second Aki
    "A\u200dki": "zero-width joiner (U+200D) that joins nothing",  # between plain letters: hides
    "Aki\u200d": "zero-width joiner (U+200D) that joins nothing",
    "\u200d": "zero-width joiner (U+200D) that joins nothing",
    "Aki\u2060": "invisible character (U+2060)",  # a word joiner
    "\ufeffAki": "invisible character (U+FEFF)",
    "\u3164": "invisible character (U+3164)",  # a Hangul filler: looks empty
    "Aki\x1b[31m": "control character or line break (U+001B)",
    "Aki\nBen": "control character or line break (U+000A)",
    "Aki\u2028Ben": "control character or line break (U+2028)",
    " ": "shows nothing",
    "\u3000": "shows nothing",
    "\u0301": "shows nothing",  # a combining mark alone
    "\u0301Aki": "begins with a combining mark (U+0301)",
    "\ue000": "no agreed look (U+E000)",  # private use
    "Aki\u00a0Ben": "unusual space (U+00A0)",
    "x" * 101: "longer than 100 characters",
}
DECKS = {game: ENGINES[game].Deck.from_data(load_deck_data(game)) for game in ENGINES}
FORTRESS_DECK = fortress.Deck.from_data(load_deck_data("fortress"))
HOMALET_DECK = homalet.Deck.from_data(load_deck_data("homalet"))
DRAGONESS_DECK = dragoness.Deck.from_data(load_deck_data("dragoness"))


@pytest.mark.parametrize("name", GOOD)
def test_names_people_use_are_accepted_and_kept_composed_by_every_engine(name: str) -> None:
    assert name_problem(name) is None and plain_name(name)
    kept = unicodedata.normalize("NFC", name)
    for game, engine in ENGINES.items():
        setup = engine.make_setup((name, "Ben", "Chie"), None, DECKS[game])
        assert setup.players[0] == kept, game  # composed (NFC): "Zoë" typed either way is one name
        assert unicodedata.is_normalized("NFC", setup.players[0])


def test_a_name_typed_decomposed_and_composed_is_one_name_at_the_table() -> None:
    """Zoe + U+0308 and Zoë are the same name: a table of both is refused (each needs its own)."""
    assert table_names(["Zoe\u0308", "Zo\u00eb"]) == ("Zo\u00eb", "Zo\u00eb")
    with pytest.raises(Refusal, match="each player needs a name of their own"):
        fortress.make_setup(("Zoe\u0308", "Zo\u00eb", "Chie"), 0, FORTRESS_DECK)


@pytest.mark.parametrize("name,problem", BAD.items())
def test_what_can_disguise_a_name_is_refused_in_one_sentence_naming_it(name: str, problem: str) -> None:
    found = name_problem(name)
    assert found is not None and not plain_name(name)
    for game, engine in ENGINES.items():
        with pytest.raises(Refusal) as refused:
            engine.make_setup(("Ben", name, "Chie"), None, DECKS[game])
        msg = refused.value.msg
        assert msg.en.startswith("the name ") and problem in msg.en, (game, msg.en)
        assert msg.en.count(". ") == 0 and "\n" not in msg.en and "\n" not in msg.ja  # one sentence, one line
        assert msg.ja.startswith("名前 ") and msg.ja.strip(), msg.ja
        for code in re.findall(r"U\+[0-9A-F]{4,5}", problem):
            assert code in msg.ja, msg.ja
        shown = msg.en[len("the name ") :]
        assert all(c.isprintable() and unicodedata.category(c) not in ("Cf", "Zl", "Zp") for c in shown)


def test_every_engine_and_the_settlement_reader_use_the_same_rule() -> None:
    """One rule: each engine's setup and settle's name reader refuse exactly what name_problem
    refuses, with its words."""
    from companion.rules.common import Msg
    from companion.settle.read import _name

    for name in [*GOOD, *BAD]:
        good = name_problem(name) is None
        for made in (
            functools.partial(fortress.make_setup, (name, "Ben", "Chie"), 0, FORTRESS_DECK),
            functools.partial(homalet.make_setup, (name, "Ben", "Chie"), 0, HOMALET_DECK),
            functools.partial(dragoness.make_setup, (name, "Ben", "Chie"), None, DRAGONESS_DECK),
            functools.partial(_name, name, Msg("", "")),
        ):
            try:
                made()
                accepted = True
            except Refusal as refusal:
                accepted = False
                assert refusal.msg.en.startswith("the name "), refusal.msg.en
            assert accepted == good, name

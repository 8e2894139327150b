"""Every field of a deck file is checked, with one sentence naming the key and what is allowed
(issue 10): a typo in a deck must never print another colour, drop cards or score by the wrong deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards.decks import GAMES, default_deck_path, load_deck_data
from companion.rules.common import Refusal
from companion.rules.deck_rules import check_deck_data, shown


def edited(tmp_path: Path, game: str, old: str, new: str) -> Path:
    text = default_deck_path(game).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "deck.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def refused(game: str, path: Path) -> Refusal:
    with pytest.raises(Refusal) as caught:
        load_deck_data(game, path)
    assert "\n" not in caught.value.msg.en and "\n" not in caught.value.msg.ja
    assert caught.value.msg.ja != caught.value.msg.en
    return caught.value


@pytest.mark.parametrize("game", GAMES)
def test_shipped_decks_and_their_round_trip_pass(game: str) -> None:
    from companion.rules.games import ENGINES

    data = load_deck_data(game)
    assert load_deck_data(game, default_deck_path(game)) == data  # as a table's own file: the font check too
    check_deck_data(game, data)
    check_deck_data(game, ENGINES[game].Deck.from_data(data).to_data())


@pytest.mark.parametrize(
    "game,old,new,needle",
    [
        ("fortress", "ranks = 13", "ranks = 13.7", '"ranks" must be a whole number from 1 to 30, not 13.7'),
        ("fortress", "ranks = 13", "ranks = true", '"ranks" must be a whole number from 1 to 30, not true'),
        ("fortress", "ranks = 13", "ranks = 100000", '"ranks" must be a whole number from 1 to 30, not 100000'),
        ("fortress", "ranks = 13", "rank = 13", 'unknown key "rank" (did you mean "ranks"?)'),
        ("fortress", '"#740206"', '"#12345"', '[[suits]] table 1, "color" must be a colour written #rrggbb'),
        ("fortress", '"#740206"', '"red"', 'not "red"'),
        ("fortress", '"circle"', '"banana"', '"shape" must be one of circle, triangle, square, diamond, star, hexagon'),
        ("fortress", 'code = "R"', 'code = ""', '[[suits]] table 1, "code" must be one ASCII letter, not ""'),
        ("fortress", 'code = "Y"', 'code = "r"', '[[suits]] table 2, "code" repeats the code "r"'),
        ("fortress", 'en = "red"', 'en = "vermilion-crimson-red"', '"en" must be text of 1 to 12 characters'),
        ("fortress", 'ja = "赤"', 'ja = "赤2"', '"ja" must not contain digits'),
        ("fortress", 'ja = "赤"', 'ja = "赤\\n"', '"ja" must be text of 1 to 6 characters on one line'),
        ("homalet", '"07" = { color = "jade" }', "", '[cards]: "07" is missing'),
        (
            "homalet",
            '"07" = { color = "jade" }',
            '"07" = { color = "jade" }\n"70" = { color = "jade" }',
            '[cards]: unknown key "70"; the keys allowed here are the card numbers "00" to "69"',
        ),
        (
            "homalet",
            '"07" = { color = "jade" }',
            '"07" = { color = "jade", season = "spr" }',
            '[cards] "07", "season" must be one of spring, summer, autumn, winter, not "spr"',
        ),
        ("homalet", '"07" = { color = "jade" }', '"07" = { color = "jad" }', '[cards] "07", "color" must be one of'),
        ("homalet", 'key = "jade"', 'key = "Jade Green/x"', '[[colors]] table 3, "key" must be a word of 1 to 16'),
        (
            "dragoness",
            "count = 2",
            "count = -1",
            '[[specials]] table 2, "count" must be a whole number from 0 to 10, not -1',
        ),
        (
            "dragoness",
            'code = "Lo"',
            'code = "../x"',
            '[[clans]] table 1, "code" must be 1 to 3 ASCII letters, not "../x"',
        ),
        ("dragoness", "gems = 2", "gems = 1", '[[clans]] table 2, "gems" repeats 1 gems'),
        ("dragoness", "numbers = 12", "numbers = 100000", '"numbers" must be a whole number from 1 to 12'),
        ("dragoness", 'kind = "page"', 'kind = "revive"', '[[specials]] table 5, "kind" repeats the kind "revive"'),
        ("dragoness", "players = [5]", "players = [4]", '[[by_players]] table 2, "players" repeats 4 players'),
        ("dragoness", "players = [5]", "players = [9]", '"players" must be a whole number from 2 to 8, not 9'),
        ("dragoness", "players = [6]", "players = []", '"players" must be a list of player counts'),
        (
            "dragoness",
            "RV = 2 }",
            "RV = 3 }",
            '[[by_players]] table 2, "specials.RV" must be a whole number from 0 to 2',
        ),
        ("dragoness", "clans = 5", "clans = 9", '"clans" must be a whole number from 1 to 8'),
        ("dragoness", "format = 1", "format = 2", '"format" must be a whole number from 1 to 1, not 2'),
    ],
)
def test_each_field_is_refused_naming_the_key_and_what_is_allowed(
    tmp_path: Path, game: str, old: str, new: str, needle: str
) -> None:
    path = edited(tmp_path, game, old, new)
    refusal = refused(game, path)
    assert refusal.msg.en.startswith(f"deck file {path}: ")
    assert needle in refusal.msg.en


def test_text_the_font_cannot_draw_is_refused(tmp_path: Path) -> None:
    refusal = refused("fortress", edited(tmp_path, "fortress", 'en = "red"', 'en = "red 😀"'))
    assert '[[suits]] table 1, "en" holds "😀" (U+1F600), which the printing font cannot draw' in refusal.msg.en


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b"\xef\xbb\xbf" + default_deck_path("homalet").read_bytes())
    assert load_deck_data("homalet", path)["game"] == "homalet"


@pytest.mark.parametrize(
    "content,needle",
    [
        (b"a = " + b"9" * 5000, "holds a number too long or lists nested too deeply"),
        (b"a = " + b"[" * 100_000, "holds a number too long or lists nested too deeply"),
        (b"# " + b"x" * 1_100_000, "is larger than 1,000,000 bytes"),
    ],
)
def test_limits_are_sentences(tmp_path: Path, content: bytes, needle: str) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(content)
    assert needle in refused("fortress", path).msg.en


def test_dev_zero_is_refused_without_reading_it_all() -> None:
    assert "is larger than" in refused("fortress", Path("/dev/zero")).msg.en


def test_a_path_with_a_newline_stays_on_one_line(tmp_path: Path) -> None:
    refused("fortress", tmp_path / "a\nb.toml")


@pytest.mark.parametrize(
    "value,text",
    [
        (True, "true"),
        (None, "null"),
        ("R5", '"R5"'),
        (13.7, "13.7"),
        ("x" * 100, '"' + "x" * 38 + "…"),
        ("a\nb", '"a\\nb"'),
    ],
)
def test_shown_spells_values_as_the_input_does(value: object, text: str) -> None:
    assert shown(value) == text

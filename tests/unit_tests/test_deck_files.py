"""A deck file that cannot be used is refused with one sentence, in both languages, saying what is
wrong and what is wanted."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards.decks import GAMES, load_deck_data
from companion.rules.common import Refusal


def refusal(game: str, path: Path) -> tuple[str, str]:
    with pytest.raises(Refusal) as caught:
        load_deck_data(game, path)
    return caught.value.msg.en, caught.value.msg.ja


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_decks_load(game: str) -> None:
    assert load_deck_data(game)["game"] == game


def test_a_missing_file(tmp_path: Path) -> None:
    en, ja = refusal("homalet", tmp_path / "none.toml")
    assert en == f"deck file {tmp_path / 'none.toml'} does not exist; give the path of a TOML deck file"
    assert "がありません" in ja


def test_a_folder(tmp_path: Path) -> None:
    en, ja = refusal("homalet", tmp_path)
    assert en == f"deck file {tmp_path} is a folder; give the path of a TOML deck file"
    assert "フォルダです" in ja


def test_text_that_is_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b"game = [broken")
    en, ja = refusal("homalet", path)
    assert en.startswith(f"deck file {path} cannot be read as TOML (") and "TOML として読めません" in ja


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b'game = "homalet"\n\xff\xfe')
    en, ja = refusal("homalet", path)
    assert en == f"deck file {path} is not UTF-8 text; save it as UTF-8"
    assert "UTF-8 のテキストではありません" in ja


def test_a_file_naming_no_game(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('name = "my deck"\n')
    en, ja = refusal("dragoness", path)
    assert en == f'deck file {path} does not say which game it is for: add the line game = "dragoness"'
    assert ja == f'デッキファイル {path} にゲーム名がありません：game = "dragoness" の行を加えてください'


def test_a_file_for_another_game(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text('game = "fortress"\n')
    en, _ = refusal("homalet", path)
    assert en == f'deck file {path} is for game "fortress", not "homalet"'

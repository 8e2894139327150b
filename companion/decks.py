"""The one loader for deck definitions (TOML files under ``assets/decks``).

A deck file is plain data; each game's rules module turns that data into its deck
(``Deck.from_data``), so the rules never read files themselves.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.rules.common import refuse

GAMES = ("fortress", "homalet", "dragoness")


def assets_dir() -> Path:
    """The assets folder: inside the installed package, or at the top of a source checkout."""
    packaged = Path(__file__).resolve().parent / "assets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "assets"


def default_deck_path(game: str) -> Path:
    return assets_dir() / "decks" / f"{game}.toml"


def load_deck_data(game: str, path: str | Path | None = None) -> dict[str, Any]:
    """Read a deck file as data; a missing or broken file is refused with one sentence."""
    file = Path(path) if path is not None else default_deck_path(game)
    try:
        with file.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise refuse(
            f"deck file {file} does not exist; give the path of a TOML deck file",
            f"デッキファイル {file} がありません。TOML のデッキファイルを指定してください",
        ) from None
    except IsADirectoryError:
        raise refuse(
            f"deck file {file} is a folder; give the path of a TOML deck file",
            f"デッキファイル {file} はフォルダです。TOML のデッキファイルを指定してください",
        ) from None
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise refuse(
            f"deck file {file} cannot be read as TOML ({error})",
            f"デッキファイル {file} を TOML として読めません（{error}）",
        ) from None
    if "game" not in data:
        raise refuse(
            f"deck file {file} does not say which game it is for: add the line game = \"{game}\"",
            f"デッキファイル {file} にゲーム名がありません：game = \"{game}\" の行を加えてください",
        )
    if data.get("game") != game:
        raise refuse(
            f"deck file {file} is for game {data.get('game')!r}, not {game!r}",
            f"デッキファイル {file} は {data.get('game')!r} 用で、{game!r} 用ではありません",
        )
    return data

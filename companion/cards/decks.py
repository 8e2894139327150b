"""The one loader for deck definitions (TOML files under ``assets/decks``).

A deck file is plain data; each game's rules module turns that data into its deck
(``Deck.from_data``), so the rules never read files themselves. Every field is checked first
(``companion.rules.deck_rules``), and a table's own file also against the printing font.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.base.documents import PATH_SHOWN
from companion.base.resources import deck_file, font_chars
from companion.rules.common import Msg, Refusal, refuse
from companion.rules.deck_rules import check_deck_data, label, place, shown, texts

GAMES = ("fortress", "homalet", "dragoness")
MAX_DECK_BYTES = 1_000_000  # a deck file is a few kilobytes; /dev/zero must not be read until memory runs out


def default_deck_path(game: str) -> Path:
    return deck_file(game)


def _read_toml(file: Path) -> dict[str, Any]:
    """The TOML document in ``file`` (UTF-8, a byte-order mark allowed), refused in one sentence."""
    name = label(str(file), PATH_SHOWN)
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_DECK_BYTES + 1)
    except FileNotFoundError:
        raise refuse(
            f"deck file {name} does not exist; give the path of a TOML deck file",
            f"デッキファイル {name} がありません。TOML のデッキファイルを指定してください",
        ) from None
    except IsADirectoryError:
        raise refuse(
            f"deck file {name} is a folder; give the path of a TOML deck file",
            f"デッキファイル {name} はフォルダです。TOML のデッキファイルを指定してください",
        ) from None
    except OSError as error:
        reason = error.strerror or "error"
        raise refuse(
            f"deck file {name} cannot be read ({reason})", f"デッキファイル {name} を読めません（{reason}）"
        ) from None
    if len(raw) > MAX_DECK_BYTES:
        raise refuse(
            f"deck file {name} is larger than {MAX_DECK_BYTES:,} bytes; a deck file is a few kilobytes",
            f"デッキファイル {name} が{MAX_DECK_BYTES:,}バイトを超えています（数キロバイトのはずです）",
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(
            f"deck file {name} is not UTF-8 text; save it as UTF-8",
            f"デッキファイル {name} は UTF-8 のテキストではありません。UTF-8 で保存してください",
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise refuse(
            f"deck file {name} cannot be read as TOML ({error})",
            f"デッキファイル {name} を TOML として読めません（{error}）",
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits; lists nested thousands deep
        raise refuse(
            f"deck file {name} holds a number too long or lists nested too deeply",
            f"デッキファイル {name} に長すぎる数か深すぎる入れ子があります",
        ) from None


def check_font(data: dict[str, Any]) -> None:
    """Refuse text the embedded font cannot draw (it would print as a box): its coverage is shipped as
    data beside it (:func:`companion.base.resources.font_chars`), so a deck is checked without a font library."""
    for path, text in texts(data):
        for char in text:
            if char != " " and not (char.isascii() and char.isprintable()) and ord(char) not in font_chars():
                where = place(path)
                raise refuse(
                    f"{where.en} holds {shown(char)} (U+{ord(char):04X}), which the printing font cannot "
                    "draw; use letters, kana and kanji",
                    f"{where.ja} の {shown(char)}（U+{ord(char):04X}）は印刷用フォントにない文字です。"
                    "英字・かな・漢字を使ってください",
                )


def game_of(path: str | Path) -> object:
    """What a deck file's ``game`` line says (None without one); an unreadable file refused in one sentence."""
    return _read_toml(Path(path)).get("game")


def load_deck_data(game: str, path: str | Path | None = None) -> dict[str, Any]:
    """Read a deck file as data, every field checked; a missing or broken file is refused with one sentence."""
    file = Path(path) if path is not None else default_deck_path(game)
    data = _read_toml(file)
    name = label(str(file), PATH_SHOWN)
    if "game" not in data:
        raise refuse(
            f'deck file {name} does not say which game it is for: add the line game = "{game}"',
            f'デッキファイル {name} にゲーム名がありません：game = "{game}" の行を加えてください',
        )
    if data.get("game") != game:
        raise refuse(
            f"deck file {name} is for game {shown(data.get('game'))}, not {shown(game)}",
            f"デッキファイル {name} は {shown(data.get('game'))} 用で、{shown(game)} 用ではありません",
        )
    try:
        check_deck_data(game, data)
        if path is not None:
            check_font(data)
    except Refusal as refusal:
        raise Refusal(Msg(f"deck file {name}: ", f"デッキファイル {name}：") + refusal.msg) from None
    return data

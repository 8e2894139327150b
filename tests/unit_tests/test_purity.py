"""The rules are pure: importing them pulls in no UI, printing or storage library."""

import subprocess
import sys

FORBIDDEN = (
    "textual",
    "rich",
    "reportlab",
    "sqlite3",
    "_sqlite3",
    "qrcode",
    "pypdfium2",
    "platformdirs",
    "zxingcpp",
    "PIL",
)


IMPORT_RULES = (
    "import importlib, pkgutil, companion.rules as r\n"
    "for m in pkgutil.walk_packages(r.__path__, 'companion.rules.'): importlib.import_module(m.name)\n"
)


def forbidden_loaded(code: str) -> list[str]:
    """The forbidden packages loaded by running ``code`` in a fresh interpreter (the detector)."""
    found = f"sorted({{m.split('.')[0] for m in sys.modules}} & {set(FORBIDDEN)!r})"
    script = code + f"\nimport sys\nprint(' '.join({found}))\n"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_rules_import_no_ui_print_or_storage() -> None:
    assert forbidden_loaded(IMPORT_RULES) == []


def test_the_check_would_see_a_forbidden_import() -> None:
    """The same detector, on the same import of every rules module, sees a forbidden module one of
    them would pull in: were it blind, the test above would pass whatever the rules import."""
    assert forbidden_loaded(IMPORT_RULES + "import sqlite3\n") == ["_sqlite3", "sqlite3"]
    assert {"rich", "textual"} <= set(forbidden_loaded(IMPORT_RULES + "import textual.app\n"))


def test_every_printed_character_is_in_the_embedded_font() -> None:
    """A glyph the font lacks prints as a box: check every string the printables draw."""
    from reportlab.pdfbase.ttfonts import TTFont

    from companion.cards.decks import GAMES
    from printables.faces import deck_art
    from printables.fonts import font_path
    from printables.summary_text import sections

    cmap = TTFont("check", font_path()).face.charToGlyph
    chars: set[str] = set()
    for game in GAMES:
        for head, points in sections(game):
            chars.update(head.en + head.ja)
            for p in points:
                chars.update(p.en + p.ja)
        art = deck_art(game)
        for card in art.cards:
            for text in art.text(card):
                chars.update(text)
    missing = sorted(ch for ch in chars if ch not in " \n" and ord(ch) not in cmap)
    assert missing == []

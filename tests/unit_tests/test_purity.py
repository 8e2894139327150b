"""The rules are pure: importing them pulls in no UI, printing or storage library."""

import subprocess
import sys

FORBIDDEN = ("textual", "reportlab", "sqlite3", "_sqlite3", "qrcode", "rich")


def test_rules_import_no_ui_print_or_storage() -> None:
    code = (
        "import sys, pkgutil, importlib, companion.rules as r\n"
        "for m in pkgutil.iter_modules(r.__path__): importlib.import_module('companion.rules.' + m.name)\n"
        f"print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_check_would_see_a_forbidden_import() -> None:
    code = "import sys, sqlite3; print('sqlite3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_every_printed_character_is_in_the_embedded_font() -> None:
    """A glyph the font lacks prints as a box: check every string the printables draw."""
    from reportlab.pdfbase.ttfonts import TTFont

    from companion.decks import GAMES
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

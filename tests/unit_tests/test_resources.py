"""The shipped files are found through importlib.resources, and the font's coverage shipped as data
(what a deck file's text is checked against) is the font's own."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from companion.base.resources import asset, deck_file, font_chars, font_file, format_coverage, parse_coverage


def test_the_shipped_files_are_found() -> None:
    for game in ("fortress", "homalet", "dragoness"):
        assert deck_file(game).is_file() and deck_file(game).name == f"{game}.toml"
    assert font_file().is_file() and font_file().stat().st_size > 1_000_000
    assert asset("fonts", "IPA_Font_License_Agreement_v1.0.txt").is_file()


def test_the_coverage_file_is_the_fonts_cmap() -> None:
    from reportlab.pdfbase.ttfonts import TTFontFile

    assert font_chars() == frozenset(TTFontFile(str(font_file())).charToGlyph)
    assert ord("A") in font_chars() and ord("砦") in font_chars() and 0x1F600 not in font_chars()


@given(st.frozensets(st.integers(min_value=0, max_value=0x10FFFF), max_size=60))
def test_coverage_text_round_trips(chars: frozenset[int]) -> None:
    assert parse_coverage(format_coverage(chars)) == chars


def test_checking_a_deck_file_loads_no_font_library() -> None:
    """A deck goes down the layers only: reading and checking one needs neither printables nor reportlab."""
    code = (
        "import sys\nfrom companion.cards.decks import load_deck_data, default_deck_path\n"
        "load_deck_data('homalet', default_deck_path('homalet'))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'printables', 'reportlab'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

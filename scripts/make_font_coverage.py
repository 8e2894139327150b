"""Write assets/fonts/ipaexg.coverage: the characters the printing font draws, read from its
cmap, so that checking a deck file's text needs no font library (tests/unit_tests/test_resources.py
checks that the file matches the font).

    python scripts/make_font_coverage.py
"""

from __future__ import annotations

from reportlab.pdfbase.ttfonts import TTFontFile

from companion.base.files import write_atomic
from companion.base.resources import COVERAGE_FILE, asset, font_file, format_coverage


def main() -> None:
    chars = frozenset(TTFontFile(str(font_file())).charToGlyph)
    target = asset("fonts", COVERAGE_FILE)
    write_atomic(target, format_coverage(chars))
    print(f"wrote {target}: {len(chars)} characters")


if __name__ == "__main__":
    main()

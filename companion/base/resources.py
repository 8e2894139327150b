"""The files companion ships (the top-level ``assets/`` folder): the default deck definitions, the printing
font and the print shops' presets. A wheel carries the folder inside the package (``companion/assets``,
mapped there by the build); a clone or an editable install reads the top-level folder itself."""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path

FONT_FILE = "ipaexg.ttf"
COVERAGE_FILE = "ipaexg.coverage"  # the characters the font draws, as ranges (scripts/make_font_coverage.py)


@functools.cache
def assets_folder() -> Path:
    """The shipped ``assets/``: inside the installed package, else beside it at the top of the clone
    (the package is installed as files, never zipped: reportlab opens the font by its path)."""
    package = Path(str(files("companion")))
    packaged = package / "assets"
    return packaged if packaged.is_dir() else package.parent / "assets"


def asset(*parts: str) -> Path:
    """The shipped file ``assets/<parts>`` as a path on the disk."""
    return assets_folder().joinpath(*parts)


def deck_file(game: str) -> Path:
    """The default deck definition of ``game`` (TOML)."""
    return asset("decks", f"{game}.toml")


def font_file() -> Path:
    """The one font every printable embeds: IPAexGothic (TrueType)."""
    return asset("fonts", FONT_FILE)


def parse_coverage(text: str) -> frozenset[int]:
    """Code points from lines ``XXXX`` or ``XXXX-YYYY`` (hexadecimal, inclusive); ``#`` starts a comment."""
    chars: set[int] = set()
    for line in text.splitlines():
        item = line.split("#", 1)[0].strip()
        if not item:
            continue
        low, _, high = item.partition("-")
        chars.update(range(int(low, 16), int(high or low, 16) + 1))
    return frozenset(chars)


def format_coverage(chars: frozenset[int]) -> str:
    """:func:`parse_coverage`'s text for ``chars``: one line per run of consecutive code points."""
    lines = [f"# the characters {FONT_FILE} draws (its cmap), written by scripts/make_font_coverage.py"]
    runs: list[list[int]] = []
    for point in sorted(chars):
        if runs and point == runs[-1][1] + 1:
            runs[-1][1] = point
        else:
            runs.append([point, point])
    lines += [f"{low:04X}" if low == high else f"{low:04X}-{high:04X}" for low, high in runs]
    return "\n".join(lines) + "\n"


@functools.cache
def font_chars() -> frozenset[int]:
    """The characters the printing font can draw, read once from the coverage file shipped beside it."""
    return parse_coverage(asset("fonts", COVERAGE_FILE).read_text(encoding="ascii"))

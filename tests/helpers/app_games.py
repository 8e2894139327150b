"""Short complete games of each kind in table notation, as a table would type them (corrections
shorten the hands so a whole game takes a few dozen lines): ``examples/lines/*.txt``, which
``companion play ID -`` reads too. Shared by the app's tests (the tmux smoke script reads the files)."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "lines"
PLAYERS = ["Aki", "Ben", "Chie"]


def lines(game: str) -> list[str]:
    """The lines of ``examples/lines/<game>.txt``, without comments and blank lines."""
    text = (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


FORTRESS = lines("fortress")
HOMALET = lines("homalet")
DRAGONESS = lines("dragoness")
GAMES = {"fortress": FORTRESS, "homalet": HOMALET, "dragoness": DRAGONESS}
WINNERS = {"fortress": ["Aki", "Chie"], "homalet": ["Ben"], "dragoness": ["Ben"]}

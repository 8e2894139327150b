"""The three engines by game name, for whatever serves every game alike (printables, summaries)."""

from __future__ import annotations

from types import ModuleType

from companion.rules import dragoness, fortress, homalet

ENGINES: dict[str, ModuleType] = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}

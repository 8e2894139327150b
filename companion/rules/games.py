"""The three engines by game name, for whatever serves every game alike (the store, the app, the
command line, printables). Each engine is checked against the contract (:class:`Engine`) with its
own types; the registry holds them as :data:`AnyEngine`."""

from __future__ import annotations

from companion.rules import dragoness, fortress, homalet
from companion.rules.engine import AnyEngine, Engine

FORTRESS: Engine[fortress.Deck, fortress.Setup, fortress.State, fortress.Action] = fortress
HOMALET: Engine[homalet.Deck, homalet.Setup, homalet.State, homalet.Action] = homalet
DRAGONESS: Engine[dragoness.Deck, dragoness.Setup, dragoness.State, dragoness.Action] = dragoness

ENGINES: dict[str, AnyEngine] = {"fortress": FORTRESS, "homalet": HOMALET, "dragoness": DRAGONESS}

"""The three engines by game name, for whatever serves every game alike (the store, the app, the
command line, printables). Each engine is checked against the contract (:class:`Engine`) with its
own types; the registry holds each as a :class:`GameEngine` (:class:`Erased`: no ``Any``, and a
state or action of another game refused)."""

from __future__ import annotations

from companion.rules import dragoness, fortress, homalet
from companion.rules.engine import Engine, Erased, GameEngine

FORTRESS: Engine[fortress.Deck, fortress.Setup, fortress.State, fortress.Action] = fortress
HOMALET: Engine[homalet.Deck, homalet.Setup, homalet.State, homalet.Action] = homalet
DRAGONESS: Engine[dragoness.Deck, dragoness.Setup, dragoness.State, dragoness.Action] = dragoness

_FORTRESS: Erased[fortress.Deck, fortress.Setup, fortress.State, fortress.Action] = Erased(
    FORTRESS, fortress.Setup, fortress.State
)
_HOMALET: Erased[homalet.Deck, homalet.Setup, homalet.State, homalet.Action] = Erased(
    HOMALET, homalet.Setup, homalet.State
)
_DRAGONESS: Erased[dragoness.Deck, dragoness.Setup, dragoness.State, dragoness.Action] = Erased(
    DRAGONESS, dragoness.Setup, dragoness.State
)

ENGINES: dict[str, GameEngine] = {"fortress": _FORTRESS, "homalet": _HOMALET, "dragoness": _DRAGONESS}

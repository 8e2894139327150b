"""The command families behind ``companion``, one module each, imported only when needed: a family
adds its subcommands to the parser (``add_parsers``) and runs the one chosen (``run``)."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any, Protocol, cast

from companion.base.exits import EXIT_BAD_INPUT
from companion.rules.common import Lang

# the commands over the game store (docs/store.md), by family
STORE_FAMILIES: dict[str, tuple[str, ...]] = {
    "live": ("new", "play", "undo", "redo"),
    "games": ("show", "games", "delete", "note"),
    "stats": ("stats",),
    "exchange": ("export", "import"),
}
LIVE_COMMANDS = tuple(name for names in STORE_FAMILIES.values() for name in names)

# command -> the module under companion.cli.commands that adds and runs it, in the order help lists them
FAMILIES: dict[str, str] = {
    "settle": "settle",
    "replay": "replay",
    "print": "printing",
    "simulate": "simulate",
    "lab": "lab",
    **{name: module for module, names in STORE_FAMILIES.items() for name in names},
    "serve": "serve",
}
COMMANDS = tuple(FAMILIES)


class Family(Protocol):
    """What a command family's module provides."""

    def add_parsers(self, commands: Any, lang: Lang) -> None:
        """Add the family's subcommands to ``companion``'s subparsers ``commands``."""

    def run(self, args: argparse.Namespace, lang: Lang) -> int:
        """Run the subcommand ``args.command``; the exit status."""


def family(name: str) -> Family:
    """The module of the family named ``name`` (a value of :data:`FAMILIES`), imported on first use."""
    return cast(Family, importlib.import_module(f"{__name__}.{name}"))


def families() -> list[str]:
    """Every family once, in the order help lists their commands."""
    return list(dict.fromkeys(FAMILIES.values()))


def fail(message: str) -> int:
    """Say ``message`` on standard error: the exit status of a refusal."""
    print(message, file=sys.stderr)
    return EXIT_BAD_INPUT

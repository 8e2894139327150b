"""``companion serve``: the table app, a live scoreboard and a private coach for browsers (the
server is :mod:`companion.serve`, loaded only when this command runs)."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.words import HELP
from companion.rules.common import Lang


def add_parsers(commands: Any, lang: Lang) -> None:
    from companion.serve import add_serve_command

    add_serve_command(commands, lang, HELP["lang"].text(lang))


def run(args: argparse.Namespace, lang: Lang) -> int:
    from companion.serve import run as serve

    return serve(args.host, args.port, args.db, lang, args.new_links)

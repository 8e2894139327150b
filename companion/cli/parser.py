"""``companion``'s argument parser, in the player's language: argparse's headings and usage errors
put into Japanese, and each usage error one line rather than a usage block."""

from __future__ import annotations

import argparse
import functools
import re
from typing import Any, NoReturn

from companion import __version__
from companion.base.exits import EXIT_BAD_INPUT
from companion.cli.commands import COMMANDS, families, family
from companion.cli.words import HEADINGS, HELP, usage_error
from companion.rules.common import Lang


class _Formatter(argparse.HelpFormatter):
    """Help texts printed as written: they are sentences in two languages, never argparse's
    ``%(default)s`` templates, so a ``%`` in one (``95% Wilson intervals``) is a percent sign."""

    def _expand_help(self, action: argparse.Action) -> str:
        return self._get_help_string(action) or ""


class _JaFormatter(_Formatter):
    """argparse's help headings are English only: say "usage" in Japanese too."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, HEADINGS["usage: "] if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse in the player's language, whose usage errors are one line, not a usage block."""

    lang: Lang = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        lang = self.lang
        kwargs["add_help"] = False
        kwargs["formatter_class"] = _JaFormatter if lang == "ja" else _Formatter
        super().__init__(*args, **kwargs)
        if lang == "ja":  # the two groups argparse makes itself, under Japanese titles
            self._positionals.title = HEADINGS["positional arguments"]
            self._optionals.title = HEADINGS["options"]
        self.add_argument("-h", "--help", action="help", help=HELP["help"].text(lang))

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, usage_error(self.prog, message, self.lang) + "\n")


class _JaParser(_Parser):
    lang: Lang = "ja"

    def format_help(self) -> str:
        """argparse ends each heading with an ASCII colon: Japanese headings take the full-width one."""
        return re.sub(r"(?m)^(\S[^\n]*[^\x00-\x7f]):$", r"\1：", super().format_help())


def parser_class(lang: Lang) -> type[_Parser]:
    return _JaParser if lang == "ja" else _Parser


@functools.cache  # built once per language: a parser is not changed by parsing, and building one costs milliseconds
def build_parser(lang: Lang = "en") -> argparse.ArgumentParser:
    parser = parser_class(lang)(prog="companion", description=HELP["description"].text(lang))
    parser.add_argument(
        "--version", action="version", version=f"companion {__version__}", help=HELP["version"].text(lang)
    )
    parser.add_argument("--lang", choices=("en", "ja"), default=None, help=HELP["lang"].text(lang))
    parser.add_argument("--db", metavar="PATH", dest="top_db", default=None, help=HELP["db"].text(lang))
    commands = parser.add_subparsers(
        dest="command",
        parser_class=parser_class(lang),
        title=HELP["commands"].text(lang),
        metavar="{" + ",".join(COMMANDS) + "}",
    )
    for name in families():
        family(name).add_parsers(commands, lang)
    return parser

"""The ``companion`` command line: ``main`` runs one command (the parser: :mod:`companion.cli.parser`;
each command family: :mod:`companion.cli.commands`), or the table app when no command is given."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from companion.base.exits import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    Terminated,
    forget_stop,
    raise_if_stopped,
    request_stop,
    stop_requested,
)
from companion.base.language import default_lang
from companion.rules.common import Lang, Msg


def message_lang(argv: Sequence[str]) -> Lang:
    """The language to speak in, known before parsing so that even a usage error is in it:
    ``--lang`` before the command or after any command but ``print`` (after ``print summary`` it is the document's),
    else the environment's."""
    for i, token in enumerate(argv):
        if token == "print":
            break
        if token == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif token.startswith("--lang="):
            value = token.removeprefix("--lang=")
        else:
            continue
        if value in ("en", "ja"):
            return "ja" if value == "ja" else "en"
    return default_lang()


def app_options(argv: Sequence[str]) -> dict[str, str] | None:
    """``--lang L`` and ``--db PATH`` (either also as ``--opt=value``) when they are all ``argv`` holds:
    no command, so the table app opens with them; else None."""
    options: dict[str, str] = {}
    tokens = list(argv)
    while tokens:
        token = tokens.pop(0)
        name, equals, value = token.partition("=")
        if name not in ("--lang", "--db") or name[2:] in options:
            return None
        if not equals:
            if not tokens:
                return None
            value = tokens.pop(0)
        if name == "--lang" and value not in ("en", "ja"):
            return None
        options[name[2:]] = value
    return options


def _on_sigterm(signum: int, frame: Any) -> NoReturn:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not interrupt the cleaning up
    request_stop()  # kept even if a library's bare ``except:`` swallows what is raised here
    raise Terminated


def _quiet_stdout() -> None:
    """The reader of standard output has gone (``| head -1``): send what is left nowhere, so that
    Python's own flush at exit does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's captured stream)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; whatever happens, the user sees sentences, never a traceback."""
    tokens = list(sys.argv[1:] if argv is None else argv)
    lang = message_lang(tokens)
    opening = app_options(tokens)
    if opening is not None:  # no command: the table app
        from companion.app import run

        return run(lang, opening.get("db"))
    try:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    forget_stop()
    try:
        code = _main(tokens, lang)
        raise_if_stopped()  # the Terminated raised in a library that swallowed it: stopped all the same
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # not an error: the reader read what it wanted
        _quiet_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        print(
            Msg("interrupted; no partial file was left", "中断しました。書きかけのファイルは残していません").text(lang),
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    except Exception as error:
        if not stop_requested():
            return _unexpected(error, lang)
        return _terminated(lang)  # a library that swallowed the Terminated raised its own error instead
    except Terminated:
        return _terminated(lang)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _terminated(lang: Lang) -> int:
    print(
        Msg("terminated; no partial file was left", "終了させられました。書きかけのファイルは残していません").text(
            lang
        ),
        file=sys.stderr,
    )
    return EXIT_TERMINATED


def _unexpected(error: Exception, lang: Lang) -> int:
    """A bug: said in one line."""
    what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
    print(
        Msg(
            f"companion: unexpected error ({what}); nothing was changed",
            f"companion: 予期しないエラーです（{what}）。何も変更していません",
        ).text(lang),
        file=sys.stderr,
    )
    return EXIT_BAD_INPUT


def _main(argv: list[str], lang: Lang) -> int:
    from companion.cli.commands import FAMILIES, family
    from companion.cli.parser import build_parser

    parser = build_parser(lang)
    args = parser.parse_args(argv)
    lang = args.lang or lang  # as message_lang read it, unless argparse took an abbreviation (--la ja)
    if getattr(args, "db", None) is None:  # ``companion --db PATH COMMAND``: the command's own --db wins
        args.db = args.top_db
    if args.command in FAMILIES:
        return family(FAMILIES[args.command]).run(args, lang)
    parser.print_help()
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

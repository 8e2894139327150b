"""Issue 27, item 13: ``--help`` answers for every command and subcommand, in both languages. The
commands are found by walking the parser (a command added later is tested without a line here)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli.parser import build_parser
from companion.rules.common import Lang
from tests.helpers.inprocess import PYTHON_WORDS, call

LANGS: list[Lang] = ["en", "ja"]


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command line that reaches a parser of its own, with that parser: ``()`` the top, then
    each command and each of its subcommands, however deep."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def test_the_walk_finds_the_commands_and_their_kinds() -> None:
    found = {path for path, _ in commands(build_parser("en"))}
    assert {(), ("settle",), ("stats",), ("print",), ("print", "deck"), ("print", "result"), ("serve",)} <= found
    assert len(found) > 20


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_answers_in_its_language(lang: Lang) -> None:
    """Exit 0, nothing on standard error, the usage line in the language, and every option's help as
    written (a ``%`` in it included: ``stats --help`` failed on "95% Wilson intervals")."""
    for path, parser in commands(build_parser(lang)):
        said = call("--lang", lang, *path, "--help")
        out = said.stdout.decode("utf-8")
        where = " ".join(("companion", *path))
        assert (said.code, said.stderr) == (0, ""), (where, said.stderr)
        assert out.startswith(("usage: " if lang == "en" else "使い方：") + where), (where, out[:80])
        for word in PYTHON_WORDS:
            assert word not in out, (where, word)
        for action in parser._actions:
            if action.help and action.help != argparse.SUPPRESS:
                assert squeezed(action.help) in squeezed(out), (where, action.help)


def test_a_percent_sign_in_a_help_text_is_printed_as_one() -> None:
    out = call("--lang", "en", "stats", "--help").stdout.decode("utf-8")
    assert "(95% Wilson intervals)" in " ".join(out.split())
    assert "（95%ウィルソン区間）" in squeezed(call("--lang", "ja", "stats", "--help").stdout.decode("utf-8"))


RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"


@pytest.mark.parametrize("lang", LANGS)
def test_replay_says_the_game_is_over_in_one_wording_for_all_three_games(lang: Lang) -> None:
    """``replay`` (and ``show``, the same description) of each finished example game: one line, the
    same for the three games ("the game is over." started lower-case in HOMALET, and Fortress said
    "Now: the game is over and scored.")."""
    over = {"en": "The game is over.", "ja": "ゲームは終了しています。"}[lang]
    for game in ("fortress", "homalet", "dragoness"):
        said = call("--lang", lang, "replay", str(RECORDS / f"{game}.json"))
        assert said.code == 0, said.stderr
        lines = said.stdout.decode("utf-8").splitlines()
        assert over in lines[:2], (game, lines[:2])
        assert not [line for line in lines if "game is over" in line.lower() and line != over], game
        assert not [line for line in lines if "ゲーム終了" in line or ("終了し" in line and line != over)], game

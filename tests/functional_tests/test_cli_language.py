"""The command line speaks the player's language: ``--lang`` before the command, else LANG.
Usage errors, help, what was written and the system's reasons all come in that language."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main, message_lang
from companion.cli.words import usage_error


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as leaving:  # argparse leaves this way for help and usage errors
        code = leaving.code if isinstance(leaving.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def english_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_an_unknown_game_is_one_japanese_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--lang", "ja", "print", "deck", "chess", "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and out == ""
    assert err == (
        "companion print deck: gameに「chess」は指定できません。fortress、homalet、dragoness"
        "から選んでください（詳しくは companion print deck --help）\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv,needle",
    [
        (("print", "deck", "fortress"), "次の引数が必要です：-o/--output"),
        (
            ("print", "sheet", "homalet", "--players", "four", "-o", "x.pdf"),
            "--playersには整数を指定してください（「four」は整数ではありません）",
        ),
        (("print", "deck", "fortress", "--bleed", "wide", "-o", "x.pdf"), "--bleedには数を指定してください"),
        (("settle", "game.json", "--loud"), "不明な引数です：--loud"),
        (("print",), "次の引数が必要です"),
    ],
)
def test_usage_errors_in_japanese(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], needle: str) -> None:
    code, out, err = run(capsys, "--lang=ja", *argv)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


def test_english_keeps_argparse_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "print", "deck", "fortress", "--size", "tarot", "-o", "x.pdf")
    assert code == 2 and "invalid choice: 'tarot'" in err and "(see companion print deck --help)" in err


def test_lang_comes_from_the_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run(capsys, "print", "deck", "fortress")[2].startswith("companion print deck: 次の引数が必要です")
    assert "the following arguments are required" in run(capsys, "--lang", "en", "print", "deck", "fortress")[2]


def test_message_language_is_read_before_the_command() -> None:
    assert message_lang(["--lang", "ja", "print", "kit"]) == "ja"
    assert message_lang(["--lang=ja", "settle", "x.json"]) == "ja"
    # after the command, --lang is the language of the printed document, not of the messages
    assert message_lang(["print", "summary", "fortress", "--lang", "ja"]) == "en"
    assert message_lang(["--lang", "fr", "print"]) == "en"


def test_help_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "ja", "print", "deck", "--help")
    assert code == 0
    assert out.startswith("使い方：companion print deck")
    for words in ("オプション：", "引数：", "このヘルプを表示して終了します", "用紙サイズ", "カードの大きさ"):
        assert words in out
    assert not [line for line in out.splitlines() if line.endswith(":") and not line.isascii()]  # issue 22
    code, out, _ = run(capsys, "--help")
    assert code == 0 and out.startswith("usage: companion") and "print decks, rule summaries" in out


def test_what_was_written_is_said_in_japanese(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    code, out, err = run(capsys, "--lang", "ja", "print", "sheet", "homalet", "--players", "4", "-o", str(target))
    assert (code, err) == (0, "") and out == f"{target} を書き出しました\n" and target.exists()
    code, out, _ = run(
        capsys, "--lang", "ja", "print", "summary", "fortress", "--lang", "en", "-o", str(tmp_path / "s.pdf")
    )
    assert code == 0 and out == f"{tmp_path / 's.pdf'} を書き出しました（1ページ）\n"


def test_system_reasons_in_japanese(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nothere.json"
    code, out, err = run(capsys, "--lang", "ja", "settle", str(missing))
    assert (code, out) == (2, "") and err == f"{missing} を読めません：そのファイルまたはフォルダはありません\n"
    code, _, err = run(capsys, "settle", str(missing))
    assert code == 2 and err == f"cannot read {missing}: no such file or folder\n"
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"game": "caf\u00e9"}'.encode("latin-1"))
    code, _, err = run(capsys, "--lang", "ja", "settle", str(latin1))
    assert code == 2 and err == f"{latin1} を読めません：UTF-8 のテキストではありません\n"


def test_an_unforeseen_complaint_still_reads_as_one_line() -> None:
    line = usage_error("companion", "argument --x: something new", "ja")
    assert line == "companion: argument --x: something new（詳しくは companion --help）"


def test_png_progress_counts_cards_in_japanese() -> None:
    from printables.png import progress_bar

    assert progress_bar(3, 30, "ja", width=10) == "\r[#---------] 3/30 枚"
    assert progress_bar(30, 30, "en", width=10) == "\r[##########] 30/30 cards"

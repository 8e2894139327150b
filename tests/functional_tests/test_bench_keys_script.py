"""The issue-18 key-count benchmark keeps working: its planner finds the shortest way the app offers
(Tab on an empty line through the offers, Tab taking a suggestion, characters), and the script runs
the real app over the start of each record, every plan followed, ending with its summary line."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_keys.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_keys", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_planner_takes_the_shortest_of_offers_suggestions_and_typing() -> None:
    fewest = bench().fewest
    lines = ["A1 R1", "A1 R10", "pass"]

    def suggest(prefix: str) -> str | None:
        return next(
            (line for line in lines if line.casefold().startswith(prefix.casefold()) and len(line) > len(prefix)), None
        )

    assert fewest("pass", suggest, ["Lo1", "pass"]) == ["tab", "tab", "enter"]  # the second offer
    assert fewest("A1 R10", suggest, []) == ["A", "tab", "0", "enter"]  # the suggestion, then one more
    assert fewest("p", suggest, []) == ["p", "enter"]
    assert fewest("B2 K6", suggest, ["x"]) == [*"B2 K6", "enter"]  # nothing offered: typed
    holding = {"K6": ["A1 K6", "B2 K6"]}
    assert fewest("B2 K6", suggest, [], lambda typed: holding.get(typed, [])) == [*"K6", "tab", "tab", "enter"]


def test_the_planner_plays_the_line_as_typed_from_the_words_begun_and_clicks() -> None:
    """Enter plays the line as typed, never the suggestion (issue 27): Tab takes it first, and is
    counted; the line may start with words the app wrote in (kept, or emptied with Ctrl+U); a click
    writes its text; a short form the engine reads as the target is as good as the target."""
    fewest = bench().fewest
    lines = {"pass", "A1 K10", "A2 K10", "K9 right", "K9 r", "G1 right", "take 1"}

    def suggest(prefix: str) -> str | None:
        return {"p": "pass", "K9 ": "K9 right", "G1 ": "G1 right"}.get(prefix)

    def whole(line: str) -> bool:
        return line in lines

    assert fewest("pass", suggest, [], whole=whole) == ["p", "tab", "enter"]
    assert fewest("A1 K10", suggest, [], whole=whole, start="A1 ") == [*"K10", "enter"]
    assert fewest("A2 K10", suggest, [], whole=whole, start="A1 ") == ["ctrl+u", *"A2 K10", "enter"]
    assert fewest("K9 right", suggest, [], whole=whole, start="K9 ") == ["tab", "enter"]
    clicks = [("insert", "G1"), ("choose", "take 1")]
    assert fewest("G1 right", suggest, [], whole=whole, start="K9 ", clicks=clicks) == [
        "click insert G1",
        "tab",
        "enter",
    ]
    assert fewest("take 1", suggest, [], whole=whole, start="K9 ", clicks=clicks) == ["click choose take 1", "enter"]
    same = {"K9 r", "K9 right"}.__contains__
    assert fewest("K9 right", lambda prefix: None, [], whole=whole, same=same) == [*"K9 r", "enter"]


@pytest.mark.slow
def test_the_script_plays_the_start_of_each_record_in_the_app() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT), "--limit", "4"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "plans not followed" not in run.stdout
    last = run.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"keys per action: fortress [0-9.]+, homalet [0-9.]+, dragoness [0-9.]+", last), last

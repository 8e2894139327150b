"""Bad input never gives a silent wrong score (issue 10): ``companion settle`` and deck files, as a
user runs them. Each refusal is exit 2, nothing on standard output, one line on standard error in
the user's words, and no file written. The fuzz tests generate hundreds of malformed documents
from valid ones, in-process (``inprocess.call``), so that they stay fast."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cards.decks import default_deck_path, load_deck_data
from tests.helpers.inprocess import Run, assert_refused, call

FORTRESS: dict[str, Any] = {
    "game": "fortress",
    "players": [
        {"name": "Aki", "fortress": [["R5", "Y5"], ["G6"], ["B9"]], "hand": ["R3"], "pair": {"from": 0, "to": 2}},
        {"name": "Ben", "fortress": [["Y11"], ["B13", "G13"]], "hand": ["K4"]},
    ],
}
HOMALET: dict[str, Any] = {
    "game": "homalet",
    "players": [{"name": "A", "pile": ["07", "17", 26]}, {"name": "B", "pile": ["3"]}],
}
DRAGONESS: dict[str, Any] = {
    "game": "dragoness",
    "players": ["A", "B", "C"],
    "rounds": [{"out": "A", "cards_left": {"B": 3, "C": 5}}, {"out": "C", "cards_left": {"A": 1, "B": 13}}],
}
VALID = (FORTRESS, HOMALET, DRAGONESS)


def settle(doc: Any, *args: str, lang: str = "en") -> Run:
    text = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode()
    return call("--lang", lang, "settle", *args, "-", stdin=text)


@pytest.mark.parametrize("doc", VALID, ids=lambda d: d["game"])
def test_the_valid_documents_settle(doc: dict[str, Any]) -> None:
    run = settle(doc)
    assert run.code == 0 and run.stderr == ""
    assert json.loads(run.stdout)["game"] == doc["game"]


# --------------------------------------------------------------------------- each item of the issue


def player(game: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(game)
    doc["players"][index].update(changes)
    for key in [k for k, v in changes.items() if v is None]:
        del doc["players"][index][key]
    return doc


@pytest.mark.parametrize(
    "doc,line",
    [
        (
            player(FORTRESS, 0, hand=None, hnad=["R3"]),
            'player Aki: unknown key "hnad" (did you mean "hand"?); the keys allowed here are "name", "fortress", '
            '"hand", "pair"',
        ),
        (
            player(HOMALET, 0, pile=None, pil=["07"]),
            'player A: unknown key "pil" (did you mean "pile"?); the keys allowed here are "name", "pile"',
        ),
        (
            {"game": "homalet", "players": FORTRESS["players"]},
            'player Aki: unknown key "fortress"; the keys allowed here are "name", "pile"',
        ),
        (player(FORTRESS, 1, fortress=None), 'player Ben: "fortress" is missing'),
        (player(HOMALET, 1, pile=None), 'player B: "pile" is missing'),
        (
            {**FORTRESS, "plaeyrs": []},
            'unknown key "plaeyrs" (did you mean "players"?); the keys allowed here are "game", "players", "deck"',
        ),
        ({"players": []}, '"game" is missing: write "game": one of fortress, homalet, dragoness'),
        ({"game": None}, "unknown game null: settle knows fortress, homalet, dragoness"),
    ],
)
def test_unknown_and_missing_keys_are_refused_with_the_closest_key(doc: dict[str, Any], line: str) -> None:
    run = settle(doc)
    assert_refused(run)
    assert run.stderr == line + "\n"


@pytest.mark.parametrize(
    "pair,result,score",
    [
        # heights 2 1 1 3 1, penalty 2 (B2): 5 × 3 − 2 = 13 without a pair; column 0 emptied onto
        # column 2 leaves 4 × 3 − 2 = 10, onto column 3 leaves 4 × 4 − 2 = 14
        ({"from": 0, "to": 2}, {"from": 0, "to": 2}, 10),  # the player's choice, even if not the best
        (None, None, 13),  # declined
        ("absent", {"from": 0, "to": 3}, 14),  # settle finds the best pair
    ],
)
def test_f13_the_chosen_pair_is_used_and_without_one_the_best(pair: Any, result: Any, score: int) -> None:
    aki = {"name": "Aki", "fortress": [["R5", "Y5"], ["G6"], ["B9"], ["K12", "P12", "R12"], ["G1"]], "hand": ["B2"]}
    doc = {"game": "fortress", "players": [aki if pair == "absent" else {**aki, "pair": pair}]}
    run = settle(doc)
    assert run.code == 0, run.stderr
    answer = json.loads(run.stdout)["players"][0]
    assert (answer["pair"], answer["score"]) == (result, score)


@pytest.mark.parametrize(
    "pair,line",
    [
        (
            {"from": 1, "to": 0},
            "player Aki: the face-down pair is not possible (F-13): column 1 holds 1 card; "
            "the pair comes from a column of 2 or more",
        ),
        ({"from": 0, "to": 7}, "player Aki: the face-down pair is not possible (F-13): columns are numbered 0 to 2"),
        ({"from": 0, "to": True}, 'player Aki: "pair": columns are whole numbers, not [0, true]'),
        (
            {"form": 0, "to": 1},
            'player Aki: "pair": unknown key "form" (did you mean "from"?); the keys allowed here are "from", "to"',
        ),
        ([0, 1], 'player Aki: "pair": must be null (declined) or {"from": column, "to": column}, not [0, 1]'),
    ],
)
def test_f13_a_pair_that_cannot_be_laid_is_refused(pair: Any, line: str) -> None:
    run = settle(player(FORTRESS, 0, pair=pair))
    assert_refused(run)
    assert run.stderr == line + "\n"


def test_an_omitted_hand_is_an_empty_hand() -> None:
    run = settle(player(FORTRESS, 0, hand=None))
    assert run.code == 0
    assert json.loads(run.stdout)["players"][0]["penalty"] == 0


@pytest.mark.parametrize(
    "count,line",
    [
        (
            0,
            "round 1: player B: 0 cards left is impossible: the round ended when A went out (D-10); "
            "write a count from 1 to 13",
        ),
        (True, "round 1: player B: cards left must be a whole number from 1 to 13, not true"),
        (None, "round 1: player B: cards left must be a whole number from 1 to 13, not null"),
        (2.0, "round 1: player B: cards left must be a whole number from 1 to 13, not 2.0"),
        ("3", 'round 1: player B: cards left must be a whole number from 1 to 13, not "3"'),
    ],
)
def test_d10_only_the_player_who_went_out_has_no_cards_and_counts_are_whole(count: Any, line: str) -> None:
    doc = copy.deepcopy(DRAGONESS)
    doc["rounds"][0]["cards_left"]["B"] = count
    run = settle(doc)
    assert_refused(run)
    assert run.stderr == line + "\n"


@pytest.mark.parametrize("name", ["A\nB", "x" * 101, "   ", "", "tab\there", "\u2028"])
def test_a_name_that_would_break_the_line_is_refused_in_one_line(name: str) -> None:
    assert_refused(settle(player(FORTRESS, 0, name=name)))
    doc = copy.deepcopy(DRAGONESS)
    doc["players"][1] = name
    assert_refused(settle(doc))


def test_user_text_in_messages_is_quoted_and_escaped() -> None:
    doc = player(FORTRESS, 0, name='Aki "the ace"', fortress=[["X5\nY"]])
    run = settle(doc)
    assert_refused(run)
    assert run.stderr.startswith('player "Aki \\"the ace\\"": \'X5\\nY\' is not a card')


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(HOMALET).encode())
    run = call("settle", str(path))
    assert run.code == 0 and json.loads(run.stdout)["winners"] == ["A"]
    assert settle(b"\xef\xbb\xbf" + json.dumps(HOMALET).encode()).code == 0


def test_bytes_that_are_not_utf8_are_refused_on_standard_input_as_in_files(tmp_path: Path) -> None:
    bad = b'{"game": "\xff"}'
    run = settle(bad)
    assert_refused(run)
    assert run.stderr == "cannot read standard input: it is not UTF-8 text\n"
    path = tmp_path / "game.json"
    path.write_bytes(bad)
    run = call("settle", str(path))
    assert run.stderr == f"cannot read {path}: it is not UTF-8 text\n"


@pytest.mark.parametrize(
    "text,line",
    [
        (b"", 'standard input is empty: settle reads a JSON object with "game" and "players"'),
        (b"  \n", 'standard input is empty: settle reads a JSON object with "game" and "players"'),
        (b"[" * 100_000, "standard input is nested too deeply to be read"),
        (
            b'{"game": "dragoness", "n": ' + b"9" * 5000 + b"}",
            "standard input: a number of 5000 digits is too long for a game",
        ),
        (
            b'{"game": "fortress", "game": "homalet"}',
            'standard input: the key "game" is written twice in one object; write it once',
        ),
        (b'{"game": NaN}', "standard input: NaN is not a number JSON allows"),
        (b" " * 1_000_001, "standard input is larger than 1,000,000 bytes; a game is a few kilobytes"),
    ],
)
def test_limits_and_shapes_are_sentences(text: bytes, line: str) -> None:
    run = settle(text)
    assert_refused(run)
    assert run.stderr == line + "\n"


def test_dev_zero_is_refused_without_reading_it_until_memory_runs_out() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "companion", "settle", "/dev/zero"], capture_output=True, text=True, timeout=30
    )
    assert out.returncode == 2
    assert out.stderr == "/dev/zero is larger than 1,000,000 bytes; a game is a few kilobytes\n"


def write_deck(folder: Path, name: str, spring: str) -> Path:
    """A HOMALET deck file whose card ``spring`` carries the spring mark."""
    text = default_deck_path("homalet").read_text(encoding="utf-8")
    text = text.replace(f'"{spring}" = {{ color = "', f'"{spring}" = {{ season = "spring", color = "')
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deck_path_in_the_input_is_found_beside_the_input_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = tmp_path / "table"
    table.mkdir()
    write_deck(table, "ours.toml", "07")
    (table / "game.json").write_text(json.dumps({**HOMALET, "deck": "ours.toml"}))
    monkeypatch.chdir(tmp_path)
    run = call("settle", "table/game.json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["players"][0]["spring"] == 1
    missing = call("settle", "-", stdin=json.dumps({**HOMALET, "deck": "ours.toml"}).encode())
    assert_refused(missing)  # from standard input, a relative path is the working folder's
    assert missing.stderr == "deck file ours.toml does not exist; give the path of a TOML deck file\n"


@pytest.mark.parametrize("deck", [5, None, ["a.toml"], "", {"path": "a.toml"}])
def test_a_deck_that_is_not_a_path_string_gets_a_sentence(deck: Any) -> None:
    run = settle({**HOMALET, "deck": deck})
    assert_refused(run)
    assert run.stderr.startswith('"deck" must be the path of a deck file, as a string, not ')


def test_deck_for_a_game_that_ignores_it_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    run = settle(DRAGONESS, "--deck", str(default_deck_path("dragoness")))
    assert_refused(run)
    assert run.stderr == "--deck is not used by dragoness: its settle needs no deck file\n"
    run = settle(HOMALET, "--deck", str(tmp_path / "none.toml"))
    assert_refused(run)
    assert "does not exist" in run.stderr
    run = call("print", "deck", "homalet", "--deck", str(tmp_path / "none.toml"), "-o", str(tmp_path / "d.pdf"))
    assert_refused(run)
    assert os.listdir(tmp_path) == []


def test_lang_works_after_the_command_too() -> None:
    run = call("settle", "--lang", "ja", "-", stdin=json.dumps(player(HOMALET, 1, pile=None)).encode())
    assert run.stderr == 'プレイヤーB："pile" がありません\n'
    run = call("settle", "--lang", "ja", "--explain", "-", stdin=json.dumps(HOMALET).encode())
    assert run.code == 0 and "得点 = 基本点" in json.loads(run.stdout)["players"][0]["explanation"]


def test_a_closed_pipe_is_not_an_error() -> None:
    doc = json.dumps({**FORTRESS, "players": FORTRESS["players"] * 1}).encode()
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "settle", "--explain", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    child.stdout.close()  # the reader goes away before the answer is written (`| head -0`)
    _, err = child.communicate(doc, timeout=60)
    assert err == b""
    assert child.returncode == 0


# --------------------------------------------------------------------------- fuzz: settle

BAD_VALUES: list[Any] = [None, True, False, 1.5, -7, {"x": 1}, [[[]]], ""]  # wrong wherever they stand


def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*path, i))


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    here = out
    for part in path[:-1]:
        here = here[part]
    here[path[-1]] = value
    return out


def renamed(doc: Any, path: tuple[Any, ...]) -> Any:
    """The key at ``path`` misspelt (its last two letters swapped, or a letter added)."""
    out = copy.deepcopy(doc)
    here = out
    for part in path[:-1]:
        here = here[part]
    key = path[-1]
    typo = key[:-2] + key[-1] + key[-2] if len(key) > 1 and key[-1] != key[-2] else key + "x"
    here[typo] = here.pop(key)
    return out


OPTIONAL = {"hand", "pair"}  # keys whose absence is valid


def malformed_documents() -> Iterator[bytes]:
    """Documents each wrong in one place, from the valid ones: every value replaced by each bad value,
    every key misspelt, every required key dropped; then the text cut short, and a byte that is not UTF-8."""
    for doc in VALID:
        for path in paths(doc):
            for value in BAD_VALUES:
                if not (value is None and path[-1:] == ("pair",)):  # null: the pair declined, valid
                    yield json.dumps(replaced(doc, path, value)).encode()
            if path and isinstance(path[-1], str):
                yield json.dumps(renamed(doc, path)).encode()
                if path[-1] not in OPTIONAL:
                    out = copy.deepcopy(doc)
                    here: Any = out
                    for part in path[:-1]:
                        here = here[part]
                    del here[path[-1]]
                    yield json.dumps(out).encode()
        text = json.dumps(doc).encode()
        for cut in range(0, len(text), 7):
            yield text[:cut]
        for at in range(0, len(text), 13):
            yield text[:at] + b"\xff" + text[at:]


def test_fuzz_settle_hundreds_of_malformed_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    docs = list(malformed_documents())
    assert len(docs) >= 300
    for i, text in enumerate(docs):
        run = settle(text, lang="ja" if i % 5 == 0 else "en")
        assert_refused(run, text)
    assert os.listdir(tmp_path) == []


# --------------------------------------------------------------------------- fuzz: deck files


def toml_value(value: Any) -> str:
    """``value`` in TOML's inline form (a test's own writer: tomllib only reads)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def to_toml(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(key)} = {toml_value(value)}\n" for key, value in data.items())


DECK_BAD_VALUES: list[Any] = [True, 1.5, -7, {"x": 1}, [[]], "", "😀", "x" * 200]  # TOML has no null
DECK_OPTIONAL = {"format", "name", "shape", "season"}


def malformed_decks() -> Iterator[tuple[str, str]]:
    """(game, TOML text) for deck files each wrong in one place: every value replaced by each bad
    value, every key misspelt, every required key dropped."""
    for game in ("fortress", "homalet", "dragoness"):
        data = load_deck_data(game)
        for path in paths(data):
            if not path:
                continue
            for value in DECK_BAD_VALUES:
                yield game, to_toml(replaced(data, path, value))
            if isinstance(path[-1], str):
                yield game, to_toml(renamed(data, path))
                optional = path[-1] in DECK_OPTIONAL or (len(path) > 1 and path[-2] == "specials")
                if not optional:
                    out = copy.deepcopy(data)
                    here = out
                    for part in path[:-1]:
                        here = here[part]
                    del here[path[-1]]
                    yield game, to_toml(out)


def test_the_readme_states_the_limits_the_code_applies() -> None:
    from companion.base import documents
    from companion.cards import decks
    from companion.rules import deck_rules
    from companion.rules.common import NAME_CHARS

    rules = (Path(__file__).parents[2] / "docs" / "input-rules.md").read_text(encoding="utf-8")
    assert f"at most {documents.MAX_INPUT_BYTES:,}" in rules and f"more than {documents.MAX_DIGITS} digits" in rules
    assert f"{decks.MAX_DECK_BYTES:,} bytes" in rules
    assert f"1 to {NAME_CHARS} characters" in rules
    assert ", ".join(deck_rules.SHAPES[:-1]) + " or " + deck_rules.SHAPES[-1] in rules
    assert f"`en` / `ja` | 1–{deck_rules.SHORT_EN} / 1–{deck_rules.SHORT_JA} characters" in rules
    for needle in (
        "byte-order mark",
        "`-o -`",
        "`--force`",
        "SIGTERM",
        "`hand` is optional",
        "`pile`",
        "`out` and `cards_left`",
    ):
        assert needle in rules


def test_the_toml_writer_writes_the_shipped_decks_back() -> None:
    import tomllib

    for game in ("fortress", "homalet", "dragoness"):
        data = load_deck_data(game)
        assert tomllib.loads(to_toml(data)) == data


def test_fuzz_deck_files_hundreds_of_malformed_decks(tmp_path: Path) -> None:
    decks = list(malformed_decks())[::10]  # every 10th: a few hundred, spread over the three games and every key
    assert len(decks) >= 300
    assert {game for game, _ in decks} == {"fortress", "homalet", "dragoness"}
    deck = tmp_path / "deck.toml"
    pdf = tmp_path / "deck.pdf"
    for i, (game, text) in enumerate(decks):
        deck.write_text(text, encoding="utf-8")
        lang = "ja" if i % 5 == 0 else "en"
        if game != "dragoness" and i % 2:
            doc = json.dumps(FORTRESS if game == "fortress" else HOMALET).encode()
            run = call("--lang", lang, "settle", "--deck", str(deck), "-", stdin=doc)
        else:
            run = call("--lang", lang, "print", "deck", game, "--deck", str(deck), "-o", str(pdf))
        assert_refused(run, text)
        assert sorted(os.listdir(tmp_path)) == ["deck.toml"]


@pytest.mark.parametrize(
    "text",
    [
        b"",
        b"\xff",
        b"[" * 100_000,
        b'{"a": ' + b"9" * 5000 + b"}",
        b'{"a": NaN}',
        b'{"a": 1, "a": 2}',
        b" " * 1_000_001,
        b"\xef\xbb\xbf{}",
    ],
)
def test_replay_reads_its_record_by_the_same_rules(text: bytes) -> None:
    for lang in ("en", "ja"):
        assert_refused(call("--lang", lang, "replay", "-", stdin=text), text[:40])

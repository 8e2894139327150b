"""Every Japanese message the project can show, linted against docs/glossary.md's words and style.

The messages are collected by walking the source of the ``companion`` and ``printables`` packages:
every string (and f-string, with each ``{…}`` read as the digit 0) that holds Japanese, outside
docstrings — the app's and the command line's word tables, every ``Msg`` and refusal of the rules
engines, settle, the store and the printables. A module added later is walked too.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "printables")
GLOSSARY = ROOT / "docs" / "glossary.md"

JAPANESE = "\u3040-\u30ff\u3005\u4e00-\u9fff"  # kana, 々 and kanji (not the full-width punctuation)
HAS_JAPANESE = re.compile(f"[{JAPANESE}]")

# the words the originals do not use, and the glossary's word instead (F-, H-, D- terms)
FORBIDDEN = {
    "精算": "得点計算",
    "対局": "ゲーム",
    "指す": "入力する / 出す",
    "クラン": "スート",
    "減点": "失点",
    "列並び": "砦の横の並び",
}
# other words the glossary replaced: the old word and the glossary's
REPLACED = {
    "裁ち落とし": "塗り足し",
    "卓の記法": "卓上記法",
    "1抜け": "上がり",
    "特殊カード": "スペシャルカード",
    "得点札": "獲得札",
    "ランの頂上": "ランの最上位",
    "勝ちを分け合": "勝利を分け合",
    "列の数": "横の枚数",
    "最も高い列": "最も多い縦列",
    "いちばん大きいカード": "最も大きな数字のカード",
    "知らない引数": "不明な引数",
    "指定が足りません": "次の引数が必要です",
}
COUNTERS = (
    "枚",
    "人",
    "点",
    "手",
    "行",
    "個",
    "回",
    "列目",
    "ページ",
    "ラウンド",
    "組",
    "番",
    "つ",
    "文字",
    "語",
    "マス",
    "桁",
    "バイト",
    "秒",
)
DIGIT_SPACE_COUNTER = re.compile(r"\d[ \u3000]+(?:" + "|".join(COUNTERS) + ")(?!札)")  # not 手札
HALF_WIDTH_NEXT = re.compile(f"[{JAPANESE}][:()]|[:()][{JAPANESE}]")
QUOTED = re.compile(r"「[^「」]*」")  # what the player typed, a code or a path: any characters
POLITE = re.compile(r"(ます|です|ません|ました|でした|ください|しょう)$")
PLAIN = re.compile(
    r"(する|される|できる|なる|ある|いる|れる|った|した|いた|んだ|ない|だ|える|める|ける|せる|てる|ねる|"
    r"べる|げる|じる|きる|りる|ちる|びる)$"
)


def _template(node: ast.expr) -> str | None:
    """The text of a string or f-string node, each formatted value as ``0``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            else:
                parts.append("0")
        return "".join(parts)
    return None


def _docstrings(nodes: list[ast.AST]) -> set[int]:
    ids: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _nested(nodes: list[ast.AST]) -> set[int]:
    """The string pieces inside f-strings: they are read as part of their f-string."""
    ids: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.JoinedStr):
            ids.update(id(v) for v in ast.walk(node) if v is not node)
    return ids


def _input_words(nodes: list[ast.AST]) -> set[int]:
    """Dict keys and set members: the words the table may type (``得点札`` is still read), not messages."""
    ids: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Dict):
            ids.update(id(k) for k in node.keys if k is not None)
        elif isinstance(node, ast.Set):
            ids.update(id(e) for e in node.elts)
    return ids


def _regex_arguments(nodes: list[ast.AST]) -> set[int]:
    """Strings given to re.compile, re.split, frozenset …: patterns and character sets, not messages."""
    ids: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("compile", "split", "sub", "frozenset", "set", "fullmatch", "match", "search"):
                ids.update(id(a) for a in node.args)
    return ids


def _is_japanese(text: str) -> bool:
    """Japanese text (an English message quoting a Japanese input word, ``(戦場, 戦)``, is English)."""
    japanese = len(HAS_JAPANESE.findall(text))
    return japanese > 0 and 3 * japanese >= sum(c.isascii() and c.isalpha() for c in text)


def japanese_messages() -> Iterator[tuple[str, int, str]]:
    """(file, line, text) for every Japanese string the packages hold."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            nodes = list(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))  # walked once
            skip = _docstrings(nodes) | _nested(nodes) | _regex_arguments(nodes) | _input_words(nodes)
            for node in nodes:
                if id(node) in skip or not isinstance(node, ast.Constant | ast.JoinedStr):
                    continue
                text = _template(node)
                if text and _is_japanese(text):
                    yield str(path.relative_to(ROOT)), node.lineno, text


@functools.cache
def messages() -> list[tuple[str, int, str]]:
    """The walk, made once in the worker that runs these tests (not at collection, in every worker)."""
    return list(japanese_messages())


def _sentences(text: str) -> list[str]:
    """The sentences of ``text``, each without its closing note in brackets: 「…です（F-11）」 ends in です."""
    out = []
    for part in re.split(r"[。！？\n]", text):
        part = part.strip()
        while True:
            trimmed = re.sub(r"（[^（）]*）$|「[^「」]*」$|0$", "", part).rstrip("、：　 ")
            if trimmed == part:
                break
            part = trimmed
        if part:
            out.append(part)
    return out


def problems(text: str) -> list[str]:
    """What ``text`` breaks of the glossary's style, in words; empty when it keeps every rule."""
    found = [
        f"uses {word}, the glossary says {instead}"
        for word, instead in {**FORBIDDEN, **REPLACED}.items()
        if word in text
    ]
    unquoted = QUOTED.sub("「」", text)
    if half := HALF_WIDTH_NEXT.search(unquoted):
        found.append(f"half-width colon or bracket next to Japanese: {half[0]!r}")
    if spaced := DIGIT_SPACE_COUNTER.search(unquoted):
        found.append(f"a space between a digit and its counter: {spaced[0]!r}")
    if re.match(f" [{JAPANESE}]", text) and text.endswith("。"):  # a sentence joined after 。: "。 山札が…"
        found.append("a space before the Japanese of a fragment")
    for line in re.split(r"[\n\u3000]", unquoted):  # one label a line (or a form's field); a note may hold its own
        if re.sub(r"（[^（）]*）", "", line).count("：") > 1:
            found.append(f"chained colons: {line!r}")
    endings = _sentences(unquoted)
    polite = [s for s in endings if POLITE.search(s)]
    plain = [s for s in endings if PLAIN.search(s) and not POLITE.search(s)]
    if polite and plain:
        found.append(f"plain form {plain[0]!r} beside polite {polite[0]!r}")
    return found


def test_the_walk_finds_the_messages_of_every_layer() -> None:
    files = {f for f, _, _ in messages()}
    # the word tables, the engines, settle, the store and the printables all hold Japanese
    for part in ("companion/app/", "companion/rules/", "companion/settle/", "companion/store/", "printables/"):
        assert any(f.startswith(part) for f in files), part
    assert len(messages()) > 500


@pytest.mark.parametrize(
    "text, problem",
    [
        ("F5で精算します。", "精算"),
        ("今はAkiが指す番ではありません。", "指す"),
        ("クラン（Lo）", "クラン"),
        ("減点 5", "減点"),
        ("ドラゴンネスはランの頂上の13にだけなれます。", "ランの最上位"),
        ("語が多すぎます(3語)", "half-width"),
        ("書き方: カード", "half-width"),
        ("3 枚獲得。", "space between a digit"),
        ("第2 ラウンド", "space between a digit"),
        ("勝者：Emi。いちばん大きいカードで決まります：Emiの52", "chained colons"),
        ("同点のため、Emiが勝ちます。52が上回った。", "plain form"),
        (" 山札が尽きました。", "a space before the Japanese"),
    ],
)
def test_the_lint_catches_each_kind_of_mistake(text: str, problem: str) -> None:
    found = problems(text)
    assert found, text
    assert any(problem in p for p in found), found


@pytest.mark.parametrize(
    "text",
    [
        "勝者：Emi。DaiとEmiが9点で同点のため、最も大きな数字のカードを持つEmiの勝ち（52＞50）。",
        "「R7 A1N x」は読めません。書き方：カード 場所 数｜スート（例：赤7 A1上 数）",
        "2枚獲得。",
        "置けません（F-11）。右端は13です。",
        "先頭は「hd1:番号/個数:検査値:」の形です",
    ],
)
def test_the_lint_lets_good_japanese_through(text: str) -> None:
    assert problems(text) == []


def test_every_japanese_message_keeps_the_glossary_style() -> None:
    bad = [f"{f}:{line}: {problem} — {text[:70]!r}" for f, line, text in messages() for problem in problems(text)]
    assert not bad, f"{len(bad)} problems:\n" + "\n".join(bad)


def test_the_glossary_holds_every_word_the_lint_asks_for() -> None:
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for word in FORBIDDEN:
        assert word in glossary  # listed among the words never used
    for instead in REPLACED.values():
        assert instead in glossary, instead


RULE_ID = re.compile(r"(?<![A-Za-z0-9])[FHD]-\d+(?!\d)")


def _pairs() -> Iterator[tuple[str, int, str, str]]:
    """(file, line, English, Japanese) for every call given an English and a Japanese text last."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and len(node.args) >= 2:
                    en, ja = _template(node.args[-2]), _template(node.args[-1])
                    if en is not None and ja is not None and _is_japanese(ja) and not _is_japanese(en):
                        yield str(path.relative_to(ROOT)), node.lineno, en, ja


def test_a_rule_id_in_english_is_in_the_japanese_too() -> None:
    """Issue 22: rule ids in all Japanese refusals and rulings, as in English, or in none. (The H-12
    tie names its cards the way issue 22 words it, without the id.)"""
    pairs = list(_pairs())
    assert len(pairs) > 300
    missing = [
        f"{f}:{line}: {sorted(set(RULE_ID.findall(en)) - set(RULE_ID.findall(ja)))} — {ja[:60]!r}"
        for f, line, en, ja in pairs
        if set(RULE_ID.findall(en)) - set(RULE_ID.findall(ja)) and not ja.startswith("勝者：")
    ]
    assert not missing, "\n".join(missing)

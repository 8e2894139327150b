"""Reading what a table types, the same way in every game: tokens, numbers and players.

Numbers are read by one bounded reader: ASCII digits only (after width normalisation, so ``５``
is 5), and few of them, so a line of 5,000 digits or a digit from another script (``፩``) is
refused with a sentence, never handed to ``int``. Players are read by one reader: a name (names may
hold spaces, look like cards or numbers; the longest name wins, exact case before any case) or a
seat number from 0."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.rules.common.words import Complete, Msg, Refusal, did_you_mean, refuse

MAX_DIGITS = 6
"""The most digits a number typed at the table has (a count, a card, a seat, a column)."""


def suggest(tokens: list[str], index: int, words: Iterable[str]) -> None:
    """Refuse a mistyped word with the line it most likely meant (issue 18): ``P12 hnad`` → did you
    mean ``P12 hand``? Nothing happens when no word of ``words`` is close."""
    close = did_you_mean(normalize_token(tokens[index]), words)
    if close is not None:
        meant = " ".join([*tokens[:index], close, *tokens[index + 1 :]])
        raise Complete(
            Msg(
                f"{tokens[index]!r} is not a word of this line: did you mean {meant}?",
                f"「{tokens[index]}」は読めません。「{meant}」の誤りですか？",
            )
        )


def normalize_token(token: str) -> str:
    """Full-width letters and digits become ASCII; surrounding spaces go."""
    return unicodedata.normalize("NFKC", token).strip()


def ascii_number(token: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``token`` writes (0 or more, at most ``digits`` ASCII digits, full-width
    digits allowed), or None: anything else, however long, is not read as a number."""
    text = normalize_token(token) if not token.isascii() else token.strip()
    if not text or len(text) > digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def read_number(token: str, what: Msg, digits: int = MAX_DIGITS) -> int:
    """``token`` as a whole number 0 or more; anything else is refused naming ``what`` it should be."""
    number = ascii_number(token, digits)
    if number is None:
        if token.isascii() and token.strip().isdigit():
            raise refuse(
                f"{quoted(token)} is too long for {what.en}: write at most {digits} digits",
                f"{kagi(token)}は{what.ja}として長すぎます。{digits}桁までで書いてください",
            )
        raise refuse(
            f"{quoted(token)} is not {what.en}: write a whole number 0 or more",
            f"{kagi(token)}は{what.ja}ではありません。0以上の整数で書いてください",
        )
    return number


def _cut(token: str) -> str:
    return token if len(token) <= 24 else token[:24] + "…"


def quoted(token: str) -> str:
    """``token`` as an English refusal quotes it (``'R7'``): a long one cut, so a refusal stays one
    short line."""
    return repr(_cut(token))


def kagi(token: str) -> str:
    """``token`` as a Japanese refusal quotes it (``「R7」``), a long one cut."""
    return f"「{_cut(token)}」"


def need_int(value: object, what: Msg) -> int:
    """``value`` given as data (a record, a program) must be a whole number: ``what`` names it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(
            what + Msg(f" must be a whole number, not {value!r}", f"は整数で指定してください（{value!r} は不可）")
        )
    return value


def _words(name: str) -> list[str]:
    return [normalize_token(w) for w in name.split()]


def read_player(players: Sequence[str], tokens: Sequence[str], seats: bool = True) -> tuple[int, int] | None:
    """The player named by the first of ``tokens`` and how many tokens the name took: a name (the
    longest that fits, as written before ignoring case; width and spacing never matter), else (with
    ``seats``) a seat number from 0. None when the tokens name nobody."""
    given = [normalize_token(t) for t in tokens]
    order = sorted(range(len(players)), key=lambda seat: -len(players[seat].split()))
    for fold in (False, True):
        for seat in order:
            words = _words(players[seat])
            head = given[: len(words)]
            if len(head) == len(words) and (
                head == words if not fold else [w.casefold() for w in head] == [w.casefold() for w in words]
            ):
                return seat, len(words)
    number = ascii_number(tokens[0]) if tokens and seats else None
    if number is not None and number < len(players):
        return number, 1
    return None


def not_a_player(given: str, players: Sequence[str]) -> Msg:
    """``given`` names nobody: the names at the table and the seat numbers, in one sentence."""
    n = len(players)
    return Msg(
        f"{quoted(given)} is not a player ({', '.join(players)}, or a seat 0 to {n - 1})",
        f"{kagi(given)}はプレイヤーではありません（{'・'.join(players)}、または席0〜{n - 1}）",
    )


def take_player(players: Sequence[str], tokens: Sequence[str]) -> tuple[int, list[str]]:
    """The player named at the front of ``tokens`` and the tokens after the name; refused (one
    sentence) when nobody is named."""
    found = read_player(players, tokens)
    if found is None:
        raise Refusal(not_a_player(tokens[0] if tokens else "", players))
    seat, used = found
    return seat, list(tokens[used:])


@functools.lru_cache(maxsize=64)
def names_overlap(players: tuple[str, ...]) -> bool:
    """Some name at the table starts another (``Aki`` and ``Aki 5``, in any case or width), so a line
    naming the shorter may read back as the longer: then a line written with names is checked by
    reading it back (and written with seat numbers where it does not)."""
    words = [tuple(w.casefold() for w in _words(name)) for name in players]
    return any(a != b and b[: len(a)] == a for a in words for b in words)


def deck_name(data: Mapping[str, Any], default: Msg) -> Msg:
    """A deck definition's ``name`` (``{"en": …, "ja": …}``), or ``default`` where it gives none;
    a name that is not such a table is refused with a sentence (it is data from a file or a record)."""
    name = data.get("name", {})
    if not isinstance(name, Mapping):
        raise refuse(
            f'the deck\'s "name" must be a table of en and ja, like {{"en": "My deck", "ja": "私のデッキ"}}, '
            f"not {quoted(str(name))}",
            f'デッキの "name" は en と ja の表で書きます（例：{{"en": "My deck", "ja": "私のデッキ"}}）。'
            f"{kagi(str(name))}は不可",
        )
    return Msg(str(name.get("en", default.en)), str(name.get("ja", default.ja)))

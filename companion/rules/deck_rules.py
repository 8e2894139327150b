"""What a deck definition may hold, checked before any engine or printable uses it.

A deck file is written by hand (a table copies the shipped file and edits it), so every field is
checked here with one sentence naming the key and what is allowed: a typo must never print another
colour, drop cards or score a game by the wrong deck. Pure: the caller reads the file (and checks
that the printing font can draw its text, which needs the font file).

Also the two helpers every input check uses: :func:`shown` (a user's value, quoted as the input
wrote it) and :func:`check_keys` (unknown keys refused with the closest allowed one).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from companion.rules import dragoness, homalet
from companion.rules.common import Msg, Refusal, refuse
from companion.rules.engine import DeckShape, GameEngine
from companion.rules.values import SHOWN as SHOWN
from companion.rules.values import check_keys as check_keys
from companion.rules.values import shown as shown

SHAPES = ("circle", "triangle", "square", "diamond", "star", "hexagon")
FORMAT = 1

# Longest names that still print at a readable size on a poker card (the faces shrink text to fit).
SHORT_EN, SHORT_JA = 12, 6  # printed side by side on one line: Fortress suits, HOMALET colours
NAME_EN, NAME_JA = 16, 8  # a line of their own: Dragoness clans and specials
TEXT_EN, TEXT_JA = 120, 60  # a special card's rule text, wrapped on its face
TITLE = 60  # the deck's own name

Path = tuple[str | int, ...]


def label(text: str, longest: int = SHOWN) -> str:
    """A user's name or path as written when it is plain, else quoted and escaped: one line."""
    plain = text.isprintable() and text == text.strip() and text and '"' not in text
    return text if plain and len(text) <= longest else shown(text, longest)


def place(path: Path) -> Msg:
    """Where a key sits, for a message: ``"ranks"``, ``[[suits]] table 3, "color"``."""
    en: list[str] = []
    ja: list[str] = []
    keys: list[str] = []
    for i, part in enumerate(path):
        if isinstance(part, int):
            table = ".".join(keys)
            keys = []
            en.append(f"[[{table}]] table {part + 1}")
            ja.append(f"[[{table}]] の{part + 1}番目")
        elif i == 1 and path[0] == "cards":  # HOMALET's [cards] "07"
            en, ja, keys = [f"[cards] {shown(part)}"], [f"[cards] {shown(part)}"], []
        else:
            keys.append(part)
    if keys:
        en.append(shown(".".join(keys)))
        ja.append(shown(".".join(keys)))
    return Msg(", ".join(en), "の".join(ja))


def _at(path: Path) -> Msg:
    return place(path) + Msg(": ", "：")


def _bad(path: Path, en: str, ja: str) -> Refusal:
    where = place(path)
    return refuse(f"{where.en} {en}", f"{where.ja} は{ja}")


def whole(value: Any, path: Path, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (``true`` and ``13.7`` are not)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(
            path,
            f"must be a whole number from {low} to {high}, not {shown(value)}",
            f" {low}〜{high} の整数です（{shown(value)} は不可）",
        )
    return value


def _table(value: Any, path: Path) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(
            path,
            f"must be a table of keys and values, not {shown(value)}",
            f"キーと値の表です（{shown(value)} は不可）",
        )
    return value


def _tables(data: Mapping[str, Any], key: str, low: int, high: int) -> list[dict[str, Any]]:
    """``[[key]]``: from ``low`` to ``high`` tables."""
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value) or not low <= len(value) <= high:
        count = len(value) if isinstance(value, list) else shown(value)
        raise _bad(
            (key,),
            f"must be {low} to {high} [[{key}]] tables, not {count}",
            f" {low}〜{high}個の [[{key}]] 表です（{count} は不可）",
        )
    return value


def _text(value: Any, path: Path, longest: int, digits: bool = True) -> str:
    """Non-empty text of at most ``longest`` characters, without control characters (and, for names
    typed before a number at the table, without digits)."""
    if not isinstance(value, str) or not value.strip() or len(value) > longest or not value.isprintable():
        raise _bad(
            path,
            f"must be text of 1 to {longest} characters on one line, not {shown(value)}",
            f" 1〜{longest}文字の1行の文字列です（{shown(value)} は不可）",
        )
    if not digits and any(c.isdigit() for c in value):
        raise _bad(
            path,
            f"must not contain digits (a card is written as this name and a number), not {shown(value)}",
            f"数字を含められません（カードは名前と数字で書くため。{shown(value)} は不可）",
        )
    return value


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _colour(value: Any, path: Path) -> None:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise _bad(
            path,
            f"must be a colour written #rrggbb (six hexadecimal digits, e.g. #c62828), not {shown(value)}",
            f" #rrggbb の形の色です（16進6桁、例：#c62828。{shown(value)} は不可）",
        )


def _choice(value: Any, path: Path, choices: Collection[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise _bad(
            path,
            f"must be one of {', '.join(choices)}, not {shown(value)}",
            f" {'、'.join(choices)} のどれかです（{shown(value)} は不可）",
        )
    return value


_CODE = re.compile(r"[A-Za-z]{1,3}")


def _code(value: Any, path: Path, pattern: re.Pattern[str], what: Msg, seen: set[str]) -> str:
    """A code typed at the table and used in file names: ASCII letters, distinct ignoring case."""
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise _bad(path, f"must be {what.en}, not {shown(value)}", f"{what.ja}です（{shown(value)} は不可）")
    if value.lower() in seen:
        raise _bad(
            path,
            f"repeats the code {shown(value)}; each code is used once",
            f"記号 {shown(value)} が重複しています。記号はそれぞれ別にします",
        )
    seen.add(value.lower())
    return value


VERSION_MAX = 20  # characters: a deck file's own version ("2.1", "proto-3")
BGG_ID_MAX = 99_999_999  # BoardGameGeek's ids are whole numbers well below this


def check_version(value: Any) -> str:
    """A deck's ``version``: text of 1 to :data:`VERSION_MAX` characters on one line without ``+`` (which
    joins it to the deck's hash, ``2.1+1a2b3c4d``), or a whole number (kept as its digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= BGG_ID_MAX:
        return str(value)
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > VERSION_MAX
        or not value.isprintable()
        or "+" in value
    ):
        raise refuse(
            f'"version" must be text of 1 to {VERSION_MAX} characters on one line without "+" '
            f'(e.g. "2.1"), or a whole number, not {shown(value)}',
            f'"version" は「+」を含まない1行で1〜{VERSION_MAX}文字の文字列（例 "2.1"）か整数です'
            f"（{shown(value)} は不可）",
        )
    return value.strip()


def check_bgg_id(value: Any) -> int:
    """A BoardGameGeek id: a whole number from 1 to :data:`BGG_ID_MAX`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= BGG_ID_MAX:
        raise refuse(
            f'"bgg_id" must be the game\'s BoardGameGeek id, a whole number from 1 to {BGG_ID_MAX:,}, '
            f"not {shown(value)}",
            f'"bgg_id" はゲームの BoardGameGeek の ID で、1〜{BGG_ID_MAX:,} の整数です（{shown(value)} は不可）',
        )
    return value


def _names(entry: Mapping[str, Any], path: Path, en: int, ja: int, digits: bool = True) -> None:
    _text(entry["en"], (*path, "en"), en, digits)
    _text(entry["ja"], (*path, "ja"), ja, digits)


def _common(game: str, data: Mapping[str, Any], keys: Collection[str], required: Collection[str]) -> None:
    check_keys(data, ("format", "game", "name", "version", "bgg_id", *keys), ("game", *required), Msg("", ""))
    # the optional "version" and "bgg_id", kept with each game played with the deck (records.play_details)
    if data.get("version") is not None:
        check_version(data["version"])
    if data.get("bgg_id") is not None:
        check_bgg_id(data["bgg_id"])
    if data["game"] != game:
        raise _bad(
            ("game",),
            f"must be {shown(game)} for this deck, not {shown(data['game'])}",
            f" {shown(game)} です（{shown(data['game'])} は不可）",
        )
    if "format" in data:
        whole(data["format"], ("format",), FORMAT, FORMAT)
    if "name" in data:
        name = _table(data["name"], ("name",))
        check_keys(name, ("en", "ja"), ("en", "ja"), Msg('"name": ', '"name"：'))
        _names(name, ("name",), TITLE, TITLE)


def _fortress(data: Mapping[str, Any]) -> None:
    _common("fortress", data, ("ranks", "suits"), ("ranks", "suits"))
    whole(data["ranks"], ("ranks",), 1, 30)
    seen: set[str] = set()
    for i, suit in enumerate(_tables(data, "suits", 1, 8)):
        where = ("suits", i)
        check_keys(
            suit, ("code", "en", "ja", "color", "shape"), ("code", "en", "ja", "color"), place(where) + Msg(": ", "：")
        )
        _code(suit["code"], (*where, "code"), re.compile(r"[A-Za-z]"), Msg("one ASCII letter", "英字1文字"), seen)
        _names(suit, where, SHORT_EN, SHORT_JA, digits=False)
        _colour(suit["color"], (*where, "color"))
        if "shape" in suit:
            _choice(suit["shape"], (*where, "shape"), SHAPES)


def _homalet(data: Mapping[str, Any]) -> None:
    _common("homalet", data, ("colors", "cards"), ("colors", "cards"))
    keys: set[str] = set()
    for i, colour in enumerate(_tables(data, "colors", 1, 10)):
        where = ("colors", i)
        check_keys(colour, ("key", "en", "ja", "color"), ("key", "en", "ja", "color"), place(where) + Msg(": ", "："))
        _code(
            colour["key"],
            (*where, "key"),
            re.compile(r"[a-z][a-z0-9_-]{0,15}"),
            Msg(
                "a word of 1 to 16 lower-case ASCII letters, digits, - or _",
                "英小文字・数字・- ・_ による1〜16文字の語",
            ),
            keys,
        )
        _names(colour, where, SHORT_EN, SHORT_JA)
        _colour(colour["color"], (*where, "color"))
    cards = _table(data["cards"], ("cards",))
    numbers = [f"{n:02d}" for n in range(homalet.CARDS)]
    last = numbers[-1]
    check_keys(
        cards,
        numbers,
        numbers,
        Msg("[cards]: ", "[cards]："),
        Msg(f'the card numbers "00" to "{last}"', f'カード番号 "00"〜"{last}"'),
    )
    seasons = [s.value for s in homalet.Season]
    colours = sorted(keys)
    for number in numbers:
        entry = _table(cards[number], ("cards", number))
        check_keys(entry, ("color", "season"), ("color",), functools.partial(_at, ("cards", number)))
        _choice(entry["color"], ("cards", number, "color"), colours)
        if "season" in entry:
            _choice(entry["season"], ("cards", number, "season"), seasons)


def _dragoness(data: Mapping[str, Any]) -> None:
    _common(
        "dragoness",
        data,
        ("numbers", "clans", "specials", "by_players", "special_color", "gem_color"),
        ("numbers", "clans", "specials", "by_players"),
    )
    whole(data["numbers"], ("numbers",), 1, 12)
    for key in ("special_color", "gem_color"):  # optional: older files print in the default colours
        if key in data:
            _colour(data[key], (key,))
    codes: set[str] = set()
    code_what = Msg("1 to 3 ASCII letters", "英字1〜3文字")
    gems: set[int] = set()
    clans = _tables(data, "clans", 1, 8)
    for i, clan in enumerate(clans):
        where = ("clans", i)
        check_keys(
            clan,
            ("code", "en", "ja", "gems", "color"),
            ("code", "en", "ja", "gems", "color"),
            place(where) + Msg(": ", "："),
        )
        _code(clan["code"], (*where, "code"), _CODE, code_what, codes)
        _names(clan, where, NAME_EN, NAME_JA, digits=False)
        if whole(clan["gems"], (*where, "gems"), 1, 8) in gems:
            raise _bad(
                (*where, "gems"),
                f"repeats {clan['gems']} gems; each clan has its own strength",
                f"宝石{clan['gems']}個が重複しています。スートごとに別の強さにします",
            )
        gems.add(clan["gems"])
        _colour(clan["color"], (*where, "color"))
    kinds = [k.value for k in dragoness.Kind if k is not dragoness.Kind.DRAGON]
    box: dict[str, int] = {}
    for i, special in enumerate(_tables(data, "specials", len(kinds), len(kinds))):
        where = ("specials", i)
        check_keys(
            special,
            ("code", "kind", "en", "ja", "count", "text"),
            ("code", "kind", "en", "ja", "count", "text"),
            place(where) + Msg(": ", "："),
        )
        code = _code(
            special["code"],
            (*where, "code"),
            re.compile(r"[A-Za-z]{2,3}"),
            Msg("2 or 3 ASCII letters", "英字2〜3文字"),
            codes,
        )
        kind = _choice(special["kind"], (*where, "kind"), kinds)
        if any(s["kind"] == kind for s in data["specials"][:i]):
            raise _bad(
                (*where, "kind"),
                f"repeats the kind {shown(kind)}; one special of each kind: {', '.join(kinds)}",
                f"種類 {shown(kind)} が重複しています。{'、'.join(kinds)} を1枚ずつ定義します",
            )
        _names(special, where, NAME_EN, NAME_JA + 2)
        box[code] = whole(special["count"], (*where, "count"), 0, 10)
        text = _table(special["text"], (*where, "text"))
        check_keys(text, ("en", "ja"), ("en", "ja"), place((*where, "text")) + Msg(": ", "："))
        _names(text, (*where, "text"), TEXT_EN, TEXT_JA)
    _by_players(data, len(clans), box)


def _by_players(data: Mapping[str, Any], clans: int, box: Mapping[str, int]) -> None:
    """D-2: each player count 2 to 8 once, with clans and specials the box holds."""
    low, high = dragoness.MIN_PLAYERS, dragoness.MAX_PLAYERS
    covered: set[int] = set()
    for i, row in enumerate(_tables(data, "by_players", 1, high - low + 1)):
        where = ("by_players", i)
        check_keys(
            row, ("players", "clans", "specials"), ("players", "clans", "specials"), place(where) + Msg(": ", "：")
        )
        players = row["players"]
        if not isinstance(players, list) or not players:
            raise _bad(
                (*where, "players"),
                f"must be a list of player counts, not {shown(players)}",
                f"人数のリストです（{shown(players)} は不可）",
            )
        for n in players:
            if whole(n, (*where, "players"), low, high) in covered:
                raise _bad(
                    (*where, "players"),
                    f"repeats {n} players; each player count is listed once",
                    f"{n}人が重複しています。人数はそれぞれ1回だけ書きます",
                )
            covered.add(n)
        whole(row["clans"], (*where, "clans"), 1, clans)
        counts = _table(row["specials"], (*where, "specials"))
        check_keys(counts, list(box), (), place((*where, "specials")) + Msg(": ", "："))
        for code, count in counts.items():
            whole(count, (*where, "specials", code), 0, box[code])
    missing = [n for n in range(low, high + 1) if n not in covered]
    if missing:
        raise _bad(
            ("by_players",),
            f"must cover every player count {low} to {high}; missing {missing[0]}",
            f" {low}〜{high}人のすべてを含みます（{missing[0]}人がありません）",
        )


CHECKS: dict[str, Callable[[Mapping[str, Any]], None]] = {
    "fortress": _fortress,
    "homalet": _homalet,
    "dragoness": _dragoness,
}


def check_deck_data(game: str, data: Mapping[str, Any]) -> None:
    """Refuse deck data for ``game`` that any engine or printable could misread; return if it is sound."""
    if game not in CHECKS:
        raise refuse(
            f"unknown game {shown(game)}: decks exist for {', '.join(CHECKS)}",
            f"{shown(game)} は不明なゲームです。デッキがあるのは {'、'.join(CHECKS)} です",
        )
    CHECKS[game](data)


def read_deck(engine: GameEngine, data: object) -> DeckShape:
    """``engine.Deck`` from deck data that came with a record or a stored game: checked by the same
    rules as a deck file first (one rule set: a deck of a million cards is refused here, not built)."""
    if not isinstance(data, Mapping):
        raise refuse(
            f"a deck definition is a table of keys and values, not {shown(data)}",
            f"デッキ定義はキーと値の表です（{shown(data)} は不可）",
        )
    if data.get("game") != engine.GAME:
        raise _bad(
            ("game",),
            f"must be {shown(engine.GAME)} for this deck, not {shown(data.get('game'))}",
            f" {shown(engine.GAME)} です（{shown(data.get('game'))} は不可）",
        )
    check_deck_data(engine.GAME, data)
    return engine.Deck.from_data(data)


def texts(data: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """Every string in deck data with where it sits (to check that the printing font can draw it)."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from texts(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from texts(value, (*path, i))

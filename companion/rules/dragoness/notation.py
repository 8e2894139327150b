"""Reign of Dragoness: the table notation (docs/notation.md), read and written."""

from __future__ import annotations

from companion.rules.common import (
    Correct,
    Msg,
    Refusal,
    ascii_number,
    kagi,
    line_refusal,
    names_overlap,
    normalize_token,
    not_a_player,
    quoted,
    read_player,
    suggest,
)
from companion.rules.dragoness.actions import Action, OnlyRevives, Opening, Pass, PlayCards, Revive
from companion.rules.dragoness.deck import WILD_RANGE, Card, Kind
from companion.rules.dragoness.state import Phase, State, _lowest_card


def expected(state: State) -> Msg:
    """The lines the table types now, with examples written by :func:`action_line`."""

    def line(action: Action) -> Msg:
        return Msg(action_line(state, action, "en"), action_line(state, action, "ja"))

    if state.phase is Phase.OPENING:
        opening = line(Opening(0, _lowest_card(state)))
        return Msg(
            f"write open NAME CARD for the holder of the lowest card, like {opening.en} (D-6)",
            f"書き方：開始 名前 カード（例：{opening.ja}、D-6）",
        )
    if state.phase is Phase.OVER:
        return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")
    deck = state.setup.deck
    clans = [c.code for c in deck.clans[:2]]
    cards = (state.must_contain,) if state.must_contain is not None else tuple(deck.card(c, 7) for c in clans)
    play = line(PlayCards(state.turn, cards))
    if state.phase is Phase.FOLLOW:
        passing, revive = line(Pass(state.turn)), line(Revive(state.turn))
        return Msg(
            f"write the cards played, like {play.en}, or {passing.en}, or {revive.en}",
            f"出すカードを書くか（例：{play.ja}）、「{passing.ja}」か「{revive.ja}」と書きます",
        )
    return Msg(f"write the cards played, like {play.en}", f"出すカードを書きます（例：{play.ja}）")


_WORDS: dict[str, tuple[str, ...]] = {
    "pass": ("pass", "パス"),
    "revive": ("revive", "リバイブ", "蘇生"),
    "open": ("open", "opening", "lowest", "開始", "最低"),
    "only": ("only-revives", "onlyrevives", "revives-only", "リバイブのみ", "リバイブだけ"),
    "correct": ("correct", "訂正"),
}


_KEYWORD = {w.lower(): key for key, words in _WORDS.items() for w in words}


class _BadLine(Refusal):
    """A line refused for ``msg``: :func:`parse_line` adds the one form that fits (issue 18)."""


def _bad_line(what: Msg) -> Refusal:
    return _BadLine(what)


def _fold(text: str) -> str:
    return normalize_token(text).casefold()


def _take_name(state: State, tokens: list[str], form: Msg) -> tuple[int, list[str]]:
    """The player named at the front of ``tokens`` (the shared reader: a name, the longest first,
    or a seat number from 0) and the tokens after it."""
    if not tokens:
        raise Refusal(Msg("the player's name is missing: write ", "プレイヤーの名前がありません。書き方：") + form)
    found = read_player(state.setup.players, tokens)
    if found is None:
        raise Refusal(not_a_player(tokens[0], state.setup.players) + Msg("; write ", "。書き方：") + form)
    seat, used = found
    return seat, tokens[used:]


def _number(token: str, what: Msg, form: Msg) -> int:
    number = ascii_number(token)
    if number is None:
        raise Refusal(
            Msg(f"{quoted(token)} is not {what.en}: write ", f"{kagi(token)}は{what.ja}ではありません。書き方：") + form
        )
    return number


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) as an action; the player on turn is implied
    where the line names nobody. A bad line is refused naming the wrong part and the one form that
    fits (issue 18), a mistyped word with the line it most likely meant."""
    try:
        return _parse_line(state, line)
    except _BadLine as error:
        tokens = line.split()
        if tokens and _KEYWORD.get(_fold(tokens[0])) is None and _leading_name(state, tokens) is None:
            suggest(tokens, 0, _KEYWORD)
        raise line_refusal(error.msg, expected(state)) from None


def _parse_line(state: State, line: str) -> Action:
    tokens = line.split()
    if not tokens:
        raise _bad_line(Msg("the line is empty", "行が空です"))
    key = _KEYWORD.get(_fold(tokens[0]))
    rest = tokens[1:]
    if key in ("pass", "revive"):
        if rest:
            raise _bad_line(
                Msg(
                    f"{tokens[0]} takes nothing after it, not {' '.join(rest)!r}",
                    f"「{tokens[0]}」の後には何も書きません（「{' '.join(rest)}」は不要）",
                )
            )
        return Pass(state.turn) if key == "pass" else Revive(state.turn)
    if key == "open":
        form = Msg("open NAME CARD, e.g. open Aki Lo1", "開始 名前 カード（例：開始 あき Lo1）")
        player, rest = _take_name(state, rest, form)
        if len(rest) != 1:
            raise Refusal(Msg("the opening names one card: write ", "開始のカードは1枚です。書き方：") + form)
        return Opening(player, _card(state, rest[0]))
    if key == "only":
        form = Msg("only-revives NAME", "リバイブのみ 名前")
        player, rest = _take_name(state, rest, form)
        if rest:
            raise Refusal(
                Msg(
                    f"nothing follows the name, not {' '.join(rest)!r}: write ",
                    f"名前の後には何も書きません（「{' '.join(rest)}」は不要）。書き方：",
                )
                + form
            )
        return OnlyRevives(player)
    if key == "correct":
        form = Msg(
            "correct NAME COUNT REASON, e.g. correct Aki 5 dropped a card",
            "訂正 名前 枚数 理由（例：訂正 あき 5 カードを落とした）",
        )
        player, rest = _take_name(state, rest, form)
        if not rest:
            raise Refusal(Msg("the count is missing: write ", "枚数がありません。書き方：") + form)
        count = _number(rest[0], Msg("a count", "枚数"), form)
        if len(rest) < 2:
            raise Refusal(Msg("the reason is missing: write ", "理由がありません。書き方：") + form)
        return Correct(player, count, " ".join(rest[1:]))
    named = _leading_name(state, tokens)
    if named is not None:
        return _named_line(state, *named)
    return _play_line(state, line.replace(",", " ").replace("、", " ").split())


def _leading_name(state: State, tokens: list[str]) -> tuple[int, list[str]] | None:
    """A line that starts with a player's name rather than a card: the seat and the rest. A name
    that is also a card (a player called Page) is a name before pass or revive, or when the line
    does not read as a play. Only a name leads a play (a number there is a mistyped card)."""
    found = read_player(state.setup.players, tokens, seats=False)
    if found is None:
        return None
    seat, used = found
    rest = tokens[used:]
    first = tokens[0].replace(",", "").replace("、", "").partition("=")[0]
    try:
        state.setup.deck.parse(first)
    except Refusal:
        return seat, rest
    if len(rest) == 1 and _KEYWORD.get(_fold(rest[0])) in ("pass", "revive"):
        return seat, rest  # NAME pass, NAME revive
    try:  # a card too: a play if the whole line reads as one
        _play_line(state, " ".join(tokens).replace(",", " ").replace("、", " ").split())
    except Refusal:
        return seat, rest
    return None


def _named_line(state: State, player: int, rest: list[str]) -> Action:
    """``NAME cards…``, ``NAME pass``, ``NAME revive``: accepted for the player on turn (D-7); for
    anyone else refused saying whose turn it is and what to type."""
    names = state.setup.players
    name = names[player]
    if state.phase not in (Phase.LEAD, Phase.FOLLOW, Phase.REVIVED):
        raise Refusal(
            Msg(f"{name} cannot play now: ", f"今は{name}の手番ではありません。")
            + state.waiting_for()
            + Msg("; ", "。")
            + expected(state)
        )
    if player != state.turn:
        turn = names[state.turn]
        raise Refusal(
            Msg(f"it is {turn}'s turn, not {name}'s (D-7): ", f"今は{turn}の番です（{name}ではありません、D-7）。")
            + expected(state)
        )
    if not rest:
        raise Refusal(Msg(f"after {name} comes the play: ", f"{name}の後に出すカードを書きます。") + expected(state))
    key = _KEYWORD.get(_fold(rest[0]))
    if key in ("pass", "revive") and len(rest) == 1:
        return Pass(player) if key == "pass" else Revive(player)
    return _play_line(state, " ".join(rest).replace(",", " ").replace("、", " ").split())


def _card(state: State, token: str) -> Card:
    try:
        return state.setup.deck.parse(token)
    except Refusal:
        raise _bad_line(
            Msg(
                f"{quoted(token)} is not a card (like Lo7)",
                f"{kagi(token)}はカードではありません（例：Lo7、ローシェン7）",
            )
        ) from None


def _play_line(state: State, tokens: list[str]) -> Action:
    deck = state.setup.deck
    cards: list[Card] = []
    wilds: list[int] = []
    named = 0
    for token in tokens:
        text = normalize_token(token)
        body, sep, number = text.partition("=")
        card = _card(state, body)
        kind = deck.kind(card)
        if kind is Kind.REVIVE and len(tokens) == 1 and not sep:
            return Revive(state.turn)
        if sep:
            if kind not in WILD_RANGE:
                raise _bad_line(
                    Msg(
                        f"{body} is not a wild card: only a Page, Squire or Dragon Knight takes =NUMBER",
                        f"{deck.label(card, 'ja')}はワイルドカードではありません。「=数字」を付けられるのは"
                        "ページ・従者・ドラゴンナイトだけです",
                    )
                )
            reading = ascii_number(number)
            if reading is None:
                raise _bad_line(
                    Msg(
                        f"{quoted(number)} after {body}= is not a number",
                        f"{body}=の後の{kagi(number)}は数字ではありません",
                    )
                )
            wilds.append(reading)
            named += 1
        elif kind in WILD_RANGE:
            wilds.append(0)
        cards.append(card)
    if named and named != len(wilds):
        raise _bad_line(
            Msg(
                "name the number of every wild card (e.g. PG=5 KN=6 Lo7), or of none",
                "ワイルドの数字はすべてに書くか、どれにも書かないでください（例：PG=5 KN=6 Lo7）",
            )
        )
    return PlayCards(state.turn, tuple(cards), tuple(wilds) if named else None)


def action_line(state: State, action: Action, lang: str = "en") -> str:
    """The notation line for ``action`` played on ``state`` (``parse_line`` reads it back): a
    player is written by name, or by seat number where the name would read back as another player
    (``Aki`` and ``Aki 5`` at the table: ``correct 0 5 dropped``)."""
    ja = lang == "ja"
    if isinstance(action, PlayCards):
        wilds = iter(action.wilds or ())
        deck = state.setup.deck
        out = []
        for card in action.cards:
            named = action.wilds is not None and deck.kind(card) in WILD_RANGE
            out.append(f"{card}={next(wilds)}" if named else str(card))
        return " ".join(out)
    if isinstance(action, Pass):
        return "パス" if ja else "pass"
    if isinstance(action, Revive):
        return "リバイブ" if ja else "revive"
    line = _player_line(action, state.setup.players[action.player], ja)
    if not names_overlap(state.setup.players):
        return line
    try:
        if parse_line(state, line) == action:
            return line
    except Refusal:
        pass
    return _player_line(action, str(action.player), ja)


def _player_line(action: Opening | OnlyRevives | Correct, name: str, ja: bool) -> str:
    if isinstance(action, Opening):
        return f"{'開始' if ja else 'open'} {name} {action.card}"
    if isinstance(action, OnlyRevives):
        return f"{'リバイブのみ' if ja else 'only-revives'} {name}"
    return f"{'訂正' if ja else 'correct'} {name} {action.count} {action.reason}"

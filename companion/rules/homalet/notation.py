"""HOMALET: the table notation (docs/notation.md), read and written."""

from __future__ import annotations

import re

from companion.rules.common import (
    EMPTY,
    Complete,
    Correct,
    Lang,
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
    refuse,
    suggest,
)
from companion.rules.homalet.actions import Action, Adjust, EndEffect, Pick, Play, RevealSet, TakeSet
from companion.rules.homalet.deck import SET_SIZE, count_cards, fmt, fmt_all, list_sets, parse_card
from companion.rules.homalet.state import Phase, State, _battle_left
from companion.rules.homalet.words import PICK_FORM, Field, Zone


def expected(state: State, card: int | None = None) -> Msg:
    """The lines the table types now, with an example written by :func:`action_line` (``card``:
    the card the player had in mind, used in the example where it fits)."""

    def lines(action: Action) -> tuple[str, str]:
        return action_line(state, action, "en"), action_line(state, action, "ja")

    actor = state.actor()
    if state.phase is Phase.REFILL:
        size = min(SET_SIZE, state.deck_count)
        en, ja = lines(RevealSet(tuple(state.unseen()[:size])))
        return Msg(
            f"write reveal and the {count_cards(size).en} laid out, like {en}",
            f"「公開」と並べた{size}枚を書きます（例：{ja}）",
        )
    if state.phase is Phase.PLAY and actor is not None:
        hand = sorted(state.known_hands[actor]) or state.unseen()
        example = card if card is not None else (hand[0] if hand else 0)
        en, ja = lines(Play(actor, example, Field.BATTLE))
        if not state.wilderness:  # no set left: the battlefield only (H-4)
            return Msg(
                f"write a card and b (the wilderness is closed: no set left, H-4), like {en}",
                f"カードと「戦場」を書きます（在野は組が残っていないので出せません、H-4。例：{ja}）",
            )
        wen, wja = lines(Play(actor, example, Field.WILD))
        return Msg(f"write a card and a field, like {en} or {wen}", f"カードと場を書きます（例：{ja}、{wja}）")
    if state.phase is Phase.PICK and actor is not None:
        left = _battle_left(state)
        en, ja = lines(Pick(actor, card if card in left else left[0]))
        return Msg(
            f"write {en} (battlefield cards to pick: {fmt_all(left)}) (H-5)",
            f"「{ja}」と書きます（選べるのは{fmt_all(left)}、H-5）",
        )
    if state.phase is Phase.TAKE and actor is not None:
        index = card - 1 if card is not None and 0 < card <= len(state.wilderness) else 0
        en, ja = lines(TakeSet(actor, index))
        sets = list_sets(state.wilderness)
        return Msg(
            f"write {en} (wilderness sets to take: {sets.en}) (H-7)", f"「{ja}」と書きます（取れるのは{sets.ja}、H-7）"
        )
    if state.phase is Phase.EFFECT and state.effect is not None:
        en, ja = lines(Adjust(Zone.DECK, Zone.HAND, None, None, state.effect[0]))
        owner = state.effect[0]
        shown = sorted(state.known_hands[owner]) or state.unseen() or [0]
        cen, cja = lines(Adjust(Zone.HAND, Zone.DISCARD, shown[0], owner, None))
        end_en, end_ja = lines(EndEffect())
        return Msg(
            f"write a move line for each card the effect moves (like {en}; a card shown is named, "
            f"like {cen}), then {end_en} (H-6)",
            f"効果で動かすカードごとに「移動」の行を書き（例：{ja}。見えたカードは「{cja}」"
            f"のように番号も書きます）、最後に「{end_ja}」と書きます（H-6）",
        )
    return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")


FIELD_WORDS = {
    "b": Field.BATTLE,
    "battle": Field.BATTLE,
    "battlefield": Field.BATTLE,
    "戦場": Field.BATTLE,
    "戦": Field.BATTLE,
    "w": Field.WILD,
    "wild": Field.WILD,
    "wilderness": Field.WILD,
    "在野": Field.WILD,
    "在": Field.WILD,
}


VOID_WORDS = frozenset({"void", "v", "無し", "なし"})


ZONE_WORDS = {
    "deck": Zone.DECK,
    "山札": Zone.DECK,
    "hand": Zone.HAND,
    "手札": Zone.HAND,
    "pile": Zone.PILE,
    "獲得札": Zone.PILE,
    "得点札": Zone.PILE,
    "discard": Zone.DISCARD,
    "捨て札": Zone.DISCARD,
    "捨札": Zone.DISCARD,
}


SEPARATORS = frozenset({">", "->", "→", "to", "から"})


PICK_WORDS = frozenset({"pick", "選ぶ"})


TAKE_WORDS = frozenset({"take", "取る"})


REVEAL_WORDS = frozenset({"reveal", "公開"})


MOVE_WORDS = frozenset({"move", "移動"})


END_WORDS = frozenset({"end", "終了"})


CORRECT_WORDS = frozenset({"correct", "訂正"})


WORDS: dict[str, dict[Lang, str]] = {
    "b": {"en": "b", "ja": "戦場"},
    "w": {"en": "w", "ja": "在野"},
    "void": {"en": "void", "ja": "無し"},
    "pick": {"en": "pick", "ja": "選ぶ"},
    "take": {"en": "take", "ja": "取る"},
    "reveal": {"en": "reveal", "ja": "公開"},
    "move": {"en": "move", "ja": "移動"},
    "end": {"en": "end", "ja": "終了"},
    "correct": {"en": "correct", "ja": "訂正"},
    ">": {"en": ">", "ja": ">"},
    "deck": {"en": "deck", "ja": "山札"},
    "hand": {"en": "hand", "ja": "手札"},
    "pile": {"en": "pile", "ja": "獲得札"},
    "discard": {"en": "discard", "ja": "捨て札"},
}


_GLUED = re.compile(r"^(\d{1,2})(\D+)$")


def _bad(en: str, ja: str) -> Refusal:
    """A line refused: what is wrong in it (:func:`parse_line` adds the one form that fits)."""
    return refuse(en, ja)


# the form of a line that starts with a command word (issue 18: the one form that fits, not the whole notation)
FORMS = {
    "reveal": Msg("write reveal CARDS, like reveal 12 34", "書き方：公開 カード…（例：公開 12 34）"),
    "move": Msg(
        "write move [CARD] FROM > TO, like move 07 hand Aki > discard",
        "書き方：移動 [カード] 元 > 先（例：移動 07 手札 Aki > 捨て札）",
    ),
    "correct": Msg("write correct NAME COUNT REASON", "書き方：訂正 名前 枚数 理由"),
    "pick": Msg("write pick CARD, like pick 07", "書き方：選ぶ カード（例：選ぶ 07）"),
    "take": Msg("write take N, the set's number from 1, like take 2", "書き方：取る 番号（1から。例：取る 2）"),
    "end": Msg("write end alone", "書き方：終了"),
}


_FORM_WORDS = {
    "reveal": REVEAL_WORDS,
    "move": MOVE_WORDS,
    "correct": CORRECT_WORDS,
    "pick": PICK_WORDS,
    "take": TAKE_WORDS,
    "end": END_WORDS,
}


_COMMAND_WORDS = frozenset().union(*_FORM_WORDS.values())


def _phase_form(state: State) -> Msg:
    """The line the game waits for, short enough for a refusal (two rows at 80 columns)."""
    if state.phase is Phase.EFFECT:
        return Msg(
            "write move [CARD] FROM > TO for each card the effect moves, then end (H-6)",
            "書き方：移動 [カード] 元 > 先（動かすカードごと）、最後に 終了（H-6）",
        )
    if state.phase is Phase.TAKE:
        return FORMS["take"]
    return expected(state)


def _key(text: str) -> str:
    return " ".join(normalize_token(text).split())


def _player_at(state: State, tokens: list[str], context: Msg | None = None) -> tuple[int, int]:
    """The player named by the leading ``tokens`` (the shared reader: a name, the longest first, or
    a seat number from 0); returns the seat and how many tokens it used."""
    found = read_player(state.setup.players, tokens)
    if found is not None:
        return found
    where = EMPTY if context is None else context + Msg(": ", "：")
    raise Refusal(where + not_a_player(tokens[0] if tokens else "", state.setup.players))


def _names_player(state: State, tokens: list[str]) -> bool:
    """The line starts with a player's name (a name may look like a number)."""
    first = tokens[0].casefold()
    return any(_key(n).casefold().split()[0] == first for n in state.setup.players)


def _line_card(token: str) -> int:
    return parse_card(token)


def _parse_play(state: State, tokens: list[str], player: int) -> Play:
    if tokens and (glued := _GLUED.match(tokens[0])) and glued.group(2).lower() in FIELD_WORDS:
        tokens = [glued.group(1), glued.group(2), *tokens[1:]]
    card = ascii_number(tokens[0], 2) if len(tokens) == 1 and state.phase is not Phase.PLAY else None
    if card is not None:
        form = expected(state, card) if state.phase in (Phase.PICK, Phase.TAKE) else _phase_form(state)
        raise Complete(state.waiting_for() + Msg(": ", "。") + form)
    if len(tokens) < 2:
        raise _bad("a play needs a field after the card", "カードの後に場が必要です")
    card = _line_card(tokens[0])
    where = FIELD_WORDS.get(tokens[1].lower())
    if where is None:
        suggest(tokens, 1, FIELD_WORDS)
        raise _bad(f"{tokens[1]!r} is not a field", f"「{tokens[1]}」は場ではありません")
    rest = tokens[2:]
    if rest and (len(rest) > 1 or rest[0].lower() not in VOID_WORDS):
        raise _bad(
            f"{' '.join(rest)!r} after the field: only void may follow",
            f"場の後の「{' '.join(rest)}」は読めません（書けるのは「無し」だけです）",
        )
    return Play(player, card, where, bool(rest))


def _parse_zone(state: State, tokens: list[str]) -> tuple[Zone, int | None]:
    if not tokens:
        raise _bad("a move needs a place on each side of >", "移動には > の両側に場所が必要です")
    zone = ZONE_WORDS.get(tokens[0].lower())
    if zone is None:
        raise _bad(
            f"{tokens[0]!r} is not a place (deck, discard, hand NAME or pile NAME)",
            f"「{tokens[0]}」は場所ではありません（山札、捨て札、手札 名前、獲得札 名前）",
        )
    if len(tokens) == 1:
        return zone, None
    seat, used = _player_at(state, tokens[1:], Msg(f"after {tokens[0]}", f"「{tokens[0]}」の後"))
    if used != len(tokens) - 1:
        raise _bad(
            f"{' '.join(tokens[1 + used :])!r} is left over after {' '.join(tokens[: 1 + used])}",
            f"「{' '.join(tokens[: 1 + used])}」の後の「{' '.join(tokens[1 + used :])}」は読めません",
        )
    return zone, seat


def _parse_move(state: State, tokens: list[str]) -> Adjust:
    card = None
    if tokens and tokens[0][:1].isdigit():
        card = _line_card(tokens[0])
        tokens = tokens[1:]
    if tokens and tokens[-1] == "へ":
        tokens = tokens[:-1]
    cut = [i for i, t in enumerate(tokens) if t.lower() in SEPARATORS]
    if len(cut) != 1:
        raise _bad(
            "a move is move [CARD] FROM > TO, like move 07 hand Aki > discard",
            "移動は「移動 [カード] 元 > 先」と書きます（例：移動 07 手札 Aki > 捨て札）",
        )
    source, source_player = _parse_zone(state, tokens[: cut[0]])
    target, target_player = _parse_zone(state, tokens[cut[0] + 1 :])
    return Adjust(source, target, card, source_player, target_player)


def _parse_correct(state: State, tokens: list[str]) -> Correct:
    if not tokens:
        raise _bad("a correction is correct NAME COUNT REASON", "訂正は「訂正 名前 枚数 理由」と書きます")
    seat, used = _player_at(state, tokens)
    rest = tokens[used:]
    count = ascii_number(rest[0]) if rest else None
    if count is None:
        raise _bad(
            f"after {' '.join(tokens[:used])} comes the hand's true count, a number",
            f"「{' '.join(tokens[:used])}」の後には正しい手札の枚数（数字）を書きます",
        )
    if len(rest) < 2:
        raise _bad(
            "say why the count is corrected, after the count (a misdeal, a dropped card)",
            "枚数の後に訂正の理由を書いてください（配り間違い、落としたカードなど）",
        )
    return Correct(seat, count, " ".join(rest[1:]))


def _one_number(tokens: list[str], form: Msg) -> str:
    if len(tokens) != 1:
        raise Complete(Msg(f"write {form.en}", f"書き方：{form.ja}"))
    return tokens[0]


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) → one action; the player on turn (or next to
    pick or take) is implied, and may be named first. A bad line is refused naming its wrong
    part and the one form that fits (issue 18), a mistyped word with the line it most likely meant."""
    tokens = normalize_token(line).split()
    try:
        return _parse_line(state, tokens)
    except Complete:
        raise
    except Refusal as error:
        head = tokens[0].lower() if tokens else ""
        kind = next((k for k, words in _FORM_WORDS.items() if head in words), None)
        if kind is None and tokens and not head[:1].isdigit() and not _names_player(state, tokens):
            suggest(tokens, 0, _COMMAND_WORDS)
        form = FORMS[kind] if kind is not None else _phase_form(state)
        raise line_refusal(error.msg, form) from None


def _parse_line(state: State, tokens: list[str]) -> Action:
    if not tokens:
        raise _bad("the line is empty", "行が空です")
    head, rest = tokens[0].lower(), tokens[1:]
    if head in REVEAL_WORDS:
        if not rest:
            raise _bad("the set's cards are missing", "組のカードがありません")
        return RevealSet(tuple(_line_card(t) for t in rest))
    if head in MOVE_WORDS:
        return _parse_move(state, rest)
    if head in CORRECT_WORDS:
        return _parse_correct(state, rest)
    if head in END_WORDS:
        if rest:
            raise _bad(
                f"{' '.join(rest)!r} after {tokens[0]}: the end of a season effect is the word alone",
                f"「{tokens[0]}」の後の「{' '.join(rest)}」は読めません。効果の終了は「終了」だけで書きます",
            )
        return EndEffect()
    actor = state.actor()
    implied = actor if actor is not None else state.turn
    if head in PICK_WORDS:
        return Pick(implied, _line_card(_one_number(rest, PICK_FORM)))
    if head in TAKE_WORDS:
        return _parse_take(state, rest, implied)
    if head[:1].isdigit():
        try:
            return _parse_play(state, tokens, implied)
        except Refusal:
            if not _names_player(state, tokens):
                raise
    try:
        seat, used = _player_at(state, tokens)
    except Refusal:
        raise _bad(
            f"{tokens[0]!r} is neither a card nor a player", f"「{tokens[0]}」はカードでもプレイヤーでもありません"
        ) from None
    head, rest = (tokens[used].lower(), tokens[used + 1 :]) if used < len(tokens) else ("", [])
    if head in PICK_WORDS:
        return Pick(seat, _line_card(_one_number(rest, PICK_FORM)))
    if head in TAKE_WORDS:
        return _parse_take(state, rest, seat)
    return _parse_play(state, tokens[used:], seat)


def _parse_take(state: State, rest: list[str], player: int) -> TakeSet:
    number = _one_number(
        rest,
        Msg(
            "take N, the wilderness set's number from 1, like take 2", "取る 番号（在野の組の番号、1から。例：取る 2）"
        ),
    )
    index = ascii_number(number)
    if index is None or index < 1:
        raise _bad(
            f"{quoted(number)} is not a set number: sets are numbered from 1",
            f"{kagi(number)}は組の番号ではありません。番号は1から数えます",
        )
    return TakeSet(player, index - 1)


def _player_word(state: State, player: int | None, seats: bool = False) -> str:
    names = state.setup.players
    if player is None:
        return ""
    return names[player] if 0 <= player < len(names) and not seats else str(player)


def action_line(state: State, action: Action, lang: Lang = "en") -> str:
    """The notation line for ``action`` played on ``state`` (``parse_line`` reads it back): the
    acting player is written only when it is not the one the state implies; players by name, or by
    seat number where a name would read back as another player (``Aki`` and ``Aki 5`` at the table:
    ``correct 0 5 dropped``)."""
    line = _line(state, action, lang, False)
    if names_overlap(state.setup.players):
        try:
            if parse_line(state, line) == action:
                return line
        except Refusal:
            pass
        return _line(state, action, lang, True)
    return line


def _line(state: State, action: Action, lang: Lang, seats: bool) -> str:
    actor = state.actor()
    implied = actor if actor is not None else state.turn

    def word(key: str) -> str:
        return WORDS[key][lang]

    def who(player: int) -> str:
        return "" if player == implied else _player_word(state, player, seats) + " "

    if isinstance(action, Play):
        line = f"{who(action.player)}{fmt(action.card)} {word('b' if action.field is Field.BATTLE else 'w')}"
        return line + (f" {word('void')}" if action.void else "")
    if isinstance(action, Pick):
        return f"{who(action.player)}{word('pick')} {fmt(action.card)}"
    if isinstance(action, TakeSet):
        return f"{who(action.player)}{word('take')} {action.index + 1}"
    if isinstance(action, RevealSet):
        return f"{word('reveal')} {fmt_all(action.cards)}"
    if isinstance(action, EndEffect):
        return word("end")
    if isinstance(action, Correct):
        return f"{word('correct')} {_player_word(state, action.player, seats)} {action.count} {action.reason}"
    parts = [word("move")] + ([fmt(action.card)] if action.card is not None else [])
    parts += [
        word(action.source.value),
        _player_word(state, action.source_player, seats),
        word(">"),
        word(action.target.value),
        _player_word(state, action.target_player, seats),
    ]
    return " ".join(p for p in parts if p)

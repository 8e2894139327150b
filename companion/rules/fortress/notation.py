"""Six-Suit Fortress: the table notation (docs/notation.md), read and written."""

from __future__ import annotations

from companion.rules.common import (
    EMPTY,
    Complete,
    Correct,
    Lang,
    Msg,
    NotACard,
    Refusal,
    join,
    line_refusal,
    normalize_token,
    read_number,
    refuse,
    seat_name,
    suggest,
    take_player,
)
from companion.rules.fortress.actions import Action, Build, ChoosePair, FinalHand, Place, Reveal
from companion.rules.fortress.allowed import build_options
from companion.rules.fortress.deck import Card, Deck
from companion.rules.fortress.grid import (
    _MODE_WORDS,
    _SIDE_WORDS,
    CELLS,
    SPOTS,
    Mode,
    cell_side,
    inside_grid,
    parse_mode,
    parse_spot,
    spot_ja,
)
from companion.rules.fortress.row import _WHERE_WORDS, WHERE_JA, Where, parse_where, placements
from companion.rules.fortress.scoring import Pair, best_pair
from companion.rules.fortress.state import UNDECIDED, Phase, State


def expected(state: State) -> Msg:
    """The lines the table types now, with examples written by :func:`action_line`."""

    def line(action: Action) -> Msg:
        return Msg(action_line(state, action, "en"), action_line(state, action, "ja"))

    unseen = state.unseen()
    if state.phase is Phase.REVEAL and unseen:
        cell = next(c for c, card in state.grid.items() if card is None)
        reveal = line(Reveal(cell, unseen[0]))
        return Msg(
            f"write the cell and the card revealed, like {reveal.en} (F-9)",
            f"マスと出たカードを書きます（例：{reveal.ja}、F-9）",
        )
    if state.phase is Phase.PLACE:
        known = sorted(state.known_hands[state.turn])
        card = known[0] if known else unseen[0] if unseen else state.setup.deck.all_cards[0]
        spots = state.usable_spots() or list(SPOTS)
        place = line(Place(state.turn, card, spots[0], Mode.NUMBER))
        return Msg(
            f"write the card, the spot and n (number) or s (suit), like {place.en} (F-4)",
            f"カード・場所・数かスートを書きます（例：{place.ja}、F-4）",
        )
    if state.phase is Phase.BUILD:
        options = build_options(state)
        first = options[0]
        build = line(Build(first.card, first.legal[0] if first.legal else Where.HAND))
        return Msg(
            f"write each captured card and where it goes, like {build.en} (F-8, F-11)",
            f"獲得したカードごとに置き場所を書きます（例：{build.ja}、F-8、F-11）",
        )
    if state.phase is Phase.FINAL:
        parts = []
        hands = [p for p, h in enumerate(state.final_hands) if h is None]
        pairs = [p for p, c in enumerate(state.pairs) if c == UNDECIDED]
        if hands:
            hand, empty = line(FinalHand(hands[0], (unseen[0],) if unseen else ())), line(FinalHand(hands[0], ()))
            parts.append(
                Msg(f"each final hand, like {hand.en} or {empty.en}", f"残り手札（例：{hand.ja}、{empty.ja}）")
            )
        if pairs:
            p = pairs[0]
            best = best_pair([len(c) for c in state.fortresses[p]])
            choice = line(ChoosePair(p, best)) if best is not None else None
            none = line(ChoosePair(p, None))
            like = Msg(f"{choice.en} or ", f"{choice.ja}、") if choice is not None else EMPTY
            parts.append(
                Msg(
                    f"each face-down pair, like {like.en}{none.en} (F-13)",
                    f"裏向きペア（例：{like.ja}{none.ja}、F-13）",
                )
            )
        return Msg("write ", "") + join(parts, "; and ", "と") + Msg("", "を書きます")
    return Msg("the game is over: nothing more is played", "ゲームは終わっています。これ以上の手はありません")


_HAND_WORDS = {"hand", "手札", "final"}


_PAIR_WORDS = {"pair", "ペア"}


_CORRECT_WORDS = {"correct", "訂正"}


_NONE_WORDS = {"none", "no", "-", "なし"}


_MODE_SHORT = {Mode.NUMBER: Msg("n", "数"), Mode.SUIT: Msg("s", "スート")}


_SIDE_JA = {side: word for word, side in _SIDE_WORDS.items()}


# the one form that fits a refused line: by its first word, else by what the game waits for (the whole
# notation is in the help and docs/notation.md)
FORMS = {
    "reveal": Msg("write CELL CARD, like A1 R7", "書き方：マス カード（例：A1 赤7）"),
    "place": Msg("write CARD SPOT n|s, like R7 A1N n", "書き方：カード 場所 数｜スート（例：赤7 A1上 数）"),
    "build": Msg("write CARD PLACE, like R7 right", "書き方：カード 置き場所（例：赤7 右）"),
    "hand": Msg(
        "write hand NAME CARDS…, like hand Aki R3 or hand Aki none",
        "書き方：手札 名前 カード…（例：手札 Aki 赤3、手札 Aki なし）",
    ),
    "pair": Msg(
        "write pair NAME FROM TO (columns from 1 at the left) or pair NAME none",
        "書き方：ペア 名前 元 先（列は左端が1。例：ペア Aki 1 3、ペア Aki なし）",
    ),
    "correct": Msg(
        "write correct NAME COUNT REASON, like correct Aki 5 dropped a card",
        "書き方：訂正 名前 枚数 理由（例：訂正 Aki 5 カードを落とした）",
    ),
}


_PHASE_FORMS = {Phase.REVEAL: "reveal", Phase.PLACE: "place", Phase.BUILD: "build", Phase.FINAL: "hand"}


def _form(state: State, text: str) -> str | None:
    """The form the refused ``text`` was meant to take: by its first word, by its shape (a card and
    two words is a placement, a card and a place a build), else what the game waits for."""
    tokens = text.split()
    word = tokens[0].casefold() if tokens else ""
    for kind, words in (("hand", _HAND_WORDS), ("pair", _PAIR_WORDS), ("correct", _CORRECT_WORDS)):
        if word in words:
            return kind
    if len(tokens) == 3 and _is_card(state, tokens[0]):
        return "place"
    if len(tokens) == 2 and tokens[1].casefold() in _WHERE_WORDS:
        return "build"
    if state.phase is Phase.FINAL and all(h is not None for h in state.final_hands):
        return "pair"
    return _PHASE_FORMS.get(state.phase)


def _line_refusal(state: State, text: str, part: Refusal) -> Refusal:
    """The refusal of the wrong part, followed by the one form that fits (issue 18: a refusal is the
    reason and the line to type instead, never the whole notation)."""
    if isinstance(part, Complete):
        return part
    kind = _form(state, text)
    if kind is None:
        return part
    return line_refusal(part.short if isinstance(part, NotACard) else part.msg, FORMS[kind])


def _parse_player(state: State, text: str) -> tuple[int, str]:
    """The player named at the start of ``text`` (the shared reader: a name, the longest first, or a
    seat number from 0) and the rest of the text."""
    seat, rest = take_player(state.setup.players, text.split())
    return seat, " ".join(rest)


def parse_line(state: State, line: str) -> Action:
    """One line of table notation (docs/notation.md) read as an action, English or Japanese words.

    A line that cannot be read is refused naming the wrong part and the forms allowed; whether
    the action is legal now is :func:`apply`'s business."""
    try:
        return _parse(state, line)
    except Refusal as error:
        raise _line_refusal(state, " ".join(normalize_token(line).split()), error) from None


def _parse(state: State, line: str) -> Action:
    text = " ".join(normalize_token(line).split())
    if not text:
        raise refuse("the line is empty", "行が空です")
    head, _, rest = text.partition(" ")
    word = head.casefold()
    deck = state.setup.deck
    if word in _HAND_WORDS:
        player, cards_text = _parse_player(state, rest)
        tokens = cards_text.split()
        if len(tokens) == 1 and tokens[0].casefold() in _NONE_WORDS:
            tokens = []
        return FinalHand(player, tuple(deck.parse(t) for t in tokens))
    if word in _PAIR_WORDS:
        player, pair_text = _parse_player(state, rest)
        tokens = pair_text.split()
        if len(tokens) == 1 and tokens[0].casefold() in _NONE_WORDS:
            return ChoosePair(player, None)
        if len(tokens) != 2:
            raise refuse(
                f"a face-down pair names two columns, from and to (counted from 1 at the left), or none; "
                f"got {pair_text!r}",
                f"裏向きペアは取る列と置く列の番号（左端が1）か「なし」で書きます（「{pair_text}」は不可）",
            )
        column = Msg("a column number", "列番号")
        ends = [read_number(t, column) for t in tokens]
        if 0 in ends:
            raise refuse("columns are counted from 1 at the left", "列は左端を1として数えます")
        return ChoosePair(player, Pair(ends[0] - 1, ends[1] - 1))
    if word in _CORRECT_WORDS:
        player, count_text = _parse_player(state, rest)
        count_token, _, reason = count_text.partition(" ")
        count = read_number(count_token, Msg("a hand count", "手札の枚数"))
        if not reason.strip():
            raise refuse("a correction needs its reason after the count", "訂正には枚数の後に理由が必要です")
        return Correct(player, count, reason)
    try:
        return _parse_move(state, text)
    except Refusal as error:
        try:
            seat, rest = _parse_player(state, text)
        except Refusal:
            if not _is_card(state, head) and head.upper() not in CELLS:
                suggest(text.split(), 0, _HAND_WORDS | _PAIR_WORDS | _CORRECT_WORDS)
            raise error from None
        if not rest:
            raise error from None
        try:  # a player named first (F-4 allows it): what is wrong is in the words after the name
            action = _parse_move(state, rest)
        except Refusal:
            wrong = _not_their_turn(state, seat)  # unless it is not that player's turn at all
            if wrong is not None:
                raise wrong from None
            raise
        return _named_move(state, seat, action)


def _named_move(state: State, seat: int, action: Action) -> Action:
    """``NAME R7 A1N n``, ``NAME R7 right``: accepted for the player on turn (F-4), refused naming
    whose turn it is otherwise; a reveal is the table's, never a player's."""
    wrong = _not_their_turn(state, seat, isinstance(action, Reveal))
    if wrong is not None:
        raise wrong
    return action


def _not_their_turn(state: State, seat: int, reveal: bool = False) -> Refusal | None:
    """Why the player at ``seat`` may not play a line now (a reveal is the table's, never a
    player's; another player's turn), or None."""
    names = state.setup.players
    name = names[seat]
    if reveal or state.phase not in (Phase.PLACE, Phase.BUILD):
        return Refusal(
            Msg(f"{name} cannot play now: ", f"今は{name}の手番ではありません。")
            + state.waiting_for()
            + Msg("; ", "。")
            + expected(state)
        )
    if seat != state.turn:  # the line to type is said: no form is added to it
        turn = names[state.turn]
        return Complete(
            Msg(f"it is {turn}'s turn, not {name}'s (F-4): ", f"今は{turn}の番です（{name}ではありません、F-4）。")
            + expected(state)
        )
    return None


def _is_card(state: State, token: str) -> bool:
    try:
        state.setup.deck.parse(token)
    except Refusal:
        return False
    return True


def _parse_move(state: State, text: str) -> Action:
    """A placement, a build or a reveal (no player named)."""
    deck = state.setup.deck
    tokens = text.split()
    if len(tokens) > 3 or (
        len(tokens) == 3
        and not _is_card(state, tokens[0])
        and (tokens[0].upper() in CELLS or _is_card(state, tokens[1]))
    ):
        raise refuse(f"the line has too many words ({len(tokens)})", f"語が多すぎます（{len(tokens)}語）")
    if len(tokens) == 3 and tokens[1].casefold() in _WHERE_WORDS:
        raise refuse(
            f"the line has too many words: a build is CARD PLACE, like {tokens[0]} {tokens[1]}; {tokens[2]!r} is extra",
            f"語が多すぎます。配置は「カード 置き場所」（例：{tokens[0]} {tokens[1]}）で、「{tokens[2]}」は余分です",
        )
    if len(tokens) == 3:
        card = deck.parse(tokens[0])
        inside = inside_grid(tokens[1], lambda spot: _placed(state, card, spot, tokens[2]))
        if inside is not None:  # an inner side (A1E): the two lines at the cell's outer sides
            raise inside
        spot = parse_spot(tokens[1])
        if normalize_token(tokens[2]).lower() not in _MODE_WORDS:
            suggest(tokens, 2, _MODE_WORDS)
        return Place(state.turn, card, spot, parse_mode(tokens[2]))
    if len(tokens) == 1 and state.phase is Phase.BUILD and _is_card(state, tokens[0]):
        raise _where_it_may_go(state, deck.parse(tokens[0]))
    if len(tokens) == 2:
        first, second = tokens
        if (
            second.casefold() not in _WHERE_WORDS
            and _is_card(state, first)
            and not _is_card(state, second)
            and normalize_token(second).upper() not in SPOTS
        ):
            suggest(tokens, 1, _WHERE_WORDS)
        if second.casefold() in _WHERE_WORDS:
            return Build(deck.parse(first), parse_where(second))
        if first.upper() in CELLS:
            return Reveal(first.upper(), deck.parse(second))
        if state.phase is Phase.REVEAL:
            raise refuse(
                f"{first!r} is not a cell (cells are A1–A4 and B1–B4)",
                f"「{first}」はマスではありません（マスはA1〜A4とB1〜B4）",
            )
        _glued(state, first, tokens[1:])
        card = deck.parse(first)
        if cell_side(second) is not None:
            label = deck.label(card, "ja")
            inside = inside_grid(second, lambda spot: Msg(f"{card} {spot}", f"{label} {spot_ja(spot)}"))
            if inside is not None:  # an inner side (A1E): the cell's outer sides, then the declaration
                raise inside
            ja = f"{label} {spot_ja(parse_spot(second))}"  # the Japanese table's own words
            raise Complete(
                Msg(
                    f"a placement needs its declaration after the spot: write {text} n or {text} s",
                    f"置くときは場所の後に数かスートが必要です。書き方：{ja} 数、{ja} スート",
                )
            )
        parse_where(second)
    if len(tokens) == 1:
        _glued(state, tokens[0], [])
    raise refuse(f"{text!r} is not a line this game reads", f"「{text}」はこのゲームの書き方ではありません")


def _placed(state: State, card: Card, spot: str, mode: str) -> Msg:
    """The placement line of ``card`` at ``spot`` with the declaration as typed (each language's
    own words when it is one), as a refusal writes it."""
    deck = state.setup.deck
    try:
        said = _MODE_SHORT[parse_mode(mode)]
        en, ja = said.en, said.ja
    except Refusal:
        en = ja = mode
    return Msg(f"{card} {spot} {en}", f"{deck.label(card, 'ja')} {spot_ja(spot)} {ja}")


def _glued(state: State, token: str, after: list[str]) -> None:
    """A card and a spot written as one word (``B7A1N``) are refused saying so, with the line
    written apart (``B7 A1N n``); any other word passes."""
    for cut in range(2, len(token) - 2):
        card, spot = token[:cut], token[cut:]
        if _is_card(state, card) and cell_side(spot) is not None:
            apart = " ".join([card, spot, *after])
            raise Complete(
                Msg(
                    f"{token!r} is a card and a spot written together: write them apart, {apart}",
                    f"「{token}」はカードと場所が続いています。間を空けて書きます：{apart}",
                )
            )


def not_captured(state: State, card: Card) -> Refusal:
    """``card`` is not among this turn's captured cards still to build (F-8): say where it is when
    the engine knows (already built, already in the hand), and which cards are still to build."""
    deck = state.setup.deck
    ja = deck.label(card, "ja")
    left = Msg(
        f"; still to build: {' '.join(map(str, state.pending))}",
        f"。未配置は{'・'.join(deck.label(c, 'ja') for c in state.pending)}です（F-8）",
    )
    code = state.places.get(card)
    name = state.players[state.turn]
    if code == ("F", state.turn):
        return Refusal(
            Msg(f"{card} is already built in {name}'s fortress", f"{ja}はすでに{name}の砦に配置済みです") + left
        )
    if code == ("H", state.turn):
        return Refusal(Msg(f"{card} is already in {name}'s hand", f"{ja}はすでに{name}の手札にあります") + left)
    where = state.place_of(card)
    if where is not None:
        return Refusal(
            Msg(
                f"{card} was not captured this turn: it is {where.en}",
                f"{ja}はこの手番の獲得カードではありません（{where.ja}）",
            )
            + left
        )
    return Refusal(Msg(f"{card} was not captured this turn", f"{ja}はこの手番の獲得カードではありません") + left)


def _where_it_may_go(state: State, card: Card) -> Refusal:
    """A bare card during a build: the places it may go now (F-8, F-11), and a line to type."""
    if card not in state.pending:
        return not_captured(state, card)
    ranks = [c[0].rank for c in state.fortresses[state.turn]]
    legal = [*placements(ranks, card.rank, state.setup.deck.ranks), Where.HAND]
    ja = state.setup.deck.label(card, "ja")
    return Complete(
        Msg(
            f"{card} may go {', '.join(w.value for w in legal)} (F-11): write {card} {legal[0].value}",
            f"{ja}の置き場所は{'・'.join(WHERE_JA[w] for w in legal)}です（F-11）。書き方：{ja} {WHERE_JA[legal[0]]}",
        )
    )


def action_line(state: State, action: Action, lang: Lang = "en") -> str:
    """The notation line for ``action`` played on ``state``: ``parse_line`` reads it back to ``action``."""
    ja = lang == "ja"
    deck = state.setup.deck

    def card(c: Card) -> str:
        return deck.label(c, lang)

    if isinstance(action, Place):
        spot = action.spot[:2] + _SIDE_JA[action.spot[2]] if ja and action.spot in SPOTS else action.spot
        return f"{card(action.card)} {spot} {_MODE_SHORT[action.mode].text(lang)}"
    if isinstance(action, Build):
        return f"{card(action.card)} {WHERE_JA[action.where] if ja else action.where.value}"
    if isinstance(action, Reveal):
        return f"{action.cell} {card(action.card)}"
    name = seat_name(state.setup.players, action.player)
    line = _player_line(action, name, deck, lang)
    try:  # a name that starts like another ("Aki" and "Aki 5") may read back as the other: then the seat
        if _parse(state, line) == action:
            return line
    except Refusal:
        pass
    return _player_line(action, str(action.player), deck, lang)


def _player_line(action: FinalHand | ChoosePair | Correct, name: str, deck: Deck, lang: Lang) -> str:
    ja = lang == "ja"
    if isinstance(action, FinalHand):
        cards = " ".join(deck.label(c, lang) for c in action.cards) or ("なし" if ja else "none")
        return f"{'手札' if ja else 'hand'} {name} {cards}"
    if isinstance(action, ChoosePair):
        pair = (
            ("なし" if ja else "none") if action.pair is None else f"{action.pair.source + 1} {action.pair.target + 1}"
        )  # columns counted from 1
        return f"{'ペア' if ja else 'pair'} {name} {pair}"
    return f"{'訂正' if ja else 'correct'} {name} {action.count} {action.reason}"

"""What a seat page offers as buttons: the engine's own ``complete`` (every line it would accept now,
word by word) cut into taps, for one seat.

A page holds the words chosen so far (the *prefix*). At each step it shows the choices ``complete``
gives after them: a choice that is a whole line the engine accepts (``parse_line`` then ``apply``)
plays with one tap; a choice that goes on is a step (one tap adds its words). Where a step is
followed only by a few whole lines (a spot's number or suit, a captured card's places, a card's
battlefield or wilderness), those lines are offered on it directly; a step followed by reasons (a
correction's count) also goes on, for a reason of the table's own typed after it. A word the
engine says is a number (a hand count, a set's number) is never drawn as a card. A step that is the only way
on is taken by itself: it records nothing, and the line is always shown whole on the button that
plays it. Nothing here decides a rule, and no line is written here: every word is the engine's.

A seat is offered only its own lines: a line's player (``actor``) must be the seat, or the line
is the table's (a card revealed from the deck) and nobody's turn; a step whose next words are the
players' names (``correct``, ``open``, ``hand``, ``pair``) is narrowed to this seat's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.rules.completion import CORRECT, COUNT, REASON
from companion.rules.engine import ActionShape, GameEngine, StateShape
from companion.rules.homalet.complete import SET
from companion.serve.tiles import parse_card

GROUP_MAX = 6  # whole lines after one step offered on it (a spot's n and s, a card's b and w, a card's places)
EXPAND_UPTO = 24  # steps at one level whose following lines are looked at (more: each is a step)
FORCED_MOST = 8  # steps taken by themselves in a row, at most
MAX_PREFIX = 200  # characters of a prefix a page may send
NUMBERS = (COUNT, SET)  # words the engine says are numbers, never cards (a hand count 6 is not HOMALET's 06)


@dataclass(frozen=True)
class Line:
    """A whole line played by one tap: ``line`` (the button's ``data-line``) and ``words``, what it
    adds after the step it is shown on (the button's text)."""

    line: str
    words: str


@dataclass(frozen=True)
class Step:
    """One choice after the prefix: the ``words`` it adds, ``prefix`` to tap to go on (None: no
    line goes on past it), the ``lines`` one tap plays from it (itself when whole, and the few
    whole lines after it), and ``card``: the card its words name (drawn as a tile)."""

    words: str
    prefix: str | None
    lines: tuple[Line, ...]
    card: object | None


@dataclass(frozen=True)
class Offers:
    """What the page shows for ``prefix`` (the steps taken by themselves included): ``itself``, the
    prefix when it is a whole line (played by one tap); the ``steps``; ``corrections``, this seat's
    ``correct NAME`` (shown folded away); ``mine``: whether anything is this seat's to do now."""

    prefix: str
    itself: Line | None
    steps: tuple[Step, ...]
    corrections: tuple[Step, ...]
    mine: bool


def _what(choice: str) -> object:
    """What the engine says the words ``choice`` adds are (``complete``'s answers say it)."""
    return getattr(choice, "what", None)


def actor(state: StateShape, action: ActionShape) -> int | None:
    """The seat ``action`` is played for: its player, or for the table's actions (a card revealed,
    a season effect's move, its end) the seat whose move it is; None when it is nobody's (the
    grid laid out, the wilderness sets at the start: any seat may enter them)."""
    player = getattr(action, "player", None)
    if isinstance(player, int) and not isinstance(player, bool):
        return player
    return waiting_seat(state)


def waiting_seat(state: StateShape) -> int | None:
    """The seat the game waits for now, or None when it waits for the table (a reveal)."""
    if isinstance(state, fortress.State):
        return fortress.allowed(state).player
    if isinstance(state, homalet.State):
        return state.actor()
    if isinstance(state, dragoness.State):
        playing = state.phase in (dragoness.Phase.LEAD, dragoness.Phase.FOLLOW, dragoness.Phase.REVIVED)
        return state.turn if playing else None
    return None


class Offering:
    """The offers of one state in one language, each answer worked out once (every seat page asks)."""

    def __init__(self, engine: GameEngine, state: StateShape, lang: Lang) -> None:
        self.engine, self.state, self.lang = engine, state, lang
        self.players = tuple(state.setup.players)
        self.waiting = waiting_seat(state)
        self._complete: dict[str, tuple[str, ...]] = {}
        self._whole: dict[str, tuple[bool, int | None]] = {}

    def complete(self, text: str) -> tuple[str, ...]:
        found = self._complete.get(text)
        if found is None:
            found = self._complete[text] = tuple(self.engine.complete(self.state, text, self.lang))
        return found

    def whole(self, line: str) -> tuple[bool, int | None]:
        """Whether ``line`` is a line the engine accepts now, and the seat it is played for (None:
        any seat)."""
        found = self._whole.get(line)
        if found is None:
            try:
                action = self.engine.parse_line(self.state, line)
                self.engine.apply(self.state, action)
                found = (True, actor(self.state, action))
            except Refusal:
                found = (False, None)
            self._whole[line] = found
        return found

    def for_seat(self, line: str, seat: int) -> bool:
        ok, who = self.whole(line)
        return ok and (who is None or who == seat)

    def goes_on(self, line: str) -> bool:
        return bool(self.complete(line + " "))

    def narrowed(self, choice: str, seat: int) -> str | None:
        """A one-word step followed by the players' names: the step with this seat's name (None if
        this seat's is not among them); any other step as it is."""
        rests = [c[len(choice) + 1 :] for c in self.complete(choice + " ")]

        def names(rest: str, name: str) -> bool:  # one way on is answered whole: ``Ben 0``
            return rest == name or rest.startswith(name + " ")

        if not rests or not all(any(names(r, p) for p in self.players) for r in rests):
            return choice
        mine = self.players[seat]
        return f"{choice} {mine}" if any(names(r, mine) for r in rests) else None

    def offers(self, seat: int, prefix: str = "") -> Offers:
        """The offers to ``seat`` after ``prefix`` (a prefix no line goes on from offers nothing)."""
        prefix = " ".join(prefix.split())[:MAX_PREFIX]
        corrections: list[Step] = []
        for _ in range(FORCED_MOST + 1):
            steps, found = self._level(seat, prefix)
            corrections = corrections or found
            itself = Line(prefix, "") if prefix and self.for_seat(prefix, seat) else None
            only = steps[0] if len(steps) == 1 else None
            if only is None or itself is not None or only.lines or only.prefix is None:
                break
            prefix = only.prefix  # the only way on: taken by itself (nothing is played)
        turn = self.waiting is None or self.waiting == seat  # a line naming this seat may come at any time
        mine = turn and (itself is not None or any(s.lines or s.prefix for s in steps))
        return Offers(prefix, itself, tuple(steps), tuple(corrections), mine)

    def _level(self, seat: int, prefix: str) -> tuple[list[Step], list[Step]]:
        top = not prefix
        start = len(prefix) + 1 if prefix else 0
        choices = [c for c in self.complete(prefix + " " if prefix else "") if c.strip() != prefix]
        correct = {CORRECT.en, CORRECT.ja}
        steps: list[Step] = []
        corrections: list[Step] = []
        expand = len(choices) <= EXPAND_UPTO
        others_move = self.waiting is not None and self.waiting != seat
        for choice in choices:
            split = choice[start:].split()
            card = parse_card(self.state, split[0]) if len(split) == 1 and _what(choice) not in NUMBERS else None
            if top and others_move and card is not None:
                continue  # a card played now is the waiting seat's
            chosen: str | None = choice
            if top and card is None and len(split) == 1 and not self.whole(choice)[0]:
                chosen = self.narrowed(choice, seat)  # a verb followed by names (never a card)
            if chosen is None:
                continue
            words = chosen[start:]
            split = words.split()
            if top and split and split[0] in correct:
                corrections.append(Step(words, chosen, (), None))
                continue
            step = self._step(seat, chosen, words, card, expand)
            if step is not None:
                steps.append(step)
        if not top or self.waiting is None or self.waiting == seat:
            return steps, corrections
        # not this seat's move: only the lines that name it (its opening, its hand, its pair) stay
        return [s for s in steps if s.lines or (s.prefix is not None and self._named(s.prefix, seat))], corrections

    def _named(self, prefix: str, seat: int) -> bool:
        words = prefix.split()
        return len(words) > 1 and " ".join(words[1:]).startswith(self.players[seat])

    def _step(self, seat: int, chosen: str, words: str, card: object | None, expand: bool) -> Step | None:
        ok, who = self.whole(chosen)
        if ok and who is not None and who != seat:
            return None  # another seat's line
        lines = [Line(chosen, words)] if ok else []
        if not expand:  # a card goes on (a play of several, a reveal's next card); a word that ends, ends
            on = card is not None or not ok or self.goes_on(chosen)
            return Step(words, chosen if on else None, tuple(lines), card)
        after = self.complete(chosen + " ")
        if not after:
            return Step(words, None, tuple(lines), card) if lines else None
        group = [self._ending(a) for a in after] if len(after) <= GROUP_MAX else []
        if group and all(g is not None for g in group):
            shown = [g for g in group if g is not None and self.for_seat(g, seat)]
            if not shown and not lines:
                return None
            lines.extend(Line(g, g[len(chosen) + 1 :]) for g in shown)
            on = any(self.goes_on(g) for g in shown) or (not ok and any(_what(a) == REASON for a in after))
            return Step(words, chosen if on else None, tuple(lines), card)
        return Step(words, chosen, tuple(lines), card)

    def _ending(self, choice: str) -> str | None:
        """``choice`` if it is a whole line, or the one whole line it leads to by one more step
        (``07 w`` → ``07 w void``: the button says the claim); else None."""
        if self.whole(choice)[0]:
            return choice
        after = self.complete(choice + " ")
        if len(after) == 1 and self.whole(after[0])[0]:
            return after[0]
        return None

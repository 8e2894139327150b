"""Completion of the entry line with what the engine says can be typed now.

Everything comes from the engine's ``complete(state, text, lang)`` (the choices after the text
typed, the likeliest first) and, to know when a line is whole, from its ``parse_line`` and
``apply``. The app knows no notation and no rule: the suggestion after the cursor follows the
engine's first choice word by word up to a whole line; Tab on an empty line lists a whole line
for each of the first choices (a card, a field, pass …); the entry line's example is the first;
the words the entry line is begun with are the engine's leading choices (:meth:`LegalLines.lead`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.suggester import Suggester

from companion.app.words import W
from companion.rules.common import Lang, Msg, Refusal
from companion.rules.completion import Choice, key
from companion.rules.engine import GameEngine, StateShape

if TYPE_CHECKING:
    from textual.dom import DOMNode

CONTAINING_FROM = 400  # whole lines looked through for those holding the words typed (Tab after a card)
DEPTH = 16  # words a suggestion follows at most (the longest line: a Fortress final hand of 13 cards)


class LegalLines:
    """What can be typed in one state (and language), each answer remembered for this state."""

    def __init__(self, engine: GameEngine, state: StateShape, lang: Lang) -> None:
        self.engine = engine
        self.state = state
        self.lang = lang
        self._choices: dict[tuple[str, int | None], list[str]] = {}
        self._longest: dict[str, tuple[int, list[str]]] = {}  # the longest answer with ``most`` for each text
        self._whole: dict[str, bool] = {}

    def choices(self, text: str, most: int | None = None) -> list[str]:
        """The engine's choices after ``text`` (with ``most``, only the first ``most``)."""
        found = self._choices.get((text, most))
        if found is None:
            known = self._longest.get(text)  # the first ``most`` of a longer answer already worked out
            if known is not None and most is not None and known[0] >= most:
                found = self._choices[text, most] = known[1][:most]
                return found
            found = self._choices[text, most] = list(self.engine.complete(self.state, text, self.lang, most))
            if most is not None and (known is None or most > known[0]):  # (without ``most``, one choice
                self._longest[text] = (most, found)  # may be followed further: never cut from it)
        return found

    def whole(self, line: str) -> bool:
        """``line`` is a line the engine accepts now."""
        found = self._whole.get(line)
        if found is None:
            try:
                self.engine.apply(self.state, self.engine.parse_line(self.state, line))
                found = True
            except Refusal:
                found = False
            self._whole[line] = found
        return found

    def first(self, prefix: str) -> str | None:
        """The first whole line after ``prefix`` (longer than it), following the engine's first
        choice word by word; None if nothing can follow ``prefix``."""
        text = prefix
        for _ in range(DEPTH):
            choices = self.choices(text, 1)
            if not choices:
                return None
            text = choices[0]
            if self.whole(text):
                return text
        return None

    def lead(self) -> str:
        """The words the engine says the table types next whatever it does (its first choices while
        they lead: the next empty cell of a refill, the next captured card to build, ``reveal``),
        then a space; "" when nothing leads. The entry line is begun with them."""
        text = ""
        for _ in range(DEPTH):
            choices = self.choices(text, 1)
            if not choices or not (isinstance(choices[0], Choice) and choices[0].lead) or self.whole(choices[0]):
                break
            text = choices[0] + " "
        return text

    def suggestion(self, value: str) -> str | None:
        """The suggestion the entry line shows after ``value``: the engine's first choice word by
        word up to a whole line, or up to a word it only guesses (an unseen card: the words before
        it, then a space); None if there is none longer than ``value``."""
        if not value.strip():
            return None
        text = value
        for _ in range(DEPTH):
            choices = self.choices(text, 1)
            if not choices:
                return None
            choice = choices[0]
            new_word = text[-1:].isspace() or len(choice.split()) > len(text.split())
            if new_word and isinstance(choice, Choice) and choice.guess:
                text = text if text[-1:].isspace() else text + " "
                break
            text = choice
            if self.whole(text):
                break
        return text if text.startswith(value) and len(text) > len(value) else None

    def unfinished(self, value: str) -> list[Msg] | None:
        """When ``value`` is not a whole line but begins one: what its words still need, as the
        engine says each word on the way of its first choices to a whole line (``the spot``, ``n
        (number) or s (suit)``), each said once, after the rest of a word typed in part; None for a
        whole line, an empty one, or one no line begins with (the engine's refusal says what is
        wrong with it)."""
        if not value.strip() or self.whole(value.strip()):
            return None
        text, needs = value, list[Msg]()
        typed = value.split()
        if not value[-1].isspace():  # a word being typed that is not a word of the line yet (``pa`` for pass)
            choices = self.choices(value, 1)
            words = choices[0].split() if choices else []
            if len(words) >= len(typed) and key(words[len(typed) - 1]) != key(typed[-1]):
                rest = W.track_unfinished_word
                needs.append(Msg(rest.en.format(typed[-1]), rest.ja.format(typed[-1])))
        for _ in range(DEPTH):
            choices = self.choices(text, 1)
            if not choices:
                return None
            choice = choices[0]
            what = choice.what if isinstance(choice, Choice) else None
            if len(choice.split()) <= len(typed):  # the word typed in part, completed: its rest is said above
                what = None
            if what is not None and what not in needs:
                needs.append(what)
            text = choice
            if self.whole(text):
                return needs
        return None

    def legal(self, most: int) -> list[str]:
        """Up to ``most`` whole lines in the engine's order: one for each of its first choices on an
        empty line and, while there are fewer, for each choice after those (a season's moves of
        several cards, Dragoness groups). What Tab on an empty line offers; the first is the
        example the entry line shows."""
        out: list[str] = []
        kept: set[tuple[str, ...]] = set()  # the same words in another order (a group) are offered once
        level = [""]
        for _ in range(3):
            following: list[str] = []
            for text in level:
                for choice in self.choices(text, most + 2):  # a few more: a line may repeat another
                    line = choice if self.whole(choice) else self.first(choice + " ")
                    if line is not None and tuple(sorted(line.split())) not in kept:
                        kept.add(tuple(sorted(line.split())))
                        out.append(line)
                        if len(out) == most:
                            return out
                    if not self.whole(choice):
                        following.append(choice + " ")
            level = following[:most]
        return out

    def containing(self, typed: str, most: int) -> list[str]:
        """Up to ``most`` legal lines holding every word of ``typed`` (in any order, letters' case
        aside), from the engine's own lines: a card alone (``K10``) finds the lines that place or
        reveal it."""
        words = typed.casefold().split()
        if not words:
            return []
        out: list[str] = []
        for line in self.legal(CONTAINING_FROM):
            held = line.casefold().split()
            if all(word in held for word in words):
                out.append(line)
                if len(out) == most:
                    break
        return out

    def offered(self, line: str) -> bool:
        """``line`` is a whole line the engine offers now (a click target is one only then)."""
        words = line.split()
        if not words or not self.whole(line):
            return False
        head = " ".join(words[:-1])
        return line in self.choices(head + " " if head else "")


class LegalSuggester(Suggester):
    """Textual's suggester over :class:`LegalLines`; ``lines()`` gives those of the state shown."""

    def __init__(
        self, lines: Callable[[], LegalLines | None], offered: Callable[[str], bool] = lambda value: False
    ) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.lines = lines
        self.offered = offered  # a line Tab wrote from its list: Tab goes on to the next, not longer

    async def _get_suggestion(self, requester: DOMNode, value: str) -> None:
        """Textual asks after every change of the line, each in a worker of its own; one asked for a
        line already typed past (keys that came together: a paste, a lagging terminal) is not worked
        out, since the line would not take it (Input takes a suggestion only for the line as it is)."""
        typed: object = getattr(requester, "value", value)
        if typed != value:
            return
        await super()._get_suggestion(requester, value)

    async def get_suggestion(self, value: str) -> str | None:
        return self.now(value)

    def now(self, value: str) -> str | None:
        """The suggestion for ``value``, worked out at once (what :meth:`get_suggestion` answers)."""
        legal = self.lines()
        if legal is None or self.offered(value):
            return None
        try:
            return legal.suggestion(value)
        except Exception:  # a bug while completing: no suggestion, never a crash
            return None

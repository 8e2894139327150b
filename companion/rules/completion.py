"""What can be typed now: the walk shared by the three engines' ``complete``.

Each engine describes the lines it would accept now as a tree of steps (:class:`Step`): a step
writes one or more whole words (a player's name may hold spaces), may end a line, and knows the
steps that may follow it, made only when asked (a tree of every Fortress placement holds
thousands of lines; a walk looks at a few dozen steps). :func:`walk` follows the words typed so
far down the tree and answers the choices after them, in the tree's order.

The words typed are compared ignoring case and width (``r7``, ``Ｒ７`` and ``R7`` are one word),
and a step is also found by its spelling in the other language (English words typed in a
Japanese table, and the reverse). A choice keeps the text as typed and adds whole words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.rules.common import Lang, Msg, normalize_token

Steps = Callable[[], Sequence["Step"]]


def _none() -> Sequence[Step]:
    return ()


@dataclass(slots=True)  # not frozen: a frozen class's fields are set slowly, and a walk makes a step for each card
class Step:
    """``words`` as the language asked for writes them; ``other`` the same step in the other
    language ("" when it is spelt the same); ``end``: a whole line may stop after it (or what
    answers that, asked only if needed); ``next``:
    the steps that may follow (made when asked); ``check``: whether some line goes on through
    this step, asked only before it is offered (a step made without knowing is followed when
    typed, and offers nothing after it if no line goes on)."""

    words: str
    other: str = ""
    end: bool | Callable[[], bool] = True
    next: Steps = _none
    check: Callable[[], bool] | None = None
    lead: bool = False  # the table's next words whatever it does (the next empty cell of a refill): see Choice
    guess: bool = False  # one of many alike the engine cannot tell apart (an unseen card): see Choice
    what: Msg | None = None  # what its words are, said to a player whose line stops before it: see Choice

    def spellings(self) -> tuple[tuple[str, ...], ...]:
        first = tuple(self.words.split())
        if not self.other or self.other == self.words:
            return (first,)
        return first, tuple(self.other.split())


class Choice(str):
    """A choice :func:`walk` answers: its text, and ``lead`` when the step it ends with leads (the
    words the table types next whatever it does: the next empty cell of a refill, the next captured
    card to build, ``reveal`` before a set's cards), so a line may be begun with it before anything
    is typed. The other choices are still offered: any order is as legal. ``guess`` when it is one
    of many alike the engine cannot tell apart (an unseen card): first only by its place in a
    list, so a suggestion stops before it. ``what`` says what the words it adds are (``the spot``,
    ``n (number) or s (suit)``, ``void …``): what a line that stops before them still needs."""

    lead: bool
    guess: bool
    what: Msg | None

    def __new__(cls, text: str, lead: bool = False, guess: bool = False, what: Msg | None = None) -> Choice:
        made = super().__new__(cls, text)
        made.lead = lead
        made.guess = guess
        made.what = what
        return made


def key(word: str) -> str:
    """A word as it is compared: width and case do not matter."""
    return normalize_token(word).casefold()


# A place in the tree: the step reached (None: the top), the spelling being read, and how many of
# its words are typed.
_Place = tuple[Step | None, tuple[str, ...], int]


def walk(top: Steps, text: str, most: int | None = None, what: Msg | None = None) -> list[str]:
    """The choices after ``text``: each is ``text`` followed by whole words (completing the word
    being typed, if ``text`` does not end with a space), a prefix of a line the tree holds. With
    ``most``, only the first ``most`` choices (the rest are never looked at). Each is a
    :class:`Choice`; ``what`` is said of the words of a step that does not say what it is."""
    typed = text.split()
    closed = not text or text[-1].isspace()
    done, partial = (typed, "") if closed else (typed[:-1], typed[-1])
    places: list[_Place] = [(None, (), 0)]
    for word in done:
        places = _advance(places, key(word), top)
        if not places:
            return []
    out: dict[str, None] = {}
    single: list[tuple[str, Step]] = []
    want = key(partial)
    for step, spelled, used in places:
        if most is not None and len(out) >= most:
            break
        if used < len(spelled) and step is not None:  # inside a step of several words: the rest of it
            _choose(out, single, text, partial, want, step, spelled[used:])
            continue
        for kid in step.next() if step is not None else top():
            if most is not None and len(out) >= most:
                break
            spellings = kid.spellings()
            chosen = spellings[0]
            if want and not key(chosen[0]).startswith(want):
                chosen = next((s for s in spellings[1:] if key(s[0]).startswith(want)), ())
                if not chosen:
                    continue
            if kid.check is None or kid.check():
                _choose(out, single, text, partial, want, kid, chosen)
    if most is not None and len(out) > most:
        del single[most:]
    if most is None and len(out) == 1 and len(single) == 1:  # one way on: follow it while it cannot end
        line, step = single[0]
        while not (step.end if isinstance(step.end, bool) else step.end()):
            following = step.next()
            if len(following) != 1:
                break
            step = following[0]
            line = f"{line} {step.words}"
        single[0] = (line, step)
    found: list[str] = [
        Choice(line, step.lead, step.guess, step.what or what) for line, step in single
    ]  # each a str (the engines' contract)
    return found


def _advance(places: list[_Place], word: str, top: Steps) -> list[_Place]:
    out: list[_Place] = []
    for step, spelled, used in places:
        if used < len(spelled):
            if key(spelled[used]) == word:
                out.append((step, spelled, used + 1))
            continue
        for kid in step.next() if step is not None else top():
            for spelling in kid.spellings():
                if key(spelling[0]) == word:
                    out.append((kid, spelling, 1))
    return out


def _choose(
    out: dict[str, None],
    single: list[tuple[str, Step]],
    text: str,
    partial: str,
    want: str,
    step: Step,
    words: Sequence[str],
) -> None:
    """The choices ``words`` (the rest of ``step``) give after ``text``: they complete the word
    being typed (``partial``); a word typed whole is followed by what comes after it."""
    if want and not key(words[0]).startswith(want):
        return
    if not want or key(words[0]) != want:
        _offer(out, single, text, partial, want, words, step)
    elif len(words) > 1:
        _offer(out, single, text + " ", "", "", words[1:], step)
    else:
        for after in step.next():
            if after.check is None or after.check():
                _offer(out, single, text + " ", "", "", after.spellings()[0], after)


def _offer(
    out: dict[str, None],
    single: list[tuple[str, Step]],
    text: str,
    partial: str,
    want: str,
    words: Sequence[str],
    step: Step,
) -> None:
    """Add the choice ``text`` + ``words`` (the first word completing ``partial``)."""
    first, rest = words[0], " ".join(words[1:])
    if partial:
        head = first[: len(partial)]
        line = text + first[len(partial) :] if key(head) == want else text[: len(text) - len(partial)] + first
    else:
        line = text + (" " if text and not text[-1].isspace() else "") + first
    if rest:
        line = f"{line} {rest}"
    if line not in out:
        out[line] = None
        single.append((line, step))


def other(lang: Lang) -> Lang:
    return "en" if lang == "ja" else "ja"


def said(
    msg: Msg, lang: Lang, end: bool = True, then: Steps = _none, lead: bool = False, what: Msg | None = None
) -> Step:
    """A step of the words ``msg`` holds, in ``lang`` and the other language (``what`` they are)."""
    return Step(msg.text(lang), msg.text(other(lang)), end, then, lead=lead, what=what)


# What a correction's free-text reason is offered as; any other reason may be typed.
REASONS = (Msg("dropped a card", "カードを落とした"), Msg("misdeal", "配り間違い"))
CORRECT = Msg("correct", "訂正")

# What the words of a step are (Step.what), said to a player whose line stops before them.
WHO = Msg("the player's name", "プレイヤー名")
COUNT = Msg("the right hand count", "正しい手札の枚数")
REASON = Msg("the reason", "理由")


def corrections(
    names: Sequence[Msg], counts: Callable[[int], Sequence[int]], legal: Callable[[int, int], bool], lang: Lang
) -> list[Step]:
    """``correct NAME COUNT REASON`` for each seat with a count the engine accepts (``legal``
    decides, among ``counts(seat)`` tried in order, only when the step is offered or typed); the
    reason is offered from :data:`REASONS`. Which hand was miscounted, and its count, the engine
    cannot know: the name and the count are guesses (a suggestion stops before them, issue 27)."""

    @functools.cache
    def seats() -> list[int]:
        return [p for p in range(len(names)) if any(legal(p, c) for c in counts(p))]

    def reasons() -> list[Step]:
        return [said(r, lang, what=REASON) for r in REASONS]

    def numbers(p: int) -> list[Step]:
        return [Step(str(c), end=False, next=reasons, guess=True, what=COUNT) for c in counts(p) if legal(p, c)]

    def people() -> list[Step]:
        return [
            Step(
                names[p].text(lang),
                names[p].text(other(lang)),
                False,
                functools.partial(numbers, p),
                guess=True,
                what=WHO,
            )
            for p in seats()
        ]

    def some() -> bool:  # offered if one seat has a count: the first found is enough
        return any(legal(p, c) for p in range(len(names)) for c in counts(p))

    word = CORRECT.text(lang), CORRECT.text(other(lang))
    return [Step(word[0], word[1], False, people, check=some)]

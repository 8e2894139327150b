"""Completion of the entry line with what is legal now.

Candidate actions come from the engine's ``allowed(state)``; each is written by the engine's own
``action_line`` and offered only if the engine's ``apply`` accepts it. So the app knows no
notation and no rule: it only enumerates what ``allowed`` names.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from textual.suggester import Suggester

from companion.rules import dragoness, fortress, homalet
from companion.rules.common import Lang, Refusal
from companion.rules.engine import AnyEngine

MAX_TRIES = 4000  # candidates written per keystroke at most: completion stays instant


def fortress_candidates(engine: ModuleType, state: Any) -> Iterator[Any]:
    a = engine.allowed(state)
    phase = engine.Phase
    if a.phase is phase.REVEAL:
        for cell in a.cells:
            for card in a.unseen:
                yield engine.Reveal(cell, card)
    elif a.phase is phase.PLACE:
        cards = [*a.known_hand, *(a.unseen if a.any_card else ())]
        for card in cards:
            for spot in a.spots:
                for mode in engine.Mode:
                    yield engine.Place(a.player, card, spot, mode)
    elif a.phase is phase.BUILD:
        for b in a.builds:
            for where in b.legal:
                yield engine.Build(b.card, where)
    elif a.phase is phase.FINAL:
        for p in a.pairs:
            if a.best_pairs[p] is not None:
                yield engine.ChoosePair(p, a.best_pairs[p])
            yield engine.ChoosePair(p, None)
        for p in a.final_hands:
            yield engine.FinalHand(p, ())


def homalet_candidates(engine: ModuleType, state: Any) -> Iterator[Any]:
    a = engine.allowed(state)
    phase = engine.Phase
    if a.phase is phase.PLAY and a.player is not None:
        cards = [*a.known_hand, *(a.unseen if a.hidden else ())]
        for card in cards:
            for f in a.fields:
                if f.open:
                    yield engine.Play(a.player, card, f.field, False)
                    yield engine.Play(a.player, card, f.field, True)
    elif a.phase is phase.PICK:
        for card in a.pick_from:
            yield engine.Pick(a.pickers[0], card)
    elif a.phase is phase.TAKE:
        for i in range(len(a.sets)):
            yield engine.TakeSet(a.takers[0], i)
    elif a.phase is phase.EFFECT:
        yield engine.EndEffect()
    elif a.phase is phase.REFILL and a.reveal_size:
        for cards in itertools.permutations(a.unseen, a.reveal_size):
            yield engine.RevealSet(cards)


def dragoness_candidates(engine: ModuleType, state: Any) -> Iterator[Any]:
    a = engine.allowed(state)
    deck = state.setup.deck
    cards = sorted(deck.cards_for(len(state.setup.players)))
    if a.phase is engine.Phase.OPENING:
        for card in cards:
            for p in range(len(a.players)):
                yield engine.Opening(p, card)
    elif a.player is not None:
        if a.can_pass:
            yield engine.Pass(a.player)
        if a.revive:
            yield engine.Revive(a.player)
        for card in cards:
            yield engine.PlayCards(a.player, (card,))


GAME_MODULES: dict[str, ModuleType] = {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}
CANDIDATES: dict[str, Callable[[ModuleType, Any], Iterator[Any]]] = {
    "fortress": fortress_candidates, "homalet": homalet_candidates, "dragoness": dragoness_candidates,
}


class LegalLines:
    """The lines legal now, written lazily and remembered for this state (and language)."""

    def __init__(self, engine: AnyEngine, state: Any, lang: Lang) -> None:
        self.engine = engine
        self.state = state
        self.lang = lang
        self._source = CANDIDATES[engine.GAME](GAME_MODULES[engine.GAME], state)
        self._lines: list[str] = []
        self._shown: list[str] = []  # each candidate's line in the app's language (the first of its lines)
        self._done = False

    def _more(self) -> list[str] | None:
        """The next candidate's lines: in the app's language, and in English (letters may be
        typed whatever the language shown)."""
        langs: tuple[Lang, ...] = (self.lang,) if self.lang == "en" else (self.lang, "en")
        for action in self._source:
            try:
                lines = [str(self.engine.action_line(self.state, action, lang)) for lang in langs]
            except (Refusal, KeyError, ValueError):
                continue
            self._shown.append(lines[0])
            return list(dict.fromkeys(lines))
        self._done = True
        return None

    def first(self, prefix: str) -> str | None:
        """The first legal line starting with ``prefix`` (ignoring case), longer than it."""
        want = prefix.casefold()
        for line in self._lines:
            if len(line) > len(prefix) and line.casefold().startswith(want) and self._legal(line):
                return line
        tries = 0
        while not self._done and tries < MAX_TRIES:
            more = self._more()
            tries += 1
            if more is None:
                break
            self._lines.extend(more)
            for line in more:
                if len(line) > len(prefix) and line.casefold().startswith(want) and self._legal(line):
                    return line
        return None

    def legal(self, most: int) -> list[str]:
        """Up to ``most`` legal lines in the app's language, in the engine's order (what Tab on an
        empty line offers, and the example the entry line shows)."""
        out: list[str] = []
        index = tries = 0
        while len(out) < most:
            if index == len(self._shown):
                if self._done or tries >= MAX_TRIES:
                    break
                more = self._more()
                tries += 1
                if more is None:
                    break
                self._lines.extend(more)
                continue
            line = self._shown[index]
            index += 1
            if line not in out and self._legal(line):
                out.append(line)
        return out

    def containing(self, typed: str, most: int) -> list[str]:
        """Up to ``most`` legal lines in the app's language holding every word of ``typed`` (in any
        order, letters' case aside): a card alone (``K10``) finds the lines that place or reveal it."""
        words = typed.casefold().split()
        out: list[str] = []
        index = tries = 0
        while words and len(out) < most:
            if index == len(self._shown):
                if self._done or tries >= MAX_TRIES:
                    break
                more = self._more()
                tries += 1
                if more is None:
                    break
                self._lines.extend(more)
                continue
            line = self._shown[index]
            index += 1
            held = line.casefold().split()
            if line not in out and all(word in held for word in words) and self._legal(line):
                out.append(line)
        return out

    def _legal(self, line: str) -> bool:
        try:
            self.engine.apply(self.state, self.engine.parse_line(self.state, line))
        except Refusal:
            return False
        return True


class LegalSuggester(Suggester):
    """Textual's suggester over :class:`LegalLines`; ``lines()`` gives those of the state shown."""

    def __init__(self, lines: Callable[[], LegalLines | None]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.lines = lines

    async def get_suggestion(self, value: str) -> str | None:
        legal = self.lines()
        if legal is None or not value.strip():
            return None
        try:
            found = legal.first(value)
        except Exception:  # a bug while completing: no suggestion, never a crash
            return None
        return None if found is None else value + found[len(value):]

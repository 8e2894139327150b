"""Six-Suit Fortress: each player's score so far, saying only what the table has shown (F-13, F-14).

The fortress is on the table, so its points are known at every moment: columns × the tallest
column. The penalty is another matter: it is the lowest rank of each suit *in the hand left at the
end* (F-14), and the app sees a hand only when the table says what it holds (the final hand), or
when every card in it went there before the app's eyes (captured cards kept, or an empty hand). Until
then the penalty is unknown, and the score so far is said as the fortress's points with the hand
"not shown" — never as a number made from the few cards the app happens to know.

The face-down pair (F-13) is laid "before scoring": it counts once the game is over (the pair the
player chose, or, until they choose, the best one the app finds), and whenever it counts it is named.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.common import Msg
from companion.rules.fortress.scoring import Pair, best_pair, heights_after, penalty, points
from companion.rules.fortress.state import UNDECIDED, Phase, State


@dataclass(frozen=True)
class SoFar:
    """One player's score so far. ``penalty`` and ``score`` are None while the hand is not known."""

    columns: int
    tallest: int
    points: int  # columns × tallest, the face-down pair laid if it counts
    pair: Pair | None  # the face-down pair counted (only once the game is over, F-13)
    hand: int  # cards in hand
    penalty: int | None  # F-14, once the whole hand is known
    score: int | None  # points − penalty, once the whole hand is known

    @property
    def known(self) -> bool:
        return self.score is not None

    def pair_words(self) -> Msg:
        """`` with the face-down pair 6 → 1`` (Japanese: ``裏向きペア 6 → 1 を含む``, for the caller's
        brackets) when a pair counts, columns numbered from 1 at the left; nothing when none does."""
        if self.pair is None:
            return Msg("", "")
        source, target = self.pair.source + 1, self.pair.target + 1
        return Msg(f" with the face-down pair {source} → {target}", f"裏向きペア {source} → {target} を含む")


def _counted_pair(state: State, p: int) -> Pair | None:
    """The face-down pair that counts for player ``p``: none before the game is over (F-13: it is laid
    before scoring); then the one chosen, or the best one while the player has not chosen."""
    if state.phase not in (Phase.FINAL, Phase.OVER):
        return None
    choice = state.pairs[p]
    if choice == UNDECIDED:
        return best_pair([len(c) for c in state.fortresses[p]])
    assert not isinstance(choice, str)
    return choice


def so_far(state: State) -> list[SoFar]:
    """Each player's score as far as the table has shown it (F-13, F-14)."""
    out = []
    for p, fortress in enumerate(state.fortresses):
        pair = _counted_pair(state, p)
        count, tallest, value = points(heights_after([len(c) for c in fortress], pair))
        final = state.final_hands[p]
        known = state.known_hands[p]
        hand = final if final is not None else (sorted(known) if len(known) == state.hand_counts[p] else None)
        minus = None if hand is None else sum(penalty(hand).values())
        held = len(final) if final is not None else state.hand_counts[p]
        out.append(SoFar(count, tallest, value, pair, held, minus, None if minus is None else value - minus))
    return out

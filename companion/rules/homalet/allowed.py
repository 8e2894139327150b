"""HOMALET: what is allowed now, from the state alone, and the state in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rules.common import EMPTY, GAME_OVER, Msg, plural
from companion.rules.homalet.deck import SET_SIZE, Season, count_cards, fmt, fmt_all, list_sets
from companion.rules.homalet.game import finished
from companion.rules.homalet.notation import expected
from companion.rules.homalet.scoring import winner_words
from companion.rules.homalet.state import Phase, State, _battle_left, scores
from companion.rules.homalet.words import FIELD_TITLES, Field


@dataclass(frozen=True)
class FieldNow:
    """One field in the play step: open or not, its lead colour, and the cards of that colour the
    engine knows the player on turn holds (any of them means a void claim is refused, H-4)."""

    field: Field
    open: bool
    lead: str | None
    cards: tuple[int, ...]
    known_lead: tuple[int, ...]
    known_void: bool  # every card of the hand is known and none has the lead colour


@dataclass(frozen=True)
class Allowed:
    """What the table may do now, from the state alone."""

    phase: Phase
    waiting: Msg
    player: int | None  # who acts (None: the table, laying out a set)
    fields: tuple[FieldNow, ...]  # in the play step
    known_hand: tuple[int, ...]  # the acting player's cards the engine knows
    hidden: int  # the acting player's other cards
    pickers: tuple[int, ...]  # battlefield winners still to pick, in order
    pick_from: tuple[int, ...]
    takers: tuple[int, ...]  # wilderness players still to take, in order
    sets: tuple[tuple[int, ...], ...]  # wilderness sets, numbered from 1 at the table
    reveal_size: int  # cards in the next wilderness set (refill step)
    effect: Season | None
    unseen: tuple[int, ...]
    colours: Mapping[str, Msg] = field(compare=False, hash=False, repr=False)  # colour names by key
    write: Msg = field(default=EMPTY, compare=False, hash=False, repr=False)  # the lines to type now

    def to_data(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "waiting": {"en": self.waiting.en, "ja": self.waiting.ja},
            "player": self.player,
            "fields": [
                {
                    "field": f.field.value,
                    "open": f.open,
                    "lead": f.lead,
                    "cards": list(f.cards),
                    "known_lead": list(f.known_lead),
                    "known_to_hold_lead": bool(f.known_lead),
                    "known_void": f.known_void,
                }
                for f in self.fields
            ],
            "known_hand": list(self.known_hand),
            "hidden": self.hidden,
            "pickers": list(self.pickers),
            "pick_from": list(self.pick_from),
            "takers": list(self.takers),
            "sets": [list(s) for s in self.sets],
            "reveal_size": self.reveal_size,
            "effect": None if self.effect is None else self.effect.value,
            "unseen": list(self.unseen),
            "write": {"en": self.write.en, "ja": self.write.ja},
        }

    def describe(self) -> Msg:
        lines = [self.waiting + (Msg(": ", "。") + self.write if self.write.en else EMPTY) + Msg(".", "。")]
        for f in self.fields:
            name = FIELD_TITLES[f.field]
            if not f.open:
                lines.append(
                    Msg(
                        f"{name.en}: closed (no wilderness set left).",
                        f"{name.ja}には出せません（在野の組がありません）。",
                    )
                )
                continue
            if f.lead is None:
                lines.append(Msg(f"{name.en}: empty, any colour leads.", f"{name.ja}は空です。どの色でも出せます。"))
                continue
            colour = self.colours[f.lead]
            line = Msg(
                f"{name.en}: leads {colour.en} ({fmt_all(f.cards)})",
                f"{name.ja}の色は{colour.ja}です（{fmt_all(f.cards)}）",
            )
            if f.known_lead:
                line += Msg(
                    f"; known to hold {colour.en}: {fmt_all(f.known_lead)}, so no void claim.",
                    f"。{colour.ja}の{fmt_all(f.known_lead)}を持っているので「無し」は宣言できません。",
                )
            elif f.known_void:
                line += Msg(
                    f"; every card in the hand is known and none is {colour.en}.",
                    f"。手札はすべて分かっていて、{colour.ja}はありません。",
                )
            else:
                line += Msg(".", "。")
            lines.append(line)
        if self.pick_from:
            lines.append(
                Msg(
                    f"Battlefield cards to pick: {fmt_all(self.pick_from)}.",
                    f"選べる戦場のカードは{fmt_all(self.pick_from)}。",
                )
            )
        if self.phase is Phase.TAKE:
            sets = list_sets(self.sets)
            lines.append(Msg(f"Wilderness sets to take: {sets.en}.", f"取れる在野の組は{sets.ja}。"))
        if self.phase is Phase.REFILL:
            lines.append(
                Msg(
                    f"Next set: {count_cards(self.reveal_size).en} from the deck.",
                    f"次の組は山札から{self.reveal_size}枚。",
                )
            )
        lines.append(
            Msg(
                f"Unseen ({len(self.unseen)}): {fmt_all(self.unseen)}.",
                f"未確認のカード{len(self.unseen)}枚は{fmt_all(self.unseen)}。",
            )
        )
        return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))


def allowed(state: State) -> Allowed:
    """What is allowed now: each field's lead and whether the player on turn is known to hold it,
    who picks or takes next and from what, the next set's size, and the cards still unseen."""
    deck = state.setup.deck
    actor = state.actor()
    known = tuple(sorted(state.known_hands[actor])) if actor is not None else ()
    hidden = state.hand_counts[actor] - len(known) if actor is not None else 0
    fields: tuple[FieldNow, ...] = ()
    if state.phase is Phase.PLAY:
        out = []
        for where in Field:
            lead = state.lead(where)
            cards = tuple(state.field_cards(where))
            holding = tuple(c for c in known if deck.colour_of[c] == lead) if lead is not None else ()
            is_open = where is Field.BATTLE or bool(state.wilderness)
            known_void = lead is not None and hidden == 0 and not holding
            out.append(FieldNow(where, is_open, lead, cards, holding, known_void))
        fields = tuple(out)
    return Allowed(
        phase=state.phase,
        waiting=state.waiting_for(),
        player=actor,
        fields=fields,
        known_hand=known,
        hidden=hidden,
        pickers=state.pickers if state.phase is Phase.PICK else (),
        pick_from=tuple(_battle_left(state)) if state.phase is Phase.PICK else (),
        takers=state.takers if state.phase is Phase.TAKE else (),
        sets=state.wilderness,
        reveal_size=min(SET_SIZE, state.deck_count) if state.phase is Phase.REFILL else 0,
        effect=state.effect[1] if state.effect is not None else None,
        unseen=tuple(state.unseen()),
        colours={c.key: Msg(c.en, c.ja) for c in deck.colours},
        write=expected(state) if state.phase is not Phase.OVER else EMPTY,
    )


def describe(state: State) -> Msg:
    """The state in words: the round and whose move, the fields, the sets, hands, deck and scores."""
    names = state.setup.players
    deck = state.setup.deck
    now = allowed(state).describe()
    lines = [
        Msg(f"HOMALET, round {state.round}.", f"HOMALET、第{state.round}ラウンド。"),
        GAME_OVER if state.phase is Phase.OVER else Msg(now.en.splitlines()[0], now.ja.splitlines()[0]),
    ]
    for where in Field:
        played = [(p, c) for p, c, f in state.played if f is where]
        if played:
            lead = deck.by_key[deck.colour_of[played[0][1]]]
            fn = FIELD_TITLES[where]
            en = ", ".join(f"{fmt(c)} {names[p]}" + (" (taken)" if c in state.battle_taken else "") for p, c in played)
            ja = "、".join(
                f"{fmt(c)} {names[p]}" + ("（取得済み）" if c in state.battle_taken else "") for p, c in played
            )
            lines.append(Msg(f"{fn.en} (leads {lead.en}): {en}.", f"{fn.ja}は{ja}（色は{lead.ja}）。"))
    sets = list_sets(state.wilderness)
    lines.append(Msg(f"Wilderness sets: {sets.en}.", f"在野の組は{sets.ja}。"))
    hands_en, hands_ja = [], []
    for p, count in enumerate(state.hand_counts):
        known = sorted(state.known_hands[p])
        extra = Msg(f", known {fmt_all(known)}", f"（うち{fmt_all(known)}）") if known else EMPTY
        hands_en.append(f"{names[p]} {count}{extra.en}")
        hands_ja.append(f"{names[p]}が{count}枚{extra.ja}")
    lines.append(Msg(f"Hands: {'; '.join(hands_en)}.", f"手札は{'、'.join(hands_ja)}。"))
    lines.append(
        Msg(
            f"Deck: {count_cards(state.deck_count).en}; discard: {fmt_all(sorted(state.discard))}.",
            f"山札は{state.deck_count}枚、捨て札は{fmt_all(sorted(state.discard))}。",
        )
    )
    totals = scores(state)
    piles_en = "; ".join(
        f"{names[p]} {fmt_all(sorted(pile))} ({plural(totals[p].score, 'point', 'points')})"
        for p, pile in enumerate(state.piles)
    )
    piles_ja = "、".join(
        f"{names[p]}が{fmt_all(sorted(pile))}（{totals[p].score}点）" for p, pile in enumerate(state.piles)
    )
    lines.append(Msg(f"Score piles: {piles_en}.", f"獲得札は{piles_ja}。"))
    if finished(state):
        lines.append(winner_words(names, [t.score for t in totals], state.piles))
    return Msg("\n".join(m.en for m in lines), "\n".join(m.ja for m in lines))

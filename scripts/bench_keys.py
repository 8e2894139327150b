"""Keys per action: how few key presses the table app needs to enter each recorded action.

For each example record (examples/records/*.json) a new game of the same table is opened in the real
app (Textual's Pilot, headless) and every recorded action is entered in turn with the fewest key
presses the app offers at that moment, found from what the app shows then and nothing from the record
ahead: characters typed, Tab taking the suggestion after the cursor (the entry line's suggester), Tab
on an empty line stepping through the offered legal lines, Enter. The keys are then pressed through
Pilot (a typed character goes to the entry line as its key handler sends it, without Pilot's wait for
the machine to be idle after each) and the action the app stored is checked against the record; a
plan the app did not follow is typed out in full instead (and counted, both). Clicks on the board are
not counted yet: the figure is an upper bound where a click would be shorter.

    python scripts/bench_keys.py [--limit N]   # N: only the first N actions of each record

Last line: ``keys per action: fortress F, homalet H, dragoness D``. Goal (issue 18): at most 4.0 each.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "examples" / "records"
GAMES = ("fortress", "homalet", "dragoness")


def fewest(
    target: str,
    suggest: Callable[[str], str | None],
    offers: Sequence[str],
    containing: Callable[[str], Sequence[str]] = lambda typed: (),
) -> list[str]:
    """The shortest key sequence that leaves ``target`` in an empty entry line and plays it: Tab on
    the empty line steps through ``offers``; after typing a prefix, Tab takes ``suggest(prefix)``
    when that is ``target`` or a longer prefix of it (letters' case aside); after typing some of its
    words that start no legal line, Tab steps through ``containing(words)``; else characters are typed."""
    want = target.casefold()
    best: list[list[str] | None] = [None] * (len(target) + 1)
    best[0] = []
    for k, offered in enumerate(offers, start=1):
        if offered.casefold() == want:
            best[len(target)] = ["tab"] * k
            break
    for i in range(len(target)):
        keys = best[i]
        if keys is None:
            continue
        typed = [*keys, target[i]]
        if best[i + 1] is None or len(typed) < len(best[i + 1] or ()):
            best[i + 1] = typed
        if i == 0 or keys[-1:] == ["tab"]:
            continue  # the empty line's Tab is the offers; Tab twice takes nothing more
        found = suggest(target[:i])
        if found is not None and want.startswith(found.casefold()) and len(found) > i:
            tabbed = [*keys, "tab"]
            j = len(found)
            if best[j] is None or len(tabbed) < len(best[j] or ()):
                best[j] = tabbed
    done = best[len(target)]
    assert done is not None
    words = target.split()
    for start in range(len(words)):  # some of its words typed, then Tab through the lines holding them
        for stop in range(start + 1, len(words) + 1):
            some = " ".join(words[start:stop])
            if len(some) + 1 >= len(done) or want.startswith(some.casefold()) or suggest(some) is not None:
                continue  # no shorter, or Tab would take a suggestion
            holding = [line.casefold() for line in containing(some)]
            if want in holding and len(some) + holding.index(want) + 1 < len(done):
                done = [*some, *["tab"] * (holding.index(want) + 1)]
    return [*done, "enter"]


async def play_record(
    path: Path, db: Path, limit: int | None, kinds: dict[str, list[int]] | None = None, verbose: bool = False
) -> tuple[int, int, int]:
    """(actions entered, keys pressed, plans the app did not follow) for one record; ``kinds``
    gathers [actions, keys] for each kind of action (its record type)."""
    from textual.widgets import Input

    from companion.app.app import CompanionApp
    from companion.app.screens.track import OFFERED, GameScreen
    from companion.rules import game_records
    from companion.store import Store

    data = json.loads(path.read_text(encoding="utf-8"))
    record = game_records.read_record(data)
    engine = record.engine
    with Store.open(db) as store:
        game_id = store.new_game(
            data["game"], data["setup"]["players"], start=data["setup"]["start"], deck_data=data["deck"]
        )
    app = CompanionApp(lang="en", db_path=str(db))
    actions = record.actions[:limit] if limit is not None else record.actions
    pressed = missed = 0
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", Input)
        for action in actions:
            live = screen.live
            target = engine.action_line(live.state, action)
            legal = screen.legal_lines()
            assert legal is not None
            holding = functools.partial(legal.containing, most=OFFERED)
            plan = fewest(target, legal.first, legal.legal(OFFERED), holding)
            before = live.position
            for key in plan:
                if key in ("tab", "enter"):
                    await app.workers.wait_for_complete()  # the suggestion for what is typed is ready
                    await pilot.press(key)
                else:  # a character: what the entry line does with a printable key, without Pilot's wait for idle
                    entry.insert_text_at_cursor(key)
            pressed += len(plan)
            kind = (kinds if kinds is not None else {}).setdefault(engine.action_to_data(action)["type"], [0, 0])
            kind[0] += 1
            kind[1] += len(plan)
            if verbose:
                print(f"  {target!r}: {' '.join(plan)}", file=sys.stderr)
            stored = live.position == before + 1 and (
                engine.action_to_data(live.actions[-1]) == engine.action_to_data(action)
            )
            if not stored:  # the plan was not what the app did: undo what it played, type the line
                missed += 1
                print(f"{path.name}, action {before}: {' '.join(plan)} did not play {target!r}", file=sys.stderr)
                if live.position > before:
                    live.undo(live.position - before)
                entry.value = ""
                screen.show()
                entry.insert_text_at_cursor(target)
                await pilot.press("enter")
                pressed += len(target) + 1
                kind[1] += len(target) + 1
                assert live.position == before + 1, f"{path.name}: {target!r} was not played"
    return len(actions), pressed, missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N actions of each record")
    parser.add_argument("--verbose", action="store_true", help="each action's line and keys, on standard error")
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (may be repeated)")
    args = parser.parse_args(argv)
    per_game: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game in args.game or GAMES:
            kinds: dict[str, list[int]] = {}
            count, pressed, missed = asyncio.run(
                play_record(
                    RECORDS / f"{game}.json", Path(folder) / f"{game}.sqlite3", args.limit, kinds, args.verbose
                )
            )
            per_game[game] = pressed / count
            print(
                f"{game}: {count} actions, {pressed} keys, {per_game[game]:.2f} a move"
                + (f" ({missed} plans not followed, typed instead)" if missed else ""),
                flush=True,
            )
            for name, (actions, keys) in sorted(kinds.items(), key=lambda item: -item[1][1]):
                print(f"  {name}: {actions} actions, {keys} keys, {keys / actions:.2f} each", flush=True)
    print("keys per action: " + ", ".join(f"{game} {per_game[game]:.1f}" for game in per_game))
    return 0


if __name__ == "__main__":
    sys.exit(main())

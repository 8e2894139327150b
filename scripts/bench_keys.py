"""Keys per action: how few key presses the table app needs to enter each recorded action.

For each example record (examples/records/*.json) a new game of the same table is opened in the real
app (Textual's Pilot, headless) and every recorded action is entered in turn with the fewest key
presses the app offers at that moment, found from what the app shows then and nothing from the record
ahead: characters typed, Tab taking the suggestion after the cursor (the entry line's suggester; →
does the same and is counted the same, one key), Tab on an empty line stepping through the offered
legal lines, Ctrl+U, a click on a click target the screen shows (one key), Enter (playing the line
as typed, never the suggestion: issue 27), the line beginning with the words the app wrote in (see
``fewest``). Every Tab is a key; no key guesses (a suggestion is taken only where the player sees
the words they mean to play). The keys
are then pressed through Pilot (a typed character goes to the entry line as its key handler sends
it, without Pilot's wait for the machine to be idle after each) and the action the app stored is
checked against the record; a plan the app did not follow is typed out in full instead (and counted,
both).

    python scripts/bench_keys.py [--limit N]   # N: only the first N actions of each record

Last line: ``keys per action: fortress F, homalet H, dragoness D``. Goal (issue 18): at most 4.0 each.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import functools
import heapq
import json
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "examples" / "records"
GAMES = ("fortress", "homalet", "dragoness")


def fewest(
    target: str,
    suggest: Callable[[str], str | None],
    offers: Sequence[str],
    containing: Callable[[str], Sequence[str]] = lambda typed: (),
    whole: Callable[[str], bool] = lambda line: True,
    start: str = "",
    clicks: Sequence[tuple[str, str]] = (),
    same: Callable[[str], bool] | None = None,
) -> list[str]:
    """The shortest key sequence that leaves ``target`` in the entry line and plays it, the line
    holding ``start`` (the words the app began it with) and the app answering as it does:

    - a character types itself (only the target's own characters are worth typing);
    - Tab takes ``suggest(value)`` when there is one; without one it steps through the lines the app
      lists: ``offers`` on an empty line, else ``containing(words typed)``;
    - Enter plays the line as typed when it is ``whole``, never the suggestion (issue 27);
    - Ctrl+U empties the line (what the app began it with, when the target starts otherwise);
    - a click on a target ``(kind, text)`` the screen shows: ``insert`` writes ``text`` after what is
      typed (in place of what the app began the line with), ``choose`` writes the whole line ``text``.

    A line plays the target when ``same(line)`` (the engine reads it as the target's action: a short
    form, ``R7 r`` for ``R7 right``, is as good), else when it is the target, letters' case aside.
    Clicks are written ``click KIND TEXT``. Found by a shortest-path search over the lines on the way
    to the target."""
    want = target.casefold()
    plays = same if same is not None else (lambda line: line.casefold() == want)

    def on_way(value: str) -> bool:
        return value == "" or (want + " ").startswith(value.casefold())

    best: dict[str, list[str]] = {start: []}
    queue: list[tuple[int, int, str]] = [(0, 0, start)]
    order = 1
    done: list[str] | None = None

    def reach(value: str, keys: list[str]) -> None:
        nonlocal order
        if value not in best or len(keys) < len(best[value]):
            best[value] = keys
            heapq.heappush(queue, (len(keys), order, value))
            order += 1

    def finish(keys: list[str]) -> None:
        nonlocal done
        if done is None or len(keys) < len(done):
            done = keys

    while queue:
        cost, _, value = heapq.heappop(queue)
        keys = best[value]
        if cost > len(keys) or (done is not None and cost + 1 >= len(done)):
            continue
        line = value.strip()
        shown = suggest(value) if line else None
        if line and whole(line) and plays(line):
            finish([*keys, "enter"])
        for kind, text in clicks:
            if kind == "choose":
                written = text
            else:
                head = "" if value == start else value.rstrip()
                written = f"{head} {text} " if head else f"{text} "
            if on_way(written):
                reach(written, [*keys, f"click {kind} {text}"])
        if not on_way(value):
            reach("", [*keys, "ctrl+u"])
            continue
        if len(value) < len(target):
            reach(value + target[len(value)], [*keys, target[len(value)]])
        if shown is not None:
            if on_way(shown) and len(shown) > len(value):
                reach(shown, [*keys, "tab"])
        else:
            listed = [offered.casefold() for offered in (containing(line) if line else offers)]
            if want in listed:
                finish([*keys, *["tab"] * (listed.index(want) + 1), "enter"])
        if value == "":  # some of its words typed, then Tab through the lines holding them
            words = target.split()
            for first in range(1, len(words)):
                for stop in range(first + 1, len(words) + 1):
                    some = " ".join(words[first:stop])
                    if suggest(some) is not None:
                        continue
                    holding = [held.casefold() for held in containing(some)]
                    if want in holding:
                        finish([*keys, *some, *["tab"] * (holding.index(want) + 1), "enter"])
    assert done is not None, f"no way to enter {target!r}"
    return done


def reads_as(engine: Any, state: Any, data: dict[str, Any], line: str) -> bool:
    """``line`` is read by the engine now as the action ``data`` is."""
    from companion.rules.common import Refusal

    try:
        read = engine.action_to_data(engine.parse_line(state, line))
    except Refusal:
        return False
    read.pop("time", None)
    return bool(read == {k: v for k, v in data.items() if k != "time"})


CLICK = re.compile(r"screen\.(insert|choose)\((.*)\)")


def click_targets(screen: Any) -> dict[tuple[str, str], tuple[int, int]]:
    """Every click target the screen shows now: (kind, text) and where it is on the screen (the first
    cell of it seen), read from the styles of the cells drawn (a target scrolled out of view is not seen)."""
    from textual.geometry import Region

    found: dict[tuple[str, str], tuple[int, int]] = {}
    for widget, (region, clip) in screen._compositor.visible_widgets.items():
        seen = region.intersection(clip)
        if not seen.area:
            continue
        strips = widget.render_lines(Region(0, seen.y - region.y, region.width, seen.height))
        for row, strip in enumerate(strips):
            x = region.x
            for segment in strip:
                meta = segment.style.meta if segment.style is not None else {}
                action = meta.get("@click") if meta else None
                matched = CLICK.fullmatch(action) if isinstance(action, str) else None
                if matched is not None and seen.x <= x < seen.right:
                    text = ast.literal_eval(matched.group(2))  # a quoted string, read as data
                    found.setdefault((matched.group(1), str(text)), (x, seen.y + row))
                x += segment.cell_length
    return found


async def play_record(
    path: Path, db: Path, limit: int | None, kinds: dict[str, list[int]] | None = None, verbose: bool = False
) -> tuple[int, int, int]:
    """(actions entered, keys pressed, plans the app did not follow) for one record; ``kinds``
    gathers [actions, keys] for each kind of action (its record type)."""
    from textual.widgets import Input

    from companion.app.app import CompanionApp
    from companion.app.screens.track import OFFERED, GameScreen
    from companion.records import game_records
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
            await app.workers.wait_for_complete()
            await pilot.pause()
            where = click_targets(screen)
            plan = fewest(
                target, legal.suggestion, legal.legal(OFFERED), holding, legal.whole, entry.value, list(where)
            )
            before = live.position
            for key in plan:
                if key.startswith("click "):
                    kind, _, text = key[len("click ") :].partition(" ")
                    await pilot.click(offset=where[kind, text])
                elif key in ("tab", "enter", "ctrl+u"):
                    await app.workers.wait_for_complete()  # the suggestion for what is typed is ready
                    await pilot.press(key)
                else:  # a character: what the entry line does with a printable key, without Pilot's wait for idle
                    entry.insert_text_at_cursor(key)
            pressed += len(plan)
            tally = (kinds if kinds is not None else {}).setdefault(str(engine.action_to_data(action)["type"]), [0, 0])
            tally[0] += 1
            tally[1] += len(plan)
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
                screen.show()
                entry.value = ""
                entry.insert_text_at_cursor(target)
                await pilot.press("enter")
                pressed += len(target) + 1
                tally[1] += len(target) + 1
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
                play_record(RECORDS / f"{game}.json", Path(folder) / f"{game}.sqlite3", args.limit, kinds, args.verbose)
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

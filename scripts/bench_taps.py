"""Taps per action: how few taps the seat pages of ``companion serve`` need to enter each recorded
action, every player on their own phone (issue 28).

For each example record (examples/records/*.json) a new game of the same table is stored and served
(``companion serve`` on loopback), and one Chromium page is opened per seat, each on that seat's own
link, as phones would. Every recorded action is then entered on the page of the seat that plays it
(a card revealed from the deck, the table's, on the page of the seat whose move it is), with the
fewest taps that page offers at that moment, found from what it shows then and nothing from the record
ahead: a tap on a button that plays the line (``button[data-line]``), else a tap on the button whose
words the line begins with, the longest (``button[data-prefix]``), else the rest of the line typed into
the free-text form (``form[data-play]``, one tap a character) and its Play button. A tap is a click on
a button or a card; nothing is chosen for the player: a button that plays shows its whole line. After
each action the stored action is compared with the record's (every one must be equal), and every
other seat's page must show the new position.

    python scripts/bench_taps.py [--limit N] [--games fortress,homalet,dragoness] [--lang en]

Last line: ``taps per action: fortress F, homalet H, dragoness D``. Goal (issue 28): at most 2.0 each.
Needs Debian's chromium and chromedriver (``apt-get install chromium chromium-driver``).
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RECORDS = ROOT / "examples" / "records"
GAMES = ("fortress", "homalet", "dragoness")


def stored_past(live: Any, position: int) -> bool:
    live.refresh()
    return bool(live.position > position)


def showing(page: Any, position: int) -> bool:
    from tests.helpers.seat_pages import ready

    return ready(page).startswith(f"{position}:")


def bench(game: str, limit: int | None, lang: str, log: Callable[[str], None]) -> tuple[int, int, Counter[str]]:
    """Taps and actions for ``game``'s example record, and the taps by kind of action."""
    from companion.records import game_records
    from companion.rules.games import ENGINES
    from companion.serve.offers import actor, waiting_seat
    from companion.serve.tokens import SECRET, Tokens, new_token
    from companion.store import Store
    from tests.helpers.seat_pages import Served, enter, seat_pages, wait_for

    record = json.loads((RECORDS / f"{game}.json").read_text())
    actions = record["actions"][:limit] if limit else record["actions"]
    engine = ENGINES[game]
    read = game_records.read_record(record)
    folder = Path(tempfile.mkdtemp(prefix="bench-taps-"))
    db = folder / "games.sqlite3"
    with Store.open(db) as store:
        game_id = store.new_game(game, list(read.setup.players), engine.start(read.setup), record.get("deck"))
        master, _ = store.secret(SECRET, new_token)
    tokens = Tokens(master)
    served = Served(db)
    pages: list[Any] = []
    taps = 0
    by_kind: Counter[str] = Counter()
    count: defaultdict[str, int] = defaultdict(int)
    try:
        pages = seat_pages(served.root, tokens, game_id, len(read.setup.players), lang)
        state = engine.new_state(read.setup)
        with Store.open(db, readonly=True) as store:
            live = store.load(game_id)
            for position, data in enumerate(actions):
                data = {k: v for k, v in data.items() if k != "time"}
                action = engine.action_from_data(read.setup.deck, data)
                who = actor(state, action)
                seat = who if who is not None else (waiting_seat(state) or state.turn)
                line = engine.action_line(state, action, "ja" if lang == "ja" else "en")
                spent = enter(pages[seat], line, position)
                taps += spent
                kind = type(action).__name__
                by_kind[kind] += spent
                count[kind] += 1
                wait_for(functools.partial(stored_past, live, position), what=f"action {position} stored")
                stored = engine.action_to_data(live.actions[position])
                if live.position != position + 1 or stored != engine.action_to_data(action):
                    raise AssertionError(f"action {position}: stored {stored}, not the record's {data}")
                for other in pages:  # every phone follows
                    wait_for(functools.partial(showing, other, position + 1), what="every page follows")
                state = engine.apply(state, action)[0]
                if (position + 1) % 50 == 0:
                    log(f"  {game}: {position + 1} actions, {taps} taps")
    finally:
        for page in pages:
            page.quit()
        served.stop()
        shutil.rmtree(folder, ignore_errors=True)
    for kind in count:
        by_kind[kind + " count"] = count[kind]
    return taps, len(actions), by_kind


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--limit", type=int, help="only the first N actions of each record")
    parser.add_argument("--games", default=",".join(GAMES), help="which records, comma-separated")
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="the pages' language")
    args = parser.parse_args(argv)
    per_game = {}
    for game in args.games.split(","):
        started = time.monotonic()
        taps, actions, kinds = bench(game, args.limit, args.lang, lambda text: print(text, flush=True))
        per_game[game] = taps / actions
        parts = ", ".join(
            f"{kind} {kinds[kind] / kinds[kind + ' count']:.2f}" for kind in kinds if not kind.endswith(" count")
        )
        print(
            f"  {game}: {actions} actions, {taps} taps, {taps / actions:.2f} each ({parts}); "
            f"{time.monotonic() - started:.0f} s",
            flush=True,
        )
    print("taps per action: " + ", ".join(f"{game} {per_game[game]:.2f}" for game in per_game))
    return 0


if __name__ == "__main__":
    sys.exit(main())

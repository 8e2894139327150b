"""The boards as pictures (issue 18): every card on screen is a tile in its deck's colour with its
rank or number and the deck's symbol, read from what the app really drew (Pilot), at 80×24 and
120×40; a refusal takes at most two rows and leaves the board in view."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input, Static

from companion.app.screens.track import GameScreen
from companion.cards.cardlook import Look, contrast, dragoness_look, fortress_look, homalet_colour_look, homalet_look
from companion.rules import dragoness, fortress, homalet
from companion.text import cell_width
from tests.helpers.app import make_app
from tests.helpers.app_games import GAMES, PLAYERS
from tests.helpers.own import own

SIZES = [(80, 24), (120, 40)]
# states where many kinds of cards are shown: grid, captured cards and fortresses; fields, sets and
# piles with a card taken from the battlefield; a pile topped by a Page standing for 5
STATES = {
    "fortress": GAMES["fortress"][:13],
    "homalet": GAMES["homalet"][:10],
    "dragoness": ["open Aki Lo1", "Lo1", "pass", "pass", "PG=5 Fr6 Fr7"],
}


def shown_cards(screen: GameScreen) -> list[Look]:
    """The cards the board must show in this state, with the look each must have."""
    state = screen.live.state
    if isinstance(state, fortress.State):
        deck = state.setup.deck
        cards = [c for c in state.grid.values() if c is not None] + list(state.pending)
        cards += [c for columns in state.fortresses for column in columns for c in column]
        return [fortress_look(deck, c) for c in cards]
    if isinstance(state, homalet.State):
        numbers = [c for _, c, _ in state.played] + [c for cards in state.wilderness for c in cards]
        numbers += [c for pile in state.piles for c in pile]
        return [homalet_look(state.setup.deck, c) for c in numbers]
    state = own(dragoness.State, state)
    assert state.top is not None
    deck_d = state.setup.deck
    top = state.pile[len(state.pile) - state.top.size :]
    return [dragoness_look(deck_d, c, screen.lang, v[0]) for c, v in zip(top, state.top.values, strict=True)]


def possible_looks(screen: GameScreen) -> list[Look]:
    """Every look a tile on this board may have: each card of the deck, and the HOMALET colours."""
    deck = screen.live.state.setup.deck
    if isinstance(deck, fortress.Deck):
        return [fortress_look(deck, c) for c in deck.cards()]
    if isinstance(deck, homalet.Deck):
        return [homalet_look(deck, c) for c in range(70)] + [homalet_colour_look(deck, c.key) for c in deck.colours]
    return shown_cards(screen)


def runs(widget: Widget) -> list[tuple[str, str | None, str | None]]:
    """What ``widget`` drew, as runs of text of one colour and ground: (text, colour, ground)."""
    width, height = widget.size
    found: list[tuple[str, str | None, str | None]] = []
    for strip in widget.render_lines(Region(0, 0, width, height)):
        for segment in Segment.simplify(list(strip)):
            style = segment.style
            fg = style.color.triplet.hex if style and style.color and style.color.triplet else None
            bg = style.bgcolor.triplet.hex if style and style.bgcolor and style.bgcolor.triplet else None
            text = segment.text.replace("\u00a0", " ")
            if found and found[-1][1:] == (fg, bg):
                found[-1] = (found[-1][0] + text, fg, bg)
            else:
                found.append((text, fg, bg))
        found.append(("", None, None))  # a new row: a new run
    return [(text.strip(), fg, bg) for text, fg, bg in found if text.strip()]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
async def test_every_card_shown_carries_its_deck_colour_and_symbol(
    db: Path, game: str, lang: str, size: tuple[int, int]
) -> None:
    """F-1, H-2, D-1 on screen: a card's tile is drawn in its deck file's colour (text darkened only
    where the colour is too light to read, 4.5:1 at least) and holds its rank or number and its symbol;
    the clickable-text styling paints nothing over it; no tile shows anything but a card."""
    app = make_app(db, lang)
    async with app.run_test(size=size) as pilot:
        game_id = app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0)
        live = app.store.load(game_id)
        for line in STATES[game]:
            live.play_line(line)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        drawn = runs(screen.query_one("#board", Static))
        looks = possible_looks(screen)
        grounds = {look.ground for look in looks}
        tiles = [(text, fg, bg) for text, fg, bg in drawn if bg in grounds]
        for look in shown_cards(screen):
            mine = " ".join(text for text, fg, bg in tiles if (fg, bg) == (look.ink, look.ground))
            assert look.label in mine and look.glyph in mine, (look, mine)
            assert contrast(look.ink, look.ground) >= 4.5
        for text, fg, bg in tiles:  # every tile is some card's (or colour's), in that card's colours
            assert any(
                (fg, bg) == (look.ink, look.ground) and (look.label in text or look.glyph in text) for look in looks
            ), (text, fg, bg)
        assert len(tiles) >= len(shown_cards(screen))
        assert not app.bugs


def test_light_deck_colours_get_a_darker_text_shade_and_dark_ones_keep_theirs() -> None:
    """The deck colour is the text colour where it reads at 4.5:1 on its tile; a light colour (the
    Fortress purple, HOMALET violet, Dragoness Ridge) is darkened until it does, keeping its hue."""
    from companion.cards.cardlook import Look, rgb

    dark = Look("K1", "⬢", "#263238")
    assert dark.ink == "#263238"
    for colour in ("#c164f7", "#9847fe", "#ef5a7b", "#6391c4"):
        look = Look("1", "●", colour)
        assert contrast(colour, look.ground) < 4.5 <= contrast(look.ink, look.ground)
        r, g, b = rgb(colour)
        r2, g2, b2 = rgb(look.ink)
        assert r2 <= r and g2 <= g and b2 <= b and abs(r2 / max(r, 1) - b2 / max(b, 1)) < 0.05  # one hue, darker


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(STATES))
async def test_a_refusal_takes_two_rows_and_leaves_the_board_in_view(db: Path, game: str, lang: str) -> None:
    """At 80×24 a refused line shows in at most two rows and the board keeps its place; a ruling
    longer than two rows is cut with a pointer to the details (F3), which hold it whole."""
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game(game, PLAYERS, start=None if game == "dragoness" else 0)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one("#board", Static)
        before = board.region
        ruling = screen.query_one("#ruling", Static)
        for line in ("zzz qqq 999 hnad", "R13 A1N x", "07 x", "Lo7 Xx3"):
            assert not screen.play(line)
            await pilot.pause()
            assert ruling.size.height <= 2 and len(str(ruling.content).splitlines()) <= 2, line
            assert board.region == before and board.region.height > 0
        long = " ".join([("a long ruling" if lang == "en" else "長い裁定の文です。")] * 30)
        screen.say_ruling(long, refused=True)
        await pilot.pause()
        shown = str(ruling.content)
        assert len(shown.splitlines()) == 2 and shown.endswith("F3") and screen.full is not None
        assert screen.full.plain == long and board.region == before
        await pilot.press("f3")
        await pilot.pause()
        details = "".join(str(screen.query_one("#details", Static).content).split())
        assert "".join(long.split()) in details  # whole (however its lines are broken)
        assert not app.bugs


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_opening_example_names_the_lowest_card_of_the_table(db: Path, lang: str) -> None:
    """D-6: each round's example line opens with the lowest card the table's deck holds (Lochen 1),
    a line the engine accepts now; after the opening, the example is a lead containing that card."""
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game("dragoness", PLAYERS, start=None)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = screen.query_one("#entry", Input)
        head = "e.g. " if lang == "en" else "例："
        example = entry.placeholder.removeprefix(head).split("   ")[0].split("　")[0]
        engine, state = screen.engine, screen.live.state
        action = engine.parse_line(state, example)
        assert action == dragoness.Opening(0, dragoness.Card("Lo", 1))
        assert screen.play(example)
        lead = entry.placeholder.removeprefix(head).split("   ")[0].split("　")[0]
        assert dragoness.Card("Lo", 1) in own(dragoness.PlayCards, engine.parse_line(screen.live.state, lead)).cards


async def test_japanese_in_the_side_panel_and_the_ruling_breaks_between_phrases(db: Path) -> None:
    """The app's Japanese wraps with the project's breaker (companion.text): between phrases, no
    line of what is allowed, the coach or a refusal starting with 、。）」 or ending with （「."""
    from companion.text.linebreak import NO_END, NO_START

    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game("homalet", PLAYERS, start=0)
        live = app.store.load(game_id)
        for line in GAMES["homalet"][:7]:
            live.play_line(line)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.play("07 x")  # refused: a long Japanese sentence
        await pilot.pause()
        for part in ("#allowed", "#ruling"):
            widget = screen.query_one(part, Static)
            lines = [line for line in str(widget.content).splitlines() if line.strip()]
            assert len(lines) >= 2, part  # long enough to wrap
            for line in lines:
                assert line.strip()[0] not in NO_START and line.rstrip()[-1] not in NO_END, (part, line)
                assert cell_width(line) <= widget.content_region.width, (part, line)
        assert not app.bugs


async def test_the_help_in_japanese_breaks_between_phrases(db: Path) -> None:
    """F1 in Japanese: the notation and the assumptions go through the project's breaker at the
    help's width: no line starts with 、。）」 or ends with （「, none is wider than the help."""
    from companion.text.linebreak import NO_END, NO_START

    app = make_app(db, "ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        await pilot.pause()
        from companion.app.screens.help import HelpScreen

        screen = app.screen
        assert isinstance(screen, HelpScreen) and screen.texts
        wrapped = 0
        for part in screen.texts:
            lines = [line for line in str(part.content).splitlines() if line.strip()]
            wrapped += len(lines)
            for line in lines:
                assert line.strip()[0] not in NO_START and line.rstrip()[-1] not in NO_END, line
                assert cell_width(line) <= part.content_region.width, line
        assert wrapped > sum(len(str(t).splitlines()) for t in screen.texts.values())  # lines were broken


async def test_the_side_panel_keeps_the_moves_played_newest_first(db: Path) -> None:
    """The move log: each move in effect, a row each, newest first (an undone move leaves it; the
    ruling row says what was undone), beside the board or, where the board leaves it the rows,
    under it; it follows a change of language."""
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        game_id = app.store.new_game("homalet", PLAYERS, start=0)
        app.open_game(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def log() -> list[str]:
            under = screen.query_one("#log", Static)
            part = under if under.display else screen.query_one("#coach", Static)
            return [row.strip() for row in str(part.content).splitlines()]

        for line in GAMES["homalet"][:7]:
            assert screen.play(line)
        await pilot.press("ctrl+z")
        await pilot.pause()
        rows = log()
        assert rows[0] == "Moves" and rows[1].startswith("· Correction: Chie")
        assert len(rows) == 1 + 6 and not any("07" in row for row in rows)  # the six moves in effect
        assert str(screen.query_one("#ruling", Static).content).startswith("Undone: 07")
        await pilot.press("f2")
        await pilot.pause()
        rows = log()
        assert rows[0] == "手の記録" and rows[1].startswith("· 訂正。Chie") and len(rows) == 7
        assert not app.bugs


def test_at_the_end_each_fortress_shows_the_face_down_pair_that_counts() -> None:
    """F-13 on the board: once the game is over, each player's row names the face-down pair the score
    takes (the best one while the player has not chosen) and underlines the two columns' tiles."""
    import json

    from rich.style import Style

    from companion.app.widgets.boards import board
    from companion.rules import fortress
    from companion.store import Store

    record = json.loads((Path(__file__).resolve().parents[2] / "examples/records/fortress.json").read_text())
    with Store.open(":memory:") as store:
        live = store.load(store.import_record(record))
        state = own(fortress.State, live.state)
        drawn = board(live.engine, state, "en", 76)
    rows = drawn.plain.replace("\u00a0", " ").split("\n")
    scores = fortress.scores(state)
    assert any(s.pair is not None for s in scores)
    starts = [next(i for i, row in enumerate(rows) if row[1:].startswith(name)) for name in state.setup.players]
    for p, start in enumerate(starts):
        row = " ".join(rows[start : starts[p + 1] if p + 1 < len(starts) else None])
        pair = scores[p].pair
        assert (pair is None) == ("face-down pair" not in row), row
        if pair is not None:
            assert f"face-down pair {pair.source + 1} → {pair.target + 1}" in row
    underlined = [span for span in drawn.spans if isinstance(span.style, Style) and span.style.underline]
    paired = sum(
        len(state.fortresses[p][i]) for p, s in enumerate(scores) if s.pair for i in {s.pair.source, s.pair.target}
    )
    assert len(underlined) == paired  # one tile a card of the two columns


def test_a_battlefield_card_already_taken_is_marked() -> None:
    """H-5 on the board: the battlefield card Ben picked stays in the field, struck through and
    ticked, until the field is cleared; the cards not taken are not."""
    from rich.style import Style

    from companion.app.widgets.boards import board
    from companion.store import Store

    with Store.open(":memory:") as store:
        live = store.load(store.new_game("homalet", PLAYERS, start=0))
        for line in GAMES["homalet"][:10]:  # … pick 17
            live.play_line(line)
        drawn = board(live.engine, live.state, "en", 76)
    field = drawn.plain.replace("\u00a0", " ").splitlines()[0]
    assert "17◆ ✓ Ben" in field and "07▲  Aki" in field
    struck = [
        drawn.plain[s.start : s.end].strip("\u00a0 ")
        for s in drawn.spans
        if isinstance(s.style, Style) and s.style.strike
    ]
    assert struck == ["17◆"]


def test_the_fortress_grid_lines_up_whatever_the_ranks_width() -> None:
    """F-3 on the board: a two-digit rank (G13) takes the same cells as a one-digit one (R1), so each
    cell stays under its two spots and the second grid does not shift."""
    from companion.app.widgets.boards import board
    from companion.store import Store

    with Store.open(":memory:") as store:
        live = store.load(store.new_game("fortress", PLAYERS, start=0))
        for line in ["A1 R1", "A2 Y6", "A3 G13", "A4 B4", "B1 K2", "B2 P9", "B3 R10", "B4 Y3"]:
            live.play_line(line)
        drawn = board(live.engine, live.state, "en", 60)  # narrow: one-row tiles
    rows = drawn.plain.replace("\u00a0", " ").splitlines()
    top, bottom = (next(r for r in rows if r.lstrip().startswith(spot)) for spot in ("A1W", "A3W"))
    for left, right in (("R1", "G13"), ("Y6", "B4"), ("K2", "R10"), ("P9", "Y3")):
        assert cell_width(top[: top.index(left)]) - cell_width(bottom[: bottom.index(right)]) in (0, 1), (top, bottom)
    assert top.index("A2E") == bottom.index("A4E") and top.index("B2E") == bottom.index("B4E")

"""What ``companion print`` does: one entry point per kind of printable, and the whole kit."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.decks import GAMES
from companion.rules.common import Lang
from printables.deck import print_deck
from printables.faces import PLAYERS, TITLES, deck_art
from printables.layout import Duplex, make_grid, output_folder
from printables.sheets import check_players, print_sheet
from printables.summary import print_summary

KIT_PLAYERS = {game: high for game, (_, high) in PLAYERS.items()}  # sheets for the largest table


def build_kit(folder: str | Path, paper: str = "a4") -> list[Path]:
    """Every deck (all cards, poker, long-edge duplex), summary and sheet, in both languages."""
    out = output_folder(folder)
    written = []
    grid = make_grid(paper, "poker")
    for game in GAMES:
        path = out / f"{game}-deck.pdf"
        print_deck(path, deck_art(game), grid, "long")
        written.append(path)
        for lang in ("ja", "en"):
            path = out / f"{game}-summary-{lang}.pdf"
            print_summary(path, game, lang, paper)
            written.append(path)
            path = out / f"{game}-sheet-{KIT_PLAYERS[game]}p-{lang}.pdf"
            print_sheet(path, game, KIT_PLAYERS[game], lang, paper)
            written.append(path)
    return written


def run(what: str, args: argparse.Namespace, lang: Lang) -> str:
    """Carry out one ``print`` command; return the line to show; raise LayoutError on bad options."""
    if what == "kit":
        files = build_kit(args.output, args.paper)
        return f"wrote {len(files)} files to {args.output}"
    game = args.game
    if getattr(args, "players", None) is not None:
        check_players(game, args.players)
    if what == "deck":
        grid = make_grid(args.paper, args.size, args.bleed)
        art = deck_art(game, args.players, args.deck)
        duplex: Duplex = args.duplex
        pages = print_deck(args.output, art, grid, duplex)
        return f"wrote {args.output}: {len(art.cards)} {TITLES[game].en} cards on {pages} pages"
    if what == "summary":
        pages = print_summary(args.output, game, lang, args.paper)
        return f"wrote {args.output}: {pages} page(s)"
    if what == "sheet":
        print_sheet(args.output, game, args.players, lang, args.paper)
        return f"wrote {args.output}"
    from printables.png import write_pngs  # pypdfium2 and Pillow load only for PNGs

    files = write_pngs(args.output, deck_art(game, args.players, args.deck), args.size)
    return f"wrote {len(files)} PNG files to {args.output}"

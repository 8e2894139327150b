"""What ``companion print`` does: one entry point per kind of printable, and the whole kit."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from reportlab.lib.units import mm

from companion.base.documents import PATH_SHOWN
from companion.cards.decks import GAMES
from companion.rules.common import Lang, Msg
from companion.rules.deck_rules import label
from printables.calibrate import print_calibration
from printables.deck import print_deck, print_single
from printables.faces import PLAYERS, TITLES, deck_art
from printables.layout import Duplex, LayoutError, bleed_points, make_grid, output_folder, parse_offset
from printables.presets import SAFE, CardSpec, metric_png, metric_single, preset
from printables.sheets import check_players, print_sheet
from printables.summary import print_summary

SINGLE_BLEED = 3.0  # mm: --layout single is for print shops, which ask for a bleed (1/8 in)
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


def run(what: str, args: argparse.Namespace, lang: Lang) -> Msg:
    """Carry out one ``print`` command, its documents in ``lang``; return the line to show;
    raise LayoutError on bad options. ``-o -`` writes a single PDF to standard output."""
    out = args.output
    if out != "-":
        where = label(out, PATH_SHOWN)
        return _run(what, args, lang, out, Msg(where, where))
    if what in ("kit", "png"):
        raise LayoutError(
            f"-o - writes one PDF to standard output, but print {what} writes a folder: give its path",
            f"-o - は PDF 1つを標準出力に書きます。print {what} はフォルダに書くので、そのパスを指定してください",
        )
    with tempfile.TemporaryDirectory(prefix="companion.") as folder:
        path = str(Path(folder) / f"{what}.pdf")
        message = _run(what, args, lang, path, Msg("standard output", "標準出力"))
        with open(path, "rb") as pdf:
            shutil.copyfileobj(pdf, sys.stdout.buffer)
        sys.stdout.buffer.flush()
    return message


def _run(what: str, args: argparse.Namespace, lang: Lang, out: str, shown: Msg) -> Msg:
    """What ``run`` does, writing to ``out`` and calling it ``shown`` in the line it returns."""
    if what == "kit":
        files = build_kit(out, args.paper)
        return Msg(f"wrote {len(files)} files to {shown.en}", f"{shown.ja} に{len(files)}個のファイルを書き出しました")
    if what == "calibrate":
        print_calibration(out, args.paper, args.duplex, parse_offset(args.back_offset))
        return Msg(
            f"wrote {shown.en}: print it on both sides, then read the back's scales",
            f"{shown.ja} を書き出しました。両面に印刷して、裏の目盛りを読んでください",
        )
    game = args.game
    if getattr(args, "players", None) is not None:
        check_players(game, args.players)
    if what == "deck":
        shop = _preset(args)
        art_safe = shop.safe if shop is not None else SAFE
        art = deck_art(game, args.players, args.deck, art_safe)
        duplex: Duplex = args.duplex
        if args.layout == "single":
            if shop is not None and args.bleed is not None:
                raise LayoutError(
                    f"--preset {shop.name} sets the bleed ({shop.bleed[0] / mm:.2f} mm): leave out --bleed",
                    f"--preset {shop.name} で塗り足し（{shop.bleed[0] / mm:.2f} mm）が決まります。"
                    "--bleed は外してください",
                )
            size = args.size or "poker"
            spec = shop or metric_single(size, bleed_points(args.bleed if args.bleed is not None else SINGLE_BLEED))
            pages = print_single(out, art, spec, duplex)
        else:
            grid = make_grid(args.paper, shop.trim if shop else (args.size or "poker"), args.bleed or 0.0)
            pages = print_deck(out, art, grid, duplex, parse_offset(args.back_offset))
        return Msg(
            f"wrote {shown.en}: {len(art.cards)} {TITLES[game].en} cards on {pages} pages",
            f"{shown.ja} を書き出しました（{TITLES[game].ja}のカード{len(art.cards)}枚、{pages}ページ）",
        )
    if what == "summary":
        pages = print_summary(out, game, lang, args.paper)
        return Msg(f"wrote {shown.en}: {pages} page(s)", f"{shown.ja} を書き出しました（{pages}ページ）")
    if what == "sheet":
        print_sheet(out, game, args.players, lang, args.paper)
        return Msg(f"wrote {shown.en}", f"{shown.ja} を書き出しました")
    from printables.png import write_pngs  # pypdfium2 and Pillow load only for PNGs

    spec = _preset(args) or metric_png(args.size or "poker")
    art = deck_art(game, args.players, args.deck, spec.safe)
    files = write_pngs(out, art, spec, lang=lang, force=args.force)
    return Msg(f"wrote {len(files)} PNG files to {shown.en}", f"{shown.ja} にPNGファイルを{len(files)}個書き出しました")


def _preset(args: argparse.Namespace) -> CardSpec | None:
    """The shop preset asked for (``--preset``), or None; with ``--size`` too it is refused."""
    name = getattr(args, "preset", None)
    if name is None:
        return None
    if getattr(args, "size", None) is not None:
        raise LayoutError(
            f"--preset {name} sets the card size: leave out --size",
            f"--preset {name} でカードの大きさが決まります。--size は外してください",
        )
    return preset(name)

"""``companion serve``: the table app in a browser, a live scoreboard on every phone and a private
coach (issue 20). A layer above the app: it uses the store, the rules and the app's QR code, and
nothing below imports it. Importing this package costs nothing: aiohttp loads when :func:`run` is
called."""

from __future__ import annotations

import argparse
from typing import Any

from companion.rules.common import Lang, Msg

HELP = {
    "serve": Msg(
        "serve the table app, a live scoreboard and a private coach to browsers (README: at the table)",
        "卓のアプリ・ライブのスコアボード・個人コーチをブラウザーに配信します（README 参照）",
    ),
    "host": Msg(
        "the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network)",
        "待ち受けるアドレス（既定値 127.0.0.1：このコンピューターのみ。0.0.0.0：すべてのネットワーク）",
    ),
    "new_links": Msg(
        "make new links (the old ones stop working: the scorer's, each game's and each seat's)",
        "新しいリンクを作ります（以前のリンクは記録係・ゲーム・席のどれも使えなくなります）",
    ),
    "port": Msg("the port to listen on (default 8765)", "待ち受けるポート（既定値 8765）"),
    "db": Msg(
        "the game database (default: COMPANION_DB, else the user's data folder)",
        "ゲームのデータベース（既定値は COMPANION_DB、なければユーザーのデータフォルダ）",
    ),
}


def add_serve_command(commands: Any, lang: Lang, lang_help: str) -> None:
    """``companion serve [--host 127.0.0.1] [--port 8765] [--db PATH]`` among ``companion``'s commands."""

    def port(text: str) -> int:
        if not text.isdigit() or not 0 <= int(text) <= 65535:
            raise argparse.ArgumentTypeError(
                Msg(
                    f"a port is a whole number from 0 to 65535, not {text!r}",
                    f"ポートは 0 から 65535 の整数です（{text!r} は不可）",
                ).text(lang)
            )
        return int(text)

    sub = commands.add_parser("serve", help=HELP["serve"].text(lang), description=HELP["serve"].text(lang))
    sub.add_argument("--host", default="127.0.0.1", help=HELP["host"].text(lang))
    sub.add_argument("--port", type=port, default=8765, help=HELP["port"].text(lang))
    sub.add_argument("--db", metavar="PATH", help=HELP["db"].text(lang))
    sub.add_argument("--new-links", action="store_true", help=HELP["new_links"].text(lang))
    sub.add_argument("--lang", choices=("en", "ja"), default=argparse.SUPPRESS, help=lang_help)


def run(host: str, port: int, db: str | None, lang: Lang, new_links: bool = False) -> int:
    from companion.serve.server import run as serve

    return serve(host, port, db, lang, new_links)

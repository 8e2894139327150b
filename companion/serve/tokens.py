"""Who may join: one random token admits everything (the scorer's link); from it each game gets
its own token, admitting only that game's scoreboard and coach (the watch-only link shown to the
table), and each seat of a game its own, admitting that game's pages and acting for that seat
alone (the link a player opens on a phone). The master token is kept in the game file (the store's
secret ``serve links``), so a restart keeps every link; ``serve --new-links`` makes a new one.
Tokens are compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 16  # 128 random bits: not guessed by a thousand tries, nor by a billion
MAX_SEATS = 8  # the most players a game seats (Reign of Dragoness)
SECRET = "serve links"  # the store's name for the master token


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Tokens:
    def __init__(self, master: str | None = None) -> None:
        self.master = master or new_token()
        self._key = self.master.encode("ascii")

    def _derived(self, what: str) -> str:
        digest = hmac.new(self._key, what.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode("ascii").rstrip("=")

    def table(self) -> str:
        """The token of the table's page (watch only: it leads to the game being played), derived
        from the master token like a game's."""
        return self._derived("companion table")

    def is_table(self, token: str) -> bool:
        return _same(token, self.table())

    def game(self, game_id: int) -> str:
        """The token of one game (watch-only): derived from the master token, so nothing more is stored."""
        return self._derived(f"companion game {game_id}")

    def seat(self, game_id: int, seat: int) -> str:
        """The token of one seat of one game (``seat`` from 0): it acts for that seat alone."""
        return self._derived(f"companion seat {game_id} {seat}")

    def is_master(self, token: str) -> bool:
        return _same(token, self.master)

    def seat_of(self, token: str, game_id: int) -> int | None:
        """The seat whose token ``token`` is, in game ``game_id`` (None: no seat's)."""
        found = None
        for seat in range(MAX_SEATS):  # every seat compared: the time does not say which
            if _same(token, self.seat(game_id, seat)):
                found = seat
        return found

    def admits(self, token: str, game_id: int | None) -> bool:
        """The master token admits every path; a game's token and its seats' tokens only that game's pages."""
        if self.is_master(token):
            return True
        if game_id is None:
            return False
        return _same(token, self.game(game_id)) or self.seat_of(token, game_id) is not None


def _same(given: str, token: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("ascii"))

"""Who may join: one random token made when the server starts admits everything (the scorer's
link); from it each game gets its own token, admitting only that game's scoreboard and coach (the
link shown to the table). Tokens are compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 16  # 128 random bits: not guessed by a thousand tries, nor by a billion


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Tokens:
    def __init__(self, master: str | None = None) -> None:
        self.master = master or new_token()
        self._key = self.master.encode("ascii")

    def game(self, game_id: int) -> str:
        """The token of one game: derived from the master token, so nothing needs storing."""
        digest = hmac.new(self._key, f"companion game {game_id}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode("ascii").rstrip("=")

    def table(self) -> str:
        """The token of the table's page (watch only: it leads to the game being played), derived
        from the master token like a game's."""
        digest = hmac.new(self._key, b"companion table", hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode("ascii").rstrip("=")

    def is_table(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.table().encode("ascii"))

    def is_master(self, token: str) -> bool:
        return hmac.compare_digest(token.encode("utf-8", "replace"), self._key)

    def admits(self, token: str, game_id: int | None) -> bool:
        """The master token admits every path; a game's token only that game's pages."""
        if self.is_master(token):
            return True
        return game_id is not None and hmac.compare_digest(
            token.encode("utf-8", "replace"), self.game(game_id).encode("ascii")
        )

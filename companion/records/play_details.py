"""A game's details beside its moves: where it was played, free notes, and the version and BoardGameGeek
id of the deck file it was played with (docs/records.md). Pure: each value is checked here, the same for
the command line, the app, a deck file and a record read back."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from companion.rules.common import Msg, refuse
from companion.rules.deck_rules import BGG_ID_MAX as BGG_ID_MAX
from companion.rules.deck_rules import VERSION_MAX as VERSION_MAX
from companion.rules.deck_rules import check_bgg_id as check_bgg_id
from companion.rules.deck_rules import check_version as check_version
from companion.rules.values import check_keys, shown

LOCATION_MAX = 100  # characters: a place's name, on one line
NOTES_MAX = 2000  # characters: a few paragraphs about the game
DETAIL_KEYS = ("location", "notes", "deck_version", "bgg_id")


@dataclasses.dataclass(frozen=True)
class Details:
    """``location`` None where none was given; ``notes`` empty where none; ``deck_version`` the deck
    file's ``version`` key and ``bgg_id`` its ``bgg_id`` (None where the file has none)."""

    location: str | None = None
    notes: str = ""
    deck_version: str | None = None
    bgg_id: int | None = None

    def to_data(self) -> dict[str, Any]:
        """The details as a record holds them: only those that are set."""
        data: dict[str, Any] = {}
        if self.location is not None:
            data["location"] = self.location
        if self.notes:
            data["notes"] = self.notes
        if self.deck_version is not None:
            data["deck_version"] = self.deck_version
        if self.bgg_id is not None:
            data["bgg_id"] = self.bgg_id
        return data


def check_location(value: Any) -> str | None:
    """A location: text of 1 to :data:`LOCATION_MAX` characters on one line (spaces around it dropped);
    empty text means none."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > LOCATION_MAX or not value.isprintable():
        raise refuse(
            f"the location must be text of at most {LOCATION_MAX} characters on one line, not {shown(value)}",
            f"会場は1行で{LOCATION_MAX}文字までの文字列です（{shown(value)} は不可）",
        )
    return value.strip() or None


def check_notes(value: Any) -> str:
    """Notes: text of at most :data:`NOTES_MAX` characters; lines and tabs allowed, no other control
    character (spaces around it dropped)."""
    if (
        not isinstance(value, str)
        or len(value) > NOTES_MAX
        or not all(c.isprintable() or c in "\n\t" for c in value.replace("\r\n", "\n"))
    ):
        count = f"{len(value):,} characters" if isinstance(value, str) and len(value) > NOTES_MAX else shown(value)
        count_ja = f"{len(value):,}文字" if isinstance(value, str) and len(value) > NOTES_MAX else shown(value)
        raise refuse(
            f"the notes must be text of at most {NOTES_MAX:,} characters (lines and tabs allowed, no other "
            f"control characters), not {count}",
            f"メモは{NOTES_MAX:,}文字までの文字列です（改行とタブのほかの制御文字は不可。{count_ja} は不可）",
        )
    return value.replace("\r\n", "\n").strip()


def deck_details(deck: Mapping[str, Any]) -> Details:
    """The deck file's ``version`` and ``bgg_id`` (checked), as the details of a game played with it."""
    version = deck.get("version")
    bgg_id = deck.get("bgg_id")
    return Details(
        deck_version=None if version is None else check_version(version),
        bgg_id=None if bgg_id is None else check_bgg_id(bgg_id),
    )


def read_details(data: Any) -> Details:
    """The ``details`` of a record (version 2 on), every value checked; refused in one sentence."""
    if not isinstance(data, Mapping):
        raise refuse(
            f'"details" must be a table of keys and values, not {shown(data)}',
            f'"details" はキーと値の表です（{shown(data)} は不可）',
        )
    check_keys(data, DETAIL_KEYS, (), Msg('"details": ', '"details"：'))
    version, bgg_id = data.get("deck_version"), data.get("bgg_id")
    return Details(
        check_location(data.get("location")),
        check_notes(data.get("notes", "")),
        None if version is None else check_version(version),
        None if bgg_id is None else check_bgg_id(bgg_id),
    )

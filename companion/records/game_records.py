"""A game record: the setup (deck, players, start seat) plus the action list, as plain data and back,
and its fold. Storing, undo, resume and replay all use it (docs/records.md); each action is coded
by :mod:`companion.rules.codec.records`."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping

from companion.records.play_details import Details, read_details
from companion.rules.common import Msg, Refusal, refuse
from companion.rules.deck_rules import check_keys, read_deck, shown
from companion.rules.engine import ActionShape, DeckShape, GameEngine, Json, JsonObject, SetupShape, StateShape
from companion.rules.games import ENGINES

FORMAT = "companion-record"
VERSION = 2  # 2: the optional "details" (location, notes, the deck's version and BoardGameGeek id)
RECORD_KEYS = ("format", "version", "game", "deck", "setup", "actions", "details")


@dataclasses.dataclass(frozen=True)
class Record:
    """A game record read back: its engine (docs/engines.md), deck, setup and actions in order.
    ``times`` holds each action's time as written (ISO 8601, or None where it was not kept)."""

    engine: GameEngine
    deck: DeckShape
    setup: SetupShape
    actions: tuple[ActionShape, ...]
    times: tuple[str | None, ...]
    details: Details = dataclasses.field(default_factory=Details)


def make_record(
    engine: GameEngine,
    setup: SetupShape,
    actions: typing.Sequence[ActionShape],
    times: typing.Sequence[str | None] | None = None,
    details: Details | None = None,
) -> JsonObject:
    """The versioned, JSON-ready record of a game (docs/records.md): the full deck definition it
    was played with, the setup, every action in order with its time, and its details where any is
    set. Pure: the caller supplies the times."""
    stamps = list(times) if times is not None else [None] * len(actions)
    if len(stamps) != len(actions):
        raise ValueError("one time per action")
    record: JsonObject = {
        "format": FORMAT,
        "version": VERSION,
        "game": engine.GAME,
        "deck": setup.deck.to_data(),
        "setup": {"players": list[Json](setup.players), "start": engine.start(setup)},
        "actions": [{**engine.action_to_data(a), "time": t} for a, t in zip(actions, stamps, strict=True)],
    }
    shown_details = details.to_data() if details is not None else {}
    if shown_details:
        record["details"] = shown_details
    return record


def _bad(en: str, ja: str) -> Exception:
    return refuse(
        f"this is not a game record this program can read: {en}",
        f"このプログラムで読めるゲーム記録ではありません：{ja}",
    )


def read_record(data: object) -> Record:
    """A record written by :func:`make_record` (now or by an older version), checked down to each
    action's shape; what is wrong is refused with one sentence (an action by its index, from 0).
    Whether the actions are legal is the fold's business (:func:`fold_record`)."""
    if not isinstance(data, Mapping):
        raise _bad("it is not a JSON object", "JSON オブジェクトではありません")
    check_keys(
        data,
        RECORD_KEYS,
        (),
        Msg("this is not a game record this program can read: ", "このプログラムで読めるゲーム記録ではありません："),
    )
    if data.get("format") != FORMAT:
        raise _bad(f'"format" must be "{FORMAT}"', f'"format" が "{FORMAT}" ではありません')
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _bad('"version" must be a whole number', '"version" は整数です')
    if version > VERSION:
        raise refuse(
            f"this record is version {version}, written by a newer companion; this one reads "
            f"versions up to {VERSION}: update companion",
            f"この記録は新しい companion が書いたバージョン {version} です。読めるのは {VERSION} まで"
            "です。companion を更新してください",
        )
    game = data.get("game")
    engine = ENGINES.get(game) if isinstance(game, str) else None
    if engine is None:
        raise _bad(
            f"unknown game {shown(game)}; games are {', '.join(ENGINES)}",
            f"「{game}」は不明なゲームです。ゲームは {', '.join(ENGINES)} のどれかです",
        )
    deck_data = data.get("deck")
    if not isinstance(deck_data, Mapping):
        raise _bad('"deck" must hold the deck definition', '"deck" にデッキ定義が必要です')
    try:  # the deck file rules, one rule set: a deck of a million cards is refused, not built
        deck = read_deck(engine, deck_data)
    except Refusal as error:
        raise Refusal(
            Msg(
                'this is not a game record this program can read: in its "deck", ',
                'このプログラムで読めるゲーム記録ではありません："deck" の',
            )
            + error.msg
        ) from None
    setup_data = data.get("setup")
    if not isinstance(setup_data, Mapping):
        raise _bad('"setup" must hold the players and the start seat', '"setup" にプレイヤーと開始席が必要です')
    check_keys(
        setup_data,
        ("players", "start"),
        ("players",),
        Msg(
            'this is not a game record this program can read: in "setup", ',
            'このプログラムで読めるゲーム記録ではありません："setup" の',
        ),
    )
    players, start = setup_data.get("players"), setup_data.get("start")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _bad('"setup" needs "players", a list of names', '"setup" の "players" は名前のリストです')
    if start is not None and (isinstance(start, bool) or not isinstance(start, int)):
        raise _bad("the start seat must be a whole number or null", "開始席は整数か null です")
    setup = engine.make_setup(tuple(players), start, deck)
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise _bad('"actions" must be a list', '"actions" はリストです')
    actions, times = [], []
    for index, item in enumerate(raw):
        try:
            if not isinstance(item, Mapping):
                raise refuse("it is not a JSON object", "JSON オブジェクトではありません")
            time = item.get("time")
            if time is not None and not isinstance(time, str):
                raise refuse('its "time" must be a text or null', '"time" は文字列か null です')
            actions.append(engine.action_from_data(deck, {k: v for k, v in item.items() if k != "time"}))
            times.append(time)
        except Refusal as error:
            raise Refusal(Msg(f"action {index}: ", f"{index}番目の手：") + error.msg) from None
    details = Details()
    if "details" in data:
        if version < 2:
            raise _bad('"details" came with record version 2', '"details" はバージョン 2 からの項目です')
        try:
            details = read_details(data["details"])
        except Refusal as error:
            raise Refusal(
                Msg(
                    "this is not a game record this program can read: ",
                    "このプログラムで読めるゲーム記録ではありません：",
                )
                + error.msg
            ) from None
    return Record(engine, deck, setup, tuple(actions), tuple(times), details)


def fold_record(record: Record) -> tuple[StateShape, list[Msg]]:
    """The state after every action of ``record`` and each action's ruling; the first illegal
    action is refused naming its index (from 0) and the reason."""
    engine = record.engine
    state = engine.new_state(record.setup)
    rulings = []
    for index, action in enumerate(record.actions):
        try:
            state, ruling = engine.apply(state, action)
        except Refusal as error:
            raise Refusal(Msg(f"action {index}: ", f"{index}番目の手：") + error.msg) from None
        rulings.append(ruling)
    return state, rulings

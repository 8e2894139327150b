"""The engine contract (companion/rules/engine.py): every engine in the registry offers every name
the contract lists, and the registry's engines are the games' own modules (seen through ``Erased``)."""

from __future__ import annotations

import inspect

import pytest

from companion.rules import dragoness, fortress, homalet
from companion.rules.engine import Engine, Erased
from companion.rules.games import DRAGONESS, ENGINES, FORTRESS, HOMALET

MEMBERS = sorted(  # the contract's own names and those of the protocols it extends (engine.Named)
    {
        name
        for cls in Engine.__mro__
        if cls.__module__ == Engine.__module__
        for name in vars(cls)
        if not name.startswith("_")
    }
)


def test_the_contract_lists_the_documented_names() -> None:
    for name in (
        "GAME",
        "TITLE",
        "MIN_PLAYERS",
        "MAX_PLAYERS",
        "ASSUMPTIONS",
        "NOTATION",
        "Deck",
        "ACTIONS",
        "action_to_data",
        "action_from_data",
        "Correct",
        "make_setup",
        "new_state",
        "apply",
        "fold",
        "allowed",
        "describe",
        "finished",
        "settle_input",
        "parse_line",
        "action_line",
    ):
        assert name in MEMBERS


def test_the_registry_holds_each_game_by_its_name() -> None:
    """Each game's own module, seen through the typed view (``Erased``)."""
    assert list(ENGINES) == ["fortress", "homalet", "dragoness"]
    own = {game: engine.engine for game, engine in ENGINES.items() if isinstance(engine, Erased)}
    assert own == {"fortress": fortress, "homalet": homalet, "dragoness": dragoness}
    assert (fortress, homalet, dragoness) == (FORTRESS, HOMALET, DRAGONESS)
    for game, engine in ENGINES.items():
        assert game == engine.GAME


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_offers_every_name_of_the_contract(game: str) -> None:
    engine = ENGINES[game]
    for name in MEMBERS:
        assert hasattr(engine, name), f"{game} lacks {name}"
        member = next(vars(cls)[name] for cls in Engine.__mro__ if name in vars(cls))
        if inspect.isfunction(member):  # a function of the contract: callable with its positional arguments
            wanted = [p for p in inspect.signature(member).parameters.values() if p.name != "self"]
            got = inspect.signature(getattr(engine, name))
            got.bind(*[None] * sum(p.default is inspect.Parameter.empty for p in wanted))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_engine_has_a_correction_and_the_action_kinds(game: str) -> None:
    engine = ENGINES[game]
    assert engine.Correct in engine.ACTIONS
    assert engine.MIN_PLAYERS <= engine.MAX_PLAYERS
    assert all(isinstance(rule, str) for rule, _ in engine.ASSUMPTIONS)


def test_the_checkpoint_fingerprint_covers_the_whole_engine_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17 item 2: a checkpoint folded by other code in any file of the engine's package (or of
    the shared vocabulary) is not used: every such file is in the fingerprint."""
    from pathlib import Path

    from companion.store import checkpoints as store

    engine = ENGINES["fortress"]
    monkeypatch.setattr(store, "_FINGERPRINTS", {})
    before = store.fingerprint(engine)
    assert len({store.fingerprint(e) for e in ENGINES.values()}) == len(ENGINES)
    real = Path.read_bytes

    for package, name in (("fortress", "words.py"), ("fortress", "notation.py"), ("common", "reading.py")):

        def changed(path: Path, package: str = package, name: str = name) -> bytes:
            data = real(path)
            return data + b"\n# changed" if (path.parent.name, path.name) == (package, name) else data

        monkeypatch.setattr(Path, "read_bytes", changed)
        monkeypatch.setattr(store, "_FINGERPRINTS", {})
        assert store.fingerprint(engine) != before, f"{package}/{name} is not in the fingerprint"
        monkeypatch.setattr(Path, "read_bytes", real)
    monkeypatch.setattr(store, "_FINGERPRINTS", {})
    assert store.fingerprint(engine) == before

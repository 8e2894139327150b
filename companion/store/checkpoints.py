"""Checkpoints: folded states kept as plain data (never code), sealed to the actions they fold and
marked with the rules code that folded them."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import zlib
from pathlib import Path

from companion.rules.engine import GameEngine, SetupShape, StateShape
from companion.store.schema import CHECKPOINT_EVERY, CHECKPOINT_NEAR, _dumps, _no_constant

_FINGERPRINTS: dict[str, str] = {}


def _sources(name: str) -> list[tuple[str, Path]]:
    """The files of the code of the module named ``name``, each with its name inside the module:
    every ``.py`` file of a package (its subpackages too), in a fixed order; a plain module's one
    file."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ValueError(f"no source for {name}")
    here = Path(spec.origin)
    if spec.submodule_search_locations is None:
        return [(here.name, here)]
    return sorted((path.relative_to(here.parent).as_posix(), path) for path in here.parent.rglob("*.py"))


def fingerprint(engine: GameEngine) -> str:
    """A hash of the rules code a state was folded by (the engine's whole package, the shared
    vocabulary and the record codec): a checkpoint from other code is not used."""
    name = f"companion.rules.{engine.GAME}"
    if name not in _FINGERPRINTS:
        digest = hashlib.sha256()
        for module in (
            name,
            "companion.rules.common",
            "companion.rules.codec.records",
            "companion.rules.codec.state_codec",
        ):
            for inside, path in _sources(module):
                digest.update(f"{module}/{inside}".encode() + b"\0" + path.read_bytes() + b"\0")
        _FINGERPRINTS[name] = digest.hexdigest()[:16]
    return _FINGERPRINTS[name]


def checkpoint_seqs(position: int) -> list[int]:
    """Where checkpoints are kept for a game standing at ``position``: every CHECKPOINT_EVERY actions
    within CHECKPOINT_NEAR of it (undo is quick there), every CHECKPOINT_NEAR further back, and at
    ``position`` itself (resuming reads one state)."""
    near = position - CHECKPOINT_NEAR
    seqs = {s for s in range(CHECKPOINT_EVERY, position, CHECKPOINT_EVERY) if s >= near or s % CHECKPOINT_NEAR == 0}
    return sorted(seqs | {position} - {0})


def freeze(engine: GameEngine, state: StateShape) -> bytes:
    """A checkpoint of ``state``: its plain data (``engine.state_to_data``, without the setup) as
    compact JSON, compressed. Nothing in it names code: it is read back as data by :func:`thaw`."""
    return zlib.compress(_dumps(engine.state_to_data(state)).encode("utf-8"), 1)


def thaw(engine: GameEngine, blob: bytes, setup: SetupShape) -> StateShape:
    """The state a checkpoint holds, with the game's setup, read as data and checked field by field
    (``engine.state_from_data``). ValueError (``state_codec.Invalid`` among them) for anything else:
    a blob that does not unpack or unpacks past :data:`~companion.base.limits.MAX_STATE_BYTES`, that is
    not JSON, or not a state of this game."""
    from companion.base.limits import MAX_STATE_BYTES, inflate

    if not isinstance(blob, bytes):
        raise ValueError("a checkpoint is bytes")
    try:
        data = json.loads(inflate(blob, MAX_STATE_BYTES).decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    return engine.state_from_data(setup, data)


def _seal(chain: str, blob: bytes) -> str:
    """A checkpoint's seal: its state bound to the actions it folds."""
    return hashlib.sha256(chain.encode("ascii") + b"\x00" + blob).hexdigest()[:32]

"""Card specs: the metric sizes (``--size``) and the print-on-demand shops' presets (``--preset``),
the latter read from the data file ``assets/presets.toml``.

A :class:`CardSpec` is what a card PNG and a ``--layout single`` page are made from: the trim, the
bleed on each axis and the safe zone, in points. A preset's trim plus both bleeds is a whole number
of pixels at :data:`DPI` by construction (the file is checked for it); a metric size's bleed is 1/8 in
give or take half a pixel so that the same holds (63 × 88 mm poker cards: 819 × 1114 px)."""

from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.units import inch, mm

from companion.base.resources import asset
from printables.layout import SIZES, LayoutError

DPI = 300
PNG_BLEED = inch / 8  # a metric size's PNG bleed, about (whole pixels)
SAFE = 3 * mm  # a metric size's safe zone: nothing that must be read nearer the trim
UNITS = {"in": inch, "mm": mm}
PRESET_KEYS = ("shop", "card", "unit", "trim", "bleed", "safe")
MAX_PRESETS_BYTES = 100_000


@dataclass(frozen=True)
class CardSpec:
    """One card as a shop takes it: ``trim`` (width, height), ``bleed`` on each side (x, y) and the
    ``safe`` zone inside the trim, all in points; ``name`` the preset or size it came from."""

    name: str
    trim: tuple[float, float]
    bleed: tuple[float, float]
    safe: float
    shop: str = ""
    card: str = ""

    @property
    def page(self) -> tuple[float, float]:
        """The whole artwork: trim plus a bleed on every side."""
        return self.trim[0] + 2 * self.bleed[0], self.trim[1] + 2 * self.bleed[1]

    @property
    def pixels(self) -> tuple[int, int]:
        """The artwork's size at DPI, in whole pixels."""
        return round(self.page[0] * DPI / 72), round(self.page[1] * DPI / 72)


def metric_png(size: str) -> CardSpec:
    """A metric size for PNGs: the PDFs' trim, the bleed 1/8 in within half a pixel so that the
    artwork is whole pixels, the safe zone 3 mm."""
    if size not in SIZES:
        raise LayoutError(
            f"unknown card size {size!r}: choose {', '.join(SIZES)}",
            f"カードの大きさ「{size}」はありません。{'・'.join(SIZES)}から選んでください",
        )
    w, h = SIZES[size]
    bx, by = ((round((side + 2 * PNG_BLEED) * DPI / 72) * 72 / DPI - side) / 2 for side in (w, h))
    return CardSpec(size, (w, h), (bx, by), SAFE, card=size)


def metric_single(size: str, bleed: float) -> CardSpec:
    """A metric size for ``--layout single``: the trim, ``bleed`` (points) on every side, 3 mm safe."""
    spec = metric_png(size)
    return CardSpec(size, spec.trim, (bleed, bleed), SAFE, card=size)


def presets_path() -> Path:
    return asset("presets.toml")


def _bad(name: str, en: str, ja: str) -> LayoutError:
    return LayoutError(
        f"preset {name} in {presets_path().name} {en}", f"{presets_path().name} のプリセット {name} は{ja}"
    )


def _length(value: Any, name: str, key: str, unit: float, low: float, high: float) -> float:
    """A length in the preset's unit, as points; refused unless a finite number within low..high mm."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _bad(name, f"has {key} = {value!r}: it must be a number", f"の {key} = {value!r} は数ではありません")
    points = float(value) * unit
    if not low * mm <= points <= high * mm:
        raise _bad(
            name,
            f"has {key} = {value!r}: it must lie within {low:g} to {high:g} mm",
            f"の {key} = {value!r} は {low:g}〜{high:g} mm の範囲外です",
        )
    return points


def read_presets(text: str) -> dict[str, CardSpec]:
    """The presets in ``text`` (the data file's TOML), every field checked."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LayoutError(
            f"{presets_path().name} cannot be read as TOML ({error})",
            f"{presets_path().name} を TOML として読めません（{error}）",
        ) from None
    table = data.get("presets")
    if not isinstance(table, dict) or not table:
        raise LayoutError(f"{presets_path().name} has no [presets]", f"{presets_path().name} に [presets] がありません")
    out: dict[str, CardSpec] = {}
    for name, entry in table.items():
        if not isinstance(entry, dict) or set(entry) != set(PRESET_KEYS):
            raise _bad(
                name, f"must have exactly the keys {', '.join(PRESET_KEYS)}", f"のキーは {'、'.join(PRESET_KEYS)} です"
            )
        unit = UNITS.get(entry["unit"]) if isinstance(entry["unit"], str) else None
        if unit is None:
            raise _bad(name, f"has unit = {entry['unit']!r}: choose in or mm", "の unit は in か mm です")
        trim = entry["trim"]
        if not isinstance(trim, list) or len(trim) != 2:
            raise _bad(name, "has a trim that is not [width, height]", "の trim が [幅, 高さ] ではありません")
        w, h = (_length(v, name, "trim", unit, 20, 200) for v in trim)
        bleed = _length(entry["bleed"], name, "bleed", unit, 0, 6)
        safe = _length(entry["safe"], name, "safe", unit, 0, 6)
        if entry["card"] not in SIZES or not isinstance(entry["shop"], str):
            raise _bad(
                name,
                f"must name its card ({', '.join(SIZES)}) and shop",
                f"には card（{'・'.join(SIZES)}）と shop が要ります",
            )
        spec = CardSpec(name, (w, h), (bleed, bleed), safe, entry["shop"], entry["card"])
        if any(abs(side * DPI / 72 - round(side * DPI / 72)) > 1e-6 for side in spec.page):
            raise _bad(
                name,
                f"is not a whole number of pixels at {DPI} dpi with its bleed",
                f"は塗り足しを含めて {DPI} dpi で整数のピクセルになりません",
            )
        out[name] = spec
    return out


@functools.cache
def presets() -> dict[str, CardSpec]:
    """The shipped presets, read once."""
    with presets_path().open("rb") as handle:
        raw = handle.read(MAX_PRESETS_BYTES + 1)
    if len(raw) > MAX_PRESETS_BYTES:
        raise LayoutError(f"{presets_path().name} is too large", f"{presets_path().name} が大きすぎます")
    return read_presets(raw.decode("utf-8"))


def preset(name: str) -> CardSpec:
    """The preset called ``name``; an unknown name is refused with the names there are."""
    known = presets()
    if name not in known:
        raise LayoutError(
            f"unknown preset {name!r}: choose {', '.join(known)} (docs/printing.md lists their sizes)",
            f"プリセット「{name}」はありません。{'・'.join(known)}から選んでください"
            "（大きさは docs/printing.md にあります）",
        )
    return known[name]

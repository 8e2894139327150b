"""docs/architecture.md is what scripts/make_architecture.py writes from the layer contract, so the page
cannot drift from what lint-imports holds (issue 29.3)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_architecture_page_is_the_scripts_output() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_architecture.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr


def test_the_page_names_every_layer_of_the_contract() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    with (ROOT / "pyproject.toml").open("rb") as file:
        contracts = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    for layer in layers:
        for part in layer.split("|"):
            module = part.strip().strip("()")
            assert f"`{module.replace('.', '/')}" in page, module
    for place in ("A new game", "A new screen", "A new command", "A new printable"):
        assert place in page


def test_no_loose_module_at_the_packages_root() -> None:
    """companion/'s root holds only the package's own two files: every other module sits in the folder of
    its layer or concern (issue 29.2)."""
    assert sorted(p.name for p in (ROOT / "companion").glob("*.py")) == ["__init__.py", "__main__.py"]
    assert (ROOT / "assets" / "decks").is_dir() and not (ROOT / "companion" / "assets").exists()

"""The house: the version the command says, and dependency bounds CI can install (issue 29)."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import companion

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "lowest_deps.py"


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_version_is_the_installed_distributions_and_the_command_says_it() -> None:
    assert importlib.metadata.version("companion") == companion.__version__
    run = subprocess.run([sys.executable, "-m", "companion", "--version"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"companion {companion.__version__}"


def test_every_runtime_dependency_has_a_lower_bound_ci_can_pin() -> None:
    run = _script("constraints")
    assert run.returncode == 0, run.stderr
    pins = dict(line.split("==") for line in run.stdout.split())
    # what the code imports directly is declared (rich and jinja2 were not)
    assert {"rich", "jinja2", "aiohttp-jinja2", "qrcode", "reportlab", "textual", "platformdirs"} <= set(pins)
    assert pins["qrcode"] != "7.4"  # the yanked release that draws broken codes
    assert pins["textual"].startswith("8.2")
    tools = _script("tools").stdout.split()
    assert tools and not any(tool.startswith(("textual", "rich")) for tool in tools)  # the snapshot pins give way
    for tool in ("mypy", "ruff", "import-linter"):  # pinned: a new release must not turn CI red by itself
        assert any(item.startswith(f"{tool}==") for item in tools), tool


def test_a_dependency_without_a_lower_bound_is_refused(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\ndependencies = ["reportlab[accel]>=4.0.4", "qrcode"]\n', encoding="utf-8")
    run = _script("constraints", str(pyproject))
    assert run.returncode == 2
    assert "'qrcode' has no lower bound" in run.stderr
    pyproject.write_text('[project]\ndependencies = ["reportlab[accel]>=4.0.4", "textual>=8.2,<8.3"]\n', "utf-8")
    assert _script("constraints", str(pyproject)).stdout.split() == ["reportlab==4.0.4", "textual==8.2"]

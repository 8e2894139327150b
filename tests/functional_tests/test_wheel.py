"""The wheel carries the top-level assets/ (issue 29.1): built from this tree and installed into a fresh
virtual environment, companion prints a deck and the whole kit from a temporary folder with no clone
beside it, reading its decks, font and presets from inside the installed package."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow(seconds=12)
def test_the_wheel_installed_in_a_fresh_venv_prints_a_deck_and_the_kit(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(wheels)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("companion-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for shipped in ("decks/fortress.toml", "decks/homalet.toml", "decks/dragoness.toml", "fonts/ipaexg.ttf"):
        assert f"companion/assets/{shipped}" in names, shipped
    assert "companion/assets/fonts/IPA_Font_License_Agreement_v1.0.txt" in names
    assert "companion/assets/presets.toml" in names

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stderr
    # the libraries companion needs come from this environment, companion itself only from the wheel:
    # a path line in a .pth adds the folder, never the editable install's own .pth inside it
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(purelib, "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")

    folder = tmp_path / "elsewhere"
    folder.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run(
        [str(python), "-c", "import companion.base.resources as r; print(r.assets_folder())"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()) == Path(purelib) / "companion" / "assets"  # inside the installed package
    for command in (["print", "deck", "fortress", "-o", "fortress.pdf"], ["print", "kit", "-o", "kit"]):
        run = subprocess.run(
            [str(python), "-m", "companion", *command], cwd=folder, env=env, capture_output=True, text=True, timeout=900
        )
        assert run.returncode == 0, (command, run.stderr)
    assert (folder / "fortress.pdf").stat().st_size > 10_000
    kit = sorted(p.name for p in (folder / "kit").iterdir())
    assert len(kit) >= 12 and all(name.endswith(".pdf") for name in kit), kit

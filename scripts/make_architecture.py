"""Write docs/architecture.md from the import-linter contract in pyproject.toml and each folder's own
docstring, so that the page cannot drift from what `lint-imports` holds (tests/unit_tests/test_architecture.py
checks the page equals this script's output).

    python scripts/make_architecture.py            # writes docs/architecture.md
    python scripts/make_architecture.py --check    # exit 1 when the page differs from what it would write
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"

HEAD = """# Architecture

*This page is written by `scripts/make_architecture.py` from the layer contract in `pyproject.toml`
(`[tool.importlinter]`, which `lint-imports` checks in CI) and from each folder's own docstring. Edit
those, then run the script; `tests/unit_tests/test_architecture.py` fails when the page is stale.*

A game is a setup plus an append-only list of actions; its state is their fold. Everything else is
built on that: the store keeps the list (undo, autosave, resume and replay are one mechanism), the
app and the server draw the state and hand typed lines to the engine, the printables draw the cards
from the same deck files the screens use.

## The top level

- `pyproject.toml` — the project, its dependencies (each lower bound tested: `scripts/lowest_deps.py`),
  the tools' settings and the layer contract below.
- `companion/` — the program, in the folders below; nothing loose at its root but `__init__.py` and
  `__main__.py`.
- `printables/` — everything put on paper or into image files.
- `tests/` — `unit_tests/`, `functional_tests/` (the command line as a person runs it), `app_tests/`
  (Textual's Pilot and snapshots), `serve_tests/` (the server, and Chromium with `-m browser`), `helpers/`.
- `assets/` — what companion ships: the deck files (`decks/`), the printing font with its licence and
  coverage (`fonts/`), the print shops' presets (`presets.toml`). The wheel carries it inside the
  package (`companion/assets`); a clone or an editable install reads this folder
  (`companion.base.resources`).
- `docs/` (the reference; the README links each page), `examples/` (settle documents, whole game
  records, table-notation lines, deck variants) and `scripts/` (benchmarks, record makers, this page's
  writer).
"""

PLACES = """## Where a new thing goes

- **A new game**: a package under `companion/rules/` with the same rooms as the three games (`deck`,
  `state`, `actions`, `game` with `apply`, `allowed`, `complete`, `notation`, `scoring`, `words`), registered in
  `companion/rules/games.py` (the engine contract in `companion/rules/engine.py` says what it must
  offer); its deck file in `assets/decks/`; its settle document in `companion/settle/`; its board in
  `companion/app/widgets/`; its simulated seats in `companion/simulate/`. Rule texts cite the rule ids
  (docs/rules.md) and each rule gets a test that cites its id.
- **A new screen**: a module in `companion/app/screens/` asking the engines and the store (no rule in
  a widget); its words in both languages in `companion/app/words.py`; its keys in the one command table
  `companion/app/keys.py` (key bar, palette and help read it); a snapshot test in `tests/app_tests/`.
- **A new command**: a family in `companion/cli/commands/` (its parser and its run), its help and
  messages in both languages; it reaches the rules through the store, `settle` or the printables, never
  the app.
- **A new printable**: a module in `printables/` drawing from the deck files (`companion.cards`) and
  the fonts in `assets/fonts/`; written atomically through `companion.base.files`; a `companion print`
  subcommand in `companion/cli/commands/printing.py`.
- **A new file format**: its reader in `companion/records/` (pure, bounded, refusing in one sentence),
  its limits in `companion/base/limits.py`.
"""


def contracts(pyproject: Path) -> list[dict[str, object]]:
    with pyproject.open("rb") as file:
        data = tomllib.load(file)
    found: list[dict[str, object]] = data["tool"]["importlinter"]["contracts"]
    return found


def layers(pyproject: Path) -> list[list[str]]:
    """The layers, highest first, each a list of its independent parts (parentheses: optional)."""
    for contract in contracts(pyproject):
        if contract["type"] == "layers":
            lines = contract["layers"]
            assert isinstance(lines, list)
            return [[part.strip().strip("()") for part in str(line).split("|")] for line in lines]
    raise SystemExit("pyproject.toml has no layers contract")


def folder(module: str) -> Path:
    return ROOT.joinpath(*module.split("."))


def summary(module: str) -> str:
    """The first paragraph of the module's (or package's) docstring, on one line."""
    path = folder(module)
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    if not source.exists():
        return ""
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    first = doc.split("\n\n", 1)[0]
    first = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first)  # :mod:`x` -> `x`
    first = first.replace("``", "`")
    return re.sub(r"\s+", " ", first).strip()


def shown(module: str) -> str:
    path = folder(module)
    return f"`{'/'.join(module.split('.'))}/`" if path.is_dir() else f"`{'/'.join(module.split('.'))}.py`"


def diagram(stack: list[list[str]]) -> str:
    rows = [" | ".join(parts) for parts in stack]
    width = max(len(row) for row in rows) + 4
    out = ["```text"]
    for index, row in enumerate(rows):
        out.append("┌" + "─" * (width - 2) + "┐")
        out.append("│ " + row.center(width - 4) + " │")
        out.append("└" + "─" * (width - 2) + "┘")
        if index < len(rows) - 1:
            out.append(" " * (width // 2 - 1) + "▼")
    out.append("```")
    return "\n".join(out)


def forbidden(pyproject: Path) -> list[str]:
    lines = []
    for contract in contracts(pyproject):
        if contract["type"] == "forbidden":
            sources = ", ".join(f"`{m}`" for m in contract["source_modules"])  # type: ignore[attr-defined]
            names = ", ".join(f"`{m}`" for m in contract["forbidden_modules"])  # type: ignore[attr-defined]
            lines.append(f"- **{contract['name']}**: {sources} may not import {names}.")
        elif contract["type"] == "acyclic_siblings":
            lines.append(f"- **{contract['name']}** (under {', '.join(contract['ancestors'])}).")  # type: ignore[arg-type]
    return lines


def page(pyproject: Path = ROOT / "pyproject.toml") -> str:
    stack = layers(pyproject)
    out = [HEAD, "## The layers", ""]
    out.append(
        "Highest first. Each layer imports only from the layers below it; the parts of one layer written side "
        "by side (`a | b`) do not import each other."
    )
    out += ["", diagram(stack), "", "## What each folder is for, and what it may import", ""]
    for index, parts in enumerate(stack):
        below = [part for lower in stack[index + 1 :] for part in lower]
        for part in parts:
            may = f"the layers below, `{below[0]}` down to `{below[-1]}`" if below else "nothing of companion's"
            out.append(f"- {shown(part)} — {summary(part) or '(no docstring)'}")
            out.append(f"  May import: {may}.")
    out += ["", "Besides the layers:", "", *forbidden(pyproject), "", PLACES]
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str]) -> int:
    text = page()
    if argv == ["--check"]:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print("docs/architecture.md is stale: run python scripts/make_architecture.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The lowest versions pyproject.toml allows, for CI's job that installs them and runs the tests that use
them (issue 29: a fresh machine must resolve to working versions, so each lower bound is one that works).

    python scripts/lowest_deps.py constraints [PYPROJECT]   # one 'name==lowest' line per runtime dependency
    python scripts/lowest_deps.py tools [PYPROJECT]         # the test extra's tools, less what the runtime pins

Each runtime dependency must carry a lower bound ('>=X'); one without is an error (exit 2), as a bound
that is never tested is a bound nobody knows works.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$")


def _split(requirement: str) -> tuple[str, str]:
    """The distribution's name (normalised, without extras) and its version specifier."""
    match = _REQUIREMENT.match(requirement.split(";", 1)[0])
    if match is None:
        raise ValueError(f"cannot read the requirement {requirement!r}")
    return re.sub(r"[-_.]+", "-", match.group(1)).lower(), match.group(3).strip()


def lowest(requirement: str) -> str:
    """'name==X' for a requirement whose specifier holds '>=X'."""
    name, spec = _split(requirement)
    bound = re.search(r">=\s*([0-9][^,\s]*)", spec)
    if bound is None:
        raise ValueError(f"the dependency {requirement!r} has no lower bound ('>=X')")
    return f"{name}=={bound.group(1)}"


def project(path: Path = ROOT / "pyproject.toml") -> dict[str, object]:
    with path.open("rb") as file:
        data: dict[str, object] = tomllib.load(file)["project"]
    return data


def constraints(data: dict[str, object]) -> list[str]:
    dependencies = data["dependencies"]
    assert isinstance(dependencies, list)
    return [lowest(str(requirement)) for requirement in dependencies]


def tools(data: dict[str, object]) -> list[str]:
    """The test extra without the requirements that name a runtime dependency (the snapshot pins of
    textual and rich, which the lowest versions replace)."""
    extras = data["optional-dependencies"]
    dependencies = data["dependencies"]
    assert isinstance(extras, dict) and isinstance(dependencies, list)
    runtime = {_split(str(requirement))[0] for requirement in dependencies}
    return [str(item) for item in extras["test"] if _split(str(item))[0] not in runtime]


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or argv[0] not in ("constraints", "tools"):
        print(__doc__, file=sys.stderr)
        return 2
    data = project(Path(argv[1])) if len(argv) == 2 else project()
    try:
        lines = constraints(data) if argv[0] == "constraints" else tools(data)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

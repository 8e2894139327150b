"""Every `companion …` line shown to run in README.md and docs/ runs as written (issue 29.4).

The lines are taken from fenced ``sh`` and ``console`` blocks (a ``console`` line is what follows ``$ ``);
blocks fenced as ``text`` hold synopses with placeholders (GAME, FILE, [--option]) and are not run.
Each page's lines run in order, in one temporary folder (with the repository's examples/ beside them)
against one temporary store, as a newcomer pasting them one after another would. A line whose comment
says ``exit N`` must end with that status; every other line must end with 0. ``companion`` alone (the
app) runs in a pseudo-terminal and is quit with ctrl+q; ``companion serve`` must print its link and
stop cleanly on ctrl+c.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
_COMMAND = re.compile(r"^(?:\.venv/bin/)?companion(?:\s|$)")


def commands(page: Path) -> list[str]:
    found = []
    for match in _FENCE.finditer(page.read_text(encoding="utf-8")):
        if match.group(1) not in ("sh", "console"):
            continue
        for line in match.group(2).splitlines():
            line = line.strip()
            if match.group(1) == "console":
                if not line.startswith("$ "):
                    continue
                line = line[2:]
            if _COMMAND.match(line):
                found.append(line)
    return found


def expected_status(line: str) -> int:
    comment = line.partition(" #")[2]
    status = re.search(r"\bexit (\d+)", comment)
    return int(status.group(1)) if status else 0


def _env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["COMPANION_DB"] = str(folder / "games.sqlite3")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["LANG"] = "en_US.UTF-8"
    env.pop("LC_ALL", None)
    return env


def _shell(line: str) -> str:
    """The line for bash, `.venv/bin/companion` meaning the companion of this environment."""
    return re.sub(r"(?<![\w/])\.venv/bin/companion\b", "companion", line)


def _run_app(line: str, folder: Path) -> None:
    """The table app in a pseudo-terminal: its first screen is drawn, then ctrl+q quits it with 0."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the line as a shell runs it, in the page's folder
        os.chdir(folder)
        env = _env(folder) | {"TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
        os.execvpe("bash", ["bash", "-c", _shell(line)], env)
    seen = b""
    deadline = time.monotonic() + 60
    quit_sent = False
    status = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
        if not quit_sent and b"\x1b[" in seen and len(seen) > 2000:
            time.sleep(0.5)
            os.write(fd, b"\x11")  # ctrl+q
            quit_sent = True
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail(f"{line!r}: the app did not quit on ctrl+q within 60 s")
    os.close(fd)
    if status is None:
        _, status = os.waitpid(pid, 0)
    assert quit_sent, f"{line!r}: the app drew nothing"
    assert os.waitstatus_to_exitcode(status) == 0, (line, seen[-2000:])


def _run_server(line: str, folder: Path) -> None:
    """`companion serve`: it prints a link, then ctrl+c (SIGINT) stops it with status 0."""
    process = subprocess.Popen(
        ["bash", "-c", "exec " + _shell(line) + " --port 0"],
        cwd=folder,
        env=_env(folder),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    head = ""
    deadline = time.monotonic() + 60
    while "http://" not in head and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            got = process.stdout.readline()
            if not got:
                break
            head += got
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert "http://" in head, (line, head, err)
    assert process.returncode == 0, (line, err)


SECONDS = {"lab.md": 20, "printing.md": 8, "README.md": 6}  # about how long a page's commands take here


@pytest.mark.slow(seconds=1)
@pytest.mark.parametrize(
    "page",
    [pytest.param(p, marks=pytest.mark.slow(seconds=SECONDS[p.name])) if p.name in SECONDS else p for p in PAGES],
    ids=lambda page: page.name,
)
def test_every_command_shown_runs_as_written(page: Path, tmp_path: Path) -> None:
    lines = commands(page)
    if not lines:
        return  # a page that shows no command to run
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    for line in lines:
        words = _shell(line).partition(" #")[0].split()
        if words == ["companion"] or (len(words) == 3 and words[1] == "--db"):
            _run_app(line, tmp_path)
        elif len(words) > 1 and words[1] == "serve":
            _run_server(line.partition(" #")[0], tmp_path)
        else:
            run = subprocess.run(
                ["bash", "-c", _shell(line)],
                cwd=tmp_path,
                env=_env(tmp_path),
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert run.returncode == expected_status(line), (line, run.stdout[-1000:], run.stderr[-1000:])
            assert "Traceback" not in run.stderr, (line, run.stderr)


def test_the_readme_is_short_and_links_every_reference_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 10_000
    for name in ("app", "serve", "printing", "replay", "live", "playtests", "input-rules", "decks", "architecture"):
        assert f"(docs/{name}.md)" in readme, name
    targets = re.findall(r"\]\(([^)#]+)\)", readme) + re.findall(r'src="([^"]+)"', readme)
    assert any(target.endswith(".png") for target in targets)  # the pictures: the app, a phone, a sheet
    for target in targets:  # every link and picture is there
        assert (ROOT / target).exists(), target


def test_the_readme_shows_commands_to_run() -> None:
    assert len(commands(ROOT / "README.md")) >= 8  # the ten-line tour


def test_the_readme_says_how_a_table_starts_with_a_phone_and_a_tv() -> None:
    """Issue 28: the README's "At the table": serve on the LAN, scan, play, a phone and a TV pictured."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## At the table", 1)[1].split("\n## ", 1)[0]
    assert "`companion serve --host 0.0.0.0`" in section
    for step in ("**Serve**", "**Scan**", "**Play**", "?tv=1"):
        assert step in section, step
    pictures = re.findall(r'src="([^"]+)"', section)
    assert pictures == ["docs/images/serve-phone.png", "docs/images/serve-tv.png"]
    for picture in pictures:
        assert (ROOT / picture).stat().st_size > 10_000, picture

"""Running an attacker's input in a child process under a memory limit and a time bound."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

LIMIT_BYTES = 200 * 2**20  # "memory stays under 200 MB for every bomb" (issue 16)
TIMEOUT = 60


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def run_limited(
    argv: Sequence[str], stdin: bytes | int | None = None, timeout: float = TIMEOUT, cwd: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``argv`` run with at most :data:`LIMIT_BYTES` of address space and ``timeout`` seconds; stdin is
    bytes, or a file descriptor (``/dev/zero`` opened by the caller)."""
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "PYTHONIOENCODING": "utf-8"}
    kwargs: dict[str, object] = {"input": stdin} if isinstance(stdin, bytes) else {"stdin": stdin}
    result = subprocess.run(
        list(argv), capture_output=True, timeout=timeout, preexec_fn=_limit, env=env, cwd=cwd, **kwargs
    )  # type: ignore[call-overload]
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode("utf-8", "replace"),
        result.stderr.decode("utf-8", "replace"),
    )


def companion(
    *args: str, stdin: bytes | int | None = None, timeout: float = TIMEOUT, cwd: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m companion ARGS`` under the limits."""
    return run_limited([sys.executable, "-m", "companion", *args], stdin, timeout, cwd)


def python(code: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """``python -c CODE`` under the limits."""
    return run_limited([sys.executable, "-c", code], None, timeout)


_BATCH = """
import json, sys, traceback
sys.path.insert(0, {root!r})
from tests.helpers.inprocess import call
for argv in json.loads(sys.stdin.read()):
    try:
        run = call(*argv)
        done = [run.code, run.stdout.decode("utf-8", "replace"), run.stderr]
    except BaseException:  # as a process would end: a traceback on its standard error
        done = [1, "", traceback.format_exc()]
    print(json.dumps(done), flush=True)
"""


def companions(commands: Sequence[Sequence[str]], timeout: float = TIMEOUT) -> list[subprocess.CompletedProcess[str]]:
    """Each of ``commands`` as ``companion ARGS`` would run it (its exit code, standard output and
    error), all in ONE child process under the limits: the CLI's ``main`` called for each in turn,
    with its own standard streams. For many commands on attackers' files where what is tested is
    the answer and the file, not the process (a process start is most of a short command's cost)."""
    root = str(Path(__file__).resolve().parents[2])
    done = run_limited([sys.executable, "-c", _BATCH.format(root=root)], json.dumps(commands).encode(), timeout)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == len(commands), (done.returncode, done.stderr[-2000:])
    return [
        subprocess.CompletedProcess(list(argv), code, out, err)
        for argv, (code, out, err) in zip(commands, map(json.loads, lines), strict=True)
    ]

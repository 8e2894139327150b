"""Run ``companion`` in this process with its own standard streams: the CLI's ``main`` as a user's
shell would call it, hundreds of times a second (for the fuzz tests)."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from unittest import mock

from companion.cli import main


@dataclass
class Run:
    code: int
    stdout: bytes
    stderr: str


def call(*argv: str, stdin: bytes = b"") -> Run:
    streams = {name: io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for name in ("stdout", "stderr")}
    stdin_stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    with (
        mock.patch.object(sys, "stdin", stdin_stream),
        mock.patch.object(sys, "stdout", streams["stdout"]),
        mock.patch.object(sys, "stderr", streams["stderr"]),
    ):
        try:
            code = main(list(argv))
        except SystemExit as leaving:  # argparse: --help, usage errors
            code = leaving.code if isinstance(leaving.code, int) else 2
    for stream in streams.values():
        stream.flush()
    out = streams["stdout"].buffer
    err = streams["stderr"].buffer
    assert isinstance(out, io.BytesIO) and isinstance(err, io.BytesIO)
    return Run(code, out.getvalue(), err.getvalue().decode("utf-8"))


PYTHON_WORDS = ("Traceback", "None", "True", "False", "('", "unexpected error", "Error:", "予期しないエラー")


def assert_refused(run: Run, context: object = "") -> None:
    """Exit 2, nothing on standard output, one line on standard error in the user's words."""
    assert run.code == 2, (context, run)
    assert run.stdout == b"", (context, run)
    assert run.stderr.endswith("\n") and run.stderr.count("\n") == 1, (context, run.stderr)
    for word in PYTHON_WORDS:
        assert word not in run.stderr, (context, run.stderr)

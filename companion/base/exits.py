"""The exit statuses of the ``companion`` command (README.md: Bad input, Signals)."""

from __future__ import annotations

import signal

EXIT_OK = 0
EXIT_DECLINED = 1  # the person answered no (companion delete)
EXIT_BAD_INPUT = 2  # a refusal: one sentence on standard error, nothing changed
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_TERMINATED = 128 + signal.SIGTERM

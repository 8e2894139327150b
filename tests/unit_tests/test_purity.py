"""The rules are pure: importing them pulls in no UI, printing or storage library."""

import subprocess
import sys

FORBIDDEN = ("textual", "reportlab", "sqlite3", "_sqlite3", "qrcode", "rich")


def test_rules_import_no_ui_print_or_storage() -> None:
    code = (
        "import sys, pkgutil, importlib, companion.rules as r\n"
        "for m in pkgutil.iter_modules(r.__path__): importlib.import_module('companion.rules.' + m.name)\n"
        f"print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_check_would_see_a_forbidden_import() -> None:
    code = "import sys, sqlite3; print('sqlite3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"

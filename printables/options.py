"""The names of the print options, without importing reportlab (the command line reads them at
start-up, and ``settle`` should not pay for a PDF library)."""

PAPER_NAMES = ("a4", "letter")
SIZE_NAMES = ("poker", "bridge", "mini")
DUPLEX_NAMES = ("long", "short", "none")

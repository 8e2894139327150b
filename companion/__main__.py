"""`python -m companion`: the command line (and, with no command, the table app)."""

import sys

from companion.cli import main

sys.exit(main())

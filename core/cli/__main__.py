"""`python -m core.cli ...` runs the command line."""

import sys

from core.cli import entry
from core.cli.common import EXIT_INTERRUPTED

if __name__ == "__main__":  # importing this module (a package walk) must not run the CLI
    try:
        status = entry()
    except KeyboardInterrupt:  # between main's own handler and here
        status = EXIT_INTERRUPTED
    sys.exit(status)

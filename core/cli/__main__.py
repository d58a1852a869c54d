"""`python -m core.cli ...` runs the command line."""

import sys

from core.cli import entry, interrupted_line, over

if __name__ == "__main__":  # importing this module (a package walk) must not run the CLI
    try:
        status = over(entry())
    except KeyboardInterrupt:  # before main's own handler or after it
        status = interrupted_line()
    sys.exit(status)

"""`python -m core.cli ...` runs the command line."""

import sys

from core.cli import main

if __name__ == "__main__":  # importing this module (a package walk) must not run the CLI
    sys.exit(main())

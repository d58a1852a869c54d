"""The `plagscope` command: subcommands run the headless CLI without Qt; anything else opens the GUI."""

from __future__ import annotations

import sys

#: First arguments handed to `core.cli` (it prints help, the version or runs the subcommand).
CLI_COMMANDS = frozenset({"check", "-h", "--help", "--version"})


def is_cli(argv: list[str]) -> bool:
    """True when the arguments (without the program name) ask for the command line."""
    return bool(argv) and argv[0] in CLI_COMMANDS


def main(argv: list[str] | None = None) -> int:
    """Entry point of `plagscope [check ... | FILE_OR_FOLDER ...]`; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if is_cli(args):
        from core import cli

        try:
            return cli.main(args)
        except SystemExit as e:  # argparse exits after --help, --version and usage errors
            return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    from gui import app  # Qt is imported only here, when the window is wanted

    return app.main(args)


if __name__ == "__main__":
    sys.exit(main())

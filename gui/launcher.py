"""The `plagscope` command: subcommands run the headless CLI without Qt; anything else opens the GUI.

`plagscope check ...` (any name in core.cli.SUBCOMMANDS, or -h / --help / --version) runs the
command line. `plagscope [FILE_OR_FOLDER ...]` opens the desktop app with those loaded; an
argument that is neither a subcommand nor an existing path is a mistake (a mistyped
subcommand, usually) and exits 2 with a message instead of opening a window a script would
wait on forever.
"""

from __future__ import annotations

import difflib
import os
import sys

from core.cli import SUBCOMMANDS
from core.display import safe_name

#: First arguments handed to `core.cli` (it prints help, the version or runs the subcommand).
CLI_COMMANDS = frozenset({*SUBCOMMANDS, "-h", "--help", "--version"})
EXIT_USAGE = 2


def is_cli(argv: list[str]) -> bool:
    """True when the arguments (without the program name) ask for the command line."""
    return bool(argv) and argv[0] in CLI_COMMANDS


def gui_argument_problem(argv: list[str]) -> str | None:
    """Why these arguments cannot open the window (a message), or None when they can."""
    for arg in argv:
        if arg.startswith("-") and not os.path.exists(arg):
            return f"unknown option {safe_name(arg)} (see plagscope --help)"
        if not os.path.lexists(arg):
            close = difflib.get_close_matches(arg, list(SUBCOMMANDS), n=1)
            if arg == argv[0] and (close or (os.sep not in arg and "." not in arg)):
                hint = f"; did you mean `plagscope {close[0]}`?" if close else ""
                return (f"{safe_name(arg)} is neither a command ({', '.join(SUBCOMMANDS)}) "
                        f"nor an existing file or folder{hint}")
            return f"no such file or folder: {safe_name(arg)}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of `plagscope [check ... | FILE_OR_FOLDER ...]`; returns the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if is_cli(args):
        from core import cli

        try:
            return cli.main(args)
        except SystemExit as e:  # argparse exits after --help, --version and usage errors
            return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    problem = gui_argument_problem(args)
    if problem:
        print(f"plagscope: {problem}", file=sys.stderr)
        return EXIT_USAGE
    from gui import app  # Qt is imported only here, when the window is wanted

    return app.main(args)


if __name__ == "__main__":
    sys.exit(main())

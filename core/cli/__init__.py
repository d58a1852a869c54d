"""`plagscope COMMAND ...`: the headless command line (never imports Qt).

One module per subcommand. To add one, write `core/cli/NAME.py` with

    HELP = "one line for `plagscope --help`"
    def add_arguments(parser: argparse.ArgumentParser) -> None: ...
    def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int: ...  # exit status

(optionally DESCRIPTION, the paragraph `plagscope NAME --help` shows) and add one line to
SUBCOMMANDS below. Shared output helpers (safe names, tables, progress, report writing, exit
codes) are in `core.cli.common`. This module stays light: the launcher imports it to learn
the subcommand names, and a subcommand's module is imported only to build the parser.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from importlib import import_module

from core import __version__

#: The exit statuses of every command (130: stopped by Ctrl-C, as shells report SIGINT).
EXIT_OK, EXIT_WRITE_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def warn(message: str) -> None:
    """One line on stderr, prefixed with the program name."""
    print(f"plagscope: {message}", file=sys.stderr, flush=True)


def interrupted_line() -> int:
    """Ctrl-C: the one line every command ends with when stopped; returns 130. Light, so the
    program's entry points can say it even when Ctrl-C came while the program was loading."""
    warn("interrupted")
    return EXIT_INTERRUPTED


def over(status: int) -> int:
    """The program is over (its command's reports written, its processes ended): a Ctrl-C from
    here to the exit has nothing left to stop, so it is ignored and the exit status stays
    `status`. Else Python, as it exits, says "Exception ignored ... KeyboardInterrupt" or ends
    by the signal with no line."""
    with contextlib.suppress(ValueError):  # not the main thread
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return status


#: Subcommand name -> the module that implements it (one line each).
SUBCOMMANDS: dict[str, str] = {
    "check": "core.cli.check",
    "archive": "core.cli.archive",
    "report": "core.cli.report",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="plagscope",
        description="Find copied passages between essays (txt, docx, pdf; Chinese and English). "
                    "Without a command, `plagscope [FILE_OR_FOLDER ...]` opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"plagscope {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module_name in SUBCOMMANDS.items():
        module = import_module(module_name)
        sub = commands.add_parser(name, help=module.HELP,
                                  description=getattr(module, "DESCRIPTION", None) or module.HELP,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run, _parser=sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 on bad usage)."""
    # imported here: this module stays light, the launcher imports it to learn the subcommands
    from core.cli.common import ctrl_c_kept, interrupted, prepare_streams, raise_kept  # noqa: PLC0415 (this module stays light: the launcher imports it to learn the subcommands)

    prepare_streams()
    with ctrl_c_kept():
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            status = args._run(args, args._parser)
            raise_kept()
            return status
        except KeyboardInterrupt:
            return interrupted()


def entry(argv: list[str] | None = None) -> int:
    """`main` as a process runs it (`plagscope check ...`, `python -m core.cli`): afterwards
    every process the command started is ended, the forkserver too, so none outlives it."""
    from core.concurrency import end_children  # noqa: PLC0415 (as in main: this module stays light)

    try:
        return main(argv)
    finally:
        end_children(helpers=True)


__all__ = ["EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "EXIT_WRITE_FAILED", "SUBCOMMANDS", "build_parser",
           "entry", "main", "over"]

if __name__ == "__main__":  # pragma: no cover - `python -m core.cli` runs __main__.py
    sys.exit(main())

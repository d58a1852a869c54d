"""The `plagscope` command: subcommands run the headless CLI without Qt; anything else opens the GUI.

`plagscope check ...` (any name in core.cli.SUBCOMMANDS, or -h / --help / --version) runs the
command line. `plagscope [FILE_OR_FOLDER ...]` opens the desktop app with those loaded; an
argument that is neither a subcommand nor an existing path is a mistake (a mistyped
subcommand, usually) and exits 2 with a message instead of opening a window a script would
wait on forever.
"""

from __future__ import annotations

import ctypes
import difflib
import gc
import importlib
import os
import sys

from core import cli
from core.cli import SUBCOMMANDS
from core.display import safe_name

#: First arguments handed to `core.cli` (it prints help, the version or runs the subcommand).
CLI_COMMANDS = frozenset({*SUBCOMMANDS, "-h", "--help", "--version"})
EXIT_USAGE = 2
EXIT_NO_WINDOW = 3  # the desktop app cannot start here (libraries or a display missing)

#: What Qt's X11 (xcb) platform plugin loads, and the Debian / Ubuntu package holding each.
#: Qt's own list for X11 plus what those pull in; QtGui's own libraries come first.
XCB_LIBRARIES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
#: The README's list: Qt's packages for X11 (installed together, whatever is missing).
QT_X11_PACKAGES = ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-image0",
                   "libxcb-render-util0", "libxcb-shape0", "libxcb-randr0", "libxcb-xkb1",
                   "libxkbcommon-x11-0")


#: The modules of core the window imports (with the standard ones they bring) and the standard
#: ones its own modules use, imported before Qt: once PySide6 is loaded it reads the source of
#: every module imported after it (to see whether the module asks for a PySide `__feature__`).
BEFORE_QT = ("core.models", "core.options", "core.errors", "core.rules", "core.steps", "core.data_dir", "core.memory",
             "core.loaders", "core.review.names", "core.review.verdicts", "core.academic", "json", "platform")


def import_before_qt() -> None:
    """Import BEFORE_QT (the window would import them after Qt)."""
    for name in BEFORE_QT:
        importlib.import_module(name)


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


def uses_xcb(environ=os.environ, platform: str = sys.platform) -> bool:
    """True when Qt would start on its X11 (xcb) platform plugin here.

    An explicit QT_QPA_PLATFORM decides ("xcb", or a list whose first entry is xcb); without
    one, Linux and the BSDs use xcb except in a Wayland session (Qt then tries Wayland first).
    """
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    wayland = environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY")
    return not wayland


def missing_libraries(libraries=XCB_LIBRARIES, load=None) -> list[str]:
    """The shared libraries among `libraries` (and those they need) that cannot be loaded."""
    load = load or ctypes.CDLL
    missing: list[str] = []
    for name in libraries:
        try:
            load(name)
        except OSError as exc:
            # "libxcb-util.so.1: cannot open shared object file": a dependency may be the one missing
            first = str(exc).split(":", 1)[0].strip()
            for lib in (first, name):
                if lib in libraries and lib not in missing:
                    missing.append(lib)
            if first not in libraries and name not in missing:
                missing.append(name)
    return missing


def xcb_problem(environ=os.environ, load=None) -> str | None:
    """Why the window cannot open on X11 here (with the command that fixes it), or None.

    Checked before QApplication exists: when the xcb plugin cannot load, Qt aborts the
    whole process with a message that names no package.
    """
    if not uses_xcb(environ):
        return None
    missing = missing_libraries(load=load)
    if missing:
        # the desktop bundle carries Qt's X11 libraries: only what is missing is to install
        qt_list = () if getattr(sys, "frozen", False) else QT_X11_PACKAGES
        packages = list(dict.fromkeys([XCB_LIBRARIES[lib] for lib in missing] + list(qt_list)))
        return (
            "the desktop app cannot start: Qt's X11 libraries are missing ("
            + ", ".join(missing) + ").\n"
            "Install them (Debian 12 / Ubuntu 24.04) and start it again:\n"
            f"    sudo apt-get update && sudo apt-get install -y {' '.join(packages)}\n"
            "The command line (plagscope check ...) works without them."
        )
    if not environ.get("DISPLAY"):
        return ("the desktop app needs a display and none is set (DISPLAY is empty): start it "
                "in a desktop session, or use `plagscope check PATH...` on a server.")
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of `plagscope [check ... | FILE_OR_FOLDER ...]`; returns the exit code."""
    # In the frozen bundle a worker, the forkserver and the resource tracker are this same
    # program started with multiprocessing's arguments: they run their part here and exit
    # (elsewhere freeze_support does nothing, and the window starts without multiprocessing).
    if getattr(sys, "frozen", False):
        import multiprocessing  # noqa: PLC0415 (only the frozen bundle needs it before anything else)

        multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if is_cli(args):
        try:
            return cli.entry(args)  # main, then every process it started is ended
        except SystemExit as e:  # argparse exits after --help, --version and usage errors
            return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    problem = gui_argument_problem(args)
    if problem:
        print(f"plagscope: {problem}", file=sys.stderr)
        return EXIT_USAGE
    problem = xcb_problem()
    if problem:
        print(f"plagscope: {problem}", file=sys.stderr)
        return EXIT_NO_WINDOW

    # the window's modules load without collector passes over everything they make (long-lived:
    # classes, functions, Qt's enums); gui.app.main resumes the collector once the window is built
    gc.disable()
    import_before_qt()
    from gui import app  # noqa: PLC0415 (Qt is imported only here, when the window is wanted)

    return app.main(args)


if __name__ == "__main__":
    sys.exit(main())

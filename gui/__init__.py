"""Plagscope's PySide6 desktop application; drives `core` through `gui.session` only."""

import sys
from importlib import import_module
from pathlib import Path

#: Icons, translations and sample essays: `gui/resources` links to the repository's top-level
#: `resources/` and is a real folder inside an installed wheel (package data).
RESOURCES = Path(__file__).resolve().parent / "resources"


def main() -> int:
    """The `plagscope` command. Installed, core and gui are inside the `plagscope` package (so
    they collide with no other package named core or gui): their folder goes first on this
    process's path, where the code finds them by their own names, and so do worker processes,
    which inherit the path. In the repository the folder is the repository itself."""
    home = str(Path(__file__).resolve().parents[1])
    if home not in sys.path:
        sys.path.insert(0, home)
    try:
        return import_module("core.cli").over(import_module("gui.launcher").main())
    except KeyboardInterrupt:  # Ctrl-C before the commands' own handlers (while loading) or after them
        return import_module("core.cli").interrupted_line()

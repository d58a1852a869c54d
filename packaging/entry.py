"""The frozen program's entry script: the `plagscope` executable runs gui.main, as the console
script does (the launcher, with a Ctrl-C while it loads answered in one line).

The launcher calls multiprocessing.freeze_support() first, so a worker, the forkserver or the
resource tracker started from this executable runs its own code instead of the app.
"""

import os
import sys

import gui


def restore_library_path(environ) -> None:
    """Give programs this one starts (fc-match, xdg-open, a browser for a report) the user's own
    LD_LIBRARY_PATH, not the one PyInstaller's bootloader set (the bundle's folder first, the
    user's value kept in LD_LIBRARY_PATH_ORIG): the bundle's copies of libz, libssl, glib ...
    would shadow their system libraries. This process read its path when it started, and a
    worker of ours (this executable again) is given the bundle's path by the bootloader anew."""
    original = environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is not None:
        environ["LD_LIBRARY_PATH"] = original
    else:
        environ.pop("LD_LIBRARY_PATH", None)


if __name__ == "__main__":
    if getattr(sys, "frozen", False) and sys.platform.startswith("linux"):
        restore_library_path(os.environ)
    sys.exit(gui.main())

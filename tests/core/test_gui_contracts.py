"""The GUI's structure, read from its source (no Qt needed): controllers are handed the objects
they use, never the main window; every GUI module is under the import contract for core's
public values but the session's jobs and the launcher."""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The window's controllers: each owns some commands and is handed what they use.
CONTROLLERS = ("gui/archive.py", "gui/review_panes.py", "gui/main_menus.py", "gui/student_report.py",
               "gui/keyboard.py", "gui/dialogs/export.py")
#: GUI modules allowed to call core's work directly (the session's jobs) or run the CLI (the launcher).
WORK = {"gui.session_jobs", "gui.launcher", "gui"}


def reaches_into_the_window(source: str) -> list[str]:
    """What in `source` takes or reaches into the main window (empty when nothing does)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("main_window"):
            found.append(f"line {node.lineno}: imports {node.module}")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "MainWindow" for a in node.names):
            found.append(f"line {node.lineno}: imports MainWindow")
        elif isinstance(node, ast.arg) and node.arg in ("window", "main_window"):
            found.append(f"line {node.lineno}: takes {node.arg}")
        elif isinstance(node, ast.Attribute) and node.attr in ("window", "main_window"):
            found.append(f"line {node.lineno}: reaches into .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in ("window", "main_window")):
            found.append(f"line {node.lineno}: reaches into the window by getattr")
    return found


def test_the_check_finds_a_controller_that_takes_the_window():
    assert reaches_into_the_window("class C:\n    def __init__(self, window):\n        self.s = window.session\n")
    assert reaches_into_the_window("def f(self):\n    return self.window.settings\n")
    assert reaches_into_the_window("from gui.main_window import MainWindow\n")
    assert reaches_into_the_window("x = getattr(self, 'window', None)\n")
    assert not reaches_into_the_window("class C:\n    def __init__(self, session, parent):\n        self.s = session\n")


def test_controllers_receive_what_they_use_not_the_window():
    bad = {path: found for path in CONTROLLERS
           if (found := reaches_into_the_window((ROOT / path).read_text(encoding="utf-8")))}
    assert bad == {}


def test_every_gui_module_but_the_work_is_held_to_core_s_public_values():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"]
                  if c["name"] == "GUI modules import core's public values only"]
    listed = set(contract["source_modules"])
    modules = set()
    for path in (ROOT / "gui").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not any(name == m or name.startswith(m + ".") for m in listed):
            modules.add(name)
    assert modules <= WORK, sorted(modules - WORK)

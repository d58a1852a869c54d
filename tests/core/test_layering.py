"""core never imports Qt (nor gui): checked in a fresh interpreter."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_core_imports_no_qt():
    code = (
        "import json, sys, pkgutil, importlib, core\n"
        "for m in pkgutil.walk_packages(core.__path__, 'core.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.startswith(('PySide6', 'shiboken6', 'gui')))\n"
        "print(json.dumps([bad, len([n for n in sys.modules if n.startswith('core.')])]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    bad, count = json.loads(out.stdout)
    assert bad == []
    assert count > 10  # the walk really imported the engine's modules


def test_import_core_does_not_load_the_segmenter():
    code = "import sys, core.pipeline, core.cli; print(sorted({'jieba', 'rjieba'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_import_contracts_hold():
    """pyproject's [tool.importlinter] contracts (CI runs lint-imports too)."""
    import pytest

    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    out = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)  # noqa: PLW1510 (the return code is asserted below)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert ", 0 broken" in out.stdout

"""core/lazy.py: a package's exports load on first use, and each is the name it says."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("core.review", "core.academic")


@pytest.mark.parametrize("name", LAZY)
def test_every_export_resolves_and_unknown_names_fail(name):
    package = importlib.import_module(name)
    assert package.__all__
    for export in package.__all__:  # a name listed under the wrong module fails here
        assert getattr(package, export) is not None
        assert export in vars(package)  # looked up once, then a plain attribute
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError):
        package.no_such_export  # noqa: B018 (the attribute access is the test)


def test_a_light_export_does_not_load_the_engines():
    code = ("import json, sys\n"
            "from core.review import UNREVIEWED, Verdicts, short_names\n"
            "import core.academic\n"
            "before = sorted(m for m in ('numpy', 'core.review.summary', 'core.academic.figures') if m in sys.modules)\n"
            "core.academic.LABELS\n"
            "after = sorted(m for m in ('numpy', 'core.academic.figures') if m in sys.modules)\n"
            "print(json.dumps([before, after]))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    before, after = json.loads(out.stdout)
    assert before == []
    assert after == ["core.academic.figures", "numpy"]  # asked for: loaded


def test_nothing_is_read_from_source_files(tmp_path):
    """A frozen app has no .py files: the package loads from bytecode alone."""
    import compileall
    import shutil

    for package in ("core",):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    assert compileall.compile_dir(tmp_path / "core", legacy=True, quiet=1)
    for source in (tmp_path / "core").rglob("*.py"):
        source.unlink()
    code = "import core.review, core.academic; print(core.review.short_names(['a.txt'], ['/x/a.txt']), core.academic.LABELS['en'] is not None)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr[-2000:]


def test_a_lazy_pattern_compiles_on_first_use_and_then_is_the_compiled_one():
    import copy
    import pickle
    import re

    from core.lazy import LazyPattern

    words = LazyPattern(r"[a-z]+", re.IGNORECASE)
    assert "_compiled" not in vars(words)  # nothing compiled at import
    assert words.findall("Ab cD 12") == ["Ab", "cD"]
    assert words.sub("-", "ab 12") == "- 12" and words.fullmatch("Xy") and not words.match("1a")
    assert [m.span() for m in words.finditer("a b")] == [(0, 1), (2, 3)]
    assert words.pattern == "[a-z]+" and words.flags & re.IGNORECASE
    compiled = vars(words)["_compiled"]
    assert isinstance(compiled, re.Pattern) and vars(words)["findall"].__self__ is compiled  # its own method
    assert copy.copy(words).findall("zz") == ["zz"]
    assert pickle.loads(pickle.dumps(LazyPattern("b"))).findall("abb") == ["b", "b"]

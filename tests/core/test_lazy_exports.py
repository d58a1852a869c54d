"""core/lazy.py: a package's exports load on first use, and each is the name it says."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.lazy import _exports

ROOT = Path(__file__).resolve().parents[2]
LAZY = ("core.review", "core.academic")


@pytest.mark.parametrize("name", LAZY)
def test_every_export_is_listed_once_and_resolves_to_its_module(name):
    package = importlib.import_module(name)
    exports = _exports(package.__file__)
    assert sorted(exports) == sorted(package.__all__)  # __all__ and the TYPE_CHECKING block agree
    for export, module in exports.items():
        assert getattr(package, export) is getattr(importlib.import_module(module), export)
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

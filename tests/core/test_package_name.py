"""An installed wheel collides with no other package: its one top-level name is `plagscope`
(core/ and gui/ inside it), and the app runs beside another distribution's `core` package."""

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_in_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {".".join(("plagscope",) + p.parent.relative_to(ROOT).parts)
               for top in ("core", "gui") for p in (ROOT / top).rglob("__init__.py")}
    assert set(config["packages"]) == folders
    assert config["package-dir"] == {"plagscope.core": "core", "plagscope.gui": "gui"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The wheel built from the repository and installed (without its dependencies, which this
    environment has) into a folder of its own, as into site-packages."""
    tmp = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"),  # noqa: PLW1510 (the return code is asserted below)
                            str(ROOT)], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.skip(f"the wheel cannot be built here: {built.stderr[-500:]}")
    [wheel] = (tmp / "dist").glob("plagscope-*.whl")
    site = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                    str(wheel)], check=True, capture_output=True, timeout=600)
    return wheel, site


@pytest.mark.slow
def test_the_wheel_has_one_top_level_package(installed):
    wheel, _site = installed
    with zipfile.ZipFile(wheel) as z:
        tops = {name.split("/")[0] for name in z.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"plagscope"}


@pytest.mark.slow
def test_the_installed_app_runs_beside_another_core_package(installed, tmp_path, samples_dir):
    _wheel, site = installed
    other = tmp_path / "other"  # another distribution's top-level `core`, found first
    (other / "core").mkdir(parents=True)
    (other / "core" / "__init__.py").write_text("WHOSE = 'another package'\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(other), str(site)])}
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    theirs = subprocess.run([sys.executable, "-c", "import core; print(core.WHOSE)"], cwd=outside,  # noqa: PLW1510 (the return code is asserted below)
                            env=env, capture_output=True, text=True, timeout=60)
    assert theirs.stdout.strip() == "another package", theirs.stderr
    ours = subprocess.run([sys.executable, str(site / "bin" / "plagscope"), "check", str(samples_dir),  # noqa: PLW1510 (the return code is asserted below)
                           "--top", "1", "--no-semantic", "--quiet"], cwd=outside, env=env,
                          capture_output=True, text=True, timeout=300)
    assert ours.returncode == 0, ours.stderr
    assert "documents," in ours.stdout and "pairs" in ours.stdout

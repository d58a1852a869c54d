"""core.cli is a package: one module per subcommand, registered by one line; python -m core.cli works."""

import subprocess
import sys
import types
from pathlib import Path

from core.cli import SUBCOMMANDS, build_parser, main
from core.cli.common import fit, width

ROOT = Path(__file__).resolve().parents[2]


def test_a_new_subcommand_is_one_module_and_one_line(monkeypatch, capsys):
    module = types.ModuleType("core.cli.hello")
    module.HELP = "say hello"

    def add_arguments(parser):
        parser.add_argument("who")

    def run(args, parser):
        print(f"hello {args.who}")
        return 7

    module.add_arguments, module.run = add_arguments, run
    monkeypatch.setitem(sys.modules, "core.cli.hello", module)
    monkeypatch.setitem(SUBCOMMANDS, "hello", "core.cli.hello")
    assert main(["hello", "world"]) == 7
    assert capsys.readouterr().out == "hello world\n"
    assert "say hello" in build_parser().format_help()


def test_every_registered_subcommand_has_the_contract():
    import importlib

    assert "check" in SUBCOMMANDS
    for name, module_name in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        assert module.HELP and callable(module.add_arguments) and callable(module.run), name


def test_python_dash_m_core_cli_runs(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "core.cli", "--version"], cwd=ROOT,  # noqa: PLW1510 (the return code is asserted below)
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("plagscope ")


def test_importing_the_package_stays_light():
    code = "import sys, core.cli; print(sorted(m for m in ('core.pipeline', 'numpy', 'core.cli.check') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_fit_counts_wide_and_zero_width_characters():
    assert width("作文ab") == 6
    assert width("\u2068abc\u2069") == 3
    assert fit("作文作文作文", 7) == "作文作…"
    cut = fit("\u2068\u05e9\u05dc\u05d5\u05dd\u05e9\u05dc\u05d5\u05dd\u2069", 5)
    assert cut.count("\u2068") == cut.count("\u2069") == 1  # an isolate is never left open
    assert width(cut) == 5

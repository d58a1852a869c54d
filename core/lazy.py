"""Package exports imported on first use (PEP 562), so that importing a package for one light
value does not load its heavy modules (numpy, the engines) with it: the window starts without
them and loads them with the first check.

A package lists its exports once, as `from MODULE import NAME` lines under
`if TYPE_CHECKING:` (what type checkers and import-linter read), and ends with
`__getattr__, __dir__ = lazy_exports(__name__, __file__)`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path

_IMPORT = re.compile(r"^\s+from ([\w.]+) import (\([^)]*\)|[^\n]*)", re.MULTILINE)


def _exports(path: str) -> dict[str, str]:
    """Name -> module of the `from MODULE import NAME` lines under `if TYPE_CHECKING:` (read
    as text: this runs while the window starts, and parsing the file would cost more)."""
    text = Path(path).read_text(encoding="utf-8")
    block = text.split("\nif TYPE_CHECKING:\n", 1)[1] if "\nif TYPE_CHECKING:\n" in text else ""
    lines = []
    for line in block.splitlines():
        if line and not line.startswith((" ", "\t")):
            break  # the end of the block
        lines.append(line)
    found: dict[str, str] = {}
    for module, names in _IMPORT.findall("\n".join(lines)):
        for name in names.replace("(", " ").replace(")", " ").replace("\n", " ").split(","):
            parts = name.split()
            if parts:
                found[parts[-1]] = module  # `NAME` or `NAME as ALIAS`
    return found


def lazy_exports(package: str, path: str) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module `__getattr__` and `__dir__` of `package` (its __init__ at `path`)."""
    exports = _exports(path)
    if not exports:
        raise ImportError(f"{package} lists no exports under `if TYPE_CHECKING:`")

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(importlib.import_module(package), name, value)  # once: later lookups are plain
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(importlib.import_module(package))) | set(exports))

    return __getattr__, __dir__

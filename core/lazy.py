"""Package exports imported on first use (PEP 562), so that importing a package for one light
value does not load its heavy modules (numpy, the engines) with it: the window starts without
them and loads them with the first check.

A package's __init__ lists its exports once, by module, as data (no file is read: a frozen
app has no sources):

    __getattr__, __dir__, __all__ = lazy_exports(__name__, {
        "core.review.names": ("short_names",),
        ...
    })
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, tuple[str, ...]]
                 ) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """The module `__getattr__`, `__dir__` and `__all__` of `package`, whose names come from the
    modules `exports` maps them from (module -> names), each module imported on first use."""
    source = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> object:
        module = source.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(importlib.import_module(package), name, value)  # once: later lookups are plain
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(importlib.import_module(package))) | set(source))

    return __getattr__, __dir__, sorted(source)

"""What is made on first use rather than at import.

Package exports imported on first use (PEP 562), so that importing a package for one light
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
import re
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


class LazyPattern:
    """A regular expression compiled on its first use, used like the compiled one
    (`_WORDS = LazyPattern(r"\\w+")`, then `_WORDS.findall(text)`): a module whose patterns a
    run may never use (the meaning layer's, on a re-check) imports without compiling them.
    After the first use its methods are the compiled pattern's own (nothing in between)."""

    _METHODS = ("search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split")

    def __init__(self, pattern: str, flags: int = 0):
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # copy and pickle asking for what the class does not define
            raise AttributeError(name)
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = self.__dict__["_compiled"] = re.compile(*self._source)
            self.__dict__.update((method, getattr(compiled, method)) for method in self._METHODS)
        return getattr(compiled, name)

"""What persists between runs (options, window layout, recent files, language), over QSettings.

The QSettings is injected so tests use a temporary INI file instead of the user's settings.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import fields

from PySide6.QtCore import QByteArray, QSettings

from core.options import CheckOptions

log = logging.getLogger(__name__)

MAX_RECENT = 10


class Settings:
    """Typed access to the application's QSettings."""

    def __init__(self, qsettings: QSettings | None = None):
        self.q = qsettings if qsettings is not None else QSettings()

    # options are stored as one JSON object so that unknown or missing fields are harmless
    def options(self) -> CheckOptions:
        """The stored options, each value checked: a wrong one falls back to its default.

        A value of the wrong type (`[]`, `null`, a number where an object belongs, a string
        where a number belongs) or out of range is replaced by its default and named in one
        logged warning; a whole number written as 5.0 counts as 5. Never raises.
        """
        raw = self.q.value("check/options", "")
        if isinstance(raw, (list, tuple)) and all(isinstance(v, str) for v in raw):
            raw = ",".join(raw)  # a hand-edited INI line with commas reads back as a list
        if raw is None or raw == "":
            return CheckOptions()
        try:
            data = json.loads(raw) if isinstance(raw, (str, bytes)) else raw
        except ValueError:
            data = None
        if not isinstance(data, dict):
            log.warning("ignoring stored options (not a JSON object): %.80r", raw)
            return CheckOptions()
        options, rejected = validated_options(data)
        if rejected:
            log.warning("ignoring stored option value(s), using the defaults: %s",
                        ", ".join(f"{k}={v!r:.40}" for k, v in rejected.items()))
        return options

    def set_options(self, options: CheckOptions) -> None:
        self.q.setValue("check/options", json.dumps(options.to_dict(), sort_keys=True))

    def _bytes(self, key: str) -> QByteArray | None:
        value = self.q.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def set_geometry(self, data: QByteArray) -> None:
        self.q.setValue("window/geometry", data)

    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    def set_window_state(self, data: QByteArray) -> None:
        self.q.setValue("window/state", data)

    def splitter(self, name: str) -> QByteArray | None:
        return self._bytes(f"window/splitter_{name}")

    def set_splitter(self, name: str, data: QByteArray) -> None:
        self.q.setValue(f"window/splitter_{name}", data)

    def view_state(self, name: str) -> QByteArray | None:
        """A table header's saved state (column widths, order, sorting)."""
        return self._bytes(f"window/view_{name}")

    def set_view_state(self, name: str, data: QByteArray) -> None:
        self.q.setValue(f"window/view_{name}", data)

    def recent_files(self) -> list[str]:
        """The recent files and folders (strings only; anything else stored there is ignored)."""
        value = self.q.value("files/recent", [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        if not isinstance(value, (list, tuple)):
            if value not in (None, ""):
                log.warning("ignoring stored recent files (not a list): %.80r", value)
            return []
        kept = [v for v in value if isinstance(v, str) and v]
        if len(kept) != len([v for v in value if v not in (None, "")]):
            log.warning("ignoring stored recent file entries that are not paths")
        return kept[:MAX_RECENT]

    def add_recent(self, paths: list[str]) -> list[str]:
        """Put paths first in the recent list (no duplicates, at most MAX_RECENT); returns it."""
        recent = list(dict.fromkeys([*paths, *self.recent_files()]))[:MAX_RECENT]
        self.q.setValue("files/recent", recent)
        return recent

    def clear_recent(self) -> None:
        self.q.setValue("files/recent", [])

    def language(self) -> str | None:
        """The chosen interface language, or None (use the system's) when unset or not a string."""
        value = self.q.value("ui/language", "")
        if value in (None, ""):
            return None
        if not isinstance(value, str):
            log.warning("ignoring stored language: %.40r", value)
            return None
        return value

    def set_language(self, language: str) -> None:
        self.q.setValue("ui/language", language)

    def sync(self) -> None:
        self.q.sync()


def _kind(annotation: str) -> tuple[str, bool]:
    """('int' | 'float' | 'bool' | 'str' | 'tuple', optional) from a field's annotation."""
    parts = [p.strip() for p in str(annotation).split("|")]
    optional = "None" in parts
    base = next((p for p in parts if p != "None"), "str")
    return ("tuple" if base.startswith("tuple") else base), optional


def _checked(value, kind: str, optional: bool):
    """`value` as the field's type, or raise ValueError."""
    if value is None:
        if optional:
            return None
        raise ValueError("missing")
    if kind == "bool":
        if isinstance(value, bool):
            return value
    elif kind == "int":
        if isinstance(value, bool):
            raise ValueError("not a number")
        if isinstance(value, int):
            return value
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return int(value)  # 5.0 means 5
    elif kind == "float":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            return float(value)
    elif kind == "str":
        if isinstance(value, str):
            return value
    elif kind == "tuple":  # noqa: SIM102 (one branch per kind: a value of the wrong type falls through to the default)
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return tuple(value)
    raise ValueError(f"not a {kind}")


def validated_options(data: dict) -> tuple[CheckOptions, dict]:
    """CheckOptions from a stored mapping, value by value: (options, {name: rejected value}).

    Unknown keys are ignored (settings of another version); each known value must have its
    field's type and pass CheckOptions' own range checks, or its default is kept.
    """
    defaults = CheckOptions()
    kept: dict = {}
    rejected: dict = {}
    for f in fields(CheckOptions):
        if f.name not in data:
            continue
        value = data[f.name]
        try:
            checked = _checked(value, *_kind(f.type))
            defaults.with_changes(**{f.name: checked})  # the field's own range check
        except (ValueError, TypeError):
            rejected[f.name] = value
            continue
        kept[f.name] = checked
    try:
        return defaults.with_changes(**kept), rejected
    except (ValueError, TypeError):  # fields valid alone but not together
        return defaults, {**rejected, **kept}

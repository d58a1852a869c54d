"""What persists between runs (options, window layout, recent files, language), over QSettings.

The QSettings is injected so tests use a temporary INI file instead of the user's settings.
"""

from __future__ import annotations

import json
import logging

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
        raw = self.q.value("check/options", "")
        if not raw:
            return CheckOptions()
        try:
            return CheckOptions.from_dict(json.loads(str(raw)))
        except (ValueError, TypeError) as e:
            log.warning("ignoring stored options: %s", e)
            return CheckOptions()

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

    def recent_files(self) -> list[str]:
        value = self.q.value("files/recent", [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        return [str(v) for v in (value or []) if v]

    def add_recent(self, paths: list[str]) -> list[str]:
        """Put paths first in the recent list (no duplicates, at most MAX_RECENT); returns it."""
        recent = list(dict.fromkeys([*paths, *self.recent_files()]))[:MAX_RECENT]
        self.q.setValue("files/recent", recent)
        return recent

    def clear_recent(self) -> None:
        self.q.setValue("files/recent", [])

    def language(self) -> str | None:
        value = self.q.value("ui/language", "")
        return str(value) if value else None

    def set_language(self, language: str) -> None:
        self.q.setValue("ui/language", language)

    def sync(self) -> None:
        self.q.sync()

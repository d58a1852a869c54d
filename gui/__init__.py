"""Plagscope's PySide6 desktop application; drives `core` through `gui.session` only."""

from pathlib import Path

#: Icons, translations and sample essays shipped next to the packages.
RESOURCES = Path(__file__).resolve().parent.parent / "resources"

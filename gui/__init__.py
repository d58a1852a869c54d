"""Plagscope's PySide6 desktop application; drives `core` through `gui.session` only."""

from pathlib import Path

#: Icons, translations and sample essays: `gui/resources` links to the repository's top-level
#: `resources/` and is a real folder inside an installed wheel (package data).
RESOURCES = Path(__file__).resolve().parent / "resources"

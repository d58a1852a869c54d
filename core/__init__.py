"""Plagscope's engine: documents in, fingerprints and matched passages out. Never imports Qt."""

__version__ = "0.1.0"

"""Text to fingerprints: units, segmentation, hashing, winnowing, simhash, profiles."""

from core.engine.segment import warm_up

__all__ = ["warm_up"]

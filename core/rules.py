"""The rules every layer shares, each written once: Hamming distance, near-duplicate, flagged.

The CLI, the reports, the tables, the heat map and the export dialog all call these, so a
pair is "flagged" or a "near-duplicate" in exactly one sense everywhere.
"""

from __future__ import annotations

from core.models import PairResult


def hamming(a: int, b: int) -> int:
    """Differing bits of two 64-bit simhash fingerprints."""
    return (a ^ b).bit_count()


def is_near_duplicate(distance: int, threshold: int) -> bool:
    """Two whole documents are near-duplicates when their simhashes differ in at most `threshold` bits."""
    return distance <= threshold


def is_flagged(pair: PairResult, display_threshold: float, hamming_threshold: int) -> bool:
    """A pair deserves a reader's look: its verbatim similarity or its copied share (both
    engines' findings, `core.evidence`) reaches the display threshold, or it is a near-duplicate.
    A meaning finding alone flags a pair only when what it aligned is that large a share."""
    return (pair.similarity >= display_threshold or pair.copied >= display_threshold
            or is_near_duplicate(pair.hamming, hamming_threshold))


def flagged_pairs(pairs, display_threshold: float, hamming_threshold: int) -> list[PairResult]:
    """The flagged pairs of `pairs`, in their order."""
    return [p for p in pairs if is_flagged(p, display_threshold, hamming_threshold)]

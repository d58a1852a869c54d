"""Unit sequences that stress the in-passage alignment's shortcuts (shared by their tests)."""

import numpy as np


def stressed_units(rng: np.random.Generator, size: int, k: int, phrases: int = 10) -> np.ndarray:
    """A unit sequence: random, over a few units, periodic, or repeating a phrase up to
    `phrases` - 1 times (k-grams near or over MAX_OCCURRENCES, other diagonals nearly as good
    as the main one)."""
    shape = rng.integers(0, 4)
    if shape == 0:
        return rng.integers(0, 100000, size)
    if shape == 1:
        return rng.integers(0, int(rng.integers(2, 6)), size)
    if shape == 2:
        return np.resize(rng.integers(0, 1000, int(rng.integers(1, 2 * k + 2))), size)
    text = rng.integers(100, 100 + int(rng.integers(20, 400)), size)
    if size < k + 4:
        return text
    phrase = rng.integers(0, 50, k + int(rng.integers(-1, 3)))
    for at in rng.choice(size - len(phrase), min(size - len(phrase), int(rng.integers(1, phrases))), replace=False):
        text[at:at + len(phrase)] = phrase
    return text

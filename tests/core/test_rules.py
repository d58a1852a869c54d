"""core.rules: each shared rule decides at its boundary exactly as documented."""

import pytest

from core.models import Document, PairResult, Verdict, text_key
from core.rules import flagged_pairs, hamming, is_flagged, is_near_duplicate


def pair(similarity: float, distance: int) -> PairResult:
    return PairResult(0, 1, distance, similarity, 0.0, 0.0, 0)


def test_hamming_counts_differing_bits():
    assert hamming(0b1011, 0b0001) == 2
    assert hamming(2**64 - 1, 0) == 64


def test_near_duplicate_includes_the_threshold():
    assert is_near_duplicate(3, 3) and not is_near_duplicate(4, 3)


def test_flagged_by_similarity_or_near_duplicate():
    assert is_flagged(pair(0.10, 30), 0.10, 3)
    assert not is_flagged(pair(0.0999, 30), 0.10, 3)
    assert is_flagged(pair(0.0, 3), 0.10, 3)
    assert [p.hamming for p in flagged_pairs([pair(0.5, 20), pair(0.01, 20), pair(0.0, 1)], 0.1, 3)] == [20, 1]


def test_document_key_is_its_text_digest_not_its_position():
    a = Document(0, "a.txt", "/x/a.txt", "txt", "同一篇文章")
    b = Document(7, "b.docx", "/y/b.docx", "docx", "同一篇文章")
    assert a.key == b.key == text_key("同一篇文章")
    assert a.key != text_key("另一篇文章") and len(a.key) == 32


def test_verdict_rejects_unknown_status():
    assert Verdict("confirmed", "copied from 2024 essay").status == "confirmed"
    with pytest.raises(ValueError):
        Verdict("guilty")

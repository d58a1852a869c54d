"""Fingerprints to findings: candidate pairs, passages and pair figures."""

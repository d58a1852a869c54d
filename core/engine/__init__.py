"""Text to fingerprints: units, segmentation, hashing, winnowing, simhash, profiles."""

"""`CheckOptions`: every tunable of a check, validated once, then immutable."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

LANGS = ("zh", "en")


@dataclass(frozen=True, slots=True)
class LangParams:
    """Parameters for one language, in units: k-gram length, winnowing window, the gap that
    still joins two pieces of one passage, the run length that counts as verbatim copying,
    the short gap: a passage is made of pieces whose shared k-grams are at most this far
    apart, each with t units in shared k-grams (a long gap joins two such pieces, never a
    short match alone), and `dense`: a pair's passages count only when one of them took a
    verbatim run of t units or this many units in all (alignment.dense)."""

    k: int
    window: int
    gap: int
    verbatim: int
    short_gap: int = 12
    dense: int = 28

    @property
    def guarantee(self) -> int:
        """t = k + w - 1: any shared run this long is always found, and a passage needs this
        many units in shared k-grams on each side (shorter overlaps are common phrases)."""
        return self.k + self.window - 1


@dataclass(frozen=True, slots=True)
class CheckOptions:
    """Everything a check can be tuned by. Raises ValueError on construction if out of range.

    k / window override both languages' defaults when set; min_passage is in characters
    (0 keeps every passage the engine finds); max_share drops fingerprints present in more
    than that share of the documents (never fewer than `min_common` documents).
    """

    k: int | None = None
    window: int | None = None
    hamming: int = 3
    keywords: int = 64
    min_passage: int = 0
    max_share: float = 0.5
    min_common: int = 10
    max_repeats: int = 8
    template: str | None = None
    exclude: tuple[str, ...] = ()
    display_threshold: float = 0.10
    max_file_mb: float = 50.0
    max_chars: int = 5_000_000
    workers: int | None = None
    # Academic figures (core/academic/figures.py; docs/academic.md): which passage classes
    # the copy ratios leave out, and the shortest passage they count (CNKI: 13 characters;
    # WCopyfind: 6 words). Quotations and reference lists count by default, as CNKI's
    # total ratio and Turnitin's default similarity do; the template never counts.
    exclude_quotes: bool = False
    exclude_references: bool = False
    exclude_template: bool = True
    min_match_chars: int = 13
    min_match_words: int = 6
    # The semantic layer (core/semantic; docs/meaning.md): sentence embeddings find
    # translations and paraphrases; needs the `semantic` extra installed. Off unless asked:
    # a first check of a class costs several times the verbatim check (docs/decisions/051).
    semantic: bool = False

    def __post_init__(self) -> None:
        def need(ok: bool, message: str) -> None:
            if not ok:
                raise ValueError(message)

        need(self.k is None or 1 <= self.k <= 64, "k must be between 1 and 64")
        need(self.window is None or 1 <= self.window <= 256, "window must be between 1 and 256")
        need(0 <= self.hamming <= 64, "the Hamming threshold must be between 0 and 64")
        need(1 <= self.keywords <= 10_000, "keywords must be between 1 and 10000")
        need(0 <= self.min_passage <= 1_000_000, "the minimum passage must be 0 or more characters")
        need(0 < self.max_share <= 1, "max_share must be in (0, 1]")
        need(self.min_common >= 2, "min_common must be at least 2")
        need(self.max_repeats >= 1, "max_repeats must be at least 1")
        need(0 <= self.display_threshold <= 1, "the display threshold must be between 0 and 1")
        need(0 < self.max_file_mb <= 100_000, "the maximum file size must be positive")
        need(self.max_chars >= 1, "the maximum characters per document must be positive")
        need(self.workers is None or self.workers >= 1, "workers must be at least 1")
        need(0 <= self.min_match_chars <= 100_000, "the minimum match must be 0 or more characters")
        need(0 <= self.min_match_words <= 100_000, "the minimum match must be 0 or more words")
        object.__setattr__(self, "exclude", tuple(self.exclude))

    def params(self, lang: str) -> LangParams:
        """The winnowing parameters for `lang`, with the k / window overrides applied."""
        base = DEFAULTS[lang]
        return replace(base, k=self.k or base.k, window=self.window or base.window)

    def with_changes(self, **changes) -> CheckOptions:
        """A validated copy with some fields changed."""
        return replace(self, **changes)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> CheckOptions:
        """Build from a mapping, ignoring unknown keys (settings written by other versions)."""
        names = {f.name for f in fields(cls)}
        clean = {key: value for key, value in data.items() if key in names}
        if "exclude" in clean:
            clean["exclude"] = tuple(clean["exclude"] or ())
        return cls(**clean)


# Chosen by measurement on the evaluation benchmarks: bench/README.md, docs/decisions/004.
DEFAULTS = {
    "zh": LangParams(k=5, window=10, gap=45, verbatim=16, short_gap=16, dense=28),
    "en": LangParams(k=3, window=10, gap=10, verbatim=8, short_gap=10, dense=21),
}

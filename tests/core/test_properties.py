"""Property-based tests over the engine (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine.normalize import unit_texts, units
from core.engine.profile import profile
from core.options import CheckOptions
from core.pipeline import check_documents, run

any_text = st.text(
    alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "Z", "S", "Cc", "M")),
    max_size=300,
)
# disjoint alphabets so that filler on either side never extends the shared passage
shared_text = st.text(alphabet="春眠不觉晓处处闻啼鸟夜来风雨声花落知多少abc xyz", min_size=20, max_size=120)
left_fill = st.text(alphabet="甲乙丙丁戊己庚辛壬癸。", max_size=60)
right_fill = st.text(alphabet="一二三四五六七八九十，", max_size=60)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@SETTINGS
@given(any_text)
def test_unit_spans_lie_inside_the_text_in_order(text):
    u = units(text)
    starts, ends = u.starts.tolist(), u.ends.tolist()
    assert all(0 <= s < e <= len(text) for s, e in zip(starts, ends))
    assert all(e <= s2 for e, s2 in zip(ends, starts[1:]))


@SETTINGS
@given(any_text)
def test_profiles_are_reproducible_and_never_raise(text):
    a, b = profile(text, CheckOptions()), profile(text, CheckOptions())
    assert a.fp_hashes.tolist() == b.fp_hashes.tolist() and a.simhash == b.simhash


@SETTINGS
@given(shared_text, left_fill, left_fill, right_fill, right_fill)
def test_matches_cover_equal_units_and_are_symmetric(docs, shared, p, q, r, s):
    a, b = p + shared + q, r + shared + s
    opts = CheckOptions()
    ab = run(check_documents(docs(a, b), opts))
    ba = run(check_documents(docs(b, a), opts))
    for pair in ab.pairs:
        for m in pair.matches:
            left, right = a[m.left.start:m.left.end], b[m.right.start:m.right.end]
            assert unit_texts(left, units(left)) == unit_texts(right, units(right))
    assert [(x.similarity, x.hamming) for x in ab.pairs] == [(x.similarity, x.hamming) for x in ba.pairs]
    assert [sorted((m.left, m.right) for m in x.matches) for x in ab.pairs] == \
        [sorted((m.right, m.left) for m in x.matches) for x in ba.pairs]


distinct_run = st.lists(st.sampled_from("春眠不觉晓处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望低思故乡"),
                        unique=True, min_size=1, max_size=36).map("".join)


@SETTINGS
@given(distinct_run, left_fill, right_fill)
def test_any_shared_run_of_t_units_is_reported_as_a_passage(docs, shared, p, r):
    a, b = p + shared + "。" + p, r + "，" + shared
    report = run(check_documents(docs(a, b), CheckOptions()))
    t = profile(a, CheckOptions()).params.guarantee
    found = [m for pair in report.pairs for m in pair.matches]
    if len(shared) >= t:
        assert any(a[m.left.start:m.left.end] == shared and b[m.right.start:m.right.end] == shared
                   for m in found)

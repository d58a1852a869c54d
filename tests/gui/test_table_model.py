"""gui/models/table.py: a painted cell's roles come from one call into Python (multiData), through
the sort/filter proxy too, with the values `data()` gives role by role."""

from __future__ import annotations

from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QTableView

from gui.models.pairs import PairFilter, PairModel
from gui.models.table import KEY_ROLE, SORT_ROLE, ColumnTableModel

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
         Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.TextAlignmentRole,
         Qt.ItemDataRole.DecorationRole, KEY_ROLE, SORT_ROLE, Qt.ItemDataRole.CheckStateRole)


def _one_call(model, index, role):
    slot = QModelRoleData(int(role))
    model.multiData(index, QModelRoleDataSpan(slot))
    return slot.data()


def _same(value):
    """Icons compare by what they show (QIcon has no value equality)."""
    return value.cacheKey() if isinstance(value, QIcon) else value


def test_every_role_of_every_cell_is_what_data_gives(planted_class):
    _, report = planted_class
    model = PairModel()
    model.set_report(report)
    proxy = PairFilter()
    proxy.setSourceModel(model)
    assert proxy.rowCount() > 10
    for row in range(0, proxy.rowCount(), 7):
        for column in range(proxy.columnCount()):
            index = proxy.index(row, column)
            for role in ROLES:
                assert _same(_one_call(proxy, index, role)) == _same(proxy.data(index, role)), (row, column, role)


def test_a_paint_asks_python_once_per_cell_not_once_per_role(qtbot, planted_class, monkeypatch):
    _, report = planted_class
    model = PairModel()
    model.set_report(report)
    proxy = PairFilter()
    proxy.setSourceModel(model)
    view = QTableView()
    view.setModel(proxy)
    view.resize(800, 400)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    calls = {"data": 0, "multiData": 0}
    data, multi = ColumnTableModel.data, ColumnTableModel.multiData

    def counted_data(self, *args):
        calls["data"] += 1
        return data(self, *args)

    def counted_multi(self, *args):
        calls["multiData"] += 1
        return multi(self, *args)

    monkeypatch.setattr(ColumnTableModel, "data", counted_data)
    monkeypatch.setattr(ColumnTableModel, "multiData", counted_multi)
    view.grab()  # paints every visible cell
    assert calls["multiData"] > 0 and calls["data"] == 0

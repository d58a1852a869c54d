"""Qt item models: one base table model (`table.ColumnTableModel`) and one small model per table.

A table is a list of rows and a table of columns; each column says how to get its header,
cell text, sort key, tooltip and alignment from a row. Models never import widgets.
"""

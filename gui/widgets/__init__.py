"""The window's panes: document list, pair table, heat map, compare view and its passage list,
the result tabs and the status area. Widgets show models from `gui.models` and values from
`core` (see pyproject's import contracts for which core modules count as public)."""

"""The window's panes: document list, pair table, heat map, compare view and its passage list,
the result tabs and the status area. Widgets show models from `gui.models` and values from
`core` (see pyproject's import contracts for which core modules count as public)."""

from .document_list import DocumentList
from .file_drop import FileDrop
from .heat_map import HeatMap
from .pair_table import PairTable
from .result_tabs import ResultTabs
from .stale_banner import StaleBanner
from .status import StatusArea

__all__ = ["DocumentList", "FileDrop", "HeatMap", "PairTable", "ResultTabs", "StaleBanner", "StatusArea"]

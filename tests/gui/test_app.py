"""gui.app: start-up work that keeps the first check from stalling the window."""

import sys

from core.engine.lexicon import en_lexicon, zh_lexicon
from gui.app import warm_up_engine


def test_warm_up_loads_the_segmenter_and_idf_tables_off_the_gui_thread():
    zh_lexicon.cache_clear()
    en_lexicon.cache_clear()
    thread = warm_up_engine()
    assert thread.daemon and thread.name == "engine-warm-up"
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert zh_lexicon.cache_info().currsize == 1 and en_lexicon.cache_info().currsize == 1
    assert "rjieba" in sys.modules

"""The tables pokersim ships, as DataFrames (see ``data/README.md`` for how each is made).

>>> table = starting_hands()
>>> table.shape
(1521, 9)
"""

from __future__ import annotations

import pandas as pd

from .starting_hands import load_starting_hands


def starting_hands() -> pd.DataFrame:
    """The 169 starting hands against 1..9 random opponents: hand, opponents, win, tie, lose,
    equity, std_error, outcomes, method (exact against one opponent). Regenerate with
    ``python -m pokersim.starting_hands``."""
    return load_starting_hands()

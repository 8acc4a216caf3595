"""The tables pokersim ships, as DataFrames (see ``data/README.md`` for how each is made).

>>> table = starting_hands()
>>> table.shape
(1521, 9)
>>> heads_up().shape, heads_up("equity").shape
((28561, 10), (169, 169))
"""

from __future__ import annotations

import pandas as pd

from .errors import PokersimInputError
from .heads_up import load_heads_up
from .starting_hands import load_starting_hands, starting_hand_names


def starting_hands() -> pd.DataFrame:
    """The 169 starting hands against 1..9 random opponents: hand, opponents, win, tie, lose,
    equity, std_error, outcomes, method (exact against one opponent). Regenerate with
    ``python -m pokersim.starting_hands``."""
    return load_starting_hands()


def heads_up(value: str | None = None) -> pd.DataFrame:
    """Exact heads-up equity of each of the 169 starting-hand classes against each other.

    Without ``value``: long form, one row per (hand, opponent), 28,561 rows: hand, opponent,
    win, tie, lose, equity (of ``hand``, ties split), combos (pairs of combos with no card in
    common), wins, ties, outcomes (exact counts over combos x 1,712,304 boards). With
    ``value`` (one of those columns): wide, 169 x 169, rows ``hand``, columns ``opponent``,
    both in the grid order of :func:`~pokersim.starting_hands.starting_hand_names`.
    Regenerate with ``python -m pokersim.heads_up``.

    >>> grid = heads_up("equity")
    >>> round(float(grid.loc["AKs", "QQ"]), 4), round(float(grid.loc["QQ", "AKs"]), 4)
    (0.4605, 0.5395)
    """
    table = load_heads_up()
    if value is None:
        return table
    if value not in table.columns or value in ("hand", "opponent"):
        raise PokersimInputError(f"value must be one of {list(table.columns[2:])}; got {value!r}")
    names = starting_hand_names()
    return table.pivot(index="hand", columns="opponent", values=value).loc[names, names]

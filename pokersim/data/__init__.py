"""The tables pokersim ships, as ResultFrames: the one public door to them (see
``data/README.md`` for how each is made).

>>> table = starting_hands()
>>> table.shape
(1521, 9)
>>> heads_up().shape, heads_up("equity").shape
((28561, 12), (169, 169))
"""

from __future__ import annotations

from .._core.shipped import read_counts, read_starting_hands, with_fractions
from .._core.validation import short_repr
from ..errors import PokersimInputError
from ..ranges import starting_hand_names
from ..results import ResultFrame

__all__ = ["heads_up", "starting_hands"]


def starting_hands() -> ResultFrame:
    """The 169 starting hands against 1..9 random opponents, a win-rate table: hand,
    opponents, win, tie, lose, equity, std_error, outcomes, method (exact against one
    opponent, Monte Carlo to a standard error of at most 0.0005 beyond). Regenerate with
    ``python -m pokersim.tools.starting_hands``.

    Returns
    -------
    ResultFrame
        A win-rate table: a row per starting hand and opponent count.

    Examples
    --------
    >>> table = starting_hands()
    >>> float(table[(table.hand == "AA") & (table.opponents == 1)].equity.iloc[0])
    0.8520371
    """
    return read_starting_hands()


def heads_up(value: str | None = None) -> ResultFrame:
    """Exact heads-up equity of each of the 169 starting-hand classes against each other.

    Without ``value``: long form, a win-rate table with one row per (hand, opponent_hand),
    28,561 rows: hand, opponent_hand, win, tie, lose, equity (of ``hand``, ties split),
    std_error (0), outcomes (exact counts over combos x 1,712,304 boards), method, then combos
    (pairs of combos with no card in common), wins, ties. The shipped file calls the
    opponent's class ``opponent``; it is read as ``opponent_hand`` (``opponents`` is a count
    elsewhere). With ``value`` (one of the number columns): wide, 169 x 169, rows ``hand``,
    columns ``opponent_hand``, both in the grid order of
    :func:`~pokersim.ranges.starting_hand_names`. Regenerate with
    ``python -m pokersim.tools.heads_up``.

    Parameters
    ----------
    value : str, optional
        A number column (such as ``"equity"``) for the wide 169 x 169 form.

    Returns
    -------
    ResultFrame
        The long table, or the wide grid of ``value``.

    Examples
    --------
    >>> grid = heads_up("equity")
    >>> round(float(grid.loc["AKs", "QQ"]), 4), round(float(grid.loc["QQ", "AKs"]), 4)
    (0.4605, 0.5395)
    """
    table = with_fractions(read_counts())
    if value is None:
        return table
    numbers = [c for c in table.columns if table[c].dtype.kind in "iuf"]
    if value not in numbers:
        raise PokersimInputError(f"value must be one of {numbers}; got {short_repr(value)}")
    names = starting_hand_names()
    grid = table.pivot(index="hand", columns="opponent_hand", values=value).loc[names, names]
    return ResultFrame(grid)

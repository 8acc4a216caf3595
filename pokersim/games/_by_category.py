"""What the games' win rates by category share: the choice of method, the Monte Carlo sums of
one table and the result table.

Five-card draw and Zhajinhua both count, for each hand category, how often a seat holding it
wins, ties and loses: exactly heads-up, by Monte Carlo at any table. Their kernels deal a
table, settle it into an outcome per seat and hand the seats to :func:`add_table`, which
keeps the sums a ratio estimate's standard error needs (:func:`rates` reads them).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._core.jit import jit
from .._core.runner import check_client
from .._core.validation import check_target_stderr, choose_method
from ..results import ResultFrame, win_rate_table


def choose(method, players: int, trials, seed, target_stderr, client) -> tuple[str, float | None]:
    """``("exact" or "monte-carlo", target_stderr)`` after checking the options: exact is
    heads-up only, and "auto" is exact heads-up when no Monte Carlo option is given."""
    target_stderr = check_target_stderr(target_stderr)
    method = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr,
                           exact_possible=players == 2,
                           why_not_exact=f" with players={players} (exact win rates are "
                                         "heads-up: two players)")
    check_client(client)
    return method, target_stderr


#: A seat's outcome, as :func:`add_table` takes it (the codes of ``zhajinhua.Outcome``).
LOSE, TIE, WIN = 0, 1, 2
#: Columns of a category's row in the sums of :func:`add_table`: per outcome o (0 win, 1 tie,
#: 2 lose, 3 pot), the sums over tables of x (seats of the category with outcome o; for the
#: pot, 1 when the category's seats took it, alone or shared, else 0), x * x and x * n, then
#: of n (seats of the category) and n * n.
SX, SXX, SXN, SN, SNN = 0, 4, 8, 12, 13
N_SUMS = 14


def scratch(n_categories: int) -> tuple[np.ndarray, np.ndarray]:
    """The zeroed scratch of :func:`add_table`: one table's x by category and outcome, and
    its n by category."""
    return np.zeros((n_categories, 4), np.int64), np.zeros(n_categories, np.int64)


@jit(inline=True)
def add_table(categories, outcomes, players, x, n, sums):
    """Add one table's sums (see :data:`SX`) to ``sums[category]``: seat p (of ``players``)
    holds ``categories[p]`` and its ``outcomes[p]`` (:data:`WIN`, :data:`TIE` or
    :data:`LOSE`). ``x`` and ``n`` are the zeroed :func:`scratch`, left zeroed.

    The seats that take the pot, alone or sharing it, hold equal strengths, so one category:
    its pot x is 1 and every other's 0, and all the sums are integers."""
    for p in range(players):
        c = categories[p]
        n[c] += 1
        o = outcomes[p]
        if o == WIN:
            x[c, 0] += 1
        elif o == TIE:
            x[c, 1] += 1
        else:
            x[c, 2] += 1
        if o != LOSE:
            x[c, 3] = 1
    for p in range(players):
        c = categories[p]
        k = n[c]
        if k == 0:
            continue  # already added
        sums[c, SN] += k
        sums[c, SNN] += k * k
        for o in range(4):
            v = x[c, o]
            sums[c, SX + o] += v
            sums[c, SXX + o] += v * v
            sums[c, SXN + o] += v * k
            x[c, o] = 0
        n[c] = 0


def rates(sums: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the summed :func:`add_table` sums (K, N_SUMS): the seats dealt each category,
    their win, tie, lose and equity (pot) rates (4, K) and the standard errors of those
    (4, K), of a ratio estimate with the seats of one table one correlated sample; NaN for a
    category never dealt."""
    sums = sums.astype(np.float64)
    sx, sxx, sxn = sums[:, SX:SX + 4], sums[:, SXX:SXX + 4], sums[:, SXN:SXN + 4]
    sn, snn = sums[:, SN], sums[:, SNN]
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = sx / sn[:, None]
        var = (sxx - 2 * rate * sxn + rate**2 * snn[:, None]) / sn[:, None] ** 2
        se = np.sqrt(np.maximum(var, 0))
    return sn, rate.T, se.T


def table(labels, seats, rates, std_errors, method: str, total, **extra) -> ResultFrame:
    """The win-rate table by category, strongest first, from per-category arrays ordered
    weakest first as ``labels`` are: the ``seats`` dealt each category, the win, tie, lose
    and equity ``rates`` (4, K) and their ``std_errors`` (4, K); ``total`` seats in all.
    ``extra`` columns (strongest first) follow ``probability``, before the standard errors
    of win, tie and lose."""
    best_first = slice(None, None, -1)
    seats = np.asarray(seats, np.float64)[best_first]
    rates, std_errors = rates[:, best_first], std_errors[:, best_first]
    return win_rate_table(
        {"category": pd.Categorical(labels[best_first], categories=labels, ordered=True)},
        rates[0], rates[1], rates[2], rates[3], std_errors[3], seats, method,
        probability=seats / total, **extra,
        win_std_error=std_errors[0], tie_std_error=std_errors[1],
        lose_std_error=std_errors[2])

"""What the games' win rates by category share: the choice of method and the result table.

Five-card draw and Zhajinhua both count, for each hand category, how often a seat holding it
wins, ties and loses: exactly heads-up, by Monte Carlo at any table.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

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

"""What an equity run counts, in every game, and the win-rate table of it.

Every kernel of :func:`pokersim.equity` (:mod:`pokersim.engine._games`) ends a run with the
same :class:`Counted`: for each player, the weight of the showdowns that ended in each *outcome
code* ``(h, l)``. ``h`` is how many players hold the best high hand when this player is one
of them, else 0; ``l`` the same for the low half, or ``P + 1`` when no hand qualifies for low
(and always in a game without a low half). One function, :func:`summarise`, makes the table.

>>> codes = codes_of_wins(np.array([43.0, 947.0]), np.zeros((2, 2)), 990.0)
>>> table = summarise(["AhKh", "QsQd"], Counted(codes, 990.0, 990, None, "exact"))
>>> table.equity.tolist() == [43 / 990, 947 / 990]
True

``method="auto"`` follows one rule in every game (:func:`exact_in_reach`): exact when the
enumeration takes at most ``config.EXACT_WORK`` hand evaluations, Monte Carlo otherwise.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .. import config, rankings
from ..results import SHARE_COLUMNS, ResultFrame, win_rate_table

__all__ = ["Counted", "codes_of_wins", "equity_and_error", "exact_in_reach", "shares",
           "split_pot_weights", "standard_errors", "summarise"]


@dataclass(frozen=True)
class Counted:
    """What a run counted, in the players' order: ``codes`` (players, players + 1,
    players + 2), the weight of each outcome code (see the module docstring) summing over
    the codes to ``total`` for every player; ``outcomes`` deals behind them (unweighted:
    trials, or enumerated deals); ``trials`` (None when exact); ``categories`` (players,
    categories) of the final hands where asked for; ``seed`` the run's (None when exact);
    ``target_met``: whether ``target_stderr`` was reached (None: not asked)."""

    codes: np.ndarray
    total: float
    outcomes: int
    trials: int | None
    method: str
    categories: np.ndarray | None = None
    seed: object = None
    target_met: bool | None = None


def exact_in_reach(evaluations: int) -> bool:
    """Whether ``method="auto"`` enumerates a run of that many hand evaluations: at most
    ``config.EXACT_WORK`` (each kernel family counts what it evaluates: deals x players,
    or with every hand ranked once, those hands and a comparison a deal).

    >>> exact_in_reach(1_000), exact_in_reach(10**12)
    (True, False)
    """
    return evaluations <= config.EXACT_WORK


def codes_of_wins(wins: np.ndarray, ties: np.ndarray, total: float) -> np.ndarray:
    """The outcome codes of a game without a low half from ``wins[p]`` (p alone holds the
    best hand) and ``ties[p, j]`` (p shares it with j others), of ``total`` weight.

    >>> codes_of_wins(np.array([5, 2]), np.array([[0, 1], [0, 1]]), 8)[:, :, 3].tolist()
    [[2, 5, 1], [5, 2, 1]]
    """
    n = len(wins)
    codes = np.zeros((n, n + 1, n + 2), np.result_type(wins, ties))
    codes[:, 1, n + 1] = wins
    codes[:, 2:, n + 1] = ties[:, 1:n]
    codes[:, 0, n + 1] = total - wins - ties.sum(axis=1)
    return codes


def _wins_and_ties(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(wins, ties) of the codes of a game without a low half (:func:`codes_of_wins`'s
    inverse): ``ties`` is (players, max(players, 2))."""
    n = codes.shape[0]
    ties = np.zeros((n, max(n, 2)), codes.dtype)
    ties[:, 1:n] = codes[:, 2:, n + 1]
    return codes[:, 1, n + 1], ties


def equity_and_error(wins, ties, total, trials) -> tuple[np.ndarray, np.ndarray]:
    """Each player's equity (pot share, ties split) and its Monte Carlo standard error, from
    ``wins`` and ``ties`` counts (:func:`codes_of_wins`): a trial's pot share is 1 for a
    win, 1 / (j + 1) for a tie with j others."""
    wins = np.asarray(wins, float)
    ties = np.asarray(ties, float)
    share = 1.0 / np.arange(1, ties.shape[1] + 1)
    eq = (wins + ties @ share) / total
    var = np.maximum((wins + ties @ share**2) / total - eq**2, 0.0)
    return eq, np.sqrt(var / trials)


def shares(n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """The pot share from the high half and from the low half of each outcome code
    ``(h, l)``: (n_players + 1, n_players + 2) arrays.

    >>> high, low = shares(2)
    >>> float(high[1, 3]), float(high[2, 1]), float(low[2, 1])  # alone, no low; a quarter; half
    (1.0, 0.25, 0.5)
    """
    h = np.arange(n_players + 1, dtype=float)[:, None]
    l_ = np.arange(n_players + 2, dtype=float)[None, :]
    no_low = l_ == n_players + 1
    high = np.where(h > 0, 1 / np.maximum(h, 1), 0.0) * np.where(no_low, 1.0, 0.5)
    low = np.where((l_ > 0) & ~no_low, 0.5 / np.maximum(l_, 1), 0.0) + 0 * h
    return high, low


@functools.cache
def split_pot_weights(n: int) -> np.ndarray:
    """(11, n + 1, n + 2) float: what each outcome code counts for in the columns of a
    split-pot table (equity, win, tie, lose, squared share, high_win, high_tie, low_win,
    low_tie, high_equity, low_equity)."""
    high, low = shares(n)
    share = high + low
    h = np.arange(n + 1)[:, None]
    l_ = np.arange(n + 2)[None, :]
    no_low = l_ == n + 1
    scoop = (h == 1) & (no_low | (l_ == 1))
    in_low = (l_ >= 1) & ~no_low
    rows = [share, scoop, (share > 0) & ~scoop, share == 0, share**2,
            h == 1, h > 1, l_ == 1, in_low & (l_ > 1), high, low]
    weights = np.stack([np.broadcast_to(r, share.shape) for r in rows]).astype(np.float64)
    weights.flags.writeable = False
    return weights


def standard_errors(counted: Counted, split: bool = False) -> np.ndarray:
    """Each player's Monte Carlo standard error of equity (0 when exact), as
    :func:`summarise` finds it, without the table."""
    n = counted.codes.shape[0]
    if counted.trials is None:
        return np.zeros(n)
    codes = np.asarray(counted.codes, float)
    if split:
        p = codes / counted.total
        eq, square = (p[:, None] * split_pot_weights(n)[[0, 4]]).sum(axis=(2, 3)).T
        return np.sqrt(np.maximum(square - eq**2, 0.0) / counted.trials)
    return equity_and_error(*_wins_and_ties(codes), counted.total, counted.trials)[1]


def summarise(labels, counted: Counted, split: bool = False,
              ranking: str | None = None) -> ResultFrame:
    """The win-rate table of ``counted`` (see :func:`pokersim.equity`): the split-pot
    columns after the standard ones when ``split``, then with ``ranking`` (and
    ``counted.categories``) a column per category of it, strongest first."""
    n = len(labels)
    codes = np.asarray(counted.codes, float)
    total = counted.total
    extra: dict = {}
    if split:
        p = codes / total
        # one product for every column: each sums the same (n + 1) x (n + 2) terms in order
        eq, win, tie, lose, _, *halves = (p[:, None] * split_pot_weights(n)).sum(axis=(2, 3)).T
        high_win, high_tie, low_win, low_tie, high_equity, low_equity = halves
        extra = dict(high_win=high_win, high_tie=high_tie, low_win=low_win, low_tie=low_tie,
                     scoop=win, high_equity=high_equity, low_equity=low_equity)
    else:
        wins, ties = _wins_and_ties(codes)
        win, tie = wins / total, ties.sum(axis=1) / total
        eq = equity_and_error(wins, ties, total, 1)[0]
        lose = (total - wins - ties.sum(axis=1)) / total  # no negative zero
    se = standard_errors(counted, split)
    if ranking is not None and counted.categories is not None:
        share = np.asarray(counted.categories, float) / total
        r = rankings.get(ranking)  # strongest first, as every table lists categories
        shares = {r.labels[c]: share[:, c] for c in r.order}
        extra.update(shares)
    frame = win_rate_table({"player": list(labels)}, win, tie, lose, eq, se,
                           np.full(n, counted.outcomes, np.int64), counted.method, **extra)
    if ranking is not None and counted.categories is not None:
        frame.attrs[SHARE_COLUMNS] = tuple(shares)
    return frame

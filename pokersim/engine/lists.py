"""Two lists of two-card hands against each other on one board (a flop, turn or river), exactly:
the three kernels that count them, and the choice between them.

A player's list is a range, "random", a hand's completions or a hand; one list's hands are
the rows, the other's the columns (whole weights: every sum exact in any order). The kernels:

* the range kernel of :func:`pokersim.batch_equity` against a range
  (:func:`row_by_row_counts`, :mod:`pokersim.engine._games.batch_ranges`): a row at a time,
  the columns ranked by rank class (about 90 lookups a row and runout);
* the runout kernel (:mod:`pokersim.engine._games.lists`): a runout at a time, every hand
  of both lists ranked once on it, each row against each column in vector lanes;
* the sweep (:mod:`pokersim.engine._games.sweep`): a runout at a time too, the hands sorted
  by strength and swept, no pair met one by one.

:func:`list_against_list_counts` counts by the runout kernel or the sweep where one of them
is expected to answer before the range kernel (:data:`ROW_NS`), else says so; heads-up
:func:`pokersim.equity` after the flop (:func:`pokersim.engine.games.game_counts`),
:func:`pokersim.batch_equity`'s spots that share a board and
:func:`pokersim.equity_distribution` (:func:`ranges_on_board`) take it.

>>> from pokersim.cards import parse_cards
>>> from pokersim.evaluator.strengths import kernel_args
>>> board = parse_cards("Qh 7d 2c")
>>> live = np.setdiff1d(np.arange(52), board).astype(np.uint8)
>>> rows, columns = parse_cards("Ah Kh").reshape(1, 2), parse_cards("Qs Qd").reshape(1, 2)
>>> counts, pairs = list_against_list_counts(board, live, rows, columns, np.ones(1),
...                                          tuple(kernel_args()), 990)
>>> counts.tolist(), pairs.tolist()  # AhKh's wins: 28 flushes, 15 straights (JT, not JhTh)
([[43.0, 0.0, 990.0]], [990])
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .._core.jit import on_workers, workers_for
from ..evaluator.strengths import kernel_args
from ..games.game import Game
from ..ranges import N_COMBOS, all_combos, combo_indices
from ._games import batch_ranges as _range_kernels
from ._games import lists as _list_kernels
from ._games import sweep as _sweep_kernels
from .choices import exact_whole_weights
from .question import card_mask, deck_of

__all__ = ["fewest_rows_together", "list_against_list_counts", "ranges_on_board",
           "row_by_row_counts"]


def list_against_list_counts(board: np.ndarray, live: np.ndarray, rows: np.ndarray,
                             columns: np.ndarray, weights: np.ndarray, ht: tuple, pairs: int
                             ) -> tuple[np.ndarray, np.ndarray] | None:
    """The counts of the two-card hands ``rows`` (R, 2) against the hands ``columns`` (C, 2,
    distinct) of whole ``weights`` (above 0) on ``board`` (3 to 5 cards) over every runout
    from the ``live`` cards (ascending; neither list holds a card outside them), ranked with
    the tables ``ht``, by the runout kernel or the sweep (:func:`_kernel_for`, ``pairs`` the
    (row, column, runout) triples, or a bound): (the weight each row beats, ties and meets,
    (R, 3) float64, whole numbers; the (column, runout) pairs it meets, (R,) int64); or None
    where the range kernel (a row at a time) is expected to answer first."""
    n_runout = 5 - board.size
    kernel, cost = _kernel_for(len(rows), len(columns), math.comb(live.size, n_runout),
                               math.comb(live.size - 4, n_runout), pairs)
    if kernel == "runouts":
        return _runout_by_runout(board, live, n_runout, rows, columns, weights, cost, ht)
    if kernel == "sweep":
        return _swept(board, live, rows, columns, weights, ht)
    return None


#: The estimates of :func:`_kernel_for`, in ns on one worker (fitted to kernel calls timed on
#: a Zen 4): :func:`row_by_row_counts` ~120 a row and runout (about 90 rank classes ranked) and ~0.6
#: more a column (those that share a card with the row's hand are taken off their classes);
#: :func:`_runout_by_runout` ~1.2 a hand ranked, ~0.2 a pair of hands compared, and ~30,000
#: more than the row kernel to set up (its arrays, in Python); :func:`_swept` ~20 a hand and
#: runout (ranked, sorted and swept, on one worker; its workers share the runouts where the
#: weights are whole), ~65,000 to set up and ~270 more a runout (listed in Python).
ROW_NS, ROW_COLUMN_NS, LOOKUP_NS, PAIR_NS, RUNOUT_SETUP_NS = 120, 0.6, 1.2, 0.2, 30_000
SWEEP_NS, SWEEP_SETUP_NS, SWEEP_RUNOUT_NS = 20, 65_000, 270


def fewest_rows_together(runouts: int) -> int:
    """The fewest rows on one board that :func:`list_against_list_counts` may count sooner
    than the row kernel, ``runouts`` a pair of hands: with fewer, the row kernel's time is
    below the other kernels' setup alone (:data:`ROW_NS`).

    >>> fewest_rows_together(1), fewest_rows_together(44), fewest_rows_together(990)
    (251, 6, 1)
    """
    return int(min(RUNOUT_SETUP_NS, SWEEP_SETUP_NS) // (ROW_NS * runouts)) + 1


def _kernel_for(n_rows: int, n_columns: int, n_runouts: int, runouts: int,
                pairs: int) -> tuple[str, int]:
    """The kernel of :func:`list_against_list_counts` expected to answer first, for ``n_rows`` rows
    against ``n_columns`` columns on ``n_runouts`` runouts (``runouts`` a pair of hands,
    ``pairs`` (row, column, runout) triples in all): ``"rows"`` (:func:`row_by_row_counts`: a hand
    against a wide range or "random", or a small question), ``"runouts"``
    (:func:`_runout_by_runout`: a range against a range) or ``"sweep"`` (:func:`_swept`: wide
    ranges against each other); and the runout kernel's estimated ns on one worker (its
    workers follow from it). The estimates (:data:`ROW_NS`) are of one worker's time, the row
    and runout kernels' shared by the workers they would get.

    >>> _kernel_for(31, 147, 1_176, 990, 3_760_020)  # QQ+,AK vs 22+,A2s+,KTo+ on a flop
    ('runouts', 1003197)
    >>> _kernel_for(1, 1_176, 1_176, 990, 1_070_190)[0]  # AhKh vs "random" on a flop
    'rows'
    >>> _kernel_for(1_128, 1_128, 48, 44, 53_644_800)[0]  # "random" vs "random" on a turn
    'sweep'
    """
    by_row = (ROW_NS + ROW_COLUMN_NS * n_columns) * n_rows * runouts
    by_runout, cost = _runout_cost(n_rows, n_columns, n_runouts, pairs)
    walls = {"rows": by_row / min(workers_for(pairs), n_rows), "runouts": by_runout,
             "sweep": _sweep_cost(n_runouts, n_rows + n_columns)}
    return min(walls, key=walls.__getitem__), cost


def _runout_cost(n_rows: int, n_columns: int, n_runouts: int, pairs: int) -> tuple[float, int]:
    """(the estimated ns of :func:`_runout_by_runout`, its setup and its kernel shared by its
    workers; the kernel's ns on one worker, whence its workers) for ``n_rows`` rows against
    ``n_columns`` columns on ``n_runouts`` runouts, ``pairs`` (row, column, runout) triples
    (:data:`ROW_NS`)."""
    cost = int(LOOKUP_NS * n_runouts * (n_rows + n_columns) + PAIR_NS * pairs)
    return RUNOUT_SETUP_NS + cost / min(workers_for(cost // 10), n_runouts), cost


def _sweep_cost(n_runouts: int, n_hands: int, whole: bool = True) -> float:
    """The estimated ns of :func:`~pokersim.engine._games.sweep.board_sweep` of ``n_hands``
    distinct hands on ``n_runouts`` runouts (:data:`ROW_NS`), its kernel shared by its
    workers where the weights are ``whole``."""
    workers = _sweep_kernels.sweep_workers(n_runouts, n_hands, whole)
    return SWEEP_SETUP_NS + n_runouts * (SWEEP_RUNOUT_NS + SWEEP_NS * n_hands / workers)


def row_by_row_counts(board: np.ndarray, dead: np.ndarray, game: Game, rows: np.ndarray,
                      by_combo: np.ndarray, work: int, ht: tuple
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The counts of :func:`list_against_list_counts`, of the hands ``rows`` (R, 2) against
    the hands of weights ``by_combo`` (of every combo, :func:`~pokersim.ranges.all_combos`;
    whole numbers) on ``board`` with the ``dead`` cards out, in ``game`` (``work``: the
    deals, two players), by the kernel of
    :func:`~pokersim.engine.batch_ranges.batch_against`
    (:func:`~pokersim.engine._games.batch_ranges.range_rows`: a row a hand, counted by rank
    class but the hands that may make a flush)."""
    combos = _every_combo(game.ranking)
    n = len(rows)
    counts, pairs = np.zeros((n, 3)), np.zeros(n, np.int64)
    n_workers = min(workers_for(work // 2), n)
    spaces = _range_kernels.range_spaces(n_workers, N_COMBOS, combos.classes.keys.size)
    args = (np.ascontiguousarray(rows.reshape(n, 1, 2)),
            np.repeat(board[None, :], n, axis=0), np.repeat(dead[None, :], n, axis=0),
            card_mask(deck_of(game)), combos.masks, combos.keys, combos.bits,
            by_combo.reshape(1, -1), combos.classes, ht, counts, pairs)
    on_workers(lambda w: _range_kernels.range_rows(w, n_workers, *args, spaces[w]), n_workers)
    return counts, pairs


def _runout_by_runout(board: np.ndarray, live: np.ndarray, n_runout: int, rows: np.ndarray,
                      columns: np.ndarray, weights: np.ndarray, cost: int,
                      ht: tuple) -> tuple[np.ndarray, np.ndarray]:
    """(the weight each of the hands ``rows`` (R, 2) beats, ties and meets, (R, 3) float64;
    the (column, runout) pairs it meets, (R,) int64) against the hands ``columns`` of whole
    ``weights`` on ``board``, by :func:`~pokersim.engine._games.lists.lists_on_board`,
    each hand ranked once a runout, the runouts of ``n_runout`` cards from ``live`` shared by
    the workers (as many as the kernel's estimated ``cost``, ns on one worker, calls for)."""
    card_keys, card_bits = ht[:2]
    key = np.uint64(card_keys[board].sum(dtype=np.uint64))
    bits = np.uint64(np.bitwise_or.reduce(card_bits[board]))
    n_runouts = math.comb(live.size, n_runout)
    n_workers = min(workers_for(cost // 10), n_runouts)  # a showdown of the board kernels ~10 ns
    spaces = _list_kernels.list_spaces(n_workers, len(rows), len(columns))
    row_hands = _list_kernels.hands_of(rows, card_keys, card_bits)
    column_hands = _list_kernels.hands_of(columns, card_keys, card_bits)
    meets = _list_kernels.meeting_weights(row_hands, column_hands, weights)
    args = (key, bits, live, n_runout, row_hands, column_hands, meets, ht)
    on_workers(lambda w: _list_kernels.lists_on_board(w, n_workers, *args, spaces[w]),
               n_workers)
    runouts = math.comb(live.size - 4, n_runout)  # of each pair of hands that meet
    counts = np.empty((len(rows), 3))
    counts[:, :2] = spaces[0].counts
    for space in spaces[1:]:
        counts[:, :2] += space.counts
    counts[:, 2] = runouts * meets.sum(axis=1)
    return counts, runouts * np.count_nonzero(meets, axis=1)


def _swept(board: np.ndarray, live: np.ndarray, rows: np.ndarray, columns: np.ndarray,
           weights: np.ndarray, ht: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The counts of :func:`_runout_by_runout` by the sweep of the equity distributions
    (:func:`~pokersim.engine._games.sweep.board_sweep`: the hands of both lists ranked once a
    runout, sorted, and swept with the weight of the weaker columns in all and per card; the
    weights whole, its workers share the runouts), the rows' results read from its first
    side."""
    index = combo_indices(np.concatenate([rows, columns]))
    seen = np.zeros(N_COMBOS, bool)
    seen[index] = True
    present = np.flatnonzero(seen)
    back = (np.cumsum(seen) - 1)[index]  # where each hand's combo is in ``present``
    both = np.zeros((2, present.size))
    both[0, back[:len(rows)]] = 1.0  # the rows' side (its weights count for the other's only)
    both[1, back[len(rows):]] = weights
    sweep = _sweep_kernels.board_sweep(all_combos()[present], both, board, live, ht=ht)
    at = back[:len(rows)]
    counts = np.stack([sweep.wins[0, 0, at], sweep.ties[0, 0, at], sweep.total[0, 0, at]],
                      axis=1)
    return counts, sweep.deals[0, 0, at]


def ranges_on_board(combos: np.ndarray, weights: np.ndarray, board: np.ndarray,
                    live: np.ndarray) -> _sweep_kernels.Sweep:
    """:func:`~pokersim.engine._games.sweep.board_sweep`'s counts of two ranges' combos
    ``combos`` (U, 2) of ``weights`` (2, U) against each other on ``board`` (Hold'em), every
    combo of each side against the other side's, the runouts from the ``live`` cards: by the
    runout kernel once each way (a side's combos as rows, the other's as columns) where both
    sides' weights are whole in proportion and that is expected to answer first
    (:data:`ROW_NS`), else by the sweep (on those whole weights where they are: its workers
    then share the runouts). The same sums up to the last bits (whole weights sum exactly; a
    side's counts are divided back by the factor that made the other side's weights whole).
    """
    sides = [np.flatnonzero(w > 0) for w in weights]
    made = [exact_whole_weights(w[side]) for w, side in zip(weights, sides, strict=True)]
    n_runout = 5 - board.size
    n_runouts, runouts = math.comb(live.size, n_runout), math.comb(live.size - 4, n_runout)
    n_rows, n_columns = (len(side) for side in sides)
    by_runout, cost = _runout_cost(n_rows, n_columns, n_runouts, n_rows * n_columns * runouts)
    whole = [w for w in made if w is not None]
    if len(whole) < 2 or not n_rows or not n_columns:
        return _sweep_kernels.board_sweep(combos, weights, board, live)
    # each side's sums are of the other side's weights: back to the given by its factor
    scale = np.array([weights[1 - side, sides[1 - side][0]] / whole[1 - side][0]
                      for side in (0, 1)])[None, :, None]
    if 2 * by_runout >= _sweep_cost(n_runouts, len(combos)):
        made_whole = np.zeros_like(weights)
        for side in (0, 1):
            made_whole[side, sides[side]] = whole[side]
        sweep = _sweep_kernels.board_sweep(combos, made_whole, board, live)
        return sweep._replace(wins=sweep.wins * scale, ties=sweep.ties * scale,
                              total=sweep.total * scale)
    ht = tuple(kernel_args("high"))
    wins, ties, total = (np.zeros((1, 2, len(combos))) for _ in range(3))
    deals = np.zeros((1, 2, len(combos)), np.int64)
    for side in (0, 1):
        rows, columns, theirs = sides[side], sides[1 - side], whole[1 - side]
        counts, pairs = _runout_by_runout(board, live, n_runout, combos[rows], combos[columns],
                                          theirs, cost, ht)
        for out, column in ((wins, 0), (ties, 1), (total, 2)):
            out[0, side, rows] = counts[:, column]
        deals[0, side, rows] = pairs
    wins, ties, total = wins * scale, ties * scale, total * scale
    return _sweep_kernels.Sweep(wins, ties, total, deals, runouts)


@functools.cache
def _every_combo(ranking: str) -> _range_kernels.Combos:
    """The combo table of the 1,326 two-card combos, in the order of
    :func:`~pokersim.ranges.all_combos`, under ``ranking`` (its arrays writable, as
    :func:`~pokersim.engine.batch_ranges.batch_against`'s: one compiled kernel for both;
    nothing writes to them)."""
    ht = kernel_args(ranking)
    return _range_kernels.combo_table(all_combos(), ht[0], ht[1])

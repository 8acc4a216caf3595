"""Exact hand strength against one random hand: Billings et al.'s measures, in batch.

For a hand (two hole cards) on a board of 3, 4 or 5 cards, against one opponent holding any
two of the cards left, every such hand equally likely:

* ``hs``: the chance of being ahead now, ties counting half (win + tie / 2), on the board as
  it stands;
* ``ehs``: the same at the river, averaged over every runout (the equity against one random
  hand); ``ehs2``: the mean over runouts of the river hand strength squared;
* ``ppot`` and ``npot``: the positive and negative potential to the river (Billings, Papp,
  Schaeffer and Szafron, "Opponent Modeling in Poker", 1998). Over every opponent hand and
  runout, HP[now][river] counts the cases where the hand is behind, tied or ahead now and
  at the river, and total[now] the cases of each state now (every runout of every opponent
  hand in it):
  ``ppot = (HP[b][a] + HP[b][t]/2 + HP[t][a]/2) / (total[b] + total[t]/2)`` and
  ``npot = (HP[a][b] + HP[t][b]/2 + HP[a][t]/2) / (total[a] + total[t]/2)``; NaN where the
  denominator is 0 (a hand never behind or tied now has no positive potential to measure).
  The published pseudocode adds 1 to total[now] once per opponent hand, not per runout,
  which scales the potentials by the number of runouts; its worked example (A♦ Q♣ on
  3♥ 4♣ J♥: PPot 0.208, NPot 0.274) divides by the counts per runout, as here;
* with ``bins``, ``hist_0`` .. : how many runouts put the river hand strength in each of
  ``bins`` equal parts of [0, 1] (the last one closed): the equity distribution that
  potential-aware abstractions cluster on.

Everything is exact (:mod:`pokersim.analysis._strength`). A few hands of a board are each
counted against their opponents one by one, on every runout; more share one count of the
board for all the hole pairs of the cards left at once: every pair is evaluated once per
runout and the strengths swept in order with card removal, rather than hands compared in
pairs.
:func:`hand_strength_table` gives a row for every suit-isomorphic class of a round
(:mod:`pokersim.isomorphism`).

>>> hs = hand_strength("Ad Qc", "3h 4c Jh", bins=5)  # Billings et al.'s example
>>> hs[["hole", "board", "hs", "ehs", "ppot", "npot"]]
    hole     board      hs     ehs    ppot    npot
0  Ad Qc  3h 4c Jh  0.5851  0.5114  0.2083  0.2737
>>> hs.loc[0, ["hist_0", "hist_1", "hist_2", "hist_3", "hist_4"]].tolist()
[38, 386, 353, 80, 224]
"""

from __future__ import annotations

import functools
import json
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from .. import isomorphism
from .._core.combinatorics import subsets
from .._core.jit import on_workers, workers_for
from .._core.runner import _results, check_client, progress_bar
from .._core.validation import check_between, check_count, check_writable, short_repr
from ..cards import as_hands, check_hands, format_cards
from ..engine.question import card_mask
from ..errors import HandShapeError, PokersimInputError
from ..evaluator.strengths import kernel_args
from ..io import PARQUET_KEY, require_format, table_metadata, write_atomic
from ..isomorphism import _paired_rows
from ..results import ResultFrame, table_of
from ._strength import (
    AHEAD_NOW,
    HP_AA,
    HP_AT,
    HP_BA,
    HP_BT,
    HP_TA,
    HP_TT,
    N_STATS,
    RIVER_UNITS,
    SUM_K,
    SUM_K2,
    TIED_NOW,
    board_stats_kernel,
    hand_stats_rows,
    opponent_spaces,
)

__all__ = ["ROUNDS", "board_classes", "hand_strength", "hand_strength_table",
           "write_hand_strength_table"]

#: The rounds a hand's strength is measured on, by their board cards.
ROUNDS = {"flop": 3, "turn": 4, "river": 5}
#: The measures of every row, in order (a table of the river has ``hs`` only: the others
#: are ``hs``, its square, and no potential, with no card to come).
MEASURES = ("hs", "ehs", "ehs2", "ppot", "npot")
#: Boards per kernel call of :func:`hand_strength` (its counts stay a few MB).
BOARDS_PER_CALL = 64
#: Hands of one board up to which :func:`hand_strength` counts each hand against its
#: opponents one by one (:func:`~pokersim.analysis._strength.hand_stats_rows`), not every pair
#: of the board swept together (:func:`board_stats`). One core's time, measured here: a hand
#: one by one ~3.8 ms on a flop, ~0.35 ms on a turn; a board swept ~72 ms and ~3.9 ms (both
#: ways break even near 19 and 11 hands).
DIRECT_HANDS = 8
#: Boards per chunk of :func:`hand_strength_table` by round (a chunk is 0.1 to 0.2 s of work
#: on one core here, and its counts a few tens of MB), and rows per Parquet row group.
TABLE_CHUNK = {"flop": 4, "turn": 96, "river": 1024}
ROW_GROUP = 1 << 22


def hand_strength(hole, board=None, *, bins=None):
    """HS, EHS, EHS², PPot and NPot of each hand against one random hand, exactly.

    Parameters
    ----------
    hole, board : array_like of int, or text
        As :func:`pokersim.isomorphism.index` takes them: hole cards (N, 2) and boards (N, b)
        of b = 3 (flop), 4 (turn) or 5 (river) cards, one hole or one board (1-D, or one
        string) for every row of the other; or, without ``board``, rows of hole cards then
        board together, (N, 2 + b).
    bins : int, optional
        Also count the runouts by river hand strength in this many equal bins of [0, 1]
        (1 to 1,980; the river hand strength is a multiple of 1 / 1,980).

    Returns
    -------
    ResultFrame
        One row per hand: ``hole`` and ``board`` (text), then ``hs``, ``ehs``, ``ehs2``,
        ``ppot``, ``npot`` (float64; see the module's description), then with ``bins`` the
        int64 counts ``hist_0`` .. ``hist_<bins - 1>``. ``attrs`` holds ``method``
        ("exact"), ``round``, ``runouts`` (each hand's runouts: 1,081 on the flop, 46 on
        the turn, 1 on the river), ``opponents`` (its opponent hands now) and ``bins``.

    Raises
    ------
    HandShapeError, CardError, DuplicateCardError
        A wrong shape or dtype, rows of hole and board that do not pair up, a value outside
        0..51, a card twice in a hand (hole and board together).
    PokersimInputError
        ``bins`` outside 1..1,980.

    Notes
    -----
    Up to :data:`DIRECT_HANDS` hands of a board are counted one by one (on a flop, each
    against its 1,081 opponents over 1,081 runouts, a hand's runouts shared by the workers);
    more share one count of all the board's hole pairs (on a flop its 1,176 pairs over 1,176
    runouts, whatever the number of hands). Measured on 2 cores (a Zen 3), the call for one
    hand: a flop 4.3 ms (73 ms by the shared count), a turn 1.0 ms (4.1), a river 0.7 ms
    (1.0).

    >>> frame = hand_strength(["As Ah", "7c 2d"], "Ks Qs 2h 2c 9d")
    >>> frame.hs.round(4).tolist(), bool((frame.ehs == frame.hs).all())
    ([0.8864, 0.946], True)
    """
    holes, boards = _hands(hole, board)
    bins = _check_bins(bins)
    n_board = boards.shape[1]
    stats, hist = _stats_of_hands(holes, boards, bins)
    frame = table_of({"hole": _text(holes), "board": _text(boards),
                      **_measures(stats, n_board),
                      **{f"hist_{i}": hist[:, i] for i in range(bins)}}, len(holes))
    frame.attrs.update(_attrs(n_board, bins))
    return frame


def _text(cards: np.ndarray) -> list[str] | np.ndarray:
    """Each row's cards as text: a list of str (:func:`~pokersim.results.table_of` keeps a
    few rows' text columns made once), an empty column of str objects when there are no
    rows."""
    return list(format_cards(cards)) if len(cards) else np.array([], dtype=object)


def _hands(hole, board):
    """(holes (N, 2), boards (N, b)) uint8, checked, a row each."""
    if board is None:
        arr, _ = as_hands(hole, (2, 5, 6, 7), "hole", check=False)
        if arr.shape[1] == 2:
            raise HandShapeError("hand strength needs a board: give board= (3, 4 or 5 cards), "
                                 "or rows of hole cards then board, (N, 5), (N, 6) or (N, 7); "
                                 f"got hole cards only, {short_repr(hole)}")
        holes, boards = np.ascontiguousarray(arr[:, :2]), np.ascontiguousarray(arr[:, 2:])
    else:
        holes, hole_single = as_hands(hole, (2,), "hole", check=False)
        boards, board_single = as_hands(board, tuple(ROUNDS.values()), "board", check=False)
        holes, boards = _paired_rows(holes, boards, hole_single, board_single)
        check_hands(holes, "hole")
        check_hands(boards, "board")
    check_hands(np.concatenate([holes, boards], axis=1), "hole + board")
    return holes, boards


def _check_bins(bins) -> int:
    """``bins`` as an int: 0 for None (no histogram), else 1..RIVER_UNITS."""
    if bins is None:
        return 0
    return check_between(bins, "bins", 1, RIVER_UNITS,
                         " (the river hand strength is a multiple of 1/1,980)")


def _attrs(n_board: int, bins: int) -> dict:
    n_left = 52 - n_board
    return dict(method="exact", partial=False,
                round=next(name for name, b in ROUNDS.items() if b == n_board),
                runouts=comb(n_left - 2, 5 - n_board), opponents=comb(n_left - 2, 2),
                bins=bins or None)


def board_stats(boards: np.ndarray, bins: int):
    """The kernel's counts for every hole pair of each board (rows of one size, checked):
    ``(holes (B, P, 2) uint8, stats (B, P, N_STATS) int64, hist (B, P, bins) int64)``,
    the P pairs of each board in lexicographic order of their ranks among the cards left
    (see :func:`pair_of`)."""
    boards = np.require(boards, np.uint8, ["C", "W"])  # read-only: another type to Numba
    n_left = 52 - boards.shape[1]
    pairs = comb(n_left, 2)
    holes = np.empty((len(boards), pairs, 2), np.uint8)
    stats = np.empty((len(boards), pairs, N_STATS), np.int64)
    hist = np.empty((len(boards), pairs, bins), np.int64)
    board_stats_kernel(boards, 5 - boards.shape[1], *kernel_args(), holes, stats, hist)
    return holes, stats, hist


def pair_of(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The place of each hole pair among its board's pairs in :func:`board_stats`: with the
    ranks x < y of its cards among the cards left (n of them), ``x * (2n - x - 1) / 2 + (y -
    x - 1)``.

    >>> int(pair_of(np.array([[0, 1]]), np.array([[2, 3, 4]]))[0]), comb(49, 2)
    (0, 1176)
    """
    n = 52 - boards.shape[1]
    low = holes.min(1).astype(np.int64)
    high = holes.max(1).astype(np.int64)
    x = low - (boards < low[:, None]).sum(1)
    y = high - (boards < high[:, None]).sum(1)
    return x * (2 * n - x - 1) // 2 + (y - x - 1)


def _stats_of_hands(holes: np.ndarray, boards: np.ndarray, bins: int):
    """The kernel's counts (N, N_STATS) and histograms (N, bins) of each hand: one by one
    where a board has at most :data:`DIRECT_HANDS` of them (:func:`hand_stats`), else
    computed once per distinct board for all its pairs (:func:`_swept_stats`)."""
    which = np.unique(card_mask(boards), return_inverse=True)[1].reshape(-1)  # by its cards
    direct = np.bincount(which)[which] <= DIRECT_HANDS
    if direct.all():
        return hand_stats(holes, boards, bins)
    stats = np.empty((len(holes), N_STATS), np.int64)
    hist = np.empty((len(holes), bins), np.int64)
    if direct.any():
        stats[direct], hist[direct] = hand_stats(holes[direct], boards[direct], bins)
    stats[~direct], hist[~direct] = _swept_stats(holes[~direct], boards[~direct], bins)
    return stats, hist


def hand_stats(holes: np.ndarray, boards: np.ndarray, bins: int):
    """:func:`board_stats`' counts (N, N_STATS) and histograms (N, bins) of the hands
    ``holes`` (N, 2) on ``boards`` (N, b) alone (checked), each against its opponents one by
    one; one hand's runouts shared by the workers.

    >>> board = np.array([[0, 4, 8, 12, 16]])  # 2c 3c 4c 5c 6c: a straight flush
    >>> stats, _ = hand_stats(np.array([[48, 49]]), board, 0)  # AcAd plays the board
    >>> stats[0, :2].tolist()  # beats none; ties all 990 opponents but the 44 with the 7c
    [0, 946]
    """
    n = len(holes)
    n_runout = 5 - boards.shape[1]
    showdowns = n * comb(50 - boards.shape[1], n_runout) * comb(45, 2)  # hands, runouts, opponents
    n_workers = workers_for(showdowns)
    parts = -(-n_workers // n) if n_runout and 0 < n < n_workers else 1
    stats = np.empty((n * parts, N_STATS), np.int64)
    hist = np.empty((n * parts, bins), np.int64)
    n_workers = max(1, min(n_workers, n * parts))
    spaces = opponent_spaces(n_workers)
    args = (np.require(holes, np.uint8, ["C", "W"]), np.require(boards, np.uint8, ["C", "W"]),
            parts, *kernel_args(), stats, hist)
    on_workers(lambda w: hand_stats_rows(w, n_workers, *args, spaces[w]), n_workers)
    return (stats.reshape(n, parts, N_STATS).sum(axis=1),
            hist.reshape(n, parts, bins).sum(axis=1))


def _swept_stats(holes: np.ndarray, boards: np.ndarray, bins: int):
    """The counts of :func:`_stats_of_hands` by :func:`board_stats`, once per distinct board,
    :data:`BOARDS_PER_CALL` boards per call."""
    keys = np.sort(boards, axis=1)
    distinct, which = np.unique(keys, axis=0, return_inverse=True)
    which = which.reshape(-1)
    pair = pair_of(holes, keys)
    order = np.argsort(which, kind="stable")
    ends = np.searchsorted(which[order], np.arange(0, len(distinct) + BOARDS_PER_CALL,
                                                   BOARDS_PER_CALL))
    stats = np.empty((len(holes), N_STATS), np.int64)
    hist = np.empty((len(holes), bins), np.int64)
    for call, first in enumerate(range(0, len(distinct), BOARDS_PER_CALL)):
        _, board_counts, board_hist = board_stats(distinct[first:first + BOARDS_PER_CALL], bins)
        rows = order[ends[call]:ends[call + 1]]
        stats[rows] = board_counts[which[rows] - first, pair[rows]]
        hist[rows] = board_hist[which[rows] - first, pair[rows]]
    return stats, hist


def _measures(stats: np.ndarray, n_board: int) -> dict[str, np.ndarray]:
    """HS, EHS, EHS², PPot and NPot from the kernel's counts of hands on boards of
    ``n_board`` cards."""
    n_left = 52 - n_board
    n_runout = 5 - n_board
    opponents = comb(n_left - 2, 2)
    runouts = comb(n_left - 2, n_runout)  # of each hand
    shared = comb(n_left - 4, n_runout)  # of each hand and opponent
    c = {name: stats[:, column].astype(np.float64) for name, column in (
        ("ahead", AHEAD_NOW), ("tied", TIED_NOW), ("aa", HP_AA), ("ta", HP_TA), ("ba", HP_BA),
        ("at", HP_AT), ("tt", HP_TT), ("bt", HP_BT), ("k", SUM_K), ("k2", SUM_K2))}
    total_a, total_t = c["ahead"] * shared, c["tied"] * shared
    total_b = (opponents - c["ahead"] - c["tied"]) * shared
    ab = total_a - c["aa"] - c["at"]  # ahead now, behind at the river
    tb = total_t - c["ta"] - c["tt"]
    return {
        "hs": (2 * c["ahead"] + c["tied"]) / (2 * opponents),
        "ehs": c["k"] / (RIVER_UNITS * runouts),
        "ehs2": c["k2"] / (RIVER_UNITS**2 * runouts),
        "ppot": _ratio(2 * c["ba"] + c["bt"] + c["ta"], 2 * total_b + total_t),
        "npot": _ratio(2 * ab + tb + c["at"], 2 * total_a + total_t),
    }


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, NaN where the denominator is 0."""
    return np.divide(numerator, denominator, out=np.full(numerator.shape, np.nan),
                     where=denominator > 0)


# ---------------------------------------------------------------------------------------------
# Tables: a row for every class of a round


@functools.cache
def board_classes(n_board: int) -> np.ndarray:
    """A board of each class of boards of ``n_board`` cards under the relabelling of suits
    (1,755 flops, 16,432 turns, 134,459 rivers), the first of its class in lexicographic
    order: a read-only (classes, n_board) uint8 array. Every hand of a round is a
    relabelling of a hand on one of them.

    >>> len(board_classes(3)), format_cards(board_classes(3)[-1])
    (1755, 'Ac Ad Ah')
    """
    boards = subsets(52, n_board)
    ranks = (boards >> 2).astype(np.int64)
    suits = boards & 3
    masks = np.zeros((len(boards), 4), np.int64)  # the ranks each suit holds
    rows = np.arange(len(boards))
    for j in range(n_board):
        masks[rows, suits[:, j]] += np.int64(1) << ranks[:, j]
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, first = np.unique(key, return_index=True)
    out = boards[np.sort(first)]
    out.setflags(write=False)
    return out


def hand_strength_table(round, *, bins=None, client=None, chunk_size=None, progress=False):
    """A row of HS, EHS, EHS², PPot and NPot for every suit-isomorphic class of a round.

    Each board of :func:`board_classes` is measured with all its hole pairs at once (as
    :func:`hand_strength` does) and each pair's measures go to the row of its class
    (:func:`pokersim.isomorphism.index`); :func:`pokersim.isomorphism.unindex` gives a
    class's canonical hand. :func:`write_hand_strength_table` writes the same table to a
    Parquet file without building the frame.

    Parameters
    ----------
    round : str
        ``"flop"`` (1,286,792 classes), ``"turn"`` (13,960,050) or ``"river"``
        (123,156,254).
    bins : int, optional
        Also count each class's runouts by river hand strength in this many bins (see
        :func:`hand_strength`), as uint16 columns ``hist_0`` ..; not on the river.
    client : dask.distributed.Client or concurrent.futures.Executor, optional
        Where to run the chunks (see :mod:`pokersim._core.runner`); None runs here.
    chunk_size : int, optional
        Boards per chunk: 4 on the flop, 96 on the turn, 1,024 on the river by default
        (0.1 to 0.2 s of one core each).
    progress : bool
        A progress bar on stderr, in boards.

    Returns
    -------
    ResultFrame
        One row per class, in class order: ``class`` (int64), ``hs`` and on the flop and
        turn ``ehs``, ``ehs2``, ``ppot``, ``npot`` (float64), then the histogram; the
        ``attrs`` of :func:`hand_strength`.

    Notes
    -----
    Time on 2 cores, measured with ``pokersim bench``: see ``docs/api.md``, "Hand strength".
    Memory: the whole table, 16 bytes a class on the river (2 GB), 48 on the turn, 148 on the
    flop with 50 bins.

    Examples
    --------
    >>> table = hand_strength_table("flop", bins=50)  # doctest: +SKIP
    >>> hand = isomorphism.index("Ad Qc", "3h 4c Jh")
    >>> table.loc[hand, "ppot"]  # doctest: +SKIP
    0.2083...
    """
    columns, hist, attrs = _table(round, bins, client, chunk_size, progress)
    frame = ResultFrame({"class": np.arange(len(columns["hs"]), dtype=np.int64), **columns,
                         **{f"hist_{i}": hist[:, i] for i in range(hist.shape[1])}})
    frame.attrs.update(attrs)
    return frame


def write_hand_strength_table(round, path, *, bins=None, client=None, chunk_size=None,
                              progress=False):
    """Write :func:`hand_strength_table` to a Parquet file, in row groups of 4,194,304
    classes, without building the frame (the river's table is 2 GB of columns).

    Parameters
    ----------
    round : str
        ``"flop"``, ``"turn"`` or ``"river"``.
    path : str or path-like
        The file to write (its name ends in ``.parquet``), checked before any work. It
        appears only once complete; :func:`pokersim.io.read_table` reads it back with its
        metadata block (the ``attrs``).
    bins, client, chunk_size, progress
        As in :func:`hand_strength_table`.

    Returns
    -------
    pathlib.Path
        The path written.
    """
    path = _check_path(path)
    columns, hist, attrs = _table(round, bins, client, chunk_size, progress)
    return _write_parquet(path, columns, hist, attrs)


def _table(round, bins, client, chunk_size, progress) -> tuple[dict, np.ndarray, dict]:
    """(the columns by name, the histogram (classes, bins), the attrs) of a round's table,
    the options checked first."""
    n_board = _round_cards(round)
    bins = _check_bins(bins)
    if bins and n_board == 5:
        raise PokersimInputError(f"bins={bins!r}: on the river a hand has one runout, so its "
                                 "histogram is one count in the bin of its hs; leave bins out")
    check_client(client)
    per_chunk = (TABLE_CHUNK[round] if chunk_size is None
                 else check_count(chunk_size, "chunk_size", 1))
    columns, hist = _fill_table(round, board_classes(n_board), bins, per_chunk, client,
                                progress)
    if np.isnan(columns["hs"]).any():  # every class is a relabelling of a hand on a board
        raise AssertionError(f"{int(np.isnan(columns['hs']).sum())} {round} classes "
                             "unreached")  # pragma: no cover
    return columns, hist, _attrs(n_board, bins)


def _round_cards(round) -> int:
    if not isinstance(round, str) or round not in ROUNDS:
        raise PokersimInputError(f"round must be one of {', '.join(map(repr, ROUNDS))}; got "
                                 f"{short_repr(round)}")
    return ROUNDS[round]


def _check_path(path) -> Path:
    """``path`` once a Parquet file can be written there: checked before any work."""
    if Path(str(path)).suffix.lower() != ".parquet":
        raise PokersimInputError(f"path must name a Parquet file (ending in .parquet); got "
                                 f"{short_repr(str(path))}")
    out = check_writable(path)
    require_format("parquet")
    return out


def _table_columns(n_board: int) -> tuple[str, ...]:
    return MEASURES[:1] if n_board == 5 else MEASURES


def _fill_table(round: str, boards: np.ndarray, bins: int, per_chunk: int, client,
                progress: bool):
    """The table's measure columns (NaN until written) and histogram, filled chunk by
    chunk of boards."""
    count = isomorphism.class_count(round)
    names = _table_columns(boards.shape[1])
    columns = {name: np.full(count, np.nan) for name in names}
    hist = np.zeros((count, bins), np.uint16)
    n = len(boards)
    bar = progress_bar(progress, n, f"hand strength, {round}", "boards")
    results = _results(_table_chunk, (boards, bins), per_chunk, n, client,
                       lambda first, end: bar.update(end - first), grow=False)
    try:
        for _, (classes, values, counts) in results:
            for j, name in enumerate(names):
                columns[name][classes] = values[:, j]
            hist[classes] = counts
    finally:
        results.close()
        bar.close()
    return columns, hist


def _table_chunk(problem, first: int, n: int):
    """(classes, measures, histograms) of every hole pair of boards first .. first + n - 1:
    a chunk of :func:`hand_strength_table`, here or on a worker."""
    boards, bins = problem
    part = boards[first:first + n]
    holes, stats, hist = board_stats(part, bins)
    pairs = holes.shape[1]
    classes = isomorphism.index(holes.reshape(-1, 2), np.repeat(part, pairs, axis=0))
    measures = _measures(stats.reshape(-1, N_STATS), part.shape[1])
    values = np.column_stack([measures[name] for name in _table_columns(part.shape[1])])
    return classes, values, hist.reshape(len(classes), bins).astype(np.uint16)


def _write_parquet(path: Path, columns: dict, hist: np.ndarray, attrs: dict) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    count = len(columns["hs"])
    meta = table_metadata(pd.DataFrame(), **attrs)  # the metadata block of pokersim.io
    schema = pa.schema([("class", pa.int64())] + [(name, pa.float64()) for name in columns]
                       + [(f"hist_{i}", pa.uint16()) for i in range(hist.shape[1])],
                       metadata={PARQUET_KEY: json.dumps(meta)})

    def write(f):
        with pq.ParquetWriter(f, schema) as writer:
            for start in range(0, count, ROW_GROUP):
                part = slice(start, min(start + ROW_GROUP, count))
                arrays = ([pa.array(np.arange(part.start, part.stop, dtype=np.int64))]
                          + [pa.array(column[part]) for column in columns.values()]
                          + [pa.array(hist[part, i]) for i in range(hist.shape[1])])
                writer.write_table(pa.Table.from_arrays(arrays, schema=schema))

    return write_atomic(path, write, mode="wb")

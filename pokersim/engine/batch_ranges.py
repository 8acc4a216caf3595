"""Equity of many hands, each against a range on its own board, exactly: what
:func:`~pokersim.engine.batch.batch_equity` does with ``against=``.

>>> table = batch_against(["AhKh", "7c7d"], ["2c 7d Qh", "Ks Qs 2d"], None,
...                       "QQ+, AK", get_game("holdem"))
>>> table[["spot", "player", "win", "equity", "outcomes"]]
  spot player     win  equity outcomes
0    0      0  7.189%   30.8%   17,820
1    0      1  45.59%   69.2%   17,820
2    1      0  6.313%  6.313%   23,760
3    1      1  93.69%  93.69%   23,760

Each row is one hand (player 0) against the range (player 1). A range is text, a
:class:`~pokersim.ranges.Range`, or weights of the 1,326 two-card combos (in the order of
:mod:`pokersim.ranges`: combo (hi, lo), hi > lo, is number hi (hi - 1) / 2 + lo), one row for
every spot or a row a spot. Row by row, the combos that hold one of the row's cards are left
out, as :func:`pokersim.equity` leaves them out; every runout of the board is dealt from the
cards left, and a combo that holds a runout's card sits that runout out. ``outcomes`` counts
the (combo, runout) pairs met.

Row by row by default (the range kernel, :mod:`pokersim.engine._games.batch_ranges`); with
one range of whole weights, the spots that share a board and dead cards are counted together
where that is expected to be faster (:func:`_on_shared_boards`): every hand a flop leaves
against a range in a quarter of the time. The same numbers either way.
"""

from __future__ import annotations

import math

import numpy as np

from .._core.jit import on_workers, workers
from .._core.runner import run_chunks
from .._core.validation import short_repr
from ..errors import PokersimInputError, RangeError, SimulationInterrupted
from ..evaluator.strengths import kernel_args
from ..games.game import Game
from ..games.game import get as get_game  # noqa: F401  (the doctest's)
from ..ranges import N_COMBOS, Range, all_combos, parse_range
from ..results import win_rate_table
from ._games import batch_ranges as _kernels
from .choices import exact_whole_weights
from .lists import fewest_rows_together, list_against_list_counts
from .question import card_mask, cards_left, deck_of
from .spots import read_spots

__all__ = ["batch_against", "one_hand_a_row"]

#: Rows a chunk when ``chunk_size`` is not given.
CHUNK_ROWS = 16_384
#: The most runouts of a board of 3 cards and a hand: two cards from the 47 left.
MOST_RUNOUTS = 1081


def batch_against(hands, boards, dead, against, game: Game, *, chunk_size: int | None = None,
                  progress: bool = False, as_array: bool = False, spot_ids=None):
    """The win-rate table of each hand of ``hands`` (N of them) against ``against`` on its
    board, exactly (see the module docstring), or with ``as_array`` its (N, 2) equities.
    The arguments are :func:`~pokersim.engine.batch.batch_equity`'s, checked there but for
    the hands, the board and the range, checked here."""

    spots = read_spots(one_hand_a_row(hands), boards, dead, game, spot_ids, min_players=1)
    n = spots.hands.shape[0]
    if spots.boards.shape[1] < 3 and n:
        raise PokersimInputError(f"against a range, batch_equity counts every runout of a "
                                 f"board of 3 to 5 cards; got boards of "
                                 f"{spots.boards.shape[1]}")
    weights = _whole(_weights(against, n))
    ht = tuple(kernel_args(game.ranking))
    used = (weights > 0).any(axis=0)  # combos no row weighs are left out at once
    cards = all_combos()[used]
    combos = _kernels.combo_table(cards, ht[0], ht[1])
    weights = np.ascontiguousarray(weights[:, used])
    deck = card_mask(deck_of(game))
    counts = np.zeros((n, 3))
    pairs = np.zeros(n, np.int64)
    rows = CHUNK_ROWS if chunk_size is None else chunk_size

    # one range of whole weights: rows that share a board may be counted together
    shared = weights.shape[0] == 1 and bool((weights == np.floor(weights)).all())

    def chunk(_, first, k):
        rows = np.arange(first, first + k)
        if shared and k > 1:
            rows = _on_shared_boards(spots, first, first + k, game, cards, combos.masks,
                                     weights[0], ht, counts, pairs)
        if rows.size == k:  # the whole chunk: the arrays' slices, no copy
            part = slice(first, first + k)
            _row_by_row(spots.hands[part], spots.boards[part], spots.dead[part],
                        weights[part] if weights.shape[0] > 1 else weights,
                        counts[part], pairs[part])
        elif rows.size:
            part_counts, part_pairs = counts[rows], pairs[rows]
            _row_by_row(spots.hands[rows], spots.boards[rows], spots.dead[rows], weights,
                        part_counts, part_pairs)
            counts[rows], pairs[rows] = part_counts, part_pairs
        return (np.array([k]),)

    def _row_by_row(hands, boards, dead, row_weights, out_counts, out_pairs):
        n_workers = max(1, min(workers(), hands.shape[0]))
        spaces = _kernels.range_spaces(n_workers, combos.masks.size, combos.classes.keys.size)
        on_workers(lambda w: _kernels.range_rows(
            w, n_workers, hands, boards, dead, deck, combos.masks, combos.keys, combos.bits,
            row_weights, combos.classes, ht, out_counts, out_pairs, spaces[w]), n_workers)

    done = n
    if n:
        run = run_chunks(chunk, None, n_blocks=n, chunk_blocks=rows, progress=progress,
                         unit="spots")
        done = min(run.blocks, n)
        if run.interrupted:
            raise SimulationInterrupted(_result(counts[:done], pairs[:done], spots.ids[:done],
                                                game, against, as_array, True))
    empty = np.flatnonzero(pairs[:done] == 0)
    if empty.size:
        row = int(empty[0])
        name = f"row {row}" if spot_ids is None else f"spot {spots.ids[row]}"
        raise RangeError(f"{name}: no combo of the range is left with the spot's cards "
                         f"(its hand, board and dead cards)")
    return _result(counts, pairs, spots.ids, game, against, as_array, False)


def _on_shared_boards(spots, first: int, stop: int, game: Game, cards: np.ndarray,
                      masks: np.ndarray, weights: np.ndarray, ht: tuple, counts: np.ndarray,
                      pairs: np.ndarray) -> np.ndarray:
    """Count the spots ``first .. stop - 1`` that share their board and dead cards (in any
    order) with enough others (:func:`~pokersim.engine.lists.fewest_rows_together`), each
    such group against the range's combos ``cards`` (card masks ``masks``, whole ``weights``
    of one row) at once where the runout kernel or the sweep is expected to answer before
    the row kernel (:func:`~pokersim.engine.lists.list_against_list_counts`), into
    ``counts`` and ``pairs``; returns the rows left to the row kernel. The same counts: whole
    weights sum exactly in any order."""
    deck = deck_of(game)
    n_runout = game.board - spots.boards.shape[1]
    runouts = math.comb(spots.n_live(game) - 2, n_runout)  # of a pair of hands
    fewest = max(2, fewest_rows_together(runouts))
    rows = np.arange(first, stop)
    on_board = spots.boards[first:stop]
    lowest, highest = on_board[:, 0].astype(np.int64), on_board[:, 0].astype(np.int64)
    for j in range(1, on_board.shape[1]):  # (a column at a time: 10x numpy's min(axis=1))
        np.minimum(lowest, on_board[:, j], out=lowest)
        np.maximum(highest, on_board[:, j], out=highest)
    if fewest > rows.size or np.bincount(lowest * 52 + highest).max() < fewest:
        return rows  # no board as often (random spots)
    boards, dead_cards = card_mask(on_board), card_mask(spots.dead[first:stop])
    order = np.lexsort((dead_cards, boards))  # spots of one board and dead cards side by side
    boards, dead_cards = boards[order], dead_cards[order]
    starts = np.flatnonzero(np.concatenate(
        [[True], (boards[1:] != boards[:-1]) | (dead_cards[1:] != dead_cards[:-1]), [True]]))
    sizes = np.diff(starts)
    done = np.zeros(rows.size, bool)
    for g in np.flatnonzero(sizes >= fewest):
        members = order[starts[g]:starts[g + 1]]
        row = rows[members[0]]
        board, taken = spots.boards[row], np.concatenate([spots.boards[row], spots.dead[row]])
        keep = (weights > 0) & ((masks & card_mask(taken)) == 0)
        live = cards_left(deck, taken)
        hands = spots.hands[rows[members], 0]
        bound = len(members) * int(keep.sum()) * runouts
        counted = list_against_list_counts(board, live, hands, cards[keep], weights[keep],
                                           ht, bound)
        if counted is not None:
            counts[rows[members]], pairs[rows[members]] = counted
            done[members] = True
    return rows[~done]


def one_hand_a_row(hands):
    """(N, 2) cards or N texts, as batch_equity's (N, 1, 2) or (N, 1) players."""
    arr = np.asarray(hands) if not isinstance(hands, str) else np.asarray([hands])
    if arr.dtype.kind in "USO":
        return arr.reshape(arr.shape[0], 1) if arr.ndim == 1 else arr
    return arr[:, None, :] if arr.ndim == 2 else arr


def _weights(against, n: int) -> np.ndarray:
    """The range as (1 or N, 1326) float64 weights."""
    if isinstance(against, str):
        against = parse_range(against)
    if isinstance(against, Range):
        return against.combo_weights()[None, :]
    arr = np.asarray(against)
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.dtype.kind not in "biuf" or arr.ndim != 2 or arr.shape[1] != N_COMBOS or (
            arr.shape[0] not in (1, n)):
        raise RangeError(f"against is range text, a Range, or weights of the {N_COMBOS} "
                         f"combos: shape ({N_COMBOS},) or ({n}, {N_COMBOS}); got "
                         f"{short_repr(against)}")
    weights = arr.astype(np.float64)
    bad = ~np.isfinite(weights) | (weights < 0)
    if bad.any():
        row, c = (int(i) for i in np.argwhere(bad)[0])
        raise RangeError(f"against[{row}, {c}] = {weights[row, c]}: a weight is a finite "
                         f"number 0 or more")
    return weights


def _whole(weights: np.ndarray) -> np.ndarray:
    """One row of weights (a range) in the same proportions as whole numbers where they can
    be (:func:`~pokersim.engine.choices.exact_whole_weights`): the kernel's sums are then exact in
    any order, and the equities those of :func:`pokersim.equity` to the bit. A weight a
    row and spot, or weights no whole numbers express, are kept as given."""
    given = weights > 0
    if weights.shape[0] != 1 or not given.any():
        return weights
    whole = exact_whole_weights(weights[given])
    if whole is None or whole.sum() * MOST_RUNOUTS >= 2**53:
        return weights
    out = weights.copy()
    out[given] = whole
    return out


def _result(counts, pairs, ids, game, against, as_array: bool, partial: bool):
    """The hands' and the range's columns, as a table or (N, 2) equities."""
    met = counts[:, 2]
    with np.errstate(invalid="ignore", divide="ignore"):
        win, tie = counts[:, 0] / met, counts[:, 1] / met
    lose = 1 - win - tie
    equity = win + tie / 2
    if as_array:
        return np.stack([equity, 1 - equity], axis=1)
    n = len(met)

    def by_player(hand, the_range):
        return np.stack([hand, the_range], axis=1).reshape(-1)

    frame = win_rate_table(
        {"spot": np.repeat(ids, 2), "player": np.tile(np.arange(2, dtype=np.int64), n)},
        by_player(win, lose), by_player(tie, tie), by_player(lose, win),
        by_player(equity, 1 - equity), np.zeros(2 * n), np.repeat(pairs, 2), "exact")
    frame.attrs.update(game=game.name, against=_label(against), seed=None, trials=None,
                       partial=partial)
    return frame


def _label(against) -> str:
    """What the table records of the range: its text, or what the weights were."""
    if isinstance(against, str):
        return against
    if isinstance(against, Range):
        return against.text or f"a Range of {len(against)} combos"
    return "weights of the 1,326 combos"


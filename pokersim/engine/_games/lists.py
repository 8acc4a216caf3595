"""The kernel of an exact heads-up run of two lists of two-card hands on one board (a flop,
turn or river; the games of two hole cards ranked with the board's five: Hold'em, the short
decks), runout by runout.

Each runout of the board is dealt once. On it every hand of both lists that holds none of its
cards is ranked once (one :func:`~pokersim.evaluator.tables.lookup`), then each hand of the
first list (a row) meets every hand of the second (a column) that shares no card with it:
the column's weight counts as beaten, tied or neither, and as met. R rows against C columns
cost R + C lookups a runout and R x C comparisons, in vector lanes (whole weights as
integers: the sums are exact in any order, so the workers may share the runouts as they
will). The range kernel (:mod:`.batch_ranges`, a row a spot) ranks the columns' rank classes
anew for each row: about 90 lookups a row and runout, cheaper for a hand against a wide
range, dearer for a range against a range (QQ+,AK against 22+,A2s+,KTo+ on a flop: 1.4-1.9
ms a call here, 4.6-6.8 there, two threads); :func:`pokersim.engine.games._runout_cost`
picks.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, share, worker_copies
from ...evaluator.tables import KEY_BIAS, lookup

_U = np.uint64
#: A column's mask on a runout that holds one of its cards: every row's hand meets it.
_GONE = _U(0xFFFFFFFFFFFFFFFF)


class Hands(NamedTuple):
    """A list of two-card hands as the kernel reads them (:func:`hands_of`)."""

    masks: np.ndarray  # (n,) uint64: each hand's cards
    keys: np.ndarray  # (n,) uint64: its key, from KEY_BIAS ...
    bits: np.ndarray  # (n,) uint64: ... and suit-rank bits


def hands_of(cards: np.ndarray, card_keys: np.ndarray, card_bits: np.ndarray) -> Hands:
    """The :class:`Hands` of two-card hands ``cards`` (n, 2) under a ranking's card keys and
    bits (:func:`~pokersim.evaluator.strengths.kernel_args`).

    >>> from pokersim.evaluator.strengths import kernel_args
    >>> keys, bits = kernel_args()[:2]
    >>> hands_of(np.array([[0, 51]]), keys, bits).masks == (1 | 1 << 51)
    array([ True])
    """
    c = np.asarray(cards, np.intp)
    masks = (_U(1) << c[:, 0].astype(_U)) | (_U(1) << c[:, 1].astype(_U))
    return Hands(masks, _U(KEY_BIAS) + card_keys[c[:, 0]] + card_keys[c[:, 1]],
                 card_bits[c[:, 0]] | card_bits[c[:, 1]])


class ListSpace(NamedTuple):
    """One worker's own arrays (:func:`list_spaces`)."""

    strengths: np.ndarray  # (C,) int64: each column's strength on the runout ...
    masks: np.ndarray  # (C,) uint64: ... its cards, or _GONE where the runout holds one
    counts: np.ndarray  # (R, 4) int64: each row's weight beaten, tied, met; pairs met


def list_spaces(n_workers: int, n_rows: int, n_columns: int) -> list[ListSpace]:
    """A :class:`ListSpace` per worker, of ``n_rows`` rows and ``n_columns`` columns, its
    counts zero (one worker's: its arrays as made, with no copy)."""
    arrays = dict(strengths=np.zeros(n_columns, np.int64), masks=np.zeros(n_columns, np.uint64),
                  counts=np.zeros((n_rows, 4), np.int64))
    if n_workers == 1:
        return [ListSpace(**arrays)]
    return worker_copies(n_workers, ListSpace, **arrays)


@jit(inline=True)
def _on_runout(key, bits, runout, rows, columns, weights, flush, offsets, table, space):
    """The rows against the columns on one whole board (``key`` and ``bits``; ``runout``, the
    mask of the cards dealt to it), into ``space.counts``."""
    row_masks, row_keys, row_bits = rows
    column_masks, column_keys, column_bits = columns
    strengths, masks, counts = space.strengths, space.masks, space.counts
    for c in range(column_masks.shape[0]):
        if column_masks[c] & runout:
            masks[c] = _GONE
            strengths[c] = 0
        else:
            masks[c] = column_masks[c]
            strengths[c] = lookup(key + column_keys[c], bits | column_bits[c], flush, offsets,
                                  table)
    for r in range(row_masks.shape[0]):
        mask = row_masks[r]
        if mask & runout:
            continue
        mine = np.int64(lookup(key + row_keys[r], bits | row_bits[r], flush, offsets, table))
        won = tied = met = pairs = np.int64(0)
        for c in range(masks.shape[0]):  # no branch: the loop runs in vector lanes
            meets = (masks[c] & mask) == 0
            weight = weights[c] if meets else np.int64(0)
            won += weight if strengths[c] < mine else np.int64(0)
            tied += weight if strengths[c] == mine else np.int64(0)
            met += weight
            pairs += np.int64(meets)
        counts[r, 0] += won
        counts[r, 1] += tied
        counts[r, 2] += met
        counts[r, 3] += pairs


@jit(worker=True)
def lists_on_board(w, n_workers, key, bits, live, n_runout, rows, columns, weights, ht, space):
    """Worker w's share of the runouts of ``n_runout`` (0, 1 or 2) cards from ``live`` (the
    cards left, ascending) to the board of key ``key`` (from 0) and suit-rank ``bits``: on
    each, the rows (:class:`Hands`) against the columns (:class:`Hands`, whole ``weights``
    (C,) int64), into ``space.counts[r]``: the weight of the columns row r's hand beats and
    ties and of those it meets (shares no card with, none with the runout either), and how
    many (column, runout) pairs it met. The lists hold no card of the board, the dead cards
    or outside the deck. Returns the runouts done."""
    card_keys, card_bits, flush, offsets, table = ht
    n_live = live.shape[0]
    n_runouts = n_live if n_runout == 1 else n_live * (n_live - 1) // 2 if n_runout == 2 else 1
    first, last = share(w, n_workers, n_runouts)
    t = 0  # the runout's number: x, then y after it
    for i in range(n_live if n_runout > 0 else 1):
        key_x, bits_x, runout_x = key, bits, _U(0)
        if n_runout > 0:
            x = live[i]
            key_x += card_keys[x]
            bits_x |= card_bits[x]
            runout_x = _U(1) << _U(x)
        for j in range(i + 1 if n_runout == 2 else 0, n_live if n_runout == 2 else 1):
            if first <= t < last:
                key_y, bits_y, runout_y = key_x, bits_x, runout_x
                if n_runout == 2:
                    y = live[j]
                    key_y += card_keys[y]
                    bits_y |= card_bits[y]
                    runout_y |= _U(1) << _U(y)
                _on_runout(key_y, bits_y, runout_y, rows, columns, weights, flush, offsets,
                           table, space)
            t += 1
    return last - first

"""The kernel of an exact heads-up run of two lists of two-card hands on one board (a flop,
turn or river; the games of two hole cards ranked with the board's five: Hold'em, the short
decks), runout by runout.

Each runout of the board is dealt once. On it every hand of both lists that holds none of its
cards is ranked once (one :func:`~pokersim.evaluator.tables.lookup`), then each hand of the
first list (a row) meets every hand of the second (a column) that shares no card with it:
the column's weight counts as beaten, tied or neither (the weight met needs no runout: each
pair meets on as many). R rows against C columns cost R + C lookups a runout and R x C
comparisons, in vector lanes (the columns' weights for each row, zero where the two hands
share a card, made once: whole numbers as integers, so that the sums are exact in any order
and the workers may share the runouts as they will).

The range kernel (:mod:`.batch_ranges`, a row a spot) ranks the columns' rank classes anew
for each row: about 90 lookups a row and runout, cheaper for a hand against a wide range,
dearer for a range against a range (QQ+,AK against 22+,A2s+,KTo+ on a flop: 1.0-1.4 ms a
call here, 3.8-6.8 there, two threads); the sweep (:mod:`.sweep`) sorts the hands ranked on
a runout instead of comparing pairs, cheaper for wide ranges on the turn or river;
:func:`pokersim.engine.lists._kernel_for` picks.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, share, worker_copies
from ...evaluator.tables import KEY_BIAS, lookup
from .shared import add_runout

_U = np.uint64


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

    strengths: np.ndarray  # (C,) int64: each column's strength on the runout, or _GONE
    counts: np.ndarray  # (R, 2) int64: each row's weight beaten and tied


def list_spaces(n_workers: int, n_rows: int, n_columns: int) -> list[ListSpace]:
    """A :class:`ListSpace` per worker, of ``n_rows`` rows and ``n_columns`` columns, its
    counts zero (one worker's: its arrays as made, with no copy)."""
    arrays = dict(strengths=np.zeros(n_columns, np.int64), counts=np.zeros((n_rows, 2), np.int64))
    if n_workers == 1:
        return [ListSpace(**arrays)]
    return worker_copies(n_workers, ListSpace, **arrays)


def meeting_weights(rows: Hands, columns: Hands, weights: np.ndarray) -> np.ndarray:
    """(R, C) int64: the whole weight of column c where its hand shares no card with row r's,
    else 0.

    >>> from pokersim.evaluator.strengths import kernel_args
    >>> keys, bits = kernel_args()[:2]
    >>> two = hands_of(np.array([[0, 1], [1, 2]]), keys, bits)
    >>> meeting_weights(two, two, np.array([3, 5])).tolist()
    [[0, 0], [0, 0]]
    >>> meeting_weights(two, hands_of(np.array([[2, 3]]), keys, bits), np.array([7])).tolist()
    [[7], [0]]
    """
    meets = (rows.masks[:, None] & columns.masks[None, :]) == 0
    return np.where(meets, np.asarray(weights, np.int64)[None, :], np.int64(0))


#: A column's strength on a runout that holds one of its cards: above every strength, so that
#: no row beats or ties it.
_GONE = np.int64(1 << 40)


@jit(inline=True)
def _on_runout(key, bits, runout, rows, columns, meets, flush, offsets, table, space):
    """The rows against the columns on one whole board (``key`` and ``bits``; ``runout``, the
    mask of the cards dealt to it), into ``space.counts``."""
    row_masks, row_keys, row_bits = rows
    column_masks, column_keys, column_bits = columns
    strengths, counts = space.strengths, space.counts
    for c in range(column_masks.shape[0]):
        if column_masks[c] & runout:
            strengths[c] = _GONE
        else:
            strengths[c] = lookup(key + column_keys[c], bits | column_bits[c], flush, offsets,
                                  table)
    for r in range(row_masks.shape[0]):
        if row_masks[r] & runout:
            continue
        mine = np.int64(lookup(key + row_keys[r], bits | row_bits[r], flush, offsets, table))
        won = tied = np.int64(0)
        for c in range(strengths.shape[0]):  # no branch: the loop runs in vector lanes
            weight = meets[r, c]
            won += weight if strengths[c] < mine else np.int64(0)
            tied += weight if strengths[c] == mine else np.int64(0)
        counts[r, 0] += won
        counts[r, 1] += tied


@jit(worker=True)
def lists_on_board(w, n_workers, key, bits, live, n_runout, rows, columns, meets, ht, space):
    """Worker w's share of the runouts of ``n_runout`` (0, 1 or 2) cards from ``live`` (the
    cards left, ascending) to the board of key ``key`` (from 0) and suit-rank ``bits``: on
    each, the rows (:class:`Hands`) against the columns (:class:`Hands`), into
    ``space.counts[r]``: the weight of the columns row r's hand beats and ties, each
    column's weight for row r ``meets[r, c]`` (:func:`meeting_weights`). Neither list holds a
    card of the board, the dead cards or outside the deck. Returns the runouts done.

    (The weight each row meets, and the pairs, need no runout: each pair of hands that share
    no card meets on the runouts of the cards the two leave, as many for every pair.)"""
    card_keys, card_bits, flush, offsets, table = ht
    n_live = live.shape[0]
    n_runouts = n_live if n_runout == 1 else n_live * (n_live - 1) // 2 if n_runout == 2 else 1
    first, last = share(w, n_workers, n_runouts)
    t = 0  # the runout's number
    for i in range(n_live if n_runout > 0 else 1):
        for j in range(i + 1 if n_runout == 2 else 0, n_live if n_runout == 2 else 1):
            if first <= t < last:
                key_r, bits_r, runout = add_runout(i, j, n_runout, live, key, bits, card_keys,
                                                   card_bits)
                _on_runout(key_r, bits_r, runout, rows, columns, meets, flush, offsets, table,
                           space)
            t += 1
    return last - first
